"""The daily job's use of the solver: par, bound and the greedy player's score of one deal."""

from __future__ import annotations

from generator.daily.job import Solution
from generator.players.honest import honest_plan
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay

# One worker and a fixed seed keep the answer identical from run to run (CP-SAT is deterministic
# with one worker within a version; solver.md notes why several workers are not).
WORKERS = 1
SEED = 0


def solve_daily(puzzle: Puzzle, time_limit: float) -> Solution:
    from generator.solver.solve import solve

    result = solve(puzzle, time_limit=time_limit, workers=WORKERS, seed=SEED)
    if result.plan is None or result.score is None:
        raise AssertionError("the solver returned no plan for a daily deal")  # the beam always finds one
    greedy = replay(puzzle, honest_plan(puzzle)).score
    return Solution(result.plan, result.score, result.bound, result.proven, greedy)
