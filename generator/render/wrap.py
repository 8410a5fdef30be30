"""Greedy word wrapping measured in a ReportLab font (the stdlib textwrap counts characters)."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas


def wrap_words(text: str, width: float, font: str, size: float) -> list[str]:
    """Split `text` into lines no wider than `width` points; a single over-long word keeps its own line."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and stringWidth(candidate, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


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


def draw_wrapped(canvas: Canvas, text: str, x: float, middle: float, width: float, font: str, size: float) -> None:
    """`text` wrapped to `width` and centred on `middle` in the canvas's fill colour: a longer text
    takes more lines, never a smaller size (the 6-pt minimum holds wherever the caller's size does)."""
    lines = wrap_words(text, width, font, size)
    canvas.setFont(font, size)
    leading = size * 1.15
    first = middle + (len(lines) - 1) * leading / 2 - size * 0.35
    for i, line in enumerate(lines):
        canvas.drawString(x, first - i * leading, line)
