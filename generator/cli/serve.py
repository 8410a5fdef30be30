"""`citytrip serve`: the results service, real players' plays verified by the rules engine
(generator/results, docs/results.md)."""

from __future__ import annotations

import argparse
import re
import socket
import sys
from pathlib import Path

from generator.cli.daily_options import daily_city, daily_work, parse_date
from generator.cli.ranges import number
from generator.errors import UsageError, shown

RUN_FOR_REAL = """\
with the site, on one origin (the page posts to the address it was built with):
  citytrip site --out site --results-url http://127.0.0.1:8000 && citytrip serve --site site

running it for real (docs/results.md):
  - Put a proxy in front (Caddy, nginx) for HTTPS, and keep --host 127.0.0.1: uvicorn takes the
    player's address from the proxy's X-Forwarded-For only when the proxy runs on this machine.
    Give the site's address with --allow-origin https://your.site so its pages may post plays.
  - One SQLite file (the default) serves one machine: with --workers 2 on two cores it took about
    380 verified plays a second (docs/results.md, "Load"). Past one machine, use PostgreSQL:
    --db postgresql://USER:PASSWORD@HOST/DATABASE, and as many `citytrip serve` processes or hosts
    behind the proxy as needed (each keeps its own rate limit).
  - Backups: for SQLite, `sqlite3 results.sqlite ".backup results-copy.sqlite"` while it runs (never
    a plain copy of a file in WAL mode); for PostgreSQL, pg_dump. A play is written before its 201.
  - Each date's daily and mini are solved once by the server (about a minute of work), today's and
    tomorrow's at start; --work must be the work the published dailies were made with.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="the results service: players' plays of the dailies, verified and counted",
        description=(
            "Serve the results API (docs/results.md): POST /api/v1/plays takes a play of a published daily "
            "or mini (code, plan, a random player id), replays it with the rules engine and answers with "
            "the player's standing; GET /api/v1/days/CITY/DATE gives a day's figures, GET "
            "/api/v1/export.csv the counted plays. Needs the serve extra: pip install 'citytrip[serve]'."
        ),
        epilog=RUN_FOR_REAL,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--db", default="results.sqlite", metavar="DB",
                        help="a SQLite file (default: results.sqlite, made when missing) or postgresql://USER@HOST/NAME")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=number("port"), default=8000, help="the port to listen on (default: 8000)")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="a site address whose pages may post plays (CORS), e.g. https://citytrip.example; repeatable")
    parser.add_argument("--site", metavar="DIR", help="also serve this built site (citytrip site --out DIR) at /")
    parser.add_argument("--work", type=number("work"), metavar="W",
                        help="the work of the dailies' par, as given to citytrip daily (default: the daily's, 40)")
    parser.add_argument("--city", action="append", default=[], metavar="C",
                        help="prepare only this city's puzzles ahead (repeatable; default: every shipped city); plays of the others are still taken")
    parser.add_argument("--no-deal-ahead", action="store_true",
                        help="do not solve today's and tomorrow's puzzles at start, only when a play of them arrives")
    parser.add_argument("--plays-per-minute", type=number("plays-per-minute"), default=30, metavar="N",
                        help="plays one address may post a minute (default: 30; 0: no limit, for a load test)")
    parser.add_argument("--workers", type=number("workers"), default=1, metavar="N",
                        help="server processes (default: 1); each keeps its own rate limit and deals the dates ahead")
    parser.add_argument("--today", metavar="DATE",
                        help="the date taken as today, YYYY-MM-DD (default: today's UTC date; for tests)")
    parser.set_defaults(func=run)


ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")


def run(args: argparse.Namespace) -> int:
    for origin in args.allow_origin:
        if not ORIGIN.fullmatch(origin):
            raise UsageError(f"--allow-origin {shown(origin)} is not a site's origin like https://citytrip.example "
                             "(scheme, host and port only, no path or trailing /)")
    if args.site is not None and not Path(args.site).is_dir():
        raise UsageError(f"--site {shown(args.site)} is not a folder (make one with citytrip site --out DIR)")
    today = parse_date(args.today, "--today") if args.today is not None else None
    work = daily_work(args.work)
    cities = tuple(daily_city(c) for c in args.city)
    try:
        from generator.results.app import Settings
        from generator.results.server import serve
    except ImportError as missing:
        raise UsageError(f"citytrip serve needs the serve extra ({missing.name} is missing): "
                         "pip install 'citytrip[serve]'") from None
    with socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((args.host, args.port))
        except OSError as error:
            raise UsageError(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}") from None
    settings = Settings(db=args.db, work=work, plays_per_minute=args.plays_per_minute,
                        allow_origins=tuple(args.allow_origin), site=args.site, deal_ahead=not args.no_deal_ahead,
                        cities=cities, fixed_today=today)
    try:
        app_store_check(settings)
    except Exception as error:  # a database that cannot be reached: its driver's one line
        if type(error).__module__.startswith(("sqlalchemy", "psycopg")):
            raise UsageError(f"--db {shown(args.db)}: cannot open the database: {str(error).splitlines()[0]}") from None
        raise
    print(f"citytrip serve: http://{args.host}:{args.port}{'/' if args.site else '/api/v1/health'} "
          f"(database {args.db}; Ctrl-C stops)", file=sys.stderr, flush=True)
    serve(settings, args.host, args.port, args.workers)
    return 0


def app_store_check(settings) -> None:
    """Open the database once (making its tables) so that a bad --db fails before the server starts."""
    from generator.results.store import Store

    Store(settings.db).close()
