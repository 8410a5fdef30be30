"""A plan: what a player writes down each turn (boxes, path, goals, bonus actions)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.rules.cards import ActionType
from generator.rules.grid import Coord

ENDS = ("a", "b")  # R6: the path may leave the start in up to two directions


@dataclass(frozen=True)
class GoalClaim:
    """A location achieved this turn; `goal` names the chosen goal of a choice location (R14)."""

    at: Coord
    goal: str | None = None

    def __str__(self) -> str:
        return f"{self.at}={self.goal}" if self.goal else str(self.at)


@dataclass(frozen=True)
class BonusUse:
    """A bonus action of value 1–3 added to one action type chosen this turn (R9)."""

    value: int
    action: ActionType

    def __str__(self) -> str:
        return f"{self.value}{self.action.value}"


@dataclass(frozen=True)
class Turn:
    """One turn of a plan.

    boxes: 2 side-sharing boxes, or 3 for a hunted turn (R8), named L1…R3.
    moves: the nodes entered this turn by end a and by end b, in order (R5, R6).
    goals: the locations achieved this turn (R10), in any order: the engine finds when (R9b).
    bonus: the bonus actions used this turn (R9).
    """

    boxes: tuple[str, ...]
    moves: tuple[tuple[Coord, ...], tuple[Coord, ...]] = ((), ())
    goals: tuple[GoalClaim, ...] = ()
    bonus: tuple[BonusUse, ...] = ()

    @property
    def hunted(self) -> bool:
        return len(self.boxes) == 3

    @property
    def steps(self) -> int:
        return len(self.moves[0]) + len(self.moves[1])


@dataclass(frozen=True)
class Plan:
    turns: tuple[Turn, ...] = field(default_factory=tuple)
