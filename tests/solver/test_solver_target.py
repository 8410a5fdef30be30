"""--target: SOLVABLE with a witness at the optimum, UNSOLVABLE above it (RULINGS "Solo")."""

from __future__ import annotations

from generator.rules.replay import replay
from generator.solver import Status, solve
from generator.solver.budget import Budget
from solver_helpers import tiny

ASSIGNMENTS = ("3.01",)  # most statues: complete with one statue (the start square counts)


def _puzzle():
    return tiny(4, assignments=ASSIGNMENTS, short=True)


def test_target_at_optimum_is_solvable_with_a_winning_witness():
    """A target equal to the optimum is SOLVABLE and the witness wins when the engine replays it."""
    puzzle = _puzzle()
    best = solve(puzzle, Budget(time_limit=30, workers=1))
    assert best.status is Status.OPTIMAL
    result = solve(puzzle, Budget(time_limit=30, workers=1), target=best.score)
    assert result.status is Status.SOLVABLE
    report = replay(puzzle, result.plan)
    assert report.won(best.score)


def test_target_above_optimum_is_unsolvable_without_beam_shortcut():
    """One point above the optimum is proven UNSOLVABLE, with the bound below the target."""
    puzzle = _puzzle()
    best = solve(puzzle, Budget(time_limit=30, workers=1))
    result = solve(puzzle, Budget(time_limit=30, workers=1), target=best.score + 1)
    assert result.status is Status.UNSOLVABLE
    assert result.plan is None
    assert result.bound == best.score


def test_unfinishable_assignment_makes_any_target_unsolvable():
    """A target of 0 is UNSOLVABLE when an assignment cannot be completed in the turns given."""
    puzzle = tiny(2, assignments=("4.01",), short=True)  # three far-apart named locations
    result = solve(puzzle, Budget(time_limit=30, workers=1), target=0)
    assert result.status is Status.UNSOLVABLE
