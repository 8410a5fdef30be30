"""Fill-in sheets: the player's page of a Citytrip game, basic or advanced.

A sheet is the name field, the city map (generator/render/citymap.py), the legend (what each
goal costs in this mode, R11), the score strips with the advanced bonus-action marks (R9, R15),
the hunted strip (R16), the assignment bonus boxes and the appreciation total (R17). The layout
is plain boxes computed per paper (`layout_sheet`), and each piece is a function of its own, so a
puzzle sheet can reuse the header, map, legend and strips and add a turn table.

A pad prints the same static art on every page: it is drawn once per mode as a Form XObject
and placed on each page, so a 50-sheet pad is hardly larger than one sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.render.citymap import Box, draw_map, fit_icon
from generator.render.icon_scheme import load_icon_scheme
from generator.files import atomic_output
from generator.render.pdf import FONT, FONT_BOLD, Paper, new_canvas
from generator.render.sheet_style import load_sheet_style
from generator.render.wrap import wrap_words
from generator.rules.city import ADVANCED, BASIC, EAT, MODES, RESTAURANT, City

MARGIN = 10 * mm  # inside every home printer's unprintable edge
HEADER = 13 * mm
GAP = 3.5 * mm
ROW = 6.2 * mm  # a strip row: room to cross a number with a pencil
LEGEND_WIDTH = 74 * mm
STRIP_ICON = 7 * mm
MAX_CELL = 9 * mm
LABEL_SIZE = 6.3
MIN_LABEL_SIZE = 5.0
SHEET_MODES = (BASIC, ADVANCED, "both")

INK = Color(0.1, 0.1, 0.1)
GREY = Color(0.42, 0.42, 0.42)
RULE = Color(0.55, 0.55, 0.55)
TINT = Color(0.93, 0.93, 0.93)
BONUS_TINT = Color(0.86, 0.86, 0.86)
MODE_TITLES = {BASIC: "Basic game", ADVANCED: "Game for advanced players"}


@dataclass(frozen=True)
class SheetLayout:
    """The boxes of one sheet on its paper (points, origin bottom left)."""

    paper: Paper
    header: Box
    map: Box
    legend: Box
    strips: Box


def layout_sheet(city: City, paper: Paper) -> SheetLayout:
    """Split the page: header on top, the score area at the bottom, the map takes the rest."""
    width = paper.width - 2 * MARGIN
    header = Box(MARGIN, paper.height - MARGIN - HEADER, width, HEADER)
    bottom_height = max(legend_height(city, ADVANCED), strips_height(city))
    legend = Box(MARGIN, MARGIN, LEGEND_WIDTH, bottom_height)
    strips = Box(MARGIN + LEGEND_WIDTH + GAP, MARGIN, width - LEGEND_WIDTH - GAP, bottom_height)
    map_box = Box(MARGIN, MARGIN + bottom_height + GAP, width, header.y - GAP - (MARGIN + bottom_height + GAP))
    return SheetLayout(paper, header, map_box, legend, strips)


def render_sheets(city: City, mode: str, count: int, paper: Paper, out: Path, duplex: bool = False) -> Path:
    """Write a pad of `count` sheets of `mode` (basic, advanced or both) to `out`, atomically.

    `both` gives `count` basic sheets followed by `count` advanced ones; with `duplex` each basic
    sheet is followed by an advanced one, so a duplex print puts the advanced sheet on its back.
    """
    if mode not in SHEET_MODES:
        raise ValueError(f"unknown sheet mode {mode!r}: basic, advanced or both")
    if duplex and mode != "both":
        raise ValueError(f"a duplex pad alternates basic and advanced sheets: its mode is both, not {mode!r}")
    if count < 1:
        raise ValueError(f"a pad has at least one sheet, not {count}")
    layout = layout_sheet(city, paper)
    modes = MODES if mode == "both" else (mode,)
    if duplex:
        order = [m for _ in range(count) for m in MODES]
    else:
        order = [m for m in modes for _ in range(count)]
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=f"Citytrip {city.name} fill-in sheets", subject=f"{mode}, {count} sheets")
        if duplex:
            # Sheets are portrait: turning the page over its long edge keeps the backs upright.
            canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        for m in modes:
            canvas.beginForm(f"sheet-{m}")
            draw_sheet(canvas, city, m, layout)
            canvas.endForm()
        for m in order:
            canvas.doForm(f"sheet-{m}")
            canvas.showPage()
        canvas.save()
    return Path(out)


def draw_sheet(canvas: Canvas, city: City, mode: str, layout: SheetLayout) -> None:
    """Every static piece of a fill-in sheet."""
    draw_header(canvas, city, mode, layout.header)
    draw_map(canvas, city, mode, layout.map)
    draw_legend(canvas, city, mode, layout.legend)
    draw_strips(canvas, city, mode, layout.strips)


# --- header ------------------------------------------------------------------------------------


def draw_header(canvas: Canvas, city: City, mode: str, box: Box) -> None:
    """The sheet's mark (smiling face or the hunted smiley), the title and the player-name field."""
    style = load_sheet_style()
    middle = box.y + box.height / 2
    fit_icon(canvas, style.marks[mode], box.x + 4 * mm, middle, 8 * mm, INK)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 15)
    title = f"Citytrip {city.name}"
    canvas.drawString(box.x + 10 * mm, middle, title)
    canvas.setFont(FONT, 8.5)
    canvas.setFillColor(GREY)
    canvas.drawString(box.x + 10 * mm, middle - 4.2 * mm, MODE_TITLES[mode])
    draw_name_field(canvas, Box(box.x + box.width - 80 * mm, box.y + 1 * mm, 80 * mm, box.height - 2 * mm))


def draw_name_field(canvas: Canvas, box: Box) -> None:
    """A framed box with the caption "Name" to write the player's name in."""
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.roundRect(box.x, box.y, box.width, box.height, 1.5 * mm, stroke=1, fill=0)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, 6.5)
    canvas.drawString(box.x + 1.8 * mm, box.top - 3 * mm, "Name")


# --- legend ------------------------------------------------------------------------------------


def _legend_rows(city: City, mode: str) -> list[tuple[list[tuple[str, str]], list[tuple[str, str]], str]]:
    """(goal icons, price icons, label) per legend line, in the rules' order (R11)."""
    scheme = load_icon_scheme()
    style = load_sheet_style()
    rows = []
    for name, category in city.rules.categories.items():
        colour = scheme.categories[name].colour if name in scheme.categories else "#222222"
        if name == EAT:
            goal = [(style.eatery_icon(kind), colour) for kind in city.rules.eatery_kinds]
        else:
            icon = scheme.categories[name].icon if name in scheme.categories else "circle-question"
            goal = [(icon, colour)]
        action = scheme.actions[category.action.value]
        price = [(action.icon, action.colour)] * category.cost(mode)
        rows.append((goal, price, category.label))
    return rows


def legend_height(city: City, mode: str) -> float:
    return (len(city.rules.categories) + len(_legend_notes(city, mode))) * ROW + 5 * mm


def draw_legend(canvas: Canvas, city: City, mode: str, box: Box) -> None:
    """Goal icon = the actions it costs in this mode (R11), then the sheet's other symbols."""
    style = load_sheet_style()
    scheme = load_icon_scheme()
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 7.5)
    top = box.top
    canvas.drawString(box.x, top - 3 * mm, f"Legend: {MODE_TITLES[mode].lower()}")
    icon = 3.6 * mm
    goal_w = max(len(goal) for goal, _, _ in _legend_rows(city, mode)) * (icon + 0.6 * mm)
    price_x = box.x + goal_w + 3.5 * mm
    label_x = price_x + 3 * (icon + 0.4 * mm) + 1.5 * mm
    y = top - 5 * mm
    for goal, price, label in _legend_rows(city, mode):
        middle = y - ROW / 2
        for i, (name, colour) in enumerate(reversed(goal)):
            fit_icon(canvas, name, box.x + goal_w - icon / 2 - i * (icon + 0.6 * mm), middle, icon, colour)
        canvas.setFillColor(INK)
        canvas.setFont(FONT, 7)
        canvas.drawCentredString(price_x - 1.8 * mm, middle - 2.4, "=")
        for i, (name, colour) in enumerate(price):
            fit_icon(canvas, name, price_x + icon / 2 + i * (icon + 0.4 * mm), middle, icon * 0.9, colour)
        _draw_label(canvas, label, label_x, middle, box.x + box.width - label_x)
        y -= ROW
    # The sheet's own symbols: the plan action, and in the advanced game the specials and bonuses.
    for mark, text in _legend_notes(city, mode):
        middle = y - ROW / 2
        if mark == "plan":
            plan = scheme.actions["plan"]
            fit_icon(canvas, plan.icon, box.x + goal_w - icon / 2, middle, icon, plan.colour)
        elif mark == "special":
            canvas.setStrokeColor(HexColor(style.colours["special"]))
            canvas.setLineWidth(1.1)
            canvas.setFillColor(white)
            canvas.circle(box.x + goal_w - icon / 2, middle, icon / 2, stroke=1, fill=1)
        else:
            _draw_bonus_mark(canvas, box.x + goal_w - icon / 2, middle, 2)
        text_x = box.x + goal_w + 2 * mm
        _draw_label(canvas, text, text_x, middle, box.x + box.width - text_x)
        y -= ROW


def _legend_notes(city: City, mode: str) -> list[tuple[str, str]]:
    notes = [("plan", "Plan: extend the path by 1–3 steps in any of 8 directions; cross water only on bridges")]
    if mode == ADVANCED:
        if any(loc.choice or loc.combo for loc in city.locations.values()):
            notes.append(("special", "Special location: achieve one of its goals; a bridge with a statue: "
                                     "one photo crosses both strips"))
        notes.append(("bonus", "Bonus action of value 2 on the 3rd, 6th, 9th goal: add it to a chosen action "
                               "type, cross it off; at most 2 a turn"))
    return notes


def _draw_label(canvas: Canvas, text: str, x: float, middle: float, width: float) -> None:
    """One or two lines of small text centred on `middle`, shrunk to fit `width`."""
    size = LABEL_SIZE
    lines = wrap_words(text, width, FONT, size)
    while (len(lines) > 2 or any(stringWidth(line, FONT, size) > width for line in lines)) and size > MIN_LABEL_SIZE:
        size -= 0.25
        lines = wrap_words(text, width, FONT, size)
    canvas.setFillColor(INK)
    canvas.setFont(FONT, size)
    leading = size * 1.15
    first = middle + (len(lines) - 1) * leading / 2 - size * 0.35
    for i, line in enumerate(lines):
        canvas.drawString(x, first - i * leading, line)


# --- strips ------------------------------------------------------------------------------------


def strips_height(city: City) -> float:
    strips = [name for name in city.rules.categories if name in city.rules.strips]
    return (len(strips) + 1) * ROW + 2 * mm + 2 * ROW


def strip_cell(city: City, width: float) -> float:
    """The width of one number cell: the longest strip (plus the restaurant box) fills the width."""
    longest = max(len(s.numbers) for s in city.rules.strips.values())
    longest = max(longest, len(city.rules.hunted))
    return min(MAX_CELL, (width - STRIP_ICON - 1.5 * mm) / (longest + 1))


def draw_strips(canvas: Canvas, city: City, mode: str, box: Box) -> None:
    """One score strip per goal category (R15), the hunted strip (R16), assignments and total (R17)."""
    scheme = load_icon_scheme()
    style = load_sheet_style()
    cell = strip_cell(city, box.width)
    y = box.top
    for name in city.rules.categories:
        if name not in city.rules.strips:
            continue
        strip = city.rules.strips[name]
        style_of = scheme.categories.get(name)
        icon = style_of.icon if style_of else "circle-question"
        colour = style_of.colour if style_of else "#222222"
        fit_icon(canvas, icon, box.x + STRIP_ICON / 2, y - ROW / 2, ROW * 0.62, colour)
        bonus = strip.bonus if mode == ADVANCED else {}
        _draw_number_row(canvas, strip.numbers, box.x + STRIP_ICON, y, cell, {k - 1: v for k, v in bonus.items()})
        if name == EAT and RESTAURANT in city.rules.categories:
            # R13: the restaurant crosses no number; ticking this box doubles the eat score.
            rx = box.x + STRIP_ICON + len(strip.numbers) * cell + 1.5 * mm
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(0.8)
            canvas.roundRect(rx, y - ROW + 0.5 * mm, cell, ROW - 1 * mm, 1 * mm, stroke=1, fill=0)
            fit_icon(canvas, scheme.categories[RESTAURANT].icon, rx + cell * 0.32, y - ROW / 2, ROW * 0.45,
                     scheme.categories[RESTAURANT].colour)
            canvas.setFillColor(INK)
            canvas.setFont(FONT_BOLD, 6.5)
            canvas.drawCentredString(rx + cell * 0.72, y - ROW / 2 - 2.2, "×2")
        y -= ROW
    # The hunted strip: every third box taken in a turn crosses its next number (R8, R16).
    y -= 1 * mm
    fit_icon(canvas, style.marks["hunted"], box.x + STRIP_ICON / 2, y - ROW / 2, ROW * 0.62, INK)
    _draw_number_row(canvas, city.rules.hunted, box.x + STRIP_ICON, y, cell, {})
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, 6)
    canvas.drawString(box.x + STRIP_ICON + len(city.rules.hunted) * cell + 1.5 * mm, y - ROW / 2 - 2, "Hunted")
    y -= ROW + 1 * mm
    draw_assignment_boxes(canvas, Box(box.x, y - 2 * ROW, box.width * 0.62, 2 * ROW))
    draw_total(canvas, Box(box.x + box.width * 0.62 + 2 * mm, y - 2 * ROW, box.width * 0.38 - 2 * mm, 2 * ROW))


def _draw_number_row(canvas: Canvas, numbers, x: float, top: float, cell: float, bonus: dict[int, int]) -> None:
    """A row of boxed numbers; a bonus position shows the bonus action's value to cross off (R9)."""
    canvas.setLineWidth(0.45)
    canvas.setStrokeColor(RULE)
    for i, number in enumerate(numbers):
        cx = x + i * cell
        canvas.setFillColor(BONUS_TINT if i in bonus else (TINT if i == 0 else white))
        canvas.rect(cx, top - ROW, cell, ROW, stroke=1, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, 7.5)
        canvas.drawCentredString(cx + cell / 2 - (0.9 * mm if i in bonus else 0), top - ROW / 2 - 2.6, str(number))
        if i in bonus:
            _draw_bonus_mark(canvas, cx + cell - 1.55 * mm, top - 1.55 * mm, bonus[i])


def _draw_bonus_mark(canvas: Canvas, x: float, y: float, value: int) -> None:
    """A small bolt with the bonus action's value in a circle the player crosses off (R9)."""
    radius = 1.3 * mm
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    canvas.circle(x, y, radius, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(FONT_BOLD, 5.2)
    canvas.drawCentredString(x, y - 1.85, str(value))


def draw_assignment_boxes(canvas: Canvas, box: Box) -> None:
    """A box per assignment type 1–6 to write its bonus points in (crown: scored during the game)."""
    style = load_sheet_style()
    caption = 3.2 * mm
    fit_icon(canvas, style.marks["assignment"], box.x + STRIP_ICON / 2, box.y + (box.height - caption) / 2, ROW * 0.62, INK)
    canvas.setFillColor(INK)
    canvas.setFont(FONT, 6)
    canvas.drawString(box.x + STRIP_ICON + 0.5 * mm, box.top - caption + 1, "Assignment bonus points, by type 1–6")
    width = (box.width - STRIP_ICON - 1 * mm) / 6
    for i in range(6):
        x = box.x + STRIP_ICON + i * width
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.roundRect(x + 0.5 * mm, box.y + 0.5 * mm, width - 1 * mm, box.height - caption - 0.5 * mm, 1 * mm,
                         stroke=1, fill=0)
        canvas.setFillColor(GREY)
        canvas.setFont(FONT_BOLD, 6.5)
        canvas.drawString(x + 1.5 * mm, box.top - caption - 3.2 * mm, str(i + 1))


def draw_total(canvas: Canvas, box: Box) -> None:
    """The appreciation total: the strips + assignment bonuses + the hunted penalty (R17)."""
    style = load_sheet_style()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.4)
    canvas.setFillColor(white)
    canvas.roundRect(box.x, box.y + 0.5 * mm, box.width, box.height - 1 * mm, 1.5 * mm, stroke=1, fill=1)
    fit_icon(canvas, style.marks["total"], box.x + 4 * mm, box.top - 4 * mm, 4 * mm, INK)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 7.5)
    canvas.drawString(box.x + 7.5 * mm, box.top - 5.2 * mm, "Appreciation")
