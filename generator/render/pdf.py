"""The print foundation: paper sizes, fonts and a reproducible canvas.

Every PDF of the project is made by `new_canvas` and written through `generator.files.
atomic_output`, so that the same command gives the same bytes (ReportLab's invariant mode) and a
failed run never leaves a half-written file where the user expects a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.errors import UsageError
from generator.language import N_, _


# What every page promises a player and a home printer (tests/render/test_print_audit.py checks
# every page of every printable): no text smaller than 6 pt, nothing drawn within 5 mm of the
# paper's edge (home printers leave that much unprinted; a crop mark there is lost).
MIN_TEXT = 6.0
EDGE = 5 * mm
CUT_END = EDGE + 0.5 * mm  # cut lines run out to here, so a printer that prints them prints them whole


@dataclass(frozen=True)
class Paper:
    """A paper size in points; layouts are computed per paper, never scaled from another one."""

    name: str
    width: float
    height: float


# ISO 216 A4 and US Letter, in PostScript points (1 pt = 1/72 in).
PAPERS = {
    "a4": Paper("a4", 210 * mm, 297 * mm),
    "letter": Paper("letter", 612.0, 792.0),
}

# Bitstream Vera ships inside the pinned reportlab wheel, so every fresh venv has the very same
# font file and the PDFs stay byte-identical from machine to machine. A system DejaVu Sans covers
# more glyphs but its version depends on the distribution, which would break reproducibility;
# the templates are checked against Vera's character map instead (see `missing_glyphs`).
FONT = "CitytripSans"
FONT_BOLD = "CitytripSans-Bold"
_FONT_FILES = {FONT: "Vera.ttf", FONT_BOLD: "VeraBd.ttf"}
FONT_DIR = Path(reportlab.__file__).parent / "fonts"


def register_fonts() -> None:
    """Register the text fonts with ReportLab once per process."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, file in _FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))


def missing_glyphs(text: str) -> str:
    """The characters of `text` that the text font cannot draw (they would print as boxes)."""
    register_fonts()
    char_map = pdfmetrics.getFont(FONT).face.charToGlyph
    return "".join(sorted({c for c in text if ord(c) not in char_map and c not in "\n\t"}))


def paper(name: str) -> Paper:
    """The paper called `name` (a4 or letter)."""
    try:
        return PAPERS[name]
    except KeyError:
        raise UsageError(f"unknown paper {name!r}: use one of {', '.join(PAPERS)}") from None


def new_canvas(target: Path, size: Paper, *, title: str, subject: str = "") -> Canvas:
    """A canvas that writes `target` reproducibly, with metadata and print-at-100 % preference."""
    register_fonts()
    # The page's initial font is ours: ReportLab's default (Helvetica) would be named, unembedded,
    # on every page, and a print shop's preflight flags an unembedded font even if unused.
    canvas = Canvas(str(target), pagesize=(size.width, size.height), invariant=1, pageCompression=1,
                    initialFontName=FONT, initialFontSize=MIN_TEXT + 4)
    canvas.setTitle(title)
    canvas.setAuthor("citytrip")
    canvas.setSubject(subject or title)
    canvas.setCreator(f"citytrip {__version__}")
    # Cut lines and writing boxes are measured in millimetres: ask viewers not to shrink the page.
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


# The scale ruler: 50 mm with a tick every 5 mm and its caption under it (or beside it).
RULER_LENGTH = 50 * mm
RULER_HEIGHT = 6 * mm  # the room a layout keeps for it: ticks, gap, 6-pt caption
RULER_TICKS = 2.2 * mm  # the longest tick: how far the ruler rises above its base line
RULER_CAPTION = N_("50 mm if printed at 100 %")  # English; printed in the language in use
RULER_CAPTION_GAP = 2 * mm  # a caption beside the ruler follows its base line after this gap
RULER_LOWEST = EDGE + 1 * mm  # the lowest caption baseline: its descenders stay clear of the edge


def draw_ruler(canvas: Canvas, x: float, y: float, *, beside: bool = False) -> None:
    """A 50-mm ruler whose lower-left corner (caption's baseline) is at (x, y); with `beside`, the
    caption follows the base line instead of standing under it (for a margin too narrow for both).

    Every printable carries one, so a player can check with any ruler that the page printed at
    actual size: cards, boxes and strips are measured in millimetres.
    """
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setLineWidth(0.5)
    base = y + RULER_HEIGHT - RULER_TICKS
    canvas.line(x, base, x + RULER_LENGTH, base)
    for k in range(11):
        tick = RULER_TICKS if k % 2 == 0 else 1.2 * mm
        canvas.line(x + k * 5 * mm, base, x + k * 5 * mm, base + tick)
    canvas.setFont(FONT, MIN_TEXT)
    if beside:
        canvas.drawString(x + RULER_LENGTH + RULER_CAPTION_GAP, base, _(RULER_CAPTION))
    else:
        canvas.drawString(x, y, _(RULER_CAPTION))
    canvas.restoreState()


def ruler_width(*, beside: bool = False) -> float:
    """How wide the ruler with its caption is, for layouts that place it at a right edge."""
    register_fonts()
    caption = pdfmetrics.stringWidth(_(RULER_CAPTION), FONT, MIN_TEXT)
    return RULER_LENGTH + RULER_CAPTION_GAP + caption if beside else max(RULER_LENGTH, caption)
