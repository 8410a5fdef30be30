"""The options of the commands that make or take the daily puzzles (daily, site, serve): a date or a
batch of dates, the city a daily is dealt for, and the search work of its par. Each is read and
worded here once, so that `site --from` and `daily --date` refuse a bad date in the same words,
each naming its own option."""

from __future__ import annotations

import calendar
import datetime as dt
import re

from generator.data.cities import shipped_cities
from generator.errors import UsageError, shown

MAX_DAYS = 366  # a year ahead at most: each date is a daily job of about a minute per city


def parse_date(text: str | None, option: str = "--date") -> dt.date:
    """`text` (YYYY-MM-DD) as a date, today when None; UsageError naming `option` otherwise."""
    if text is None:
        return dt.date.today()
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{option} {shown(text)} is not a date: {_why_not(text)}") from None
    if not 2000 <= day.year <= 2999:
        raise UsageError(f"{option} {shown(text)}: choose a year from 2000 to 2999")
    return day


def _why_not(text: str) -> str:
    """What is wrong with a text that is not a date: its month or day, when it has the form."""
    parts = re.fullmatch(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", text)
    if parts is None:
        return "write it as YYYY-MM-DD, like 2026-12-07"
    year, month, day = (int(part) for part in parts.groups())
    if year == 0:
        return "there is no year 0"
    if not 1 <= month <= 12:
        return f"there is no month {month}"
    length = calendar.monthrange(year, month)[1]
    return f"{calendar.month_name[month]} {year} has {length} days, not {day}"


def dates(first: str | None, last: str | None) -> list[dt.date]:
    """--from FIRST --to LAST, both ends included; LAST defaults to FIRST, FIRST to today."""
    start = parse_date(first, "--from")
    end = parse_date(last, "--to") if last is not None else start
    if end < start:
        raise UsageError(f"--to {end.isoformat()} is before --from {start.isoformat()}")
    count = (end - start).days + 1
    if count > MAX_DAYS:
        raise UsageError(f"--from {start.isoformat()} --to {end.isoformat()} is {count} dates; at most {MAX_DAYS} at a time")
    return [start + dt.timedelta(days=k) for k in range(count)]


def daily_city(text: str) -> str:
    """A city the daily puzzle is dealt for (--city of daily, site and serve)."""
    city = text.strip().lower()
    if city not in shipped_cities():
        raise UsageError(f"unknown city {text!r}: the daily puzzle is dealt for {', '.join(shipped_cities())}")
    return city


def daily_work(value: float | None) -> float:
    """The search work per deal (--work of daily, site and serve, checked by its parser's
    ranges.number("work")): the daily's own when not given."""
    from generator.daily.par import WORK

    return WORK if value is None else value
