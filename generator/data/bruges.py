"""Load a Bruges game file (the final state of a table) and the reputation track's board data.

The file format is in docs/bruges.md. Loading checks the shape (unknown keys, wrong types, missing
keys) here and the rules through generator.bruges.check_game; every problem becomes a DataError
naming the file, the key path (``players[1].statues[2]``) and what was expected. What `load_game`
returns can be scored without further checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from generator.bruges import (
    Canal,
    Game,
    IllegalGameError,
    Person,
    Player,
    Reputation,
    ReputationTrack,
    check_game,
)
from generator.bruges.model import COLOURS, GROUPS, MAJORITIES, SECTIONS
from generator.data.yaml_file import read_yaml
from generator.errors import DataError, shown

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
REPUTATION_FILE = TEMPLATES / "bruges" / "reputation.yaml"

GAME_KEYS = {"game", "notes", "players"}
PLAYER_KEYS = {
    "name", "scoring_track", "houses", "people", "majorities", "canal", "statues", "reputation",
    "guilders", "workers",
}
PLAYER_REQUIRED = {"name", "scoring_track", "houses", "reputation", "guilders", "workers"}
PERSON_KEYS = {"name", "price", "points", "group", "colour", "house", "laurel"}
PERSON_REQUIRED = {"price", "group"}  # a missing house is the rules' "person in no house" error
CANAL_KEYS = set(SECTIONS)
REPUTATION_KEYS = {"step", "points"}
TRACK_KEYS = {"status", "source", "last_step", "points"}


# --- Shape checks: each returns the value or raises a DataError naming the key path ----------------

class _Reader:
    def __init__(self, file: Path) -> None:
        self.file = file

    def fail(self, path: str, message: str) -> DataError:
        return DataError(self.file, path, message)

    def mapping(self, value: Any, path: str, allowed: set[str], required: set[str]) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a mapping with keys {_keys(allowed)}, got {_show(value)}")
        for key in value:
            if key not in allowed:
                raise self.fail(_join(path, key), f"unknown key {shown(key)}; expected one of {_keys(allowed)}")
        for key in sorted(required):
            if key not in value:
                raise self.fail(_join(path, key), f"missing; every entry here needs {_keys(required)}")
        return value

    def list(self, value: Any, path: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {_show(value)}")
        return value

    def integer(self, value: Any, path: str) -> int:
        # bool is an int in Python, and YAML reads `yes` as True: refuse both.
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected a whole number, got {_show(value)}")
        return value

    def text(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected text, got {_show(value)}")
        return value

    def optional(self, entry: dict, key: str, path: str, read: Callable[[Any, str], Any]) -> Any:
        return read(entry[key], _join(path, key)) if entry.get(key) is not None else None


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _keys(keys: set[str]) -> str:
    return ", ".join(sorted(keys))


def _show(value: Any) -> str:
    if value is None:
        return "nothing"
    return f"{type(value).__name__} {shown(value)}" if not isinstance(value, (dict, list)) else type(value).__name__


def _canonical(name: str, names: tuple[str, ...]) -> str:
    """The rulebook's spelling of a group, colour or majority given in any case (else unchanged)."""
    lookup = {n.lower(): n for n in names}
    return lookup.get(name.strip().lower(), name)


# --- The game file -----------------------------------------------------------------------------------

def load_game(file: str | Path, track: ReputationTrack | None = None) -> Game:
    """Read, shape-check and rule-check a game file. `track` defaults to the shipped board data."""
    file = Path(file)
    if track is None:
        track = load_reputation_track()
    return parse_game(read_yaml(file), file=file, track=track)


def parse_game(data: Any, *, file: str | Path, track: ReputationTrack) -> Game:
    """Build and check a Game from parsed YAML; `file` only names the source in messages."""
    reader = _Reader(Path(file))
    top = reader.mapping(data, "", GAME_KEYS, {"players"})
    if "game" in top and top["game"] != "bruges":
        raise reader.fail("game", f"expected 'bruges', got {_show(top['game'])}")
    if "notes" in top:
        reader.text(top["notes"], "notes")
    entries = reader.list(top["players"], "players")
    players = tuple(_player(reader, entry, f"players[{i}]") for i, entry in enumerate(entries))
    game = Game(players=players, track=track)
    try:
        check_game(game)
    except IllegalGameError as error:
        who = f"player {shown(error.player)}: " if error.player else ""
        raise DataError(reader.file, error.path, who + error.detail) from None
    return game


def _player(reader: _Reader, entry: Any, path: str) -> Player:
    entry = reader.mapping(entry, path, PLAYER_KEYS, PLAYER_REQUIRED)
    people = reader.list(entry.get("people"), f"{path}.people")
    majorities = reader.list(entry.get("majorities"), f"{path}.majorities")
    statues = reader.list(entry.get("statues"), f"{path}.statues")
    return Player(
        name=reader.text(entry["name"], f"{path}.name"),
        scoring_track=reader.integer(entry["scoring_track"], f"{path}.scoring_track"),
        houses=reader.integer(entry["houses"], f"{path}.houses"),
        people=tuple(_person(reader, p, f"{path}.people[{i}]") for i, p in enumerate(people)),
        majorities=tuple(
            _canonical(reader.text(m, f"{path}.majorities[{i}]"), MAJORITIES) for i, m in enumerate(majorities)
        ),
        canal=_canal(reader, entry.get("canal"), f"{path}.canal"),
        statues=tuple(reader.integer(s, f"{path}.statues[{i}]") for i, s in enumerate(statues)),
        reputation=_reputation(reader, entry["reputation"], f"{path}.reputation"),
        guilders=reader.integer(entry["guilders"], f"{path}.guilders"),
        workers=reader.integer(entry["workers"], f"{path}.workers"),
    )


def _person(reader: _Reader, entry: Any, path: str) -> Person:
    entry = reader.mapping(entry, path, PERSON_KEYS, PERSON_REQUIRED)
    colour = reader.optional(entry, "colour", path, reader.text)
    return Person(
        price=reader.integer(entry["price"], f"{path}.price"),
        group=_canonical(reader.text(entry["group"], f"{path}.group"), GROUPS),
        house=reader.optional(entry, "house", path, reader.integer),
        name=reader.optional(entry, "name", path, reader.text) or "",
        colour=_canonical(colour, COLOURS) if colour is not None else None,
        points=reader.optional(entry, "points", path, reader.integer),
        laurel=reader.optional(entry, "laurel", path, reader.integer),
    )


def _canal(reader: _Reader, value: Any, path: str) -> Canal:
    if value is None:
        return Canal()
    entry = reader.mapping(value, path, CANAL_KEYS, set())
    sections = {}
    for section in sorted(CANAL_KEYS):
        spaces = reader.list(entry.get(section), f"{path}.{section}")
        sections[section] = tuple(
            reader.integer(space, f"{path}.{section}[{i}]") for i, space in enumerate(spaces)
        )
    return Canal(**sections)


def _reputation(reader: _Reader, value: Any, path: str) -> Reputation:
    entry = reader.mapping(value, path, REPUTATION_KEYS, {"step"})
    return Reputation(
        step=reader.integer(entry["step"], f"{path}.step"),
        points=reader.optional(entry, "points", path, reader.integer),
    )


# --- The board data -----------------------------------------------------------------------------------

def load_reputation_track(file: str | Path = REPUTATION_FILE) -> ReputationTrack:
    """Read the reputation track's points per step (templates/bruges/reputation.yaml)."""
    file = Path(file)
    reader = _Reader(file)
    entry = reader.mapping(read_yaml(file), "", TRACK_KEYS, {"points"})
    if entry.get("status") not in ("to-fill", "board"):
        raise reader.fail("status", f"expected 'to-fill' or 'board', got {_show(entry.get('status'))}")
    if "source" in entry:
        reader.text(entry["source"], "source")
    last = reader.optional(entry, "last_step", "", reader.integer)
    if last is not None and last < 1:
        raise reader.fail("last_step", f"{last}; expected the number of the track's last step (1 or more)")
    raw = entry["points"] if entry["points"] is not None else {}
    if not isinstance(raw, dict):
        raise reader.fail("points", f"expected a mapping of step to points, got {_show(raw)}")
    points: dict[int, int] = {}
    for step, value in raw.items():
        at = f"points.{step}"
        step = reader.integer(step, at)
        if step < 0 or (last is not None and step > last):
            raise reader.fail(at, f"step {step} is not on the track (0 = town hall … last_step)")
        points[step] = reader.integer(value, at)
    if entry["status"] == "board" and last is not None and set(range(1, last + 1)) - set(points):
        missing = min(set(range(1, last + 1)) - set(points))
        raise reader.fail("points", f"status is 'board' but step {missing} has no points")
    return ReputationTrack(points=points, last_step=last)
