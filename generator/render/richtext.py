"""Rich one-paragraph text for cards: **bold** runs and inline :icon: tokens, wrapped to a width.

Layout yields plain positioned pieces (`Run`), measured from the top of the paragraph, so a
caller can measure a block of text at several sizes before drawing anything (shrink to fit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.language import BREAKING_SPACE
from generator.render.icons import has_icon, icon_width
from generator.render.pdf import FONT, FONT_BOLD

# Words break at white space, except at a no-break space (generator/language.py), which binds its
# neighbours into one word, as generator/render/wrap.py does.
_TOKENS = re.compile(rf"(\*\*|:[a-z0-9]+(?:-[a-z0-9]+)*:|{BREAKING_SPACE.pattern})")
ICON_SCALE = 0.95  # icons a little smaller than the text's em, so they do not crowd the lines


@dataclass(frozen=True)
class Piece:
    kind: str  # "text" or "icon"
    value: str  # the text, or the icon name
    bold: bool


@dataclass(frozen=True)
class Run:
    """One piece placed on a line: x from the paragraph's left, baseline y down from its top."""

    piece: Piece
    x: float
    baseline: float
    size: float


@dataclass(frozen=True)
class Paragraph:
    runs: tuple[Run, ...]
    height: float
    overflow: bool  # a single word is wider than the width: the text does not fit at this size


def words(text: str, bold: bool = False) -> list[tuple[Piece, ...]]:
    """Split `text` into words, each a tuple of pieces (a word may switch to bold halfway)."""
    result: list[tuple[Piece, ...]] = []
    current: list[Piece] = []
    buffer = ""

    def flush() -> None:
        nonlocal buffer
        if buffer:
            current.append(Piece("text", buffer, bold))
            buffer = ""

    for token in _TOKENS.split(text):
        if not token:
            continue
        if token == "**":
            flush()
            bold = not bold
        elif BREAKING_SPACE.fullmatch(token):
            flush()
            if current:
                result.append(tuple(current))
                current = []
        elif len(token) > 2 and token[0] == token[-1] == ":" and has_icon(token[1:-1]):
            flush()
            current.append(Piece("icon", token[1:-1], bold))
        else:
            buffer += token
    flush()
    if current:
        result.append(tuple(current))
    return result


def piece_width(piece: Piece, size: float) -> float:
    if piece.kind == "icon":
        return icon_width(piece.value, size * ICON_SCALE)
    return stringWidth(piece.value, FONT_BOLD if piece.bold else FONT, size)


def layout_paragraph(text: str, width: float, size: float, leading: float, bold: bool = False) -> Paragraph:
    """Wrap `text` greedily into `width` points at `size`; lines are `leading` apart.

    Neighbouring words of the same font become one run joined by a real space, so the PDF's text
    copies and extracts as words rather than letters glued together.
    """
    lines: list[list[tuple[Piece, ...]]] = [[]]
    line_width = 0.0
    overflow = False
    for word in words(text, bold):
        w = _word_width(word, size)
        overflow = overflow or w > width + 0.01  # rounding: a column may be exactly its longest word
        gap = _space(lines[-1][-1], word, size) if lines[-1] else 0.0
        if lines[-1] and line_width + gap + w > width + 0.01:
            lines.append([])
            line_width, gap = 0.0, 0.0
        line_width += gap + w
        lines[-1].append(word)
    runs: list[Run] = []
    for n, line in enumerate(lines):
        baseline = size * 0.8 + n * leading  # cap height sits just under the paragraph top
        x = 0.0
        for i, word in enumerate(line):
            if i:
                x += _space(line[i - 1], word, size)
            px = x
            for j, piece in enumerate(word):
                previous = runs[-1] if runs and i and j == 0 else None
                if previous and previous.baseline == baseline and _joins(previous.piece, piece):
                    joined = Piece("text", previous.piece.value + " " + piece.value, piece.bold)
                    runs[-1] = Run(joined, previous.x, baseline, size)
                else:
                    runs.append(Run(piece, px, baseline, size))
                px += piece_width(piece, size)
            x += _word_width(word, size)
    height = (len(lines) - 1) * leading + size if runs else 0.0
    return Paragraph(tuple(runs), height, overflow)


def _word_width(word: tuple[Piece, ...], size: float) -> float:
    return sum(piece_width(p, size) for p in word)


def _joins(left: Piece, right: Piece) -> bool:
    return left.kind == right.kind == "text" and left.bold == right.bold


def _space(before: tuple[Piece, ...], after: tuple[Piece, ...], size: float) -> float:
    """The space between two words: the bold font's space when both sides are bold text."""
    bold = _joins(before[-1], after[0]) and after[0].bold
    return stringWidth(" ", FONT_BOLD if bold else FONT, size)


def natural_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` on one line."""
    ws = words(text, bold)
    return sum(_word_width(w, size) for w in ws) + sum(_space(a, b, size) for a, b in zip(ws, ws[1:]))


def longest_word(text: str, size: float, bold: bool = False) -> float:
    """The width of the widest word of `text` (a column can be no narrower)."""
    return max((sum(piece_width(p, size) for p in word) for word in words(text, bold)), default=0.0)
