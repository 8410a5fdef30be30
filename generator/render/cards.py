"""Game cards, 63 × 88 mm, nine to a page: start cards, double-sided action cards, assignments.

The page around the cards (cut lines, crop marks, the scale ruler) is card_layout's; the duplex
alignment test is card_alignment's. Action cards are printed front page, then back page with the
columns mirrored for a long-edge flip (back x = page width − x − card width), shifted by the user's
measured duplex offset. Every word a card prints that a rulebook names differently comes from the
city's wording table (Antwerpen's missions are Brugge's assignments), and every name, label and
description from generator/render/wording.py, in the language in use; the cards' own texts are
messages (`_()`). A longer Dutch or French text shrinks to fit its room, never under 6 pt, and a
word too long even then is broken with a hyphen.
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

from generator.files import atomic_output
from generator.language import N_, _, ngettext, pgettext
from generator.render.card_layout import (BLEED, CARD_H, CARD_W, INK, PER_PAGE, Slot, back_slot, card_block,
                                          card_slots, draw_cut_grid, draw_page_ruler, ruler_spot)
from generator.render.citymap import fit_icon
from generator.render.icon_scheme import IconScheme, IconStyle, load_icon_scheme
from generator.render.overflow import report
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, Paper, new_canvas
from generator.render.qr import QUIET_ZONE, draw_qr, qr_matrix
from generator.render.sheet_style import load_sheet_style
from generator.render.sheet import ordinal
from generator.render.wording import category_label, city_fills, location_name, location_url, start_description
from generator.render.wrap import fit_words, lines_fit, shrunk_size, wrap_fitting, wrap_words
from generator.rules.assignments import MAX_SETS, TYPE6_DRAWN, Assignment, Kind
from generator.rules.cards import ActionCard
from generator.rules.city import EAT, City, StartCard, city_words

INSET = 3 * mm
VALUES_HEIGHT = 11 * mm  # an assignment card's row of points along the bottom
QR_ROOM = 27 * mm  # the widest a start card's QR code may be, quiet zone included
MIN_MODULE, MAX_MODULE = 0.5 * mm, 0.75 * mm

GREY = Color(0.42, 0.42, 0.42)
BOX_TINT = Color(0.95, 0.95, 0.95)
BACK_TINT = Color(0.22, 0.31, 0.42)
KIND_TITLES = {  # translated where printed (`kind_title`)
    Kind.SETS: N_("Points per set"),
    Kind.MOST: N_("Most goals"),
    Kind.LOCATION_RACE: N_("First to these 3 goals"),
    Kind.SHOP_RACE: N_("First to these 3 shops"),
    Kind.DRAWN_STARTS: N_("Extra start locations"),
}


def kind_title(assignment: Assignment) -> str:
    """An assignment card's title, from its kind, in the language in use ("First to 4 goals")."""
    if assignment.kind == Kind.CATEGORY_RACE:
        count = assignment.count
        return ngettext("First to {count} goal", "First to {count} goals", count).format(count=count)
    return _(KIND_TITLES[assignment.kind])


def _points(offset_mm: tuple[float, float]) -> tuple[float, float]:
    return (offset_mm[0] * mm, offset_mm[1] * mm)


# --- pages ---------------------------------------------------------------------------------------


def render_start_cards(city: City, paper: Paper, out: Path) -> Path:
    cards = [city.start_cards[n] for n in sorted(city.start_cards)]
    title = _("Citytrip {city} start cards").format(city=city.name)
    return _render_fronts(city, paper, out, title, cards, _draw_start_card)


def render_assignment_cards(city: City, paper: Paper, out: Path) -> Path:
    cards = [city.assignments[k] for k in sorted(city.assignments, key=lambda k: (int(k.split(".")[0]), k))]
    title = _("Citytrip {city} {assignment} cards").format(city=city.name, **city_fills(city))
    return _render_fronts(city, paper, out, title, cards, _draw_assignment_card)


def render_action_cards(city: City, paper: Paper, out: Path, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Path:
    """Front page, back page (mirrored, shifted by `offset_mm`: right and up), front page, … for a
    duplex print."""
    offset = _points(offset_mm)
    cards = [city.action_cards[n] for n in sorted(city.action_cards)]
    slots = card_slots(paper)
    front_ruler = ruler_spot(paper, card_block(paper))
    # The backs' ruler keeps clear of their bleed and moves with them: the shift undoes the
    # printer's, so on paper it lands where it is drawn unshifted.
    back_ruler = ruler_spot(paper, card_block(paper).grown(BLEED)).shifted(*offset)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=_("Citytrip {city} action cards").format(city=city.name),
                            subject=_("print double-sided, flip on the long edge, at 100 %"))
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        for start in range(0, len(cards), PER_PAGE):
            page = cards[start:start + PER_PAGE]
            for card, slot in zip(page, slots):
                _draw_action_face(canvas, city, card, "A", slot)
            draw_cut_grid(canvas, paper, slots[:len(page)])
            draw_page_ruler(canvas, front_ruler)
            canvas.showPage()
            backs = [back_slot(slot, paper, offset) for slot in slots[:len(page)]]
            _draw_back_bleed(canvas, backs)
            for card, slot in zip(page, backs):
                _draw_action_face(canvas, city, card, "B", slot)
            draw_page_ruler(canvas, back_ruler)
            canvas.showPage()
        canvas.save()
    return Path(out)


def _render_fronts(city: City, paper: Paper, out: Path, title: str, cards: Sequence, draw: Callable) -> Path:
    slots = card_slots(paper)
    ruler = ruler_spot(paper, card_block(paper))
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=title, subject=_("print single-sided at 100 %"))
        for start in range(0, len(cards), PER_PAGE):
            page = cards[start:start + PER_PAGE]
            for card, slot in zip(page, slots):
                draw(canvas, city, card, slot)
            draw_cut_grid(canvas, paper, slots[:len(page)])
            draw_page_ruler(canvas, ruler)
            canvas.showPage()
        canvas.save()
    return Path(out)


def _draw_back_bleed(canvas: Canvas, slots: Sequence[Slot]) -> None:
    """The backs' colour under the whole block plus a bleed, so a small duplex shift shows no white."""
    xs = [s.x for s in slots]
    ys = [s.y for s in slots]
    canvas.saveState()
    canvas.setFillColor(BACK_TINT)
    canvas.rect(min(xs) - BLEED, min(ys) - BLEED, max(xs) - min(xs) + CARD_W + 2 * BLEED,
                max(ys) - min(ys) + CARD_H + 2 * BLEED, stroke=0, fill=1)
    canvas.restoreState()


# --- start cards ----------------------------------------------------------------------------------


def qr_module(url: str) -> float:
    """The module size that fits the code into QR_ROOM, kept between 0.5 and 0.75 mm to scan."""
    modules = qr_matrix(url).modules + 2 * QUIET_ZONE
    return max(MIN_MODULE, min(MAX_MODULE, QR_ROOM / modules))


def _draw_start_card(canvas: Canvas, city: City, card: StartCard, slot: Slot) -> None:
    """A start card: the coloured band, the location's name, the QR corner (coordinate, goal icon
    and label, the site), and the description in the room left between them."""
    scheme = load_icon_scheme()
    location = card.location
    style = scheme.categories.get(location.category)
    colour = style.colour if style else "#222222"
    icon = _goal_icon(location.category, location.eatery, scheme)
    band = 11 * mm
    _draw_start_band(canvas, city, card, slot, band, icon, colour)
    name_bottom = _draw_start_name(canvas, card, slot, slot.y + CARD_H - band - 2.5 * mm)
    room_bottom = _draw_start_corner(canvas, city, card, slot, icon, colour)
    _draw_start_description(canvas, card, slot, name_bottom - 1.5 * mm, room_bottom + 1 * mm)


def _draw_start_band(canvas: Canvas, city: City, card: StartCard, slot: Slot, band: float, icon: str,
                     colour: str) -> None:
    """The card's top band in the goal's colour: "START 07", the city's brand and the goal icon."""
    x, top = slot.x, slot.y + CARD_H
    canvas.setFillColor(HexColor(colour))
    canvas.rect(x, top - band, CARD_W, band, stroke=0, fill=1)
    canvas.setFillColor(white)
    heading = _("START {number}").format(number=f"{card.number:02d}")
    brand = f"Citytrip {city.name}"
    band_room = CARD_W - 2 * INSET - 7 * mm - 2 * mm  # the heading and the brand, left of the icon
    brand_width = stringWidth(brand, FONT, 6.5)
    report(brand, brand_width, band_room - stringWidth(heading, FONT_BOLD, MIN_TEXT), "the band of a start card")
    room = band_room - brand_width
    canvas.setFont(FONT_BOLD, shrunk_size(heading, room, FONT_BOLD, 8, MIN_TEXT))
    canvas.drawString(x + INSET, top - band / 2 - 2.8, heading)
    canvas.setFont(FONT, 6.5)
    canvas.drawRightString(x + CARD_W - INSET - 7 * mm, top - band / 2 - 2.3, brand)
    fit_icon(canvas, icon, x + CARD_W - INSET - 2.8 * mm, top - band / 2, 5.6 * mm, white)


def _draw_start_name(canvas: Canvas, card: StartCard, slot: Slot, cursor: float) -> float:
    """The location's name below the band, from `cursor` down, in up to two lines (the rulebook's
    "find this spot" aid); returns where it ends."""
    location = card.location
    name_size, name_lines = _fit_lines(location_name(location), CARD_W - 2 * INSET, FONT_BOLD, 10.5, 7.5, 2)
    report(location_name(location), len(name_lines), 3, "lines of the name on a start card")
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, name_size)
    for line in name_lines:
        cursor -= name_size
        canvas.drawString(slot.x + INSET, cursor, line)
        cursor -= name_size * 0.2
    return cursor


def _draw_start_corner(canvas: Canvas, city: City, card: StartCard, slot: Slot, icon: str, colour: str) -> float:
    """The QR code in the lower left; beside it, from the bottom: the site, "Scan for more:", the
    goal's label (two lines; a longer Dutch or French one takes more and lifts what is above it),
    the coordinate and the goal icon. Returns the top of the corner (the QR code or the icon,
    whichever stands higher)."""
    x, y = slot.x, slot.y
    location = card.location
    url = location_url(location)
    module = qr_module(url)
    qr_size = draw_qr(canvas, url, x + INSET - QUIET_ZONE * module, y + INSET - QUIET_ZONE * module, module)
    qr_top = y + INSET - QUIET_ZONE * module + qr_size
    right_x = x + INSET + qr_size - 2 * QUIET_ZONE * module + 3 * mm
    category = city.rules.categories.get(location.category)
    label = category_label(category) if category else ""
    room = x + CARD_W - INSET - right_x
    label_size, label_lines = _fit_lines(label, room, FONT, MIN_TEXT, MIN_TEXT, 2)
    report(label, len(label_lines), 4, "lines of the goal's label on a start card")
    leading = label_size * 1.15
    first = y + INSET + 9 * mm + max(0, len(label_lines) - 2) * leading  # the label's first baseline
    lift = max(0, len(label_lines) - 3) * leading  # a fourth line and more lift the coordinate too
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 20)
    canvas.drawString(right_x, y + INSET + 14.5 * mm + lift, str(location.at))
    fit_icon(canvas, icon, right_x + stringWidth(str(location.at), FONT_BOLD, 20) + 5 * mm,
             y + INSET + 18 * mm + lift, 7 * mm, colour)
    canvas.setFont(FONT, label_size)
    canvas.setFillColor(GREY)
    for i, line in enumerate(label_lines):
        canvas.drawString(right_x, first - i * leading, line)
    canvas.setFont(FONT, MIN_TEXT)
    # A long site name may use half the card's inset rather than lose letters (museummayervandenbergh.be).
    canvas.drawString(right_x, y + INSET + 0.5 * mm, _site_name(url, room + INSET / 2))
    canvas.drawString(right_x, y + INSET + 0.5 * mm + MIN_TEXT * 1.3, _("Scan for more:"))
    return max(qr_top, y + INSET + 21.5 * mm + lift)


def _draw_start_description(canvas: Canvas, card: StartCard, slot: Slot, room_top: float, room_bottom: float) -> None:
    """The description in the room between the name and the corner, shrunk to fit."""
    description = start_description(card)
    width = CARD_W - 2 * INSET
    size = 8.0
    while True:
        size, lines = fit_words(description, width, FONT, size, MIN_TEXT)
        if len(lines) * size * 1.2 <= room_top - room_bottom or size <= MIN_TEXT:
            break
        size -= 0.25
    report(description, len(lines) * size * 1.2, room_top - room_bottom, "the text of a start card")
    canvas.setFont(FONT, size)
    canvas.setFillColor(INK)
    line_y = room_top - size
    for line in lines:
        canvas.drawString(slot.x + INSET, line_y, line)
        line_y -= size * 1.2


def _site_name(url: str, width: float) -> str:
    """The link's host without "www.", as wide as `width` at 6 pt: a longer one keeps its end (the
    site's own name) after an ellipsis; the QR code holds the whole link."""
    host = urlparse(url).netloc.removeprefix("www.")
    if stringWidth(host, FONT, MIN_TEXT) <= width:
        return host
    while host and stringWidth("…" + host, FONT, MIN_TEXT) > width:
        host = host[1:]
    return "…" + host


def _fit_lines(text: str, width: float, font: str, size: float, smallest: float, max_lines: int) -> tuple[float, list[str]]:
    """The largest size ≥ `smallest` at which `text` wraps into at most `max_lines` lines of `width`.

    A longer text (a Dutch or French name) then takes one line more at `smallest`, else the largest
    size down to 6 pt in that many lines; at 6 pt it is broken to fit `width` (a word too long is
    hyphenated) in as many lines as it takes: no letter is lost, none leaves the card.
    """
    for start, floor, most in ((size, smallest, max_lines), (smallest, MIN_TEXT, max_lines + 1)):
        size = start
        while True:
            lines = wrap_words(text, width, font, size) or [""]
            if lines_fit(lines, width, font, size, most):
                return size, lines
            if size - 0.25 < floor:
                break
            size -= 0.25
    return size, wrap_fitting(text, width, font, size) or [""]


def _goal_icon(category: str, eatery: str | None, scheme: IconScheme) -> str:
    if category == EAT:
        return load_sheet_style().eatery_icon(eatery)
    style = scheme.categories.get(category)
    return style.icon if style else "circle-question"


# --- action cards ----------------------------------------------------------------------------------


FRAME = 1.2 * mm  # the action cards' coloured frame, alike on both faces
HINT_X, HINT_RADIUS, HINT_ICON = 5.4 * mm, 3.4 * mm, 4.4 * mm  # the other face's icon, from the card's left
BOX_LEFT = 9.6 * mm  # the action boxes start here, right of the hints


def _draw_action_face(canvas: Canvas, city: City, card: ActionCard, side: str, slot: Slot) -> None:
    """Three boxes top to bottom (R7); left of each, the icon of the other face's box there.

    The rulebook's cards print that icon halved on the card's edge. Here it is whole, small, in a
    dashed ring on white well inside the frame: a half icon cut by a dark frame of the same grey is
    unreadable in greyscale (a half camera looks like a half bag).
    """
    scheme = load_icon_scheme()
    x, y = slot.x, slot.y
    canvas.saveState()
    canvas.setFillColor(BACK_TINT)  # both faces framed alike; the back page adds a bleed around it
    canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.roundRect(x + FRAME, y + FRAME, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME, 2.5 * mm, stroke=0, fill=1)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    canvas.drawCentredString(x + CARD_W / 2, y + CARD_H - 4.8 * mm, f"{card.number}{side}")
    face = card.face(side)
    hints = card.half_icons(side)
    box_h = (CARD_H - 9 * mm) / 3
    for i, box in enumerate(face):
        top = y + CARD_H - 6.5 * mm - i * box_h
        action = scheme.actions[box.type.value]
        bx, by, bw, bh = x + BOX_LEFT, top - box_h + 1.2 * mm, CARD_W - BOX_LEFT - 3 * mm, box_h - 2.4 * mm
        canvas.setFillColor(BOX_TINT)
        canvas.setStrokeColor(HexColor(action.colour))
        canvas.setLineWidth(1.2)
        canvas.setDash()
        canvas.roundRect(bx, by, bw, bh, 2 * mm, stroke=1, fill=1)
        middle = by + bh / 2
        icon = min(10 * mm, (bw - 14 * mm) / 3)
        for k in range(box.value):
            fit_icon(canvas, action.icon, bx + 4.5 * mm + icon / 2 + k * (icon + 1.5 * mm), middle, icon, action.colour)
        canvas.setFillColor(HexColor(action.colour))
        canvas.setFont(FONT_BOLD, 22)
        canvas.drawRightString(bx + bw - 3 * mm, middle - 7.5, str(box.value))
        _draw_hint(canvas, scheme.actions[hints[i].value], x + HINT_X, middle)
    canvas.restoreState()


def _draw_hint(canvas: Canvas, action: IconStyle, x: float, y: float) -> None:
    """The other face's icon, whole, in a dashed ring: it previews, it is not this face's action."""
    canvas.setFillColor(white)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.5)
    canvas.setDash(1.2, 0.9)
    canvas.circle(x, y, HINT_RADIUS, stroke=1, fill=1)
    canvas.setDash()
    fit_icon(canvas, action.icon, x, y, HINT_ICON, action.colour)


# --- assignment cards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Body:
    """Where an assignment card's kind draws what it asks: `width` wide from `x` to `right`, from
    `top` down to `bottom` (the row of points)."""

    x: float
    right: float
    top: float
    width: float
    bottom: float


def _draw_assignment_card(canvas: Canvas, city: City, assignment: Assignment, slot: Slot) -> None:
    x, top = slot.x, slot.y + CARD_H
    band = 11 * mm
    _draw_assignment_band(canvas, city, assignment, x, top, band)
    _draw_assignment_title(canvas, assignment, x, top - band)
    body = _Body(x=x + INSET, right=x + CARD_W - INSET, top=top - band - 13 * mm, width=CARD_W - 2 * INSET,
                 bottom=slot.y + INSET + VALUES_HEIGHT + 1 * mm)
    _BODY_DRAWERS[assignment.kind](canvas, city, assignment, body)
    _draw_values(canvas, assignment, slot)


def _draw_assignment_band(canvas: Canvas, city: City, assignment: Assignment, x: float, top: float, band: float) -> None:
    """The dark band: the city's word for an assignment with its type, the card's id, and an icon
    for when it scores (the assignment mark during the game, an hourglass at the end)."""
    canvas.setFillColor(INK)
    canvas.rect(x, top - band, CARD_W, band, stroke=0, fill=1)
    canvas.setFillColor(white)
    heading = f"{city_words(city).assignment.upper()} {assignment.type}"
    room = CARD_W - 2 * INSET - 7 * mm - stringWidth(assignment.id, FONT, 7) - 2 * mm
    report(heading, stringWidth(heading, FONT_BOLD, MIN_TEXT), room, "the band of an assignment card")
    canvas.setFont(FONT_BOLD, shrunk_size(heading, room, FONT_BOLD, 9, MIN_TEXT))
    canvas.drawString(x + INSET, top - band / 2 - 3, heading)
    canvas.setFont(FONT, 7)
    canvas.drawRightString(x + CARD_W - INSET - 7 * mm, top - band / 2 - 2.5, assignment.id)
    mark = load_sheet_style().marks["assignment"] if assignment.is_race else "hourglass-end"
    fit_icon(canvas, mark, x + CARD_W - INSET - 2.8 * mm, top - band / 2, 5 * mm, white)


def _draw_assignment_title(canvas: Canvas, assignment: Assignment, x: float, top: float) -> None:
    """Below the band: the kind's title and when the card is scored."""
    canvas.setFillColor(INK)
    width = CARD_W - 2 * INSET
    title = kind_title(assignment)
    report(title, stringWidth(title, FONT_BOLD, MIN_TEXT), width, "the title of an assignment card")
    canvas.setFont(FONT_BOLD, shrunk_size(title, width, FONT_BOLD, 9, MIN_TEXT))
    canvas.drawString(x + INSET, top - 6 * mm, title)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    canvas.drawString(x + INSET, top - 9.5 * mm,
                      _("Scored during the game") if assignment.is_race else _("Scored at the end of the game"))


def _category_style(scheme: IconScheme, category: str | None) -> tuple[str, str]:
    """A category's icon and colour, or a question mark for one the scheme does not know."""
    style = scheme.categories.get(category)
    return (style.icon, style.colour) if style else ("circle-question", "#222222")


def _draw_category_body(canvas: Canvas, city: City, assignment: Assignment, body: _Body) -> None:
    """Types 1 and 3: the category's icon once per goal needed, and what to achieve."""
    category = assignment.category or ""
    icon, colour = _category_style(load_icon_scheme(), category)
    count = assignment.need
    size = min(12 * mm, body.width / max(count, 1) - 1 * mm)
    for k in range(count):
        fit_icon(canvas, icon, body.x + size / 2 + k * (size + 1 * mm), body.top - size / 2 - 1 * mm, size, colour)
    label = category_label(city.rules.categories[category]) if category in city.rules.categories else category
    if assignment.is_race:
        text = f"{assignment.count} × {label}"
    else:
        text = _("Most goals: {category}").format(category=label)
    _draw_paragraph(canvas, text, body.x, body.top - size - 4 * mm, body.width, 7, body.bottom)


def _draw_set_body(canvas: Canvas, city: City, assignment: Assignment, body: _Body) -> None:
    """Type 2: the set's category icons joined by +, and its points per set."""
    scheme = load_icon_scheme()
    size = 10 * mm
    cx = body.x
    for k, category in enumerate(assignment.categories):
        if k:
            canvas.setFillColor(INK)
            canvas.setFont(FONT_BOLD, 12)
            canvas.drawCentredString(cx + 2.5 * mm, body.top - size / 2 - 5, "+")
            cx += 6 * mm
        icon, colour = _category_style(scheme, category)
        fit_icon(canvas, icon, cx + size / 2, body.top - size / 2 - 1 * mm, size, colour)
        cx += size + 1 * mm
    labels = " + ".join(category_label(city.rules.categories[c]) for c in assignment.categories
                        if c in city.rules.categories)
    points = assignment.values[0]
    text = ngettext("{points} point per set of {categories}, at most {sets} sets",
                    "{points} points per set of {categories}, at most {sets} sets",
                    points).format(points=points, categories=labels, sets=MAX_SETS)
    _draw_paragraph(canvas, text, body.x, body.top - size - 4 * mm, body.width, 7, body.bottom)


def _draw_locations_body(canvas: Canvas, city: City, assignment: Assignment, body: _Body) -> None:
    """Types 4 and 5: a row per named location, its icon, name and coordinates."""
    scheme = load_icon_scheme()
    row_top = body.top
    for at in assignment.locations:
        location = city.locations.get(at)
        if location is None:
            row_top -= 9 * mm
            continue
        # A row is 9 mm, taller where a long name takes more than two lines.
        room = body.width - 8 * mm - stringWidth(str(at), FONT_BOLD, 8) - 2 * mm
        size, lines = _fit_lines(location_name(location), room, FONT, 7, MIN_TEXT, 2)
        report(location_name(location), len(lines), 3, "lines of a location's name on an assignment card")
        row = max(9 * mm, len(lines) * size * 1.2 + 1 * mm)
        cy = row_top - row / 2
        row_top -= row
        _, colour = _category_style(scheme, location.category)
        fit_icon(canvas, _goal_icon(location.category, location.eatery, scheme), body.x + 3 * mm, cy, 5.5 * mm, colour)
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, 8)
        canvas.drawRightString(body.right, cy - 2.8, str(at))
        canvas.setFont(FONT, size)
        first = cy + (len(lines) - 1) * size * 0.6 - size * 0.35
        for i, line in enumerate(lines):
            canvas.drawString(body.x + 8 * mm, first - i * size * 1.2, line)


def _draw_drawn_starts_body(canvas: Canvas, city: City, assignment: Assignment, body: _Body) -> None:
    """Type 6: how to lay out the drawn start cards (their points are the values row)."""
    _draw_paragraph(canvas, _("Draw {count} start cards and lay them out with their coordinates visible. "
                              "Points for how many of their locations you achieve:").format(count=TYPE6_DRAWN),
                    body.x, body.top, body.width, 6.8, body.bottom)


_BODY_DRAWERS: dict[Kind, Callable[[Canvas, City, Assignment, _Body], None]] = {
    Kind.CATEGORY_RACE: _draw_category_body,
    Kind.SETS: _draw_set_body,
    Kind.MOST: _draw_category_body,
    Kind.LOCATION_RACE: _draw_locations_body,
    Kind.SHOP_RACE: _draw_locations_body,
    Kind.DRAWN_STARTS: _draw_drawn_starts_body,
}


def _draw_paragraph(canvas: Canvas, text: str, x: float, top: float, width: float, size: float, bottom: float) -> None:
    """`text` wrapped to `width` from `top` down, above `bottom`; a word too wide shrinks it
    (never under 6 pt)."""
    size, lines = fit_words(text, width, FONT, size, MIN_TEXT)
    report(text, len(lines) * size * 1.2, top - bottom, "the text of an assignment card")
    canvas.setFillColor(INK)
    canvas.setFont(FONT, size)
    for i, line in enumerate(lines):
        canvas.drawString(x, top - size - i * size * 1.2, line)


def _draw_values(canvas: Canvas, assignment: Assignment, slot: Slot) -> None:
    """The points along the bottom: first / second / later, a set value, or the type-6 table."""
    x, y = slot.x + INSET, slot.y + INSET
    width = CARD_W - 2 * INSET
    values = assignment.values
    if assignment.is_drawn_starts:
        captions = [str(k) for k in range(len(values))]
    elif assignment.is_race:
        captions = [ordinal(1), ordinal(2), pgettext("a race's points for whoever comes after the 2nd", "later")]
        captions = captions[: len(values)]
    else:
        captions = [_("points")]
    cell = width / len(values)
    height = VALUES_HEIGHT
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(INK)
    for k, value in enumerate(values):
        cx = x + k * cell
        canvas.setFillColor(BOX_TINT if k else Color(0.85, 0.85, 0.85))
        canvas.rect(cx, y, cell, height, stroke=1, fill=1)
        canvas.setFillColor(GREY)
        canvas.setFont(FONT, MIN_TEXT)
        canvas.drawCentredString(cx + cell / 2, y + height - 3 * mm, captions[k])
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, 11 if len(values) <= 3 else 8.5)
        canvas.drawCentredString(cx + cell / 2, y + 2.2 * mm, str(value))
