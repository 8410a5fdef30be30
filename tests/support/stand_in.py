"""Stand-ins for the daily's solver and panel where a page's layout, not the quality of its par or
its target, is tested."""

from __future__ import annotations

from generator.daily.code import encode
from generator.daily.job import Daily, Pages, Par, Solution, make_daily
from generator.players.panel import PANEL
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay
from beam import beam_search


_PLANS: dict[str, object] = {}  # the puzzle's code → the beam's plan


def beam_solver(puzzle: Puzzle) -> Solution:
    """A narrow beam's plan (pure Python, a second or two) as the par, stated proven; the honest
    score 4 below it, so that the deal counts as one the honest player does not win. Remembered
    per deal: a fixture that deals twice solves once."""
    code = encode(puzzle)
    if code not in _PLANS:
        _PLANS[code] = beam_search(puzzle, width=2)
    plan = _PLANS[code]
    score = replay(puzzle, plan).score
    return Solution(plan, score, score, True, score - 4)


# The honest player and two planners: on every date the tests deal they choose the deal and keep the
# assignments the whole panel does, in about a seventh of its time; only the target may differ.
SMALL_PANEL = (PANEL[0], PANEL[1], PANEL[4])


def stand_in_daily(city: str, day, folder, render=None, base_url=None, **options) -> Daily:
    """`make_daily` with the beam's par and the small panel's target."""
    return make_daily(city, day, Pages(folder, render, base_url), Par(beam_solver), members=SMALL_PANEL, **options)
