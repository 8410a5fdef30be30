"""Every page of every printable, as a print shop's preflight and a player would check it.

Both cities' kits (sheets, start, action and assignment cards, alignment page, score pad, player
aid), the Bruges (English-rulebook and French-summary variants) and Big City pads and aids, daily
puzzle sheets and answer keys of both cities in both game modes, and a daily mini, on A4 and on
Letter, in English, Dutch and French: no glyph under 6 pt, no word out of its box and no letters
printed over each other (what a long Dutch or French word does when it neither shrinks nor wraps),
nothing within 5 mm of the paper's edge, a 50-mm ruler on every page, every font embedded, and no
rule number, "seed" or "bound" in what a player reads.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from pathlib import Path

import pytest

from generator.cli import main
from generator.daily import job
from generator.daily.mini import make_mini
from generator.language import LANGUAGES, speaking
from generator.render.daily import render_daily
from print_audit import audit, audit_and_read
from stand_in import stand_in_daily

PAPERS = ("a4", "letter")
DAILIES = (("brugge", dt.date(2026, 11, 23)),      # basic, two directions, its par unproven (below)
           ("antwerpen", dt.date(2026, 12, 6)),    # advanced, one direction, bonus actions, rush turns
           ("brugge", dt.date(2025, 3, 14)))       # the answer key whose badge once hid the start
JARGON = re.compile(r"\(R\d|\bseed\b|\bbound\b", re.IGNORECASE)


def _cli(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


@pytest.fixture(scope="module")
def dailies(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[job.Daily, str]]:
    """The dailies of DAILIES and a mini, dealt and solved once (their YAML files in a scratch
    folder), each with its file stem: the printables render them in every language and paper."""
    scratch = tmp_path_factory.mktemp("dailies")
    made = [(stand_in_daily(city, day, scratch), job.file_stem(city, day)) for city, day in DAILIES]
    # The stand-in's pars are proven; a real daily's seldom is: its sheet and key print the longer
    # certificate sentence (the same dailies as tests/render/test_daily_render.py's).
    made[0] = (replace(made[0][0], proven=False, window=3), made[0][1])
    # The real proof: this mini's first deal proves in about 0.1 units (benchmarks/mini.py).
    mini = make_mini("antwerpen", dt.date(2026, 12, 2), job.Pages(scratch))
    return [*made, (mini, job.file_stem("antwerpen", mini.day) + "-mini")]


@pytest.fixture(scope="module", params=LANGUAGES)
def printables(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, dailies) -> list[Path]:
    """Every printable, rendered once per paper, in one language."""
    lang = request.param
    root = tmp_path_factory.mktemp(f"printables-{lang}")
    for paper in PAPERS:
        folder = root / paper
        for city in ("brugge", "antwerpen"):
            _cli("kit", "--city", city, "--paper", paper, "--count", 1, "--lang", lang, "--out", folder / city)
        for game, variant in (("bruges", "en"), ("bruges", "fr"), ("bigcity", "base")):
            for kind in ("scorepad", "reference"):
                args = ["--variant", variant] if variant != "base" else []
                _cli(kind, "--game", game, *args, "--paper", paper, "--lang", lang,
                     "--out", folder / f"{game}-{variant}-{kind}.pdf")
        (folder / "daily").mkdir()
        with speaking(lang):
            for daily, stem in dailies:
                render_daily(daily, folder / "daily" / stem, paper=paper)
    return sorted(root.rglob("*.pdf"))


@pytest.fixture(scope="module")
def read_back(printables: list[Path]) -> dict[Path, tuple[list, str]]:
    """Each printable's audit faults and text, from one reading of its pages."""
    return {pdf: audit_and_read(pdf) for pdf in printables}


def test_every_printable_is_there(printables: list[Path]) -> None:
    """Both papers × (2 kits of 8 PDFs + 6 pads and aids + 3 dailies and a mini of 2 PDFs)."""
    assert len(printables) == 2 * (2 * 8 + 6 + 4 * 2)


def test_no_small_type_no_mark_near_the_edge_a_ruler_on_every_page_and_every_font_embedded(read_back: dict) -> None:
    faults = {pdf.relative_to(pdf.parents[1]).as_posix(): found for pdf, (found, _) in read_back.items()}
    assert {name: [str(f) for f in found] for name, found in faults.items() if found} == {}


def _without_coordinates(text: str) -> str:
    """`text` without the map coordinates printed after a location's name: the answer key's
    "Café Vlissinghe (R8)" names column R, row 8, not rule R8."""
    from generator.data.cities import load_city

    places = {str(location.at) for key in ("brugge", "antwerpen") for location in load_city(key).locations.values()}
    return re.sub(r"\(([A-Z]\d+)\)", lambda m: "" if m.group(1) in places else m.group(0), text)


def test_player_pages_cite_no_rule_numbers_and_no_internal_words(read_back: dict) -> None:
    found = {pdf.name: JARGON.findall(_without_coordinates(text)) for pdf, (_, text) in read_back.items()}
    assert {name: words for name, words in found.items() if words} == {}


# Words that neither Dutch nor French uses: one on a Dutch or French page is an English message
# the renderer printed without translating.
ENGLISH_ONLY = re.compile(r"\b(the|and|your|each|with|every|which|player|players|turn|turns|score pad)\b", re.IGNORECASE)


def _names_of_places() -> list[str]:
    """Every location's name in every language, longest first: a shop called "The Chocolate Line"
    keeps its name on a French card."""
    from generator.data.cities import load_city

    names = set()
    for key in ("brugge", "antwerpen"):
        for location in load_city(key).locations.values():
            names.add(location.name)
            names.update(text for _, text in location.names)
    return sorted(names, key=len, reverse=True)


def _english_left(text: str, names: list[str]) -> list[str]:
    text = " ".join(text.split())
    for name in names:
        text = text.replace(name, " ")
    return sorted({m.lower() for m in ENGLISH_ONLY.findall(text)})


def test_dutch_and_french_pages_have_no_english_left(request: pytest.FixtureRequest, read_back: dict) -> None:
    names = _names_of_places()
    if request.node.callspec.params["printables"] == "en":
        # The check can see English.
        assert sum(bool(_english_left(text, names)) for _, text in read_back.values()) > len(read_back) / 2
        return
    found = {pdf.relative_to(pdf.parents[1]).as_posix(): _english_left(text, names) for pdf, (_, text) in read_back.items()}
    assert {name: words for name, words in found.items() if words} == {}


def _page_with(tmp_path: Path, draw) -> Path:
    from reportlab.pdfgen import canvas

    path = tmp_path / "page.pdf"
    page = canvas.Canvas(str(path))
    page.setFont("Helvetica", 10)
    draw(page)
    page.save()
    return path


def _placement_faults(path: Path) -> list[str]:
    return [str(f) for f in audit(path) if "box" in f.what or "over each other" in f.what]


def test_the_audit_finds_a_word_running_out_of_its_box_or_its_rounded_card(tmp_path: Path) -> None:
    def draw(page):
        page.rect(100, 500, 60, 20)
        page.drawString(104, 506, "Bezienswaardigheden")
        page.roundRect(100, 300, 60, 40, 6)
        page.drawString(104, 320, "Onze-Lieve-Vrouwekathedraal")

    faults = _placement_faults(_page_with(tmp_path, draw))
    assert len(faults) == 1 and "2 word(s) out of their box" in faults[0]


def test_the_audit_finds_words_printed_over_each_other(tmp_path: Path) -> None:
    def draw(page):
        page.drawString(100, 500, "Souvenirs")
        page.drawString(120, 502, "kopen")

    assert ["over each other" in f for f in _placement_faults(_page_with(tmp_path, draw))] == [True]


def test_the_audit_passes_words_inside_their_boxes_and_a_letter_beside_a_ring(tmp_path: Path) -> None:
    def draw(page):
        page.rect(100, 500, 200, 20)
        page.drawString(104, 506, "fits in its box")
        page.circle(200, 300, 20)
        page.drawString(214, 314, "S")  # in the ring's bounding square, outside the ring

    assert _placement_faults(_page_with(tmp_path, draw)) == []
