"""The target the panel sets (issue 35), as the player meets it: the page shows the YAML's target
and par, and a replayed panel player's route gets the medal the YAML's thresholds give (bronze at
the target, silver half way, gold at the par), on three dates: Monday, Friday and Saturday."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from chromium_pages import PHONE, open_page, served
from generator.browser.game import medal
from generator.daily.batch import make_date
from generator.render.daily import render_daily
from generator.daily.job import file_stem
from generator.data.yaml_file import read_yaml
from generator.rules.notation import format_plan
from generator.rules.replay import replay
from generator.daily.addresses import page_folder
from generator.site.build import build_site
from tests.web.days import FRIDAY, MONDAY, SATURDAY

MEDAL_WORDS = {"gold": "Gold", "silver": "Silver", "bronze": "Bronze", None: "Not won"}


@pytest.fixture(scope="module")
def saturday(tmp_path_factory):
    """Antwerpen's Saturday daily (no mini), on a site of its own."""
    puzzles = {}

    def recorded(city, day, folder):
        daily, mini = make_date(city, day, folder, work=0.5, render=render_daily, with_mini=False)
        puzzles[day] = daily
        return daily, mini

    folder = tmp_path_factory.mktemp("saturday-site")
    build_site(folder, ["antwerpen"], [SATURDAY], recorded)
    return folder, puzzles[SATURDAY]


def _yaml(folder: Path, day) -> tuple[int, int]:
    """The target (the puzzle's field) and the par (the header line) of a date's puzzle YAML."""
    path = folder / page_folder("antwerpen", day) / f"{file_stem('antwerpen', day)}-puzzle.yaml"
    text = path.read_text()
    par = int(re.search(r"^# par: (\d+)", text, re.M).group(1))
    return read_yaml(path)["target"], par


@pytest.mark.slow
@pytest.mark.parametrize("day", [MONDAY, FRIDAY, SATURDAY], ids=["monday", "friday", "saturday"])
def test_the_page_and_its_medals_follow_the_yaml(site, saturday, browser, day):
    if day == SATURDAY:
        folder, daily = saturday
    else:
        folder, daily = site.folder, site.puzzles[(day.isoformat(), False)]
    target, par = _yaml(folder, day)
    assert (daily.puzzle.target, daily.par) == (target, par)
    # The players of the panel the page is tried with: the weakest who wins and the best who does not.
    plans = {r.member.name: r.member.plan(daily.puzzle) for r in daily.panel}
    reports = {name: replay(daily.puzzle, plan) for name, plan in plans.items()}
    winners = [n for n, r in reports.items() if r.won(target)]
    losers = [n for n, r in reports.items() if not r.won(target)]
    assert winners, "no player of the panel wins the target the panel set"
    tried = [min(winners, key=lambda n: reports[n].score)] + ([max(losers, key=lambda n: reports[n].score)] if losers else [])
    with served(folder) as base:
        address = f"{base}/{page_folder('antwerpen', day)}/"
        for name in tried:
            report = reports[name]
            fragment = "#plan=" + urllib.parse.quote(format_plan(plans[name]), safe="")
            page = open_page(browser, address + fragment, PHONE)
            shown = page.text_content(".goal")
            assert f"{target}" in shown and f"par {par}" in shown, shown
            assert int(page.text_content("#score")) == report.score
            expected = medal(report.score, target, par, bool(report.won(target)))
            assert page.text_content("#medal-text").startswith(MEDAL_WORDS[expected]), (name, expected)
            assert not page.errors
            page.close()
