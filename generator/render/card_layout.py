"""Where the cards sit on a page and what goes around them: cut lines, crop marks, the scale ruler.

The nine cards of a page share their cut lines (a home 9-up has no room for bleed around every
card). Whatever lies outside the block keeps `pdf.EDGE` (5 mm) from the paper's edge, which a home
printer leaves unprinted: a crop mark there is lost, and a ruler there is cut off. On Letter the
block leaves only 7.7 mm above and below it, so the crop marks there are short and the ruler goes
into a side margin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getDescent
from reportlab.pdfgen.canvas import Canvas

from generator.render.pdf import EDGE, FONT, MIN_TEXT, RULER_HEIGHT, RULER_TICKS, Paper, draw_ruler, register_fonts, ruler_width

CARD_W, CARD_H = 63 * mm, 88 * mm  # poker size
ACROSS, DOWN = 3, 3
PER_PAGE = ACROSS * DOWN
BLEED = 2 * mm  # the action backs' colour runs this far past the outer edge of the block

MARK_GAP, MARK_LENGTH = 1.5 * mm, 4 * mm  # a crop mark starts this far from the block, at most this long
SHORT_MARK_GAP = 0.75 * mm  # where the margin is thin (Letter's top and bottom), marks start closer
CLEAR = 0.5 * mm  # what marks and the ruler keep from the 5-mm edge zone and from the block

INK = Color(0.1, 0.1, 0.1)
CUT = Color(0.6, 0.6, 0.6)


@dataclass(frozen=True)
class Slot:
    """A card's lower-left corner on the page."""

    x: float
    y: float


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, in points from the lower-left corner."""

    left: float
    bottom: float
    right: float
    top: float

    def grown(self, by: float) -> Box:
        return Box(self.left - by, self.bottom - by, self.right + by, self.top + by)

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.left + dx, self.bottom + dy, self.right + dx, self.top + dy)

    def overlaps(self, other: Box) -> bool:
        return (self.left < other.right and other.left < self.right
                and self.bottom < other.top and other.bottom < self.top)


def card_slots(paper: Paper) -> tuple[Slot, ...]:
    """The nine card positions, left to right and top to bottom, centred on the paper."""
    left = (paper.width - ACROSS * CARD_W) / 2
    bottom = (paper.height - DOWN * CARD_H) / 2
    return tuple(Slot(left + c * CARD_W, bottom + (DOWN - 1 - r) * CARD_H) for r in range(DOWN) for c in range(ACROSS))


def back_slot(slot: Slot, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of the card at `slot` goes for a long-edge flip, shifted by `offset` (pt)."""
    return Slot(paper.width - slot.x - CARD_W + offset[0], slot.y + offset[1])


def card_block(paper: Paper) -> Box:
    """The outline of the nine cards."""
    left, bottom = (paper.width - ACROSS * CARD_W) / 2, (paper.height - DOWN * CARD_H) / 2
    return Box(left, bottom, left + ACROSS * CARD_W, bottom + DOWN * CARD_H)


# --- cut lines and crop marks ----------------------------------------------------------------------


def _mark_span(margin: float) -> tuple[float, float]:
    """(gap, length) of the crop marks in a margin `margin` wide: as long as MARK_LENGTH allows and
    the edge zone permits; (0, 0) when not even a short mark fits."""
    room = margin - EDGE - CLEAR
    gap = MARK_GAP if room >= MARK_GAP + MARK_LENGTH / 2 else SHORT_MARK_GAP
    length = min(MARK_LENGTH, room - gap)
    return (gap, length) if length >= 1 * mm else (0.0, 0.0)


def crop_marks(paper: Paper) -> list[tuple[float, float, float, float]]:
    """Each crop mark as (x1, y1, x2, y2): every cut line continued into the margin at both ends."""
    block = card_block(paper)
    across_gap, across = _mark_span(block.bottom)  # marks above and below the block
    side_gap, side = _mark_span(block.left)  # marks left and right of it
    marks = []
    if across:
        for c in range(ACROSS + 1):
            x = block.left + c * CARD_W
            marks.append((x, block.top + across_gap, x, block.top + across_gap + across))
            marks.append((x, block.bottom - across_gap, x, block.bottom - across_gap - across))
    if side:
        for r in range(DOWN + 1):
            y = block.bottom + r * CARD_H
            marks.append((block.left - side_gap, y, block.left - side_gap - side, y))
            marks.append((block.right + side_gap, y, block.right + side_gap + side, y))
    return marks


def draw_cut_grid(canvas: Canvas, paper: Paper, slots: Sequence[Slot]) -> None:
    """Hairline shared cut lines around the cards, and crop marks in the margin on every cut."""
    canvas.saveState()
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.25)
    for slot in slots:
        canvas.rect(slot.x, slot.y, CARD_W, CARD_H, stroke=1, fill=0)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.3)
    for mark in crop_marks(paper):
        canvas.line(*mark)
    canvas.restoreState()


# --- the scale ruler -------------------------------------------------------------------------------



@dataclass(frozen=True)
class RulerSpot:
    """Where a page's 50-mm ruler goes: its origin (draw_ruler's lower-left corner, before any turn),
    whether it is turned a quarter to stand in a side margin, and whether its caption is slim (beside
    the ticks instead of under them, for a margin too narrow for both)."""

    x: float
    y: float
    turned: bool
    slim: bool

    def shifted(self, dx: float, dy: float) -> RulerSpot:
        return RulerSpot(self.x + dx, self.y + dy, self.turned, self.slim)

    def extent(self) -> Box:
        """The page area the ruler covers, caption included."""
        register_fonts()
        depth = -getDescent(FONT, MIN_TEXT)
        length = ruler_width(beside=self.slim)
        low = RULER_HEIGHT - RULER_TICKS - depth if self.slim else -depth
        if not self.turned:
            return Box(self.x, self.y + low, self.x + length, self.y + RULER_HEIGHT)
        # Turned a quarter anticlockwise: the ruler's "up" points left, towards the paper's edge.
        return Box(self.x - RULER_HEIGHT, self.y, self.x - low, self.y + length)


def ruler_spot(paper: Paper, keep_clear: Box) -> RulerSpot:
    """The ruler's place on a page whose cards (with the backs' bleed, if any) fill `keep_clear`.

    Under the middle column where the bottom margin is deep enough (A4): the crop marks there sit
    on the column's cut lines, 6.5 mm either side of the 50-mm ruler. Else standing in the left
    margin beside the middle row (Letter), whose side marks are 19 mm above and below it; slim
    there when a bleed leaves too little room for the caption under the ticks.
    """
    register_fonts()
    depth = -getDescent(FONT, MIN_TEXT)
    full = RULER_HEIGHT + depth
    if keep_clear.bottom - EDGE >= full + 2 * CLEAR:
        return RulerSpot((paper.width - ruler_width()) / 2, EDGE + CLEAR + depth, turned=False, slim=False)
    for slim in (False, True):
        spot = RulerSpot(EDGE + CLEAR + RULER_HEIGHT, 0.0, turned=True, slim=slim)
        box = spot.extent()
        if box.right + CLEAR <= keep_clear.left:
            return RulerSpot(spot.x, (paper.height - (box.top - box.bottom)) / 2, turned=True, slim=slim)
    raise ValueError(f"no room for the scale ruler in the margins of {paper.name}")


def draw_page_ruler(canvas: Canvas, spot: RulerSpot) -> None:
    """The 50-mm ruler at `spot`: every printable carries one, to check it printed at 100 %."""
    canvas.saveState()
    canvas.translate(spot.x, spot.y)
    if spot.turned:
        canvas.rotate(90)
    draw_ruler(canvas, 0, 0, beside=spot.slim)
    canvas.restoreState()
