"""`citytrip score bruges GAME.yaml [--variant fr] [--json]`: settle a final scoring by the rules.

Loads the final state (generator.data.bruges, which checks it against the English rulebook),
scores it (generator.bruges) and prints a table of points per category and player, the totals and
the winner(s), or the same as JSON.
"""

from __future__ import annotations

import argparse
import json

from generator.bruges import GameScore, Variant, score_game
from generator.bruges.scoring import CATEGORIES, FR_CATEGORIES, LABELS, TIEBREAK_LABELS
from generator.errors import UsageError, shown

GAMES = ("bruges",)  # the games with a final-score calculator


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "score",
        help="check and total a game's final scoring",
        description="Check a final game state against the rulebook and total its final scoring.",
    )
    # Game and variant are checked here rather than with argparse `choices`, so that a wrong one is
    # the same one-paragraph error and exit code 2 as every other bad input.
    parser.add_argument("game", metavar="GAME", help="the game: " + ", ".join(GAMES))
    parser.add_argument("file", metavar="FILE", help="the game file (YAML, see docs/bruges.md)")
    parser.add_argument(
        "--variant", default=Variant.EN.value, metavar="VARIANT",
        help="en: the English rulebook (default); fr: the French summary's scoring (ruling B1)",
    )
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.game not in GAMES:
        raise UsageError(f"unknown game {shown(args.game)}; score knows {', '.join(GAMES)}")
    try:
        variant = Variant(args.variant)
    except ValueError:
        raise UsageError(
            f"unknown variant {shown(args.variant)}; expected {' or '.join(v.value for v in Variant)}"
        ) from None
    # Imported here: the loader needs PyYAML, which `citytrip --help` should not have to import.
    from generator.data.bruges import load_game

    result = score_game(load_game(args.file), variant)
    print(json.dumps(as_json(result), indent=2, ensure_ascii=False) if args.json else format_table(result))
    return 0


def as_json(result: GameScore) -> dict:
    return {
        "variant": result.variant.value,
        "players": [
            {"name": s.name, "points": s.as_dict(), "total": s.total, "tiebreak": s.tiebreak}
            for s in result.players
        ],
        "winners": list(result.winners),
    }


def format_table(result: GameScore) -> str:
    """Categories down, players across, like the score pad."""
    categories = FR_CATEGORIES if result.variant is Variant.FR else CATEGORIES
    rows = [("", *[s.name for s in result.players])]
    rows += [(LABELS[c], *[str(s.as_dict()[c]) for s in result.players]) for c in categories]
    rows.append(("total", *[str(s.total) for s in result.players]))
    rows.append((f"tie-break: {TIEBREAK_LABELS[result.variant]}", *[str(s.tiebreak) for s in result.players]))
    label_width = max(len(row[0]) for row in rows)
    widths = [max(len(row[i]) for row in rows) for i in range(1, len(rows[0]))]
    lines = []
    for number, row in enumerate(rows):
        cells = [cell.rjust(width) for cell, width in zip(row[1:], widths)]
        lines.append("  ".join([row[0].ljust(label_width), *cells]).rstrip())
        if number in (0, len(categories)):  # rules under the names and above the total
            lines.append("-" * len(lines[-1] if number else lines[0]))
    title = "Bruges final scoring, " + (
        "French summary variant (B1)" if result.variant is Variant.FR else "English rulebook"
    )
    won = " and ".join(result.winners)
    verdict = f"Winner: {won}" if len(result.winners) == 1 else f"Shared victory: {won}"
    return "\n".join([title, "", *lines, "", verdict])
