"""One verdict: the words every search answers with, and how plans are ranked (issue 57).

"How good is this plan, and can this target be won?" is answered by `solve`, `decide_target`,
the mini's `prove`, `solve --prove` (proof.py) and the level sweep; they all say it with `Status`,
as python-chess says every game's end with one `Outcome`. The values are the words printed by
the CLI and written to `--json` outputs and the level sweep's outcome log (docs/formats.md), so
they are part of the published formats: a member's value never changes.

Standard library only: the level sweep and the CLI read a verdict without loading ortools.
"""

from __future__ import annotations

from enum import Enum

from generator.rules.replay import Report


class Status(str, Enum):
    OPTIMAL = "OPTIMAL"        # the best plan, proven: it meets an upper bound
    FEASIBLE = "FEASIBLE"      # a plan and an upper bound above it: the gap is open
    SOLVABLE = "SOLVABLE"      # a target: a plan the engine replays reaches it with every assignment complete
    UNSOLVABLE = "UNSOLVABLE"  # a target: proven that no plan wins it (a bound below it, or the full model)
    UNKNOWN = "UNKNOWN"        # a target: neither, within the budget
    WON = "WON"                # a game played turn by turn (the level sweep's honest player) won the target
    LOST = "LOST"              # ... and one that did not

    def __str__(self) -> str:
        return self.value

    @property
    def proven(self) -> bool:
        """The answer is a proof: the plan is the best, or the target's fate is decided."""
        return self in (Status.OPTIMAL, Status.SOLVABLE, Status.UNSOLVABLE)

    @property
    def won(self) -> bool:
        """A plan that wins the target was played or found (the engine's `Report.won` said so)."""
        return self in (Status.WON, Status.SOLVABLE)

    @classmethod
    def of_game(cls, report: Report, target: int | None) -> Status:
        """A game played: WON when the engine says it wins the target, else LOST."""
        return cls.WON if report.won(target) else cls.LOST


def rank(report: Report, complete_first: bool = True) -> tuple[int, int]:
    """How near a plan comes to winning, the one ranking of plans: complete assignments first
    (with `complete_first`: a level or a daily is lost with an assignment open, whatever the
    score), then the appreciation; a plan the engine refuses ranks below every legal one."""
    if not report.valid:
        return (-1, -1)
    complete = sum(report.breakdown.assignments_complete.values()) if complete_first else 0
    return (complete, report.score)
