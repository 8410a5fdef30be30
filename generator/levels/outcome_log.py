"""The level sweep's outcome log: one JSON line per finished job, written while the run goes.

A sweep at the issue's size runs for an hour or more. The log lets it be watched (`tail -f`) and,
when stopped halfway or rerun after a change to one level's data, resumed: a logged job is reused
only when the fingerprint of everything that decides its outcome is unchanged — the code of the
engine, players, solver and sweep, the city's map, rules and cards, the level's line and its
assignment cards. Changing level 10's cards therefore reruns level 10 alone. The fingerprint
cannot see the machine, so CP-SAT outcomes on the wall clock (--time-limit) are reused as they
were logged, whatever the load was then; on its deterministic clock (--cp-sat-work) they are the
same on any machine, like the honest player's and the planner's.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from pathlib import Path
from typing import IO, Iterable

from generator.data.cities import city_folder
from generator.data.yaml_file import read_text, read_yaml
from generator.errors import DataError, shown
from generator.files import write_text
from generator.levels.sweep import Job, Outcome
from generator.solver.verdict import Status

PACKAGE = Path(__file__).resolve().parents[1]
# What decides a job's outcome: the sweep (deals, witnesses) and everything it calls.
CODE = ("rules", "players", "solver", "data", "levels/sweep.py")
CITY_FILES = ("map.yaml", "rules.yaml", "cards.yaml")  # assignments and levels: only the level's own


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    digest = hashlib.sha256()
    for part in CODE:
        path = PACKAGE / part
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(file.relative_to(PACKAGE).as_posix().encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


@functools.lru_cache(maxsize=256)
def fingerprint(city: str, level: int) -> str:
    """The fingerprint of one level's jobs (any deck size, shuffle or player). Cached: every log
    line asks it, and finding the folder and hashing its files once per level is enough."""
    _, root = city_folder(city)
    digest = hashlib.sha256(code_fingerprint().encode())
    for name in CITY_FILES:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    # The loader has validated these files, so the level and its cards are there.
    spec = next(entry for entry in read_yaml(root / "levels.yaml")["levels"] if entry["level"] == level)
    cards = {entry["id"]: entry for entry in read_yaml(root / "assignments.yaml")["assignments"]}
    used = [cards[str(card)] for card in spec["assignments"]]
    digest.update(json.dumps([spec, used], sort_keys=True, default=str).encode())
    return digest.hexdigest()


def _record(job: Job, outcomes: tuple[Outcome, ...]) -> str:
    return json.dumps({
        "fingerprint": fingerprint(job.city, job.level),
        "job": dataclasses.asdict(job),
        "outcomes": [
            {**dataclasses.asdict(o), "job": dataclasses.asdict(o.job)} for o in outcomes
        ],
    }, sort_keys=True)


START_OVER = "delete the file or pass --fresh to start the log over"
MAX_LOG_BYTES = 500_000_000  # a sweep of 100,000 jobs logs about 50 MB
STATUSES = (Status.WON, Status.LOST, Status.SOLVABLE, Status.UNSOLVABLE, Status.UNKNOWN)  # what a sweep's outcome says
_NUMBER = (int, float)
_JOB_FIELDS = {"city": str, "level": int, "cards": int, "shuffle": int, "player": str,
               "time_limit": _NUMBER, "honest_too": bool, "lns_work": _NUMBER, "cp_sat_work": _NUMBER}
_OUTCOME_FIELDS = {"job": dict, "status": str, "score": (int, type(None)), "seconds": _NUMBER, "witness": str}


def read_log(path: Path, jobs: Iterable[Job]) -> dict[Job, tuple[Outcome, ...]]:
    """The logged outcomes of those `jobs` whose fingerprint still matches. A last line cut short
    (the run was killed while writing it) is dropped from the file, so appending goes on cleanly.
    Any other damage is a DataError that says how to start over."""
    if not path.exists():
        return {}
    try:
        text = read_text(path, limit=MAX_LOG_BYTES)
    except DataError as error:
        raise DataError(path, "", f"{error.detail}; {START_OVER}") from None
    wanted = set(jobs)
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        write_text(path, text)
    found: dict[Job, tuple[Outcome, ...]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        try:
            job, outcomes, stamp = _parse_line(line)
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            raise DataError(
                path, f"line {number}",
                f"not a level sweep outcome ({shown(str(error), 120)}); {START_OVER}",
            ) from None
        if job in wanted and stamp == fingerprint(job.city, job.level):
            found[job] = outcomes
    return found


def _parse_line(line: str) -> tuple[Job, tuple[Outcome, ...], str]:
    data = json.loads(line)
    if not isinstance(data, dict) or not isinstance(data.get("fingerprint"), str):
        raise ValueError("no fingerprint")
    job = Job(**_checked(data["job"], _JOB_FIELDS, "job"))
    if not isinstance(data["outcomes"], list):
        raise ValueError("outcomes is not a list")
    outcomes = []
    for entry in data["outcomes"]:
        fields = _checked(entry, _OUTCOME_FIELDS, "outcome")
        if fields["status"] not in STATUSES:
            raise ValueError(f"unknown status {shown(fields['status'])}")
        outcomes.append(Outcome(**{**fields, "status": Status(fields["status"]),
                                   "job": Job(**_checked(fields["job"], _JOB_FIELDS, "outcome job"))}))
    return job, tuple(outcomes), data["fingerprint"]


def _checked(value: object, types: dict[str, type | tuple[type, ...]], what: str) -> dict:
    """`value` if it is a mapping of known keys with values of the right types (a bool is not a number)."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not a mapping")
    for key, item in value.items():
        if key not in types:
            raise ValueError(f"{what} has an unknown key {shown(key)}")
        if not isinstance(item, types[key]) or (isinstance(item, bool) and types[key] is not bool):
            raise ValueError(f"{what}.{key} is {shown(item)}")
    return value


def append(handle: IO[str], job: Job, outcomes: tuple[Outcome, ...]) -> None:
    handle.write(_record(job, outcomes) + "\n")
    handle.flush()
