"""The duplex alignment test: one sheet (two pages) that measures how far a printer shifts the backs.

The front has a cross at every card's centre, the back a millimetre scale where each back card's
centre goes, drawn exactly as the action cards' backs are (mirrored for a long-edge flip, shifted
by the offset the user passes). Looking at the back against the light, the cross shows through at
the reading (right and up are +) that, passed as --back-offset-mm, moves the backs onto the fronts.
The instructions sit in a panel over the top row, the only room both A4 and Letter have for them,
in the language in use; the reprint command they print asks for the same language.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.files import atomic_output
from generator.language import DEFAULT, _, current, pgettext
from generator.render.card_layout import (CARD_H, CARD_W, CUT, INK, Box, Slot, back_slot, card_block, card_slots,
                                          draw_cut_grid, draw_page_ruler, ruler_spot)
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, Paper, new_canvas
from generator.render.wrap import wrap_words
from generator.rules.city import City

TEXT_SIZE, HEADING_SIZE = 7.0, 8.5
LEADING = 1.25  # line height in text sizes
PAD = 2 * mm  # inside the instruction panel
CROSS = 6 * mm  # the front crosses' half length
SCALE = 5  # the back scales run from −5 to +5 mm


def render_alignment_test(city: City, paper: Paper, out: Path, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Path:
    """One sheet (two pages): crosses at the card centres on the front, mm scales on the back
    (shifted by `offset_mm`, as the action cards' backs)."""
    offset = (offset_mm[0] * mm, offset_mm[1] * mm)
    slots = card_slots(paper)
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=_("Card duplex alignment test"),
                            subject=_("print double-sided, flip on the long edge, at 100 %"))
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        for slot in slots:
            _draw_outline(canvas, slot)
            _draw_cross(canvas, slot.x + CARD_W / 2, slot.y + CARD_H / 2)
        draw_cut_grid(canvas, paper, slots)
        box, heading = _panel_box(paper), _("Duplex alignment test for the action cards")
        steps = front_steps(city, paper, offset_mm)
        if _panel_lines(box, heading, steps) is None:
            steps = front_steps(city, paper, offset_mm, folder=folder_word())
        _draw_panel(canvas, box, heading, steps)
        draw_page_ruler(canvas, ruler_spot(paper, card_block(paper)))
        canvas.showPage()

        backs = [back_slot(slot, paper, offset) for slot in slots]
        for back in backs:
            _draw_outline(canvas, back)
            _draw_scale(canvas, back.x + CARD_W / 2, back.y + CARD_H / 2)
        _draw_panel(canvas, _panel_box(paper).shifted(*offset), _("Duplex alignment test: the back"),
                    back_steps(offset_mm))
        # The ruler moves with the backs: the shift undoes the printer's, so on paper it lands in place.
        draw_page_ruler(canvas, ruler_spot(paper, card_block(paper)).shifted(*offset))
        canvas.showPage()
        canvas.save()
    return Path(out)


def folder_word() -> str:
    """What stands for the city's folder in a printed command too long to print whole ("FOLDER")."""
    return pgettext("stands for a folder in a printed command line: capitals, no spaces", "FOLDER")


def reprint_command(city: City, paper: Paper, folder: str | None = None) -> str:
    """The command that prints the cards again with the measured shift, on the same paper and in
    the same language; `folder` stands in for the city where its folder's path is too long to print."""
    command = f"citytrip cards --city {folder or shlex.quote(city.key)} --back-offset-mm X,Y"
    if paper.name != "a4":
        command += f" --paper {paper.name}"
    if current() != (getattr(city, "language", None) or DEFAULT):  # the language the command would pick
        command += f" --lang {current()}"
    return command


def front_steps(city: City, paper: Paper, offset_mm: tuple[float, float], folder: str | None = None) -> list[str]:
    steps = [
        _("1. Print this page and the next on one sheet: double-sided, flipped on the long edge, at 100 % "
          "(actual size), on the printer you will print the cards with."),
        _("2. Turn the sheet to its side with the scales and hold it against the light: each cross of this side "
          "should show through at the centre of a scale."),
        _("3. Read where the cross shows through, in mm: X on the horizontal scale, Y on the vertical one "
          "(right and up are +). If both are 0, the cards need no shift."),
        _("4. Otherwise print the cards again with that shift:"),
    ]
    if offset_mm != (0.0, 0.0):
        steps[-1] = _("4. This test was printed with --back-offset-mm {offset}: add that to your "
                      "reading for X and Y, and print the cards again with:").format(offset=_offset(offset_mm))
    steps.append(f"$ {reprint_command(city, paper, folder)}")
    if folder:
        where = _("where {folder} is the city's folder, as you gave it to print these cards.")
        steps.append(where.format(folder=folder))
    return steps


def back_steps(offset_mm: tuple[float, float]) -> list[str]:
    return [
        _("Hold this side against the light and read where the cross of the other side shows through on each "
          "scale: X along the horizontal scale, Y along the vertical one, in mm (right and up are +)."),
        _("This side is shifted by --back-offset-mm {offset}.").format(offset=_offset(offset_mm)),
    ]


def _offset(offset_mm: tuple[float, float]) -> str:
    return f"{offset_mm[0]:+.1f},{offset_mm[1]:+.1f}"


# --- drawing ---------------------------------------------------------------------------------------


def _panel_box(paper: Paper) -> Box:
    """Across the top row, above its crosses (and, on the back, above its scales)."""
    block = card_block(paper)
    return Box(block.left + 3 * mm, block.top - CARD_H / 2 + CROSS + 2 * mm, block.right - 3 * mm, block.top - 3 * mm)


def _draw_panel(canvas: Canvas, box: Box, heading: str, steps: list[str]) -> None:
    """The heading and steps, top down in a white panel that covers the cut lines behind it."""
    lines = _panel_lines(box, heading, steps)
    if lines is None:
        raise ValueError(f"the alignment instructions do not fit their panel: {heading!r}")
    height = 2 * PAD + sum(size * LEADING for _, size, _ in lines)
    canvas.saveState()
    canvas.setFillColor(white)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    canvas.rect(box.left, box.top - height, box.right - box.left, height, stroke=1, fill=1)
    canvas.setFillColor(INK)
    y = box.top - PAD
    for font, size, text in lines:
        y -= size * LEADING
        canvas.setFont(font, size)
        canvas.drawString(box.left + PAD, y + size * (LEADING - 1), text)
    canvas.restoreState()


def _panel_lines(box: Box, heading: str, steps: list[str]) -> list[tuple[str, float, str]] | None:
    """(font, size, text) of each line of the panel, at the largest size from 7 to 6 pt that fits
    `box`; None if none does.

    A step starting with "$ " is a command: bold, on lines of its own, so it reads (and copies) whole.
    """
    width = box.right - box.left - 2 * PAD
    for size in (TEXT_SIZE, (TEXT_SIZE + MIN_TEXT) / 2, MIN_TEXT):
        lines = [(FONT_BOLD, HEADING_SIZE, heading)]
        for step in steps:
            font, text = (FONT_BOLD, step[2:]) if step.startswith("$ ") else (FONT, step)
            for line in wrap_words(text, width, font, size):
                lines += [(font, size, piece) for piece in _cut(line, width, font, size)]
        if 2 * PAD + sum(line_size * LEADING for _, line_size, _ in lines) <= box.top - box.bottom:
            return lines
    return None


def _cut(line: str, width: float, font: str, size: float) -> list[str]:
    """`line` in pieces no wider than `width`: only a single long word (a folder path) needs cutting."""
    pieces = [""]
    for char in line:
        if pieces[-1] and stringWidth(pieces[-1] + char, font, size) > width:
            pieces.append("")
        pieces[-1] += char
    return pieces


def _draw_outline(canvas: Canvas, slot: Slot) -> None:
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.3)
    canvas.rect(slot.x, slot.y, CARD_W, CARD_H, stroke=1, fill=0)


def _draw_cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.3)
    canvas.line(x - CROSS, y, x + CROSS, y)
    canvas.line(x, y - CROSS, x, y + CROSS)
    canvas.circle(x, y, 1 * mm, stroke=1, fill=0)


def _draw_scale(canvas: Canvas, x: float, y: float) -> None:
    """A ±5 mm scale each way, a tick per millimetre, a longer one every 5, labelled X and Y.

    The X labels stand above the horizontal scale and the Y labels right of the vertical one, in
    different quadrants, so that at 6 pt no label touches another.
    """
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setFillColor(INK)
    canvas.setLineWidth(0.25)
    end = SCALE * mm
    canvas.line(x - end, y, x + end, y)
    canvas.line(x, y - end, x, y + end)
    canvas.setFont(FONT, MIN_TEXT)
    for k in range(-SCALE, SCALE + 1):
        tick = (1.6 if k % 5 == 0 else 0.9) * mm
        canvas.line(x + k * mm, y - tick, x + k * mm, y + tick)
        canvas.line(x - tick, y + k * mm, x + tick, y + k * mm)
        if k and k % 5 == 0:
            canvas.drawCentredString(x + k * mm, y + 2.0 * mm, f"{k:+d}")
            canvas.drawString(x + 2.2 * mm, y + k * mm - MIN_TEXT * 0.35, f"{k:+d}")
    canvas.setFont(FONT_BOLD, MIN_TEXT + 1)
    canvas.drawString(x + end + 1.5 * mm, y - 2.5, "X")
    canvas.drawCentredString(x, y + end + 1.5 * mm, "Y")
    canvas.restoreState()
