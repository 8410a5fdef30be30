"""The starts: the cheap players' plans, rewritten into the model's reduced form and complete for CP-SAT."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from generator.players.honest import honest_plan
from generator.players.planner import planned_plan
from generator.rules.plan import Plan, Turn
from generator.rules.replay import replay
from generator.solver import lns
from generator.solver.facts import Facts
from generator.solver.model import build
from generator.solver.start_plans import Candidate, normalise, start_plan
from generator.solver.full_model import _plan_values
from solver_helpers import tiny


def _fixed_model_feasible(facts: Facts, plan: Plan) -> bool:
    """Whether the model accepts every decision of `plan` (what a complete hint needs)."""
    model = build(facts)
    for var, value in _plan_values(model, plan).items():
        model.cp.Add(var == value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 20
    return solver.Solve(model.cp) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.mark.parametrize("player", lns.STARTS)
def test_every_start_replays_legally_and_fits_the_model(player):
    """Each of the portfolio's start plans replays legally with the score it claims, scores at least
    what its player scored before the rewrite, and the model accepts it whole (a complete hint)."""
    puzzle = tiny(8, mode="advanced", directions=2)
    facts = Facts(puzzle)
    found = start_plan(puzzle, facts, player, seed=0)
    report = replay(puzzle, found.plan)
    assert report.valid, report.violations
    played = planned_plan(puzzle, width=player.width, branch=player.branch) if player.width else honest_plan(puzzle, 0)
    assert found.score == report.score >= replay(puzzle, played).score
    assert _fixed_model_feasible(facts, found.plan)
    assert start_plan(puzzle, facts, player, seed=0) == found  # deterministic


def test_normalise_swaps_arms_trims_tails_and_replaces_dominated_boxes():
    """A plan with end b longer, a walk past its last goal and a dominated box choice is rewritten
    into the model's form without losing points, and the model then accepts it."""
    puzzle = tiny(6, directions=2)
    facts = Facts(puzzle)
    plan = honest_plan(puzzle, 0)
    kept = [{o.boxes for o in facts.options[k]} for k in range(len(plan.turns))]
    assert any(t.boxes not in kept[k] for k, t in enumerate(plan.turns))  # the honest player takes dominated pairs
    last = len(plan.turns) - 1
    # Mirror the ends (b becomes the long arm) and drop the last turn's goals (its walk becomes a tail).
    mirrored = Plan(tuple(
        Turn(t.boxes, (t.moves[1], t.moves[0]), () if k == last else t.goals, t.bonus) for k, t in enumerate(plan.turns)
    ))
    assert plan.turns[last].goals and any(plan.turns[last].moves)
    before = replay(puzzle, mirrored)
    assert before.valid, before.violations
    fixed = normalise(puzzle, facts, Candidate(mirrored, before.score, "test"))
    after = replay(puzzle, fixed.plan)
    assert after.valid and after.score >= before.score
    lengths = [sum(len(t.moves[e]) for t in fixed.plan.turns) for e in range(2)]
    assert lengths[0] >= lengths[1]
    assert sum(lengths) < sum(len(t.moves[0]) + len(t.moves[1]) for t in mirrored.turns)  # the tail is cut
    achieved = {c.at for t in fixed.plan.turns for c in t.goals}
    for e in range(2):
        arm = [n for t in fixed.plan.turns for n in t.moves[e]]
        assert not arm or arm[-1] in achieved  # each arm ends on an achieved location
    assert all(t.boxes in kept[k] for k, t in enumerate(fixed.plan.turns))
    assert _fixed_model_feasible(facts, fixed.plan)
