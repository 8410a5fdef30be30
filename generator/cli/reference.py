"""`citytrip reference --game citytrip|bruges|bigcity [--lang nl]`: print the player aid cards to PDF.

The cards come from templates/reference/<game>.yaml, four to a page; their texts are translated on
loading (generator/messages.py), so the template is loaded within the language.
"""

from __future__ import annotations

import argparse

from generator.cli.print_options import add_print_options, finish, output_path, template_language
from generator.language import speaking


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
    from generator.render.pdf import paper
    from generator.render.reference import render_reference
    from generator.render.reference_template import load_reference
    from generator.render.template import template_file

    size = paper(args.paper)
    file = template_file("reference", args.game)
    template = load_reference(file, args.variant)
    lang = template_language(args, template)
    out = output_path(args, "reference", template.game, template.variant, template.variants[0], lang)
    with speaking(lang):
        template = load_reference(file, args.variant)  # its texts, now in the players' language
        finish(args, render_reference(template, size, out))
    return 0
