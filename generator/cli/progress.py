"""How far long work has got, on the terminal: one display for every command (tqdm).

Everything here goes to stderr, and only when stderr is a terminal: a log file, a pipe, CI and the
tests (which capture stderr) get none of it, and stdout (summaries, JSON) never does. Work with a
known total (levels' jobs, a batch's dates) gets a bar with the time left; work without one (a
solve, a daily's stages) a status line that is cleared when the work ends, so that what the
command prints next starts on a clean line.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
from typing import Callable, Iterator

from tqdm import tqdm

from generator.daily.stages import QUIET, Stages


def on_terminal() -> bool:
    return sys.stderr.isatty()


def counter(total: int, unit: str, what: str, done: int = 0) -> tqdm:
    """A bar of `total` things (`unit`: job, date), `done` of them already, with the time left;
    the bar stays on screen when closed. A no-op off a terminal."""
    return tqdm(total=total, initial=done, unit=unit, desc=what, file=sys.stderr, disable=not on_terminal(),
                **_screen())


class _StatusLine:
    """One line of text that changes, with the time since it began."""

    def __init__(self, title: str) -> None:
        self._title = title
        self._line = tqdm(total=None, bar_format="{desc} ({elapsed})", desc=title, file=sys.stderr, leave=False,
                          **_screen())

    def show(self, text: str) -> None:
        self._line.set_description_str(f"{self._title}: {text}")

    def close(self) -> None:
        self._line.close()


@contextlib.contextmanager
def status_line(title: str) -> Iterator[Callable[[str], None] | None]:
    """A status line's `show`, or None off a terminal (show nothing, compute nothing to show)."""
    if not on_terminal():
        yield None
        return
    line = _StatusLine(title)
    try:
        yield line.show
    finally:
        line.close()


@contextlib.contextmanager
def solver_progress() -> Iterator[Callable | None]:
    """A callback for the solver's progress (its best plan and bound, generator/solver/full_model.py)
    that shows them on a status line; None off a terminal."""
    with status_line("solve") as show:
        yield None if show is None else (lambda found: show(f"best {_number(found.best)}  bound {_number(found.bound)}"))


@contextlib.contextmanager
def proof_progress() -> Iterator[Callable | None]:
    """A callback for `solve --prove`'s progress (its stage, best plan, bound and work,
    generator/solver/proof.py) that shows them on a status line; None off a terminal."""
    with status_line("prove") as show:
        yield None if show is None else (lambda found: show(_proof_line(found)))


def _proof_line(found) -> str:
    gap = f"{(found.bound - found.best) / abs(found.best):.1%}" if found.best and found.bound is not None else "–"
    return (f"{found.stage}  best {_number(found.best)}  bound {_number(found.bound)}  gap {gap}  "
            f"nodes {found.nodes}  work {found.work:.1f}")


class _StageLine:
    """A daily job's stages (generator/daily/stages.py) on a status line, with the best plan so far."""

    def __init__(self, show: Callable[[str], None]) -> None:
        self._show = show
        self._stage = ""
        self._best: int | None = None

    def begin(self, stage: str) -> None:
        self._stage, self._best = stage, None
        self._show(stage)

    def best(self, score: int | None, bound: int | None) -> None:
        # A report without a plan (a bound alone) keeps the best plan shown so far.
        self._best = self._best if score is None else score
        found = f"best plan {_number(self._best)}" + ("" if bound is None else f", bound {bound}")
        self._show(f"{self._stage}, solving: {found}")


@contextlib.contextmanager
def daily_stages(title: str) -> Iterator[Stages]:
    """The stages to hand a daily job: shown on a status line, or QUIET off a terminal."""
    with status_line(title) as show:
        yield QUIET if show is None else _StageLine(show)


def _screen() -> dict[str, int]:
    """The terminal's size, 80 × 24 when it reports none: on a pseudo-terminal of size 0 × 0
    (`script`, some containers) tqdm would draw nothing."""
    size = shutil.get_terminal_size()
    return {"ncols": size.columns, "nrows": size.lines}


def _number(value: int | None) -> str:
    return "–" if value is None else str(value)
