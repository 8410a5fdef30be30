"""The weekday report: how the daily's targets, set from the panel of players, fall by weekday.

Runs the daily job (deal, solve, panel, target: generator/daily/job.py, without the PDFs) for
`--weeks` weeks of dates in both cities and reports per weekday the targets and pars, each panel
player's mean score and wins, and the panel's win share, then checks issue 35's bar: at least
85 % on Monday, 10–30 % on Sunday, no weekday above the one before by more than sampling noise,
and every target reached by at least one player on every date. Every finished date is appended to
a log (`--log`), so a stopped run resumes and `--report-only` rereads it.

`--work` is the large-neighbourhood search's budget for the par (the daily's is 40 units, about a
minute a date; 4 makes the 112 dates of 8 weeks take about half an hour). The targets depend on
the par only where the par caps them, and the deal only where a weak par misses an assignment;
the full model's bound is skipped (the targets never use it).

    python benchmarks/weekdays.py [--from 2026-12-07] [--weeks 8] [--work 4] [--log FILE] [--keep DIR] [--report-only]
    python benchmarks/weekdays.py --report-only --log FILE --results EXPORT.csv

With `--results`, the real players' plays exported by the results service (`citytrip serve`,
docs/results.md) go beside the panel's wins, per weekday and date by date.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import math
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.daily.deal import WEEKDAYS, deal  # noqa: E402
from generator.daily.job import Pages, Par, make_daily  # noqa: E402
from generator.daily.par import solve_daily  # noqa: E402
from generator.data.cities import load_city  # noqa: E402
from generator.players.panel import PANEL  # noqa: E402

CITIES = ("antwerpen", "brugge")
NOISE = 1.64  # a weekday may exceed the one before by this many standard errors of the difference


def run(first: dt.date, weeks: int, work: float, log: Path, keep: Path | None = None) -> None:
    done = {(row["city"], row["day"]) for row in read(log)}
    for offset in range(7 * weeks):
        day = first + dt.timedelta(days=offset)
        for city in CITIES:
            if (city, day.isoformat()) in done:
                continue
            started = time.perf_counter()
            with tempfile.TemporaryDirectory() as folder:
                daily = make_daily(city, day, Pages(Path(folder)), Par(partial(solve_daily, work=work)))
                if keep is not None:  # the puzzle and answer YAML, for benchmarks/paper_order.py
                    keep.mkdir(parents=True, exist_ok=True)
                    for written in daily.files:
                        if written.suffix == ".yaml":
                            (keep / written.name).write_bytes(written.read_bytes())
            target = daily.puzzle.target
            row = {
                "city": city, "day": day.isoformat(), "weekday": day.weekday(), "work": work,
                "par": daily.par, "target": target, "attempt": daily.attempt,
                # Fewer kept than dealt: no deal of the day counted and the first one dropped the
                # assignments its plan or the panel left open (job.choose_deal's fallback).
                "assignments": [a.id for a in daily.puzzle.assignments],
                "dealt": [a.id for a in deal(load_city(city), day, daily.attempt).assignments],
                "players": {r.member.name: {"score": r.score, "complete": r.complete, "wins": r.wins(target)}
                            for r in daily.panel},
                "seconds": round(time.perf_counter() - started, 1),
            }
            with log.open("a") as out:
                out.write(json.dumps(row) + "\n")
            wins = sum(p["wins"] for p in row["players"].values())
            print(f"{city} {day} {WEEKDAYS[day.weekday()].name}: target {target}, par {daily.par}, "
                  f"{wins} of {len(daily.panel)} win ({row['seconds']} s)", flush=True)


def read(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def report(rows: list[dict]) -> tuple[str, bool]:
    names = [m.name for m in PANEL]
    lines = ["| weekday | dates | target (mean) | par (mean) | target / par | "
             + " | ".join(names) + " | panel win share | fewest winners |",
             "|---" * (len(names) + 7) + "|"]
    shares, counts, problems = [], [], []
    for weekday, level in enumerate(WEEKDAYS):
        days = [r for r in rows if r["weekday"] == weekday]
        if not days:
            continue
        cells = []
        for name in names:
            played = [r["players"][name] for r in days if name in r["players"]]
            mean = sum(p["score"] for p in played) / len(played)
            cells.append(f"{mean:.0f}, {sum(p['wins'] for p in played)}/{len(played)}")
        wins = [sum(p["wins"] for p in r["players"].values()) for r in days]
        seats = sum(len(r["players"]) for r in days)
        share = sum(wins) / seats
        shares.append(share)
        counts.append(seats)
        target = sum(r["target"] for r in days) / len(days)
        par = sum(r["par"] for r in days) / len(days)
        lines.append(f"| {level.name} | {len(days)} | {target:.0f} | {par:.0f} | {target / par:.2f} | "
                     + " | ".join(cells) + f" | {share:.0%} | {min(wins)} |")
        if min(wins) < 1:
            problems.append(f"{level.name}: a date no player of the panel wins")
    if shares and shares[0] < 0.85:
        problems.append(f"Monday's win share {shares[0]:.0%} is below 85 %")
    if shares and not 0.10 <= shares[-1] <= 0.30:
        problems.append(f"Sunday's win share {shares[-1]:.0%} is outside 10–30 %")
    for i in range(1, len(shares)):
        p, q, n, m = shares[i - 1], shares[i], counts[i - 1], counts[i]
        noise = NOISE * math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
        if q - p > noise:
            problems.append(f"{WEEKDAYS[i].name}'s share {q:.0%} exceeds {WEEKDAYS[i - 1].name}'s {p:.0%} "
                            f"by more than the noise ({noise:.0%})")
    lines.append("")
    recorded = [r for r in rows if "dealt" in r]
    if recorded:
        dropped = sum(len(r["assignments"]) < len(r["dealt"]) for r in recorded)
        lines.append(f"Dates whose deal dropped assignments no plan completed: {dropped} of {len(recorded)}.")
    lines.append("Each player's cell: mean score, dates won. " + (
        "Issue 35's bar: met." if not problems and len(shares) == 7 else "Issue 35's bar: " + "; ".join(problems or ["not every weekday ran"])))
    return "\n".join(lines), not problems


def people(rows: list[dict], export: Path) -> str:
    """Real players beside the panel: the results service's export (`citytrip serve`,
    GET /api/v1/export.csv, docs/results.md) read for its counted daily plays, joined with the
    report's dates. Per weekday, then date by date: the panel's win share and the people's, with
    how many people played (a share of a handful of plays says little)."""
    played: dict[tuple[str, str], list[bool]] = {}
    with export.open(newline="", encoding="utf-8") as text:
        for play in csv.DictReader(text):
            if play.get("kind") == "daily":
                played.setdefault((play["city"], play["date"]), []).append(play["won"].strip().lower() in ("1", "true"))
    lines = ["| weekday | dates | panel win share | dates with plays | plays | people's win share |",
             "|---|---|---|---|---|---|"]
    for weekday, level in enumerate(WEEKDAYS):
        days = [r for r in rows if r["weekday"] == weekday]
        if not days:
            continue
        seats = sum(len(r["players"]) for r in days)
        panel = sum(p["wins"] for r in days for p in r["players"].values()) / seats
        wins = [won for r in days for won in played.get((r["city"], r["day"]), [])]
        with_plays = sum(1 for r in days if (r["city"], r["day"]) in played)
        share = f"{sum(wins) / len(wins):.0%}" if wins else "–"
        lines.append(f"| {level.name} | {len(days)} | {panel:.0%} | {with_plays} | {len(wins)} | {share} |")
    lines += ["", "| date | city | weekday | target | panel wins | plays | people won |", "|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (r["day"], r["city"])):
        wins = played.get((r["city"], r["day"]))
        if wins:
            panel = sum(p["wins"] for p in r["players"].values())
            lines.append(f"| {r['day']} | {r['city']} | {WEEKDAYS[r['weekday']].name} | {r['target']} | "
                         f"{panel}/{len(r['players'])} | {len(wins)} | {sum(wins)} ({sum(wins) / len(wins):.0%}) |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="first", type=dt.date.fromisoformat, default=dt.date(2026, 12, 7))
    parser.add_argument("--weeks", type=int, default=8)
    parser.add_argument("--work", type=float, default=4.0)
    parser.add_argument("--log", type=Path, default=Path("output/weekdays.jsonl"))
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="also keep each date's puzzle and answer YAML in DIR")
    parser.add_argument("--results", type=Path, metavar="EXPORT.csv",
                        help="with --report-only: real players' win share beside the panel's (citytrip serve's export)")
    args = parser.parse_args()
    args.log.parent.mkdir(parents=True, exist_ok=True)
    if not args.report_only:
        run(args.first, args.weeks, args.work, args.log, args.keep)
    text, met = report(read(args.log))
    print(text)
    if args.results is not None:
        if not args.results.is_file():
            print(f"weekdays.py: --results {args.results}: no such file (citytrip serve's GET /api/v1/export.csv)",
                  file=sys.stderr)
            return 2
        print()
        print(people(read(args.log), args.results))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
