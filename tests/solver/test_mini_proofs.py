"""The mini's proofs against a second exact method written apart from the solver (tests/support/walk_dp.py).

The dynamic programme over walks is exact but slow in Python (about 250,000 states after two turns
of a 4 × 4 square), so the daily minis are cut to their first two turns here; on the same cut
(Brugge 2026-12-01, deal 0) the brute force through the engine of solver_helpers.exhaustive_best
also gives −18, in 581 s (docs/solver-journal.md, "The daily mini").
"""

import dataclasses
import datetime as dt

import pytest

from generator.daily.mini import deal_mini
from generator.data.cities import load_city
from generator.rules.replay import replay
from generator.solver.full_model import Status, prove
from generator.solver.budget import Budget
from walk_dp import best_plan


@pytest.mark.slow
@pytest.mark.parametrize("city, day, attempt", [("brugge", "2026-12-01", 0), ("antwerpen", "2026-12-01", 0)])
def test_the_proven_maximum_of_a_cut_mini_is_the_walk_programmes_best(city, day, attempt):
    puzzle = deal_mini(load_city(city), dt.date.fromisoformat(day), attempt)
    cut = dataclasses.replace(puzzle, turns=puzzle.turns[:2], deck=puzzle.deck[:3])
    best, plan = best_plan(cut)
    report = replay(cut, plan)
    assert report.valid and report.score == best  # the programme follows the engine's rules
    proof = prove(cut, Budget(time_limit=900, workers=1, cp_sat_work=20))
    assert proof.status is Status.OPTIMAL and proof.score == best
