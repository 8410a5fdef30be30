"""The taps a player makes to write a plan on the puzzle page, found with the page's own game
(generator/browser/game.py in Python): used by tests/web/test_game.py and, tap for tap, by the
browser tests and benchmarks/site.py.

A player taps a turn as the paper writes it: the boxes, end a's walk, end b's walk, the goals as
listed, the bonus actions last, then Next. The page takes a turn in any order and judges it whole
at Next (RULINGS R9b), so this one order writes every legal turn; each tap is checked as taken.
"""

from __future__ import annotations

import json
from typing import Any

from generator.browser.game import Game
from generator.browser.puzzle_json import puzzle_to_json
from generator.rules.plan import Plan, Turn
from generator.rules.puzzle import Puzzle

# ("box", "L1"), ("end", 0), ("step", "C10"), ("goal", "B10", goal or None), ("bonus", 2, "plan"), ("next",)
Tap = tuple[Any, ...]


def new_game(puzzle: Puzzle, par: int = 100) -> Game:
    page = {"title": "Citytrip test puzzle", "par": par, "code": "CT2/TEST"}
    return Game.from_json(json.dumps({"puzzle": puzzle_to_json(puzzle), "page": page}))


def apply(game: Game, tap: Tap) -> dict:
    """One tap on the game; its view (with "message" set when the tap was refused)."""
    kind, *args = tap
    if kind == "goal":
        at, goal = args
        view = json.loads(game.tap_node(at))
        return json.loads(game.choose_goal(at, goal)) if goal is not None and view["message"] is None else view
    method = {"box": "tap_box", "end": "select_end", "step": "tap_node", "bonus": "use_bonus", "next": "next_turn"}[kind]
    return json.loads(getattr(game, method)(*args))


def judged(taps: list[Tap]) -> list[tuple[Tap, bool]]:
    """Each tap with whether the page must have taken it: a box followed by another box is not
    judged (two boxes of a hunted triple that do not touch wait for the third)."""
    return [(tap, not (tap[0] == "box" and after[0] == "box")) for tap, after in zip(taps, [*taps[1:], ("next",)])]


def plan_taps(puzzle: Puzzle, plan: Plan) -> list[list[Tap]]:
    """Each turn's taps in paper order, ending with ("next",); AssertionError when the page refuses
    one of them (a box followed by another box is not judged: two ends of a hunted triple wait)."""
    game = new_game(puzzle)
    result = []
    for number, turn in enumerate(plan.turns, start=1):
        taps = turn_taps(turn)
        for tap, must_take in judged(taps):
            message = apply(game, tap)["message"]
            assert message is None or not must_take, f"turn {number}: {tap} was refused: {message}"
        result.append(taps)
    return result


def turn_taps(turn: Turn) -> list[Tap]:
    """The taps that write `turn` as the paper does."""
    taps: list[Tap] = [("box", box) for box in turn.boxes]
    for end in (0, 1):
        for at in turn.moves[end]:
            taps += [("end", end), ("step", str(at))]
    taps += [("goal", str(claim.at), claim.goal) for claim in turn.goals]
    taps += [("bonus", use.value, use.action.value) for use in turn.bonus]
    return taps + [("next",)]
