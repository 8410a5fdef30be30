"""The daily mini's PDFs: a sheet without the fields a mini cannot use."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pdfplumber
import pytest

from generator.daily import job
from generator.daily.mini import make_mini
from generator.data.cities import load_city
from generator.language import LANGUAGES, _, speaking
from generator.render.daily import render_daily
from generator.render.wording import city_fills
from generator.rules.replay import replay
from generator.solver.beam import beam_search

from .conftest import words_of

MINI = ("antwerpen", dt.date(2026, 12, 2))  # its first deal proves in about 0.1 units (benchmarks/mini.py)
SUNDAY = dt.date(2026, 11, 29)  # an Antwerpen daily with four missions


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> job.Daily:
    return make_mini(*MINI, tmp_path_factory.mktemp("mini"))


@pytest.fixture(scope="module")
def sunday(tmp_path_factory: pytest.TempPathFactory) -> job.Daily:
    """The daily beside it, solved by a narrow beam (the sheet does not depend on the plan)."""
    def solve(puzzle):
        plan = beam_search(puzzle, width=2)
        score = replay(puzzle, plan).score
        return job.Solution(plan, score, score, True, score - 4)

    return job.make_daily(MINI[0], SUNDAY, tmp_path_factory.mktemp("sunday"), solve)


def _sheet_words(pdf: Path) -> str:
    with pdfplumber.open(pdf) as document:
        return words_of(document.pages[0].extract_text())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mini_sheet_has_no_assignment_fields(mini: job.Daily, sunday: job.Daily, tmp_path: Path,
                                                 lang: str) -> None:
    """A mini is dealt no assignments: its sheet prints no boxes for their bonus points and its
    total adds up the score column alone; the daily's sheet keeps both."""
    with speaking(lang):
        fills = city_fills(load_city(MINI[0]))
        boxes = _("{Assignment} bonus points, by type 1–6").format(**fills)
        alone = _("= the sum of the score column")
        mini_sheet = render_daily(mini, tmp_path / "mini", "a4")[0]
        daily_sheet = render_daily(sunday, tmp_path / "daily", "a4")[0]
    mini_text, daily_text = _sheet_words(mini_sheet), _sheet_words(daily_sheet)
    assert boxes not in mini_text and alone in mini_text
    assert boxes in daily_text and alone not in daily_text
