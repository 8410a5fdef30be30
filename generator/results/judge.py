"""A posted play, judged: the puzzle it names must be published, and its plan is replayed by the
rules engine (the code behind `citytrip verify`), which alone says its score, win and medal.
A client never sends a score.

`judge` returns a `Verdict`, or raises `Refused` (a CitytripError with the HTTP status it gets:
422 for a bad code, date or plan, with the engine's one-paragraph message) or `NotDealtYet` (the
server has not yet dealt that date: 503, try again shortly). Nothing is stored here.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass
from typing import Callable

from generator.browser.game import medal
from generator.daily.code import decode, looks_like_code
from generator.errors import CitytripError, shown
from generator.results.published import DAYS_BACK, DAYS_AHEAD, Published, date_of, kind_of
from generator.results.store import Play
from generator.rules.notation import parse_plan
from generator.rules.replay import replay

PLAYER = re.compile(r"[A-Za-z0-9_-]{8,64}")  # the page's random id: nothing else fits in it
MAX_CODE = 400
MAX_PLAN = 6000

# A day's players all send the same few codes: each is rebuilt once (a Puzzle is immutable).
_puzzle_of = functools.lru_cache(maxsize=64)(decode)


class Refused(CitytripError):
    """A play the server will not take; `status` is the HTTP status of the answer."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


class NotDealtYet(Exception):
    """The puzzle's date is a published one, but the server has not solved it yet."""

    def __init__(self, city: str, day: dt.date, kind: str) -> None:
        super().__init__(f"the server is still making the {kind} of {city} for {day}; send the play again in a minute")
        self.key = (city, day, kind)


@dataclass(frozen=True)
class Verdict:
    play: Play
    published: Published
    breakdown: dict


# (city, day, kind) → the published puzzle, None when the server has not dealt it yet.
Lookup = Callable[[str, dt.date, str], Published | None]


def judge(body: object, today: dt.date, lookup: Lookup, by_code: Callable[[str], Published | None]) -> Verdict:
    """The verdict on a posted JSON body (already parsed), or Refused. `by_code` finds a published
    puzzle by its code (the usual case, one indexed query); only a code it does not know is dealt
    again to find its date (`date_of`: a forged code, or a date the server has not solved yet)."""
    if not isinstance(body, dict):
        raise Refused("the body is not a JSON object with code, plan, player and revealed")
    unknown = sorted(set(body) - {"code", "plan", "player", "revealed"})
    if unknown:
        raise Refused(f"unknown field {shown(unknown[0])}: a play has code, plan, player and revealed")
    code, plan_text, player = body.get("code"), body.get("plan"), body.get("player")
    revealed = body.get("revealed", False)
    if not isinstance(code, str) or not code.strip() or len(code) > MAX_CODE:
        raise Refused("code must be the puzzle code printed under the sheet's QR code (CT2/… or CT2M/…)")
    if not isinstance(plan_text, str) or len(plan_text) > MAX_PLAN:
        raise Refused(f"plan must be the play in the one-line notation (docs/formats.md), at most {MAX_PLAN} characters")
    if not isinstance(player, str) or not PLAYER.fullmatch(player):
        raise Refused(f"player {shown(player)} is not a random id of 8 to 64 letters, digits, - or _")
    if not isinstance(revealed, bool):
        raise Refused("revealed must be true or false")
    if not looks_like_code(code):
        raise Refused(f"{shown(code)} is not a puzzle code (CT2/… or CT2M/…)")
    puzzle = _puzzle_of(code)  # UsageError naming the faulty part
    kind = kind_of(puzzle)
    city = puzzle.city.key
    known = by_code(code.strip().upper())
    day = known.day if known is not None else date_of(puzzle, today)
    if day is None:
        raise Refused(f"puzzle code {shown(code)} is not the {kind} of {city} for any date from "
                      f"{today - dt.timedelta(days=DAYS_BACK)} to {today + dt.timedelta(days=1)}, so it is not a "
                      "published puzzle (a code from another generator version, or edited)")
    if day < today - dt.timedelta(days=DAYS_BACK):  # also a code the table knows: late plays count for a week
        raise Refused(f"puzzle code {shown(code)} is the {kind} of {city} for {day}, more than {DAYS_BACK} days "
                      f"before today ({today}): plays are counted for a week after their date")
    if day > today + dt.timedelta(days=1):
        raise Refused(f"puzzle code {shown(code)} is the {kind} of {city} for {day}, which is not published yet "
                      f"(today is {today}; dates up to tomorrow are)")
    published = known or lookup(city, day, kind)
    if published is None:
        raise NotDealtYet(city, day, kind)
    if code.strip().upper() != published.code:
        raise Refused(f"puzzle code {shown(code)} is not the {kind} of {city} published for {day}: its target or "
                      f"assignments differ from those printed ({published.code})")
    plan = parse_plan(plan_text)  # NotationError
    report = replay(puzzle, plan)
    if not report.valid:
        raise Refused("illegal plan: " + "; ".join(str(v) for v in report.violations))
    won = bool(report.won(published.target))
    play = Play(city=city, day=day, kind=kind, version=published.version, player=player,
                plan=plan_text.strip(), score=report.score, won=won,
                medal=medal(report.score, published.target, published.par, won), revealed=revealed)
    return Verdict(play, published, report.breakdown.as_dict())
