"""`citytrip levels`: how often each solo level is won, by an honest player and by the solver."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.data.cities import load_city
from generator.errors import UsageError

MAX_SHUFFLES = 100_000


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "levels",
        help="win rates of the solo levels over seeded shuffles (honest player and solver)",
        description=(
            "For each solo level of a city, deal N seeded shuffles and count how often an honest player "
            "(who sees only the open faces) wins, and how often the solver with full knowledge of the deck "
            "proves the level winnable (SOLVABLE / UNSOLVABLE / UNKNOWN counted apart). Writes a CSV and a "
            "chart (PDF and PNG) and prints the table."
        ),
    )
    parser.add_argument("--city", default="brugge", help="brugge (default), antwerpen or a city folder")
    parser.add_argument("--cards", default="16", help="16, 20 or 16,20 (default 16)")
    parser.add_argument("--shuffles", type=int, default=200, help="shuffles per level for the honest player (default 200)")
    parser.add_argument("--solver-shuffles", type=int, default=0, help="shuffles per level for the solver (default 0)")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per CP-SAT run after the honest and planner witnesses; 0 skips CP-SAT (default 20)")
    parser.add_argument("--levels", default="", help="levels to run, e.g. 1-5,15 (default all)")
    parser.add_argument("--workers", type=int, default=2, help="parallel processes (default 2)")
    parser.add_argument("--out", default="output/levels", help="folder for the CSV and chart (default output/levels)")
    parser.set_defaults(func=run)


def _numbers(text: str, known: list[int], what: str) -> list[int]:
    if not text:
        return known
    chosen: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        if not low.strip().isdigit() or (high and not high.strip().isdigit()):
            raise UsageError(f"--{what} {text!r}: expected numbers and ranges like 1-5,15")
        chosen.update(range(int(low), int(high or low) + 1))
    unknown = sorted(chosen - set(known))
    if unknown:
        raise UsageError(f"--{what}: {unknown[0]} is not one of {min(known)}–{max(known)}")
    return sorted(chosen)


def run(args: argparse.Namespace) -> int:
    from generator.levels.report import ladder_problems, rates, to_csv, to_text
    from generator.levels.sweep import jobs_for, run_jobs

    city = load_city(args.city)
    cards = _numbers(args.cards, [16, 20], "cards")
    levels = _numbers(args.levels, sorted(city.levels), "levels")
    for name in ("shuffles", "solver_shuffles"):
        value = getattr(args, name)
        if not 0 <= value <= MAX_SHUFFLES:
            raise UsageError(f"--{name.replace('_', '-')} {value}: expected 0 to {MAX_SHUFFLES}")
    if not 1 <= args.workers <= 64:
        raise UsageError(f"--workers {args.workers}: expected 1 to 64")
    if not (args.time_limit == 0 or 0.1 <= args.time_limit <= 3600):
        raise UsageError(f"--time-limit {args.time_limit}: expected 0 (no CP-SAT) or 0.1 to 3600 seconds")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    jobs = jobs_for(city.key, levels, cards, args.shuffles, args.solver_shuffles, args.time_limit)
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty() or done == total:
            bar = "#" * (30 * done // total)
            sys.stderr.write(f"\r[{bar:<30}] {done}/{total} jobs, {time.monotonic() - started:.0f} s")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    outcomes = list(run_jobs(jobs, args.workers, progress)) if jobs else []
    table = rates(outcomes)
    stem = f"levels-{Path(city.key).name}"
    csv_path = out / f"{stem}.csv"
    csv_path.write_text(to_csv(table), encoding="utf-8")
    print(to_text(table))
    from generator.render.chart import render_chart
    from generator.render.preview import preview_path, write_preview

    chart = render_chart(table, f"Citytrip {city.name}: solo level win rates", out / f"{stem}.pdf")
    png = write_preview(chart, preview_path(chart))
    print(f"\n{len(jobs)} jobs in {time.monotonic() - started:.0f} s with {args.workers} worker(s)")
    for problem in ladder_problems(table):
        print(f"ladder: {problem}")
    print(f"wrote {csv_path}, {chart}, {png}")
    return 0
