"""`citytrip levels`: how often each solo level is won, by an honest player and by the solver."""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from generator.cli.common import city_argument
from generator.cli.ranges import number
from generator.cluster import checked_address
from generator.errors import UsageError
from generator.files import write_text

# CP-SAT's deterministic seconds per deal that no cheaper witness won and the bound did not refute:
# 60 won 27 of the 29 deals the 2026-12-01 reports had left unknown, 27-58 s a deal here in all
# (docs/calibration.md, "Rerun with CP-SAT on its deterministic clock").
CP_SAT_WORK = 60.0

DECK_SIZES = [16, 20]  # the solo game's two decks (docs/rules.md, "Solo levels")


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
    parser.add_argument("--shuffles", type=number("shuffles"), default=200, help="shuffles per level for the honest player (default 200)")
    parser.add_argument("--solver-shuffles", type=number("solver-shuffles"), default=0, help="shuffles per level for the solver (default 0)")
    parser.add_argument("--lns-work", type=number("lns-work"), default=None, metavar="W",
                        help="deterministic work of the large-neighbourhood search after the honest and planner witnesses "
                        "lose (about seconds of one core; default 10); 0 skips it")
    parser.add_argument("--cp-sat-work", type=number("cp-sat-work"), default=None, metavar="W",
                        help="seconds of CP-SAT's deterministic clock per deal after the other witnesses: one worker, "
                        f"the same outcome on every machine (default {CP_SAT_WORK:g}); 0 skips CP-SAT")
    parser.add_argument("--time-limit", type=number("time-limit", off="no CP-SAT"), default=None, metavar="S",
                        help="run CP-SAT on S seconds of the wall clock instead (its outcome then depends on the "
                        "machine and its load); 0 skips CP-SAT")
    parser.add_argument("--levels", default=None, help="levels to run, e.g. 1-5,15 (default all)")
    parser.add_argument("--workers", type=number("workers"), default=2, help="parallel processes (default 2)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="run the jobs on a Dask cluster: a scheduler address like tcp://host:8786, or local:N "
                        "for N worker processes on this machine (docs/cluster.md); the log and report are the same")
    parser.add_argument("--out", default="output/levels", help="folder for the CSV, chart and outcome log (default output/levels, in the current folder)")
    parser.add_argument(
        "--log", help="outcome log, one JSON line per finished job (default OUT/levels-CITY.jsonl); jobs it already "
        "holds with unchanged code and level data are not run again",
    )
    parser.add_argument("--fresh", action="store_true", help="start the outcome log over instead of reusing it")
    parser.set_defaults(func=run)


def cp_sat_budget(time_limit: float | None, cp_sat_work: float | None) -> tuple[float, float]:
    """The jobs' (time_limit, cp_sat_work): CP-SAT's deterministic clock unless only --time-limit
    was given (the wall clock, or 0 to skip CP-SAT as the older reports did)."""
    if cp_sat_work is None:
        return (time_limit, 0.0) if time_limit is not None else (0.0, CP_SAT_WORK)
    return (time_limit or 0.0), cp_sat_work


def number_list(text: str | None, known: list[int], what: str) -> list[int]:
    """`--levels 1-5,15` or `--cards 16,20` as a sorted list; None (not given) means all of `known`."""
    if text is None:
        return known
    chosen: set[int] = set()
    for part in text.split(","):
        # ASCII digits only (str.isdigit() takes "²", which int() refuses), and both ends of a range
        # checked before the range is built: "1-99999999999" would fill the memory.
        match = re.fullmatch(r"\s*([0-9]{1,6})\s*(?:-\s*([0-9]{1,6})\s*)?", part)
        if not match:
            raise UsageError(f"--{what} {text[:40]!r}: expected numbers and ranges like 1-5,15")
        low, high = int(match[1]), int(match[2] or match[1])
        for end in (low, high):
            if end not in known:
                raise UsageError(f"--{what} {text[:40]}: expected {one_of(known)}, not {end}")
        if high < low:
            raise UsageError(f"--{what}: the range {low}-{high} runs backwards")
        chosen.update(range(low, high + 1))
    unknown = sorted(chosen - set(known))
    if unknown:
        raise UsageError(f"--{what} {text[:40]}: expected {one_of(known)}, not {unknown[0]}")
    return sorted(chosen)


def one_of(known: list[int]) -> str:
    """The values a list option takes, as a reader says them: "1 to 15", "16 or 20"."""
    if known == list(range(known[0], known[-1] + 1)) and len(known) > 2:
        return f"{known[0]} to {known[-1]}"
    return ", ".join(map(str, known[:-1])) + f" or {known[-1]}" if len(known) > 1 else str(known[0])


def run(args: argparse.Namespace) -> int:
    from generator.cli.progress import counter
    from generator.levels.report import ladder_problems, rates, to_csv, to_text
    from generator.levels.outcome_log import append, read_log
    from generator.levels.sweep import LNS_WORK, Effort, jobs_for, run_jobs

    city = city_argument(args.city)
    cards = number_list(args.cards, DECK_SIZES, "cards")
    levels = number_list(args.levels, sorted(city.levels), "levels")
    lns_work = LNS_WORK if args.lns_work is None else args.lns_work
    time_limit, cp_sat_work = cp_sat_budget(args.time_limit, args.cp_sat_work)
    cluster = checked_address(args.cluster) if args.cluster is not None else None
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    jobs = jobs_for(city.key, levels, cards, args.shuffles, args.solver_shuffles, Effort(time_limit, lns_work, cp_sat_work))
    stem = f"levels-{Path(city.key).name}"
    log_path = Path(args.log) if args.log else out / f"{stem}.jsonl"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    if args.fresh and log_path.exists():
        log_path.unlink()
    done = read_log(log_path, jobs)
    if done:
        print(f"reusing {len(done)} of {len(jobs)} jobs from {log_path}", file=sys.stderr)
    started = time.monotonic()
    # Each finished job goes to the log at once, so Ctrl-C loses only the running ones.
    with counter(len(jobs), "job", "levels", done=len(done)) as bar, log_path.open("a", encoding="utf-8") as log:
        outcomes = list(run_jobs(jobs, args.workers, lambda finished, total: bar.update(finished - bar.n), done,
                                 lambda job, result: append(log, job, result), cluster))
    table = rates(outcomes)
    csv_path = out / f"{stem}.csv"
    write_text(csv_path, to_csv(table))
    print(to_text(table))
    from generator.render.chart import render_chart
    from generator.render.preview import preview_path, write_preview

    chart = render_chart(table, f"Citytrip {city.name}: solo level win rates", out / f"{stem}.pdf")
    png = write_preview(chart, preview_path(chart))
    reused = f" ({len(done)} reused from the log)" if done else ""
    where = f"on the cluster {cluster}" if cluster else f"with {args.workers} worker(s)"
    print(f"\n{len(jobs)} jobs{reused} in {time.monotonic() - started:.0f} s {where}")
    ladder = (min(city.levels), max(city.levels))
    if levels != sorted(city.levels):
        print(f"ladder checked over the levels run ({', '.join(map(str, levels))}): its first level is held to "
              f"70 % only if level {ladder[0]} ran, its last to 15 % only if level {ladder[1]} ran")
    for problem in ladder_problems(table, ladder):
        print(f"ladder: {problem}")
    print(f"wrote {csv_path}, {chart}, {png}, {log_path}")
    return 0
