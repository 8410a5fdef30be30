"""Every page of every printable, as a print shop's preflight and a player would check it.

Both cities' kits (sheets, start, action and assignment cards, alignment page, score pad, player
aid), the Bruges (English and French) and Big City pads and aids, daily puzzle sheets and
answer keys of both cities in both game modes, and a daily mini, on A4 and on Letter: no glyph under 6 pt, nothing
within 5 mm of the paper's edge, a 50-mm ruler on every page, every font embedded, and no rule
number, "seed" or "bound" in what a player reads.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import partial
from pathlib import Path

import pytest

from generator.cli import main
from generator.daily import job
from generator.daily.mini import make_mini
from generator.render.daily import render_daily
from generator.rules.replay import replay
from generator.solver.beam import beam_search
from print_audit import audit

from .conftest import all_text

PAPERS = ("a4", "letter")
DAILIES = (("brugge", dt.date(2026, 11, 23)),      # basic, two directions
           ("antwerpen", dt.date(2026, 11, 29)),   # advanced, one direction
           ("brugge", dt.date(2025, 3, 14)))       # the answer key whose badge once hid the start
JARGON = re.compile(r"\(R\d|\bseed\b|\bbound\b", re.IGNORECASE)


def _beam_solver(puzzle):
    """A stand-in for CP-SAT (the pages' layout does not depend on how good the plan is)."""
    plan = beam_search(puzzle, width=2)
    score = replay(puzzle, plan).score
    return job.Solution(plan, score, score, True, score - 4)


def _cli(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


@pytest.fixture(scope="module")
def printables(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every printable, rendered once per paper."""
    root = tmp_path_factory.mktemp("printables")
    for paper in PAPERS:
        folder = root / paper
        for city in ("brugge", "antwerpen"):
            _cli("kit", "--city", city, "--paper", paper, "--count", 1, "--out", folder / city)
        for game, variant in (("bruges", "en"), ("bruges", "fr"), ("bigcity", "base")):
            for kind in ("scorepad", "reference"):
                args = ["--variant", variant] if variant != "base" else []
                _cli(kind, "--game", game, *args, "--paper", paper, "--out", folder / f"{game}-{variant}-{kind}.pdf")
        for city, day in DAILIES:
            job.make_daily(city, day, folder / "daily", _beam_solver, render=partial(render_daily, paper=paper))
        # The real proof: this mini's first deal proves in about 0.1 units (benchmarks/mini.py).
        make_mini("antwerpen", dt.date(2026, 12, 2), folder / "daily", render=partial(render_daily, paper=paper))
    return sorted(root.rglob("*.pdf"))


def test_every_printable_is_there(printables: list[Path]) -> None:
    """Both papers × (2 kits of 8 PDFs + 6 pads and aids + 3 dailies and a mini of 2 PDFs)."""
    assert len(printables) == 2 * (2 * 8 + 6 + 4 * 2)


def test_no_small_type_no_mark_near_the_edge_a_ruler_on_every_page_and_every_font_embedded(printables: list[Path]) -> None:
    faults = {pdf.relative_to(pdf.parents[1]).as_posix(): audit(pdf) for pdf in printables}
    assert {name: [str(f) for f in found] for name, found in faults.items() if found} == {}


def test_player_pages_cite_no_rule_numbers_and_no_internal_words(printables: list[Path]) -> None:
    found = {pdf.name: JARGON.findall(all_text(pdf)) for pdf in printables}
    assert {name: words for name, words in found.items() if words} == {}
