"""The SVG canvas: draw_map's own calls give a web page the same map as the PDF (one geometry)."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from generator.data.cities import load_city
from generator.files import atomic_output
from generator.render.citymap import Box, draw_map, location_icons
from generator.render.icon_scheme import load_icon_scheme
from generator.render.icons import code_point, draw_icon
from generator.render.pdf import FONT, FONT_BOLD, PAPERS, new_canvas
from generator.render.sheet_style import load_sheet_style
from generator.render.svg import SvgCanvas
from generator.rules.district import District
from generator.rules.grid import column_name

SVG = "{http://www.w3.org/2000/svg}"
WIDTH, HEIGHT = 520.0, 680.0
MAPS = [("brugge", "basic"), ("brugge", "advanced"), ("antwerpen", "basic"), ("antwerpen", "advanced")]


def painted(root: ElementTree.Element, inherited: dict[str, str] | None = None):
    """Every drawn element with its attributes, those of its <g> ancestors filled in."""
    for child in root:
        attributes = {**(inherited or {}), **child.attrib}
        if child.tag == SVG + "g":
            yield from painted(child, attributes)
        else:
            yield child, attributes


@functools.cache
def map_svg(name: str, mode: str) -> str:
    canvas = SvgCanvas(WIDTH, HEIGHT)
    draw_map(canvas, load_city(name), mode, Box(0, 0, WIDTH, HEIGHT))
    return canvas.to_svg(attributes={"id": "map", "class": "map"})


def map_pdf_objects(name: str, mode: str, folder: Path) -> tuple[int, Counter]:
    """(node dots, icon glyphs by code point) of the same map drawn into a PDF."""
    out = folder / f"{name}-{mode}.pdf"
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, PAPERS["a4"], title="map")
        draw_map(canvas, load_city(name), mode, Box(0, 0, WIDTH, HEIGHT))
        canvas.showPage()
        canvas.save()
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        # The dots are the only filled, unstroked circles in the node colour (#333333).
        dots = sum(1 for curve in page.curves if curve["fill"] and not curve["stroke"]
                   and tuple(round(v, 3) for v in curve["non_stroking_color"]) == (0.2, 0.2, 0.2))
        icons = Counter(ord(char["text"]) for char in page.chars if "FontAwesome" in char["fontname"])
    return dots, icons


def node_dots(root: ElementTree.Element) -> int:
    """Subpaths of the path(s) filled in the node colour: one circle each."""
    node = load_sheet_style().colours["node"].lower()
    return sum(len(re.findall("M", attributes["d"])) for element, attributes in painted(root)
               if element.tag == SVG + "path" and "data-icon" not in attributes and attributes.get("fill") == node)


@pytest.mark.parametrize("name,mode", MAPS)
def test_map_is_the_pdf_map_as_svg(name: str, mode: str, tmp_path_factory) -> None:
    """Each shipped map parses as XML, scales by its viewBox, and shows what the PDF shows: one
    icon path per location icon (the same icons as the PDF's glyphs), one dot per plain node,
    every column letter and row number on both edges."""
    text = map_svg(name, mode)
    root = ElementTree.fromstring(text)
    assert root.tag == SVG + "svg"
    assert root.get("viewBox") == "0 0 520 680" and "width" not in root.attrib and "height" not in root.attrib
    assert (root.get("id"), root.get("class")) == ("map", "map")

    city = load_city(name)
    style, scheme = load_sheet_style(), load_icon_scheme()
    pdf_dots, pdf_icons = map_pdf_objects(name, mode, tmp_path_factory.mktemp("pdf"))

    icons = Counter(code_point(attributes["data-icon"]) for _, attributes in painted(root) if "data-icon" in attributes)
    expected = Counter(code_point(icon) for location in city.locations.values()
                       for icon, _ in location_icons(location, mode, style, scheme))
    assert icons == expected == pdf_icons

    plain_nodes = sum(1 for node in city.grid.nodes() if node not in city.locations)
    assert node_dots(root) == plain_nodes == pdf_dots

    labels = Counter(element.text for element, _ in painted(root) if element.tag == SVG + "text")
    wanted = Counter({column_name(col): 2 for col in range(city.grid.columns)})
    wanted.update({str(row + 1): 2 for row in range(city.grid.rows)})
    assert labels == wanted


@pytest.mark.parametrize("name,mode", MAPS[:2])
def test_same_calls_give_the_same_bytes(name: str, mode: str) -> None:
    """Rendering twice (fresh canvases, same calls) is byte-identical: the page can be cached and diffed."""
    assert map_svg(name, mode) == map_svg.__wrapped__(name, mode)


def test_a_mini_district_shows_only_its_own_coordinates() -> None:
    """A mini's map (draw_map with a district and the cropped city) labels only the district's
    columns and rows, and draws only its locations."""
    city = load_city("brugge")
    district = District.around(city.start_cards[1].location.at, 4, city)
    mini = district.crop(city)
    canvas = SvgCanvas(WIDTH, HEIGHT)
    draw_map(canvas, mini, "advanced", Box(0, 0, WIDTH, HEIGHT), district=district)
    root = ElementTree.fromstring(canvas.to_svg())
    labels = {element.text for element, _ in painted(root) if element.tag == SVG + "text"}
    columns = {column_name(col) for col in range(district.first.col, district.last.col + 1)}
    rows = {str(row + 1) for row in range(district.first.row, district.last.row + 1)}
    assert labels == columns | rows
    icons = sum(1 for _, attributes in painted(root) if "data-icon" in attributes)
    style, scheme = load_sheet_style(), load_icon_scheme()
    assert icons == sum(len(location_icons(location, "advanced", style, scheme))
                        for location in mini.locations.values())


def test_y_is_flipped_and_numbers_are_compact() -> None:
    """ReportLab's (x, y) from the bottom becomes SVG's (x, height − y); numbers keep at most two
    decimals, without trailing zeros."""
    canvas = SvgCanvas(100, 50)
    canvas.rect(10, 5, 20, 10, stroke=1, fill=0)
    canvas.setFillColor("#1F5F8B")
    canvas.circle(1 / 3, 40, 2.5, stroke=0, fill=1)
    canvas.roundRect(10, 15, 20, -10, 2, stroke=0, fill=1)
    assert canvas.to_svg().splitlines() == [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">',
        '<rect x="10" y="35" width="20" height="10" fill="none" stroke="#000000" stroke-width="1"/>',
        '<g fill="#1f5f8b">',
        '<circle cx="0.33" cy="10" r="2.5"/>',
        '<rect x="10" y="35" width="20" height="10" rx="2"/>',
        '</g>',
        '</svg>',
    ]


def test_paths_and_their_fill_rule() -> None:
    """Path segments, rectangles and circles (two arcs) become path data; ReportLab's default
    fill mode is even-odd, fillMode=1 is nonzero (SVG's default)."""
    canvas = SvgCanvas(100, 100)
    path = canvas.beginPath()
    path.moveTo(0, 0)
    path.lineTo(10, 20)
    path.close()
    path.rect(1, 2, 3, 4)
    path.circle(50, 50, 5)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=1)
    first, second = [attributes for _, attributes in painted(ElementTree.fromstring(canvas.to_svg()))]
    assert first["d"] == "M0 100L10 80ZM1 98H4V94H1ZM55 50A5 5 0 1 0 45 50A5 5 0 1 0 55 50Z"
    assert first["fill-rule"] == "evenodd" and "fill-rule" not in second


def test_state_stack_and_stroke_style() -> None:
    """saveState/restoreState keep colour, alpha, width, dash, cap and join as PDF's q/Q do."""
    canvas = SvgCanvas(100, 100)
    canvas.setStrokeColor("#C0162B")
    canvas.setLineWidth(2)
    canvas.saveState()
    canvas.setStrokeAlpha(0.75)
    canvas.setDash(1.4, 1.6)
    canvas.setLineCap(1)
    canvas.setLineJoin(2)
    canvas.circle(50, 50, 10)
    canvas.restoreState()
    canvas.circle(50, 50, 10)
    canvas.setDash()
    dashed, plain = [attributes for _, attributes in painted(ElementTree.fromstring(canvas.to_svg()))]
    assert dashed == {"cx": "50", "cy": "50", "r": "10", "fill": "none", "stroke": "#c0162b", "stroke-width": "2",
                      "stroke-dasharray": "1.4 1.6", "stroke-linecap": "round", "stroke-linejoin": "bevel",
                      "stroke-opacity": "0.75"}
    assert plain == {"cx": "50", "cy": "50", "r": "10", "fill": "none", "stroke": "#c0162b", "stroke-width": "2"}


def test_text_fonts_anchor_and_escaping() -> None:
    """Both text fonts are family CitytripSans, the bold one with font-weight bold; the three
    drawString variants anchor start, middle and end; text is escaped for XML."""
    canvas = SvgCanvas(100, 100)
    canvas.setFont(FONT, 8)
    canvas.drawString(10, 20, "a<b & c")
    canvas.setFont(FONT_BOLD, 7.5)
    canvas.drawCentredString(50, 20, "K")
    canvas.drawRightString(90, 20, "12")
    texts = list(painted(ElementTree.fromstring(canvas.to_svg())))
    assert [element.text for element, _ in texts] == ["a<b & c", "K", "12"]
    assert [attributes.get("text-anchor", "start") for _, attributes in texts] == ["start", "middle", "end"]
    assert [attributes.get("font-weight") for _, attributes in texts] == [None, "bold", "bold"]
    assert {attributes["font-family"] for _, attributes in texts} == {"CitytripSans"}
    assert texts[0][1]["y"] == "80" and texts[1][1]["font-size"] == "7.5"


def test_an_icon_is_its_outline_centred_where_the_pdf_puts_the_glyph() -> None:
    """draw_icon at (50, 40), 20 pt: the solid SVG outline, its 512-unit box scaled to 20 pt
    with the box's top 448 units above the baseline, so the box spans y 30..50 (SVG 50..70)."""
    canvas = SvgCanvas(100, 100)
    draw_icon(canvas, "camera", 50, 40, 20, "#1F5F8B")
    [(element, attributes)] = list(painted(ElementTree.fromstring(canvas.to_svg())))
    assert element.tag == SVG + "path" and attributes["data-icon"] == "camera"
    assert attributes["fill"] == "#1f5f8b" and attributes["d"].startswith("M")
    # camera.svg is 512 wide: the box runs from x 40 to 60, centred on 50.
    assert attributes["transform"] == "translate(40 50) scale(0.03906)"


def test_unsupported_calls_fail_loudly() -> None:
    """A Canvas method that draw_map does not use yet raises NotImplementedError naming it,
    rather than leaving a hole in the web map; so do other path operations and other fonts."""
    canvas = SvgCanvas(100, 100)
    with pytest.raises(NotImplementedError, match="drawImage"):
        canvas.drawImage("x.png", 0, 0)
    with pytest.raises(NotImplementedError, match="curveTo"):
        canvas.beginPath().curveTo(0, 0, 1, 1, 2, 2)
    with pytest.raises(NotImplementedError, match="Helvetica"):
        canvas.setFont("Helvetica", 10)
    assert not hasattr(canvas, "no_such_method")
