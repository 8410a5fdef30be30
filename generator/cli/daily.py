"""`citytrip daily`: today's solo puzzle, its answer key and YAML files (the main job)."""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import sys
from pathlib import Path

from generator.data.cities import shipped_cities
from generator.errors import UsageError
from generator.site.addresses import checked_base_url


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "daily",
        help="write today's solo puzzle, its answer key and YAML files (the main job)",
        description=(
            "Deal the daily solo puzzle of a city (a pure function of city, date and generator version), "
            "solve it, check the answer with the rules engine and write the puzzle sheet PDF, the answer "
            "key PDF, the puzzle YAML and the answer plan YAML into the output folder; then the same four "
            "files for the day's mini, a six-turn puzzle on a 4 x 4 square of the map whose maximum is proven."
        ),
    )
    parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
    parser.add_argument("--city", default="brugge", help="brugge (default) or antwerpen")
    parser.add_argument("--paper", default="a4", help="a4 (default) or letter")
    parser.add_argument(
        "--work", type=float, default=None, metavar="W",
        help="search work per deal, in units of deterministic work of about a second of two cores "
        "(default 40); the answer depends on it, not on the machine: keep it fixed to get the same files",
    )
    parser.add_argument("--no-mini", action="store_true", help="skip the daily mini (its four files)")
    parser.add_argument("--out", default="output", help="folder to write into (default output/)")
    parser.add_argument(
        "--base-url", metavar="URL",
        help="the address of the site that `citytrip site` built (like https://example.org/citytrip): the "
        "printed QR code then opens the puzzle's page, to play and check it on a phone; the code stays "
        "printed under it (default: the QR code holds the code)",
    )
    parser.set_defaults(func=run)


def parse_date(text: str | None) -> dt.date:
    if text is None:
        return dt.date.today()
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--date {text!r} is not a date of the form YYYY-MM-DD") from None
    if not 2000 <= day.year <= 2999:
        raise UsageError(f"--date {text!r}: choose a year from 2000 to 2999")
    return day


def daily_city(text: str) -> str:
    """A city the daily puzzle is dealt for (--city of daily and site)."""
    city = text.strip().lower()
    if city not in shipped_cities():
        raise UsageError(f"unknown city {text!r}: the daily puzzle is dealt for {', '.join(shipped_cities())}")
    return city


def daily_work(value: float | None) -> float:
    """The search work per deal (--work of daily and site), the daily's default when not given."""
    from generator.daily.solving import WORK

    work = WORK if value is None else value
    if not 0.5 <= work <= 3600:
        raise UsageError(f"--work {value:g}: expected 0.5 to 3600")
    return work


def run(args: argparse.Namespace) -> int:
    from generator.daily.job import make_daily
    from generator.daily.solving import solve_daily
    from generator.render.pdf import paper

    day = parse_date(args.date)
    city = daily_city(args.city)
    size = paper(args.paper)
    work = daily_work(args.work)
    base_url = checked_base_url(args.base_url) if args.base_url is not None else None
    try:
        from generator.render.daily import render_daily
    except ImportError:  # the renderer is optional while it is being built
        render_daily = None
    render = functools.partial(render_daily, paper=size.name) if render_daily else None
    daily = make_daily(city, day, Path(args.out), functools.partial(solve_daily, work=work), render, base_url)
    print(summary(daily))
    if not args.no_mini:
        from generator.daily.mini import make_mini

        mini = make_mini(city, day, Path(args.out), render=render, base_url=base_url)
        if mini is None:
            print(f"No daily mini for {day.isoformat()}: no deal's maximum was proven within the budget.", file=sys.stderr)
        else:
            print(mini_summary(mini))
    return 0


def summary(daily) -> str:
    from generator.daily.deal import difficulty

    level = difficulty(daily.day)
    puzzle = daily.puzzle
    if daily.proven:
        par = f"par {daily.par} (proven optimal)"
    else:
        known = "; ".join(p for p in ("best known", daily.certificate, f"the solver's proven bound is {daily.bound}") if p)
        par = f"par {daily.par} ({known})"
    lines = [
        f"Citytrip {puzzle.city.name} daily puzzle for {daily.day.isoformat()} ({level.name}: "
        f"{len(puzzle.turns)} turns, {puzzle.mode} game, {puzzle.directions} direction(s))",
        f"  start: {puzzle.start_location.name} ({puzzle.start})",
        f"  assignments: {', '.join(a.id + ' ' + a.describe() for a in puzzle.assignments) or 'none'}",
        f"  target {puzzle.target}, {par}; the greedy player scores {daily.greedy}",
        f"  code: {daily.code}",
    ]
    return _with_files(lines, daily)


def mini_summary(mini) -> str:
    puzzle = mini.puzzle
    lines = [
        f"Citytrip {puzzle.city.name} daily mini for {mini.day.isoformat()} ({len(puzzle.turns)} turns, "
        f"{puzzle.mode} game, one direction, the square {puzzle.district}; deal {mini.attempt + 1})",
        f"  start: {puzzle.start_location.name} ({puzzle.start})",
        f"  proven maximum {mini.par} (the target); the greedy player scores {mini.greedy}",
        f"  code: {mini.code}",
    ]
    return _with_files(lines, mini)


def _with_files(lines: list[str], daily) -> str:
    page = [f"  page (in the QR code): {daily.address}"] if daily.address else []
    return "\n".join([*lines, *page, *(f"  wrote {path}" for path in daily.files)])
