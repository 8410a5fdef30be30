"""Score pads: a grid of rows (from a template) by players, tiled as often as fits on a page.

The layout is computed first as plain numbers (`PadLayout`), so its fit can be checked and
tested without drawing; the pad is then drawn once as a Form XObject and placed at every slot
of every page, which keeps a many-pad PDF small.

A pad tiles the same way on every paper (as many across and down as fit on the smallest of the
papers), so A4 and Letter give the same pads; a label without a hint takes two lines where that
fits one more pad across. What room is left on a page goes into taller rows, up to MAX_ROW_HEIGHT
(then into the running-score lines), rather than into blank bands. Under the pads, a scale ruler.
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
from generator.language import _, ngettext
from generator.render.pdf import (CUT_END, FONT, FONT_BOLD, MIN_TEXT, PAPERS, RULER_HEIGHT, RULER_LOWEST, Paper, draw_ruler,
                                  new_canvas)
from generator.render.scorepad_template import ScorePadTemplate
from generator.render.wrap import words, wrap_words

MARGIN = 12 * mm  # inside every home printer's unprintable edge (about 4-6 mm)
RULER_Y = RULER_LOWEST  # the ruler's caption baseline
FOOT = RULER_Y + RULER_HEIGHT + 2.5 * mm  # the pads stay above the ruler
GAP = 8 * mm  # between pads; the dashed cut line runs in its middle
TITLE_HEIGHT = 8 * mm
HEADER_HEIGHT = 9 * mm  # room to write a name
ROW_HEIGHT = 7.5 * mm  # room to write a two- or three-digit number by hand
MAX_ROW_HEIGHT = 12 * mm  # rows grow to use the page, up to this
RUNNING_GAP = 3 * mm  # between the rows and the running-score grid
RUNNING_HEADER = 8 * mm  # its title and hint, like a row's label
RUNNING_ROW = 6.5 * mm  # one score and one total, written small
MAX_RUNNING_ROW = 8 * mm  # what is left once the rows are at their tallest goes here
PAD = 1.6 * mm  # inner padding of a cell
ICON_SIZE = 3.6 * mm
LABEL_SIZE, HINT_SIZE, NOTE_SIZE, TITLE_SIZE = 8.0, 6.5, 6.5, 10.0
MIN_LABEL_SIZE = MIN_TEXT
MIN_PLAYER_WIDTH, MAX_PLAYER_WIDTH = 13 * mm, 28 * mm
MIN_RUNNING_WIDTH = 18 * mm  # a player column split into points and total: two 3-digit numbers
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
    row_height: float = ROW_HEIGHT
    running_rows: int = 0  # lines of the running-score grid (0: none)
    running_row: float = RUNNING_ROW
    ruler: tuple[float, float] = (MARGIN, RULER_Y)  # lower-left corner of the scale ruler
    cut_bottom: float = FOOT  # where the vertical cut lines end, above the ruler
    label_lines: tuple[tuple[str, ...], ...] = ()  # each row label's printed lines (one, or two)

    @property
    def running_height(self) -> float:
        return RUNNING_GAP + RUNNING_HEADER + self.running_rows * self.running_row if self.running_rows else 0.0


def layout_scorepad(template: ScorePadTemplate, players: int, paper: Paper) -> PadLayout:
    """Measure the pad for `players` and tile it on `paper`; UsageError when it cannot fit."""
    if not template.min_players <= players <= template.max_players:
        raise UsageError(
            f"{template.title} is for {template.min_players}–{template.max_players} players, not {players}"
        )
    label_width = min(MAX_LABEL_WIDTH, max(_natural_label_width(row) for row in template.rows))
    running_label = 0.0  # the running grid's title and hint need this much of the label column
    if template.running:
        running = template.running
        needed = 2 * PAD + max(stringWidth(running.label, FONT_BOLD, LABEL_SIZE),
                               stringWidth(running.hint, FONT, HINT_SIZE) if running.hint else 0)
        if needed > MAX_LABEL_WIDTH:
            raise DataError(template.file, f"variants.{template.variant}.running", "label or hint too long to print")
        running_label = needed
        label_width = max(label_width, needed)
        # Each caption heads half of the narrowest player column the pad may get.
        if max(stringWidth(caption, FONT, MIN_TEXT) for caption in running.columns) > MIN_RUNNING_WIDTH / 2 - 1 * mm:
            raise DataError(template.file, f"variants.{template.variant}.running.columns", "too long to print")
    columns = players * (MIN_RUNNING_WIDTH if template.running else MIN_PLAYER_WIDTH)
    if label_width + columns > _usable(paper)[0]:
        raise UsageError(f"a pad for {players} players does not fit across {paper.name} paper")
    papers, across = _tiling(paper, label_width + columns)
    # Labels without a hint may take two lines. When that gains pads across (the Dutch and French
    # category names are a fifth longer than the English ones: the 1-player Citytrip pad was 2 to a
    # page against 4), the label column narrows to the widest that still tiles that many.
    narrow = max(running_label, min(MAX_LABEL_WIDTH, max(_natural_label_width(row, wrap=True) for row in template.rows)))
    narrow_papers, narrow_across = _tiling(paper, narrow + columns)
    if narrow_across > across:
        papers, across = narrow_papers, narrow_across
        label_width = max(narrow, min((_usable(p)[0] + GAP) / across - GAP for p in papers) - columns)
    fitted = [_fit_label(template, i, label_width) for i in range(len(template.rows))]
    label_sizes = tuple(size for size, _lines in fitted)
    down = min(_down(template, players, p, label_width, across) for p in papers)
    width, player_width, note_lines, height = _measure(template, players, paper, label_width, across, ROW_HEIGHT)
    usable_h = _usable(paper)[1]
    if height > usable_h:
        running_height = RUNNING_GAP + RUNNING_HEADER + template.running.rows * RUNNING_ROW if template.running else 0
        key = "running.rows" if height - running_height <= usable_h else "rows"
        raise DataError(template.file, f"variants.{template.variant}.{key}", "too many rows for one page")
    # The room left on the page goes into taller rows (easier to write in), not into blank bands.
    spare = (usable_h - (down - 1) * GAP) / down - height
    row_height = min(MAX_ROW_HEIGHT, ROW_HEIGHT + spare / len(template.rows))
    height += (row_height - ROW_HEIGHT) * len(template.rows)
    spare -= (row_height - ROW_HEIGHT) * len(template.rows)
    running_rows = template.running.rows if template.running else 0
    running_row = min(MAX_RUNNING_ROW, RUNNING_ROW + spare / running_rows) if running_rows else RUNNING_ROW
    height += (running_row - RUNNING_ROW) * running_rows
    block_w = across * width + (across - 1) * GAP
    block_h = down * height + (down - 1) * GAP
    left = (paper.width - block_w) / 2
    top = FOOT + (usable_h + block_h) / 2
    slots = tuple(
        (left + c * (width + GAP), top - (r + 1) * height - r * GAP) for r in range(down) for c in range(across)
    )
    title_size = TITLE_SIZE
    while stringWidth(template.label, FONT_BOLD, title_size) > width:
        title_size -= 0.25
        if title_size < MIN_LABEL_SIZE:
            raise DataError(template.file, f"variants.{template.variant}.label", "too long to print above the pad")
    return PadLayout(label_width, player_width, players, label_sizes, title_size, note_lines, width, height, slots,
                     row_height, running_rows, running_row, (left, RULER_Y), RULER_Y + RULER_HEIGHT + 1 * mm,
                     tuple(lines for _size, lines in fitted))


def _usable(paper: Paper) -> tuple[float, float]:
    """The width and height pads may fill: inside the margins, above the ruler."""
    return paper.width - 2 * MARGIN, paper.height - MARGIN - FOOT


def _tiling(paper: Paper, natural: float) -> tuple[list[Paper], int]:
    """The papers a pad `natural` points wide fits across, `paper` first, and how many such pads
    fit side by side on each of them. The same tiling on every paper: a group that prints on A4
    and on Letter gets the same pads (the 4-player Bruges pad was 2 to an A4 page with cramped
    columns 4 to a Letter page)."""
    papers = [paper, *(p for p in PAPERS.values() if natural <= _usable(p)[0])]
    return papers, min(max(1, int((_usable(p)[0] + GAP) // (natural + GAP))) for p in papers)


def _measure(template: ScorePadTemplate, players: int, paper: Paper, label_width: float, across: int,
             row_height: float) -> tuple[float, float, tuple[str, ...], float]:
    """Width, player column width, wrapped notes and height of one pad, `across` to a row."""
    usable_w = _usable(paper)[0]
    # Columns widen to share the paper's width (wider boxes are easier to write in).
    pad_width = (usable_w + GAP) / across - GAP
    player_width = min(MAX_PLAYER_WIDTH, (pad_width - label_width) / players)
    width = label_width + players * player_width
    note_lines = tuple(line for note in template.notes for line in wrap_words(note, width, FONT, NOTE_SIZE))
    notes_height = (len(note_lines) * NOTE_SIZE * 1.25 + 1.5 * mm) if note_lines else 0
    running = RUNNING_GAP + RUNNING_HEADER + template.running.rows * RUNNING_ROW if template.running else 0
    height = TITLE_HEIGHT + HEADER_HEIGHT + len(template.rows) * row_height + running + notes_height
    return width, player_width, note_lines, height


def _down(template: ScorePadTemplate, players: int, paper: Paper, label_width: float, across: int) -> int:
    height = _measure(template, players, paper, label_width, across, ROW_HEIGHT)[3]
    return max(1, int((_usable(paper)[1] + GAP) // (height + GAP)))


def render_scorepad(template: ScorePadTemplate, players: int, paper: Paper, out: Path, pages: int = 1) -> Path:
    """Write a PDF of `pages` pages of score pads for `players` players to `out`, atomically."""
    if pages < 1:
        raise ValueError(f"a score pad PDF has at least one page, not {pages}")
    layout = layout_scorepad(template, players, paper)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=_("{game} score pad").format(game=template.label),
                            subject=ngettext("{count} player", "{count} players", players).format(count=players))
        canvas.beginForm("pad")
        _draw_pad(canvas, template, layout)
        canvas.endForm()
        for _page in range(pages):
            _draw_cut_lines(canvas, layout, paper)
            for x, y in layout.slots:
                canvas.saveState()
                canvas.translate(x, y)
                canvas.doForm("pad")
                canvas.restoreState()
            draw_ruler(canvas, *layout.ruler)
            canvas.showPage()
        canvas.save()
    return Path(out)


def hint_size(label_size: float) -> float:
    """A hint shrinks with its label, never below the print floor."""
    return max(MIN_TEXT, HINT_SIZE * label_size / LABEL_SIZE)


def _natural_label_width(row, wrap: bool = False) -> float:
    """The label column's width that prints `row` at full size: on one line, or with `wrap` on two
    lines when it has no hint (whose line it would take)."""
    icon = ICON_SIZE + PAD if row.icon else 0
    font = _label_font(row)
    lines = two_lines(row.label, font, LABEL_SIZE) if wrap and not row.hint else (row.label,)
    label = max(stringWidth(line, font, LABEL_SIZE) for line in lines)
    hint = stringWidth(row.hint, FONT, HINT_SIZE) if row.hint else 0
    return 2 * PAD + icon + max(label, hint)


def _label_font(row) -> str:
    return FONT_BOLD if row.kind == "total" else FONT


def two_lines(text: str, font: str, size: float) -> tuple[str, ...]:
    """`text` broken between two words where the wider of its two lines is narrowest; a
    single word stays one line."""
    parts = words(text)
    splits = [(" ".join(parts[:i]), " ".join(parts[i:])) for i in range(1, len(parts))]
    if not splits:
        return (text,)
    return min(splits, key=lambda pair: max(stringWidth(line, font, size) for line in pair))


def _fit_label(template: ScorePadTemplate, index: int, label_width: float) -> tuple[float, tuple[str, ...]]:
    """The font size ≤ LABEL_SIZE and the lines of row `index` in its column: one line at full
    size where it fits; else a label without a hint takes two lines (the hint's place), and a
    label still too wide shrinks until it fits."""
    row = template.rows[index]
    room = label_width - 2 * PAD - (ICON_SIZE + PAD if row.icon else 0)
    font = _label_font(row)
    if stringWidth(row.label, font, LABEL_SIZE) > room and not row.hint:
        lines = two_lines(row.label, font, LABEL_SIZE)
    else:
        lines = (row.label,)
    size = LABEL_SIZE
    while (max(stringWidth(line, font, size) for line in lines) > room
           or (row.hint and stringWidth(row.hint, FONT, hint_size(size)) > room)):
        size -= 0.25
        if size < MIN_LABEL_SIZE:
            raise DataError(
                template.file, f"variants.{template.variant}.rows[{index}]", f"label {row.label!r} or its hint is too long to print"
            )
    return size, lines


def _draw_pad(canvas: Canvas, template: ScorePadTemplate, layout: PadLayout) -> None:
    width, height, row_height = layout.width, layout.height, layout.row_height
    grid_top = height - TITLE_HEIGHT
    rows_top = grid_top - HEADER_HEIGHT
    grid_bottom = rows_top - len(template.rows) * row_height

    # Title band: the game on the left, a date line on the right.
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, layout.title_size)
    canvas.drawString(0, grid_top + 2.2 * mm, template.label)
    canvas.setFont(FONT, 7)
    date_x = width - 28 * mm
    date = _("Date")
    # The title leaves room for the date's caption before its line ("Datum" is longer than "Date").
    caption_room = max(8 * mm, stringWidth(date, FONT, 7) + 3.3 * mm)
    if stringWidth(template.label, FONT_BOLD, layout.title_size) < date_x - caption_room:
        canvas.drawString(date_x - stringWidth(date, FONT, 7) - 1 * mm, grid_top + 2.2 * mm, date)
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.4)
        canvas.line(date_x, grid_top + 2 * mm, width, grid_top + 2 * mm)

    # Row tints first, so the grid lines lie on top of them.
    for i, row in enumerate(template.rows):
        tint = {"total": TOTAL_TINT, "tiebreak": TIEBREAK_TINT}.get(row.kind)
        if tint:
            canvas.setFillColor(tint)
            canvas.rect(0, rows_top - (i + 1) * row_height, width, row_height, stroke=0, fill=1)

    # Header: the caption of the name boxes.
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    for p in range(layout.players):
        x = layout.label_width + p * layout.player_width
        canvas.drawString(x + 1 * mm, grid_top - MIN_TEXT - 0.6 * mm, f"{template.player_label} {p + 1}")
    canvas.setFont(FONT_BOLD, LABEL_SIZE)
    canvas.setFillColor(INK)
    canvas.drawString(PAD, rows_top + (HEADER_HEIGHT - LABEL_SIZE) / 2 + 0.8, _("Name"))

    for i, row in enumerate(template.rows):
        _draw_row_label(canvas, row, layout.label_lines[i], layout.label_sizes[i], rows_top - i * row_height,
                        row_height)

    # Grid: thin inner lines, a heavier outline and a heavier rule above the total.
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.35)
    for i in range(1, len(template.rows) + 1):
        y = rows_top - i * row_height
        canvas.line(0, y, width, y)
    canvas.line(0, rows_top, width, rows_top)
    for p in range(layout.players + 1):
        x = layout.label_width + p * layout.player_width
        canvas.line(x, grid_top, x, grid_bottom)
    canvas.setLineWidth(1.0)
    canvas.rect(0, grid_bottom, width, grid_top - grid_bottom, stroke=1, fill=0)
    for i, row in enumerate(template.rows):
        if row.kind == "total":
            canvas.line(0, rows_top - i * row_height, width, rows_top - i * row_height)

    notes_top = grid_bottom
    if layout.running_rows:
        _draw_running(canvas, template, layout, grid_bottom - RUNNING_GAP)
        notes_top = grid_bottom - layout.running_height
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, NOTE_SIZE)
    for n, line in enumerate(layout.note_lines):
        canvas.drawString(0, notes_top - 1.5 * mm - (n + 1) * NOTE_SIZE * 1.25 + 1.5, line)


def _draw_running(canvas: Canvas, template: ScorePadTemplate, layout: PadLayout, top: float) -> None:
    """The running-score grid: a numbered line per building placed, each player's column split
    into the points it scored and the new total (buildings score when placed, not at the end)."""
    running = template.running
    width, half = layout.width, layout.player_width / 2
    rows_top = top - RUNNING_HEADER
    step = layout.running_row
    bottom = rows_top - layout.running_rows * step
    canvas.setFillColor(TIEBREAK_TINT)
    canvas.rect(0, rows_top, width, RUNNING_HEADER, stroke=0, fill=1)
    _draw_label(canvas, running.label, running.hint, PAD, rows_top + RUNNING_HEADER / 2, FONT_BOLD, LABEL_SIZE,
                HINT_SIZE)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, MIN_TEXT)
    points, total = running.columns
    for p in range(layout.players):
        x = layout.label_width + p * layout.player_width
        canvas.drawCentredString(x + half / 2, rows_top + 1.2 * mm, points)
        canvas.drawCentredString(x + half * 1.5, rows_top + 1.2 * mm, total)
    for i in range(layout.running_rows):
        canvas.drawRightString(layout.label_width - PAD, rows_top - (i + 1) * step + step / 2 - 2,
                               str(i + 1))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.25)
    for i in range(layout.running_rows + 1):
        canvas.line(layout.label_width, rows_top - i * step, width, rows_top - i * step)
    for p in range(layout.players):
        x = layout.label_width + p * layout.player_width
        canvas.line(x + half, rows_top, x + half, bottom)
    canvas.setLineWidth(0.35)
    for p in range(layout.players + 1):
        x = layout.label_width + p * layout.player_width
        canvas.line(x, top, x, bottom)
    canvas.setLineWidth(1.0)
    canvas.rect(0, bottom, width, top - bottom, stroke=1, fill=0)


def _draw_row_label(canvas: Canvas, row, lines: tuple[str, ...], size: float, top: float, row_height: float) -> None:
    x = PAD
    middle = top - row_height / 2
    if row.icon:
        draw_icon(canvas, row.icon, x + ICON_SIZE / 2, middle, ICON_SIZE, INK)
        x += ICON_SIZE + PAD
    if len(lines) == 2:
        # Two lines of one label, centred as a pair on the row's middle.
        canvas.setFillColor(INK)
        canvas.setFont(_label_font(row), size)
        leading = 1.1 * size
        for k, line in enumerate(lines):
            canvas.drawString(x, middle + leading / 2 - k * leading - size * 0.35, line)
        return
    _draw_label(canvas, row.label, row.hint, x, middle, _label_font(row), size, hint_size(size))


def _draw_label(canvas: Canvas, label: str, hint: str, x: float, middle: float, font: str, size: float,
                small: float) -> None:
    """A row's label centred on `middle`, or the label over its grey hint when it has one."""
    canvas.setFillColor(INK)
    canvas.setFont(font, size)
    if not hint:
        canvas.drawString(x, middle - size * 0.35, label)
        return
    canvas.drawString(x, middle + 0.5 * mm, label)
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, small)
    canvas.drawString(x, middle - 0.4 * mm - small * 0.8, hint)


def _draw_cut_lines(canvas: Canvas, layout: PadLayout, paper: Paper) -> None:
    """Dashed lines through the middle of the gaps between pads, to cut them apart."""
    xs = sorted({x for x, _ in layout.slots})
    ys = sorted({y for _, y in layout.slots})
    canvas.saveState()
    canvas.setStrokeColor(Color(0.6, 0.6, 0.6))
    canvas.setLineWidth(0.3)
    canvas.setDash(2, 2)
    # Vertical cuts stop above the ruler's band, so they never cross it.
    for x in xs[1:]:
        canvas.line(x - GAP / 2, layout.cut_bottom, x - GAP / 2, paper.height - CUT_END)
    for y in ys[1:]:
        canvas.line(CUT_END, y - GAP / 2, paper.width - CUT_END, y - GAP / 2)
    canvas.restoreState()
