"""The count-range bound (generator/solver/count_bound.py) and `solve --prove` (proof.py): a true
upper bound, checked against brute force, never trusted."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.data.puzzles import puzzle_to_data
from generator.data.yaml_file import dump_yaml
from generator.rules.replay import replay
from generator.solver import count_bound as counts
from generator.solver.facts import Facts
from generator.solver.proof import prove_plan
from generator.solver.verdict import Status
from generator.solver.readback import SolverBug
from generator.solver.walk_bound import walk_bound
from generator.solver.budget import Budget
from solver_helpers import TINY, exhaustive_best, mini, tiny

# The mini city's puzzles and their brute-force best (the engine over every legal plan), once.
CASES = {
    "basic, assignments": (2, "basic", 1, ("1.01", "2.01")),
    "advanced": (2, "advanced", 1, ()),
    "two directions": (2, "basic", 2, ("2.01",)),
}


@pytest.fixture(scope="module")
def brute(tmp_path_factory):
    found = {}

    def best(case: str):
        if case not in found:
            turns, mode, directions, assignments = CASES[case]
            puzzle = mini(tmp_path_factory.mktemp("mini"), turns, mode=mode, directions=directions, assignments=assignments)
            found[case] = (puzzle, exhaustive_best(puzzle))
        return found[case]

    return best


def planted(facts, *, floor=None, work=counts.WORK, **_):
    """A test double: an over-tight bound, as a node whose ranges forget plans would give (every
    count confined to the start's, so no plan that crosses anything is bounded)."""
    relax = counts.Relaxation(facts)
    walker = counts.Walker(facts, relax, 1)
    ranges = {i: (relax.counters[i].low, relax.counters[i].low) for i in counts._reach(relax)}
    descent = walker.descend(counts.Prices.start(facts, relax), 200, floor, ranges=ranges)
    bound = int(descent.value // 1)
    return counts.CountBound(bound, descent.value, bound, descent.iterations, 1, 1, descent.labels)


def true_bound(bound_function, puzzle, best: int, floor: int | None) -> bool:
    """The check: the bound of `bound_function` is at least the brute-force best."""
    return bound_function(Facts(puzzle), floor=floor, work=300).bound >= best


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("aimed", [False, True])
def test_the_count_bound_is_at_least_the_brute_force_best(brute, case, aimed):
    """No legal plan of the mini city (a choice location, the combo, an eatery, a restaurant,
    category and set assignments; basic and advanced; one and two directions) scores more than
    the bound, split without a floor (no pruning) or aimed at the best plan (pruned at it); nor is
    it above the plain walk bound."""
    puzzle, best = brute(case)
    floor = best if aimed else None
    assert true_bound(counts.count_bound, puzzle, best, floor)
    found = counts.count_bound(Facts(puzzle), floor=floor, work=300)
    assert found.bound <= found.root and found.nodes >= 1
    if counts.pays_exactly(Facts(puzzle)):  # with each turn's payments exact (exact_payments.py)
        paid = counts.count_bound(Facts(puzzle), floor=floor, work=300 * counts.PAID_WEIGHT, paid=True)
        assert best <= paid.bound <= paid.root


@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_the_count_bound_is_at_least_a_daily_minis_proven_maximum(city):
    """Six turns on a real map: never below the maximum the full model proves (CP-SAT), split
    without a floor and aimed at that maximum; the planted over-tight double falls below it."""
    import datetime as dt

    from generator.daily.mini import deal_mini
    from generator.data.cities import load_city
    from generator.solver import Status
    from generator.solver.full_model import prove

    puzzle = deal_mini(load_city(city), dt.date(2026, 12, 1), 0)
    proof = prove(puzzle, Budget(time_limit=900, workers=1, cp_sat_work=20))
    assert proof.status is Status.OPTIMAL
    for floor in (None, proof.score):
        assert counts.count_bound(Facts(puzzle), floor=floor, work=300, tree=counts.Tree(root_iterations=40)).bound >= proof.score
        assert counts.count_bound(Facts(puzzle), floor=floor, work=300, paid=True, tree=counts.Tree(root_iterations=40)).bound >= proof.score
    assert planted(Facts(puzzle)).bound < proof.score  # the same check catches the planted double


@pytest.mark.parametrize("case", ["basic, assignments", "advanced"])
def test_a_planted_over_tight_bound_is_caught(brute, case):
    """The same check refuses a bound that forgets plans (the test double above)."""
    puzzle, best = brute(case)
    assert not true_bound(planted, puzzle, best, None)


def test_the_count_bound_is_a_pure_function_of_its_arguments():
    facts = Facts(tiny(5))
    first = counts.count_bound(facts, floor=-3, work=260, tree=counts.Tree(root_iterations=40))
    assert first == counts.count_bound(Facts(tiny(5)), floor=-3, work=260, tree=counts.Tree(root_iterations=40))
    assert first.programmes <= 260


def test_the_root_is_the_walk_bound():
    """With no work beyond the root, the count bound is the plain walk bound of as many programmes."""
    facts = Facts(tiny(4))
    assert counts.count_bound(facts, floor=-5, work=60, tree=counts.Tree(root_iterations=60)).bound == walk_bound(facts, iterations=60, floor=-5).bound


def test_prove_states_optimal_feasible_and_the_target_verdicts():
    """On tiny(1) (one turn: the search's exact window covers the game) the plan is OPTIMAL, and a
    target above it UNSOLVABLE. On tiny(5) a target below the plan is SOLVABLE; planted bounds:
    one equal to the plan proves it, one above it leaves the gap (FEASIBLE) or the target UNKNOWN,
    one below the target refutes it."""
    puzzle = tiny(1)
    proven = prove_plan(puzzle, Budget(work=4, workers=1))
    assert proven.status is Status.OPTIMAL and proven.bound == proven.score
    assert replay(puzzle, proven.plan).score == proven.score
    assert prove_plan(puzzle, Budget(work=4, workers=1), target=0).status is Status.UNSOLVABLE  # a plan of −32 at best

    puzzle = tiny(5)  # five turns: the search's windows do not cover the game (test_walk_bound.py)

    def at(offset):
        def bound_function(facts, *, floor, work, progress=None):
            return counts.CountBound(floor + offset, floor + offset, floor + offset, 1, 1, 0, 1)
        return bound_function

    real = prove_plan(puzzle, Budget(work=4, workers=1))  # one direction, basic game: each turn paid exactly (exact_payments.py)
    assert real.exact_payments and real.bound >= real.score and real.as_dict()["exact_payments"]
    met = prove_plan(puzzle, Budget(work=4, workers=1), bound_function=at(0))
    assert met.status is Status.OPTIMAL and met.bound == met.score == replay(puzzle, met.plan).score
    gap = prove_plan(puzzle, Budget(work=4, workers=1), bound_function=at(5))
    assert gap.status is Status.FEASIBLE and gap.bound == gap.score + 5
    low = gap.score - 10
    assert prove_plan(puzzle, Budget(work=4, workers=1), target=low).status is Status.SOLVABLE
    open_ = prove_plan(puzzle, Budget(work=4, workers=1), target=gap.score + 3, bound_function=at(5))
    assert open_.status is Status.UNKNOWN and open_.full_model_work == 1.0  # the full model's second decides nothing
    refused = prove_plan(puzzle, Budget(work=4, workers=1), target=gap.score + 3, bound_function=at(-1))  # bound = target − 2
    assert refused.status is Status.UNSOLVABLE and refused.bound < refused.target


@pytest.mark.slow
def test_a_target_the_bound_leaves_open_goes_to_the_full_model(monkeypatch):
    """With a target above the search's plan and a planted bound above the target, CP-SAT's full
    model decides on its deterministic clock. The search is starved (2 % of the work: a plan of −9
    or −7 on tiny(5)), so a win of −3 is the full model's own, replayed by the engine; −2 it proves
    unwinnable, as the whole-game window of a longer search does (both sides agree on the best,
    −3). The win is the same on a second run."""
    import generator.solver.proof as proof

    puzzle = tiny(5)

    def above(facts, *, floor, work, progress=None):
        return counts.CountBound(floor + 5, floor + 5, floor + 5, 1, 1, 0, 1)

    monkeypatch.setattr(proof, "SEARCH_SHARE", 0.02)
    won = prove_plan(puzzle, Budget(work=8, workers=1), target=-3, bound_function=above)
    assert won.status is Status.SOLVABLE and won.full_model_work > 0
    assert won.search_work < 1 and replay(puzzle, won.plan).score == won.score >= -3
    assert replay(puzzle, won.plan).won(-3)
    refuted = prove_plan(puzzle, Budget(work=8, workers=1), target=-2, bound_function=above)
    assert refuted.status is Status.UNSOLVABLE and refuted.full_model_work > 0 and refuted.bound >= -2
    again = prove_plan(puzzle, Budget(work=8, workers=1), target=-3, bound_function=above)
    assert (again.status, again.score, again.plan) == (won.status, won.score, won.plan)
    monkeypatch.undo()
    window = prove_plan(puzzle, Budget(work=20, workers=1), target=-2)
    assert window.status is Status.UNSOLVABLE and window.full_model_work == 0  # the search's own proof


def test_a_bound_below_the_replayed_plan_raises():
    """Checked, never trusted: a bound under a plan the engine scores is a SolverBug, not a proof."""
    def over_tight(facts, *, floor, work, progress=None):
        return counts.CountBound(floor - 1, floor - 1, floor - 1, 1, 1, 0, 1)

    with pytest.raises(SolverBug):
        prove_plan(tiny(5), Budget(work=4, workers=1), bound_function=over_tight)


def test_the_cli_proves_and_prints_json(capsys):
    """`solve --prove` on the tiny puzzle: the JSON carries status, plan, score, bound and work;
    stderr, not a terminal here, no progress (README); a target above the bound is UNSOLVABLE (exit 1)."""
    assert main(["solve", str(TINY), "--prove", "--work", "2", "--workers", "1", "--json"]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert result["status"] in ("OPTIMAL", "FEASIBLE") and result["bound"] >= result["score"]
    assert set(result) >= {"status", "plan", "score", "bound", "work"} and result["work"] > 0
    assert captured.err == ""
    assert main(["solve", str(TINY), "--prove", "--work", "2", "--workers", "1", "--target", "500"]) == 1
    assert capsys.readouterr().out.startswith("UNSOLVABLE: target 500 cannot be won")


@pytest.mark.parametrize("argv, message", [
    (["--work", "-1"], "--work -1: expected 0.5 to 86,400 units of work"),
    (["--work", "0"], "--work 0: expected 0.5 to 86,400 units of work"),
    (["--work", "1e9"], "--work 1e9: expected 0.5 to 86,400 units of work"),
    (["--work", "nan"], "--work nan: expected 0.5 to 86,400 units of work"),
    (["--time-limit", "5"], "leave out --time-limit"),
    (["--target", "-4"], "--target -4: expected a whole number from 0 to 999"),
])
def test_the_cli_refuses_silly_proofs(tmp_path, capsys, argv, message):
    """Bad input: one paragraph and exit 2, before any work."""
    path = tmp_path / "puzzle.yaml"
    path.write_text(dump_yaml(puzzle_to_data(tiny(1))), encoding="utf-8")
    assert main(["solve", str(path), "--prove", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_ctrl_c_prints_the_best_plan_and_bound_so_far(tmp_path, capsys, monkeypatch):
    """KeyboardInterrupt in the bound: the plan and the bound so far are printed, exit 130."""
    path = tmp_path / "puzzle.yaml"
    path.write_text(dump_yaml(puzzle_to_data(tiny(5))), encoding="utf-8")
    from generator.solver import proof

    def interrupted(facts, *, floor, work, progress=None, paid=False):
        raise KeyboardInterrupt

    monkeypatch.setattr(proof, "count_bound", interrupted)
    assert main(["solve", str(path), "--prove", "--work", "4", "--workers", "1", "--json"]) == 130
    result = json.loads(capsys.readouterr().out)
    assert result["interrupted"] and result["plan"] is not None and result["bound"] >= result["score"]


def test_count_bound_interrupted_keeps_a_true_bound(monkeypatch):
    """Ctrl-C inside a node split: the node keeps its own bound (its children are dropped whole)."""
    facts = Facts(tiny(5))
    calls = {"n": 0}
    real = counts.Walker.descend

    def descend(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:  # the second child of the first split
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(counts.Walker, "descend", descend)
    found = counts.count_bound(facts, floor=None, work=400, tree=counts.Tree(root_iterations=40))
    assert calls["n"] == 3 and found.interrupted and found.bound == found.root and found.nodes == 1


@pytest.mark.parametrize("value", ["1", "-3", "5000", "nan"])
def test_daily_refuses_a_silly_prove_work(tmp_path, capsys, value):
    """`daily --prove-work` below the daily's own bound (4 units, 200 programmes) or above an hour: exit 2."""
    assert main(["daily", "--date", "2026-12-14", "--city", "antwerpen", "--prove-work", value, "--out", str(tmp_path)]) == 2
    assert "--prove-work" in capsys.readouterr().err and not any(tmp_path.iterdir())


@pytest.mark.parametrize("case", list(CASES))
def test_branching_on_locations_keeps_a_true_bound(brute, case, monkeypatch):
    """A tree that splits only on locations (no plan of one child achieves it, every plan of the
    other does, R10), on any location, priced or not, never bounds below the brute-force best of
    the mini city, with payments priced and, in one direction, paid; and it did split both ways."""
    puzzle, best = brute(case)
    splits = []

    def locations_only(relax, reach, node):
        found = counts._split_location(node)
        splits.extend(found or ())
        return found

    monkeypatch.setattr(counts, "LOCATION_PRICE", 0.0)
    monkeypatch.setattr(counts, "_split", locations_only)
    for paid in [False, True] if counts.pays_exactly(Facts(puzzle)) else [False]:
        for floor in (None, best):
            tree = counts.Tree(root_iterations=40, node_iterations=20, memory=False, locations=True)
            found = counts.count_bound(Facts(puzzle), floor=floor, work=600 * (counts.PAID_WEIGHT if paid else 1), paid=paid,
                                       tree=tree)
            assert found.bound >= best
    assert {ranges[at] for ranges in splits for at in ranges if not isinstance(at, int)} == {(0, 0), (1, 1)}


def test_a_location_no_plan_achieves_is_never_walked_to():
    """Priced ∞ (`_fixed`), a location's goals are worth nothing to the walk programmes (plain and
    paid) and its price stays out of the Lagrangian's value."""
    from generator.solver.exact_payments import PaidWalker
    from generator.solver.walk_bound import _lagrangian

    facts = Facts(tiny(4))
    relax = counts.Relaxation(facts)
    prices = counts._start_prices(facts, relax, False)
    prices.counter = [3 * p + 6 for p in prices.counter]
    walker = counts.Walker(facts, relax, 1)
    taken = {at for claims in walker.run(prices).claims for at, _ in claims}
    assert taken
    shut = counts._fixed(prices, {at: (0, 0) for at in taken})
    for walker in (counts.Walker(facts, relax, 1), PaidWalker(facts, relax, 1)):
        walk = walker.run(shut)
        assert not taken & {at for claims in walk.claims for at, _ in claims}
        value, slope = _lagrangian(facts, relax, walker, shut, walk)
        assert value < float("inf") and all(slope.location[at] == 0 for at in taken)
