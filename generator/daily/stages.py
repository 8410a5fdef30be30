"""What a daily job tells the one who runs it while it works: its stages and the best plan so far.

The job only names its stages; showing them is the command's (generator/cli/progress.py): the
terminal belongs to the command line, and a batch's job on a cluster's worker has none. So a
job is handed a `Stages` and, by default, tells nobody (`QUIET`).
"""

from __future__ import annotations

from typing import Protocol


class Stages(Protocol):
    def begin(self, stage: str) -> None:
        """A stage begins: "deal 1" (dealt, then solved), "panel", "bound", "pages", "mini", "mini pages"."""

    def best(self, score: int | None, bound: int | None) -> None:
        """The solver's best plan so far (None before its first) and its bound, when the solver
        reports one while it works (the daily's search does not: its bound comes at the end)."""


class _Quiet:
    def begin(self, stage: str) -> None:
        pass

    def best(self, score: int | None, bound: int | None) -> None:
        pass


QUIET: Stages = _Quiet()
