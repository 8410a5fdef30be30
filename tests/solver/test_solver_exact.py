"""The solver's optimum against brute force, and its plans against the rules engine."""

from __future__ import annotations

import pytest

from generator.rules.replay import replay
from generator.solver import Status, solve
from generator.solver.budget import Budget
from solver_helpers import exhaustive_best, mini, tiny


@pytest.mark.parametrize(
    "mode, directions, assignments",
    [("basic", 1, ("1.01", "2.01")), ("advanced", 1, ())],
)
def test_optimum_equals_brute_force_one_direction(tmp_path, mode, directions, assignments):
    """On a 2-turn mini puzzle the proven optimum equals the best score of every legal plan."""
    puzzle = mini(tmp_path, 2, mode=mode, directions=directions, assignments=assignments)
    result = solve(puzzle, Budget(time_limit=30, workers=1))
    assert result.status is Status.OPTIMAL
    assert result.score == result.bound == exhaustive_best(puzzle)


@pytest.mark.slow
def test_optimum_equals_brute_force_two_directions(tmp_path):
    """R6: with two directions the optimum still equals brute force (both ends may move)."""
    puzzle = mini(tmp_path, 2, directions=2)
    result = solve(puzzle, Budget(time_limit=30, workers=1))
    assert result.status is Status.OPTIMAL
    assert result.score == exhaustive_best(puzzle)


@pytest.mark.parametrize("mode, directions", [("basic", 1), ("basic", 2), ("advanced", 1), ("advanced", 2)])
def test_engine_rescore_equals_objective(mode, directions):
    """The plan read back from the model replays legally and scores exactly the proven optimum."""
    puzzle = tiny(3, mode=mode, directions=directions, short=True)
    result = solve(puzzle, Budget(time_limit=30, workers=2))
    assert result.status is Status.OPTIMAL
    report = replay(puzzle, result.plan)
    assert report.valid
    assert report.score == result.score == result.bound
    assert result.score >= result.beam_score


def test_same_optimum_every_run_and_same_plan_with_one_worker():
    """Determinism: the same optimal score every run; one worker and a fixed seed give the same plan."""
    puzzle = tiny(3, directions=2, short=True)
    first = solve(puzzle, Budget(time_limit=30, workers=1, seed=3))
    second = solve(puzzle, Budget(time_limit=30, workers=1, seed=3))
    other = solve(puzzle, Budget(time_limit=30, workers=2, seed=7))
    assert first.status is second.status is other.status is Status.OPTIMAL
    assert first.score == second.score == other.score
    assert first.plan == second.plan
