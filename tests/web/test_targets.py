"""The target the panel sets (issue 35), as the player meets it: the page shows the YAML's target
and par, and a replayed panel player's route gets the medal the YAML's thresholds give (bronze at
the target, silver half way, gold at the par), on three dates: Monday, Friday and Saturday."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from chromium_pages import PHONE, change_fragment, open_page, served
from generator.browser.game import medal
from generator.daily.job import file_stem
from generator.data.yaml_file import read_yaml
from generator.rules.notation import format_plan
from generator.rules.replay import replay
from generator.daily.addresses import page_folder
from tests.web.days import FRIDAY, MONDAY, SATURDAY

MEDAL_WORDS = {"gold": "Gold", "silver": "Silver", "bronze": "Bronze", None: "Not won"}


def _yaml(folder: Path, day) -> tuple[int, int]:
    """The target (the puzzle's field) and the par (the header line) of a date's puzzle YAML."""
    path = folder / page_folder("antwerpen", day) / f"{file_stem('antwerpen', day)}-puzzle.yaml"
    text = path.read_text()
    par = int(re.search(r"^# par: (\d+)", text, re.M).group(1))
    return read_yaml(path)["target"], par


@pytest.mark.slow
@pytest.mark.parametrize("day", [MONDAY, FRIDAY, SATURDAY], ids=["monday", "friday", "saturday"])
def test_the_page_and_its_medals_follow_the_yaml(site, browser, day):
    folder, daily = site.folder, site.puzzles[(day.isoformat(), False)]
    target, par = _yaml(folder, day)
    assert (daily.puzzle.target, daily.par) == (target, par)
    # The players of the panel the page is tried with: the weakest who wins and the best who does not.
    plans = {r.member.name: r.plan for r in daily.panel}
    reports = {name: replay(daily.puzzle, plan) for name, plan in plans.items()}
    winners = [n for n, r in reports.items() if r.won(target)]
    losers = [n for n, r in reports.items() if not r.won(target)]
    assert winners, "no player of the panel wins the target the panel set"
    tried = [min(winners, key=lambda n: reports[n].score)] + ([max(losers, key=lambda n: reports[n].score)] if losers else [])
    with served(folder) as base:
        page = open_page(browser, f"{base}/{page_folder('antwerpen', day)}/", PHONE)
        shown = page.text_content(".goal")
        assert f"{target}" in shown and f"par {par}" in shown, shown
        for name in tried:  # one page, a shared route after the other
            report = reports[name]
            change_fragment(page, "#plan=" + urllib.parse.quote(format_plan(plans[name]), safe=""))
            assert int(page.text_content("#score")) == report.score, name
            expected = medal(report.score, target, par, bool(report.won(target)))
            assert page.text_content("#medal-text").startswith(MEDAL_WORDS[expected]), (name, expected)
        assert not page.errors
        page.close()
