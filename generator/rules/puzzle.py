"""A puzzle: one city, one mode, one deal of the action cards, assignments and a target."""

from __future__ import annotations

from dataclasses import dataclass

from generator.rules.assignments import Assignment
from generator.rules.cards import DeckCard, OpenFaces
from generator.rules.city import City, Location
from generator.rules.district import District
from generator.rules.grid import Coord

TURNS_BY_CARDS = {16: 15, 20: 19}  # R7: n cards give n − 1 turns
# The daily mini (project variant, docs/rules.md): 7 cards, so 6 turns, on a district of the map.
# Six turns on a 4 × 4 square are proven optimal in a few units of CP-SAT's deterministic time;
# five turns on a 5 × 5 square took up to 20 and more (docs/solver-journal.md, "The daily mini").
MINI_CARDS = 7
MINI_TURNS = MINI_CARDS - 1


@dataclass(frozen=True)
class Puzzle:
    """Everything needed to play and score one (solo) game.

    `deck` is the card order with the side up of each card, when the puzzle was dealt from the
    city's 20 action cards; `turns` are the open faces of each turn (derived from the deck, or
    given directly for a hand-made puzzle). A mini names its `district`, and its `city` is then
    the city cropped to it (District.crop), so the engine and the solver see only the district.
    """

    city: City
    mode: str
    directions: int
    start: Coord
    turns: tuple[OpenFaces, ...]
    deck: tuple[DeckCard, ...] | None = None
    start_card: int | None = None
    assignments: tuple[Assignment, ...] = ()
    target: int | None = None
    district: District | None = None

    def __post_init__(self) -> None:
        if self.district is not None and not self.district.holds(self.city):
            raise ValueError("a mini's city must be cropped to its district (District.crop)")

    @property
    def is_mini(self) -> bool:
        return self.district is not None

    @property
    def start_location(self) -> Location:
        return self.city.locations[self.start]
