"""Reference cards (player aids): four cards to a page, each laid out from template blocks.

Each card's text is laid out at the largest size that fits its box (shrink to fit, 9 pt down
to 6 pt, the print floor MIN_TEXT); a card whose content does not fit even then is a template error naming the card,
never clipped text on paper.

A city's aid may point to the city's pages on the site `citytrip site` builds (issue 37): printed
with a base URL (--base-url), the `site: table` block is a QR code to the city's table page with
its address beside it, and the solo levels table has a QR code to the levels page at its right;
without, the `site` block is one sentence on the site, and the levels table is as before.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.errors import DataError
from generator.render.icons import draw_icon, icon_width
from generator.files import atomic_output
from generator.language import _
from generator.render.qr import draw_qr, qr_matrix
from generator.render.pdf import (CUT_END, FONT, FONT_BOLD, MIN_TEXT, RULER_HEIGHT, RULER_LOWEST, Paper, draw_ruler,
                                  new_canvas)
from generator.render.reference_template import Block, Card, ReferenceTemplate, site_text
from generator.render.richtext import ICON_SCALE, Run, layout_paragraph, longest_word, natural_width, words
from generator.render.wrap import shrunk_size

MARGIN = 10 * mm
# Under the cards, the scale ruler (RULER_BAND tall, its caption at RULER_LOWEST) on the left
# card's side: the only cut line that reaches down there runs between the two columns, far to its
# right, so cutting never crosses it.
RULER_BAND = RULER_HEIGHT + 2 * mm
BOTTOM = RULER_LOWEST + RULER_BAND
GAP = 6 * mm  # between cards; the dashed cut line runs in its middle
ACROSS, DOWN = 2, 2
TITLE_BAND = 9 * mm
FOOTER = 4.5 * mm
FOOTER_SIZE = MIN_TEXT
INSET = 3.5 * mm
MAX_SIZE, MIN_SIZE, STEP = 9.0, MIN_TEXT, 0.25  # never below the print floor
LEVELS_SHRINK = 0.85  # a solo levels table may be this much smaller than the card's tables to keep its rows on one line
CELL_PAD = 1.2 * mm
CELL_PAD_Y = 0.8 * mm  # less above and below than beside: a 15-level solo table fits a Letter card at 8 pt

INK = Color(0.1, 0.1, 0.1)
GREY = Color(0.42, 0.42, 0.42)
BAND = Color(0.86, 0.86, 0.86)
TABLE_HEAD = Color(0.92, 0.92, 0.92)
QR_MODULE = 0.5 * mm  # the smallest module a phone reads from print: the codes take the least room
QR_GAP = 2 * mm  # between a QR code and the text or table beside it


@dataclass(frozen=True)
class Rect:
    x: float
    y: float  # top edge, measured down from the content top
    width: float
    height: float
    fill: Color


@dataclass(frozen=True)
class Rule:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class QrMark:
    """A QR code of `data`, its quiet zone's top-left corner at (x, y) of the content box."""

    x: float
    y: float
    data: str
    module: float = QR_MODULE

    @property
    def size(self) -> float:
        return qr_matrix(self.data).printed_size(self.module)


@dataclass(frozen=True)
class Placed:
    """A run of rich text moved to (dx, dy) inside the card's content box."""

    run: Run
    dx: float
    dy: float


@dataclass(frozen=True)
class CardLayout:
    size: float
    height: float
    items: tuple[Placed | Rect | Rule | QrMark, ...]


@dataclass(frozen=True)
class CardSlot:
    x: float
    y: float  # lower-left corner on the page
    width: float
    height: float


def card_slots(paper: Paper) -> tuple[CardSlot, ...]:
    """The card boxes of one page, left to right then top to bottom."""
    width = (paper.width - 2 * MARGIN - (ACROSS - 1) * GAP) / ACROSS
    height = (paper.height - MARGIN - BOTTOM - (DOWN - 1) * GAP) / DOWN
    return tuple(
        CardSlot(MARGIN + c * (width + GAP), paper.height - MARGIN - (r + 1) * height - r * GAP, width, height)
        for r in range(DOWN)
        for c in range(ACROSS)
    )


def ruler_origin(paper: Paper) -> tuple[float, float]:
    """Where the page's scale ruler goes: under the left card column, clear of the edge."""
    return MARGIN, RULER_LOWEST


def content_box(slot: CardSlot) -> tuple[float, float]:
    """Width and height available for a card's blocks inside `slot`."""
    return slot.width - 2 * INSET, slot.height - TITLE_BAND - FOOTER - 2 * INSET


def fit_card(template: ReferenceTemplate, card: Card, width: float, height: float) -> CardLayout:
    """Lay `card` out at the largest size that fits width × height, with a solo levels table's
    cells each on one line if any size allows it, else wrapped; DataError if none fits."""
    for one_line in (True, False):
        size = MAX_SIZE
        while size >= MIN_SIZE:
            layout = layout_card(card, width, size, one_line)
            if layout is not None and layout.height <= height:
                return layout
            size -= STEP
    raise DataError(template.file, card.where, f"card {card.title!r} does not fit even at {MIN_SIZE} pt: shorten or split it")


def layout_card(card: Card, width: float, size: float, one_line: bool = False) -> CardLayout | None:
    """The card's blocks at `size`, or None when some word or table cannot fit the width (or,
    with `one_line`, a solo levels table's cell would wrap)."""
    items: list[Placed | Rect | Rule | QrMark] = []
    y = 0.0
    leading = size * 1.22
    for n, block in enumerate(card.blocks):
        if n:
            y += size * (0.9 if block.kind == "heading" else 0.45)
        if block.qr:
            beside = _layout_beside_qr(block, width, size, leading, y, one_line)
            if beside is None:
                return None
            parts, y = beside
            items += parts
        elif block.kind in ("heading", "text"):
            head = block.kind == "heading"
            para = layout_paragraph(block.items[0], width, size * (1.08 if head else 1), leading, bold=head)
            if para.overflow:
                return None
            items += [Placed(r, 0, y) for r in para.runs]
            y += para.height
        elif block.kind in ("bullets", "steps"):
            indent = stringWidth("00. " if block.kind == "steps" else "•  ", FONT, size)
            for i, item in enumerate(block.items):
                if i:
                    y += size * 0.25
                mark = f"{i + 1}." if block.kind == "steps" else "•"
                para = layout_paragraph(item, width - indent, size, leading)
                if para.overflow:
                    return None
                bullet = layout_paragraph(mark, indent, size, leading)
                items += [Placed(r, 0, y) for r in bullet.runs]
                items += [Placed(r, indent, y) for r in para.runs]
                y += para.height
        else:
            table = _layout_table(block, width, max(MIN_TEXT, size * 0.92), y, one_line)
            if table is None:
                return None
            parts, y = table
            items += parts
    return CardLayout(size, y, tuple(items))


def _layout_beside_qr(block: Block, width: float, size: float, leading: float, top: float,
                      one_line: bool = False) -> tuple[list, float] | None:
    """A block with its QR code at the right: a table (the solo levels) with the code's caption
    under the code, or a text with the code's address under it, in the width the code leaves."""
    mark = QrMark(width - qr_matrix(block.qr).printed_size(QR_MODULE), top, block.qr)
    room = width - mark.size - QR_GAP
    items: list = [mark]
    if block.kind == "table":
        table = _layout_table(block, room, max(MIN_TEXT, size * 0.92), top, one_line)
        small = max(MIN_TEXT, size * 0.8)
        caption = layout_paragraph(block.items[0], mark.size, small, small * 1.18)
        if table is None or caption.overflow:
            return None
        parts, bottom = table
        items += parts
        items += [Placed(run, mark.x, top + mark.size + 0.5 * mm) for run in caption.runs]
        return items, max(bottom, top + mark.size + 0.5 * mm + caption.height)
    para = layout_paragraph(block.items[0], room, size, leading)
    if para.overflow:
        return None
    items += [Placed(run, 0, top) for run in para.runs]
    y = top + para.height + size * 0.45
    small = max(MIN_TEXT, size * 0.9)
    for line in address_lines(block.qr, room, small):
        address = layout_paragraph(line, room, small, small * 1.18)
        if address.overflow:
            return None
        items += [Placed(run, 0, y) for run in address.runs]
        y += small * 1.18
    return items, max(y, top + mark.size)


def address_lines(url: str, width: float, size: float) -> list[str]:
    """`url` in lines no wider than `width` at `size`, broken after a "/" (or, for a part wider
    than the line, anywhere): an address has no spaces to wrap at."""
    lines = [""]
    for part in re.split(r"(?<=/)", url):
        for char in part if stringWidth(part, FONT, size) > width else [part]:
            if lines[-1] and stringWidth(lines[-1] + char, FONT, size) > width:
                lines.append("")
            lines[-1] += char
    return lines


def _body_widths(block: Block, size: float) -> list[float]:
    """Each column's width with its body cells on one line at `size`: a long header ("Score à
    atteindre") may wrap rather than its column's cells, down to its longest word."""
    columns = len(block.header)
    rows = (block.header, *block.rows)
    least = [max(_least_width(r[c], size, bold=(r is block.header)) for r in rows) + 2 * CELL_PAD for c in range(columns)]
    return [max(max(natural_width(r[c], size) for r in block.rows) + 2 * CELL_PAD, least[c]) for c in range(columns)]


def _level_table_size(block: Block, width: float, size: float) -> float | None:
    """The solo levels table's font size with every level's cards ("1.05, 2.05, 4.05, 5.01") on
    one line: `size`, or down to LEVELS_SHRINK of it (never under MIN_TEXT), else None. A level's
    cards wrapped onto a second line read as another row (the Dutch and French headers left them
    too little room beside the QR code on Letter paper)."""
    floor = max(MIN_TEXT, size * LEVELS_SHRINK)
    smaller = size
    while sum(_body_widths(block, smaller)) > width:
        if smaller - 0.25 < floor:
            return None
        smaller -= 0.25
    return smaller


def _layout_table(block: Block, width: float, size: float, top: float, one_line: bool = False) -> tuple[list, float] | None:
    """A table at `size` in `width` (None when a word cannot fit); with `one_line`, a solo levels
    table keeps each cell on one line, a little smaller if it must (_level_table_size), or is None."""
    if one_line and block.levels:
        fitting = _level_table_size(block, width, size)
        if fitting is None:
            return None
        size = fitting
    rows = (block.header, *block.rows)
    columns = len(block.header)
    natural = [max(natural_width(r[c], size, bold=(r is block.header)) for r in rows) + 2 * CELL_PAD for c in range(columns)]
    least = [max(_least_width(r[c], size, bold=(r is block.header)) for r in rows) + 2 * CELL_PAD for c in range(columns)]
    body = _body_widths(block, size)
    if sum(least) > width:
        return None
    if sum(natural) <= width:
        extra = (width - sum(natural)) / columns
        widths = [w + extra for w in natural]
    elif sum(body) <= width:
        # Every cell on one line, the headers that do not fit wrapped; the rest to those headers.
        spare = width - sum(body)
        lack = [n - b for n, b in zip(natural, body)]
        widths = [b + spare * k / sum(lack) for b, k in zip(body, lack)]
    else:
        # Give each column its longest word, then share the rest in proportion to what it lacks.
        spare = width - sum(least)
        lack = [n - m for n, m in zip(natural, least)]
        widths = [m + spare * k / sum(lack) for m, k in zip(least, lack)]
    leading = size * 1.18
    items: list = []
    y = top
    for r, row in enumerate(rows):
        head = r == 0
        paras = [layout_paragraph(cell, widths[c] - 2 * CELL_PAD, size, leading, bold=head) for c, cell in enumerate(row)]
        if any(p.overflow for p in paras):
            return None
        height = max(p.height for p in paras) + 2 * CELL_PAD_Y
        if head:
            items.append(Rect(0, y, width, height, TABLE_HEAD))
        x = 0.0
        for c, para in enumerate(paras):
            items += [Placed(run, x + CELL_PAD, y + CELL_PAD_Y) for run in para.runs]
            x += widths[c]
        y += height
        items.append(Rule(0, y, width, y))
    items.append(Rule(0, top, width, top))
    x = 0.0
    for w in widths[:-1]:
        x += w
        items.append(Rule(x, top, x, y))
    return items, y


def _least_width(cell: str, size: float, bold: bool) -> float:
    """How narrow a cell's column may be: its longest word, or all of it when it is only icons (a
    cost of three pins is one sign, never split over two lines)."""
    if cell and all(piece.kind == "icon" for word in words(cell) for piece in word):
        return natural_width(cell, size, bold)
    return longest_word(cell, size, bold)


def with_site(template: ReferenceTemplate, base_url: str | None) -> ReferenceTemplate:
    """The template's `site` blocks and levels table as printed with the site's address
    `base_url` (QR codes to the city's pages) or without one (a sentence on the site)."""
    from generator.daily.addresses import levels_address, table_address

    def block(b: Block) -> Block:
        if b.site and base_url:
            return replace(b, items=(site_text(),), qr=table_address(base_url, template.city))
        if b.levels and base_url:
            return replace(b, items=(levels_caption(),), qr=levels_address(base_url, template.city))
        return b

    cards = tuple(replace(card, blocks=tuple(block(b) for b in card.blocks)) for card in template.cards)
    return replace(template, cards=cards)


def levels_caption() -> str:
    """The words under the QR code beside the solo levels table."""
    return _("Play these levels on your phone")


def render_reference(template: ReferenceTemplate, paper: Paper, out: Path, base_url: str | None = None) -> Path:
    """Write the template's cards, four to a page, to `out` atomically; `base_url` (the site's
    address, checked) puts the QR codes to the city's pages on a city's aid (`with_site`)."""
    template = with_site(template, base_url)
    slots = card_slots(paper)
    width, height = content_box(slots[0])
    layouts = [fit_card(template, card, width, height) for card in template.cards]
    pages = math.ceil(len(layouts) / len(slots))
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=_("{game} reference cards").format(game=template.label),
                            subject=_("player aid"))
        for page in range(pages):
            on_page = list(zip(slots, range(page * len(slots), min(len(layouts), (page + 1) * len(slots)))))
            _draw_cut_lines(canvas, paper, slots)
            for slot, index in on_page:
                _draw_card(canvas, template, template.cards[index], layouts[index], slot)
            draw_ruler(canvas, *ruler_origin(paper))
            canvas.showPage()
        canvas.save()
    return Path(out)


def _draw_card(canvas: Canvas, template: ReferenceTemplate, card: Card, layout: CardLayout, slot: CardSlot) -> None:
    top = slot.y + slot.height
    canvas.saveState()
    canvas.setFillColor(BAND)
    canvas.rect(slot.x, top - TITLE_BAND, slot.width, TITLE_BAND, stroke=0, fill=1)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.rect(slot.x, slot.y, slot.width, slot.height, stroke=1, fill=0)
    title_size = shrunk_size(card.title, slot.width - 2 * INSET, FONT_BOLD, 11.0, MIN_TEXT)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, title_size)
    canvas.drawString(slot.x + INSET, top - TITLE_BAND / 2 - title_size * 0.36, card.title)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, FOOTER_SIZE)
    footer = _("{game} · player aid").format(game=template.label)
    canvas.drawString(slot.x + INSET, slot.y + (FOOTER - FOOTER_SIZE) / 2 + 0.5, footer)

    left = slot.x + INSET
    content_top = top - TITLE_BAND - INSET
    for item in layout.items:
        if isinstance(item, Rect):
            canvas.setFillColor(item.fill)
            canvas.rect(left + item.x, content_top - item.y - item.height, item.width, item.height, stroke=0, fill=1)
        elif isinstance(item, QrMark):
            draw_qr(canvas, item.data, left + item.x, content_top - item.y - item.size, item.module)
        elif isinstance(item, Rule):
            canvas.setStrokeColor(GREY)
            canvas.setLineWidth(0.4)
            canvas.line(left + item.x1, content_top - item.y1, left + item.x2, content_top - item.y2)
        else:
            _draw_run(canvas, item.run, left + item.dx, content_top - item.dy)
    canvas.restoreState()


def _draw_run(canvas: Canvas, run: Run, left: float, top: float) -> None:
    x = left + run.x
    baseline = top - run.baseline
    if run.piece.kind == "icon":
        size = run.size * ICON_SCALE
        width = icon_width(run.piece.value, size)
        draw_icon(canvas, run.piece.value, x + width / 2, baseline + run.size * 0.33, size, INK)
        return
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD if run.piece.bold else FONT, run.size)
    canvas.drawString(x, baseline, run.piece.value)


def _draw_cut_lines(canvas: Canvas, paper: Paper, slots: tuple[CardSlot, ...]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(Color(0.6, 0.6, 0.6))
    canvas.setLineWidth(0.3)
    canvas.setDash(2, 2)
    for x in sorted({s.x for s in slots})[1:]:
        canvas.line(x - GAP / 2, CUT_END, x - GAP / 2, paper.height - CUT_END)
    for y in sorted({s.y for s in slots})[1:]:
        canvas.line(CUT_END, y - GAP / 2, paper.width - CUT_END, y - GAP / 2)
    canvas.restoreState()
