"""Greedy word wrapping measured in a ReportLab font (the stdlib textwrap counts characters), and
the fitting of a text into a box: a long Dutch or French word ("bezienswaardigheden",
"renseignements") shrinks the text down to a floor (the 6-pt minimum), and only a word still too
wide there is broken over two lines with a hyphen, so no line ever leaves its box."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.language import BREAKING_SPACE


def words(text: str) -> list[str]:
    """The words of `text`, as the wrapping functions see them: split at white space, except at a
    no-break space (generator/language.py), which binds its neighbours into one word."""
    return [word for word in BREAKING_SPACE.split(text) if word]


def wrap_words(text: str, width: float, font: str, size: float) -> list[str]:
    """Split `text` into lines no wider than `width` points; a single over-long word keeps its own line."""
    lines: list[str] = []
    current = ""
    for word in words(text):
        candidate = f"{current} {word}" if current else word
        if current and stringWidth(candidate, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def break_word(word: str, width: float, font: str, size: float) -> list[str]:
    """`word` in pieces no wider than `width`, each but the last ending in a hyphen; a word with
    hyphens of its own ("Onze-Lieve-Vrouwekerk") is broken after one of them where it can be."""
    pieces: list[str] = []
    rest = word
    while len(rest) > 1 and stringWidth(rest, font, size) > width:
        cut = 1  # at least one letter a line, however narrow the box
        for i in range(2, len(rest)):
            if stringWidth(rest[:i] + ("" if rest[i - 1] == "-" else "-"), font, size) > width:
                break
            cut = i
        own = rest.rfind("-", 0, cut)
        if own > 0:
            cut = own + 1
        head = rest[:cut]
        pieces.append(head if head.endswith("-") else head + "-")
        rest = rest[cut:]
    return pieces + [rest]


def wrap_fitting(text: str, width: float, font: str, size: float) -> list[str]:
    """`wrap_words`, except that a word wider than `width` is broken over lines with hyphens, so
    every line fits (a text whose words all fit wraps exactly as `wrap_words` wraps it)."""
    lines: list[str] = []
    current = ""
    for word in words(text):
        candidate = f"{current} {word}" if current else word
        if stringWidth(candidate, font, size) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        pieces = break_word(word, width, font, size)
        lines += pieces[:-1]
        current = pieces[-1]
    if current:
        lines.append(current)
    return lines


def fit_words(text: str, width: float, font: str, size: float, floor: float,
              max_lines: int | None = None) -> tuple[float, list[str]]:
    """The size and lines of `text` in a box `width` wide: the largest size from `size` down to
    `floor` (a quarter point at a time) at which every word fits `width` (and the text takes at
    most `max_lines` lines, if given); at `floor`, a word still too wide is broken with a hyphen,
    and the lines may be more than `max_lines` (the caller's to make room or to cut). A text that
    fits at `size` keeps `wrap_words`' lines there."""
    while True:
        lines = wrap_words(text, width, font, size)
        if lines_fit(lines, width, font, size, max_lines if max_lines is not None else len(lines)):
            return size, lines
        if size - 0.25 < floor:
            return size, wrap_fitting(text, width, font, size)
        size -= 0.25


def shrunk_size(text: str, width: float, font: str, size: float, floor: float) -> float:
    """`size`, less a quarter point at a time while `text` is wider than `width`, never under
    `floor` (a text still too wide there is the caller's to wrap or to accept)."""
    while stringWidth(text, font, size) > width and size - 0.25 >= floor:
        size -= 0.25
    return size


def lines_fit(lines: list[str], width: float, font: str, size: float, max_lines: int) -> bool:
    """Whether wrapped `lines` are at most `max_lines` and each within `width` (wrap_words leaves a
    single over-long word on its own line, wider than `width`)."""
    return len(lines) <= max_lines and all(stringWidth(line, font, size) <= width for line in lines)


def draw_wrapped(canvas: Canvas, text: str, x: float, middle: float, width: float, font: str,
                 size: float) -> list[str]:
    """`text` wrapped to `width` and centred on `middle` in the canvas's fill colour: a longer text
    takes more lines, never a smaller size (the 6-pt minimum holds wherever the caller's size does),
    and a word wider than `width` is broken with a hyphen rather than run out of the box. Returns
    the lines drawn."""
    lines = wrap_fitting(text, width, font, size)
    canvas.setFont(font, size)
    leading = size * 1.15
    first = middle + (len(lines) - 1) * leading / 2 - size * 0.35
    for i, line in enumerate(lines):
        canvas.drawString(x, first - i * leading, line)
    return lines
