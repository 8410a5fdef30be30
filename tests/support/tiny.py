"""Builders for rules tests: puzzles on the tiny test city with chosen open faces."""

from __future__ import annotations

from pathlib import Path

from generator.data.puzzles import puzzle_from_data
from generator.rules.sheet import Sheet
from generator.rules.notation import parse_turn

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny"

# Default open faces: L = plan 3 / photo 2 / visit 2, R = eat 2 / souvenir 2 / plan 3.
DEFAULT_FACES = (["plan 3", "photo 2", "visit 2"], ["eat 2", "souvenir 2", "plan 3"])


def make_puzzle(faces=(), mode="basic", directions=1, start=1, assignments=(), turns=15, target=None):
    """A tiny-city puzzle whose first turns show `faces` [(left, right), …], then the defaults."""
    listed = list(faces) + [DEFAULT_FACES] * (turns - len(faces))
    data = {
        "map": str(TINY),
        "mode": mode,
        "directions": directions,
        "start": start,
        "turns": [{"left": list(l), "right": list(r)} for l, r in listed],
    }
    if assignments:
        data["assignments"] = list(assignments)
    if target is not None:
        data["target"] = target
    return puzzle_from_data(data, source="test puzzle")


def turn(text: str):
    """A Turn from one notation line without its number: "L1 L2 a:A2 @B2"."""
    return parse_turn("1. " + text)[1]


def play(puzzle, *lines: str) -> Sheet:
    game = Sheet(puzzle)
    for line in lines:
        game.play(turn(line))
    return game


def rules_broken(game: Sheet, line: str) -> set[str]:
    return {v.rule for v in game.check(turn(line))}


