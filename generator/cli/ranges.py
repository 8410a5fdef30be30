"""The numeric options of every command: one table of their ranges and units, checked at the door.

An option named here means the same thing, with the same limits and the same words, in every
command that takes it: `--workers` is 1 to 64 processes in solve, levels and serve alike, and a
refusal always reads "--workers 0: expected a whole number from 1 to 64 processes". Commands pass
`number(name)` as the option's argparse `type=`, so the value is checked once, while the arguments
are read, before anything is loaded or written (the CLI turns argparse's errors into the same
one paragraph and exit code 2 as every other bad input, generator/cli/__init__.py).
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass
from typing import Callable

from generator.errors import shown

WORK_UNIT = "units of work (a unit is about a second of two cores)"


@dataclass(frozen=True)
class Range:
    low: float
    high: float
    unit: str  # what the number counts, in the plural, as a message says it after the range
    whole: bool = False  # an int option: 2.5 workers is refused, not rounded

    def words(self, off: str | None = None) -> str:
        """`1 to 64 processes`, `0 (no CP-SAT) or 0.1 to 86,400 seconds` with an `off` value."""
        kind = "a whole number from " if self.whole else ""
        zero = f"0 ({off}) or " if off else ""
        return f"{zero}{kind}{_figure(self.low)} to {_figure(self.high)} {self.unit}".rstrip()


# The options, by the name after `--`. A command whose 0 switches a stage off (levels' --time-limit
# skips CP-SAT) says so with `number(name, off=...)`; the range itself is the same everywhere.
RANGES = {
    "workers": Range(1, 64, "processes", whole=True),
    "seed": Range(0, 2**31 - 1, "", whole=True),  # OR-Tools takes 32-bit seeds
    "time-limit": Range(0.1, 86400, "seconds"),  # a day of the wall clock
    # The search's work (solve, the daily's par, the site's and the server's dailies): below half a
    # unit the daily's search has not left its first plans; a day of work is the most anyone waits.
    "work": Range(0.5, 86400, WORK_UNIT),
    # The par's bound (daily --prove-work), for each date of a batch: at least the daily's own bound,
    # 4 units (200 walk programmes), at most an hour.
    "prove-work": Range(4, 3600, WORK_UNIT),
    "lns-work": Range(0, 3600, WORK_UNIT),  # per deal of a level sweep: 0 skips the search
    "cp-sat-work": Range(0, 3600, "seconds of CP-SAT's deterministic clock"),  # 0 skips CP-SAT
    "target": Range(0, 999, "points of appreciation", whole=True),
    "walk-bound": Range(0, 10000, "walk programmes", whole=True),  # 0 leaves the bound out
    "shuffles": Range(0, 100_000, "shuffles", whole=True),
    "solver-shuffles": Range(0, 100_000, "shuffles", whole=True),
    "count": Range(1, 1000, "sheets", whole=True),
    "pages": Range(1, 100, "pages", whole=True),
    "port": Range(1, 65535, "", whole=True),
    "plays-per-minute": Range(0, 1_000_000, "plays (0: no limit)", whole=True),
}

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")  # ASCII digits only: int() would also take "٣", "1_0" and 5,000 digits
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def number(name: str, off: str | None = None) -> Callable[[str], float | int]:
    """The argparse `type=` of `--name`: its text as an int (a whole-number option) or a float,
    within RANGES[name], else an error worded from the table. With `off`, 0 is also taken, and
    the message says what it does."""
    allowed = RANGES[name]

    def parse(text: str) -> float | int:
        pattern = _WHOLE if allowed.whole else _DECIMAL
        value = (int if allowed.whole else float)(text) if pattern.fullmatch(text.strip()) else math.nan
        if not (allowed.low <= value <= allowed.high or (off and value == 0)):
            given = text if len(text) <= 40 and text.isprintable() else shown(text, 40)
            raise argparse.ArgumentTypeError(f"--{name} {given}: expected {allowed.words(off)}")
        return value

    parse.__name__ = name  # argparse names the type in its own messages
    return parse


def _figure(value: float) -> str:
    """1, 0.5, 86,400, 2,147,483,647: as a reader writes a limit."""
    return f"{int(value):,}" if value == int(value) else f"{value:g}"
