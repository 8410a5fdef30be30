"""Which puzzles are published: the daily and the mini the generator gives for a city and date.

A posted code is taken only when it is, character for character, the code `citytrip daily`
prints for its date at the generator version (and the dailies' work) this server runs. Finding
the date is cheap: a code's start card and deck are those of one date's deal (generator/daily
deals from a SHA-256 seed), so the dates near today are dealt again, without solving, until one
matches. Its target and par are not cheap (the daily's par is a minute of the solver's work, a
mini's proof some seconds): `make_published` does that once per (city, date, kind), and the
store keeps the result (`Published`), so each date is solved once per database.
"""

from __future__ import annotations

import datetime as dt
import functools
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from generator.daily.deal import GENERATOR_VERSION, deal
from generator.daily.job import ATTEMPTS as DAILY_ATTEMPTS
from generator.daily.mini import ATTEMPTS as MINI_ATTEMPTS, MINI_VERSION, deal_mini
from generator.daily.par import WORK
from generator.data.cities import load_city
from generator.rules.puzzle import Puzzle

DAILY, MINI = "daily", "mini"
KINDS = (DAILY, MINI)
DAYS_BACK = 7  # a play of an older puzzle is not looked for (a week of late plays is counted)
DAYS_AHEAD = 7  # a code of a date after tomorrow, up to this far, is refused as not yet published


@dataclass(frozen=True)
class Published:
    """One published puzzle, as `citytrip daily` printed it."""

    city: str
    day: dt.date
    kind: str
    version: str
    code: str
    par: int
    target: int


def version_of(kind: str, work: float = WORK) -> str:
    """What makes a published puzzle: the generator version, and for the daily the work of its par
    (the par, and so the target, are a function of it); the mini has its own version."""
    return f"daily-g{GENERATOR_VERSION}-w{work:g}" if kind == DAILY else f"mini-m{MINI_VERSION}"


def kind_of(puzzle: Puzzle) -> str:
    return MINI if puzzle.is_mini else DAILY


@functools.lru_cache(maxsize=4096)
def _deals(city_key: str, day: dt.date, kind: str) -> tuple[tuple, ...]:
    """What names the deals a date may publish: (start card, deck) of each attempt."""
    city = load_city(city_key)
    if kind == DAILY:
        puzzles = (deal(city, day, attempt) for attempt in range(DAILY_ATTEMPTS))
    else:
        puzzles = (deal_mini(city, day, attempt) for attempt in range(MINI_ATTEMPTS))
    return tuple((p.start_card, p.deck) for p in puzzles)


_locks: dict[tuple, threading.Lock] = {}
_locks_lock = threading.Lock()


def _dealt(city_key: str, day: dt.date, kind: str) -> tuple[tuple, ...]:
    """`_deals`, dealt by one thread while the others asking for the same date wait for it."""
    with _locks_lock:
        lock = _locks.setdefault((city_key, day, kind), threading.Lock())
    with lock:
        return _deals(city_key, day, kind)


def _offsets() -> list[int]:
    """The days looked at, the likeliest first: today, tomorrow, the days before, then the future."""
    return [0, 1, *range(-1, -DAYS_BACK - 1, -1), *range(2, DAYS_AHEAD + 1)]


def date_of(puzzle: Puzzle, today: dt.date) -> dt.date | None:
    """The date near `today` (DAYS_BACK before to DAYS_AHEAD after) whose deal `puzzle` is; None
    when it is none of them. The first call for a date deals it (a mini's 40 deals take a few
    tenths of a second; `warm` does it ahead), later ones look it up."""
    kind = kind_of(puzzle)
    key = (puzzle.start_card, puzzle.deck)
    for offset in _offsets():
        day = today + dt.timedelta(days=offset)
        if key in _dealt(puzzle.city.key, day, kind):
            return day
    return None


def warm(cities: tuple[str, ...], today: dt.date) -> None:
    """Deal every date `date_of` looks at, so that the first plays do not wait for it."""
    for offset in _offsets():
        for city in cities:
            for kind in KINDS:
                _dealt(city, today + dt.timedelta(days=offset), kind)


def make_published(city_key: str, day: dt.date, kind: str, work: float = WORK) -> Published:
    """Deal and solve `day`'s puzzle of `kind` as `citytrip daily` does (with the par's `work`),
    writing its YAML in a folder thrown away: the code, par and target it prints."""
    from generator.daily.job import Pages, Par, make_daily
    from generator.daily.mini import make_mini
    from generator.daily.par import solve_daily

    with tempfile.TemporaryDirectory(prefix="citytrip-serve-") as folder:
        if kind == DAILY:
            made = make_daily(city_key, day, Pages(Path(folder)), Par(functools.partial(solve_daily, work=work)))
        else:
            made = make_mini(city_key, day, Pages(Path(folder)), workers=1)
            if made is None:
                raise RuntimeError(f"no mini of {city_key} {day} was proven")  # measured never to happen
    return Published(city=city_key, day=day, kind=kind, version=version_of(kind, work), code=made.code,
                     par=made.par, target=made.puzzle.target)
