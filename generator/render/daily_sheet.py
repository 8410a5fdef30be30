"""The daily puzzle sheet: page 1 the city sheet of the puzzle, page 2 the turn table.

Page 1 is a fill-in sheet (generator/render/sheet.py: map, legend, strips, hunted, assignment
boxes (none on a mini's: it has no assignments), total) with the start circled and a taller
header that states the puzzle: date and weekday level, target, par, the assignments, and a QR
code of the puzzle code with the code printed under it, so the puzzle can be rebuilt (and
checked) from the paper alone.

Page 2 is one block per turn: the two open faces as the 3×2 grid of the turn's boxes (left face
L1–L3, right face R1–R3), each box with its action icon(s), value and a tick box, and lines to
note the path and the goals of the turn.

Every page carries the 50-mm scale ruler, and nothing here is set under MIN_TEXT: a player
types the puzzle code from the paper (README), so it is printed at a comfortable size.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.daily.job import Daily
from generator.language import _, pgettext
from generator.render.citymap import Box, draw_map, fit_icon
from generator.render.daily_text import (
    certificate_line,
    code_lines,
    date_text,
    goal_text,
    level_text,
    setup_text,
    statement_lines,
    target_par_text,
    title_text,
    turn_rules_text,
    turn_table_title,
)
from generator.render.icon_scheme import load_icon_scheme
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, RULER_HEIGHT, Paper, draw_ruler, ruler_width
from generator.render.qr import draw_qr, qr_matrix
from generator.render.sheet import GAP, GREY, INK, MARGIN, RULE, SheetLayout, draw_legend, draw_strips, layout_sheet
from generator.render.sheet_style import load_sheet_style
from generator.rules.city import city_words
from generator.render.wrap import shrunk_size, wrap_fitting
from generator.rules.cards import ActionBox
from generator.rules.puzzle import Puzzle

STATEMENT = 34 * mm  # title, date and level, target and par, certificate, up to four assignments, the QR code
QR_COLUMN = 36 * mm
MIN_MODULE, MAX_MODULE = 0.5 * mm, 0.75 * mm  # below 0.5 mm phone cameras miss modules in print
CODE_SIZE = 6.5  # the code is typed from the paper: a size above the minimum, not at it
CODE_LEADING = 7.6
BAND_GAP = 1 * mm  # between the statement and the band of the code and the ruler
BOX_TINT = Color(0.96, 0.96, 0.96)
TICK = 3.2 * mm
LABEL_SIZE = MIN_TEXT  # the box names L1–R3 and the note lines' captions
RULES_SIZE = 7
RULES_LEADING = 3.2 * mm
TABLE_HEAD = 28 * mm  # page 2: title, how to play a turn, column captions
MAX_BLOCK = 24 * mm
TURN_LABEL = 10 * mm
FACE_WIDTH = 26 * mm


@dataclass(frozen=True)
class QrPlacement:
    """Where the QR code goes (top of the header's right column) and the code lines under it."""

    x: float
    y: float
    module: float
    lines: tuple[str, ...]


def code_rows(code: str, width: float, size: float = CODE_SIZE) -> list[str]:
    """The code in the fewest lines no wider than `width` points, as even as those lines allow.

    Lines break only where code_lines breaks (after "/", "+" or a deck card's "."), so a typed
    line never splits a field.
    """
    splits = ((chars, code_lines(code, chars)) for chars in range(1, len(code) + 1))
    fitting = [(len(lines), chars, lines) for chars, lines in splits
               if all(stringWidth(line, FONT, size) <= width for line in lines)]
    if not fitting:  # one field wider than the room: the narrowest split is the best there is
        return code_lines(code, 1)
    return min(fitting)[2]


def _code_band(daily: Daily, width: float) -> tuple[list[str], float]:
    """The code lines under the QR code beside the ruler, and the band's height."""
    lines = code_rows(daily.code, width - ruler_width() - 2 * GAP)
    return lines, max(RULER_HEIGHT, len(lines) * CODE_LEADING) + BAND_GAP


def layout_puzzle_sheet(daily: Daily, paper: Paper) -> SheetLayout:
    """The fill-in sheet's layout with a taller header; the map gives up the height."""
    base = layout_sheet(daily.puzzle.city, paper)
    top = paper.height - MARGIN
    height = STATEMENT + _code_band(daily, base.header.width)[1]
    header = Box(MARGIN, top - height, base.header.width, height)
    map_box = Box(base.map.x, base.map.y, base.map.width, header.y - GAP - base.map.y)
    return replace(base, header=header, map=map_box)


def draw_puzzle_page(canvas: Canvas, daily: Daily, layout: SheetLayout) -> None:
    """Page 1: the puzzle's header over a complete fill-in sheet with the start circled."""
    puzzle = daily.puzzle
    draw_daily_header(canvas, daily, layout.header, title=title_text(daily), subtitle=goal_text(daily),
                      assignments=True, qr=True)
    draw_map(canvas, puzzle.city, puzzle.mode, layout.map, start=puzzle.start, district=puzzle.district)
    draw_legend(canvas, puzzle.city, puzzle.mode, layout.legend)
    # A mini has no assignments (generator/daily/mini.py): its sheet has no boxes for their points.
    draw_strips(canvas, puzzle.city, puzzle.mode, layout.strips, assignments=not puzzle.is_mini)


def qr_placement(daily: Daily, box: Box) -> QrPlacement:
    """The QR code at the top of the header's right column, as large as the statement's height
    allows; the code lines go in the band under it (see `_code_band`)."""
    lines, band = _code_band(daily, box.width)
    room = box.height - band - BAND_GAP
    modules = qr_matrix(daily.qr_text).modules + 8  # the quiet zone is part of the printed size
    module = max(MIN_MODULE, min(MAX_MODULE, room / modules, QR_COLUMN / modules))
    size = modules * module
    x = box.x + box.width - QR_COLUMN + (QR_COLUMN - size) / 2
    return QrPlacement(x, box.top - size, module, tuple(lines))


def draw_daily_header(canvas: Canvas, daily: Daily, box: Box, *, title: str, subtitle: str, assignments: bool,
                      qr: bool) -> None:
    """Title, date and level, target and par, (the assignments,) the puzzle code and the ruler.

    With `qr` the code is a QR code in the right column, printed under it in the bottom band
    beside the ruler; without, the ruler takes the top right corner and the title stays clear of it.
    """
    puzzle = daily.puzzle
    style = load_sheet_style()
    title_room = 0.0
    if qr:
        placement = qr_placement(daily, box)
        draw_qr(canvas, daily.qr_text, placement.x, placement.y, placement.module)
        canvas.setFillColor(INK)
        canvas.setFont(FONT, CODE_SIZE)
        # Right-aligned under the QR code, the first line on top; the ruler at the band's left.
        lines = placement.lines
        for i, line in enumerate(lines):
            canvas.drawRightString(box.x + box.width, box.y + (len(lines) - 1 - i) * CODE_LEADING + 1.5, line)
        draw_ruler(canvas, box.x, box.y)
        text_width = box.width - QR_COLUMN - 3 * mm
        bottom = box.y + _code_band(daily, box.width)[1]
    else:
        draw_ruler(canvas, box.x + box.width - ruler_width(), box.top - RULER_HEIGHT)
        text_width = box.width
        title_room = ruler_width() + GAP
        bottom = box.y
    top = box.top
    fit_icon(canvas, style.marks[puzzle.mode], box.x + 4 * mm, top - 4.2 * mm, 8 * mm, INK)
    canvas.setFillColor(INK)
    fit_string(canvas, title, box.x + 10 * mm, top - 6 * mm, text_width - 10 * mm - title_room, FONT_BOLD, 15)
    canvas.setFillColor(GREY)
    line = f"{date_text(daily)} · {level_text(daily)} · {setup_text(puzzle)}"
    fit_string(canvas, line, box.x + 10 * mm, top - 10.5 * mm, text_width - 10 * mm, FONT, 8)
    canvas.setFillColor(INK)
    fit_string(canvas, f"{target_par_text(daily)}  ·  {subtitle}", box.x, top - 16 * mm, text_width,
                FONT_BOLD, 9)
    certificate = certificate_line(daily)
    if certificate:
        canvas.setFillColor(GREY)
        fit_string(canvas, certificate, box.x, top - 19.8 * mm, text_width, FONT, 7.5)
        canvas.setFillColor(INK)
    if not assignments:
        return
    y = top - 23.5 * mm
    heading, lines = statement_lines(puzzle)
    canvas.setFont(FONT_BOLD, 7)
    canvas.drawString(box.x, y, heading)
    size = 7 if len(lines) <= 3 else 6.4
    rows = max(3, len(lines))
    leading = (y - bottom + size) / rows
    label = stringWidth(heading, FONT_BOLD, 7) + 2 * mm
    for i, text in enumerate(_statement_rows(lines, text_width - label, size, rows)):
        fit_string(canvas, text, box.x + label, y - i * leading, text_width - label, FONT, size)


def _statement_rows(lines: list[str], width: float, size: float, rows: int) -> list[str]:
    """The statement's lines as drawn: a line too wide for `width` even at the smallest size (three
    long Dutch or French location names) wraps onto the next row when the rows leave room for it;
    otherwise it stays one line, which `fit_string` condenses."""
    floor = max(size * 0.6, MIN_TEXT)
    wrapped = [[text] if stringWidth(text, FONT, floor) <= width else wrap_fitting(text, width, FONT, size)
               for text in lines]
    if sum(len(parts) for parts in wrapped) > rows:
        return lines
    return [part for parts in wrapped for part in parts]


def fit_string(canvas: Canvas, text: str, x: float, y: float, width: float, font: str, size: float) -> None:
    """Draw `text` at `size`, shrunk (down to 60 %, never under MIN_TEXT) to keep out of the QR
    column or the ruler; a text still too wide at that size is condensed to `width` (narrower
    letters of the same height), so it never runs out of its room."""
    fitted = shrunk_size(text, width, font, size, max(size * 0.6, MIN_TEXT))
    canvas.setFont(font, fitted)
    wide = stringWidth(text, font, fitted)
    if wide <= width:
        canvas.drawString(x, y, text)
        return
    condensed = canvas.beginText(x, y)
    condensed.setHorizScale(100 * width / wide * 0.999)
    condensed.textOut(text)
    condensed.setHorizScale(100)  # the text state outlives the text object: back to normal width
    canvas.drawText(condensed)


# --- page 2: the turn table ------------------------------------------------------------------------


def draw_turn_table(canvas: Canvas, daily: Daily, paper: Paper) -> None:
    """One block per turn in two columns: the six open boxes with tick boxes, and note lines."""
    puzzle = daily.puzzle
    width = paper.width - 2 * MARGIN
    top = paper.height - MARGIN
    draw_ruler(canvas, paper.width - MARGIN - ruler_width(), top - RULER_HEIGHT)
    canvas.setFillColor(INK)
    fit_string(canvas, turn_table_title(daily), MARGIN, top - 5 * mm, width - ruler_width() - GAP, FONT_BOLD, 12)
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    canvas.drawString(MARGIN, top - 9.5 * mm, f"{date_text(daily)}  ·  {target_par_text(daily).lower()}")
    canvas.setFillColor(INK)
    canvas.setFont(FONT, RULES_SIZE)
    rules = wrap_fitting(turn_rules_text(city_words(puzzle.city)), width, FONT, RULES_SIZE)
    for i, text in enumerate(rules):
        canvas.drawString(MARGIN, top - 14 * mm - i * RULES_LEADING, text)
    columns = 2
    per_column = -(-len(puzzle.turns) // columns)
    column_width = (width - GAP) / columns
    # A city's longer words can wrap the rules onto a fourth line: the table moves down for it.
    table_top = min(top - TABLE_HEAD, top - 14 * mm - len(rules) * RULES_LEADING - 4 * mm)
    block = min(MAX_BLOCK, (table_top - MARGIN) / per_column)
    for c in range(columns):
        x = MARGIN + c * (column_width + GAP)
        _draw_column_captions(canvas, x, table_top + 1.2 * mm, column_width)
        for r in range(per_column):
            t = c * per_column + r
            if t >= len(puzzle.turns):
                break
            _draw_turn_block(canvas, puzzle, t, Box(x, table_top - (r + 1) * block, column_width, block))


CAPTION_SIZE = 6.5


def _draw_column_captions(canvas: Canvas, x: float, y: float, width: float) -> None:
    """Turn, the two faces and the notes, each shrunk (never under MIN_TEXT) to its column."""
    canvas.setFillColor(GREY)
    notes = TURN_LABEL + 2 * FACE_WIDTH + 4 * mm
    size = None
    for text, left, room, centred in (
        (_("Turn"), x, TURN_LABEL - 0.5 * mm, False),
        (_("Left face L1–L3"), x + TURN_LABEL, FACE_WIDTH, True),
        (_("Right face R1–R3"), x + TURN_LABEL + FACE_WIDTH + 1 * mm, FACE_WIDTH, True),
        (_("Path and goals"), x + notes, width - notes, False),
    ):
        fitted = shrunk_size(text, room, FONT_BOLD, CAPTION_SIZE, MIN_TEXT)
        if fitted != size:  # a font change is written into the page: only when the size changes
            canvas.setFont(FONT_BOLD, fitted)
            size = fitted
        if centred:
            canvas.drawCentredString(left + room / 2, y, text)
        else:
            canvas.drawString(left, y, text)


def _draw_turn_block(canvas: Canvas, puzzle: Puzzle, t: int, box: Box) -> None:
    """Turn t+1: its number, the 3×2 grid of open boxes, and three note lines."""
    scheme = load_icon_scheme()
    faces = puzzle.turns[t]
    pad = 1.2 * mm
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.4)
    canvas.line(box.x, box.y, box.x + box.width, box.y)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 13)
    canvas.drawCentredString(box.x + TURN_LABEL / 2 - 0.5 * mm, box.y + box.height / 2 - 4.5, str(t + 1))
    row = (box.height - 2 * pad) / 3
    for column, face in enumerate((faces.left, faces.right)):
        x = box.x + TURN_LABEL + column * (FACE_WIDTH + 1 * mm)
        for i, action_box in enumerate(face):
            cell = Box(x, box.top - pad - (i + 1) * row, FACE_WIDTH, row)
            _draw_open_box(canvas, action_box, f"{'LR'[column]}{i + 1}", cell, scheme)
    notes_x = box.x + TURN_LABEL + 2 * FACE_WIDTH + 4 * mm
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.3)
    canvas.setDash(0.6, 1.2)
    # The note lines of the turn, the last one bare.
    for i, caption in enumerate((pgettext("turn note", "path"), pgettext("turn note", "goals"), "")):
        y = box.top - pad - (i + 1) * row + 1 * mm
        canvas.line(notes_x, y, box.x + box.width, y)
        if caption:
            canvas.setFillColor(GREY)
            canvas.setFont(FONT, LABEL_SIZE)
            canvas.drawString(notes_x, y + 0.8 * mm, caption)
    canvas.setDash()


def _draw_open_box(canvas: Canvas, action_box: ActionBox, name: str, cell: Box, scheme) -> None:
    """One box as on the card: framed in its action colour, icons × value, the value, a tick box."""
    action = scheme.actions[action_box.type.value]
    inset = 0.45 * mm
    x, y, w, h = cell.x, cell.y + inset, cell.width, cell.height - 2 * inset
    canvas.setFillColor(BOX_TINT)
    canvas.setStrokeColor(HexColor(action.colour))
    canvas.setLineWidth(0.9)
    canvas.roundRect(x, y, w, h, 1 * mm, stroke=1, fill=1)
    middle = y + h / 2
    tick = min(TICK, h - 1.2 * mm)
    canvas.setFillColor(white)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.rect(x + 1 * mm, middle - tick / 2, tick, tick, stroke=1, fill=1)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, LABEL_SIZE)
    canvas.drawString(x + 1.6 * mm + tick, middle - 2.1, name)
    icon = min(h * 0.7, 3.4 * mm)
    first = x + 1.6 * mm + tick + 3.6 * mm
    for k in range(action_box.value):
        fit_icon(canvas, action.icon, first + icon / 2 + k * (icon + 0.35 * mm), middle, icon, action.colour)
    canvas.setFillColor(HexColor(action.colour))
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawRightString(x + w - 1.2 * mm, middle - 3.2, str(action_box.value))
