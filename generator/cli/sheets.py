"""`citytrip sheets --city brugge --mode basic|advanced|both --count 50 [--lang nl]`: a pad of fill-in sheets."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.common import city_argument, language_of
from generator.cli.print_options import DEFAULT_FOLDER, add_base_url_option, add_city_options, city_slug, finish
from generator.cli.ranges import number
from generator.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sheets",
        help="print a pad of fill-in sheets (PDF)",
        description=(
            "Print fill-in sheets for a city: the map, the legend, the score strips and the "
            "appreciation total. --mode both prints the basic sheets, then the advanced ones; "
            "--duplex alternates them so that a double-sided print has the advanced sheet on the "
            "back of each basic one (flip on the long edge). Print at 100 % (actual size)."
        ),
    )
    add_city_options(parser)
    parser.add_argument("--mode", metavar="MODE", help="basic (default), advanced or both (--duplex: both)")
    parser.add_argument("--count", type=number("count"), default=1, metavar="N", help="sheets per mode (default 1)")
    parser.add_argument("--duplex", action="store_true", help="advanced sheet on the back of each basic sheet")
    add_base_url_option(parser)
    parser.add_argument("--out", metavar="PATH",
                        help="the PDF to write (default: output/CITY-sheets-MODE.pdf; in Dutch or French, "
                             "output/CITY-sheets-MODE-nl.pdf or -fr.pdf)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Imported here so that `citytrip --help` does not load reportlab.
    from generator.daily.addresses import site_base_url, table_address
    from generator.language import file_suffix, speaking
    from generator.render.pdf import paper
    from generator.render.sheet import SHEET_MODES, render_sheets

    size = paper(args.paper)
    mode = args.mode or ("both" if args.duplex else "basic")
    if mode not in SHEET_MODES:
        raise UsageError(f"unknown mode {mode!r}: use basic, advanced or both")
    city = city_argument(args.city)
    lang = language_of(args, city)
    if args.out:
        out = Path(args.out)
    else:
        out = DEFAULT_FOLDER / f"{city_slug(city)}-sheets-{'duplex' if args.duplex else mode}{file_suffix(lang)}.pdf"
    if args.duplex and mode != "both":
        raise UsageError("--duplex prints the advanced sheet on the back of the basic one: use it with --mode both")
    base_url = site_base_url(args.base_url, city.key)
    table_url = table_address(base_url, city.key) if base_url else None
    with speaking(lang):
        finish(args, render_sheets(city, mode, args.count, size, out, duplex=args.duplex, table_url=table_url))
    return 0
