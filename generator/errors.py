"""The few error classes of the project.

Every error a user can cause is a ValueError subclass raised with a message that names what and
where; only the CLI (generator/cli) turns them into a printed paragraph and exit code 2.
"""

from __future__ import annotations

from dataclasses import dataclass


MAX_MESSAGE = 600  # characters of a message; the rest of a long value is of no help to a reader


def shown(value: object, limit: int = 60) -> str:
    """`value` as quoted in a message: its repr, cut to `limit` characters with a note of the rest."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


class CitytripError(ValueError):
    """Base of every user-facing error: bad input, not a bug.

    A message longer than MAX_MESSAGE is cut, so a huge value quoted back never floods the terminal.
    """

    def __init__(self, message: object = "", *args: object) -> None:
        message = str(message)
        if len(message) > MAX_MESSAGE:
            message = f"{message[:MAX_MESSAGE]}… (message cut)"
        super().__init__(message, *args)


class DataError(CitytripError):
    """A data file (map, puzzle, plan, game, template) is malformed or inconsistent.

    The message names the file, the key path inside it and what was expected.
    """

    def __init__(self, file: object, path: str, message: str) -> None:
        self.file = str(file)
        self.path = path
        self.detail = message
        where = f"{self.file}" + (f", at {path}" if path else "")
        super().__init__(f"{where}: {message}")


class UsageError(CitytripError):
    """A command-line option is out of range or names something unknown."""


class IllegalMoveError(CitytripError):
    """A well-formed turn that breaks the rules; carries every violation found in that turn."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = list(violations)
        super().__init__("; ".join(str(v) for v in self.violations))


@dataclass(frozen=True)
class Violation:
    """One broken rule: the turn (0 = setup), the ruling (R1…R17) and what happened."""

    turn: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"turn {self.turn}: {self.rule}: {self.message}"

    def as_dict(self) -> dict:
        return {"turn": self.turn, "rule": self.rule, "message": self.message}
