"""What every model's read-back shares: goal orders the engine accepts, and the bug it raises.

A solver's plan goes through the rules engine like a player's (replay); when the engine rejects
it or scores it otherwise than the model, that is a bug in the model, never bad input.
"""

from __future__ import annotations

from generator.rules.cards import ActionType
from generator.rules.sheet import Sheet
from generator.rules.plan import BonusUse, Turn


class SolverBug(AssertionError):
    """The solver's plan disagrees with the rules engine: a bug, never bad input."""


def ordered(sheet: Sheet, turn: Turn) -> Turn | None:
    """The turn when the engine accepts it, else None: the models let a bonus earned in a turn pay
    for anything in that turn, the engine only for what comes after the goal that earns it (R9b).
    The engine finds the order of the turn's events itself, so no order is tried here."""
    if sheet.allows(turn) or not turn.bonus:
        return turn  # without bonus uses the timing cannot be wrong: let the replay report a bug
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
