"""The daily mini's PDFs: a sheet without the fields a mini cannot use, and an answer key whose
turn badges and ticks leave the location icons of its large map in view."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path

import pdfplumber
import pytest

from generator.daily import job
from generator.daily.job import Pages
from generator.daily.mini import make_mini
from generator.data.cities import load_city
from generator.language import LANGUAGES, _, speaking
from generator.render.answer_key import layout_key, turn_marks
from generator.render.citymap import DISC, DOT, map_geometry
from generator.render.daily import render_daily
from generator.render.icons import icon_text
from generator.render.key_marks import Circle, Rect
from generator.render.pdf import MIN_TEXT, PAPERS
from generator.render.wording import city_fills
from stand_in import stand_in_daily

from .conftest import words_of

MINI = ("antwerpen", dt.date(2026, 12, 2))  # its first deal proves in about 0.1 units (benchmarks/mini.py)
SUNDAY = dt.date(2026, 11, 29)  # an Antwerpen daily (the stand-in's plan completes none of its missions)


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> job.Daily:
    return make_mini(*MINI, Pages(tmp_path_factory.mktemp("mini")))


@pytest.fixture(scope="module")
def sunday(tmp_path_factory: pytest.TempPathFactory) -> job.Daily:
    """The daily beside it, solved by a narrow beam (the sheet does not depend on the plan)."""
    return stand_in_daily(MINI[0], SUNDAY, tmp_path_factory.mktemp("sunday"))


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


def _key_marks(pdf: Path) -> tuple[list[tuple[Circle, int, float]], list[Circle], list[Rect]]:
    """The turn badges (disc, number, type size), the ticks' discs and the icons' boxes, read
    from page 1 of an answer key (in points, origin bottom left)."""
    tick = icon_text("circle-check")
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        height = page.height

        def rect(o) -> Rect:
            return Rect(o["x0"], height - o["bottom"], o["x1"], height - o["top"])

        def disc(o) -> Circle:
            return Circle((o["x0"] + o["x1"]) / 2, height - (o["top"] + o["bottom"]) / 2, (o["x1"] - o["x0"]) / 2)

        glyphs = [c for c in page.chars if "FontAwesome" in c["fontname"]]
        icons = [rect(c) for c in glyphs if c["text"] != tick]
        ticks = [disc(c) for c in glyphs if c["text"] == tick]
        # A badge's number is white; its disc is the smallest shape around it.
        numbers = [c for c in page.chars if c["text"].isdigit() and tuple(c["non_stroking_color"]) == (1, 1, 1)]
        badges = []
        for number in numbers:
            x, y = (number["x0"] + number["x1"]) / 2, (number["top"] + number["bottom"]) / 2
            around = [o for o in page.curves if o["x0"] < x < o["x1"] and o["top"] < y < o["bottom"]]
            badges.append((disc(min(around, key=lambda o: o["x1"] - o["x0"])), int(number["text"]), number["size"]))
    return badges, ticks, icons


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_mini_key_marks_leave_every_icon_in_view(mini: job.Daily, tmp_path: Path, paper: str) -> None:
    """On the mini's map (cells five times the daily's) a badge as big as the cell allowed hid
    the icons: every turn badge and every tick now keeps off every icon, its number at 6 pt or
    more, and each badge touches its node's disc (or, on a plain node, sits by its dot)."""
    key = render_daily(mini, tmp_path / "mini", paper)[1]
    badges, ticks, icons = _key_marks(key)
    ends = dict((number, at) for at, number in turn_marks(mini))  # one direction: one end a turn
    assert sorted(number for _, number, _ in badges) == sorted(ends) and len(ticks) >= 2 and len(icons) > 10
    for mark in [disc for disc, _, _ in badges] + ticks:
        assert not any(mark.meets(icon, 0) for icon in icons), mark
    district = mini.puzzle.district
    geometry = map_geometry(district.columns, district.rows, layout_key(mini, PAPERS[paper]).map, district.first)
    for disc, number, size in badges:
        assert size >= MIN_TEXT
        at = ends[number]
        x, y = geometry.point(at)
        reach = DISC if at in mini.puzzle.city.locations else DOT
        assert math.hypot(disc.x - x, disc.y - y) <= reach * geometry.cell + disc.r + 1, number
