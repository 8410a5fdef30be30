"""The city map as printed on fill-in sheets, puzzle sheets and answer keys.

`draw_map(canvas, city, mode, box)` draws one city's grid into a box: water as filled areas
(contiguous cells merge, so canals read as canals and the Scheldt as a river), bridges on the
water, every node as a dot joined to its neighbours by light dashed links (R2: a missing link is
a step the rules forbid), every location as its goal icon in the category colour, the eatery
kinds as distinct icons (R13), the advanced special locations ringed (R14), and the coordinates
on all four edges (R1). A start location and a route (one list of coordinates per path end) can
be drawn on top, which is what an answer key needs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.language import pgettext
from generator.render.icon_scheme import IconScheme, load_icon_scheme
from generator.render.icons import draw_icon, icon_width
from generator.render.pdf import FONT, FONT_BOLD, MIN_TEXT
from generator.render.sheet_style import SheetStyle, load_sheet_style
from generator.rules.city import ADVANCED, City, Location
from generator.rules.district import District
from generator.rules.grid import BRIDGE, Coord, column_name

EDGE_BAND = 4.2 * mm  # room outside the grid for the coordinates on each edge
DISC = 0.45  # radius of a location's white disc, in cells
ICON = 0.56  # height of a location's icon, in cells
DOT = 0.085  # radius of a plain node's dot, in cells
FRAME = Color(0.55, 0.55, 0.55)
LABEL = Color(0.2, 0.2, 0.2)


@dataclass(frozen=True)
class Box:
    """A rectangle on the page in points, origin at its lower-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class MapGeometry:
    """Where the grid lands inside a box: one square cell per grid point, centred in the box."""

    columns: int
    rows: int
    cell: float
    left: float  # x of the left edge of the first column's cells
    top: float  # y of the top edge of the first row's cells
    first: Coord = Coord(0, 0)  # the grid point in the top-left corner (a mini's district starts elsewhere)

    def point(self, at: Coord) -> tuple[float, float]:
        """The page position of grid point `at` (the centre of its cell)."""
        return (self.left + (at.col - self.first.col + 0.5) * self.cell,
                self.top - (at.row - self.first.row + 0.5) * self.cell)

    @property
    def grid_box(self) -> Box:
        return Box(self.left, self.top - self.rows * self.cell, self.columns * self.cell, self.rows * self.cell)


def cell_size(columns: int, rows: int, box: Box) -> float:
    """The side of the largest square cells a grid of `columns` × `rows` gets in `box`, with the
    coordinate bands (zero or less: no room)."""
    return min((box.width - 2 * EDGE_BAND) / columns, (box.height - 2 * EDGE_BAND) / rows)


def map_geometry(columns: int, rows: int, box: Box, first: Coord = Coord(0, 0)) -> MapGeometry:
    """The largest square cells that fit `box` with the coordinate bands, centred in it; `first`
    is the grid point in the top-left corner when only part of the map is drawn."""
    cell = cell_size(columns, rows, box)
    if cell <= 0:
        raise ValueError(f"a map box of {box.width:.0f} × {box.height:.0f} pt has no room for the grid")
    left = box.x + (box.width - columns * cell) / 2
    top = box.top - (box.height - rows * cell) / 2
    return MapGeometry(columns, rows, cell, left, top, first)


def draw_map(
    canvas: Canvas,
    city: City,
    mode: str,
    box: Box,
    start: Coord | None = None,
    route: Sequence[Sequence[Coord]] | None = None,
    district: District | None = None,
) -> MapGeometry:
    """Draw `city`'s map for `mode` (basic, advanced) into `box`; optionally a start and a route.

    `route` is a list of path segments, each a list of coordinates walked in order (one per path
    end, R6). With a `district` (a mini's) only that rectangle is drawn, with its own coordinates
    on the edges. Returns the geometry, so callers can place more marks on the same grid.
    """
    style = load_sheet_style()
    scheme = load_icon_scheme()
    if district is None:
        geometry = map_geometry(city.grid.columns, city.grid.rows, box)
    else:
        geometry = map_geometry(district.columns, district.rows, box, district.first)
    canvas.saveState()
    _draw_water(canvas, city, geometry, style)
    _draw_links(canvas, city, geometry, style)
    _draw_nodes(canvas, city, geometry, style)
    for location in city.locations.values():
        draw_location(canvas, location, geometry, mode, style, scheme)
    _draw_edges(canvas, geometry)
    if route:
        draw_route(canvas, geometry, route)
    if start is not None:
        draw_start(canvas, geometry, start)
    canvas.restoreState()
    return geometry


def location_icons(location: Location, mode: str, style: SheetStyle, scheme: IconScheme) -> list[tuple[str, str]]:
    """The (icon, colour) pairs a location shows: its goal, or each option of a special (R14)."""
    goals = location.goals(mode)
    if mode == ADVANCED and location.combo:
        goals = location.combo
    icons = []
    for goal in goals:
        colour = scheme.categories[goal].colour if goal in scheme.categories else "#222222"
        if goal == "eat":
            icons.append((style.eatery_icon(location.eatery), colour))
        elif goal in scheme.categories:
            icons.append((scheme.categories[goal].icon, colour))
        else:
            icons.append(("circle-question", colour))
    return icons


def is_special(location: Location, mode: str) -> bool:
    """Whether the location is ringed as special on this sheet (R14: advanced game only)."""
    return mode == ADVANCED and bool(location.choice or location.combo)


def fit_icon(canvas: Canvas, name: str, x: float, y: float, size: float, colour: Color | str,
             floor: float = 0.0) -> None:
    """Draw icon `name` centred on (x, y) so that neither its width nor its height exceeds `size`,
    but never smaller than `floor` points."""
    width = icon_width(name, size)
    draw_icon(canvas, name, x, y, max(floor, size * min(1.0, size / width) if width else size), colour)


def draw_location(canvas: Canvas, location: Location, geometry: MapGeometry, mode: str,
                  style: SheetStyle | None = None, scheme: IconScheme | None = None) -> None:
    """A white disc ringed in the goal colour with the goal icon(s); specials get a double ring."""
    style = style or load_sheet_style()
    scheme = scheme or load_icon_scheme()
    x, y = geometry.point(location.at)
    cell = geometry.cell
    icons = location_icons(location, mode, style, scheme)
    canvas.setFillColor(white)
    canvas.setStrokeColor(HexColor(icons[0][1]))
    canvas.setLineWidth(0.5)
    canvas.setDash()
    canvas.circle(x, y, DISC * cell, stroke=1, fill=1)
    if is_special(location, mode):
        canvas.setStrokeColor(HexColor(style.colours["special"]))
        canvas.setLineWidth(1.1)
        canvas.circle(x, y, DISC * cell + 0.9, stroke=1, fill=0)
    for (icon, colour), slot in zip(icons, icon_slots(len(icons), x, y, cell)):
        fit_icon(canvas, icon, slot.x, slot.y, slot.size, colour, floor=slot.floor)


@dataclass(frozen=True)
class IconSlot:
    """Where one of a location's icons is fitted: centred on (x, y), at most `size` points wide and
    tall, never smaller than `floor` (fit_icon's arguments)."""

    x: float
    y: float
    size: float
    floor: float = 0.0

    @property
    def frame(self) -> Box:
        """The square the icon's ink stays in."""
        side = max(self.size, self.floor)
        return Box(self.x - side / 2, self.y - side / 2, side, side)


def icon_slots(count: int, x: float, y: float, cell: float) -> list[IconSlot]:
    """The slots of a location's `count` icons on a node at (x, y): one icon ICON cells tall in
    the middle of the disc; a choice (or combo) shows every option small, side by side, inside
    the same disc; on the daily sheet's smaller map they would fall under the 6-pt minimum, so
    they stop there. The answer key keeps its marks clear of these where it has room."""
    if count == 1:
        return [IconSlot(x, y, ICON * cell)]
    size = (1.85 * DISC * cell) / count
    start = x - size * (count - 1) / 2
    return [IconSlot(start + i * size, y, size * 0.95, MIN_TEXT) for i in range(count)]


def _draw_water(canvas: Canvas, city: City, geometry: MapGeometry, style: SheetStyle) -> None:
    """All water (and the water under the bridges) as one filled path, so there are no seams."""
    grid, cell = city.grid, geometry.cell
    wet = {Coord(c, r) for r in range(grid.rows) for c in range(grid.columns)
           if grid.is_water(Coord(c, r)) or grid.cell(Coord(c, r)) == BRIDGE}
    path = canvas.beginPath()
    bleed = 0.15  # overlap neighbouring squares a little: no hairline gaps when rasterised
    for at in sorted(wet):
        x, y = geometry.point(at)
        path.rect(x - cell / 2 - bleed, y - cell / 2 - bleed, cell + 2 * bleed, cell + 2 * bleed)
    # Two water cells that touch only at a corner (a canal running diagonally) get a band between
    # their centres, so the canal stays one stream instead of a chain of touching squares.
    half = cell * 0.36
    for at in sorted(wet):
        for dc in (-1, 1):
            other = Coord(at.col + dc, at.row + 1)
            if other not in wet or Coord(at.col + dc, at.row) in wet or Coord(at.col, at.row + 1) in wet:
                continue
            (x1, y1), (x2, y2) = geometry.point(at), geometry.point(other)
            length = math.hypot(x2 - x1, y2 - y1)
            px, py = -(y2 - y1) / length * half, (x2 - x1) / length * half
            path.moveTo(x1 + px, y1 + py)
            path.lineTo(x2 + px, y2 + py)
            path.lineTo(x2 - px, y2 - py)
            path.lineTo(x1 - px, y1 - py)
            path.close()
    canvas.setFillColor(HexColor(style.colours["water"]))
    canvas.drawPath(path, stroke=0, fill=1, fillMode=1)
    # The frame of the sheet's map area.
    canvas.setStrokeColor(FRAME)
    canvas.setLineWidth(0.6)
    grid_box = geometry.grid_box
    canvas.rect(grid_box.x, grid_box.y, grid_box.width, grid_box.height, stroke=1, fill=0)


def _draw_links(canvas: Canvas, city: City, geometry: MapGeometry, style: SheetStyle) -> None:
    """Dashed links between neighbouring nodes (R2); each link is drawn once."""
    grid = city.grid
    straight, diagonal = canvas.beginPath(), canvas.beginPath()
    for node in grid.nodes():
        for other in grid.neighbours(node):
            if other <= node:
                continue
            (x1, y1), (x2, y2) = geometry.point(node), geometry.point(other)
            path = straight if node.col == other.col or node.row == other.row else diagonal
            path.moveTo(x1, y1)
            path.lineTo(x2, y2)
    canvas.setStrokeColor(HexColor(style.colours["link"]))
    canvas.setLineWidth(0.45)
    canvas.setDash(1.4, 1.6)
    canvas.drawPath(straight, stroke=1, fill=0)
    # Diagonals are lighter: they are allowed everywhere except across water corners, and the
    # eye needs the orthogonal grid first.
    canvas.setLineWidth(0.3)
    canvas.setDash(0.8, 2.2)
    canvas.drawPath(diagonal, stroke=1, fill=0)
    canvas.setDash()


def _draw_nodes(canvas: Canvas, city: City, geometry: MapGeometry, style: SheetStyle) -> None:
    """Plain nodes as dots; bridge nodes without a goal as a deck across the water with a dot."""
    grid, cell = city.grid, geometry.cell
    canvas.setFillColor(HexColor(style.colours["node"]))
    dots = canvas.beginPath()
    for node in grid.nodes():
        if node in city.locations:
            continue
        x, y = geometry.point(node)
        if grid.cell(node) == BRIDGE:
            canvas.saveState()
            canvas.setFillColor(white)
            canvas.setStrokeColor(HexColor(style.colours["water_edge"]))
            canvas.setLineWidth(0.6)
            # The deck runs along the crossing: across a horizontal canal it is upright.
            w, h = (0.34 * cell, 0.7 * cell) if _crossing_is_vertical(grid, node) else (0.7 * cell, 0.34 * cell)
            canvas.roundRect(x - w / 2, y - h / 2, w, h, 0.1 * cell, stroke=1, fill=1)
            canvas.restoreState()
        dots.circle(x, y, DOT * cell)
    canvas.drawPath(dots, stroke=0, fill=1)


def _crossing_is_vertical(grid, node: Coord) -> bool:
    """A bridge in a horizontal line of water is walked north-south (its deck stands upright)."""
    left, right = Coord(node.col - 1, node.row), Coord(node.col + 1, node.row)
    return grid.is_water(left) or grid.is_water(right) or grid.cell(left) == BRIDGE or grid.cell(right) == BRIDGE


def _draw_edges(canvas: Canvas, geometry: MapGeometry) -> None:
    """Column letters above and below the grid, row numbers left and right of it (R1)."""
    size = max(MIN_TEXT, min(7.5, geometry.cell * 0.42))
    grid_box = geometry.grid_box
    canvas.setFillColor(LABEL)
    canvas.setFont(FONT_BOLD, size)
    middle = EDGE_BAND / 2 - size * 0.35
    for col in range(geometry.columns):
        x = geometry.left + (col + 0.5) * geometry.cell
        name = column_name(geometry.first.col + col)
        canvas.drawCentredString(x, grid_box.top + middle, name)
        canvas.drawCentredString(x, grid_box.y - EDGE_BAND + middle, name)
    canvas.setFont(FONT, size)
    for row in range(geometry.rows):
        y = geometry.top - (row + 0.5) * geometry.cell - size * 0.35
        label = str(geometry.first.row + row + 1)
        canvas.drawCentredString(grid_box.x - EDGE_BAND / 2, y, label)
        canvas.drawCentredString(grid_box.x + grid_box.width + EDGE_BAND / 2, y, label)


def draw_route(canvas: Canvas, geometry: MapGeometry, route: Sequence[Sequence[Coord]], colour: str | None = None) -> None:
    """Each path segment as a bold translucent line through its nodes, over the icons."""
    colour = colour or load_sheet_style().colours["route"]
    canvas.saveState()
    canvas.setStrokeColor(HexColor(colour))
    canvas.setStrokeAlpha(0.75)
    canvas.setLineWidth(max(1.2, geometry.cell * 0.14))
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for segment in route:
        if len(segment) < 2:
            continue
        path = canvas.beginPath()
        path.moveTo(*geometry.point(segment[0]))
        for at in segment[1:]:
            path.lineTo(*geometry.point(at))
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


START_RING_WIDTH = 1.4  # points


@dataclass(frozen=True)
class StartPlacement:
    """Where the start's ring and its S go, in points: drawn by draw_start, kept clear by the
    answer key's turn badges."""

    x: float  # the ring's centre: the start node
    y: float
    ring: float  # the ring's radius (the middle of its stroke)
    letter_x: float  # the S's baseline start
    letter_y: float
    letter_size: float


def start_placement(geometry: MapGeometry, at: Coord) -> StartPlacement:
    """The ring 1.6 pt outside the location's disc; the S in bold at 0.42 cell, above right of it."""
    x, y = geometry.point(at)
    disc = DISC * geometry.cell
    return StartPlacement(x, y, disc + 1.6, x + disc * 0.75, y + disc * 0.55, geometry.cell * 0.42)


def start_letter() -> str:
    """The letter written next to the start in the language in use (the rulebook's S of "start")."""
    return pgettext("the letter that marks the start location on the map", "S")


def draw_start(canvas: Canvas, geometry: MapGeometry, at: Coord, colour: str | None = None) -> None:
    """The start as the rulebook asks: the location circled, with an S written next to it."""
    colour = colour or load_sheet_style().colours["route"]
    mark = start_placement(geometry, at)
    canvas.saveState()
    canvas.setStrokeColor(HexColor(colour))
    canvas.setLineWidth(START_RING_WIDTH)
    canvas.circle(mark.x, mark.y, mark.ring, stroke=1, fill=0)
    canvas.setFillColor(HexColor(colour))
    canvas.setFont(FONT_BOLD, mark.letter_size)
    canvas.drawString(mark.letter_x, mark.letter_y, start_letter())
    canvas.restoreState()
