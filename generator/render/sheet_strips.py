"""The score column of a fill-in sheet: strips, bonus tracker, hunted strip, subtotals and total.

One row per goal category (R15) with its boxed numbers; on the advanced sheet a bonus ticket
after the 3rd, 6th and 9th number (R9) with a box to tick when the bonus is earned and one when
it is used, so that the number cell stays free to be crossed. The hunted strip (R16) prints its
first value as the start and one box per hunted action the strip allows, with the limit in the
city's own words. Every row ends in a subtotal cell; the assignment boxes and the appreciation
total (R17) close the column. Texts name the rules in the city's words, in the language in use
(generator/render/wording.py), within messages translated by `_()`.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.language import _, ngettext, pgettext
from generator.render.citymap import Box, fit_icon
from generator.render.icon_scheme import load_icon_scheme
from generator.render.overflow import report
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, RULER_HEIGHT
from generator.render.sheet_style import load_sheet_style
from generator.render.wrap import draw_wrapped, lines_fit, shrunk_size, wrap_fitting, wrap_words
from generator.render.wording import capital, city_fills
from generator.rules.city import ADVANCED, EAT, RESTAURANT, City, city_words

ROW = 6.2 * mm  # a strip row: room to cross a number with a pencil
STRIP_ICON = 6.5 * mm
MAX_CELL = 9 * mm
HUNTED_CELL = 7 * mm
BONUS_COLUMN = 6.2 * mm  # a bonus ticket: the value and two stacked tick boxes, with a margin
TICK = 2.4 * mm
SCORE_COLUMN = 10 * mm  # a subtotal cell: room to write "-27" or "48" by hand
SCORE_GAP = 1.8 * mm
CAPTION = 3.0 * mm  # the caption line over the strips
SECTION_GAP = 1.2 * mm
RULER_SLOT = RULER_HEIGHT + 1.5 * mm  # under the assignment boxes, for the sheet's scale ruler
TOTAL_WIDTH = 36 * mm

INK = Color(0.1, 0.1, 0.1)
GREY = Color(0.42, 0.42, 0.42)
RULE = Color(0.55, 0.55, 0.55)
TINT = Color(0.93, 0.93, 0.93)
BONUS_TINT = Color(0.86, 0.86, 0.86)


def hunt_limit_text(city: City) -> str:
    """The printed limit, in the city's words, to start a sentence: "At most 6 rush actions, one a turn"."""
    limit = city.rules.max_hunts
    if not limit:
        return _("No {hunted_actions}").format(**city_fills(city))
    return ngettext("At most {limit} {hunted_action}, one a turn", "At most {limit} {hunted_actions}, one a turn",
                    limit).format(limit=limit, **city_fills(city))


def hunt_rule_text(city: City) -> str:
    """The limit and how to score the strip: "At most 6 rush actions, one a turn; the last box crossed is the score"."""
    limit = city.rules.max_hunts
    if not limit:
        return _("No {hunted_actions}; the last box crossed is the score").format(**city_fills(city))
    return ngettext("At most {limit} {hunted_action}, one a turn; the last box crossed is the score",
                    "At most {limit} {hunted_actions}, one a turn; the last box crossed is the score",
                    limit).format(limit=limit, **city_fills(city))


def scored_strips(city: City) -> list[str]:
    """The goal categories that have a strip, in the legend's order (the restaurant has none, R13)."""
    return [name for name in city.rules.categories if name in city.rules.strips]


def bonus_slots(city: City, mode: str) -> tuple[int, ...]:
    """The achievement counts that earn a bonus on some strip (R9: 3, 6, 9); none on a basic sheet."""
    if mode != ADVANCED:
        return ()
    return tuple(sorted({count for strip in city.rules.strips.values() for count in strip.bonus}))


@dataclass(frozen=True)
class StripGrid:
    """Where the number cells, bonus tickets and subtotal cells of the strips go.

    The tickets stand in columns after the cell whose crossing earns them, so that the 3rd, 6th
    and 9th goals line up down the column; the subtotal cells line up at the right edge.
    """

    left: float  # x of the first number cell
    cell: float
    slots: tuple[int, ...]
    score_x: float

    def cell_x(self, index: int) -> float:
        """The left edge of number cell `index` (0-based): tickets before it push it right."""
        return self.left + index * self.cell + sum(1 for s in self.slots if s <= index) * BONUS_COLUMN

    @property
    def hunted_cell(self) -> float:
        """The hunted strip's cells: at most HUNTED_CELL wide, so its limit and how to score it fit
        beside it in two lines when the goal strips' cells are wide (basic sheet)."""
        return min(self.cell, HUNTED_CELL)

    def ticket_x(self, count: int) -> float:
        """The left edge of the ticket earned by the `count`-th goal (after cell count − 1)."""
        return self.cell_x(count - 1) + self.cell


def strip_grid(city: City, mode: str, box: Box) -> StripGrid:
    """The widest cells that fit the longest strip (the eat strip plus its restaurant box) and tickets."""
    cells = max(len(s.numbers) for s in city.rules.strips.values())
    if EAT in city.rules.strips and RESTAURANT in city.rules.categories:
        cells = max(cells, len(city.rules.strips[EAT].numbers) + 1)
    cells = max(cells, len(city.rules.hunted))
    slots = tuple(s for s in bonus_slots(city, mode) if s <= cells)
    left = box.x + STRIP_ICON
    score_x = box.x + box.width - SCORE_COLUMN
    room = score_x - SCORE_GAP - left - len(slots) * BONUS_COLUMN
    return StripGrid(left, min(MAX_CELL, room / cells), slots, score_x)


def strips_height(city: City) -> float:
    """The score column: caption, strips, hunted strip, assignments with the ruler under them."""
    return CAPTION + (len(scored_strips(city)) + 1) * ROW + 2 * SECTION_GAP + 2 * ROW + RULER_SLOT


def draw_strips(canvas: Canvas, city: City, mode: str, box: Box, assignments: bool = True) -> None:
    """One score strip per goal category (R15), the hunted strip (R16), assignments and total (R17).

    Without `assignments` (a daily mini is dealt none) the assignment boxes are left out and the
    total adds up the score column alone: a box that can only stay empty invites a question.
    The bottom-left RULER_SLOT of the box (under the assignment boxes) is left for the ruler,
    which the page draws (see `ruler_spot`).
    """
    scheme = load_icon_scheme()
    grid = strip_grid(city, mode, box)
    _draw_captions(canvas, grid, box.top)
    y = box.top - CAPTION
    for name in scored_strips(city):
        strip = city.rules.strips[name]
        style_of = scheme.categories.get(name)
        icon = style_of.icon if style_of else "circle-question"
        colour = style_of.colour if style_of else "#222222"
        fit_icon(canvas, icon, box.x + STRIP_ICON / 2, y - ROW / 2, ROW * 0.62, colour)
        bonus = strip.bonus if mode == ADVANCED else {}
        _draw_number_row(canvas, strip.numbers, grid, y, set(bonus))
        for count, value in sorted(bonus.items()):
            draw_bonus_ticket(canvas, grid.ticket_x(count), y - ROW / 2, value)
        if name == EAT and RESTAURANT in city.rules.categories:
            _draw_restaurant_box(canvas, grid.cell_x(len(strip.numbers)) + 0.8 * mm, y, grid.cell)
        draw_score_cell(canvas, grid.score_x, y)
        y -= ROW
    y -= SECTION_GAP
    draw_hunted_strip(canvas, city, box.x, grid, y)
    draw_score_cell(canvas, grid.score_x, y)
    y -= ROW + SECTION_GAP
    bottom = Box(box.x, box.y, box.width, y - box.y)
    total = Box(bottom.x + bottom.width - TOTAL_WIDTH, bottom.y, TOTAL_WIDTH, bottom.height)
    if assignments:
        boxes = Box(bottom.x, bottom.top - 2 * ROW, bottom.width - TOTAL_WIDTH - 2 * mm, 2 * ROW)
        draw_assignment_boxes(canvas, city, boxes)
    draw_total(canvas, city, total, assignments)


def ruler_spot(box: Box) -> tuple[float, float]:
    """Where the sheet's scale ruler goes in the score column: under the assignment boxes."""
    return box.x + STRIP_ICON, box.y + 0.5 * mm


def _draw_captions(canvas: Canvas, grid: StripGrid, top: float) -> None:
    """What the bonus and subtotal columns are for, once, over the first strip."""
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    base = top - CAPTION + 0.9 * mm
    # Column captions: one short word each (a translation must fit the 6-mm bonus column).
    bonus, score = pgettext("strip column caption", "bonus"), pgettext("strip column caption", "score")
    for count in grid.slots:
        canvas.drawCentredString(grid.ticket_x(count) + BONUS_COLUMN / 2, base, bonus)
    canvas.drawCentredString(grid.score_x + SCORE_COLUMN / 2, base, score)


def _draw_number_row(canvas: Canvas, numbers, grid: StripGrid, top: float, bonus_counts: set[int]) -> None:
    """A row of boxed numbers; the cell that earns a bonus is tinted (its ticket follows it, R9)."""
    canvas.setLineWidth(0.45)
    canvas.setStrokeColor(RULE)
    for i, number in enumerate(numbers):
        cx = grid.cell_x(i)
        canvas.setFillColor(BONUS_TINT if i + 1 in bonus_counts else (TINT if i == 0 else white))
        canvas.rect(cx, top - ROW, grid.cell, ROW, stroke=1, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, 7.5)
        canvas.drawCentredString(cx + grid.cell / 2, top - ROW / 2 - 2.6, str(number))


def draw_bonus_ticket(canvas: Canvas, x: float, middle: float, value: int) -> None:
    """A bonus action (R9): its value in a disc, a box to tick when earned (top) and when used."""
    radius = 1.2 * mm
    cx = x + 0.35 * mm + radius
    canvas.setFillColor(INK)
    canvas.circle(cx, middle, radius, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(FONT_BOLD, MIN_TEXT)
    canvas.drawCentredString(cx, middle - 2.15, str(value))
    bx = cx + radius + 0.35 * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    canvas.setFillColor(white)
    canvas.rect(bx, middle + 0.3 * mm, TICK, TICK, stroke=1, fill=1)
    canvas.rect(bx, middle - 0.3 * mm - TICK, TICK, TICK, stroke=1, fill=1)


def _draw_restaurant_box(canvas: Canvas, x: float, top: float, width: float) -> None:
    """R13: the restaurant crosses no number; ticking this box doubles the eat score."""
    scheme = load_icon_scheme()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.roundRect(x, top - ROW + 0.5 * mm, width + 1 * mm, ROW - 1 * mm, 1 * mm, stroke=1, fill=0)
    fit_icon(canvas, scheme.categories[RESTAURANT].icon, x + (width + 1 * mm) * 0.3, top - ROW / 2, ROW * 0.45,
             scheme.categories[RESTAURANT].colour)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 6.5)
    canvas.drawCentredString(x + (width + 1 * mm) * 0.72, top - ROW / 2 - 2.2, "×2")


def draw_score_cell(canvas: Canvas, x: float, top: float) -> None:
    """A framed cell at the end of a row to write the row's score in before adding up (R17)."""
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.setFillColor(white)
    canvas.roundRect(x, top - ROW + 0.35 * mm, SCORE_COLUMN, ROW - 0.7 * mm, 1 * mm, stroke=1, fill=1)


def draw_hunted_strip(canvas: Canvas, city: City, x: float, grid: StripGrid, top: float) -> None:
    """R16: the start value unboxed, one box per hunted action allowed, and the limit in words."""
    style = load_sheet_style()
    middle = top - ROW / 2
    fit_icon(canvas, style.marks["hunted"], x + STRIP_ICON / 2, middle, ROW * 0.62, INK)
    start, *penalties = city.rules.hunted
    cell = grid.hunted_cell
    caption = pgettext("hunted strip: its score with no hunted action", "start")
    # The start's column is a cell wide, wider where its caption needs it ("départ"): the boxes move right.
    extra = max(0.0, stringWidth(caption, FONT, MIN_TEXT) + 0.8 * mm - cell)
    # The start value is the score with no hunted action: printed, not boxed, so no one crosses it.
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 7.5)
    canvas.drawCentredString(grid.left + (cell + extra) / 2, middle - 0.2 * mm, str(start))
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    canvas.drawCentredString(grid.left + (cell + extra) / 2, top - ROW + 0.7 * mm, caption)
    canvas.setLineWidth(0.45)
    canvas.setStrokeColor(RULE)
    for i, number in enumerate(penalties, start=1):
        cx = grid.left + i * cell + extra
        canvas.setFillColor(white)
        canvas.rect(cx, top - ROW, cell, ROW, stroke=1, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, 7.5)
        canvas.drawCentredString(cx + cell / 2, middle - 2.6, str(number))
    text_x = grid.left + len(city.rules.hunted) * cell + extra + 1.5 * mm
    width = grid.score_x - SCORE_GAP - text_x
    # The limit is what must be printed (R16); how to score the strip only if there is room.
    text, limit = hunt_rule_text(city), hunt_limit_text(city)
    text = text if text_fits(text, width, 2) else limit
    lines = draw_text(canvas, text, text_x, middle, width)
    report(text, len(lines), 2, "lines of the hunted row of a fill-in sheet")


def draw_text(canvas: Canvas, text: str, x: float, middle: float, width: float, size: float = MIN_TEXT,
              font: str = FONT) -> list[str]:
    """Small text wrapped to `width`, centred on `middle`; never below MIN_TEXT, so a longer text
    is wrapped into more lines rather than shrunk. Returns the lines drawn."""
    canvas.setFillColor(INK)
    return draw_wrapped(canvas, text, x, middle, width, font, size)


def draw_assignment_boxes(canvas: Canvas, city: City, box: Box) -> None:
    """A box per assignment type 1–6 to write its bonus points in (crown: scored during the game)."""
    style = load_sheet_style()
    caption = 3.4 * mm
    fit_icon(canvas, style.marks["assignment"], box.x + STRIP_ICON / 2, box.y + (box.height - caption) / 2,
             ROW * 0.62, INK)
    canvas.setFillColor(INK)
    canvas.setFont(FONT, MIN_TEXT)
    title = _("{Assignment} bonus points, by type 1–6").format(**city_fills(city))
    report(title, stringWidth(title, FONT, MIN_TEXT), box.width - STRIP_ICON - 0.5 * mm,
           "the caption of a fill-in sheet's assignment boxes")
    canvas.drawString(box.x + STRIP_ICON + 0.5 * mm, box.top - caption + 0.9 * mm, title)
    width = (box.width - STRIP_ICON) / 6
    for i in range(6):
        x = box.x + STRIP_ICON + i * width
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.roundRect(x + 0.5 * mm, box.y + 0.5 * mm, width - 1 * mm, box.height - caption - 0.5 * mm, 1 * mm,
                         stroke=1, fill=0)
        canvas.setFillColor(GREY)
        canvas.setFont(FONT_BOLD, 6.5)
        canvas.drawString(x + 1.5 * mm, box.top - caption - 3.2 * mm, str(i + 1))


def draw_total(canvas: Canvas, city: City, box: Box, assignments: bool = True) -> None:
    """The appreciation total: the score column (strips and hunted) + the assignment points (R17),
    or, in a game without assignments, the score column alone."""
    style = load_sheet_style()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.4)
    canvas.setFillColor(white)
    canvas.roundRect(box.x, box.y + 0.5 * mm, box.width, box.height - 1 * mm, 1.5 * mm, stroke=1, fill=1)
    fit_icon(canvas, style.marks["total"], box.x + 4 * mm, box.top - 4.2 * mm, 4 * mm, INK)
    canvas.setFillColor(INK)
    heading = capital(city_words(city).appreciation)
    room = box.width - 9 * mm
    report(heading, stringWidth(heading, FONT_BOLD, MIN_TEXT), room, "the total's heading on a fill-in sheet")
    canvas.setFont(FONT_BOLD, shrunk_size(heading, room, FONT_BOLD, 7.5, MIN_TEXT))
    canvas.drawString(box.x + 7.5 * mm, box.top - 5.4 * mm, heading)
    if assignments:
        explain = _("= the score column + the {assignment} points").format(**city_fills(city))
    else:
        explain = _("= the sum of the score column")
    lines = wrap_fitting(explain, box.width - 3 * mm, FONT, MIN_TEXT)
    leading = MIN_TEXT * 1.15
    report(explain, len(lines) * leading, box.height - 10.1 * mm + leading, "the total's box on a fill-in sheet")
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    for i, line in enumerate(lines):
        canvas.drawString(box.x + 1.5 * mm, box.top - 8.6 * mm - i * MIN_TEXT * 1.15, line)


def text_fits(text: str, width: float, lines: int, size: float = MIN_TEXT, font: str = FONT) -> bool:
    """Whether `text` wraps into at most `lines` lines of `width` at `size`."""
    return lines_fit(wrap_words(text, width, font, size), width, font, size, lines)
