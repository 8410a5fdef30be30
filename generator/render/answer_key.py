"""The daily puzzle's answer key: the par plan drawn on the map, turn by turn, and its score.

Page 1 is the map with the answer route (one line per path end, R6), each turn's end node marked
with the turn's number, every achieved goal ticked, and the score breakdown of the replayed plan
(strips, assignments, hunted, total = par, R17). Page 2 lists the plan turn by turn: the boxes
taken (R8), the bonus actions used (R9), the nodes entered by each end (R5, R6) and the goals
achieved (R10). Everything comes from the plan and the engine's replay, never recomputed here.

Both pages speak the language in use and the city's words in it (wording.city_words: Antwerpen's
missions, rush turns and rating), set nothing under MIN_TEXT, keep 5 mm clear of the paper's edge
and carry the 50-mm scale ruler.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.daily.job import Daily
from generator.language import N_, _, ngettext, pgettext
from generator.render.citymap import (DISC, DOT, EDGE_BAND, ICON, START_RING_WIDTH, Box, MapGeometry, draw_map, fit_icon,
                                     icon_slots, location_icons, start_letter, start_placement)
from generator.render.daily_sheet import CODE_LEADING, CODE_SIZE, code_rows, draw_daily_header, fit_string
from generator.render.daily_text import (bonus_text, box_text, category_name, date_text, goals_text, key_title_text,
                                         moves_text, par_text, plan_table_title, target_par_text, total_label)
from generator.render.icon_scheme import load_icon_scheme
from generator.render.key_marks import CLEARANCE, Circle, Rect, place_badges
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, RULER_HEIGHT, Paper, draw_ruler, ruler_width
from generator.render.sheet import GAP, GREY, INK, MARGIN, RULE
from generator.render.sheet_style import load_sheet_style
from generator.render.wrap import shrunk_size, wrap_fitting
from generator.render.wording import capital, location_name
from generator.rules.city import city_words
from generator.rules.grid import Coord
from generator.rules.puzzle import Puzzle
from generator.rules.tally import bonus_positions

HEADER = 22 * mm  # title, date and level, target and par, certificate; the code lines come under it
ROW = 5 * mm
TEXT = 7
LEADING = 8.4
MIN_MARK = 2.2 * mm  # a tick or a turn badge stays visible on a small letter-size map
# Marks grow with the map's cells up to these sizes, and no further: on a mini's map (cells of
# about 110 pt, five times the daily's) a badge as big as the cell allows hid the location icons
# it labels. The daily's marks stay under the caps (its cells are at most 25.3 pt).
BADGE_SHARE = 0.21  # a badge's radius, in cells
BADGE_RADIUS = 7.5  # points: a 10-pt number with a rim
BADGE_TEXT = 10.0
MAX_TICK = 10.0  # points


@dataclass(frozen=True)
class KeyLayout:
    header: Box
    map: Box
    breakdown: Box


def layout_key(daily: Daily, paper: Paper) -> KeyLayout:
    """Header on top, the breakdown at the bottom, the map takes the rest."""
    width = paper.width - 2 * MARGIN
    height = HEADER + len(code_rows(code_caption(daily), width)) * CODE_LEADING
    header = Box(MARGIN, paper.height - MARGIN - height, width, height)
    rows = max(-(-len(_strip_rows(daily)) // 2), len(daily.puzzle.assignments) + 3)
    height = (rows + 1) * ROW + 2 * mm
    room = header.y - GAP - (MARGIN + height + GAP)
    grid = daily.puzzle.city.grid
    # A map limited by the page width would leave a band of white above and below it: give the
    # spare height to the bottom margin instead, so the breakdown sits right under the map.
    needed = (width - 2 * EDGE_BAND) / grid.columns * grid.rows + 2 * EDGE_BAND
    map_height = min(room, needed)
    map_box = Box(MARGIN, header.y - GAP - map_height, width, map_height)
    breakdown = Box(MARGIN, map_box.y - GAP - height, width, height)
    return KeyLayout(header, map_box, breakdown)


def code_caption(daily: Daily) -> str:
    """The puzzle code as the key's header prints it, under its name."""
    return _("Puzzle code {code}").format(code=daily.code)


def route_of(puzzle: Puzzle, daily: Daily) -> list[list[Coord]]:
    """The path walked by each end, from the start (R4, R6): one list of nodes per end."""
    ends: list[list[Coord]] = [[puzzle.start], [puzzle.start]]
    for turn in daily.answer.turns:
        for end, nodes in enumerate(turn.moves):
            ends[end].extend(nodes)
    return [nodes for nodes in ends if len(nodes) > 1]


def turn_marks(daily: Daily) -> list[tuple[Coord, int]]:
    """(node, turn number) for the last node each end entered in each turn."""
    marks = []
    for t, turn in enumerate(daily.answer.turns):
        for nodes in turn.moves:
            if nodes:
                marks.append((nodes[-1], t + 1))
    return marks


def draw_key_page(canvas: Canvas, daily: Daily, layout: KeyLayout) -> None:
    puzzle = daily.puzzle
    subtitle = _("this plan scores {score}").format(score=daily.report.score)
    box = layout.header
    draw_daily_header(canvas, daily, box, title=key_title_text(daily), subtitle=subtitle, assignments=False, qr=False)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, CODE_SIZE)
    for i, line in enumerate(code_rows(code_caption(daily), box.width)):
        canvas.drawString(box.x, box.top - HEADER - i * CODE_LEADING - 1.5 * mm, line)
    geometry = draw_map(canvas, puzzle.city, puzzle.mode, layout.map, start=puzzle.start, route=route_of(puzzle, daily),
                        district=puzzle.district)
    ticks = _draw_achieved(canvas, daily, geometry)
    _draw_turn_marks(canvas, daily, geometry, [*start_mark(geometry, puzzle.start), *ticks])
    draw_breakdown(canvas, daily, layout.breakdown)


def _draw_achieved(canvas: Canvas, daily: Daily, geometry: MapGeometry) -> list[Circle]:
    """A tick at the lower right of every location whose goal the plan achieves (R10, R12);
    returns the ticks' discs, which the turn badges keep clear of."""
    colour = load_sheet_style().colours["route"]
    size = max(MIN_MARK, min(MAX_TICK, geometry.cell * 0.36))
    offset = DISC * geometry.cell * 0.72
    achieved = [daily.puzzle.start] + [claim.at for turn in daily.answer.turns for claim in turn.goals]
    ticks = []
    for at in achieved:
        x, y = geometry.point(at)
        canvas.setFillColor(white)
        canvas.circle(x + offset, y - offset, size * 0.5, stroke=0, fill=1)
        fit_icon(canvas, "circle-check", x + offset, y - offset, size, colour)
        ticks.append(Circle(x + offset, y - offset, size * 0.5))
    return ticks


def start_mark(geometry: MapGeometry, at: Coord) -> list[Circle | Rect]:
    """The ink of the start's ring and its letter ("S", French "D"), where citymap.draw_start puts them."""
    mark = start_placement(geometry, at)
    left, base, size = mark.letter_x, mark.letter_y, mark.letter_size
    # The letter's ink: from a hair under the baseline to its cap height (0.73 em in Vera Bold).
    letter = Rect(left, base - 0.03 * size, left + stringWidth(start_letter(), FONT_BOLD, size), base + 0.76 * size)
    return [Circle(mark.x, mark.y, mark.ring + START_RING_WIDTH / 2), letter]


def badge_size(geometry: MapGeometry, number: int) -> tuple[float, float]:
    """(radius, type size) of turn `number`'s badge: it grows with the cell up to BADGE_RADIUS
    and BADGE_TEXT, its number never under MIN_TEXT, and the disc always holds the number with a
    rim to spare."""
    text = str(number)
    size = max(MIN_TEXT, min(BADGE_TEXT, geometry.cell * BADGE_SHARE * (1.25 if number < 10 else 1.05)))
    radius = max(MIN_MARK / 2, min(BADGE_RADIUS, geometry.cell * BADGE_SHARE),
                 stringWidth(text, FONT_BOLD, size) / 2 + 1.0, size * 0.55)
    return radius, size


def roomy(geometry: MapGeometry) -> bool:
    """Whether the map's cells are so large that its badges are at their cap (a mini's map): a
    badge then fits beside its node's icon. On the daily's map a readable badge is as large as
    the room between an icon and its disc's rim, so it overlaps the icon's corner there."""
    return geometry.cell * BADGE_SHARE >= BADGE_RADIUS


def icon_marks(puzzle: Puzzle, geometry: MapGeometry) -> list[Rect]:
    """The squares the map's location icons are drawn in (citymap.icon_slots)."""
    style, scheme = load_sheet_style(), load_icon_scheme()
    frames = []
    for location in puzzle.city.locations.values():
        x, y = geometry.point(location.at)
        count = len(location_icons(location, puzzle.mode, style, scheme))
        frames += [slot.frame for slot in icon_slots(count, x, y, geometry.cell)]
    return [Rect(f.x, f.y, f.x + f.width, f.top) for f in frames]


def badge_corner(puzzle: Puzzle, geometry: MapGeometry, at: Coord, radius: float) -> float:
    """How far a badge's first spot is from its node along each axis: on the disc's rim; on a
    roomy map just off the corner of the location's icon, half over the rim (out of the way of
    the route's straight segments through the node), or just off a plain node's dot."""
    if not roomy(geometry):
        return DISC * geometry.cell * 0.72
    off = (radius + 2 * CLEARANCE) / math.sqrt(2)
    if at in puzzle.city.locations:
        return ICON * geometry.cell / 2 + off
    return DOT * geometry.cell / math.sqrt(2) + off


def badge_discs(daily: Daily, geometry: MapGeometry, marks: list[Circle | Rect]) -> list[tuple[Circle, int]]:
    """Each turn badge's disc and number: by its node's upper left when that is free, elsewhere
    around the node when the start mark, a tick or an earlier badge is there (key_marks.py), or,
    on a roomy map, a location's icon."""
    puzzle = daily.puzzle
    numbered = turn_marks(daily)
    badges = []
    for at, number in numbered:
        x, y = geometry.point(at)
        radius = badge_size(geometry, number)[0]
        badges.append((x, y, radius, badge_corner(puzzle, geometry, at, radius)))
    if roomy(geometry):
        marks = [*marks, *icon_marks(puzzle, geometry)]
    discs = place_badges(badges, marks)
    return [(disc, number) for disc, (_, number) in zip(discs, numbered)]


def _draw_turn_marks(canvas: Canvas, daily: Daily, geometry: MapGeometry, marks: list[Circle | Rect]) -> None:
    """The turn number in a disc next to the node where an end stopped that turn."""
    colour = HexColor(load_sheet_style().colours["route"])
    for disc, number in badge_discs(daily, geometry, marks):
        canvas.setFillColor(colour)
        canvas.setStrokeColor(white)
        canvas.setLineWidth(0.5)
        canvas.circle(disc.x, disc.y, disc.r, stroke=1, fill=1)
        canvas.setFillColor(white)
        size = badge_size(geometry, number)[1]
        canvas.setFont(FONT_BOLD, size)
        canvas.drawCentredString(disc.x, disc.y - size * 0.36, str(number))


# --- the score breakdown ---------------------------------------------------------------------------


def _strip_rows(daily: Daily) -> list[tuple[str, str, int, int]]:
    """(category, label, goals achieved, score) per strip, in the legend's order (R15)."""
    city = daily.puzzle.city
    breakdown = daily.report.breakdown
    counts = daily.report.sheet.tally.crossings
    rows = []
    for name, category in city.rules.categories.items():
        if name in breakdown.strips:
            # The category's short name: the legend's long labels do not fit a third of the page.
            rows.append((name, capital(category_name(name)), counts.get(name, 0), breakdown.strips[name]))
    return rows


def draw_breakdown(canvas: Canvas, daily: Daily, box: Box) -> None:
    """Strips in two columns, then assignments, hunted and the total, which is the par (R17)."""
    scheme = load_icon_scheme()
    style = load_sheet_style()
    words = city_words(daily.puzzle.city)
    breakdown = daily.report.breakdown
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.6)
    canvas.line(box.x, box.top, box.x + box.width, box.top)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 8)
    canvas.drawString(box.x, box.top - 4 * mm, _("Score breakdown"))
    rows = _strip_rows(daily)
    half = -(-len(rows) // 2)
    column = (box.width - 2 * GAP) * 0.31
    for i, (name, label, count, score) in enumerate(rows):
        x = box.x + (i // half) * (column + GAP)
        y = box.top - ROW - (i % half + 1) * ROW
        icon = scheme.categories.get(name)
        fit_icon(canvas, icon.icon if icon else "circle-question", x + 2 * mm, y + ROW / 2, ROW * 0.6,
                 icon.colour if icon else "#222222")
        if name == "eat" and breakdown.eat_doubled:
            goals = ngettext("{count} goal ×2 restaurant", "{count} goals ×2 restaurant", count).format(count=count)
        else:
            goals = ngettext("{count} goal", "{count} goals", count).format(count=count)
        _row(canvas, x + 5 * mm, y, column - 5 * mm, label, goals, score)
    x = box.x + 2 * (column + GAP)
    right = box.width - 2 * (column + GAP)
    y = box.top - 2 * ROW
    for assignment in daily.puzzle.assignments:
        fit_icon(canvas, style.marks["assignment"], x + 2 * mm, y + ROW / 2, ROW * 0.6, INK)
        if breakdown.assignments_complete.get(assignment.id):
            state = pgettext("assignment", "achieved")
        else:
            state = pgettext("assignment", "not achieved")
        label = _("{Assignment} {id}").format(Assignment=capital(words.assignment), id=assignment.id)
        _row(canvas, x + 5 * mm, y, right - 5 * mm, label, state, breakdown.assignments.get(assignment.id, 0))
        y -= ROW
    fit_icon(canvas, style.marks["hunted"], x + 2 * mm, y + ROW / 2, ROW * 0.6, INK)
    hunts = daily.report.sheet.hunted
    turns = ngettext("{count} {hunted_turn}", "{count} {hunted_turn}s", hunts).format(
        count=hunts, hunted_turn=words.hunted_turn, hunted_action=words.hunted_action)
    _row(canvas, x + 5 * mm, y, right - 5 * mm, capital(words.hunted_actions), turns, breakdown.hunted)
    y -= ROW + 1 * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    canvas.roundRect(x, y - 0.8 * mm, right, ROW + 1.6 * mm, 1.2 * mm, stroke=1, fill=0)
    fit_icon(canvas, style.marks["total"], x + 2.5 * mm, y + ROW / 2, ROW * 0.6, INK)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 9)
    total = _("{Appreciation} = {total}").format(Appreciation=capital(words.appreciation), total=total_label(daily))
    number = str(breakdown.total)
    room = right - 7.5 * mm - 2 * mm - stringWidth(number, FONT_BOLD, 9)
    fitted = shrunk_size(total, room, FONT_BOLD, 9, MIN_TEXT)
    if fitted != 9:  # a font change is written into the page: only for a label that needs it
        canvas.setFont(FONT_BOLD, fitted)
    canvas.drawString(x + 5.5 * mm, y + ROW / 2 - 3.2, total)
    if fitted != 9:
        canvas.setFont(FONT_BOLD, 9)
    canvas.drawRightString(x + right - 2 * mm, y + ROW / 2 - 3.2, number)


def _row(canvas: Canvas, x: float, y: float, width: float, label: str, note: str, score: int) -> None:
    """Label, a grey note and the score right-aligned, the label shrunk to fit (never under MIN_TEXT)
    or, still too long there, condensed."""
    score_w = 8 * mm
    note_w = stringWidth(note, FONT, MIN_TEXT)
    canvas.setFillColor(INK)
    fit_string(canvas, label, x, y + ROW / 2 - 2.4, width - score_w - note_w - 2 * mm, FONT, 7)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    canvas.drawRightString(x + width - score_w, y + ROW / 2 - 2.2, note)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 8)
    canvas.drawRightString(x + width, y + ROW / 2 - 2.8, str(score))
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.25)
    canvas.line(x, y, x + width, y)


# --- page 2: the plan turn by turn -----------------------------------------------------------------

COLUMNS = ((N_("Turn"), 0.06), (N_("Boxes"), 0.24), (N_("Bonus"), 0.09), (N_("Nodes entered"), 0.27),
           (N_("Goals achieved"), 0.34))
# Without bonus actions (the basic game, R9) the table drops that column, which would only hold
# dashes, and gives its room to the goals, the longest cells.
NO_BONUS_COLUMNS = ((N_("Turn"), 0.06), (N_("Boxes"), 0.24), (N_("Nodes entered"), 0.27),
                    (N_("Goals achieved"), 0.43))


def plan_columns(puzzle: Puzzle) -> tuple[tuple[str, float], ...]:
    """The plan table's (caption, share of the width) columns for `puzzle`."""
    return COLUMNS if bonus_positions(puzzle.city.rules, puzzle.mode) else NO_BONUS_COLUMNS


def draw_plan_table(canvas: Canvas, daily: Daily, paper: Paper) -> None:
    """The plan as a table, one row per turn, wrapped cells, on a page of its own."""
    puzzle = daily.puzzle
    words = city_words(puzzle.city)
    width = paper.width - 2 * MARGIN
    top = paper.height - MARGIN
    _draw_page_ruler(canvas, paper)
    canvas.setFillColor(INK)
    fit_string(canvas, plan_table_title(daily), MARGIN, top - 5 * mm, width - ruler_width() - GAP, FONT_BOLD, 12)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, 8)
    canvas.drawString(MARGIN, top - 9.5 * mm, f"{date_text(daily)}  ·  {target_par_text(daily).lower()}")
    start = puzzle.start_location
    canvas.setFillColor(INK)
    fit_string(canvas, _("Setup: the path starts on {location} ({at}); its goal is achieved for free.").format(
        location=location_name(start), at=puzzle.start), MARGIN, top - 14 * mm, width, FONT, TEXT)
    columns = plan_columns(puzzle)
    widths = [share * width for _, share in columns]
    y = _draw_column_heads(canvas, top - 20 * mm, columns, widths)
    for t, turn in enumerate(daily.answer.turns):
        boxes = " + ".join(box_text(puzzle, t, name) for name in turn.boxes)
        if turn.hunted:
            boxes = _("{boxes} ({hunted_turn})").format(boxes=boxes, hunted_turn=words.hunted_turn,
                                                        hunted_action=words.hunted_action)
        # Each column's cell, by its caption (the message id), so the columns alone choose the cells.
        texts = {
            "Turn": str(t + 1),
            "Boxes": boxes,
            "Bonus": ", ".join(bonus_text(use.value, use.action) for use in turn.bonus) or "–",
            "Nodes entered": moves_text(turn),
            "Goals achieved": goals_text(puzzle, turn),
        }
        cells = [texts[caption] for caption, _share in columns]
        wrapped = [wrap_fitting(text, w - 2 * mm, FONT, TEXT) or [""] for text, w in zip(cells, widths)]
        height = max(len(lines) for lines in wrapped) * LEADING + 2.2 * mm
        if y - height < MARGIN + 8 * mm:
            # Long goal lists could push a row off the page: continue on a new one.
            canvas.showPage()
            _draw_page_ruler(canvas, paper)
            y = _draw_column_heads(canvas, top - RULER_HEIGHT - 4 * mm, columns, widths)
        x = MARGIN
        for i, (lines, w) in enumerate(zip(wrapped, widths)):
            canvas.setFont(FONT_BOLD if i == 0 else FONT, TEXT)
            canvas.setFillColor(INK)
            for k, line in enumerate(lines):
                canvas.drawString(x + 1 * mm, y - 1.2 * mm - TEXT * 0.8 - k * LEADING, line)
            x += w
        y -= height
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.3)
        canvas.line(MARGIN, y, MARGIN + width, y)
    canvas.setFillColor(INK)
    total = _("Total {appreciation} {score} = {par}; target {target}.").format(
        appreciation=words.appreciation, Appreciation=capital(words.appreciation), score=daily.report.score,
        par=par_text(daily), target=puzzle.target)
    fit_string(canvas, total, MARGIN, y - 6 * mm, width, FONT_BOLD, 9)


def _draw_page_ruler(canvas: Canvas, paper: Paper) -> None:
    """The scale ruler in the top right corner, where the page's title leaves room."""
    draw_ruler(canvas, paper.width - MARGIN - ruler_width(), paper.height - MARGIN - RULER_HEIGHT)


def _draw_column_heads(canvas: Canvas, y: float, columns: tuple[tuple[str, float], ...], widths: list[float]) -> float:
    """The table's column captions on baseline `y`, ruled under; returns the rule's height."""
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, TEXT)
    x = MARGIN
    for (caption, _share), w in zip(columns, widths):
        text = _(caption)
        fitted = shrunk_size(text, w - 2 * mm, FONT_BOLD, TEXT, MIN_TEXT)
        if fitted != TEXT:  # a font change is written into the page: only for a caption that needs it
            canvas.setFont(FONT_BOLD, fitted)
        canvas.drawString(x + 1 * mm, y, text)
        if fitted != TEXT:
            canvas.setFont(FONT_BOLD, TEXT)
        x += w
    y -= 2 * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.line(MARGIN, y, MARGIN + sum(widths), y)
    return y
