"""`citytrip daily`: today's solo puzzle, its answer key and YAML files (the main job)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.cli.common import add_language_option, city_argument, language_of
from generator.cli.daily_options import daily_city, daily_work, dates, parse_date
from generator.cli.ranges import number
from generator.daily.addresses import checked_base_url
from generator.daily.summary import mini_summary, summary
from generator.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "daily",
        help="write today's solo puzzle, its answer key and YAML files (the main job)",
        description=(
            "Deal the daily solo puzzle of a city (a pure function of city, date and generator version), "
            "solve it, check the answer with the rules engine and write the puzzle sheet PDF, the answer "
            "key PDF, the puzzle YAML and the answer plan YAML into the output folder; then the same four "
            "files for the day's mini, a six-turn puzzle on a 4 x 4 square of the map whose maximum is proven. "
            "The PDFs are in the --lang language (their names gain -nl or -fr); the YAML files are the same in "
            "every language."
        ),
    )
    parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
    parser.add_argument("--from", dest="first", metavar="DATE",
                        help="a batch of dates, from this one (YYYY-MM-DD) to --to: every date's files, as single runs write them")
    parser.add_argument("--to", dest="last", metavar="DATE", help="the batch's last date (default: --from)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="run a batch's dates on a Dask cluster: a scheduler address like tcp://host:8786, or "
                        "local:N for N worker processes on this machine (docs/cluster.md)")
    parser.add_argument("--city", default="brugge", help="brugge (default) or antwerpen")
    parser.add_argument("--paper", default="a4", help="a4 (default) or letter")
    parser.add_argument(
        "--work", type=number("work"), default=None, metavar="W",
        help="search work per deal, in units of deterministic work of about a second of two cores "
        "(default 40); the answer depends on it, not on the machine: keep it fixed to get the same files",
    )
    parser.add_argument("--no-mini", action="store_true", help="skip the daily mini (its four files)")
    parser.add_argument("--prove-work", type=number("prove-work"), metavar="W",
                        help="work units for the par's bound (as solve --prove: 50 walk programmes a unit, split by the "
                        "strips' counts; default: the daily's 200 programmes, 4 units); a par that meets it is proven optimal")
    add_language_option(parser)
    parser.add_argument("--out", default="output", help="folder to write into (default output/, in the current folder)")
    parser.add_argument(
        "--base-url", metavar="URL",
        help="the address of the site that `citytrip site` built (like https://example.org/citytrip): the "
        "printed QR code then opens the puzzle's page, to play and check it on a phone; the code stays "
        "printed under it (default: the QR code holds the code)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.render.pdf import paper

    city = daily_city(args.city)
    lang = language_of(args, city_argument(city))
    size = paper(args.paper)
    work = daily_work(args.work)
    base_url = checked_base_url(args.base_url) if args.base_url is not None else None
    if args.first is None:
        if args.last is not None or args.cluster is not None:
            raise UsageError("--to and --cluster go with --from: a batch of dates (one date: --date)")
        return _one_date(parse_date(args.date), city, work, size.name, base_url, lang, args)
    if args.date is not None:
        raise UsageError("give either --date (one date) or --from and --to (a batch of dates), not both")
    return _batch(city, work, size.name, base_url, lang, args)


def _one_date(day, city: str, work: float, paper: str, base_url: str | None, lang: str,
              args: argparse.Namespace) -> int:
    from generator.cli.progress import daily_stages
    from generator.daily.batch import DailyJob, make_date
    from generator.render.daily import render_daily

    job = DailyJob(city, day, work, paper, base_url, with_mini=not args.no_mini, out=str(args.out), render=render_daily,
                   lang=lang, prove_work=args.prove_work)
    with daily_stages(f"daily {day.isoformat()}") as stages:
        daily, mini = make_date(job, Path(args.out), stages)
    print(summary(daily))
    if args.no_mini:
        return 0
    if mini is None:
        print(no_mini_text(day), file=sys.stderr)
    else:
        print(mini_summary(mini))
    return 0


def _batch(city: str, work: float, paper: str, base_url: str | None, lang: str, args: argparse.Namespace) -> int:
    """Every date of --from … --to: in this process one after another, or on a Dask cluster. Each
    date's files are written as soon as it is done, all of them or none (so Ctrl-C keeps the
    dates already made); the summaries follow in date order."""
    from generator.cli.progress import counter
    from generator.cluster import checked_address
    from generator.daily.batch import DailyJob, made_dates
    from generator.files import one_run
    from generator.render.daily import render_daily

    cluster = checked_address(args.cluster) if args.cluster is not None else None
    days = dates(args.first, args.last)
    jobs = [DailyJob(city, day, work, paper, base_url, with_mini=not args.no_mini, out=str(args.out), render=render_daily,
                     lang=lang, prove_work=args.prove_work) for day in days]
    made = {}
    with counter(len(jobs), "date", "daily") as bar:
        for result in made_dates(jobs, cluster):
            with one_run():
                result.write(Path(args.out))
            made[result.job.day] = result
            bar.update()
    for day in days:
        result = made[day]
        print(result.summary)
        if result.job.with_mini and result.mini_summary is None:
            print(no_mini_text(day), file=sys.stderr)
        elif result.mini_summary is not None:
            print(result.mini_summary)
    return 0


def no_mini_text(day) -> str:
    return f"No daily mini for {day.isoformat()}: no deal's maximum was proven within the budget."


