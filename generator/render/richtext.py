"""Rich one-paragraph text for cards: **bold** runs and inline :icon: tokens, wrapped to a width.

Layout yields plain positioned pieces (`Run`), measured from the top of the paragraph, so a
caller can measure a block of text at several sizes before drawing anything (shrink to fit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.render.icons import has_icon, icon_width
from generator.render.pdf import FONT, FONT_BOLD

_TOKENS = re.compile(r"(\*\*|:[a-z0-9]+(?:-[a-z0-9]+)*:|\s+)")
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
        elif token.isspace():
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
    """Wrap `text` greedily into `width` points at `size`; lines are `leading` apart."""
    space = stringWidth(" ", FONT, size)
    lines: list[list[tuple[tuple[Piece, ...], float]]] = [[]]
    line_width = 0.0
    overflow = False
    for word in words(text, bold):
        w = sum(piece_width(p, size) for p in word)
        overflow = overflow or w > width
        if lines[-1] and line_width + space + w > width:
            lines.append([])
            line_width = 0.0
        line_width += (space if lines[-1] else 0) + w
        lines[-1].append((word, w))
    runs = []
    for n, line in enumerate(lines):
        baseline = size * 0.8 + n * leading  # cap height sits just under the paragraph top
        x = 0.0
        for word, w in line:
            px = x
            for piece in word:
                runs.append(Run(piece, px, baseline, size))
                px += piece_width(piece, size)
            x += w + space
    height = (len(lines) - 1) * leading + size if runs else 0.0
    return Paragraph(tuple(runs), height, overflow)


def natural_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` on one line."""
    space = stringWidth(" ", FONT, size)
    ws = [sum(piece_width(p, size) for p in word) for word in words(text, bold)]
    return sum(ws) + space * max(0, len(ws) - 1)


def longest_word(text: str, size: float, bold: bool = False) -> float:
    """The width of the widest word of `text` (a column can be no narrower)."""
    return max((sum(piece_width(p, size) for p in word) for word in words(text, bold)), default=0.0)
