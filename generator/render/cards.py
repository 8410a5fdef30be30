"""Game cards, 63 × 88 mm, nine to a page: start cards, double-sided action cards, assignments.

The nine cards of a page share their cut lines (a home 9-up has no room for bleed around every
card) and the crop marks sit in the margin, long enough to survive the first cut. Action cards are
printed front page, then back page with the columns mirrored for a long-edge flip (back x =
page width − x − card width), shifted by the user's measured duplex offset; the alignment test is
one sheet (two pages) that measures that offset.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence
from urllib.parse import urlparse

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.render.citymap import fit_icon
from generator.render.icon_scheme import IconScheme, load_icon_scheme
from generator.files import atomic_output
from generator.render.pdf import FONT, FONT_BOLD, Paper, new_canvas
from generator.render.qr import QUIET_ZONE, draw_qr, qr_matrix
from generator.render.sheet_style import load_sheet_style
from generator.render.wrap import wrap_words
from generator.rules.assignments import MAX_SETS, TYPE6_DRAWN, Assignment, Kind
from generator.rules.cards import ActionCard
from generator.rules.city import EAT, City, StartCard

CARD_W, CARD_H = 63 * mm, 88 * mm  # poker size
ACROSS, DOWN = 3, 3
PER_PAGE = ACROSS * DOWN
MARK_GAP, MARK_LENGTH = 1.5 * mm, 4 * mm  # crop marks start this far from the block
BLEED = 2 * mm  # back colour runs this far past the outer edge of the block
INSET = 3 * mm
QR_ROOM = 27 * mm  # the widest a start card's QR code may be, quiet zone included
MIN_MODULE, MAX_MODULE = 0.5 * mm, 0.75 * mm

INK = Color(0.1, 0.1, 0.1)
GREY = Color(0.42, 0.42, 0.42)
CUT = Color(0.6, 0.6, 0.6)
BOX_TINT = Color(0.95, 0.95, 0.95)
BACK_TINT = Color(0.22, 0.31, 0.42)
KIND_TITLES = {
    Kind.CATEGORY_RACE: "First to {count} goals",
    Kind.SETS: "Points per set",
    Kind.MOST: "Most goals",
    Kind.LOCATION_RACE: "First to these 3 goals",
    Kind.SHOP_RACE: "First to these 3 shops",
    Kind.DRAWN_STARTS: "Extra start locations",
}


@dataclass(frozen=True)
class Slot:
    """A card's lower-left corner on the page."""

    x: float
    y: float


def card_slots(paper: Paper) -> tuple[Slot, ...]:
    """The nine card positions, left to right and top to bottom, centred on the paper."""
    left = (paper.width - ACROSS * CARD_W) / 2
    bottom = (paper.height - DOWN * CARD_H) / 2
    return tuple(Slot(left + c * CARD_W, bottom + (DOWN - 1 - r) * CARD_H) for r in range(DOWN) for c in range(ACROSS))


def back_slot(slot: Slot, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of the card at `slot` goes for a long-edge flip, shifted by `offset` (pt)."""
    return Slot(paper.width - slot.x - CARD_W + offset[0], slot.y + offset[1])


def _points(offset_mm: tuple[float, float]) -> tuple[float, float]:
    return (offset_mm[0] * mm, offset_mm[1] * mm)


# --- pages ---------------------------------------------------------------------------------------


def render_start_cards(city: City, paper: Paper, out: Path) -> Path:
    cards = [city.start_cards[n] for n in sorted(city.start_cards)]
    return _render_fronts(city, paper, out, f"Citytrip {city.name} start cards", cards, _draw_start_card)


def render_assignment_cards(city: City, paper: Paper, out: Path) -> Path:
    cards = [city.assignments[k] for k in sorted(city.assignments, key=lambda k: (int(k.split(".")[0]), k))]
    return _render_fronts(city, paper, out, f"Citytrip {city.name} assignment cards", cards, _draw_assignment_card)


def render_action_cards(city: City, paper: Paper, out: Path, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Path:
    """Front page, back page (mirrored, shifted by `offset_mm`: right and up), front page, … for a
    duplex print."""
    offset = _points(offset_mm)
    cards = [city.action_cards[n] for n in sorted(city.action_cards)]
    slots = card_slots(paper)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=f"Citytrip {city.name} action cards",
                            subject="print double-sided, flip on the long edge, at 100 %")
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        for start in range(0, len(cards), PER_PAGE):
            page = cards[start:start + PER_PAGE]
            for card, slot in zip(page, slots):
                _draw_action_face(canvas, city, card, "A", slot)
            _draw_cut_grid(canvas, paper, slots[:len(page)])
            canvas.showPage()
            backs = [back_slot(slot, paper, offset) for slot in slots[:len(page)]]
            _draw_back_bleed(canvas, backs)
            for card, slot in zip(page, backs):
                _draw_action_face(canvas, city, card, "B", slot)
            canvas.showPage()
        canvas.save()
    return Path(out)


def render_alignment_test(paper: Paper, out: Path, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Path:
    """One sheet (two pages): crosses at the card centres on the front, mm scales on the back
    (shifted by `offset_mm`, as the action cards' backs)."""
    offset = _points(offset_mm)
    slots = card_slots(paper)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title="Card duplex alignment test",
                            subject="print double-sided, flip on the long edge, at 100 %")
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        for slot in slots:
            _draw_outline(canvas, slot)
            _draw_cross(canvas, slot.x + CARD_W / 2, slot.y + CARD_H / 2, 6 * mm)
        _draw_cut_grid(canvas, paper, slots)
        _draw_instructions(canvas, paper, [
            "Duplex alignment test: print this page and the next on one sheet, double-sided, flipped on the",
            "long edge, at 100 % (actual size). Hold the sheet against the light: each back scale should be",
            "centred on a front cross. Read where the front cross falls on the back scale (mm; right and up",
            "are +) and pass the shift as: citytrip cards --back-offset-mm X,Y (the back moves by X,Y).",
        ])
        canvas.showPage()
        for slot in slots:
            back = back_slot(slot, paper, offset)
            _draw_outline(canvas, back)
            _draw_scale(canvas, back.x + CARD_W / 2, back.y + CARD_H / 2)
        _draw_instructions(canvas, paper, [f"Back side. Current offset: {offset[0] / mm:+.1f} mm, {offset[1] / mm:+.1f} mm."])
        canvas.showPage()
        canvas.save()
    return Path(out)


def _render_fronts(city: City, paper: Paper, out: Path, title: str, cards: Sequence, draw: Callable) -> Path:
    slots = card_slots(paper)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=title, subject="print single-sided at 100 %")
        for start in range(0, len(cards), PER_PAGE):
            page = cards[start:start + PER_PAGE]
            for card, slot in zip(page, slots):
                draw(canvas, city, card, slot)
            _draw_cut_grid(canvas, paper, slots[:len(page)])
            canvas.showPage()
        canvas.save()
    return Path(out)


# --- cut lines and crop marks ----------------------------------------------------------------------


def _draw_cut_grid(canvas: Canvas, paper: Paper, slots: Sequence[Slot]) -> None:
    """Hairline shared cut lines around the cards, and crop marks in the margin on every cut."""
    canvas.saveState()
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.25)
    for slot in slots:
        canvas.rect(slot.x, slot.y, CARD_W, CARD_H, stroke=1, fill=0)
    full = card_slots(paper)
    left, bottom = full[6].x, full[6].y
    right, top = left + ACROSS * CARD_W, bottom + DOWN * CARD_H
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.3)
    for c in range(ACROSS + 1):
        x = left + c * CARD_W
        canvas.line(x, top + MARK_GAP, x, min(paper.height, top + MARK_GAP + MARK_LENGTH))
        canvas.line(x, bottom - MARK_GAP, x, max(0.0, bottom - MARK_GAP - MARK_LENGTH))
    for r in range(DOWN + 1):
        y = bottom + r * CARD_H
        canvas.line(left - MARK_GAP, y, max(0.0, left - MARK_GAP - MARK_LENGTH), y)
        canvas.line(right + MARK_GAP, y, min(paper.width, right + MARK_GAP + MARK_LENGTH), y)
    canvas.restoreState()


def _draw_back_bleed(canvas: Canvas, slots: Sequence[Slot]) -> None:
    """The backs' colour under the whole block plus a bleed, so a small duplex shift shows no white."""
    xs = [s.x for s in slots]
    ys = [s.y for s in slots]
    canvas.saveState()
    canvas.setFillColor(BACK_TINT)
    canvas.rect(min(xs) - BLEED, min(ys) - BLEED, max(xs) - min(xs) + CARD_W + 2 * BLEED,
                max(ys) - min(ys) + CARD_H + 2 * BLEED, stroke=0, fill=1)
    canvas.restoreState()


def _draw_outline(canvas: Canvas, slot: Slot) -> None:
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.3)
    canvas.rect(slot.x, slot.y, CARD_W, CARD_H, stroke=1, fill=0)


def _draw_cross(canvas: Canvas, x: float, y: float, size: float) -> None:
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.3)
    canvas.line(x - size, y, x + size, y)
    canvas.line(x, y - size, x, y + size)
    canvas.circle(x, y, 1 * mm, stroke=1, fill=0)


def _draw_scale(canvas: Canvas, x: float, y: float) -> None:
    """A ±5 mm scale in both directions, a tick per millimetre, a longer one every 5."""
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.25)
    canvas.line(x - 5 * mm, y, x + 5 * mm, y)
    canvas.line(x, y - 5 * mm, x, y + 5 * mm)
    canvas.setFont(FONT, 4.5)
    canvas.setFillColor(INK)
    for k in range(-5, 6):
        tick = (1.6 if k % 5 == 0 else 0.9) * mm
        canvas.line(x + k * mm, y - tick, x + k * mm, y + tick)
        canvas.line(x - tick, y + k * mm, x + tick, y + k * mm)
        if k and k % 5 == 0:
            canvas.drawCentredString(x + k * mm, y - 3.6 * mm, f"{k:+d}")
            canvas.drawString(x + 2 * mm, y + k * mm - 1.5, f"{k:+d}")


def _draw_instructions(canvas: Canvas, paper: Paper, lines: list[str]) -> None:
    canvas.setFillColor(INK)
    canvas.setFont(FONT, 6.5)
    bottom = card_slots(paper)[6].y
    y = bottom - MARK_GAP - MARK_LENGTH - 2 * mm
    for line in lines:
        if y < 3 * mm:
            break
        canvas.drawString(8 * mm, y - 6.5, line)
        y -= 8


# --- start cards ----------------------------------------------------------------------------------


def qr_module(url: str) -> float:
    """The module size that fits the code into QR_ROOM, kept between 0.5 and 0.75 mm to scan."""
    modules = qr_matrix(url).modules + 2 * QUIET_ZONE
    return max(MIN_MODULE, min(MAX_MODULE, QR_ROOM / modules))


def _draw_start_card(canvas: Canvas, city: City, card: StartCard, slot: Slot) -> None:
    scheme = load_icon_scheme()
    location = card.location
    style = scheme.categories.get(location.category)
    colour = style.colour if style else "#222222"
    icon = _goal_icon(location.category, location.eatery, scheme)
    x, y, top = slot.x, slot.y, slot.y + CARD_H
    band = 11 * mm
    canvas.setFillColor(HexColor(colour))
    canvas.rect(x, top - band, CARD_W, band, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(FONT_BOLD, 8)
    canvas.drawString(x + INSET, top - band / 2 - 2.8, f"START {card.number:02d}")
    canvas.setFont(FONT, 6.5)
    canvas.drawRightString(x + CARD_W - INSET - 7 * mm, top - band / 2 - 2.3, f"Citytrip {city.name}")
    fit_icon(canvas, icon, x + CARD_W - INSET - 2.8 * mm, top - band / 2, 5.6 * mm, white)

    # Name, then the coordinate and goal icon large: the rulebook's "find this spot" aid.
    width = CARD_W - 2 * INSET
    name_size, name_lines = _fit_lines(location.name, width, FONT_BOLD, 10.5, 7.5, 2)
    cursor = top - band - 2.5 * mm
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, name_size)
    for line in name_lines:
        cursor -= name_size
        canvas.drawString(x + INSET, cursor, line)
        cursor -= name_size * 0.2

    # The QR code in the lower left, the coordinate beside it.
    module = qr_module(location.url)
    qr_size = draw_qr(canvas, location.url, x + INSET - QUIET_ZONE * module, y + INSET - QUIET_ZONE * module, module)
    qr_top = y + INSET - QUIET_ZONE * module + qr_size
    right_x = x + INSET + qr_size - 2 * QUIET_ZONE * module + 3 * mm
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 20)
    canvas.drawString(right_x, y + INSET + 14.5 * mm, str(location.at))
    fit_icon(canvas, icon, right_x + stringWidth(str(location.at), FONT_BOLD, 20) + 5 * mm, y + INSET + 18 * mm,
             7 * mm, colour)
    label = city.rules.categories[location.category].label if location.category in city.rules.categories else ""
    room = x + CARD_W - INSET - right_x
    size, lines = _fit_lines(label, room, FONT, 6, 5, 2)
    canvas.setFont(FONT, size)
    canvas.setFillColor(GREY)
    for i, line in enumerate(lines):
        canvas.drawString(right_x, y + INSET + 9 * mm - i * size * 1.15, line)
    host = urlparse(location.url).netloc.removeprefix("www.")
    host_size, host_lines = _fit_lines(host, room, FONT, 5.5, 4.5, 1)
    canvas.setFont(FONT, host_size)
    canvas.drawString(right_x, y + INSET + 0.5 * mm, host_lines[0])
    canvas.drawString(right_x, y + INSET + 0.5 * mm + host_size * 1.3, "Scan for more:")

    # The description fills the room between the name and the QR code (shrink to fit).
    room_top, room_bottom = cursor - 1.5 * mm, qr_top + 1 * mm
    size = 8.0
    while True:
        lines = wrap_words(card.description, width, FONT, size)
        if len(lines) * size * 1.2 <= room_top - room_bottom or size <= 5.0:
            break
        size -= 0.25
    canvas.setFont(FONT, size)
    canvas.setFillColor(INK)
    line_y = room_top - size
    for line in lines:
        canvas.drawString(x + INSET, line_y, line)
        line_y -= size * 1.2


def _fit_lines(text: str, width: float, font: str, size: float, smallest: float, max_lines: int) -> tuple[float, list[str]]:
    """The largest size ≥ `smallest` at which `text` wraps into at most `max_lines` lines."""
    while True:
        lines = wrap_words(text, width, font, size) or [""]
        fits = len(lines) <= max_lines and all(stringWidth(line, font, size) <= width for line in lines)
        if fits or size <= smallest:
            return size, lines[:max_lines]
        size -= 0.25


def _goal_icon(category: str, eatery: str | None, scheme: IconScheme) -> str:
    if category == EAT:
        return load_sheet_style().eatery_icon(eatery)
    style = scheme.categories.get(category)
    return style.icon if style else "circle-question"


# --- action cards ----------------------------------------------------------------------------------


def _draw_action_face(canvas: Canvas, city: City, card: ActionCard, side: str, slot: Slot) -> None:
    """Three boxes top to bottom (R7); each shows the half icon of the other face's box on the left."""
    scheme = load_icon_scheme()
    x, y = slot.x, slot.y
    canvas.saveState()
    canvas.setFillColor(BACK_TINT)  # both faces framed alike; the back page adds a bleed around it
    canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.roundRect(x + 1.2 * mm, y + 1.2 * mm, CARD_W - 2.4 * mm, CARD_H - 2.4 * mm, 2.5 * mm, stroke=0, fill=1)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, 6)
    canvas.drawCentredString(x + CARD_W / 2, y + CARD_H - 4.8 * mm, f"{card.number}{side}")
    face = card.face(side)
    halves = card.half_icons(side)
    box_h = (CARD_H - 9 * mm) / 3
    for i, box in enumerate(face):
        top = y + CARD_H - 6.5 * mm - i * box_h
        action = scheme.actions[box.type.value]
        bx, by, bw, bh = x + 5.5 * mm, top - box_h + 1.2 * mm, CARD_W - 8.5 * mm, box_h - 2.4 * mm
        canvas.setFillColor(BOX_TINT)
        canvas.setStrokeColor(HexColor(action.colour))
        canvas.setLineWidth(1.2)
        canvas.roundRect(bx, by, bw, bh, 2 * mm, stroke=1, fill=1)
        middle = by + bh / 2
        icon = min(10 * mm, (bw - 16 * mm) / 3)
        for k in range(box.value):
            fit_icon(canvas, action.icon, bx + 6 * mm + icon / 2 + k * (icon + 1.5 * mm), middle, icon, action.colour)
        canvas.setFillColor(HexColor(action.colour))
        canvas.setFont(FONT_BOLD, 22)
        canvas.drawRightString(bx + bw - 3 * mm, middle - 7.5, str(box.value))
        # The half icon sits on the card's left edge, cut by it: only its right half prints.
        other = scheme.actions[halves[i].value]
        clip = canvas.beginPath()
        clip.rect(x, y, CARD_W, CARD_H)
        canvas.saveState()
        canvas.clipPath(clip, stroke=0, fill=0)
        fit_icon(canvas, other.icon, x, middle, 8 * mm, other.colour)
        canvas.restoreState()
    canvas.restoreState()


# --- assignment cards ------------------------------------------------------------------------------


def _draw_assignment_card(canvas: Canvas, city: City, assignment: Assignment, slot: Slot) -> None:
    scheme = load_icon_scheme()
    style = load_sheet_style()
    x, y, top = slot.x, slot.y, slot.y + CARD_H
    band = 11 * mm
    canvas.setFillColor(INK)
    canvas.rect(x, top - band, CARD_W, band, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawString(x + INSET, top - band / 2 - 3, f"ASSIGNMENT {assignment.type}")
    canvas.setFont(FONT, 7)
    canvas.drawRightString(x + CARD_W - INSET - 7 * mm, top - band / 2 - 2.5, assignment.id)
    during = assignment.is_race
    fit_icon(canvas, style.marks["assignment"] if during else "hourglass-end", x + CARD_W - INSET - 2.8 * mm,
             top - band / 2, 5 * mm, white)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 9)
    title = KIND_TITLES[assignment.kind].format(count=assignment.count)
    canvas.drawString(x + INSET, top - band - 6 * mm, title)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, 6)
    canvas.drawString(x + INSET, top - band - 9.5 * mm,
                      "Scored during the game" if during else "Scored at the end of the game")
    body_top = top - band - 13 * mm
    width = CARD_W - 2 * INSET
    if assignment.counts_category:
        category = assignment.category or ""
        cat_style = scheme.categories.get(category)
        icon, colour = (cat_style.icon, cat_style.colour) if cat_style else ("circle-question", "#222222")
        count = assignment.need
        size = min(12 * mm, width / max(count, 1) - 1 * mm)
        for k in range(count):
            fit_icon(canvas, icon, x + INSET + size / 2 + k * (size + 1 * mm), body_top - size / 2 - 1 * mm, size, colour)
        label = city.rules.categories[category].label if category in city.rules.categories else category
        text = f"{assignment.count} × {label}" if assignment.is_race else f"Most goals: {label}"
        _draw_paragraph(canvas, text, x + INSET, body_top - size - 4 * mm, width, 7)
    elif assignment.is_set:
        size = 10 * mm
        cx = x + INSET
        for k, category in enumerate(assignment.categories):
            cat_style = scheme.categories.get(category)
            if k:
                canvas.setFillColor(INK)
                canvas.setFont(FONT_BOLD, 12)
                canvas.drawCentredString(cx + 2.5 * mm, body_top - size / 2 - 5, "+")
                cx += 6 * mm
            fit_icon(canvas, cat_style.icon if cat_style else "circle-question", cx + size / 2, body_top - size / 2 - 1 * mm,
                     size, cat_style.colour if cat_style else "#222222")
            cx += size + 1 * mm
        labels = " + ".join(city.rules.categories[c].label for c in assignment.categories if c in city.rules.categories)
        _draw_paragraph(canvas, f"{assignment.values[0]} points per set of {labels}, at most {MAX_SETS} sets",
                        x + INSET, body_top - size - 4 * mm, width, 7)
    elif assignment.names_locations:
        row = 9 * mm
        for k, at in enumerate(assignment.locations):
            location = city.locations.get(at)
            if location is None:
                continue
            cy = body_top - k * row - row / 2
            cat_style = scheme.categories.get(location.category)
            fit_icon(canvas, _goal_icon(location.category, location.eatery, scheme), x + INSET + 3 * mm, cy, 5.5 * mm,
                     cat_style.colour if cat_style else "#222222")
            canvas.setFillColor(INK)
            canvas.setFont(FONT_BOLD, 8)
            canvas.drawRightString(x + CARD_W - INSET, cy - 2.8, str(at))
            room = width - 8 * mm - stringWidth(str(at), FONT_BOLD, 8) - 2 * mm
            size, lines = _fit_lines(location.name, room, FONT, 7, 5.5, 2)
            canvas.setFont(FONT, size)
            first = cy + (len(lines) - 1) * size * 0.6 - size * 0.35
            for i, line in enumerate(lines):
                canvas.drawString(x + INSET + 8 * mm, first - i * size * 1.2, line)
    else:
        _draw_paragraph(canvas, f"Draw {TYPE6_DRAWN} start cards and lay them out with their coordinates visible. "
                        "Points for how many of their locations you achieve:", x + INSET, body_top, width, 6.8)
    _draw_values(canvas, assignment, slot)


def _draw_paragraph(canvas: Canvas, text: str, x: float, top: float, width: float, size: float) -> None:
    canvas.setFillColor(INK)
    canvas.setFont(FONT, size)
    for i, line in enumerate(wrap_words(text, width, FONT, size)):
        canvas.drawString(x, top - size - i * size * 1.2, line)


def _draw_values(canvas: Canvas, assignment: Assignment, slot: Slot) -> None:
    """The points along the bottom: first / second / later, a set value, or the type-6 table."""
    x, y = slot.x + INSET, slot.y + INSET
    width = CARD_W - 2 * INSET
    values = assignment.values
    if assignment.is_drawn_starts:
        captions = [str(k) for k in range(len(values))]
    elif assignment.is_race:
        captions = ["1st", "2nd", "later"][: len(values)]
    else:
        captions = ["points"]
    cell = width / len(values)
    height = 11 * mm
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(INK)
    for k, value in enumerate(values):
        cx = x + k * cell
        canvas.setFillColor(BOX_TINT if k else Color(0.85, 0.85, 0.85))
        canvas.rect(cx, y, cell, height, stroke=1, fill=1)
        canvas.setFillColor(GREY)
        canvas.setFont(FONT, 5.5)
        canvas.drawCentredString(cx + cell / 2, y + height - 3 * mm, captions[k])
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, 11 if len(values) <= 3 else 8.5)
        canvas.drawCentredString(cx + cell / 2, y + 2.2 * mm, str(value))
