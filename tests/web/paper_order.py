"""A turn tapped into the page's game as the paper writes it (issue 54): the boxes, end a's walk,
end b's walk, the goals as listed, the bonus uses last, then Next. Used by tests/web/test_game.py,
tests/web/test_browser.py (the same taps in Chromium) and benchmarks/paper_order.py.

`tapped_as_written` plays a whole plan that way, each turn on a game that has played the plan's
turns before it, and reports per turn whether a tap was refused and whether the page's verdict at
Next is the engine's (`Sheet.check`): a legal turn must go through, an illegal one must be refused
at Next (never played).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from generator.browser.game import Game
from generator.rules.notation import format_plan
from generator.rules.plan import Plan, Turn
from generator.rules.puzzle import Puzzle
from taps import Tap, new_game, turn_taps
from taps import apply as tap

def paper_taps(turn: Turn, reverse_goals: bool = False) -> list[Tap]:
    """The taps that write `turn` in the order of the paper (the goals backwards if asked)."""
    if reverse_goals:
        turn = Turn(turn.boxes, turn.moves, tuple(reversed(turn.goals)), turn.bonus)
    return turn_taps(turn)


@dataclass
class Outcome:
    number: int
    engine_legal: bool  # Sheet.check finds no problem
    refused_tap: tuple[Tap, str] | None  # the first tap before Next the page refused, and why
    played: bool  # Next played the turn
    message: str | None  # the page's word at Next

    @property
    def agrees(self) -> bool:
        """The page takes every tap of a legal turn and plays it; an illegal one is not played."""
        if self.engine_legal:
            return self.refused_tap is None and self.played
        return not self.played

    def describe(self) -> str:
        if self.refused_tap is not None:
            return f"tap {self.refused_tap[0]} refused: {self.refused_tap[1]}"
        return f"engine {'accepts' if self.engine_legal else 'refuses'}, page {'played' if self.played else 'refused'}: {self.message}"


def write_turn(game: Game, turn: Turn, reverse_goals: bool = False) -> Outcome:
    """Tap `turn` into `game` in paper order; the game is left after the turn (played or not)."""
    number = game.sheet.turn + 1
    legal = not game.sheet.check(turn)
    refused = None
    taps = paper_taps(turn, reverse_goals)
    for index, one in enumerate(taps[:-1]):
        view = tap(game, one)
        waiting = one[0] == "box" and taps[index + 1][0] == "box"  # two ends of a hunted triple wait
        if view["message"] is not None and not waiting and refused is None:
            refused = (one, view["message"])
    view = tap(game, ("next",))
    return Outcome(number, legal, refused, view["message"] is None, view["message"])


def tapped_as_written(puzzle: Puzzle, plan: Plan, reverse_goals: bool = False) -> list[Outcome]:
    """Each turn of `plan` tapped in paper order on a fresh game that has played the turns before it,
    up to the first turn the engine refuses (the rest has no position to be tapped on)."""
    outcomes = []
    for number, turn in enumerate(plan.turns):
        game = new_game(puzzle)
        if number:
            assert json.loads(game.load_plan(format_plan(Plan(plan.turns[:number]))))["message"] is None
        outcomes.append(write_turn(game, turn, reverse_goals))
        if not outcomes[-1].engine_legal:
            break
    return outcomes
