"""The map as text, with the path drawn: what `citytrip show` prints."""

from __future__ import annotations

from typing import Iterable

from generator.rules.city import City
from generator.rules.district import District
from generator.rules.grid import BRIDGE, NOTHING, WATER, Coord, column_name

# One letter per goal category; unknown categories of a user's city use their first letter.
SYMBOLS = {
    "souvenir": "s", "statue": "t", "bridge": "b", "religious": "r", "historic": "h",
    "museum": "m", "event": "e", "eat": "f", "restaurant": "R", "recreation": "c",
}


def symbol(category: str) -> str:
    return SYMBOLS.get(category, category[:1])


def render_map(city: City, start: Coord | None = None, path: Iterable[Coord] = (),
               district: District | None = None) -> str:
    """Three characters per grid point: ' m ' a museum, '[m]' on the path, '(S)' the start; only
    the `district` (a mini's square) when one is given."""
    on_path = set(path)
    first, last = (district.first, district.last) if district else (Coord(0, 0), Coord(city.grid.columns - 1, city.grid.rows - 1))
    columns, rows = range(first.col, last.col + 1), range(first.row, last.row + 1)
    lines = ["    " + "".join(f"{column_name(c):^3}" for c in columns)]
    for row in rows:
        cells = []
        for col in columns:
            at = Coord(col, row)
            cell = city.grid.cell(at)
            location = city.locations.get(at)
            if at == start:
                cells.append("(S)")
                continue
            if cell == WATER:
                mark = "~"
            elif cell == NOTHING:
                mark = " "
            elif location is not None:
                mark = symbol(location.category)
            elif cell == BRIDGE:
                mark = "="
            else:
                mark = "."
            cells.append(f"[{mark}]" if at in on_path else f" {mark} " if mark != "~" else "~~~")
        lines.append(f"{row + 1:>3} " + "".join(cells))
    used = sorted({loc.category for loc in city.locations.values()})
    lines.append("")
    lines.append("  " + "  ".join(f"{symbol(c)} {c}" for c in used) + "  . white dot  ~ water  (S) start  [ ] path")
    return "\n".join(lines)
