"""What every model's read-back shares: goal orders the engine accepts, and the bug it raises.

A solver's plan goes through the rules engine like a player's (replay); when the engine rejects
it or scores it otherwise than the model, that is a bug in the model, never bad input.
"""

from __future__ import annotations

import itertools

from generator.rules.cards import ActionType
from generator.rules.sheet import Sheet
from generator.rules.plan import BonusUse, Turn

MAX_ORDERINGS = 5040  # 7 goals in one turn; no legal plan of the shipped cities needs more


class SolverBug(AssertionError):
    """The solver's plan disagrees with the rules engine: a bug, never bad input."""


def ordered(sheet: Sheet, turn: Turn) -> Turn | None:
    """The turn with its goals in an order the engine accepts (R9: bonuses come mid-turn).

    The models let a bonus earned in a turn pay for any goal of that turn; the engine only for
    goals listed after the one that earned it. None when no order of the goals is legal.
    """
    if sheet.allows(turn):
        return turn
    if not turn.bonus:
        return turn  # order cannot matter; let the replay report the bug
    for count, order in enumerate(itertools.permutations(turn.goals)):
        if count >= MAX_ORDERINGS:
            break
        candidate = Turn(turn.boxes, turn.moves, order, turn.bonus)
        if sheet.allows(candidate):
            return candidate
    return None


def bonus_uses(use: dict, solver, k: int) -> tuple[BonusUse, ...]:
    """Turn k's bonus uses from a solution (R9): goal types first, then plan, each by value.

    `use` maps (turn, value, type) to the model's count variable; `solver` has solved the model.
    """
    bonus = []
    order = sorted(use.items(), key=lambda item: (item[0][2] is ActionType.PLAN, item[0][1], item[0][2].value))
    for (kk, w, action), var in order:
        if kk == k:
            bonus.extend(BonusUse(w, action) for _ in range(solver.Value(var)))
    return tuple(bonus)
