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


# CP-SAT stops on deterministic time (not the clock) so two runs give the same answer; the wall
# limit only guards against a runaway on a very slow machine.
WALL_GUARD = 10.0
BEAM_WIDTH = 8


def solve_daily(puzzle: Puzzle, effort: float) -> Solution:
    """Solve with `effort` units of CP-SAT deterministic time (roughly seconds on this machine)."""
    from generator.solver.solve import solve

    result = solve(
        puzzle,
        time_limit=WALL_GUARD * effort + 60,
        workers=WORKERS,
        seed=SEED,
        beam_width=BEAM_WIDTH,
        deterministic_time=effort,
    )
    if result.plan is None or result.score is None:
        raise AssertionError("the solver returned no plan for a daily deal")  # the beam always finds one
    greedy = replay(puzzle, honest_plan(puzzle)).score
    return Solution(result.plan, result.score, result.bound, result.proven, greedy)
