"""The puzzle page's map: drawn by the printed sheet's own `draw_map`, into SVG.

One geometry source: the page's map is the sheet's map (generator/render/citymap.py) drawn on an
SVG canvas (generator/render/svg.py) instead of a PDF page, and the positions the page's script
puts its path and tap targets on are that drawing's `MapGeometry.point`s, never recomputed.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.language import _
from generator.render.citymap import EDGE_BAND, Box, draw_map
from generator.render.svg import SvgCanvas
from generator.rules.puzzle import Puzzle

CELL = 24.0  # points per grid cell of the SVG's view box; the page scales the drawing to its width
LARGEST_CELL = 64  # CSS pixels: a mini's 4 × 4 square stays a map, not a poster, on a wide screen


@dataclass(frozen=True)
class PageMap:
    svg: str  # the <svg> element
    cell: float  # a grid cell in the view box's units
    nodes: dict[str, tuple[float, float]]  # each node's centre, SVG coordinates (y down)


def page_map(puzzle: Puzzle, ringed: bool = True) -> PageMap:
    """The map of `puzzle` (a mini's square only) with its start ringed, as the sheet prints it
    (not `ringed`: the levels page, whose start is the level's, rings it in the page's script)."""
    district = puzzle.district
    columns = district.columns if district else puzzle.city.grid.columns
    rows = district.rows if district else puzzle.city.grid.rows
    width, height = columns * CELL + 2 * EDGE_BAND, rows * CELL + 2 * EDGE_BAND
    canvas = SvgCanvas(width, height)
    geometry = draw_map(canvas, puzzle.city, puzzle.mode, Box(0, 0, width, height), start=puzzle.start if ringed else None,
                        district=district)
    nodes = {}
    for node in puzzle.city.grid.nodes():
        x, y = geometry.point(node)
        nodes[str(node)] = (round(x, 2), round(height - y, 2))
    svg = canvas.to_svg({"id": "map", "class": "map", "role": "img",
                         "style": f"max-width: {round(width * LARGEST_CELL / CELL)}px",
                         "aria-label": _("Map of {city}: tap a node to walk there").format(city=puzzle.city.name)})
    return PageMap(svg, geometry.cell, nodes)
