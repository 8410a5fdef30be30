"""`citytrip reference --game citytrip|bruges|bigcity [--lang nl]`: print the player aid cards to PDF.

The cards come from templates/reference/<game>.yaml, four to a page; their texts are translated on
loading (generator/messages.py), so the template is loaded within the language.
"""

from __future__ import annotations

import argparse

from generator.cli.print_options import add_print_options, finish, template_to_print


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "reference",
        help="print reference cards / player aids (PDF)",
        description="Print a game's reference cards (player aids), four to a page.",
    )
    add_print_options(parser, "reference")
    parser.add_argument(
        "--base-url", metavar="URL",
        help="the address of the site that `citytrip site` built (like https://example.org/citytrip): a Citytrip "
             "aid then carries QR codes to the city's table page and levels page (default: no QR codes)")
    parser.set_defaults(func=run)


def _check_base_url(args: argparse.Namespace):
    """--base-url is for the aid of a city (citytrip's brugge and antwerpen): checked before anything is written."""

    def check(template) -> None:
        from generator.daily.addresses import checked_base_url
        from generator.errors import UsageError

        if args.base_url is None:
            return
        checked_base_url(args.base_url)
        if template.city is None:
            raise UsageError(f"--base-url points to a city's pages on the site, and the {template.game} aid "
                             f"({template.variant}) has no city: use it with --game citytrip")

    return check


def run(args: argparse.Namespace) -> int:
    # Imported here so that `citytrip --help` does not load reportlab.
    from generator.render.reference import render_reference
    from generator.daily.addresses import site_base_url
    from generator.render.reference_template import load_reference

    with template_to_print(args, "reference", load_reference, _check_base_url(args)) as (template, size, out):
        finish(args, render_reference(template, size, out, site_base_url(args.base_url, template.city or "")))
    return 0
