"""A district: the square of the map a daily mini is played on (project variant, docs/rules.md).

The mini's proof of optimality must finish within a minute (issue 16). On the whole map even a
five-turn game is not proven in that time (CP-SAT's bound stays several times the best plan:
docs/solver-journal.md, "The daily mini"), because a short path can still wander anywhere; on
a 4 × 4 square around the start it is proven in seconds. So a mini's path stays inside its
district: the nodes outside are not nodes of the mini's map (R1), and the locations outside
cannot be touched.

A district is a rectangle of grid points, written by its top-left and bottom-right corners
("K10-O14"); `crop` gives the city whose map is only that rectangle, keeping every coordinate,
so plans, sheets and answer keys name the same points as the full map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from generator.errors import shown
from generator.rules.city import City
from generator.rules.grid import NOTHING, Coord

_TEXT = re.compile(r"^\s*([A-Za-z]{1,2}[0-9]{1,3})\s*-\s*([A-Za-z]{1,2}[0-9]{1,3})\s*$")


@dataclass(frozen=True)
class District:
    first: Coord  # top-left corner
    last: Coord   # bottom-right corner

    @classmethod
    def parse(cls, text: str) -> "District":
        """Parse "K10-O14"; raises ValueError when it is not two corners, top-left first."""
        match = _TEXT.match(text) if isinstance(text, str) else None
        if not match:
            raise ValueError(f"not a district: {shown(text)} (expected two corners, like K10-O14)")
        first, last = (Coord.parse(part) for part in match.groups())
        if first.col > last.col or first.row > last.row:
            raise ValueError(f"district {shown(text)}: the first corner must be the top-left one, like K10-O14")
        return cls(first, last)

    @classmethod
    def around(cls, at: Coord, size: int, city: City) -> "District":
        """The size × size square holding `at`, as near its middle as the map's edges allow (an
        even size puts `at` just above and left of the middle)."""
        grid = city.grid
        if not 1 <= size <= min(grid.columns, grid.rows):
            raise ValueError(f"a district of {size} × {size} does not fit the {city.name} map")
        col = min(max(0, at.col - (size - 1) // 2), grid.columns - size)
        row = min(max(0, at.row - (size - 1) // 2), grid.rows - size)
        return cls(Coord(col, row), Coord(col + size - 1, row + size - 1))

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"  # as files and codes write it

    @property
    def printed(self) -> str:
        """As a player reads it: "K10–O14", with a dash between the corners."""
        return f"{self.first}–{self.last}"

    @property
    def columns(self) -> int:
        return self.last.col - self.first.col + 1

    @property
    def rows(self) -> int:
        return self.last.row - self.first.row + 1

    def __contains__(self, at: object) -> bool:
        return (isinstance(at, Coord) and self.first.col <= at.col <= self.last.col
                and self.first.row <= at.row <= self.last.row)

    def fits(self, city: City) -> bool:
        return self.last.col < city.grid.columns and self.last.row < city.grid.rows

    def crop(self, city: City) -> City:
        """`city` with only this district's nodes and locations (water outside drops out too)."""
        if not self.fits(city):
            raise ValueError(f"district {self} reaches beyond the {city.name} map")
        terrain = tuple(
            "".join(cell if Coord(col, row) in self else NOTHING for col, cell in enumerate(line))
            for row, line in enumerate(city.grid.terrain)
        )
        locations = {at: location for at, location in city.locations.items() if at in self}
        return replace(city, grid=replace(city.grid, terrain=terrain), locations=locations)

    def holds(self, city: City) -> bool:
        """Whether `city` is already cropped to this district (no node outside it)."""
        return all(node in self for node in city.grid.nodes())
