"""Font Awesome Free icons as vector glyphs: the font, name → code point, and `draw_icon`.

The icons come from the pinned `fontawesomefree` package (font SIL OFL 1.1): its solid TrueType
font draws every icon as an outline at a private-use code point, so icons stay sharp at any size
and text extraction returns the code point, which lets tests assert that an icon is on the page.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import fontawesomefree
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

ICON_FONT = "FontAwesomeSolid"
_STATIC = Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree"
ICON_FONT_FILE = _STATIC / "webfonts" / "fa-solid-900.ttf"
ICON_METADATA = _STATIC / "metadata" / "icons.json"

# Font Awesome glyphs sit on a 512-unit em from 64 units below the baseline to 448 above it, so
# the visual centre of an icon is 3/8 em above the baseline.
_CENTRE_ABOVE_BASELINE = 0.375


def register_icon_font() -> None:
    """Register the solid icon font with ReportLab once per process."""
    if ICON_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(ICON_FONT, str(ICON_FONT_FILE)))


@functools.cache
def _solid_code_points() -> dict[str, int]:
    """Every icon name that has a solid (free) glyph, with its code point; aliases included."""
    with open(ICON_METADATA, encoding="utf-8") as file:
        metadata = json.load(file)
    points: dict[str, int] = {}
    for name, entry in metadata.items():
        if "solid" not in entry.get("free", []):
            continue
        point = int(entry["unicode"], 16)
        points[name] = point
        for alias in (entry.get("aliases") or {}).get("names", []):
            points.setdefault(alias, point)
    return points


def has_icon(name: str) -> bool:
    """True when `name` is a free solid Font Awesome icon (or an alias of one)."""
    return name in _solid_code_points()


def code_point(name: str) -> int:
    """The code point of icon `name` in the solid font; KeyError for an unknown name."""
    try:
        return _solid_code_points()[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r}") from None


def icon_text(name: str) -> str:
    """The one-character string that draws icon `name` in ICON_FONT."""
    return chr(code_point(name))


def icon_width(name: str, size: float) -> float:
    """The advance width of icon `name` at `size` points (icons are not all square)."""
    register_icon_font()
    return pdfmetrics.stringWidth(icon_text(name), ICON_FONT, size)


def draw_icon(canvas: Canvas, name: str, x: float, y: float, size: float, colour: Color | str = "#000000") -> None:
    """Draw icon `name` centred on (x, y), `size` points tall, filled with `colour`."""
    register_icon_font()
    fill = HexColor(colour) if isinstance(colour, str) else colour
    text = icon_text(name)
    width = pdfmetrics.stringWidth(text, ICON_FONT, size)
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setFont(ICON_FONT, size)
    canvas.drawString(x - width / 2, y - size * _CENTRE_ABOVE_BASELINE, text)
    canvas.restoreState()
