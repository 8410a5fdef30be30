"""The taps a player makes to write a plan on the puzzle page, found with the page's own game
(generator/browser/game.py in Python): used by tests/web/test_game.py and, tap for tap, by the
browser tests and benchmarks/site.py.

A player taps the boxes, uses the bonus actions the page offers, walks, then ticks the goals. Two
things make the order matter: a step the turn's actions do not cover yet waits for the goals
already walked through to be ticked and the bonus they earn used, and a bonus earned on one end's
walk may pay for the other end's (the search's plan for Antwerpen, 2026-12-04, turn 9: the first
step of end b earns the 2-walk that end a needs). So each turn is tried with either end first.
"""

from __future__ import annotations

import json
from typing import Any

from generator.browser.game import Game
from generator.browser.puzzle_json import puzzle_to_json
from generator.rules.notation import format_plan
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
    """Each turn's taps, ending with ("next",); AssertionError when the page refuses a turn in
    either order of its ends."""
    return [turn_taps(puzzle, plan.turns[:number], turn) for number, turn in enumerate(plan.turns)]


def turn_taps(puzzle: Puzzle, played: tuple[Turn, ...], turn: Turn) -> list[Tap]:
    problems = []
    for order in ((0, 1), (1, 0)):
        game = new_game(puzzle)
        view = json.loads(game.load_plan(format_plan(Plan(played)))) if played else None
        assert view is None or view["message"] is None, view["message"]
        taps, problem = _write(game, turn, order)
        if problem is None:
            return taps
        problems.append(problem)
    raise AssertionError(f"turn {len(played) + 1}: {problems[0]}")


def _write(game: Game, turn: Turn, order: tuple[int, int]) -> tuple[list[Tap], str | None]:
    taps: list[Tap] = []
    pending = list(turn.bonus)
    goals = list(turn.goals)
    walked: set = set()

    def tap(*what: Any) -> str | None:
        message = apply(game, what)["message"]
        if message is None:
            taps.append(what)
        return message

    def use_bonus() -> None:
        offered = json.loads(game.view())["bonus_options"]
        for use in list(pending):
            if {"value": use.value, "action": use.action.value} in offered and tap("bonus", use.value, use.action.value) is None:
                pending.remove(use)
                offered = json.loads(game.view())["bonus_options"]

    def tick(claim) -> str | None:
        use_bonus()
        problem = tap("goal", str(claim.at), claim.goal)
        goals.remove(claim)
        use_bonus()
        return problem

    message = None
    for box in turn.boxes:
        # Not judged box by box: two boxes of a hunted triple that do not touch are kept with a
        # word on the missing third.
        message = apply(game, ("box", box))["message"]
        taps.append(("box", box))
    if message is not None:
        return taps, f"boxes {' '.join(turn.boxes)} were refused: {message}"
    use_bonus()
    for end in order:
        for at in turn.moves[end]:
            tap("end", end)
            if tap("step", str(at)) is not None:
                for claim in [c for c in goals if c.at in walked]:
                    if (problem := tick(claim)) is not None:
                        return taps, f"goal {claim} was refused: {problem}"
                if (problem := tap("step", str(at))) is not None:
                    return taps, f"step to {at} was refused: {problem}"
            walked.add(at)
    for claim in list(goals):
        if (problem := tick(claim)) is not None:
            return taps, f"goal {claim} was refused: {problem}"
    if pending:
        return taps, f"the page never offered the bonus actions {pending}"
    if (problem := tap("next")) is not None:
        return taps, f"next turn was refused: {problem}"
    return taps, None
