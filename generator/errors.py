"""The few error classes of the project.

Every error a user can cause is a ValueError subclass raised with a message that names what and
where; only the CLI (generator/cli) turns them into a printed paragraph and exit code 2.
"""


class CitytripError(ValueError):
    """Base of every user-facing error: bad input, not a bug."""


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
