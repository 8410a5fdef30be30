"""The walk programme with each turn's payments exact (generator/solver/exact_payments.py): its walks
pay every turn from one box choice, and the bound it gives is tighter than the priced one."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from generator.daily.mini import deal_mini
from generator.rules.cards import ActionType
from generator.data.cities import load_city
from generator.solver import count_bound as counts
from generator.solver.facts import GOAL_TYPES, Facts
from generator.solver.exact_payments import PaidWalker
from generator.solver.walk_bound import Prices, Relaxation
from solver_helpers import tiny


def _walk_at(facts: Facts, scale: float):
    relax = Relaxation(facts)
    walker = PaidWalker(facts, relax, 1)
    prices = Prices.start(facts, relax)
    prices.counter = [scale * p for p in prices.counter]
    return relax, walker, prices, walker.run(prices)


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("scale", [1.0, 3.0])
def test_each_turn_of_the_walk_pays_its_goals_from_its_box_choice(mode, scale):
    """Every turn's goals cost, type by type, at most what the turn's one box choice gives, and the
    turn takes at most the choice's plan steps; in the advanced game what goes beyond is bonus
    value (R9, relaxed: from the first turn on), only on types the choice gives, and the walk
    states it. The walk's value is its goals' worth less the hunted turns and θ per bonus unit (no
    price on actions is left). Higher counter prices make the walk greedier: the payments must
    still hold."""
    import dataclasses

    puzzle = deal_mini(load_city("brugge"), dt.date(2026, 12, 3), 0)
    facts = Facts(dataclasses.replace(puzzle, mode=mode))
    relax, walker, prices, walk = _walk_at(facts, scale)
    worth, goals, bonus = 0.0, 0, 0
    for k in range(facts.turns):
        option = facts.options[k][walk.boxes[k]]
        spent = Counter()
        for at, g in walk.claims[k]:
            action, cost, counted, eats, restaurants = relax.goal_terms[at][g]
            spent[action] += cost
            worth += (sum(prices.counter[c] for c in counted) + prices.eatery * eats
                      + prices.restaurant * restaurants - prices.location[at])
            goals += 1
        spent[ActionType.PLAN] = walk.steps[k]
        beyond = {a: n - option.amount(a) for a, n in spent.items() if n > option.amount(a)}
        assert sum(beyond.values()) == walk.bonus[k], (k, option.budget, dict(spent))
        assert all(option.amount(a) > 0 for a in beyond)
        if mode == "basic":
            assert not beyond
        worth -= prices.hunted * option.hunted + prices.bonus * walk.bonus[k]
        bonus += walk.bonus[k]
    assert goals > 0
    assert walk.value == pytest.approx(worth)
    if mode == "advanced" and scale == 3.0:
        assert bonus > 0  # greedy enough to use bonus value: the check above saw it


def test_exact_payments_tighten_the_bound_on_a_daily_mini():
    """Antwerpen's mini of 2026-12-01 (proven maximum 5, CP-SAT): priced payments leave the bound
    at 9 after 40 programmes, exact ones meet the maximum."""
    facts = Facts(deal_mini(load_city("antwerpen"), dt.date(2026, 12, 1), 0))
    plain = counts.count_bound(facts, floor=5, work=300, tree=counts.Tree(root_iterations=40))
    paid = counts.count_bound(facts, floor=5, work=300, paid=True, tree=counts.Tree(root_iterations=40))
    assert (plain.bound, paid.bound) == (9, 5)


def test_exact_payments_refuse_two_directions():
    facts = Facts(tiny(3, directions=2))
    assert not counts.pays_exactly(facts)
    with pytest.raises(ValueError, match="one direction only"):
        counts.count_bound(facts, work=10, paid=True)


def test_the_dailys_prove_work_pays_a_one_direction_deal_exactly():
    """`daily --prove-work` of 16 units or more (800 programmes' work) bounds a one-direction deal
    with exact payments: Antwerpen's mini of 2026-12-01, its par 5 (the proven maximum) against
    the bound, is proven by them; the daily's own 200 programmes leave it at a bound above."""
    from generator.daily.job import Solution
    from generator.daily.par import WALK_PROGRAMMES, bound_daily
    from generator.rules.plan import Plan

    puzzle = deal_mini(load_city("antwerpen"), dt.date(2026, 12, 1), 0)
    par = Solution(plan=Plan(()), score=5, bound=None, proven=False, honest=0)
    assert not bound_daily(puzzle, par, WALK_PROGRAMMES).proven
    proven = bound_daily(puzzle, par, counts.PAID_WEIGHT * counts.PAID_ITERATIONS)
    assert proven.proven and proven.bound == 5
