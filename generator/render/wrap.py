"""Greedy word wrapping measured in a ReportLab font (the stdlib textwrap counts characters)."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth


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
