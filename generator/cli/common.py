"""Helpers shared by the subcommands: loading the puzzle/plan arguments, JSON output."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from generator.data.cities import load_city
from generator.data.puzzles import load_plan, load_puzzle
from generator.rules.city import City
from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle


def city_argument(name: str) -> City:
    """A city by name or folder (--city), loaded and checked for print: every text it prints fits
    its room on every printable in every language (generator/render/text_room.py), so that no
    command accepts a city that another command cannot print."""
    from generator.render.text_room import check_text_room

    city = load_city(name)
    check_text_room(city)
    return city


def puzzle_argument(text: str) -> Puzzle:
    """A puzzle file path, or a daily puzzle code (CT2/…) as printed under the sheet's QR code;
    its city checked for print as `city_argument` checks one."""
    from generator.daily.code import decode, looks_like_code
    from generator.render.text_room import check_text_room

    puzzle = decode(text) if looks_like_code(text) and not Path(text).exists() else load_puzzle(Path(text))
    check_text_room(puzzle.city)
    return puzzle


def plan_argument(text: str) -> Plan:
    return load_plan(Path(text))


def print_json(data: object) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def add_language_option(parser) -> None:
    """--lang, on every command that writes for players."""
    parser.add_argument(
        "--lang", metavar="LANG",
        help="the players' language: en (English), nl (Dutch) or fr (French); default: the city's own, else English",
    )


def language_of(args, city=None) -> str:
    """--lang, checked; else the city's own default language (its data may name one); else English."""
    from generator.language import DEFAULT, check_language

    if getattr(args, "lang", None):
        return check_language(args.lang)
    return getattr(city, "language", None) or DEFAULT
