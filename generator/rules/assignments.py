"""Assignment cards (the 6 types of the rulebook) and how they score.

Types 1, 4 and 5 are races scored during the game (first / second / later values), types 2, 3 and
6 score at the end. In solo play (RULINGS "Solo") types 1, 4, 5 score their highest value once
achieved and type 2 needs at least one set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Mapping, Sequence

from generator.rules.grid import Coord

RACE_TYPES = (1, 4, 5)
MAX_SETS = 3  # type 2: "maximum 3 x 5 points"
TYPE6_DRAWN = 6  # type 6: six drawn start cards


@dataclass(frozen=True)
class Assignment:
    """One assignment card.

    type 1: `category`, `count` (5)          values = (first, second, later)
    type 2: `categories` (the set)           values = (points per set,)
    type 3: `category`                       values = (points for the most,)
    type 4/5: `locations` (3 named)          values = (first, second, later)
    type 6: `locations` (the 6 drawn start locations, bound per game) values[k] = points for k
    """

    id: str
    type: int
    values: tuple[int, ...]
    category: str | None = None
    count: int = 5
    categories: tuple[str, ...] = ()
    locations: tuple[Coord, ...] = ()

    def goal_count(self, counts: Mapping[str, int], achieved: Collection[Coord]) -> int:
        """How far a player got: goals of the category, sets, or named locations achieved."""
        if self.type in (1, 3):
            return counts.get(self.category or "", 0)
        if self.type == 2:
            return min(MAX_SETS, min(counts.get(c, 0) for c in self.categories))
        return sum(1 for at in self.locations if at in achieved)

    def complete(self, counts: Mapping[str, int], achieved: Collection[Coord]) -> bool:
        """Whether a race assignment (1, 4, 5) is complete; for the others, solo achievement."""
        return self.complete_at(self.goal_count(counts, achieved))

    def complete_at(self, n: int) -> bool:
        """`complete` for a goal count `n` already known (the players ask it thousands of times a turn)."""
        if self.type == 1:
            return n >= self.count
        if self.type in (4, 5):
            return n >= len(self.locations)
        return n >= 1

    def solo_points(self, counts: Mapping[str, int], achieved: Collection[Coord]) -> int:
        """Points in solo play (RULINGS "Solo")."""
        return self.solo_points_at(self.goal_count(counts, achieved))

    def solo_points_at(self, n: int) -> int:
        """`solo_points` for a goal count `n` already known."""
        if self.type in RACE_TYPES:
            return self.values[0] if self.complete_at(n) else 0
        if self.type == 2:
            return self.values[0] * n
        if self.type == 3:
            return self.values[0] if n >= 1 else 0
        return self.values[min(n, len(self.values) - 1)]

    def describe(self) -> str:
        if self.type == 1:
            return f"first to {self.count} × {self.category}"
        if self.type == 2:
            return f"{self.values[0]} per set of {' + '.join(self.categories)} (max {MAX_SETS})"
        if self.type == 3:
            return f"most {self.category}"
        if self.type in (4, 5):
            return "first to " + ", ".join(str(c) for c in self.locations)
        return "drawn start locations: " + ", ".join(str(c) for c in self.locations)


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
