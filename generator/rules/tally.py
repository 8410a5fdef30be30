"""The tally of one sheet and the appreciation it gives (R9, R13, R15–R17): defined once.

A `Tally` is what a sheet's achievements have crossed and circled: numbers crossed per strip,
goals circled per category, the eatery kinds already scored, whether a restaurant doubles the eat
score, the locations achieved, and the bonus actions earned. `Tally.add` is the one place where an
achievement is counted; `strip_scores`, `assignment_points`, `hunted_score`, `appreciation` and
`solo_score` are the one place where a tally is scored. The engine's Sheet keeps one, the solver's
facts build one from a set of achievements, and the players copy the game's to try goals on it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from generator.rules.assignments import Assignment
from generator.rules.city import ADVANCED, EAT, RESTAURANT, CityRules, Strip
from generator.rules.grid import Coord

NO_BONUS: Mapping[str, Mapping[int, int]] = {}


def bonus_positions(rules: CityRules, mode: str) -> dict[str, dict[int, int]]:
    """The bonus actions printed on the strips, by strip and crossing count (R9): only the
    advanced game has them, and only the strips that print one are listed."""
    if mode != ADVANCED:
        return {}
    return {name: dict(strip.bonus) for name, strip in rules.strips.items() if strip.bonus}


@dataclass
class Tally:
    """What a sheet's achievements count for; cheap to copy and extend."""

    crossings: Counter[str] = field(default_factory=Counter)  # numbers crossed per strip (R15)
    circled: Counter[str] = field(default_factory=Counter)  # goals achieved per category (assignments)
    eatery_kinds: set[str] = field(default_factory=set)  # eatery kinds already scored (R13)
    restaurant: bool = False  # a restaurant doubles the eat score (R13)
    achieved: set[Coord] = field(default_factory=set)  # the locations achieved
    earned: list[int] = field(default_factory=list)  # bonus action values earned (R9), in order

    def copy(self) -> Tally:
        return Tally(Counter(self.crossings), Counter(self.circled), set(self.eatery_kinds), self.restaurant,
                     set(self.achieved), list(self.earned))

    def add(self, at: Coord, crossed: Iterable[str], eatery: str | None,
            bonus: Mapping[str, Mapping[int, int]] = NO_BONUS) -> list[int]:
        """Count the achievement of the location `at` whose goal counts for the strips `crossed`
        (Location.crossed, R14). Returns the values of the bonus actions it earns, given the
        strips' `bonus` positions (bonus_positions(): none in the basic game, R9), also kept in
        `earned`."""
        self.achieved.add(at)
        new = []
        for category in crossed:
            self.circled[category] += 1
            if category == RESTAURANT:
                self.restaurant = True  # R13: crosses no number, doubles the eat score
                continue
            if category == EAT:
                if eatery in self.eatery_kinds:
                    continue  # R13: a second eatery of a kind already had scores nothing
                self.eatery_kinds.add(eatery)  # type: ignore[arg-type]
            self.crossings[category] += 1
            positions = bonus.get(category)
            if positions:
                value = positions.get(self.crossings[category])
                if value:
                    new.append(value)
        self.earned.extend(new)
        return new


# --- scoring a tally ------------------------------------------------------------------------------


def strip_scores(strips: Mapping[str, Strip], tally: Tally) -> dict[str, int]:
    """Each strip's lowest uncrossed number (R15); the eat score doubled by a restaurant (R13)."""
    crossings = tally.crossings
    scores = {name: strip.score(crossings[name]) for name, strip in strips.items()}
    if tally.restaurant and EAT in scores:
        scores[EAT] *= 2
    return scores


def assignment_points(assignments: Sequence[Assignment], tally: Tally) -> dict[str, int]:
    """Each assignment's points in solo play (RULINGS "Solo"), by card id."""
    return {a.id: a.solo_points(tally.circled, tally.achieved) for a in assignments}


def hunted_score(hunted: Sequence[int], count: int) -> int:
    """The hunted strip after `count` hunted actions (R16): its last number once all are crossed."""
    return hunted[min(count, len(hunted) - 1)]


def appreciation(rules: CityRules, assignments: Sequence[Assignment], tally: Tally, hunted: int) -> int:
    """The solo appreciation (R17): the strips + the assignment points + the hunted penalty."""
    return (sum(strip_scores(rules.strips, tally).values()) + sum(assignment_points(assignments, tally).values())
            + hunted_score(rules.hunted, hunted))


@dataclass(frozen=True)
class Breakdown:
    """The appreciation of one player (R17), category by category."""

    strips: Mapping[str, int]
    eat_doubled: bool
    assignments: Mapping[str, int]
    hunted: int
    total: int
    assignments_complete: Mapping[str, bool]

    def as_dict(self) -> dict:
        return {
            "strips": dict(self.strips),
            "eat_doubled": self.eat_doubled,
            "assignments": dict(self.assignments),
            "assignments_complete": dict(self.assignments_complete),
            "hunted": self.hunted,
            "total": self.total,
        }


def solo_score(rules: CityRules, assignments: Sequence[Assignment], tally: Tally, hunted: int) -> Breakdown:
    """`appreciation` category by category, with which assignments are complete."""
    strips = strip_scores(rules.strips, tally)
    points = assignment_points(assignments, tally)
    complete = {a.id: a.complete(tally.circled, tally.achieved) for a in assignments}
    penalty = hunted_score(rules.hunted, hunted)
    total = sum(strips.values()) + sum(points.values()) + penalty
    return Breakdown(strips, tally.restaurant, points, penalty, total, complete)
