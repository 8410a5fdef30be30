"""Fill-in sheets: the player's page of a Citytrip game, basic or advanced.

A sheet is the header (name field and turn tracker), the city map (generator/render/citymap.py),
the legend (what each goal costs in this mode, R11, and the sheet's other symbols) and the score
column (generator/render/sheet_strips.py: strips with the advanced bonus tickets, the hunted
strip, subtotals, assignment boxes and the appreciation total), with a scale ruler. The layout is
plain boxes computed per paper (`layout_sheet`), and each piece is a function of its own, so a
puzzle sheet can reuse the map, legend and strips with its own header. Printed with the site's
address (--base-url), the header is taller and carries a QR code to the city's table page, which
turns the action cards on a phone (`draw_qr_header`); without, it is as it always was.

A pad prints the same static art on every page: it is drawn once per mode as a Form XObject
and placed on each page, so a 50-sheet pad is hardly larger than one sheet.

Every word is in the language in use (generator/language.py): the sheet's own messages through
`_()`, the city's words, names and labels through generator/render/wording.py. The legend's rows are
measured in that language, so a longer Dutch or French legend makes the bottom area taller (and the
map a little smaller) rather than run out of its box.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.data.cities import city_folder
from generator.errors import DataError, shown
from generator.files import atomic_output
from generator.language import N_, _, ngettext, ordinal_form, pgettext, series
from generator.render.citymap import Box, cell_size, draw_map, fit_icon
from generator.render.icon_scheme import load_icon_scheme
from generator.render.overflow import report
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, Paper, draw_ruler, new_canvas, register_fonts
from generator.render.qr import draw_qr, qr_matrix
from generator.render.sheet_strips import (
    GREY,
    INK,
    RULE,
    TINT,
    ROW,
    bonus_slots,
    draw_bonus_ticket,
    draw_strips,
    ruler_spot,
    strips_height,
)
from generator.render.sheet_style import load_sheet_style
from generator.render.wording import category_label
from generator.render.wrap import draw_wrapped, shrunk_size, wrap_fitting
from generator.rules.city import ADVANCED, BASIC, EAT, MODES, City
from generator.rules.grid import BRIDGE
from generator.rules.puzzle import TURNS_BY_CARDS
from generator.rules.sheet import MAX_BONUS_PER_TURN

__all__ = [  # what the puzzle sheet and the answer key reuse
    "GAP", "GREY", "INK", "MARGIN", "RULE", "SheetLayout", "draw_legend", "draw_strips",
    "layout_sheet", "render_sheets",
]

MARGIN = 10 * mm  # inside every home printer's unprintable edge
HEADER = 15 * mm
GAP = 3.5 * mm
LEGEND_WIDTH = 74 * mm
LEGEND_HEAD = 5 * mm
LABEL_SIZE = 6.3
NAME_HEIGHT = 8 * mm
TURN_BOX = 4.6 * mm
# With --base-url the header carries a QR code to the city's table page (the action cards turned on
# a phone): the header grows to hold it, whatever the address's length (at most 49 modules with the
# quiet zone at 0.5 mm, generator/daily/addresses.py), so the map is the same size for every address.
HEADER_QR = 25 * mm
QR_MIN_MODULE, QR_MAX_MODULE = 0.5 * mm, 0.75 * mm  # below 0.5 mm phone cameras miss modules in print
QR_NAME_WIDTH = 60 * mm  # the name field beside the title when the turn tracker moves under them
QR_CAPTION_SIZE = 7.0
QR_CAPTION_LINES = 3
SHEET_MODES = (BASIC, ADVANCED, "both")
MODE_TITLES = {BASIC: N_("Basic game"), ADVANCED: N_("Game for advanced players")}  # translated where printed


@dataclass(frozen=True)
class SheetLayout:
    """The boxes of one sheet on its paper (points, origin bottom left)."""

    paper: Paper
    header: Box
    map: Box
    legend: Box
    strips: Box
    table_url: str | None = None  # the table page's address for the header's QR code (--base-url)


def layout_sheet(city: City, paper: Paper, table_url: str | None = None) -> SheetLayout:
    """Split the page: header on top, the score area at the bottom, the map takes the rest.

    The bottom is as tall as the taller of the advanced legend and the score column, for both
    modes, so that the basic and the advanced sheet print the very same map. With `table_url` the
    header is taller, for the QR code to the city's table page.
    """
    width = paper.width - 2 * MARGIN
    height = HEADER_QR if table_url else HEADER
    header = Box(MARGIN, paper.height - MARGIN - height, width, height)
    bottom_height = max(legend_height(city, ADVANCED), strips_height(city))
    legend = Box(MARGIN, MARGIN, LEGEND_WIDTH, bottom_height)
    strips = Box(MARGIN + LEGEND_WIDTH + GAP, MARGIN, width - LEGEND_WIDTH - GAP, bottom_height)
    map_box = Box(MARGIN, MARGIN + bottom_height + GAP, width, header.y - GAP - (MARGIN + bottom_height + GAP))
    _check_map_room(city, paper, map_box)
    return SheetLayout(paper, header, map_box, legend, strips, table_url)


# Half the cell the shipped cities get on A4 and Letter (about 7.5 mm): below it the discs, icons
# and coordinates of the map stop being readable, so a sheet is refused rather than printed.
MIN_CELL = 3.5 * mm


def _check_map_room(city: City, paper: Paper, map_box: Box) -> None:
    """DataError when the legend (its labels wrapped at the small type size) leaves the map too
    little of the page: a city of one's own with a very long label, named with its file and key."""
    if cell_size(city.grid.columns, city.grid.rows, map_box) >= MIN_CELL:
        return
    longest = max(city.rules.categories.values(), key=lambda category: len(category_label(category)))
    label = category_label(longest)
    _, folder = city_folder(city.key)
    raise DataError(
        folder / "rules.yaml", f"categories.{longest.name}.label",
        f"the label is {len(label):,} characters long ({shown(label, 40)}): the legend it wraps into takes "
        f"{legend_height(city, ADVANCED) / mm:.0f} mm of the {paper.name} sheet, which leaves the "
        f"{city.grid.columns} × {city.grid.rows} map cells smaller than {MIN_CELL / mm:.1f} mm: shorten the "
        "legend's labels")


def render_sheets(city: City, mode: str, count: int, paper: Paper, out: Path, duplex: bool = False,
                  table_url: str | None = None) -> Path:
    """Write a pad of `count` sheets of `mode` (basic, advanced or both) to `out`, atomically.

    `both` gives `count` basic sheets followed by `count` advanced ones; with `duplex` each basic
    sheet is followed by an advanced one, so a duplex print puts the advanced sheet on its back.
    With `table_url` (the city's table page, generator/daily/addresses.py) each sheet's header
    carries a QR code to it; without, the sheets are as they always were.
    """
    if mode not in SHEET_MODES:
        raise ValueError(f"unknown sheet mode {mode!r}: basic, advanced or both")
    if duplex and mode != "both":
        raise ValueError(f"a duplex pad alternates basic and advanced sheets: its mode is both, not {mode!r}")
    if count < 1:
        raise ValueError(f"a pad has at least one sheet, not {count}")
    layout = layout_sheet(city, paper, table_url)
    modes = MODES if mode == "both" else (mode,)
    if duplex:
        order = [m for _ in range(count) for m in MODES]
    else:
        order = [m for m in modes for _ in range(count)]
    with atomic_output(out) as temp:
        title = _("Citytrip {city} fill-in sheets").format(city=city.name)
        canvas = new_canvas(temp, paper, title=title, subject=_pad_subject(mode, count))
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


def _pad_subject(mode: str, count: int) -> str:
    """The PDF's subject: which sheets and how many ("basic, 50 sheets")."""
    modes = {BASIC: pgettext("sheet mode", "basic"), ADVANCED: pgettext("sheet mode", "advanced"),
             "both": pgettext("sheet mode", "both")}
    return ngettext("{mode}, {count} sheet", "{mode}, {count} sheets", count).format(mode=modes[mode], count=count)


def draw_sheet(canvas: Canvas, city: City, mode: str, layout: SheetLayout) -> None:
    """Every static piece of a fill-in sheet, and the scale ruler under the assignment boxes."""
    if layout.table_url:
        draw_qr_header(canvas, city, mode, layout.header, layout.table_url)
    else:
        draw_header(canvas, city, mode, layout.header)
    draw_map(canvas, city, mode, layout.map)
    draw_legend(canvas, city, mode, layout.legend)
    draw_strips(canvas, city, mode, layout.strips)
    draw_ruler(canvas, *ruler_spot(layout.strips))


# --- header ------------------------------------------------------------------------------------


def draw_header(canvas: Canvas, city: City, mode: str, box: Box) -> None:
    """The sheet's mark (smiling face or the hunted smiley), the title, the name field and turn tracker."""
    tracker = turn_tracker_width()
    right = Box(box.x + box.width - tracker, box.y, tracker, box.height)
    draw_title(canvas, city, mode, box.x, box.y + box.height / 2 + 1 * mm, right.x - 3 * mm - (box.x + 10 * mm))
    draw_name_field(canvas, Box(right.x, right.top - NAME_HEIGHT, right.width, NAME_HEIGHT))
    draw_turn_tracker(canvas, right.x, right.y)


def draw_title(canvas: Canvas, city: City, mode: str, x: float, middle: float, room: float) -> None:
    """The sheet's mark (smiling face or the hunted smiley) at `x`, the title and the mode's name
    beside it, centred on `middle`, in `room` points of width."""
    fit_icon(canvas, load_sheet_style().marks[mode], x + 4 * mm, middle, 8 * mm, INK)
    canvas.setFillColor(INK)
    title = f"Citytrip {city.name}"
    size = 15.0
    while stringWidth(title, FONT_BOLD, size) > room and size > 9:
        size -= 0.5
    report(title, stringWidth(title, FONT_BOLD, size), room, "the title of a fill-in sheet")
    canvas.setFont(FONT_BOLD, size)
    canvas.drawString(x + 10 * mm, middle - 1 * mm, title)
    subtitle = _(MODE_TITLES[mode])
    canvas.setFont(FONT, shrunk_size(subtitle, room, FONT, 8.5, MIN_TEXT))
    canvas.setFillColor(GREY)
    canvas.drawString(x + 10 * mm, middle - 5.4 * mm, subtitle)


@dataclass(frozen=True)
class QrHeader:
    """The boxes of a header with the table page's QR code: the code (its quiet zone included) in
    the top right corner, the title and the name field beside it on top, the turn tracker under
    them and the caption between the tracker and the code."""

    qr: Box
    module: float
    title: Box
    name: Box
    tracker: Box
    caption: Box


def qr_header_layout(box: Box, url: str) -> QrHeader:
    """Where each piece of a QR header goes in `box` (HEADER_QR tall)."""
    modules = qr_matrix(url).modules + 8  # the quiet zone is part of the printed size
    module = min(QR_MAX_MODULE, box.height / modules)
    if module < QR_MIN_MODULE:  # addresses are at most MAX_BASE_URL long: this never happens
        raise ValueError(f"the address {url!r} needs a QR code larger than the header")
    size = modules * module
    qr = Box(box.x + box.width - size, box.top - size, size, size)
    rest = qr.x - GAP - box.x  # the width left of the code
    name = Box(box.x + rest - QR_NAME_WIDTH, box.top - NAME_HEIGHT, QR_NAME_WIDTH, NAME_HEIGHT)
    title = Box(box.x, box.top - HEADER, name.x - 3 * mm - box.x, HEADER)
    tracker = Box(box.x, box.y, turn_tracker_width(), TURN_BOX)
    caption_x = tracker.x + tracker.width + GAP
    caption = Box(caption_x, box.y, box.x + rest - caption_x, name.y - 2 * mm - box.y)
    return QrHeader(qr, module, title, name, tracker, caption)


def qr_caption() -> str:
    """The words beside the fill-in sheet's QR code: what the table page does."""
    return _("Turn the action cards on your phone")


def draw_qr_header(canvas: Canvas, city: City, mode: str, box: Box, url: str) -> None:
    """The header with the QR code to the city's table page (`url`): mark, title and mode, the
    name field, the turn tracker under them, and the caption beside the code."""
    place = qr_header_layout(box, url)
    title = place.title
    draw_title(canvas, city, mode, box.x, title.y + title.height / 2 + 1 * mm, title.width - 10 * mm)
    draw_name_field(canvas, place.name)
    draw_turn_tracker(canvas, place.tracker.x, place.tracker.y)
    draw_qr(canvas, url, place.qr.x, place.qr.y, place.module)
    caption = place.caption
    lines = wrap_fitting(qr_caption(), caption.width, FONT, QR_CAPTION_SIZE)
    width = caption.width
    while len(lines) > 1 and width > 10 * mm:  # as even as those lines allow: no word alone on the last
        fewer = wrap_fitting(qr_caption(), width - 1 * mm, FONT, QR_CAPTION_SIZE)
        if len(fewer) > len(lines):
            break
        width, lines = width - 1 * mm, fewer
    report(qr_caption(), len(lines), QR_CAPTION_LINES, "lines of the caption of a fill-in sheet's QR code")
    canvas.setFillColor(INK)
    canvas.setFont(FONT, QR_CAPTION_SIZE)
    leading = QR_CAPTION_SIZE * 1.2
    for i, line in enumerate(lines):  # right-aligned against the code, the last line at the bottom
        canvas.drawRightString(caption.x + caption.width, caption.y + 1.5 + (len(lines) - 1 - i) * leading, line)


def draw_name_field(canvas: Canvas, box: Box) -> None:
    """A framed box with the caption "Name" to write the player's name in."""
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.roundRect(box.x, box.y, box.width, box.height, 1.5 * mm, stroke=1, fill=0)
    canvas.setFillColor(GREY)
    caption = _("Name")
    canvas.setFont(FONT, shrunk_size(caption, box.width - 3.6 * mm, FONT, 6.5, MIN_TEXT))
    canvas.drawString(box.x + 1.8 * mm, box.top - 3 * mm, caption)


def _turn_notes() -> list[str]:
    """How many turns each deck gives (R7: n cards, n − 1 turns)."""
    return [_("{cards} cards: {turns} turns").format(cards=cards, turns=turns)
            for cards, turns in sorted(TURNS_BY_CARDS.items())]


def turn_tracker_width() -> float:
    """The caption, one box per turn of the longest game, and the note on the deck sizes."""
    caption = stringWidth(_("Turn"), FONT_BOLD, 6.5) + 1.2 * mm
    notes = max(stringWidth(line, FONT, MIN_TEXT) for line in _turn_notes())
    return caption + max(TURNS_BY_CARDS.values()) * TURN_BOX + 1.5 * mm + notes


def draw_turn_tracker(canvas: Canvas, x: float, y: float) -> None:
    """A box per turn to cross as the turn ends; the turns only a 20-card game plays are tinted (R7)."""
    short, longest = min(TURNS_BY_CARDS.values()), max(TURNS_BY_CARDS.values())
    middle = y + TURN_BOX / 2
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 6.5)
    caption = _("Turn")
    canvas.drawString(x, middle - 2.3, caption)
    left = x + stringWidth(caption, FONT_BOLD, 6.5) + 1.2 * mm
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor(RULE)
    for turn in range(1, longest + 1):
        bx = left + (turn - 1) * TURN_BOX
        canvas.setFillColor(TINT if turn > short else white)
        canvas.rect(bx, y, TURN_BOX, TURN_BOX, stroke=1, fill=1)
        canvas.setFillColor(GREY)
        canvas.setFont(FONT, MIN_TEXT)
        canvas.drawCentredString(bx + TURN_BOX / 2, middle - 2.1, str(turn))
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    notes = _turn_notes()
    note_x = left + longest * TURN_BOX + 1.5 * mm
    for i, line in enumerate(notes):
        canvas.drawString(note_x, middle + (len(notes) / 2 - i - 1) * MIN_TEXT * 1.15 + 0.6, line)


# --- legend ------------------------------------------------------------------------------------


def legend_rows(city: City, mode: str) -> list[tuple[list[tuple[str, str]], list[tuple[str, str]], str]]:
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
        rows.append((goal, price, category_label(category)))
    return rows


LEGEND_ICON = 3.6 * mm
NOTE_ROW = 5.2 * mm  # a note's mark is one icon, smaller than a price row


@dataclass(frozen=True)
class LegendColumns:
    """The legend's three columns: goal icons, the price in action icons, the label."""

    goal_width: float  # from the legend's left edge to the right end of the goal icons
    price_x: float
    label_x: float

    # A note (the sheet's other symbols) has its mark at the left edge and no price: its text
    # takes the width of the goal and price columns too, so the longer notes stay at 2-3 lines.
    note_x: float = 8 * mm


def _legend_columns(city: City, mode: str) -> LegendColumns:
    goal_width = max(len(goal) for goal, _, _ in legend_rows(city, mode)) * (LEGEND_ICON + 0.6 * mm)
    price_x = goal_width + 3.5 * mm
    return LegendColumns(goal_width, price_x, price_x + 3 * (LEGEND_ICON + 0.4 * mm) + 1.5 * mm)


def _text_lines(text: str, width: float, size: float) -> list[str]:
    """A legend text's lines as `_draw_label` draws them (a word too long for the column is broken)."""
    return wrap_fitting(text, width, FONT, size)


def _row_height(lines: int, size: float, least: float = ROW) -> float:
    """A legend row: one strip row tall (a note's may be less), taller when its text needs it."""
    return max(least, lines * size * 1.15 + 0.8 * mm)


@dataclass(frozen=True)
class LegendEntry:
    """One legend row: a goal with its price (kind "goal") or a note with its mark (the mark's name)."""

    kind: str
    text: str
    text_x: float  # from the legend's left edge
    height: float
    goal: tuple[tuple[str, str], ...] = ()  # (icon, colour) of the goal, for a goal row
    price: tuple[tuple[str, str], ...] = ()  # (icon, colour) per action it costs


def _legend_entries(city: City, mode: str) -> list[LegendEntry]:
    """The legend's rows, categories then notes, each as tall as its wrapped text needs."""
    register_fonts()  # the rows are measured in the text font, maybe before any canvas exists
    columns = _legend_columns(city, mode)
    entries = []
    for goal, price, label in legend_rows(city, mode):
        lines = len(_text_lines(label, LEGEND_WIDTH - columns.label_x, LABEL_SIZE))
        entries.append(LegendEntry("goal", label, columns.label_x, _row_height(lines, LABEL_SIZE), tuple(goal),
                                   tuple(price)))
    for mark, text in legend_notes(city, mode):
        lines = len(_text_lines(text, LEGEND_WIDTH - columns.note_x, MIN_TEXT))
        entries.append(LegendEntry(mark, text, columns.note_x, _row_height(lines, MIN_TEXT, NOTE_ROW)))
    return entries


def legend_height(city: City, mode: str) -> float:
    return LEGEND_HEAD + sum(entry.height for entry in _legend_entries(city, mode))


def draw_legend(canvas: Canvas, city: City, mode: str, box: Box) -> None:
    """Goal icon = the actions it costs in this mode (R11), then the sheet's other symbols."""
    style = load_sheet_style()
    scheme = load_icon_scheme()
    canvas.setFillColor(INK)
    heading = _("Legend: {mode}").format(mode=_(MODE_TITLES[mode]).lower())
    canvas.setFont(FONT_BOLD, shrunk_size(heading, box.width, FONT_BOLD, 7.5, MIN_TEXT))
    canvas.drawString(box.x, box.top - 3 * mm, heading)
    columns = _legend_columns(city, mode)
    icon = LEGEND_ICON
    mark_x = box.x + icon / 2 + 0.5 * mm
    y = box.top - LEGEND_HEAD
    for entry in _legend_entries(city, mode):
        kind, middle = entry.kind, y - entry.height / 2
        size = MIN_TEXT
        if kind == "goal":
            size = LABEL_SIZE
            for i, (name, colour) in enumerate(reversed(entry.goal)):
                fit_icon(canvas, name, box.x + columns.goal_width - icon / 2 - i * (icon + 0.6 * mm), middle, icon,
                         colour)
            canvas.setFillColor(INK)
            canvas.setFont(FONT, 7)
            canvas.drawCentredString(box.x + columns.price_x - 1.8 * mm, middle - 2.4, "=")
            for i, (name, colour) in enumerate(entry.price):
                fit_icon(canvas, name, box.x + columns.price_x + icon / 2 + i * (icon + 0.4 * mm), middle, icon * 0.9,
                         colour)
        elif kind == "plan":
            plan = scheme.actions["plan"]
            fit_icon(canvas, plan.icon, mark_x, middle, icon, plan.colour)
        elif kind == "bridge":
            _draw_bridge_mark(canvas, mark_x, middle, icon)
        elif kind == "special":
            canvas.setStrokeColor(HexColor(style.colours["special"]))
            canvas.setLineWidth(1.1)
            canvas.setFillColor(white)
            canvas.circle(mark_x, middle, icon / 2, stroke=1, fill=1)
        else:
            draw_bonus_ticket(canvas, box.x, middle, _bonus_values(city)[-1])
        _draw_label(canvas, entry.text, box.x + entry.text_x, middle, box.width - entry.text_x, size)
        y -= entry.height


def _draw_bridge_mark(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A bridge without a goal as the map draws it: a deck on water with a dot (citymap._draw_nodes)."""
    style = load_sheet_style()
    canvas.setFillColor(HexColor(style.colours["water"]))
    canvas.rect(x - size / 2, y - size / 2, size, size, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setStrokeColor(HexColor(style.colours["water_edge"]))
    canvas.setLineWidth(0.6)
    canvas.roundRect(x - size * 0.45, y - size * 0.2, size * 0.9, size * 0.4, size * 0.12, stroke=1, fill=1)
    canvas.setFillColor(HexColor(style.colours["node"]))
    canvas.circle(x, y, size * 0.09, stroke=0, fill=1)


def _bonus_values(city: City) -> list[int]:
    return sorted({value for strip in city.rules.strips.values() for value in strip.bonus.values()})


def ordinal(n: int) -> str:
    """`n` as an ordinal number in the language in use: 3rd, 3e (Dutch), 1er and 3e (French); the
    language's CLDR ordinal form (generator/language.py) chooses the suffix, each a message."""
    form = ordinal_form(n)
    if form == "one":
        return pgettext("ordinal number, CLDR form 'one' (English 1st, 21st)", "{n}st").format(n=n)
    if form == "two":
        return pgettext("ordinal number, CLDR form 'two' (English 2nd, 22nd)", "{n}nd").format(n=n)
    if form == "few":
        return pgettext("ordinal number, CLDR form 'few' (English 3rd, 23rd)", "{n}rd").format(n=n)
    return pgettext("ordinal number, CLDR form 'other' (English 4th, 11th)", "{n}th").format(n=n)


def goal_less_bridges(city: City) -> bool:
    """Whether the map has bridges that are no goal (Antwerpen): the map shows them as decks."""
    grid = city.grid
    return any(grid.cell(node) == BRIDGE and node not in city.locations for node in grid.nodes())


def legend_notes(city: City, mode: str) -> list[tuple[str, str]]:
    """The sheet's own symbols, each as (mark, text): what the legend says beyond the prices."""
    notes = [("plan", _("Plan: extend the path by 1–3 steps in any of 8 directions; cross water only on bridges"))]
    if goal_less_bridges(city):
        notes.append(("bridge", _("Bridge: the only way across the water; it is no goal")))
    if mode == ADVANCED:
        if any(loc.choice or loc.combo for loc in city.locations.values()):
            notes.append(("special", _("Special location: achieve one of its goals; a bridge with a statue: "
                                       "one photo crosses both strips")))
        values = _bonus_values(city)
        if values:
            value = str(values[0]) if len(values) == 1 else f"{values[0]}–{values[-1]}"
            counts = series([ordinal(c) for c in bonus_slots(city, mode)])
            notes.append(("bonus", _("Bonus action (value {value}) at a strip's {counts} goal: tick the upper box "
                                     "when earned, the lower when used; add it to an action type you take, then "
                                     "or later; at most {most} a turn").format(value=value, counts=counts,
                                                                               most=MAX_BONUS_PER_TURN)))
    return notes


def _draw_label(canvas: Canvas, text: str, x: float, middle: float, width: float, size: float = LABEL_SIZE) -> None:
    """Small text wrapped to `width` and centred on `middle`; never under MIN_TEXT (R11 labels)."""
    canvas.setFillColor(INK)
    draw_wrapped(canvas, text, x, middle, width, FONT, size)
