"""Load a Bruges game file (the final state of a table) and the reputation track's board data.

The file format is in docs/bruges.md. Loading checks the shape (unknown keys, wrong types, missing
keys) here, walking the document with generator.data.reader.Field (an optional key left empty counts
as not given), and the rules through generator.bruges.check_game; every problem becomes a DataError
naming the file, the key path (``players[1].statues[2]``) and what was expected. What `load_game`
returns can be scored without further checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
from generator.data.reader import Field, type_name
from generator.data.yaml_file import read_yaml
from generator.errors import DataError, shown
from generator.resources import shipped

TEMPLATES = shipped("templates")
REPUTATION_FILE = TEMPLATES / "bruges" / "reputation.yaml"

# The keys of each mapping: required first, then optional (in the order messages list them).
GAME_KEYS = (("players",), ("game", "notes"))
PLAYER_KEYS = (
    ("name", "scoring_track", "houses", "reputation", "guilders", "workers"),
    ("people", "majorities", "canal", "statues"),
)
# A person without a house is the rules' "person in no house" error, not a shape error.
PERSON_KEYS = (("price", "group"), ("name", "points", "colour", "house", "laurel"))
REPUTATION_KEYS = (("step",), ("points",))
TRACK_KEYS = (("status", "points"), ("source", "last_step"))


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
    top = Field(file, data).mapping(*GAME_KEYS)
    if "game" in top:
        top["game"].choice(("bruges",))
    top.at("notes", "").text(empty=True)
    players = tuple(_player(entry) for entry in top.at("players", []).items())
    game = Game(players=players, track=track)
    try:
        check_game(game)
    except IllegalGameError as error:
        who = f"player {shown(error.player)}: " if error.player else ""
        raise DataError(file, error.path, who + error.detail) from None
    return game


def _text(field: Field) -> str:
    """Text as written, blank allowed (the rules check names; groups and colours are looked up)."""
    return field.text(empty=True)


def _player(field: Field) -> Player:
    entry = field.mapping(*PLAYER_KEYS)
    return Player(
        name=_text(entry["name"]),
        scoring_track=entry["scoring_track"].integer(),
        houses=entry["houses"].integer(),
        people=tuple(_person(person) for person in entry.at("people", []).items()),
        majorities=tuple(_canonical(_text(m), MAJORITIES) for m in entry.at("majorities", []).items()),
        canal=_canal(entry.at("canal", {})),
        statues=tuple(statue.integer() for statue in entry.at("statues", []).items()),
        reputation=_reputation(entry["reputation"]),
        guilders=entry["guilders"].integer(),
        workers=entry["workers"].integer(),
    )


def _person(field: Field) -> Person:
    entry = field.mapping(*PERSON_KEYS)
    colour = entry.at("colour").maybe(_text)
    return Person(
        price=entry["price"].integer(),
        group=_canonical(_text(entry["group"]), GROUPS),
        house=entry.at("house").maybe(Field.integer),
        name=_text(entry.at("name", "")),
        colour=_canonical(colour, COLOURS) if colour is not None else None,
        points=entry.at("points").maybe(Field.integer),
        laurel=entry.at("laurel").maybe(Field.integer),
    )


def _canal(field: Field) -> Canal:
    entry = field.mapping(optional=SECTIONS)
    return Canal(**{
        section: tuple(space.integer() for space in entry.at(section, []).items()) for section in SECTIONS
    })


def _reputation(field: Field) -> Reputation:
    entry = field.mapping(*REPUTATION_KEYS)
    return Reputation(step=entry["step"].integer(), points=entry.at("points").maybe(Field.integer))


# --- The board data -----------------------------------------------------------------------------------

def load_reputation_track(file: str | Path = REPUTATION_FILE) -> ReputationTrack:
    """Read the reputation track's points per step (templates/bruges/reputation.yaml)."""
    top = Field.read(file).mapping(*TRACK_KEYS)
    status = top["status"].choice(("to-fill", "board"))
    top.at("source", "").text(empty=True)
    last = top.at("last_step").maybe(lambda field: field.integer(low=1))
    table = top.at("points", {})
    if not isinstance(table.value, dict):
        raise table.fail(f"expected a mapping of step to points, found {type_name(table.value)}")
    points: dict[int, int] = {}
    for step_field, value in table.pairs():
        step = step_field.integer()
        if step < 0 or (last is not None and step > last):
            raise step_field.fail(f"step {step} is not on the track (0 = town hall … last_step)")
        points[step] = value.integer()
    if status == "board" and last is not None and set(range(1, last + 1)) - set(points):
        missing = min(set(range(1, last + 1)) - set(points))
        raise top["points"].fail(f"status is 'board' but step {missing} has no points")
    return ReputationTrack(points=points, last_step=last)
