"""The walk bound (generator/solver/walk_bound.py): a true upper bound, the same every run, and what
`solve` makes of it."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from generator.cli import main
from generator.daily.mini import deal_mini
from generator.data.cities import load_city
from generator.solver import Status, solve
from generator.solver.facts import Facts
from generator.solver.full_model import prove
from generator.solver.walk_bound import walk_bound
from generator.solver.budget import Budget
from solver_helpers import exhaustive_best, mini, tiny


@pytest.mark.parametrize(
    "turns, mode, directions, assignments",
    [(2, "basic", 1, ("1.01", "2.01")), (3, "basic", 1, ()), (2, "advanced", 1, ()), (2, "basic", 2, ("2.01",))],
)
def test_the_bound_is_at_least_the_brute_force_best(tmp_path, turns, mode, directions, assignments):
    """On the mini city (a choice location, the combo, an eatery, a restaurant, assignments of a
    category and of a set), no legal plan scores more than the bound, with one or two directions."""
    puzzle = mini(tmp_path, turns, mode=mode, directions=directions, assignments=assignments)
    found = walk_bound(Facts(puzzle), iterations=40)
    assert found.bound >= exhaustive_best(puzzle)


@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_the_bound_is_at_least_a_daily_minis_proven_maximum(city):
    """Six turns on a real map (cropped to the mini's square): the bound never falls below the
    maximum the full model proves."""
    puzzle = deal_mini(load_city(city), dt.date(2026, 12, 1), 0)
    proof = prove(puzzle, Budget(time_limit=900, workers=1, cp_sat_work=20))
    assert proof.status is Status.OPTIMAL
    found = walk_bound(Facts(puzzle), iterations=40, floor=proof.score)
    assert proof.score <= found.bound < Facts(puzzle).ceiling()


def test_the_bound_is_a_pure_function_of_its_arguments():
    puzzle = tiny(5)
    first = walk_bound(Facts(puzzle), iterations=12, floor=-3)
    second = walk_bound(Facts(puzzle), iterations=12, floor=-3)
    assert first == second and first.iterations == 12


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_two_directions_are_bounded_by_the_proven_optimum(mode):
    """R6: both arms together stay under the bound (tiny city, three turns, proven by the full model)."""
    puzzle = tiny(3, mode=mode, directions=2, short=True)
    found = walk_bound(Facts(puzzle), iterations=40)
    exact = solve(puzzle, Budget(time_limit=60, workers=1, walk_programmes=0))
    assert exact.status is Status.OPTIMAL and found.bound >= exact.score


def test_solve_reports_the_walk_bound_and_proves_with_it():
    """A plan that meets the walk bound is OPTIMAL; the bound solve reports is never above it."""
    puzzle = tiny(5)  # five turns: the search's windows do not cover the game, so nothing is proven before
    plain = solve(puzzle, Budget(time_limit=30, workers=1, work=2, full_model=False))
    walked = solve(puzzle, Budget(time_limit=30, workers=1, work=2, full_model=False, walk_programmes=40))
    assert plain.status is Status.FEASIBLE and plain.walk_bound is None and plain.bound == Facts(puzzle).ceiling()
    assert walked.walk_bound is not None and walked.bound <= walked.walk_bound
    assert walked.as_dict()["walk_bound"] == walked.walk_bound
    assert walked.status is (Status.OPTIMAL if walked.score >= walked.walk_bound else Status.FEASIBLE)


def test_a_target_above_the_walk_bound_is_unsolvable_without_the_full_model(tmp_path):
    puzzle = mini(tmp_path, 2)
    cap = walk_bound(Facts(puzzle), iterations=40).bound
    result = solve(puzzle, Budget(time_limit=30, workers=1, work=5, full_model=False, walk_programmes=40), target=cap + 1)
    assert result.status is Status.UNSOLVABLE and result.plan is None


@pytest.mark.slow  # the command on a 15-turn puzzle, its full model stopped at 8 s
def test_the_cli_prints_the_walk_bound_and_refuses_a_silly_count(tmp_path, capsys):
    from generator.data.puzzles import puzzle_to_data
    from generator.data.yaml_file import dump_yaml

    path = tmp_path / "puzzle.yaml"
    path.write_text(dump_yaml(puzzle_to_data(tiny(3, short=True))), encoding="utf-8")
    assert main(["solve", str(path), "--work", "1", "--time-limit", "8", "--walk-bound", "20", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["walk_bound"] is not None and result["bound"] <= result["walk_bound"]
    assert main(["solve", str(path), "--walk-bound", "-1"]) == 2
    assert "--walk-bound -1: expected a whole number from 0 to 10,000 walk programmes" in capsys.readouterr().err
