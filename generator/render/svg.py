"""An SVG canvas: the city map for a web page, drawn by the very same `draw_map` as the PDFs.

`SvgCanvas` answers the ReportLab `Canvas` calls that `generator.render.citymap.draw_map` makes
(and everything it calls) by collecting SVG elements, so the web page and the printed sheets
share one geometry source. Any other Canvas method raises NotImplementedError when called, so a
new drawing call in the map code fails loudly here instead of vanishing from the web page.

    canvas = SvgCanvas(width, height)          # points, origin lower-left as in ReportLab
    draw_map(canvas, city, mode, Box(0, 0, width, height))
    svg = canvas.to_svg(attributes={"id": "map"})

- Coordinates: ReportLab's y grows upwards, SVG's downwards; every point (x, y) becomes
  (x, height − y). The root has `viewBox="0 0 width height"` and no fixed size, so the page
  scales it with CSS.
- Text fonts: FONT and FONT_BOLD are both written as `font-family="CitytripSans"`, FONT_BOLD
  adding `font-weight="bold"`. The page declares two @font-face rules for that one family:
  Vera.ttf (normal) and VeraBd.ttf (bold) from reportlab's fonts directory, the files the PDFs
  embed. Text is anchored (start / middle / end), so the browser's own measure centres it.
- Icons: text in ICON_FONT is not text on the web page but each glyph's outline, a filled
  <path data-icon="name"> taken from the fontawesomefree package's solid SVG files, so the page
  needs no icon web font. The font and the SVGs share one design grid (512-unit em, 64 units
  below the baseline, the SVG's top 448 above it), so a transform on the path places it exactly
  where the glyph would be. The icons' licence notice (CC BY 4.0) is copied once into the
  document as a comment.
- Output is deterministic: the same calls give the same bytes. Coordinates have at most two
  decimals (a hundredth of a point); the icons' scale factors keep five, since a rounding error
  there is multiplied by the 512-unit glyph.
"""

from __future__ import annotations

import functools
import json
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, toColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from generator.render.icons import ICON_FONT, ICON_METADATA, register_icon_font
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT, register_fonts

_ICON_SVGS = ICON_METADATA.parent.parent / "svgs" / "solid"
_ICON_EM = 512  # Font Awesome's design grid: units per em, and the SVG files' height
_ICON_TOP = 448  # the SVG files' y = 0 is this many units above the font's baseline
_CAPS = ("butt", "round", "square")  # ReportLab's setLineCap 0, 1, 2
_JOINS = ("miter", "round", "bevel")  # ReportLab's setLineJoin 0, 1, 2


def _num(value: float, decimals: int = 2) -> str:
    """`value` with at most `decimals` decimals, trailing zeros stripped: 12.5, 3, 0.07."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _hex(colour: Color) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in (colour.red, colour.green, colour.blue)))


def _colour(value: Color | str | tuple) -> Color:
    """A ReportLab Color from what Canvas.setFillColor accepts: a Color, "#rrggbb", a name, an RGB tuple."""
    colour = value if isinstance(value, Color) else toColor(value)
    if not isinstance(colour, Color):
        raise ValueError(f"unknown colour {value!r}")
    return colour


@functools.cache
def _icon_names() -> dict[int, str]:
    """Code point → the icon's own name (its SVG file's name); the font maps aliases to the same point."""
    with open(ICON_METADATA, encoding="utf-8") as file:
        metadata = json.load(file)
    return {int(entry["unicode"], 16): name for name, entry in metadata.items() if "solid" in entry.get("free", [])}


@functools.cache
def icon_outline(name: str) -> tuple[str, str]:
    """The outline (path data, in the file's 0..512 units) of solid icon `name`, and the file's
    licence comment, which the document repeats once (Font Awesome's icons are CC BY 4.0)."""
    text = (_ICON_SVGS / f"{name}.svg").read_text(encoding="utf-8")
    root = ElementTree.fromstring(text)
    data = " ".join(path.get("d", "") for path in root.iter("{http://www.w3.org/2000/svg}path"))
    notice = re.search(r"<!--!?\s*(.*?)\s*-->", text, re.S)
    return data, notice.group(1) if notice else ""


def _unsupported(owner: str, name: str):
    def method(*args, **kwargs):
        raise NotImplementedError(f"{owner}.{name} is not supported: draw_map does not use it yet")
    return method


@dataclass(frozen=True)
class _State:
    """What saveState keeps (PDF's q/Q keep all of it); initial values are ReportLab's / new_canvas's."""

    fill: Color = Color(0, 0, 0)
    stroke: Color = Color(0, 0, 0)
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    dash_phase: float = 0.0
    cap: int = 0
    join: int = 0
    font: str = FONT
    font_size: float = MIN_TEXT + 4


Attributes = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class _Element:
    tag: str
    shape: Attributes  # this element's own geometry
    style: Attributes  # paint and font: elements in a row with the same style share one <g>
    text: str = ""


class SvgPath:
    """The part of ReportLab's path object (`canvas.beginPath()`) that draw_map uses, as SVG path data."""

    def __init__(self, height: float) -> None:
        self._height = height
        self._parts: list[str] = []

    def _xy(self, x: float, y: float) -> str:
        return f"{_num(x)} {_num(self._height - y)}"

    def moveTo(self, x: float, y: float) -> None:
        self._parts.append("M" + self._xy(x, y))

    def lineTo(self, x: float, y: float) -> None:
        self._parts.append("L" + self._xy(x, y))

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        # The corners in PDF's `re` order, so overlapping subpaths wind as they do in the PDF.
        self._parts.append(f"M{self._xy(x, y)}H{_num(x + width)}V{_num(self._height - y - height)}H{_num(x)}Z")

    def circle(self, x: float, y: float, r: float) -> None:
        # Two half-circle arcs, from the rightmost point anticlockwise on the page as ReportLab's
        # Bézier circle runs (sweep flag 0 in SVG's downward y).
        radius = _num(r)
        self._parts.append(f"M{self._xy(x + r, y)}A{radius} {radius} 0 1 0 {self._xy(x - r, y)}"
                           f"A{radius} {radius} 0 1 0 {self._xy(x + r, y)}Z")

    def close(self) -> None:
        self._parts.append("Z")

    @property
    def data(self) -> str:
        return "".join(self._parts)

    def __getattr__(self, name: str):
        if not name.startswith("_") and callable(getattr(PDFPathObject, name, None)):
            return _unsupported("SvgPath", name)
        raise AttributeError(name)


class SvgCanvas:
    """The subset of ReportLab's Canvas that draw_map uses, collecting an SVG document."""

    def __init__(self, width: float, height: float) -> None:
        register_fonts()
        register_icon_font()
        self.width = width
        self.height = height
        self._state = _State()
        self._saved: list[_State] = []
        self._elements: list[_Element] = []
        self._notices: list[str] = []  # licence comments of the icon sets used, once each

    # --- graphics state -------------------------------------------------------------------

    def saveState(self) -> None:
        self._saved.append(self._state)

    def restoreState(self) -> None:
        self._state = self._saved.pop()

    def _set(self, **changes) -> None:
        self._state = replace(self._state, **changes)

    def setFillColor(self, colour: Color | str, alpha: float | None = None) -> None:
        colour = _colour(colour)
        # As in ReportLab, a colour brings its own alpha unless one is given.
        self._set(fill=colour, fill_alpha=alpha if alpha is not None else colour.alpha)

    def setStrokeColor(self, colour: Color | str, alpha: float | None = None) -> None:
        colour = _colour(colour)
        self._set(stroke=colour, stroke_alpha=alpha if alpha is not None else colour.alpha)

    def setStrokeAlpha(self, alpha: float) -> None:
        self._set(stroke_alpha=alpha)

    def setLineWidth(self, width: float) -> None:
        self._set(line_width=width)

    def setDash(self, array: float | list[float] | tuple[float, ...] = (), phase: float = 0) -> None:
        """setDash() for solid lines; setDash(on, off) or setDash([on, off, ...], phase) as in ReportLab."""
        if isinstance(array, (int, float)):
            array, phase = (array, phase), 0
        self._set(dash=tuple(array), dash_phase=phase)

    def setLineCap(self, mode: int) -> None:
        self._set(cap=mode)

    def setLineJoin(self, mode: int) -> None:
        self._set(join=mode)

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:
        if name not in (FONT, FONT_BOLD, ICON_FONT):
            raise NotImplementedError(f"SvgCanvas.setFont: font {name!r} has no web equivalent")
        self._set(font=name, font_size=size)

    # --- shapes ---------------------------------------------------------------------------

    def _paint(self, stroke: int, fill: int, even_odd: bool = False) -> Attributes:
        state = self._state
        paint = [("fill", _hex(state.fill) if fill else "none")]
        if fill and state.fill_alpha < 1:
            paint.append(("fill-opacity", _num(state.fill_alpha)))
        if fill and even_odd:
            paint.append(("fill-rule", "evenodd"))
        if stroke:
            paint += [("stroke", _hex(state.stroke)), ("stroke-width", _num(state.line_width))]
            if state.dash:
                paint.append(("stroke-dasharray", " ".join(_num(d) for d in state.dash)))
                if state.dash_phase:
                    paint.append(("stroke-dashoffset", _num(state.dash_phase)))
            if state.cap:
                paint.append(("stroke-linecap", _CAPS[state.cap]))
            if state.join:
                paint.append(("stroke-linejoin", _JOINS[state.join]))
            if state.stroke_alpha < 1:
                paint.append(("stroke-opacity", _num(state.stroke_alpha)))
        return tuple(paint)

    def _add(self, tag: str, shape: Attributes, style: Attributes, text: str = "") -> None:
        self._elements.append(_Element(tag, shape, style, text))

    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self._add("circle", (("cx", _num(x)), ("cy", _num(self.height - y)), ("r", _num(r))), self._paint(stroke, fill))

    def _box(self, x: float, y: float, width: float, height: float) -> Attributes:
        # SVG wants a positive size and the top-left corner; ReportLab allows negative sizes.
        left, bottom = min(x, x + width), min(y, y + height)
        return (("x", _num(left)), ("y", _num(self.height - bottom - abs(height))),
                ("width", _num(abs(width))), ("height", _num(abs(height))))

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        self._add("rect", self._box(x, y, width, height), self._paint(stroke, fill))

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        self._add("rect", self._box(x, y, width, height) + (("rx", _num(radius)),), self._paint(stroke, fill))

    def beginPath(self) -> SvgPath:
        return SvgPath(self.height)

    def drawPath(self, path: SvgPath, stroke: int = 1, fill: int = 0, fillMode: int | None = None) -> None:
        """Paint `path`; fillMode as ReportLab's: None or 0 (its default) even-odd, 1 nonzero."""
        if path.data:
            even_odd = fillMode is None or fillMode == FILL_EVEN_ODD
            self._add("path", (("d", path.data),), self._paint(stroke, fill, even_odd))

    # --- text -----------------------------------------------------------------------------

    def drawString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "start")

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "middle")

    def drawRightString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "end")

    def _text(self, x: float, y: float, text: str, anchor: str) -> None:
        state = self._state
        if state.font == ICON_FONT:
            self._icons(x, y, text, anchor)
            return
        style = [("font-family", "CitytripSans"), ("font-size", _num(state.font_size))]
        if state.font == FONT_BOLD:
            style.append(("font-weight", "bold"))
        if anchor != "start":
            style.append(("text-anchor", anchor))
        style.append(("fill", _hex(state.fill)))
        if state.fill_alpha < 1:
            style.append(("fill-opacity", _num(state.fill_alpha)))
        self._add("text", (("x", _num(x)), ("y", _num(self.height - y))), tuple(style), text)

    def _icons(self, x: float, y: float, text: str, anchor: str) -> None:
        """Each glyph as its outline, advancing by the font's widths as the PDF's text does."""
        size = self._state.font_size
        width = pdfmetrics.stringWidth(text, ICON_FONT, size)
        x -= {"start": 0, "middle": width / 2, "end": width}[anchor]
        scale = size / _ICON_EM
        top = self.height - y - _ICON_TOP * scale  # the SVG file's y = 0, in SVG coordinates
        style = [("fill", _hex(self._state.fill))]
        if self._state.fill_alpha < 1:
            style.append(("fill-opacity", _num(self._state.fill_alpha)))
        for char in text:
            name = _icon_names().get(ord(char))
            if name is None:
                raise ValueError(f"U+{ord(char):04X} is no solid Font Awesome icon")
            data, notice = icon_outline(name)
            if notice and notice not in self._notices:
                self._notices.append(notice)
            transform = f"translate({_num(x)} {_num(top)}) scale({_num(scale, 5)})"
            self._add("path", (("data-icon", name), ("transform", transform), ("d", data)), tuple(style))
            x += pdfmetrics.stringWidth(char, ICON_FONT, size)

    # --- output ---------------------------------------------------------------------------

    def to_svg(self, attributes: dict[str, str] | None = None) -> str:
        """The drawing as one <svg> element; `attributes` are added to (or override) the root's."""
        root = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {_num(self.width)} {_num(self.height)}"}
        root.update(attributes or {})
        lines = [f"<svg{_attributes(tuple(root.items()))}>"]
        lines += [f"<!-- {notice.replace('--', '- -')} -->" for notice in self._notices]
        # Runs of elements with the same paint share a <g>, which keeps the labels and dots short.
        i = 0
        while i < len(self._elements):
            j = i
            while j < len(self._elements) and self._elements[j].style == self._elements[i].style:
                j += 1
            if j - i == 1:
                lines.append(_element(self._elements[i], with_style=True))
            else:
                lines.append(f"<g{_attributes(self._elements[i].style)}>")
                lines += [_element(element, with_style=False) for element in self._elements[i:j]]
                lines.append("</g>")
            i = j
        lines.append("</svg>")
        return "\n".join(lines)

    def __getattr__(self, name: str):
        if not name.startswith("_") and callable(getattr(Canvas, name, None)):
            return _unsupported("SvgCanvas", name)
        raise AttributeError(name)


def _attributes(pairs: Attributes) -> str:
    return "".join(f' {name}="{escape(value, {chr(34): "&quot;"})}"' for name, value in pairs)


def _element(element: _Element, with_style: bool) -> str:
    pairs = element.shape + (element.style if with_style else ())
    if element.tag == "text":
        return f"<text{_attributes(pairs)}>{escape(element.text)}</text>"
    return f"<{element.tag}{_attributes(pairs)}/>"
