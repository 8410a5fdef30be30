"""The walk bound (generator/solver/walk_bound.py) on the benchmark puzzles.

`python benchmarks/walk_bound.py [--work 40] [--iterations 60] [--only NAME,…]` takes each
puzzle of benchmarks/solver.py (20 seeded puzzles and 14 dailies), finds its plan
with the large-neighbourhood search at `--work` units (40: the daily's par), computes the walk
bound with that plan's score as the subgradient's aim, and prints bound ÷ plan. "best" is the
higher of that plan and the stored 20-minute reference (benchmarks/reference.json), when there
is one. Seconds are wall time on the machine as it is (compare them within one run only).

`python benchmarks/walk_bound.py --minis DAYS [--first 2026-12-01]` checks the bound instead on the
daily minis of DAYS dates of both cities (six turns, one direction, proven maxima): the bound
must never be below the proven maximum, and where it equals it the walk bound alone proves it.

`python benchmarks/walk_bound.py --envelope [--only NAME,…] [--work W]` measures what pricing each
score linearly costs: for the search's plan, each strip's concave envelope (the most any
linear price can credit) minus its score, at the plan's own counts, summed over the strips.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator.solver import lns  # noqa: E402
from generator.solver.facts import Facts  # noqa: E402
from generator.solver.walk_bound import ITERATIONS, walk_bound  # noqa: E402
from generator.solver.budget import Budget  # noqa: E402
import reference  # noqa: E402
import solver as bench  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=float, default=40.0, help="LNS work units for the plan (default 40, the daily's)")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help=f"walk programmes (default {ITERATIONS})")
    parser.add_argument("--only", help="comma-separated puzzle name prefixes")
    parser.add_argument("--scores", type=Path, help="a JSON file of the search's plan scores by puzzle and work: read, and "
                        "extended with those this run finds, so a rerun with other walk settings skips the search")
    parser.add_argument("--envelope", action="store_true", help="measure the envelope gap at the search's plans instead")
    parser.add_argument("--minis", type=int, metavar="DAYS", help="check the daily minis of DAYS dates instead")
    parser.add_argument("--first", type=dt.date.fromisoformat, default=dt.date(2026, 12, 1), help="the minis' first date")
    args = parser.parse_args()
    if args.minis:
        return minis(args.first, args.minis, args.iterations)
    if args.envelope:
        return envelope(args.only or "", args.work)
    puzzles = bench.all_puzzles(Path(tempfile.mkdtemp()))
    references = {name: row["score"] for name, row in reference.load(dict(puzzles)).items()}
    scores = json.loads(args.scores.read_text(encoding="utf-8")) if args.scores and args.scores.exists() else {}
    ratios, directions = [], []
    print(f"{'puzzle':28s} {'plan':>5s} {'best':>5s} {'walk':>5s} {'ratio':>6s} {'labels':>7s} {'plan s':>7s} {'walk s':>7s}", flush=True)
    for name, puzzle in bench.named(puzzles, args.only or ""):
        facts = Facts(puzzle)
        started = time.monotonic()
        key = f"{name} @ {args.work:g}"
        if key not in scores:
            scores[key] = lns.portfolio(puzzle, lns.SearchOptions(Budget(work=args.work, seed=0, workers=2)), facts).score
            if args.scores:
                args.scores.write_text(json.dumps(scores, indent=1, sort_keys=True), encoding="utf-8")
        score = scores[key]
        plan_seconds = time.monotonic() - started
        started = time.monotonic()
        result = walk_bound(facts, iterations=args.iterations, floor=score)
        walk_seconds = time.monotonic() - started
        best = max(score, references.get(name, score))
        ratio = result.bound / best if best > 0 else float("inf")
        ratios.append(ratio)
        directions.append(puzzle.directions)
        print(f"{name:28s} {score:5d} {best:5d} {result.bound:5d} {ratio:6.2f} {result.labels:7d} {plan_seconds:7.1f} {walk_seconds:7.1f}",
              flush=True)
    for label, chosen in (("all", ratios), ("the 20 seeded", ratios[:20] if not args.only else []),
                          ("one direction", [r for r, d in zip(ratios, directions) if d == 1]),
                          ("two directions", [r for r, d in zip(ratios, directions) if d == 2])):
        if chosen:
            print(f"{label}: median bound ÷ best plan {statistics.median(chosen):.2f} on {len(chosen)} puzzles "
                  f"(from {min(chosen):.2f} to {max(chosen):.2f})")
    return 0


def envelope(only: str, work: float) -> int:
    from generator.rules.replay import replay
    from generator.solver.walk_bound import Relaxation

    for name, puzzle in bench.named(bench.all_puzzles(Path(tempfile.mkdtemp())), only):
        facts = Facts(puzzle)
        searched = lns.portfolio(puzzle, lns.SearchOptions(Budget(work=work, seed=0, workers=2)), facts)
        crossings = replay(puzzle, searched.plan).sheet.tally.crossings
        gap = 0.0
        for counter in Relaxation(facts).counters:
            if not counter.name.startswith("cross:"):
                continue  # the strips only (assignment cards are step functions of their own counts)
            n = crossings.get(counter.name.partition(":")[2], 0)
            values = counter.values
            hull = max([values[n]] + [values[a] + (values[b] - values[a]) * (n - a) / (b - a)
                                      for a in range(counter.low, n + 1) for b in range(n + 1, len(values))])
            gap += hull - values[n]
        print(f"{name:28s} plan {searched.score:4d}  envelope gap at its counts {gap:5.1f}", flush=True)
    return 0


def minis(first: dt.date, days: int, iterations: int) -> int:
    from generator.daily.mini import choose_mini

    gaps = []
    print(f"{'city':10s} {'date':10s} {'max':>4s} {'walk':>5s} {'gap':>4s} {'walk s':>7s}", flush=True)
    for offset in range(days):
        day = first + dt.timedelta(days=offset)
        for city in ("brugge", "antwerpen"):
            chosen = choose_mini(city, day, workers=1)
            if chosen is None:
                continue
            puzzle, proof, _ = chosen
            started = time.monotonic()
            result = walk_bound(Facts(puzzle), iterations=iterations, floor=proof.score)
            seconds = time.monotonic() - started
            gap = result.bound - proof.score
            if gap < 0:
                raise AssertionError(f"the walk bound {result.bound} is below the proven maximum {proof.score}: {city} {day}")
            gaps.append(gap)
            print(f"{city:10s} {day} {proof.score:4d} {result.bound:5d} {gap:4d} {seconds:7.1f}", flush=True)
    print(f"{len(gaps)} minis: bound − proven maximum from {min(gaps)} to {max(gaps)}, median {statistics.median(gaps)}; "
          f"the walk bound alone proves {sum(1 for g in gaps if g == 0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
