"""`citytrip cards --city brugge [--lang nl]`: start, action and assignment cards, 9 to a page, and a duplex test."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.common import city_argument, language_of
from generator.cli.print_options import add_city_options, city_slug, finish, output_folder, parse_offset


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "cards",
        help="print the game cards (PDF)",
        description=(
            "Print a city's 23 start cards, 20 double-sided action cards and 44 assignment cards "
            "(63 × 88 mm, 9 to a page, crop marks in the margin), and a one-sheet duplex alignment "
            "test. Print the action cards double-sided, flipped on the long edge, at 100 %; if the "
            "backs are shifted, measure the shift with the alignment test and pass --back-offset-mm."
        ),
    )
    add_city_options(parser)
    parser.add_argument("--back-offset-mm", metavar="X,Y",
                        help="shift the back pages by X mm right and Y mm up (from the alignment test)")
    parser.add_argument("--out", metavar="FOLDER",
                        help="the folder to write into (default: output/CITY/); the files' names end in -nl or -fr "
                             "in Dutch or French")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.language import speaking
    from generator.render.pdf import paper

    size = paper(args.paper)
    offset_mm = parse_offset(args.back_offset_mm)
    city = city_argument(args.city)
    folder = output_folder(args.out, city)
    with speaking(language_of(args, city)):
        for pdf in write_cards(city, size, folder, offset_mm):
            finish(args, pdf)
    return 0


def write_cards(city, size, folder: Path, offset_mm: tuple[float, float]) -> list[Path]:
    """The four card PDFs of `city` in `folder`, the action card backs shifted by `offset_mm`, in
    the language in use (named as the kit names them: brugge-start-cards-nl.pdf)."""
    from generator.render.card_alignment import render_alignment_test
    from generator.render.cards import render_action_cards, render_assignment_cards, render_start_cards
    from generator.render.kit import kit_file

    slug = city_slug(city)
    return [
        render_start_cards(city, size, folder / kit_file(slug, "start-cards")),
        render_action_cards(city, size, folder / kit_file(slug, "action-cards"), offset_mm),
        render_assignment_cards(city, size, folder / kit_file(slug, "assignment-cards")),
        render_alignment_test(city, size, folder / kit_file(slug, "card-alignment"), offset_mm),
    ]
