"""The puzzle code printed (and QR-encoded) on a daily sheet: the puzzle's full description.

A code names the puzzle by its description, not by a seed, so it keeps meaning the same puzzle
when the generator changes (Tatham: "seeds may drift between versions, descriptions do not"):

    CT2/BRUGGE/813EEE/BASIC/2/S12/7A.12B.3A.…/1.02+2.03/T65

version, city, the city data's digest, mode, directions, start card, deck (card + side up),
assignments, target. A daily mini's code starts with CT2M and names its district after the
digest, so the code itself says it is a mini:

    CT2M/ANTWERPEN/D29B70/G9-J12/BASIC/1/S17/6A.9A.14A.8A.12A.5B.2B/-/T11

A description names cards, and a card's contents can change between
releases (the level calibration changes assignment values and locations); the digest
(`data_digest`, as in a puzzle file's `data` line) makes such a code an error instead of another
puzzle. Every character is in QR's alphanumeric set (upper case, digits, / . + -), so the QR code
stays small.
"""

from __future__ import annotations

import re

from generator.data.cities import data_digest, shipped_cities
from generator.browser.table import CODE_PREFIX, MINI_CODE_PREFIX, puzzle_code
from generator.data.puzzles import puzzle_from_data
from generator.errors import UsageError, shown
from generator.rules.puzzle import Puzzle

PREFIX, MINI_PREFIX = CODE_PREFIX, MINI_CODE_PREFIX
OLD_PREFIXES = ("CT1",)  # no digest: which card contents they meant cannot be told
_ASSIGNMENT = re.compile(r"^[1-6]\.[0-9][0-9]$")
_NUMBER = re.compile(r"[0-9]{1,4}")  # ASCII digits only: str.isdigit() also takes "²", which int() refuses
_TARGET = re.compile(r"-?[0-9]{1,3}")  # a mini's proven maximum can be below zero


def looks_like_code(text: str) -> bool:
    return text.strip().upper().startswith(tuple(p + "/" for p in (PREFIX, MINI_PREFIX) + OLD_PREFIXES))


def encode(puzzle: Puzzle) -> str:
    if puzzle.deck is None or puzzle.start_card is None or puzzle.city.key not in shipped_cities():
        raise ValueError("only dealt puzzles of a shipped city with a start card have a code")
    if any(a.is_drawn_starts for a in puzzle.assignments):
        raise ValueError("type 6 assignments are not used in coded puzzles")
    return puzzle_code(puzzle, data_digest(puzzle.city))


def decode(code: str) -> Puzzle:
    """Rebuild the puzzle of a code; UsageError naming the faulty part otherwise."""
    text = code.strip().upper()
    parts = text.split("/")
    if parts[0] in OLD_PREFIXES:
        raise UsageError(
            f"puzzle code {shown(code)} is an older {parts[0]} code, which does not record the card data it was "
            "printed with; the cards have changed since, so it may describe another puzzle. Use the "
            "citytrip version that printed it"
        )
    district = None
    if parts[0] == MINI_PREFIX and len(parts) == 10:
        district = parts.pop(3)
    elif len(parts) != 9 or parts[0] != PREFIX:
        raise UsageError(
            f"puzzle code {shown(code)} is not of the form {PREFIX}/CITY/DATA/MODE/DIRECTIONS/S<start>/<deck>/<assignments>/T<target>"
            f" (a mini's: {MINI_PREFIX}/CITY/DATA/DISTRICT/MODE/…)"
        )
    _, city, digest, mode, directions, start, deck, assignments, target = parts
    if not _NUMBER.fullmatch(directions):
        raise UsageError(f"puzzle code {shown(code)}: directions {shown(directions)} is not 1 or 2")
    if not (start.startswith("S") and _NUMBER.fullmatch(start[1:])):
        raise UsageError(f"puzzle code {shown(code)}: the start {shown(start)} is not S and a card number")
    ids = [] if assignments == "-" else assignments.split("+")
    if any(not _ASSIGNMENT.match(i) for i in ids):
        raise UsageError(f"puzzle code {shown(code)}: assignments {shown(assignments)} are not like 1.02+2.03")
    if target != "-" and not (target.startswith("T") and _TARGET.fullmatch(target[1:])):
        raise UsageError(f"puzzle code {shown(code)}: the target {shown(target)} is not T and a number")
    if city.lower() not in shipped_cities():
        raise UsageError(f"puzzle code {shown(code)}: unknown city {shown(city.lower())} (known: {', '.join(shipped_cities())})")
    data: dict = {
        "map": city.lower(),
        "data": digest,
        "mode": mode.lower(),
        "directions": int(directions),
        "start": int(start[1:]),
        "deck": deck.split("."),
    }
    if ids:
        data["assignments"] = ids
    if district is not None:
        data["district"] = district
    if target != "-":
        data["target"] = int(target[1:])
    return puzzle_from_data(data, source=f"puzzle code {text}")
