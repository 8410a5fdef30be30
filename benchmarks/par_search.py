"""The daily's par search on the 34 benchmark puzzles, at a chosen work (run by hand, not a timed test).

    .venv/bin/python benchmarks/par_search.py --work 200 --out benchmarks/par_work200.json
    .venv/bin/python benchmarks/par_search.py --work 40 --against benchmarks/par_work200.json

Each puzzle of benchmarks/solver.py (20 seeded, 14 dailies) is searched exactly as `citytrip daily`
sets a par (generator.daily.par.solve_daily: complete assignments first, no full model, two
workers, the daily's seed unless `--seed` asks another, to measure how far a par depends on it),
at `--work` units of deterministic work. The plan is replayed by the rules engine and stored
with its score and certificate (no better plan changes at most that many consecutive turns), so a
later comparison stands after the search's code has changed (issue 58 compares the daily's par
with five times the work of the code before it).

`--out FILE` adds each puzzle's row to FILE as soon as it is found, and skips the puzzles FILE holds
already, so a long run can be stopped and resumed. `--against FILE` prints each puzzle's score as a
share of FILE's, with the median and the lowest; the plans of FILE are replayed first, so a stored
plan the engine now refuses, or scores otherwise than stored, is reported, not compared
(par_compare.stored_scores).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))  # solver.py's beam baseline

from generator.daily.par import SEED  # noqa: E402
from generator.rules.notation import format_plan  # noqa: E402
from generator.rules.replay import replay  # noqa: E402
from par_compare import stored_scores  # noqa: E402
from solver import all_puzzles, named  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=float, default=40.0, help="units of deterministic work (the daily's is 40)")
    parser.add_argument("--only", default="", help="comma-separated name prefixes of the puzzles to run (default all)")
    parser.add_argument("--out", metavar="FILE", help="add each row to this JSON file; skip the puzzles it holds")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the search's seed (default the daily's, {SEED})")
    parser.add_argument("--against", metavar="FILE", help="compare each score with this file's")
    args = parser.parse_args()
    if not 0 < args.work <= 10_000:
        parser.error(f"--work: {args.work:g} is not between 0 and 10,000 units")
    if not 0 <= args.seed < 2**31:
        parser.error(f"--seed: {args.seed} is not between 0 and 2147483647")
    from generator.daily.par import solve_daily

    puzzles = all_puzzles(Path(tempfile.mkdtemp(prefix="citytrip-par-")))
    chosen = named(puzzles, args.only)
    out = Path(args.out) if args.out else None
    rows = json.loads(out.read_text(encoding="utf-8")) if out and out.exists() else []
    done = {row["puzzle"] for row in rows}
    against = stored_scores(Path(args.against), dict(puzzles)) if args.against else {}
    print(f"{'puzzle':<28}{'par':>5}{'cert':>5}{'sec':>6}" + (f"{'other':>7}{'share':>7}" if against else ""))
    shares = []
    for name, puzzle in chosen:
        if name in done:
            continue
        started = time.monotonic()
        solution = solve_daily(puzzle, work=args.work, seed=args.seed)
        score = replay(puzzle, solution.plan).score
        row = {"puzzle": name, "work": args.work, "seed": args.seed, "score": score, "certificate": solution.window,
               "seconds": round(time.monotonic() - started, 1), "plan": format_plan(solution.plan)}
        line = f"{name:<28}{score:>5}{_show(solution.window):>5}{row['seconds']:>6.0f}"
        other = against.get(name)
        if other:
            shares.append(score / other)
            line += f"{other:>7}{score / other:>7.3f}"
        print(line, flush=True)
        if out:
            rows.append(row)
            out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    if shares:
        print(f"share of {args.against}: median {statistics.median(shares):.3f}, lowest {min(shares):.3f}"
              f" on {len(shares)} puzzles")
    return 0


def _show(value) -> str:
    return "–" if value is None else str(value)


if __name__ == "__main__":
    sys.exit(main())
