"""Coordinates and the walkable graph of a city map (R1–R3).

A coordinate is column letters + row number, "F10": columns A, B, … from the left, rows 1, 2, …
from the top (R1). The map is a grid of terrain characters; nodes are the white dots, locations
and bridges; water and "nothing" are not nodes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

from generator.errors import shown
from generator.language import _

NODE = "."
BRIDGE = "="
WATER = "~"
NOTHING = "#"
TERRAIN_CHARS = (NODE, BRIDGE, WATER, NOTHING)

_COORD = re.compile(r"^([A-Z]{1,2})([1-9][0-9]{0,2})$")


class Coord(NamedTuple):
    """A grid point; col and row are 0-based internally, printed as R1 coordinates.

    A named tuple rather than a dataclass: players and the solver hash millions of them, and a
    tuple's hash and comparison run in C (the honest player got about a third faster).
    """

    col: int
    row: int

    @classmethod
    def parse(cls, text: str) -> "Coord":
        """Parse "F10" (case-insensitive); raises ValueError on anything else."""
        match = _COORD.match(text.strip().upper()) if isinstance(text, str) else None
        if not match:
            raise ValueError(f"not a coordinate: {shown(text)} (expected a column letter and a row number, like F10)")
        letters, digits = match.groups()
        col = 0
        for letter in letters:
            col = col * 26 + (ord(letter) - ord("A") + 1)
        return cls(col - 1, int(digits) - 1)

    def __str__(self) -> str:
        return column_name(self.col) + str(self.row + 1)

    def __repr__(self) -> str:
        return f"Coord({str(self)!r})"


def column_name(col: int) -> str:
    """0 → A, 25 → Z, 26 → AA."""
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


# The 8 king moves (R2), orthogonal first so that neighbour lists read naturally.
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))


def edge(a: Coord, b: Coord) -> frozenset[Coord]:
    """An undirected link between two grid points."""
    return frozenset((a, b))


def crossing_diagonal(a: Coord, b: Coord) -> frozenset[Coord] | None:
    """The other diagonal of the unit square of the diagonal step a→b (None for straight steps).

    Two path steps along the two diagonals of one unit square cross each other (R4).
    """
    if a.col == b.col or a.row == b.row:
        return None
    return edge(Coord(a.col, b.row), Coord(b.col, a.row))


@dataclass(frozen=True)
class Grid:
    """The terrain of a map and the links between its nodes (R1–R3).

    Nodes are '.' and '=' cells. A step joins two of the 8 neighbouring nodes, except a diagonal
    step whose other diagonal has water on both cells (no slipping across a canal corner, R2)
    and the links listed as blocked (ramparts, walls). Water itself is never a node, so it is
    crossed only through bridge nodes (R3).
    """

    columns: int
    rows: int
    terrain: tuple[str, ...]
    blocked: frozenset[frozenset[Coord]] = frozenset()
    _neighbours: dict[Coord, tuple[Coord, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.terrain) != self.rows or any(len(line) != self.columns for line in self.terrain):
            raise ValueError("terrain does not match the grid size")
        neighbours: dict[Coord, tuple[Coord, ...]] = {}
        for node in self.nodes():
            neighbours[node] = tuple(n for n in self._candidate_steps(node))
        object.__setattr__(self, "_neighbours", neighbours)

    def cell(self, at: Coord) -> str:
        if not self.on_grid(at):
            return NOTHING
        return self.terrain[at.row][at.col]

    def on_grid(self, at: Coord) -> bool:
        return 0 <= at.col < self.columns and 0 <= at.row < self.rows

    def is_node(self, at: Coord) -> bool:
        return self.cell(at) in (NODE, BRIDGE)

    def is_water(self, at: Coord) -> bool:
        return self.cell(at) == WATER

    def nodes(self) -> Iterable[Coord]:
        for row in range(self.rows):
            for col in range(self.columns):
                if self.terrain[row][col] in (NODE, BRIDGE):
                    yield Coord(col, row)

    def neighbours(self, at: Coord) -> tuple[Coord, ...]:
        return self._neighbours.get(at, ())

    def _candidate_steps(self, a: Coord) -> Iterable[Coord]:
        for dc, dr in STEPS:
            b = Coord(a.col + dc, a.row + dr)
            if self.is_node(b) and self.step_allowed(a, b):
                yield b

    def step_allowed(self, a: Coord, b: Coord) -> bool:
        """Whether a single step a→b between two nodes obeys R2 (geometry only, not the path)."""
        if max(abs(a.col - b.col), abs(a.row - b.row)) != 1:
            return False
        if edge(a, b) in self.blocked:
            return False
        other = crossing_diagonal(a, b)
        if other is not None and all(self.is_water(c) for c in other):
            return False
        return True

    def why_not_step(self, a: Coord, b: Coord) -> str | None:
        """A short reason ("RULE: message") why a→b is not a step, or None if it is one."""
        if not self.on_grid(b):
            return "R1: " + _("{node} is off the map").format(node=b)
        if self.is_water(b):
            return "R3: " + _("{node} is water (water is crossed only over bridges)").format(node=b)
        if not self.is_node(b):
            return "R1: " + _("{node} is not a node of the map").format(node=b)
        if max(abs(a.col - b.col), abs(a.row - b.row)) != 1:
            return "R2: " + _("{node} is not a neighbour of {at}").format(node=b, at=a)
        if edge(a, b) in self.blocked:
            return "R2: " + _("the link {at}–{node} is blocked").format(at=a, node=b)
        other = crossing_diagonal(a, b)
        if other is not None and all(self.is_water(c) for c in other):
            return "R2: " + _("the diagonal {at}–{node} slips across a water corner").format(at=a, node=b)
        return None
