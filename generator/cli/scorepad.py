"""`citytrip scorepad --game citytrip|bruges|bigcity [--players N] [--lang nl]`: print score pads to PDF.

The rows come from templates/scorepad/<game>.yaml, so a new game's pad is a data file; its texts
are translated on loading (generator/messages.py), so the pad is loaded within the language.
"""

from __future__ import annotations

import argparse

from generator.cli.print_options import add_print_options, finish, template_to_print
from generator.cli.ranges import number
from generator.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scorepad",
        help="print score pads (PDF)",
        description="Print a page of score pads, as many as fit, one column per player.",
    )
    add_print_options(parser, "scorepad")
    parser.add_argument("--players", type=int, metavar="N", help="number of player columns (default: the most the game allows)")
    parser.add_argument("--pages", type=number("pages"), default=1, metavar="N", help="number of pages (default 1)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Imported here so that `citytrip --help` does not load reportlab.
    from generator.render.scorepad import render_scorepad
    from generator.render.scorepad_template import load_scorepad

    def players_of(template) -> int:
        players = template.max_players if args.players is None else args.players
        if not template.min_players <= players <= template.max_players:
            raise UsageError(f"--players {players}: {template.title} is played by "
                             f"{template.min_players}–{template.max_players} players")
        return players

    with template_to_print(args, "scorepad", load_scorepad, check=players_of) as (template, size, out):
        finish(args, render_scorepad(template, players_of(template), size, out, pages=args.pages))
    return 0
