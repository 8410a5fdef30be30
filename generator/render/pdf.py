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
    canvas = Canvas(str(target), pagesize=(size.width, size.height), invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("citytrip")
    canvas.setSubject(subject or title)
    canvas.setCreator(f"citytrip {__version__}")
    # Cut lines and writing boxes are measured in millimetres: ask viewers not to shrink the page.
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas
