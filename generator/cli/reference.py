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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Imported here so that `citytrip --help` does not load reportlab.
    from generator.render.reference import render_reference
    from generator.render.reference_template import load_reference

    with template_to_print(args, "reference", load_reference) as (template, size, out):
        finish(args, render_reference(template, size, out))
    return 0
