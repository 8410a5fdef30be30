"""The count-range bound (generator/solver/count_bound.py) against the plain walk bound.

`python benchmarks/count_bound.py [--work 2000] [--only NAME,…] [--at 200,1000,2000]` takes the
benchmark puzzles of benchmarks/solver.py, aims the count-range bound at the best plan known
(BEST: the "best" column of docs/solver-journal.md's walk-bound table of 2026-12-01, the higher of the
daily's search at 40 units and the 20-minute reference, raised on 2026-12-04 where a search of
200 units (400 for antw-02) found more: eight advanced puzzles, docs/solver-journal.md), and prints, per puzzle, the bound after
the last node split that ended within each of `--at` walk programmes (the root's ITERATIONS = 200
programmes is the plain walk bound, the daily's), divided by that plan. Work is counted in walk
programmes, so the figures are the same on every machine; seconds are wall time, for scale only.

With `--paid` the puzzles that fit (one direction) pay each turn exactly
(generator/solver/exact_payments.py); a paid programme counts as count_bound.PAID_WEIGHT plain ones in
the work, so the columns compare like with like; the others are left out. With `--as-prove` each
puzzle is bounded as `citytrip solve --prove` bounds it: paid where it pays exactly, priced elsewhere,
so all 34 are in one table.

`python benchmarks/count_bound.py --excess [--only NAME,…]` measures instead what the plain walk
bound (200 programmes, aimed at BEST) still relaxes, per strip: at its best prices, the walk's count
of each strip (both arms), the strip's score there, and how far the linear price credits that count
above the score (H(μ) + μ·count − score: the chord's excess); then the walk's goals and the sum
of the strips' scores at its counts, the bound a relaxation exact in the strips would give at that walk.

`python benchmarks/count_bound.py --bonus [--only NAME,…]` measures what the bound credits for bonus
actions (R9) on the advanced puzzles: each deal as dealt and with the same cards in the basic game,
the search's plan (40 units, one worker) and the walk bound aimed at it (200 programmes) in both;
the advanced figures less the basic ones are what bonus actions add to the plan and to the bound.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator.solver.budget import Budget  # noqa: E402
from generator.solver.count_bound import Tree, count_bound, pays_exactly  # noqa: E402
from generator.solver.facts import Facts  # noqa: E402
import solver as bench  # noqa: E402

BEST = {
    "brug-00": 88, "brug-01": 96, "brug-02": 149, "brug-03": 169, "brug-04": 116, "brug-05": 189, "brug-06": 87,
    "brug-07": 121, "brug-08": 97, "brug-09": 144, "antw-00": 91, "antw-01": 96, "antw-02": 107, "antw-03": 130,
    "antw-04": 114, "antw-05": 145, "antw-06": 96, "antw-07": 107, "antw-08": 90, "antw-09": 132,
    "daily antw 12-07": 123, "daily antw 12-08": 152, "daily antw 12-09": 136, "daily antw 12-10": 131,
    "daily antw 12-11": 164, "daily antw 12-12": 181, "daily antw 12-13": 135, "daily brug 12-07": 148,
    "daily brug 12-08": 166, "daily brug 12-09": 149, "daily brug 12-10": 176, "daily brug 12-11": 201,
    "daily brug 12-12": 195, "daily brug 12-13": 196,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=int, default=2000, help="walk programmes in all (default 2000)")
    parser.add_argument("--at", default="200,1000,2000", help="the work at which to read the bound")
    parser.add_argument("--only", help="comma-separated puzzle name prefixes")
    parser.add_argument("--excess", action="store_true", help="measure the chord's excess per strip at the walk bound's walk")
    parser.add_argument("--bonus", action="store_true", help="what bonus actions add to the bound and to the plan (advanced puzzles)")
    parser.add_argument("--paid", action="store_true", help="pay each turn exactly (one-direction puzzles only)")
    parser.add_argument("--as-prove", action="store_true", help="pay exactly where the puzzle allows, as solve --prove does")
    parser.add_argument("--no-memory", action="store_true", help="never grow the walk's memory where a leaf cannot be split")
    parser.add_argument("--no-locations", action="store_true", help="never split a leaf on a location")
    args = parser.parse_args()
    if args.excess:
        return excess(args.only or "")
    if args.bonus:
        return bonus(args.only or "")
    marks = [int(m) for m in args.at.split(",")]
    ratios = {m: [] for m in marks}
    print(f"{'puzzle':28s} {'best':>5s} " + " ".join(f"{'@' + str(m):>11s}" for m in marks) + "  nodes  open  wall s", flush=True)
    for name, puzzle in bench.named(bench.all_puzzles(Path(tempfile.mkdtemp())), args.only or ""):
        key = next((k for k in BEST if name.startswith(k)), None)
        if key is None:
            continue
        best = BEST[key]
        facts = Facts(puzzle)
        if args.paid and not pays_exactly(facts):
            continue
        paid = args.paid or (args.as_prove and pays_exactly(facts))
        seen = []  # (programmes, bound) after each split
        started = time.monotonic()
        found = count_bound(facts, floor=best, work=args.work, paid=paid,
                            tree=Tree(memory=not args.no_memory, locations=not args.no_locations),
                            progress=lambda p: seen.append((p.programmes, p.bound)))
        seconds = time.monotonic() - started
        cells = []
        for m in marks:
            if m < found.root_programmes:  # the root (paid: 100 programmes of weight 8) is not done yet
                cells.append(f"{'–':>5s} {'':5s}")
                continue
            bound = min([found.root] + [b for spent, b in seen if spent <= m]) if m < found.programmes else found.bound
            ratios[m].append(bound / best)
            cells.append(f"{bound:5d} {bound / best:5.2f}")
        print(f"{name:28s} {best:5d} " + " ".join(cells) + f"  {found.nodes:5d} {found.open:5d} {seconds:7.1f}"
              + ("  paid" if paid else ""), flush=True)
    for m in marks:
        if ratios[m]:
            print(f"@{m} programmes: median bound ÷ best plan {statistics.median(ratios[m]):.3f} on {len(ratios[m])} puzzles "
                  f"(from {min(ratios[m]):.2f} to {max(ratios[m]):.2f})")
    return 0


def _walk_counts(facts: Facts, relax, walk) -> list[int]:
    """The count each counter reaches with the walk's goals (each arm the same walk, R6)."""
    counts = [counter.low for counter in relax.counters]
    for claims in walk.claims:
        for at, g in claims:
            for i in relax.goal_terms[at][g][2]:
                counts[i] += facts.puzzle.directions
    return counts


def excess(only: str) -> int:
    from generator.solver import count_bound as counts
    from generator.solver.walk_bound import ITERATIONS

    for name, puzzle in bench.named(bench.all_puzzles(Path(tempfile.mkdtemp())), only):
        key = next((k for k in BEST if name.startswith(k)), None)
        if key is None:
            continue
        facts = Facts(puzzle)
        relax = counts.Relaxation(facts)
        walker = counts.Walker(facts, relax, 1)
        found = walker.descend(counts.Prices.start(facts, relax), ITERATIONS, BEST[key])
        prices, walk = found.prices, found.walk
        reached = _walk_counts(facts, relax, walk)
        goals = puzzle.directions * sum(len(claims) for claims in walk.claims)
        parts, total, scores = [], 0.0, 0.0
        for i, counter in enumerate(relax.counters):
            n = min(reached[i], len(counter.values) - 1)
            score = counter.values[n] + prices.bonus * counter.earned[n]
            h, _ = counter.conjugate(prices.counter[i], prices.bonus)
            gap = h + prices.counter[i] * n - score
            total += gap
            scores += counter.values[n]
            parts.append(f"{counter.name.partition(':')[2] or counter.name} {n}:{gap:.1f}")
        print(f"{name:28s} best {BEST[key]:4d} walk bound {found.value:6.1f}  walk goals {goals:3d}  strips at its counts "
              f"{scores:6.1f}  excess {total:5.1f}  ({', '.join(parts)})", flush=True)
    return 0


def bonus(only: str) -> int:
    import dataclasses

    from generator.solver.lns import SearchOptions, portfolio
    from generator.solver.walk_bound import walk_bound

    for name, puzzle in bench.named(bench.all_puzzles(Path(tempfile.mkdtemp())), only):
        key = next((k for k in BEST if name.startswith(k)), None)
        if key is None or puzzle.mode != "advanced":
            continue
        found = {}
        for mode in ("advanced", "basic"):
            dealt = dataclasses.replace(puzzle, mode=mode)
            facts = Facts(dealt)
            plan = portfolio(dealt, SearchOptions(Budget(work=40, workers=1)), facts).score
            found[mode] = (walk_bound(facts, floor=plan).bound, plan)
        (bound, plan), (basic_bound, basic_plan) = found["advanced"], found["basic"]
        print(f"{name:28s} bound {bound} / basic {basic_bound}  plan {plan} / basic {basic_plan} (best {BEST[key]})  "
              f"bonus actions add {bound - basic_bound} to the bound, {plan - basic_plan} to the plan", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
