"""Score pads: a grid of rows (from a template) by players, tiled as often as fits on a page.

The layout is computed first as plain numbers (`PadLayout`), so its fit can be checked and
tested without drawing; the pad is then drawn once as a Form XObject and placed at every slot
of every page, which keeps a many-pad PDF small.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.errors import DataError, UsageError
from generator.render.icons import draw_icon
from generator.files import atomic_output
from generator.render.pdf import FONT, FONT_BOLD, Paper, new_canvas
from generator.render.scorepad_template import ScorePadTemplate
from generator.render.wrap import wrap_words

MARGIN = 12 * mm  # inside every home printer's unprintable edge (about 4-6 mm)
GAP = 8 * mm  # between pads; the dashed cut line runs in its middle
TITLE_HEIGHT = 8 * mm
HEADER_HEIGHT = 9 * mm  # room to write a name
ROW_HEIGHT = 7.5 * mm  # room to write a two- or three-digit number by hand
PAD = 1.6 * mm  # inner padding of a cell
ICON_SIZE = 3.6 * mm
LABEL_SIZE, HINT_SIZE, NOTE_SIZE, TITLE_SIZE = 8.0, 5.8, 6.0, 10.0
MIN_LABEL_SIZE = 6.0
MIN_PLAYER_WIDTH, MAX_PLAYER_WIDTH = 13 * mm, 28 * mm
MAX_LABEL_WIDTH = 85 * mm

INK = Color(0.1, 0.1, 0.1)
GREY = Color(0.4, 0.4, 0.4)
TOTAL_TINT = Color(0.85, 0.85, 0.85)
TIEBREAK_TINT = Color(0.95, 0.95, 0.95)


@dataclass(frozen=True)
class PadLayout:
    """The measured pad and where copies of it go on a page (points, origin bottom left)."""

    label_width: float
    player_width: float
    players: int
    label_sizes: tuple[float, ...]  # font size of each row label after shrink-to-fit
    title_size: float
    note_lines: tuple[str, ...]
    width: float
    height: float
    slots: tuple[tuple[float, float], ...]  # lower-left corner of each pad on the page


def layout_scorepad(template: ScorePadTemplate, players: int, paper: Paper) -> PadLayout:
    """Measure the pad for `players` and tile it on `paper`; UsageError when it cannot fit."""
    if not template.min_players <= players <= template.max_players:
        raise UsageError(
            f"{template.title} is for {template.min_players}–{template.max_players} players, not {players}"
        )
    usable_w = paper.width - 2 * MARGIN
    usable_h = paper.height - 2 * MARGIN
    label_width = min(MAX_LABEL_WIDTH, max(_natural_label_width(row) for row in template.rows))
    label_sizes = tuple(_fit_label(template, i, label_width) for i in range(len(template.rows)))
    if label_width + players * MIN_PLAYER_WIDTH > usable_w:
        raise UsageError(f"a pad for {players} players does not fit across {paper.name} paper")
    # As many pads side by side as fit at the narrowest columns, then widen the columns to use
    # the width (wider boxes are easier to write in).
    natural = label_width + players * MIN_PLAYER_WIDTH
    across = max(1, int((usable_w + GAP) // (natural + GAP)))
    pad_width = (usable_w + GAP) / across - GAP
    player_width = min(MAX_PLAYER_WIDTH, (pad_width - label_width) / players)
    width = label_width + players * player_width
    note_lines = tuple(line for note in template.notes for line in wrap_words(note, width, FONT, NOTE_SIZE))
    notes_height = (len(note_lines) * NOTE_SIZE * 1.25 + 1.5 * mm) if note_lines else 0
    height = TITLE_HEIGHT + HEADER_HEIGHT + len(template.rows) * ROW_HEIGHT + notes_height
    if height > usable_h:
        raise DataError(template.file, f"variants.{template.variant}.rows", "too many rows for one page")
    down = max(1, int((usable_h + GAP) // (height + GAP)))
    block_w = across * width + (across - 1) * GAP
    block_h = down * height + (down - 1) * GAP
    left = (paper.width - block_w) / 2
    top = (paper.height + block_h) / 2
    slots = tuple(
        (left + c * (width + GAP), top - (r + 1) * height - r * GAP) for r in range(down) for c in range(across)
    )
    title_size = TITLE_SIZE
    while stringWidth(template.label, FONT_BOLD, title_size) > width:
        title_size -= 0.25
        if title_size < MIN_LABEL_SIZE:
            raise DataError(template.file, f"variants.{template.variant}.label", "too long to print above the pad")
    return PadLayout(label_width, player_width, players, label_sizes, title_size, note_lines, width, height, slots)


def render_scorepad(template: ScorePadTemplate, players: int, paper: Paper, out: Path, pages: int = 1) -> Path:
    """Write a PDF of `pages` pages of score pads for `players` players to `out`, atomically."""
    if pages < 1:
        raise ValueError(f"a score pad PDF has at least one page, not {pages}")
    layout = layout_scorepad(template, players, paper)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=f"{template.label} score pad", subject=f"{players} players")
        canvas.beginForm("pad")
        _draw_pad(canvas, template, layout)
        canvas.endForm()
        for _ in range(pages):
            _draw_cut_lines(canvas, layout, paper)
            for x, y in layout.slots:
                canvas.saveState()
                canvas.translate(x, y)
                canvas.doForm("pad")
                canvas.restoreState()
            canvas.showPage()
        canvas.save()
    return Path(out)


def _natural_label_width(row) -> float:
    icon = ICON_SIZE + PAD if row.icon else 0
    label = stringWidth(row.label, FONT_BOLD if row.kind == "total" else FONT, LABEL_SIZE)
    hint = stringWidth(row.hint, FONT, HINT_SIZE) if row.hint else 0
    return 2 * PAD + icon + max(label, hint)


def _fit_label(template: ScorePadTemplate, index: int, label_width: float) -> float:
    """The largest font size ≤ LABEL_SIZE at which row `index` fits its column (shrink to fit)."""
    row = template.rows[index]
    room = label_width - 2 * PAD - (ICON_SIZE + PAD if row.icon else 0)
    font = FONT_BOLD if row.kind == "total" else FONT
    size = LABEL_SIZE
    while stringWidth(row.label, font, size) > room or (row.hint and stringWidth(row.hint, FONT, HINT_SIZE * size / LABEL_SIZE) > room):
        size -= 0.25
        if size < MIN_LABEL_SIZE:
            raise DataError(
                template.file, f"variants.{template.variant}.rows[{index}]", f"label {row.label!r} or its hint is too long to print"
            )
    return size


def _draw_pad(canvas: Canvas, template: ScorePadTemplate, layout: PadLayout) -> None:
    width, height = layout.width, layout.height
    grid_top = height - TITLE_HEIGHT
    rows_top = grid_top - HEADER_HEIGHT
    grid_bottom = rows_top - len(template.rows) * ROW_HEIGHT

    # Title band: the game on the left, a date line on the right.
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, layout.title_size)
    canvas.drawString(0, grid_top + 2.2 * mm, template.label)
    canvas.setFont(FONT, 7)
    date_x = width - 28 * mm
    if stringWidth(template.label, FONT_BOLD, layout.title_size) < date_x - 8 * mm:
        canvas.drawString(date_x - stringWidth("Date", FONT, 7) - 1 * mm, grid_top + 2.2 * mm, "Date")
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.4)
        canvas.line(date_x, grid_top + 2 * mm, width, grid_top + 2 * mm)

    # Row tints first, so the grid lines lie on top of them.
    for i, row in enumerate(template.rows):
        tint = {"total": TOTAL_TINT, "tiebreak": TIEBREAK_TINT}.get(row.kind)
        if tint:
            canvas.setFillColor(tint)
            canvas.rect(0, rows_top - (i + 1) * ROW_HEIGHT, width, ROW_HEIGHT, stroke=0, fill=1)

    # Header: the caption of the name boxes.
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, HINT_SIZE)
    for p in range(layout.players):
        x = layout.label_width + p * layout.player_width
        canvas.drawString(x + 1 * mm, grid_top - HINT_SIZE - 0.6 * mm, f"{template.player_label} {p + 1}")
    canvas.setFont(FONT_BOLD, LABEL_SIZE)
    canvas.setFillColor(INK)
    canvas.drawString(PAD, rows_top + (HEADER_HEIGHT - LABEL_SIZE) / 2 + 0.8, "Name")

    for i, row in enumerate(template.rows):
        _draw_row_label(canvas, row, layout.label_sizes[i], rows_top - i * ROW_HEIGHT)

    # Grid: thin inner lines, a heavier outline and a heavier rule above the total.
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.35)
    for i in range(1, len(template.rows) + 1):
        y = rows_top - i * ROW_HEIGHT
        canvas.line(0, y, width, y)
    canvas.line(0, rows_top, width, rows_top)
    for p in range(layout.players + 1):
        x = layout.label_width + p * layout.player_width
        canvas.line(x, grid_top, x, grid_bottom)
    canvas.setLineWidth(1.0)
    canvas.rect(0, grid_bottom, width, grid_top - grid_bottom, stroke=1, fill=0)
    for i, row in enumerate(template.rows):
        if row.kind == "total":
            canvas.line(0, rows_top - i * ROW_HEIGHT, width, rows_top - i * ROW_HEIGHT)

    canvas.setFillColor(GREY)
    canvas.setFont(FONT, NOTE_SIZE)
    for n, line in enumerate(layout.note_lines):
        canvas.drawString(0, grid_bottom - 1.5 * mm - (n + 1) * NOTE_SIZE * 1.25 + 1.5, line)


def _draw_row_label(canvas: Canvas, row, size: float, top: float) -> None:
    x = PAD
    middle = top - ROW_HEIGHT / 2
    if row.icon:
        draw_icon(canvas, row.icon, x + ICON_SIZE / 2, middle, ICON_SIZE, INK)
        x += ICON_SIZE + PAD
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD if row.kind == "total" else FONT, size)
    if row.hint:
        hint_size = HINT_SIZE * size / LABEL_SIZE
        canvas.drawString(x, middle + 0.5 * mm, row.label)
        canvas.setFillColor(GREY)
        canvas.setFont(FONT, hint_size)
        canvas.drawString(x, middle - 0.4 * mm - hint_size * 0.8, row.hint)
    else:
        canvas.drawString(x, middle - size * 0.35, row.label)


def _draw_cut_lines(canvas: Canvas, layout: PadLayout, paper: Paper) -> None:
    """Dashed lines through the middle of the gaps between pads, to cut them apart."""
    xs = sorted({x for x, _ in layout.slots})
    ys = sorted({y for _, y in layout.slots})
    canvas.saveState()
    canvas.setStrokeColor(Color(0.6, 0.6, 0.6))
    canvas.setLineWidth(0.3)
    canvas.setDash(2, 2)
    for x in xs[1:]:
        canvas.line(x - GAP / 2, MARGIN / 2, x - GAP / 2, paper.height - MARGIN / 2)
    for y in ys[1:]:
        canvas.line(MARGIN / 2, y - GAP / 2, paper.width - MARGIN / 2, y - GAP / 2)
    canvas.restoreState()
