"""`citytrip site`: the daily puzzles of some dates as a static website, played in the browser."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.common import add_language_option, city_argument, language_of
from generator.cli.daily_options import daily_city, daily_work, dates
from generator.cli.ranges import number
from generator.daily.addresses import checked_base_url, checked_results_url
from generator.data.cities import shipped_cities
from generator.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "site",
        help="a static website: a page per daily puzzle and mini, played and checked in the browser",
        description=(
            "Run the daily job for every date and city asked (the same puzzles, pars and files as "
            "`citytrip daily`) and write a static website: a page per puzzle and per mini, where the "
            "rules engine runs in the browser (Pyodide, from `npm ci`; its start-up restored from a "
            "snapshot made with Node.js), an index by date and city and "
            "a how-to-play page; and per city a table page (a group's game on printed sheets, dealt from a "
            "table code) and a levels page (the solo levels played by taps). Serve the folder with any static web server; no server code, no cookies. "
            "The site is in the --lang language: its pages, the play's messages and the PDFs."
        ),
    )
    parser.add_argument("--out", required=True, help="the folder to write the site into")
    parser.add_argument("--from", dest="first", metavar="DATE", help="first date, YYYY-MM-DD (default: today)")
    parser.add_argument("--to", dest="last", metavar="DATE", help="last date, YYYY-MM-DD (default: the first date)")
    parser.add_argument("--no-dailies", action="store_true",
                        help="no daily puzzles: only each city's table and levels pages (which need no date), the index and how to play")
    parser.add_argument("--city", help="brugge or antwerpen (default: both)")
    parser.add_argument("--base-url", metavar="URL",
                        help="the site's public address: the printed sheets' QR codes then open their pages")
    parser.add_argument("--results-url", metavar="URL",
                        help="where `citytrip serve` answers (e.g. https://results.example.org): a finished daily or "
                             "mini is sent there (its code, the plan and a random id) and the page shows the player's "
                             "standing; without it the pages send nothing")
    parser.add_argument("--work", type=number("work"), default=None, metavar="W",
                        help="the daily's search work per deal (default as `citytrip daily`)")
    parser.add_argument("--paper", default="a4", help="a4 (default) or letter, for the printable PDFs")
    add_language_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.render.pdf import paper
    from generator.site.build import build_site
    from generator.daily.batch import DailyJob, make_date
    from generator.render.daily import render_daily
    from generator.language import speaking

    if args.no_dailies and (args.first or args.last):
        raise UsageError("--no-dailies writes no dates: leave out --from and --to")
    days = [] if args.no_dailies else dates(args.first, args.last)
    cities = list(shipped_cities()) if args.city is None else [daily_city(args.city)]
    lang = language_of(args, city_argument(cities[0]) if len(cities) == 1 else None)
    work = daily_work(args.work)
    size = paper(args.paper).name
    base_url = checked_base_url(args.base_url) if args.base_url is not None else None
    results_url = checked_results_url(args.results_url) if args.results_url is not None else None
    made: list[Path] = []  # every date's puzzle files (YAML and PDFs), which build_site does not list

    def make(city: str, day, folder: Path):
        daily, mini = make_date(DailyJob(city, day, work, size, base_url, with_mini=True, out=str(folder),
                                         render=render_daily, lang=lang), folder)
        made.extend(path for puzzle in (daily, mini) if puzzle is not None for path in puzzle.files)
        return daily, mini

    with speaking(lang):
        written = build_site(Path(args.out), cities, days, make, progress=print, results_url=results_url)
    print(f"Citytrip site: {len(days)} date(s) × {len(cities)} cities in {args.out}; open {Path(args.out) / 'index.html'} "
          f"through a web server (python3 -m http.server -d {args.out}); {len(written) + len(made)} files")
    return 0

