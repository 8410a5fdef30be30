"""The walk's memory grown where a walk came back to a location it achieved (count_bound's
`memory`, the dynamic ng-sets of walk_bound.Walker's `remember`): still a true bound, and a walk
never comes back to a location it remembers (R4, R10)."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from generator.daily.mini import deal_mini
from generator.data.cities import load_city
from generator.rules.grid import Coord
from generator.solver import count_bound as counts
from generator.solver.facts import Facts
from generator.solver.exact_payments import PaidWalker
from generator.solver.walk_bound import Prices, Relaxation, Walk, Walker
from solver_helpers import exhaustive_best, mini

A, S, X, Y = Coord(1, 1), Coord(0, 0), Coord(2, 2), Coord(3, 3)


def _walk(trail, claims) -> Walk:
    return Walk(0.0, [0], [claims], [0], [len(trail) - 1], 0, trail)


def test_the_memory_grows_on_the_way_back_to_a_location_achieved_twice():
    """The location is remembered on each node between its first visit and its last, and only
    there; a walk that achieved nothing twice, or whose way back is remembered already, grows
    nothing."""
    twice = _walk([S, A, X, Y, A], [(A, 0), (A, 0)])
    assert counts._grown_memory(twice, {}) == {X: frozenset({A}), Y: frozenset({A})}
    assert counts._grown_memory(twice, {X: frozenset({A}), Y: frozenset({A, S})}) is None
    assert counts._grown_memory(_walk([S, A, X, Y, A], [(A, 0)]), {}) is None


def _repeats(walk: Walk) -> int:
    achieved = Counter(at for claims in walk.claims for at, _ in claims)
    return sum(n - 1 for n in achieved.values())


def _grow_until_elementary(facts, relax, walker_type, prices, rounds=40):
    """Walkers grown from their own walks at `prices` until the walk achieves each location once."""
    walker = walker_type(facts, relax, 1)
    first = walker.run(prices)
    walk = first
    for _ in range(rounds):
        grown = counts._grown_memory(walk, walker.remember)
        if grown is None:
            break
        walker = walker_type(facts, relax, 1, grown)
        walk = walker.run(prices)
    return first, walk, walker


@pytest.mark.parametrize("walker_type", [Walker, PaidWalker])
def test_a_walk_never_comes_back_to_a_location_it_remembers(walker_type):
    """On Brugge's mini of 2026-12-01 at prices that pay well for every goal, the walk of radius 1
    comes back to locations it achieved; grown from its own walks, the memory ends with a walk
    that achieves each location once."""
    facts = Facts(deal_mini(load_city("brugge"), dt.date(2026, 12, 1), 0))
    relax = Relaxation(facts)
    prices = Prices.start(facts, relax)
    prices.counter = [3 * p + 6 for p in prices.counter]
    if walker_type.paid:
        prices.action = [[0.0 for _ in row] for row in prices.action]
    first, last, walker = _grow_until_elementary(facts, relax, walker_type, prices)
    assert _repeats(first) > 0  # the check below can fail
    assert _repeats(last) == 0
    assert walker.remember and walker.label_count > walker_type(facts, relax, 1).label_count


@pytest.mark.parametrize("directions", [1, 2])
def test_a_bound_with_grown_memory_is_at_least_the_brute_force_best(tmp_path, directions):
    """Memory grown at greedy prices until the walk is elementary, then 150 programmes of the
    subgradient: never below the best legal plan of the mini city (advanced, whose bonus steps
    let a two-turn walk come back; one direction with and without exact payments, two)."""
    puzzle = mini(tmp_path, 2, mode="advanced", directions=directions)
    best = exhaustive_best(puzzle)
    facts = Facts(puzzle)
    relax = Relaxation(facts)
    types = [Walker, PaidWalker] if counts.pays_exactly(facts) else [Walker]
    for walker_type in types:
        prices = counts._start_prices(facts, relax, walker_type.paid)
        prices.counter = [3 * p + 6 for p in prices.counter]
        first, _, walker = _grow_until_elementary(facts, relax, walker_type, prices)
        assert _repeats(first) > 0 and walker.remember  # the memory grew
        for floor in (None, best):
            assert walker.descend(prices, 150, floor).value >= best - 1e-6


def test_the_count_bound_grows_its_memory_where_a_leaf_cannot_be_split(monkeypatch):
    """A leaf that no range split can narrow is run again with the memory grown from its walk
    (Antwerpen's mini of 2026-12-01, no range ever split, so every leaf is such a leaf): the
    bound stays at least the proven maximum (5), and the same every run."""
    facts = Facts(deal_mini(load_city("antwerpen"), dt.date(2026, 12, 1), 0))
    grown = []
    original = counts._grown_memory

    def watched(walk, remember):
        found = original(walk, remember)
        grown.append(found is not None)
        return found

    monkeypatch.setattr(counts, "_split", lambda relax, reach, node: None)
    monkeypatch.setattr(counts, "_grown_memory", watched)
    first = counts.count_bound(facts, floor=None, work=400, tree=counts.Tree(root_iterations=40, locations=False))
    assert any(grown)
    assert first.bound >= 5
    assert first == counts.count_bound(Facts(deal_mini(load_city("antwerpen"), dt.date(2026, 12, 1), 0)), floor=None,
                                       work=400, tree=counts.Tree(root_iterations=40, locations=False))
    without = counts.count_bound(facts, floor=None, work=400, tree=counts.Tree(root_iterations=40, memory=False, locations=False))
    assert without.nodes == 1 and without.programmes < first.programmes  # nothing to split: the root alone
