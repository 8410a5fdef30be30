"""Assignment cards (the 6 types of the rulebook) and how they score.

Types 1, 4 and 5 are races scored during the game (first / second / later values), types 2, 3 and
6 score at the end. In solo play (RULINGS "Solo") types 1, 4, 5 score their highest value once
achieved and type 2 needs at least one set.

The type number is data (the card ids "T.NN", the puzzle files and codes, the printed cards). What
a card asks is its `kind`; the rest of the project asks the card (`is_race`, `is_set`, `need`, …)
instead of testing type numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Collection, Mapping, Sequence

from generator.rules.grid import Coord

MAX_SETS = 3  # type 2: "maximum 3 x 5 points"
TYPE6_DRAWN = 6  # type 6: six drawn start cards


class Kind(Enum):
    """What an assignment card asks; the value is the rulebook's type (docs/rules.md "Assignments")."""

    CATEGORY_RACE = 1   # first to achieve `count` goals of a named category
    SETS = 2            # points per set of named categories, at most MAX_SETS sets
    MOST = 3            # most goals of a named category (ties share)
    LOCATION_RACE = 4   # first to achieve 3 named locations
    SHOP_RACE = 5       # first to achieve 3 named souvenir shops
    DRAWN_STARTS = 6    # points by how many of the drawn start cards' locations are achieved

    @property
    def is_race(self) -> bool:
        """Scored during the game: first / second / later value (types 1, 4, 5)."""
        return self is Kind.CATEGORY_RACE or self is Kind.LOCATION_RACE or self is Kind.SHOP_RACE

    @property
    def counts_category(self) -> bool:
        """Counts the goals of one named category (types 1 and 3)."""
        return self is Kind.CATEGORY_RACE or self is Kind.MOST

    @property
    def names_locations(self) -> bool:
        """Names 3 locations on the card (types 4 and 5)."""
        return self is Kind.LOCATION_RACE or self is Kind.SHOP_RACE


@dataclass(frozen=True)
class Assignment:
    """One assignment card.

    type 1: `category`, `count` (5)          values = (first, second, later)
    type 2: `categories` (the set)           values = (points per set,)
    type 3: `category`                       values = (points for the most,)
    type 4/5: `locations` (3 named)          values = (first, second, later)
    type 6: `locations` (the 6 drawn start locations, bound per game) values[k] = points for k

    `kind` is derived from `type` (a type outside 1–6 is a ValueError).
    """

    id: str
    type: int
    values: tuple[int, ...]
    category: str | None = None
    count: int = 5
    categories: tuple[str, ...] = ()
    locations: tuple[Coord, ...] = ()
    kind: Kind = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kind = Kind(self.type)
        object.__setattr__(self, "kind", kind)
        # The players ask `is_race` and `need` thousands of times a turn: worked out once (the card
        # is frozen).
        object.__setattr__(self, "_race", kind.is_race)
        need = self.count if kind is _CATEGORY_RACE else len(self.locations) if kind.names_locations else 1
        object.__setattr__(self, "_need", need)

    # --- what the card asks ------------------------------------------------------------------

    @property
    def is_race(self) -> bool:
        """A race (types 1, 4, 5): scored during the game, first / second / later value."""
        return self._race  # type: ignore[attr-defined]

    @property
    def counts_category(self) -> bool:
        """Counts the goals of its `category` (types 1 and 3)."""
        return self.kind.counts_category

    @property
    def is_set(self) -> bool:
        """Points per set of its `categories`, at most MAX_SETS sets (type 2)."""
        return self.kind is Kind.SETS

    @property
    def is_majority(self) -> bool:
        """Goes to the most goals of its `category`, ties share (type 3)."""
        return self.kind is Kind.MOST

    @property
    def names_locations(self) -> bool:
        """First to its 3 named `locations` (types 4 and 5)."""
        return self.kind.names_locations

    @property
    def is_drawn_starts(self) -> bool:
        """Points by how many of the drawn start cards' `locations` are achieved (type 6)."""
        return self.kind is Kind.DRAWN_STARTS

    @property
    def need(self) -> int:
        """The goal count that completes the card: `count` goals of the category (type 1), all its
        named locations (types 4, 5), otherwise one (one set, one goal, one location)."""
        return self._need  # type: ignore[attr-defined]

    @property
    def max_points(self) -> int:
        """An upper bound on the card's points: its highest value (times MAX_SETS for a set card)."""
        return max(self.values) * (MAX_SETS if self.is_set else 1)

    # --- how far a player got, and the points ----------------------------------------------------

    def goal_count(self, counts: Mapping[str, int], achieved: Collection[Coord]) -> int:
        """How far a player got: goals of the category, sets, or named locations achieved."""
        kind = self.kind
        if kind is _CATEGORY_RACE or kind is _MOST:
            return counts.get(self.category or "", 0)
        if kind is _SETS:
            return min(MAX_SETS, min(counts.get(c, 0) for c in self.categories))
        return sum(1 for at in self.locations if at in achieved)

    def complete(self, counts: Mapping[str, int], achieved: Collection[Coord]) -> bool:
        """Whether a race assignment (1, 4, 5) is complete; for the others, solo achievement."""
        return self.complete_at(self.goal_count(counts, achieved))

    def complete_at(self, n: int) -> bool:
        """`complete` for a goal count `n` already known (the players ask it thousands of times a turn)."""
        return n >= self._need  # type: ignore[attr-defined]

    def solo_points(self, counts: Mapping[str, int], achieved: Collection[Coord]) -> int:
        """Points in solo play (RULINGS "Solo")."""
        return self.solo_points_at(self.goal_count(counts, achieved))

    def solo_points_at(self, n: int) -> int:
        """`solo_points` for a goal count `n` already known."""
        kind = self.kind
        if self._race:  # type: ignore[attr-defined]
            return self.values[0] if n >= self._need else 0  # type: ignore[attr-defined]
        if kind is _SETS:
            return self.values[0] * n
        if kind is _MOST:
            return self.values[0] if n >= 1 else 0
        return self.values[min(n, len(self.values) - 1)]

    def describe(self) -> str:
        kind = self.kind
        if kind is Kind.CATEGORY_RACE:
            return f"first to {self.count} × {self.category}"
        if kind is Kind.SETS:
            return f"{self.values[0]} per set of {' + '.join(self.categories)} (max {MAX_SETS})"
        if kind is Kind.MOST:
            return f"most {self.category}"
        if kind.names_locations:
            return "first to " + ", ".join(str(c) for c in self.locations)
        return "drawn start locations: " + ", ".join(str(c) for c in self.locations)


# The kinds as plain names, for the methods the players call thousands of times a turn.
_CATEGORY_RACE, _SETS, _MOST, _LOCATION_RACE, _SHOP_RACE, _DRAWN_STARTS = Kind


def race_points(values: Sequence[int], finish_turns: Sequence[int | None]) -> list[int]:
    """Points of a race (types 1, 4, 5) for players who finished at the given turns (None = never).

    The first player(s) to complete it score the first value, those who complete it next (at the
    next distinct turn) the middle value, all later finishers the last value; ties share a rank.
    """
    order = sorted({t for t in finish_turns if t is not None})
    points = []
    for turn in finish_turns:
        if turn is None:
            points.append(0)
        else:
            rank = order.index(turn)
            points.append(values[min(rank, len(values) - 1)])
    return points


def majority_points(value: int, counts: Sequence[int]) -> list[int]:
    """Type 3: everyone with the highest count (at least one goal) scores the value; ties share."""
    best = max(counts, default=0)
    return [value if best > 0 and c == best else 0 for c in counts]
