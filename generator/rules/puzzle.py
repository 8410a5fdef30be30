"""A puzzle: one city, one mode, one deal of the action cards, assignments and a target."""

from __future__ import annotations

from dataclasses import dataclass

from generator.rules.assignments import Assignment
from generator.rules.cards import DeckCard, OpenFaces
from generator.rules.city import City, Location
from generator.rules.grid import Coord

TURNS_BY_CARDS = {16: 15, 20: 19}  # R7: n cards give n − 1 turns


@dataclass(frozen=True)
class Puzzle:
    """Everything needed to play and score one (solo) game.

    `deck` is the card order with the side up of each card, when the puzzle was dealt from the
    city's 20 action cards; `turns` are the open faces of each turn (derived from the deck, or
    given directly for a hand-made puzzle).
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

    @property
    def start_location(self) -> Location:
        return self.city.locations[self.start]
