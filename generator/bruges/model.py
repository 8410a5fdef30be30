"""The final state of a Bruges game: what each player has in front of them when the game ends.

Names follow the English rulebook (seed 002_…, canonical per B1). The model holds what the
final scoring and its tie-break read, plus what the rules let us cross-check; it is built by the
loader (generator/data/bruges.py) and checked by generator.bruges.validate before it is scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping


class Variant(str, Enum):
    """Which rulebook's final scoring and tie-break to apply (B1)."""

    EN = "en"  # the English rulebook (002_…): canonical, the default
    FR = "fr"  # the French summary (003_…): +1 point per 3 guilders / 3 workers, tie to reputation

    def __str__(self) -> str:
        return self.value


# "Group: one of 11 groups" (Person cards).
GROUPS = (
    "Noble", "Entertainer", "Craftsman", "Church", "Protector", "Scholar",
    "Bureaucrat", "Merchant", "Castle", "Artist", "Underworld",
)
# The card (and worker, threat, die) colours (Components).
COLOURS = ("blue", "brown", "red", "purple", "yellow")
# "3 Majority markers – Three per player (Reputation, People, Canal)" (Components).
MAJORITIES = ("reputation", "people", "canal")
# "Each player's guard house … with a canal section extending left and another right, each divided
# into 5 spaces" (Building canals).
SECTIONS = ("left", "right")
SECTION_SPACES = 5
THIRD_SPACE = 3
# "6 Statue tokens – Octagonal tokens valued 2 through 7"; "a player may earn at most 2 statues".
STATUE_VALUES = (2, 3, 4, 5, 6, 7)
MAX_STATUES = 2
# "4 large Player emblems" and "two pawns per player" bound the table at 4; the majorities compare
# players, so a game has at least 2 (the published game is for 2–4 players).
MIN_PLAYERS, MAX_PLAYERS = 2, 4
# "the points the person is worth … (always one third of the price)".
PRICE_PER_POINT = 3


@dataclass(frozen=True)
class Person:
    """A recruited person in a player's play area, lying on one of their houses."""

    price: int                  # guilders, top-left of the card
    group: str                  # one of GROUPS
    house: int | None           # 1-based number of the house the person lies on; None = no house
    name: str = ""              # the card's name, only to make messages and tables readable
    colour: str | None = None   # the card colour, if given (not scored)
    points: int | None = None   # as written on the card, if given; must be price / 3
    laurel: int | None = None   # a laurel person: the points its benefit grants at final scoring

    @property
    def value(self) -> int:
        """The person's points at game end: a third of the price (Person cards)."""
        return self.price // PRICE_PER_POINT


@dataclass(frozen=True)
class Reputation:
    """Where the reputation pawn ended: step 0 is the town hall, the first advance reaches step 1."""

    step: int
    points: int | None = None  # the points printed on that step, when the game file states them


@dataclass(frozen=True)
class Canal:
    """A player's two canal sections: the spaces (1 = next to the guard house … 5) holding a token."""

    left: tuple[int, ...] = ()
    right: tuple[int, ...] = ()

    def sections(self) -> dict[str, tuple[int, ...]]:
        return {"left": self.left, "right": self.right}


@dataclass(frozen=True)
class Player:
    """One player's final state."""

    name: str
    scoring_track: int                 # the scoring pawn's position before the final scoring
    houses: int                        # built houses, occupied or not
    people: tuple[Person, ...]
    majorities: tuple[str, ...]        # Majority markers flipped to their coloured side
    canal: Canal
    statues: tuple[int, ...]           # values of the Statue tokens taken
    reputation: Reputation
    guilders: int
    workers: int

    def canal_tokens(self) -> int:
        """Canal tokens built, both sections combined (the Canal majority counts these)."""
        return len(self.canal.left) + len(self.canal.right)


@dataclass(frozen=True)
class ReputationTrack:
    """The reputation track's points per step: board data (templates/bruges/reputation.yaml).

    `points` maps a step to the points printed on it; steps missing there are not known yet and
    must then be stated in the game file. `last_step` is the track's end, when known.
    """

    points: Mapping[int, int] = field(default_factory=dict)
    last_step: int | None = None


@dataclass(frozen=True)
class Game:
    """The final state of a whole table, with the board data it is scored against."""

    players: tuple[Player, ...]
    track: ReputationTrack = field(default_factory=ReputationTrack)
