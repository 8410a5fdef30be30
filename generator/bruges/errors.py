"""The one error of the Bruges rules: a final state the rulebook makes impossible."""

from __future__ import annotations

from generator.errors import CitytripError


class IllegalGameError(CitytripError):
    """A well-formed final state that breaks a rule of the English rulebook.

    `path` is the key path of the offending value in the game file's terms
    (``players[1].statues[2]``); `player` is the player's name ('' for table-wide problems).
    """

    def __init__(self, path: str, player: str, message: str) -> None:
        self.path = path
        self.player = player
        self.detail = message
        who = f" (player {player!r})" if player else ""
        super().__init__(f"{path}{who}: {message}")
