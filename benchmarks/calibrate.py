"""Quick calibration sample of the solo levels: honest win rates and a cheap full-knowledge proxy.

`citytrip levels` is the real measurement (honest player + CP-SAT), but CP-SAT takes seconds to a
minute per puzzle, too slow to try many strip designs. This script plays the same seeded deals
(sweep.level_puzzle, so shuffle k here is shuffle k there) with the honest player and prints, per
level and card count, the win rate, the mean score and how often the assignments were completed.

With --planner it also plays the full-knowledge planner (generator/players/planner.py, the level
sweep's first solver witness) on the deals the honest player lost. A planner win is a legal plan
that wins, so the "witness" rate (honest or planner wins) is what `citytrip levels` reports for
the solver with --time-limit 0, and a lower bound of what it reports with CP-SAT after it.

    .venv/bin/python benchmarks/calibrate.py --city brugge --shuffles 30 --planner --workers 2
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.cli.levels import number_list  # noqa: E402
from generator.data.cities import load_city  # noqa: E402
from generator.errors import CitytripError  # noqa: E402
from generator.levels.report import Rate, ladder_problems  # noqa: E402
from generator.levels.sweep import HONEST, SOLVER, level_puzzle, planner_reports  # noqa: E402
from generator.players import honest  # noqa: E402
from generator.rules.replay import replay  # noqa: E402

@dataclass(frozen=True)
class Sample:
    level: int
    cards: int
    shuffle: int
    score: int
    complete: bool
    won: bool
    witness: bool  # honest or planner won
    seconds: float
    planner_score: int | None = None  # played only where the honest player lost (all with --planner-all)
    planner_complete: bool | None = None
    honest_points: dict | None = None  # assignment id -> points, to try other values offline
    planner_points: dict | None = None


def run_one(args: tuple[str, int, int, int, str]) -> Sample:
    city, level, cards, shuffle, planner = args
    started = time.monotonic()
    puzzle = level_puzzle(city, level, cards, shuffle)
    report = replay(puzzle, honest.honest_plan(puzzle))
    won = bool(report.won(puzzle.target))
    planned = None
    if planner == "all" or (planner == "lost" and not won):
        for planned in planner_reports(puzzle):  # the sweep's witness: its beams until one wins
            if planned.won(puzzle.target):
                break
    return Sample(
        level, cards, shuffle, report.score, report.assignments_complete, won,
        won or bool(planned and planned.won(puzzle.target)), time.monotonic() - started,
        planned.score if planned else None, planned.assignments_complete if planned else None,
        _points(report), _points(planned) if planned else None,
    )


def _points(report) -> dict:
    done = report.breakdown.assignments_complete
    return {k: (v, done.get(k, True)) for k, v in report.breakdown.assignments.items()}


def _rate(city: str, level: int, cards: int, player: str, items: list[Sample], key) -> Rate:
    won = sum(1 for s in items if key(s))
    return Rate(city, level, cards, player, len(items), won, 0, 0, statistics.mean(s.score for s in items), sum(s.seconds for s in items))


def suggest_target(items: list[Sample], rate: float) -> int | None:
    """The highest target that the honest player still reaches, assignments complete, in `rate`
    of these games. The honest policy never looks at the target, so changing it changes no play."""
    scores = sorted((s.score for s in items if s.complete), reverse=True)
    need = max(1, round(rate * len(items)))
    return scores[need - 1] if len(scores) >= need else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--city", default="brugge")
    parser.add_argument("--cards", default="16,20")
    parser.add_argument("--shuffles", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="first shuffle number")
    parser.add_argument("--levels", default="1-15")
    parser.add_argument("--planner", action="store_true", help="play the full-knowledge planner where the honest player lost")
    parser.add_argument("--planner-all", action="store_true", help="play the planner on every deal (for --dump)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--suggest", default="",
        help="wanted honest 16-card win rates per level, e.g. 0.8,0.75,...: print the highest targets that give them",
    )
    parser.add_argument("--dump", type=Path, help="also write every sample as JSON lines (to pick targets offline)")
    args = parser.parse_args()
    try:
        levels = number_list(args.levels, sorted(load_city(args.city).levels), "levels")
        cards = number_list(args.cards, [16, 20], "cards")
    except CitytripError as error:
        parser.error(str(error))
    jobs = [
        (args.city, level, n, s, "all" if args.planner_all else "lost" if args.planner else "")
        for level in levels for n in cards for s in range(args.first, args.first + args.shuffles)
    ]
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        samples = list(pool.map(run_one, jobs, chunksize=2))
    if args.dump:
        args.dump.write_text("".join(json.dumps(dataclasses.asdict(s)) + "\n" for s in samples), encoding="utf-8")
    groups: dict[tuple[int, int], list[Sample]] = defaultdict(list)
    for s in samples:
        groups[(s.level, s.cards)].append(s)
    table = []
    print(f"{'lvl':>3} {'cards':>5} {'win%':>5} {'wit%':>5} {'done%':>5} {'mean':>6} {'p10':>4} {'p90':>4}")
    for (level, n), items in sorted(groups.items()):
        scores = sorted(s.score for s in items)
        print(
            f"{level:>3} {n:>5} {100 * sum(s.won for s in items) / len(items):>5.0f} "
            f"{100 * sum(s.witness for s in items) / len(items):>5.0f} "
            f"{100 * sum(s.complete for s in items) / len(items):>5.0f} {statistics.mean(scores):>6.1f} "
            f"{scores[len(scores) // 10]:>4} {scores[(9 * len(scores)) // 10]:>4}"
        )
        table.append(_rate(args.city, level, n, HONEST, items, lambda s: s.won))
        if args.planner or args.planner_all:
            table.append(_rate(args.city, level, n, SOLVER, items, lambda s: s.witness))
    print(f"{len(jobs)} games in {time.monotonic() - started:.0f} s")
    if args.suggest:
        wanted = [float(x) for x in args.suggest.split(",")]
        for level, rate in zip(levels, wanted):
            print(f"level {level}: target {suggest_target(groups[(level, 16)], rate)} for {rate:.0%} (16 cards)")
    for problem in ladder_problems(table):
        print(f"ladder{' (proxy solver)' if 'solver' in problem else ''}: {problem}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
