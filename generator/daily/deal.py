"""Dealing the daily puzzle: start card, deck order with sides, assignments, by weekday.

The deal is a pure function of (city, date, generator version, attempt): the seed is the SHA-256
of those, never Python's hash() (salted per process) nor the order of a set. The deck and the
puzzle are dealt by generator/rules/dealer.py, as for the levels.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass

from generator.rules.assignments import Kind
from generator.rules.city import ADVANCED, BASIC, City
from generator.rules.dealer import dealt_puzzle, shuffled_deck
from generator.rules.puzzle import Puzzle

# Bump when a change to the daily generator changes the puzzles it deals (old codes stay valid:
# a code is the puzzle's full description, see generator/daily/code.py, but it names assignment
# cards by id, so a code read with other card data is another puzzle). Version 2: the assignment
# cards and Antwerpen levels recalibrated with the full-knowledge planner (docs/calibration.md).
# Version 3: Brugge's race values and three trios retuned (calibration round 3).
# Version 4: Brugge 1.05 and 4.02 retuned (calibration round 4).
# Version 5: the par is the large-neighbourhood search's plan (solver/lns.py), ranked by complete
# assignments first; pars rise by about a quarter, so the target of every deal changes.
# Version 6: the target comes from a panel of graded players (generator/players/panel.py), not
# from a share of the par.
# Version 7: one reading of a turn (RULINGS R9b): a bonus pays only for what comes after the goal
# that earns it, so pars (and the targets the par caps) of advanced days may change; deals do not.
GENERATOR_VERSION = "7"
# The version in a deal's seed: the last one that changed which cards a date deals. A version that
# changes only the par or the target keeps it, so a date keeps its cards and its start.
DEAL_VERSION = "6"


@dataclass(frozen=True)
class Difficulty:
    """How hard a weekday's puzzle is: Monday easiest, Sunday hardest, as in newspaper puzzles."""

    name: str
    cards: int                  # 20 cards (19 turns) is easier than 16 (15 turns), R7
    mode: str                   # the advanced legend makes museums and events dearer (R11)
    directions: int             # two directions reduce the luck factor (R6)
    assignment_types: tuple[int, ...]  # the rulebook's types (Kind values) of the cards dealt
    panel_share: float          # the share of the panel that reaches the target (players/panel.py)


WEEKDAYS = (
    Difficulty("Monday", 20, BASIC, 2, (1,), 0.85),
    Difficulty("Tuesday", 20, BASIC, 2, (1, 2), 0.70),
    Difficulty("Wednesday", 16, BASIC, 2, (1, 2), 0.55),
    Difficulty("Thursday", 16, BASIC, 2, (1, 2, 4), 0.45),
    Difficulty("Friday", 16, ADVANCED, 2, (1, 2, 4), 0.35),
    Difficulty("Saturday", 16, ADVANCED, 2, (1, 2, 4, 5), 0.20),
    Difficulty("Sunday", 16, ADVANCED, 1, (1, 2, 4, 5), 0.10),
)


NEAREST_TRIOS = 3


def _distance(a, b) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))


def difficulty(day: dt.date) -> Difficulty:
    return WEEKDAYS[day.weekday()]


def daily_seed(city_key: str, day: dt.date, attempt: int = 0) -> int:
    text = f"citytrip/daily/v{DEAL_VERSION}/{city_key}/{day.isoformat()}/{attempt}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def deal(city: City, day: dt.date, attempt: int = 0) -> Puzzle:
    """The puzzle of `day` (its `attempt`-th deal, when earlier ones were dull), without a target."""
    rng = random.Random(daily_seed(city.key, day, attempt))
    level = difficulty(day)
    start_card = rng.choice(sorted(city.start_cards))
    deck = shuffled_deck(city, rng, level.cards)
    start = city.start_cards[start_card].location.at
    assignments = []
    for kind in map(Kind, level.assignment_types):
        ids = sorted(i for i, a in city.assignments.items() if a.kind is kind)
        if kind.names_locations:
            # Named locations far from the start cannot all be reached in 15 turns: draw among the
            # few trios nearest to the start (king distance to the farthest of the three).
            ids.sort(key=lambda i: (max(_distance(start, at) for at in city.assignments[i].locations), i))
            ids = ids[:NEAREST_TRIOS]
        if ids:
            assignments.append(rng.choice(ids))
    return dealt_puzzle(city, deck, start_card=start_card, assignments=assignments, mode=level.mode,
                        directions=level.directions)
