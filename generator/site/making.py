"""The puzzles of one city and date for the site: the daily job and the mini, as `citytrip daily`."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

from generator.daily.job import Daily, make_daily
from generator.daily.mini import make_mini
from generator.daily.solving import WORK, solve_daily
from generator.render.daily import render_daily


def make_puzzles(city: str, day: dt.date, folder: Path, work: float = WORK, paper: str = "a4",
                 base_url: str | None = None) -> tuple[Daily, Daily | None]:
    """The daily and its mini (None when no deal was proven), their YAML and PDFs in `folder`."""
    render = functools.partial(render_daily, paper=paper)
    daily = make_daily(city, day, folder, functools.partial(solve_daily, work=work), render, base_url)
    return daily, make_mini(city, day, folder, render=render, base_url=base_url)
