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
from dataclasses import dataclass
from pathlib import Path

from generator.daily.deal import GENERATOR_VERSION, deal
from generator.daily.job import ATTEMPTS as DAILY_ATTEMPTS
from generator.daily.mini import ATTEMPTS as MINI_ATTEMPTS, MINI_VERSION, deal_mini
from generator.daily.solving import WORK
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


def date_of(puzzle: Puzzle, today: dt.date) -> dt.date | None:
    """The date near `today` (DAYS_BACK before to DAYS_AHEAD after) whose deal `puzzle` is, newest
    first; None when it is none of them."""
    kind = kind_of(puzzle)
    key = (puzzle.start_card, puzzle.deck)
    for offset in range(DAYS_AHEAD, -DAYS_BACK - 1, -1):
        day = today + dt.timedelta(days=offset)
        if key in _deals(puzzle.city.key, day, kind):
            return day
    return None


def make_published(city_key: str, day: dt.date, kind: str, work: float = WORK) -> Published:
    """Deal and solve `day`'s puzzle of `kind` as `citytrip daily` does (with the par's `work`),
    writing its YAML in a folder thrown away: the code, par and target it prints."""
    from generator.daily.job import make_daily
    from generator.daily.mini import make_mini
    from generator.daily.solving import solve_daily

    with tempfile.TemporaryDirectory(prefix="citytrip-serve-") as folder:
        if kind == DAILY:
            made = make_daily(city_key, day, Path(folder), functools.partial(solve_daily, work=work))
        else:
            made = make_mini(city_key, day, Path(folder), workers=1)
            if made is None:
                raise RuntimeError(f"no mini of {city_key} {day} was proven")  # measured never to happen
    return Published(city=city_key, day=day, kind=kind, version=version_of(kind, work), code=made.code,
                     par=made.par, target=made.puzzle.target)
