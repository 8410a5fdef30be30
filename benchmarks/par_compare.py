"""Stored par searches side by side (run by hand): how far one search's pars are from another's.

    .venv/bin/python benchmarks/par_compare.py benchmarks/par_work200.json benchmarks/par_work40.json …

Each FILE is a run of benchmarks/par_search.py --out (its plans, scores and certificates). Every
stored plan is replayed by the rules engine first: a plan the engine refuses, or that now scores
otherwise than stored, is named on stderr and left out. The table has one row per puzzle that the
first file holds and one column per file; under it, each other file's score as a share of the
first file's on the puzzles both hold: the median, the lowest, how many reach 97 % and 99 %, and
the points in all (issue 58 asks the daily's par for 0.99 at the median and 0.97 on every
puzzle of five times the work).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))  # solver.py's beam baseline

from generator.errors import CitytripError  # noqa: E402
from generator.rules.notation import parse_plan  # noqa: E402
from generator.rules.replay import replay  # noqa: E402
from solver import all_puzzles  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="runs of par_search.py --out; the first is the yardstick")
    parser.add_argument("--markdown", action="store_true", help="the table as Markdown (for docs/solver.md)")
    args = parser.parse_args()
    if len(args.files) < 2:
        parser.error("give at least two files: the first is the yardstick, the others are compared with it")
    puzzles = dict(all_puzzles(Path(tempfile.mkdtemp(prefix="citytrip-compare-"))))
    try:
        runs = [stored_scores(path, puzzles) for path in args.files]
    except (OSError, ValueError, KeyError) as error:
        parser.exit(2, f"{parser.prog}: cannot read the runs: {error}\n")
    names = [name for name in puzzles if name in runs[0]]
    if args.markdown:
        print("| puzzle | " + " | ".join(path.stem for path in args.files) + " |")
        print("|---" * (len(args.files) + 1) + "|")
        for name in names:
            print(f"| {name} | " + " | ".join(str(run.get(name, "–")) for run in runs) + " |")
    else:
        print(f"{'puzzle':<28}" + "".join(f"{path.stem[-14:]:>16}" for path in args.files))
        for name in names:
            print(f"{name:<28}" + "".join(f"{run[name] if name in run else '–':>16}" for run in runs))
    for path, run in zip(args.files[1:], runs[1:]):
        common = [name for name in names if name in run]
        shares = [run[name] / runs[0][name] for name in common]
        if not shares:
            print(f"{path.name}: no puzzle in common with {args.files[0].name}")
            continue
        print(f"{path.name} against {args.files[0].name} on {len(shares)} puzzles: median {statistics.median(shares):.3f}, "
              f"lowest {min(shares):.3f}, {sum(s >= 0.97 for s in shares)} at 97 % or more, "
              f"{sum(s >= 0.99 for s in shares)} at 99 % or more, {sum(s > 1 for s in shares)} above; "
              f"{sum(run[name] for name in common):,} points against {sum(runs[0][name] for name in common):,}")
    return 0


def stored_scores(path: Path, puzzles: dict) -> dict[str, int]:
    """The engine's score of each stored plan of a par_search.py run, by puzzle name; a plan the
    engine refuses, or scores otherwise than stored, is named on stderr and left out (par_search.py
    --against reads its yardstick with this too)."""
    result = {}
    for row in json.loads(path.read_text(encoding="utf-8")):
        puzzle = puzzles.get(row["puzzle"])
        if puzzle is None:
            print(f"{path.name}: {row['puzzle']} is not a benchmark puzzle", file=sys.stderr)
            continue
        try:
            score = replay(puzzle, parse_plan(row["plan"])).score
        except CitytripError as error:
            print(f"{path.name}: {row['puzzle']}: the stored plan is refused: {error}", file=sys.stderr)
            continue
        if score != row["score"]:
            print(f"{path.name}: {row['puzzle']}: the stored plan now scores {score}, not {row['score']}", file=sys.stderr)
            continue
        result[row["puzzle"]] = score
    return result


if __name__ == "__main__":
    sys.exit(main())
