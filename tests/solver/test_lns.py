"""The large-neighbourhood search: its plans replay, its certificate holds against brute force,
its answer does not depend on the machine's load, and a plan the engine disputes is a bug."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from ortools.sat.python import cp_model

from generator.players.honest import honest_plan
from generator.rules.plan import Plan, Turn
from generator.rules.replay import replay
from generator.solver import lns, lns_model
from generator.solver.facts import Facts
from generator.solver.readback import SolverBug
from generator.solver.start_plans import start_plan
from generator.solver.lns_model import Window, WindowModel
from generator.solver.budget import Budget
from solver_helpers import best_changing_only, exhaustive_best, mini, tiny


def _search(puzzle, budget, workers, seed=0, **options):
    facts = Facts(puzzle)
    start = start_plan(puzzle, facts, lns.STARTS[0])
    options = lns.SearchOptions(Budget(work=budget, workers=workers, seed=seed), **options)
    return start, lns.search(puzzle, start.plan, options, facts)


@pytest.mark.parametrize("mode, directions", [("basic", 1), ("basic", 2), ("advanced", 1), ("advanced", 2)])
def test_plans_replay_legally_and_never_fall_below_the_start(mode, directions):
    """Every plan the search returns is legal for the engine and scores what the search says, at
    least the start plan's score (R4-R17 through the engine, both directions, bonus actions)."""
    puzzle = tiny(8, mode=mode, directions=directions)
    start, result = _search(puzzle, budget=3, workers=1)
    report = replay(puzzle, result.plan)
    assert report.valid
    assert report.score == result.score >= start.score


LAZY = Turn(("L1", "L2"))  # boxes only: no step, no goal (legal in every turn of the mini city)


@pytest.mark.parametrize(
    "turns, directions, first, last, assignments, start",
    [
        (4, 1, 1, 2, (), "lazy"),
        (4, 1, 2, 3, ("1.01", "2.01"), "lazy"),
        (4, 1, 2, 3, (), "honest"),  # later turns walk on: the window must join their path
        pytest.param(3, 2, 2, 3, (), "lazy", marks=pytest.mark.slow),
        pytest.param(3, 2, 1, 2, ("2.01",), "lazy", marks=pytest.mark.slow),
    ],
)
def test_window_optimum_equals_brute_force(tmp_path, turns, directions, first, last, assignments, start):
    """The certificate's ground: a window's exact sub-model, solved to proven optimality, scores
    exactly the best of every legal plan that agrees with the plan outside the window (brute force
    through the engine), so it neither misses such plans nor admits others (R4-R17, R6 both ends)."""
    puzzle = mini(tmp_path, turns, directions=directions, assignments=assignments)
    plan = Plan((LAZY,) * turns) if start == "lazy" else honest_plan(puzzle, 0)
    model = WindowModel(Facts(puzzle), plan, Window(first, last, (True, directions == 2)))
    assert model.exact
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.Solve(model.cp) == cp_model.OPTIMAL
    best = best_changing_only(puzzle, plan, first, last)
    assert round(solver.ObjectiveValue()) == best
    assert replay(puzzle, model.read(solver)).score == best


def test_certificate_is_true_of_the_final_plan():
    """When the search certifies w, every window of w turns of its final plan, solved exactly
    again, is proven optimal at the plan's own score: no window of that size can gain."""
    puzzle = tiny(8, directions=2)
    facts = Facts(puzzle)
    _, result = _search(puzzle, budget=4, workers=2)  # certifies 4 turns (so did 12 units)
    assert 2 <= result.window < 8
    for first in range(1, 8 - result.window + 2):
        model = WindowModel(facts, result.plan, Window(first, first + result.window - 1, (True, True)))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        assert solver.Solve(model.cp) == cp_model.OPTIMAL
        assert round(solver.ObjectiveValue()) == result.score


@pytest.mark.slow
def test_a_whole_game_window_is_the_brute_force_optimum(tmp_path):
    """One exact window of all 3 turns, proven, is the optimum of every legal plan (brute force)."""
    puzzle = mini(tmp_path, 3)
    _, result = _search(puzzle, budget=30, workers=1)
    assert result.optimal(3)
    assert result.score == exhaustive_best(puzzle)


def test_same_plan_every_run_also_with_a_busy_core():
    """Reproducible by construction: two runs with two worker processes give the same plan, the
    second while another process keeps one core busy (the budget is deterministic work)."""
    puzzle = tiny(10, mode="advanced", directions=2)
    _, first = _search(puzzle, budget=3, workers=2, seed=5)
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        _, second = _search(puzzle, budget=3, workers=2, seed=5)
    finally:
        busy.kill()
        busy.wait()
    assert second.plan == first.plan and first.sub_solves > 20  # many windows, each a chance to differ
    assert (second.score, second.window, second.sub_solves) == (first.score, first.window, first.sub_solves)


def test_target_search_stops_at_the_first_winning_plan():
    """With a target the search ranks complete assignments first and stops once a plan wins."""
    puzzle = tiny(8, assignments=("3.01",))
    start, best = _search(puzzle, budget=3, workers=1)  # 32 points, as after 8 units
    target = best.score
    assert start.score < target
    _, result = _search(puzzle, budget=50, workers=1, target=target)
    assert replay(puzzle, result.plan).won(target)
    assert result.work < 50


def test_a_plan_the_engine_scores_otherwise_raises_solver_bug(monkeypatch):
    """The engine is the judge: a window's plan whose replayed score differs from the sub-model's
    objective raises SolverBug (here the engine is made to disagree by one point)."""
    real = lns_model.replay

    def disputed(puzzle, plan):
        report = real(puzzle, plan)
        return dataclasses.replace(report, breakdown=dataclasses.replace(report.breakdown, total=report.breakdown.total + 1))

    monkeypatch.setattr(lns_model, "replay", disputed)
    with pytest.raises(SolverBug, match="scores a window's plan"):
        _search(tiny(6), budget=2, workers=1)


def test_certificate_text_speaks_to_players():
    """The certificate says what it means in plain words, and nothing when there is none."""
    assert lns.certificate_text(3) == "no better plan changes at most 3 consecutive turns"
    assert lns.certificate_text(1) == "no better plan changes only one turn"
    assert lns.certificate_text(0) == ""
