"""`citytrip verify PUZZLE PLAN`: replay a plan through the rules engine and score it."""

from __future__ import annotations

import argparse

from generator.cli.common import plan_argument, print_json, puzzle_argument
from generator.rules.city import Words, city_words
from generator.rules.replay import Report, replay

EXIT_ILLEGAL = 1


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="replay a plan through the rules engine and score it",
        description=(
            "Replay PLAN (YAML or the one-line-per-turn notation, see docs/formats.md) on PUZZLE and "
            "print the score per category, or every rule the first illegal turn breaks. "
            "Exit code 0 for a legal plan, 1 for an illegal one, 2 for unreadable input."
        ),
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help="a puzzle YAML file, or a daily puzzle code (CT2/…)")
    parser.add_argument("plan", metavar="PLAN", help="a plan file (YAML or notation)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    puzzle = puzzle_argument(args.puzzle)
    plan = plan_argument(args.plan)
    report = replay(puzzle, plan)
    if args.json:
        data = report.as_dict()
        data["target"] = puzzle.target
        data["won"] = report.won(puzzle.target)
        print_json(data)
    else:
        print(describe(report, puzzle.target, city_words(puzzle.city)))
    return 0 if report.valid else EXIT_ILLEGAL


def describe(report: Report, target: int | None, words: Words = Words()) -> str:
    """The verdict and the score breakdown, its lines named in the city's `words` (Antwerpen's
    missions, rush actions and rating)."""
    lines = []
    if report.valid:
        lines.append(f"valid plan: {report.turns_played} turns")
    else:
        lines.append(f"illegal plan: {len(report.violations)} rule(s) broken")
        lines.extend(f"  {violation}" for violation in report.violations)
        lines.append(f"score of the {report.turns_played} legal turn(s) before it:")
    breakdown = report.breakdown
    for name, points in breakdown.strips.items():
        note = " (doubled by a restaurant, R13)" if name == "eat" and breakdown.eat_doubled else ""
        lines.append(f"  {name:<12}{points:>5}{note}")
    for ident, points in breakdown.assignments.items():
        done = "complete" if breakdown.assignments_complete[ident] else "not complete"
        lines.append(f"  {words.assignment + ' ' + ident:<12}{points:>5}  {done}")
    lines.append(f"  {words.hunted_actions:<12}{breakdown.hunted:>5}")
    lines.append(f"  {words.appreciation:<12}{breakdown.total:>5}")
    won = report.won(target)
    if won is not None:
        lines.append(f"target {target}: {'won' if won else 'not reached'}")
    return "\n".join(lines)
