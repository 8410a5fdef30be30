"""`citytrip show PUZZLE [PLAN]`: the map as text, with the plan's path drawn."""

from __future__ import annotations

import argparse

from generator.cli.common import plan_argument, puzzle_argument
from generator.rules.replay import replay
from generator.rules.text import render_map


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "show",
        help="print the map of a puzzle as text, with a plan's path",
        description="Print PUZZLE's map as text (coordinates along the edges, one letter per goal "
        "category) with the start, and the path of PLAN when given (up to its first illegal turn).",
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help="a puzzle YAML file, or a daily puzzle code (CT2/…)")
    parser.add_argument("plan", metavar="PLAN", nargs="?", help="a plan file (YAML or notation)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    puzzle = puzzle_argument(args.puzzle)
    path: list = []
    notes = []
    if args.plan:
        report = replay(puzzle, plan_argument(args.plan))
        path = [node for end in report.sheet.paths for node in end]
        notes = [f"note: {violation}" for violation in report.violations]
    print(render_map(puzzle.city, puzzle.start, path, puzzle.district))
    start = puzzle.start_location
    print(f"\nstart: {start.name} ({start.at}), {puzzle.mode} game, {puzzle.directions} direction(s), {len(puzzle.turns)} turns"
          + (f", the square {puzzle.district}" if puzzle.district else ""))
    for note in notes:
        print(note)
    return 0
