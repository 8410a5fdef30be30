"""A stand-in for the daily's solver where a page's layout, not the quality of its plan, is tested."""

from __future__ import annotations

from generator.daily.code import encode
from generator.daily.job import Solution
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
