"""`citytrip kit --city brugge [--lang nl]`: the whole print-and-play set of a city in output/<city>/."""

from __future__ import annotations

import argparse

from generator.cli.common import city_argument, language_of
from generator.cli.print_options import (add_base_url_option, add_city_options, city_slug, finish, output_folder,
                                         parse_offset)
from generator.cli.ranges import number


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "kit",
        help="print the whole print-and-play set of a city (PDFs)",
        description=(
            "Write every PDF a game night needs into output/CITY/: basic and advanced fill-in "
            "sheets, start, action and assignment cards, the card alignment test, the score pad and "
            "the player aid, with a README.txt on how to print them. In Dutch or French (--lang) the "
            "files' names end in -nl or -fr, so the kits of three languages share the folder. With "
            "--base-url the sheets carry a QR code to the city's table page and the player aid's level "
            "table one to its levels page, both on the site that `citytrip site` builds."
        ),
    )
    add_city_options(parser)
    parser.add_argument("--count", type=number("count"), default=50, metavar="N", help="fill-in sheets per mode (default 50)")
    parser.add_argument("--back-offset-mm", metavar="X,Y", help="shift the action card backs (see citytrip cards)")
    parser.add_argument("--out", metavar="FOLDER", help="the folder to write into (default: output/CITY/)")
    add_base_url_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.daily.addresses import site_base_url
    from generator.language import speaking
    from generator.render.kit import KitOptions, write_kit
    from generator.render.pdf import paper

    size = paper(args.paper)
    offset_mm = parse_offset(args.back_offset_mm)
    city = city_argument(args.city)
    base_url = site_base_url(args.base_url, city.key)
    folder = output_folder(args.out, city)
    with speaking(language_of(args, city)):
        for pdf in write_kit(city, city_slug(city), size, folder, KitOptions(args.count, offset_mm, base_url)):
            finish(args, pdf)
    return 0
