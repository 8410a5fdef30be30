"""Replaying a whole plan through the engine: the verdict a player (or the solver) gets."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import IllegalMoveError, Violation
from generator.rules.sheet import Breakdown, Sheet
from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle


@dataclass(frozen=True)
class Report:
    """The outcome of a replay.

    valid: every turn was legal and the plan covers every turn of the puzzle.
    breakdown: the score of the state reached (up to the first illegal turn).
    violations: every rule broken in the first illegal turn (later turns are not checked,
    since they would be played from a position the player never had).
    """

    valid: bool
    turns_played: int
    breakdown: Breakdown
    violations: tuple[Violation, ...]
    sheet: Sheet
    plan: Plan  # the plan that was replayed

    @property
    def score(self) -> int:
        return self.breakdown.total

    @property
    def assignments_complete(self) -> bool:
        return all(self.breakdown.assignments_complete.values())

    def won(self, target: int | None) -> bool | None:
        """Solo win of a valid play (`solo_won`); None without a target."""
        if target is None:
            return None
        return self.valid and solo_won(self.breakdown, target)

    def as_dict(self) -> dict:
        return {
            "valid": self.valid,
            "score": self.score,
            "breakdown": self.breakdown.as_dict(),
            "errors": [v.as_dict() for v in self.violations],
        }


def solo_won(breakdown: Breakdown, target: int | None) -> bool:
    """Solo win: every assignment achieved and the target reached (RULINGS "Solo"); the same rule
    for a replayed plan and for the browser page's finished game."""
    return target is not None and breakdown.total >= target and all(breakdown.assignments_complete.values())


def replay(puzzle: Puzzle, plan: Plan) -> Report:
    sheet = Sheet(puzzle)
    violations: list[Violation] = []
    for turn in plan.turns:
        if sheet.over:
            violations.append(
                Violation(sheet.turn + 1, "R7", f"the plan has {len(plan.turns)} turns, the game only {len(puzzle.turns)}")
            )
            break
        try:
            sheet.play(turn)
        except IllegalMoveError as error:
            violations.extend(error.violations)
            break
    if not violations and not sheet.over:
        violations.append(
            Violation(sheet.turn + 1, "R7", f"the plan stops after {sheet.turn} of {len(puzzle.turns)} turns")
        )
    return Report(not violations, sheet.turn, sheet.score(), tuple(violations), sheet, plan)
