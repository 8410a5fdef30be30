"""Game cards: `citytrip cards` PDFs, QR codes that scan, mirrored backs, crop marks, bad options."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
import zxingcpp
from reportlab.lib.units import mm

from generator.data.cities import load_city
from generator.render.card_alignment import front_steps
from generator.render.card_layout import (BLEED, CARD_H, CARD_W, PER_PAGE, Box, card_block, card_slots, crop_marks,
                                          ruler_spot)
from generator.render.cards import BOX_LEFT, FRAME
from generator.render.pdf import EDGE, PAPERS, RULER_CAPTION
from print_audit import audit

from .conftest import PAPER_POINTS, all_text, page_text, read_pdf, words_of

FILES = {"start-cards": 3, "action-cards": 6, "assignment-cards": 5, "card-alignment": 2}
SETS = [("brugge", "a4"), ("antwerpen", "a4"), ("brugge", "letter"), ("antwerpen", "letter")]


@pytest.fixture(scope="module")
def card_sets(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """The card PDFs of both cities on A4 and on Letter, written once for this module."""
    from generator.cli import main

    folders = {}
    for city, paper in SETS:
        folder = tmp_path_factory.mktemp(f"{city}-{paper}")
        assert main(["cards", "--city", city, "--paper", paper, "--out", str(folder)]) == 0
        folders[(city, paper)] = folder
    return folders


@pytest.mark.parametrize("key", SETS)
def test_card_pdfs_have_their_pages_and_paper(card_sets, key: tuple[str, str]) -> None:
    """Each card PDF opens strictly with 23/20×2/44 cards' pages at the paper's size, print at 100 %."""
    city, paper = key
    for name, pages in FILES.items():
        reader = read_pdf(card_sets[key] / f"{city}-{name}.pdf")
        assert len(reader.pages) == pages, name
        for page in reader.pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAPER_POINTS[paper], abs=0.01)
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert "/DuplexFlipLongEdge" == read_pdf(card_sets[key] / f"{city}-action-cards.pdf").trailer["/Root"]["/ViewerPreferences"]["/Duplex"]


@pytest.mark.parametrize("key", SETS)
def test_every_start_card_qr_code_decodes_to_its_url(card_sets, key: tuple[str, str]) -> None:
    """Rendered at 200 dpi, each page's QR codes decode to exactly the URLs of its cards' locations."""
    city_key, _ = key
    city = load_city(city_key)
    cards = [city.start_cards[n] for n in sorted(city.start_cards)]
    document = pypdfium2.PdfDocument(str(card_sets[key] / f"{city_key}-start-cards.pdf"))
    try:
        for index in range(len(document)):
            image = document[index].render(scale=200 / 72).to_pil()
            found = sorted(r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))
            expected = sorted(c.location.url for c in cards[index * PER_PAGE:(index + 1) * PER_PAGE])
            assert found == expected, index
    finally:
        document.close()


def _labels(path: Path, page: int) -> dict[str, tuple[float, float]]:
    """The centre of each action card's 'nA'/'nB' label on a page (pdfplumber: top-left origin)."""
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[page].extract_words()
    return {w["text"]: ((w["x0"] + w["x1"]) / 2, w["top"]) for w in words if w["text"][:-1].isdigit() and w["text"][-1] in "AB"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_pages_are_mirrored_for_a_long_edge_flip(card_sets, paper: str) -> None:
    """Card n's back lies at page width − its front's x, at the same height (long-edge flip)."""
    path = card_sets[("brugge", paper)] / "brugge-action-cards.pdf"
    width = PAPER_POINTS[paper][0]
    for front_page in (0, 2, 4):
        fronts, backs = _labels(path, front_page), _labels(path, front_page + 1)
        assert len(fronts) == len(backs) == (9 if front_page < 4 else 2)
        for label, (x, top) in fronts.items():
            bx, btop = backs[label[:-1] + "B"]
            assert bx == pytest.approx(width - x, abs=0.5)
            assert btop == pytest.approx(top, abs=0.5)
        if front_page == 0:
            # A mirrored page really moves cards: card 1 is top left in front, top right behind.
            assert fronts["1A"][0] < width / 3 and backs["1B"][0] > 2 * width / 3


def test_back_offset_shifts_only_the_backs(tmp_path: Path, run, card_sets) -> None:
    """--back-offset-mm 1.5,-2 moves each back 1.5 mm right and 2 mm down; fronts stay put."""
    assert run("cards", "--city", "brugge", "--back-offset-mm", "1.5,-2", "--out", tmp_path)[0] == 0
    plain = card_sets[("brugge", "a4")] / "brugge-action-cards.pdf"
    shifted = tmp_path / "brugge-action-cards.pdf"
    assert _labels(shifted, 0) == _labels(plain, 0)
    for label, (x, top) in _labels(plain, 1).items():
        sx, stop = _labels(shifted, 1)[label]
        assert (sx - x, stop - top) == (pytest.approx(1.5 * mm, abs=0.05), pytest.approx(2 * mm, abs=0.05))


def test_hints_show_the_other_face_whole_inside_the_frame(card_sets) -> None:
    """R7: left of each box, the icon of the other face's box there, whole: clear of the frame and the box."""
    from generator.render.icon_scheme import load_icon_scheme
    from generator.render.icons import icon_text

    city = load_city("brugge")
    scheme = load_icon_scheme()
    path = card_sets[("brugge", "a4")] / "brugge-action-cards.pdf"
    slot = card_slots(PAPERS["a4"])[0]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if slot.x < c["x1"] and c["x0"] < slot.x + BOX_LEFT
                 and page.height - (slot.y + CARD_H) < c["top"] and c["bottom"] < page.height - slot.y]
    chars.sort(key=lambda c: c["top"])
    expected = [icon_text(scheme.actions[t.value].icon) for t in city.action_cards[1].half_icons("A")]
    assert [c["text"] for c in chars] == expected
    for char in chars:
        assert slot.x + FRAME + 0.5 * mm < char["x0"] and char["x1"] < slot.x + BOX_LEFT


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_sit_in_the_printable_margin(card_sets, paper: str) -> None:
    """Crop marks continue every cut line outside the block, ≥ 1 mm long and ≥ 5 mm from the paper's edge."""
    size = PAPERS[paper]
    block = card_block(size)
    path = card_sets[("brugge", paper)] / "brugge-start-cards.pdf"
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        marks = [ln for ln in page.lines if ln["x1"] <= block.left or ln["x0"] >= block.right
                 or page.height - ln["top"] <= block.bottom or page.height - ln["bottom"] >= block.top]
    ruler = [ln for ln in marks if ruler_spot(size, block).extent().grown(0.5).overlaps(
        Box(ln["x0"], page.height - ln["bottom"], ln["x1"], page.height - ln["top"]))]
    marks = [ln for ln in marks if ln not in ruler]
    assert len(marks) == len(crop_marks(size)) == 4 * 4  # 4 cut lines each way, a mark at both ends
    for mark in marks:
        assert min(mark["x0"], mark["top"], size.width - mark["x1"], size.height - mark["bottom"]) >= EDGE
        assert max(mark["x1"] - mark["x0"], mark["bottom"] - mark["top"]) >= 1 * mm


# Every card page's print audit (type size, margins, ruler, words in their boxes, fonts): the
# kit's, in tests/render/test_print_audit.py, whose card PDFs are these (tests/render/test_kit.py).


@pytest.mark.parametrize("key", SETS)
def test_card_pages_speak_the_players_language(card_sets, key: tuple[str, str]) -> None:
    """No rule number '(R…', no 'seed', no 'bound' on any card or alignment page."""
    city, _ = key
    for name in FILES:
        text = all_text(card_sets[key] / f"{city}-{name}.pdf")
        assert not re.search(r"\(R\d", text), name
        assert "seed" not in text.lower() and "bound" not in text.lower(), name


@pytest.mark.parametrize("city,word,other", [("brugge", "ASSIGNMENT", "MISSION"),
                                             ("antwerpen", "MISSION", "ASSIGNMENT")])
def test_assignment_cards_use_the_citys_word(card_sets, city: str, word: str, other: str) -> None:
    """Each card is titled with the city's word (Antwerpen: MISSION 1 …), never the other city's."""
    path = card_sets[(city, "a4")] / f"{city}-assignment-cards.pdf"
    text = all_text(path)
    assert f"{word} 1" in text and f"{word} 6" in text
    assert other.lower() not in text.lower()
    assert read_pdf(path).metadata.title == f"Citytrip {load_city(city).name} {word.lower()} cards"


@pytest.mark.parametrize("key", SETS)
def test_alignment_instructions_print_in_full_with_the_command(card_sets, key: tuple[str, str]) -> None:
    """Every alignment step and the reprint command are extracted as text on A4 and on Letter (issue 15)."""
    city, paper = key
    path = card_sets[key] / f"{city}-card-alignment.pdf"
    front, back = words_of(page_text(path, 0)), words_of(page_text(path, 1))
    for step in front_steps(load_city(city), PAPERS[paper], (0.0, 0.0)):
        assert words_of(step.removeprefix("$ ")) in front
    command = f"citytrip cards --city {city} --back-offset-mm X,Y"
    assert command + (" --paper letter" if paper == "letter" else "") in front
    assert "at 100 % (actual size)" in front and "right and up are +" in front
    assert "--back-offset-mm +0.0,+0.0" in back and "right and up are +" in back


def test_alignment_with_an_offset_says_to_add_it(run, tmp_path: Path) -> None:
    """A test printed with --back-offset-mm tells the user to add that offset to the reading."""
    assert run("cards", "--city", "antwerpen", "--back-offset-mm", "1.5,-2", "--out", tmp_path)[0] == 0
    path = tmp_path / "antwerpen-card-alignment.pdf"
    assert "printed with --back-offset-mm +1.5,-2.0: add that to your reading" in words_of(page_text(path, 0))
    assert "--back-offset-mm +1.5,-2.0" in words_of(page_text(path, 1))


def test_alignment_scale_labels_are_readable(card_sets) -> None:
    """Each back scale carries its labels (−5, +5 each way, X, Y) at 6 pt or more (they were 4.5 pt)."""
    size = PAPERS["letter"]
    with pdfplumber.open(card_sets[("brugge", "letter")] / "brugge-card-alignment.pdf") as pdf:
        page = pdf.pages[1]
        for slot in card_slots(size):
            x, y = size.width - slot.x - CARD_W / 2, page.height - (slot.y + CARD_H / 2)  # mirrored, top down
            labels = [c for c in page.chars if abs(c["x0"] - x) < 10 * mm and abs(c["top"] - y) < 10 * mm]
            assert sorted(c["text"] for c in labels) == sorted("+5+5-5-5XY")
            assert min(c["size"] for c in labels) >= 6


def _ruler(page, spot) -> tuple[list, list]:
    """The chars inside the ruler's extent, and the lines and boxes that reach into it from outside."""
    box = spot.extent()
    height = page.height

    def inside(o) -> bool:
        return (box.left - 0.5 <= o["x0"] and o["x1"] <= box.right + 0.5
                and box.bottom - 0.5 <= height - o["bottom"] and height - o["top"] <= box.top + 0.5)

    def touches(o) -> bool:
        return Box(o["x0"], height - o["bottom"], o["x1"], height - o["top"]).grown(0.1).overlaps(box)

    chars = [c for c in page.chars if c["text"].strip() and inside(c)]
    crossing = [o for o in page.lines + page.rects if touches(o) and not inside(o)]
    return chars, crossing


@pytest.mark.parametrize("key", SETS)
def test_every_page_has_a_ruler_clear_of_cards_and_cut_lines(card_sets, key: tuple[str, str]) -> None:
    """Every page has a 50-mm ruler with its caption, off the cards and bleed, touched by no cut line or mark."""
    city, paper = key
    size = PAPERS[paper]
    front = ruler_spot(size, card_block(size))
    back = ruler_spot(size, card_block(size).grown(BLEED))
    assert front.turned == (paper == "letter")
    for name in FILES:
        with pdfplumber.open(card_sets[key] / f"{city}-{name}.pdf") as pdf:
            for number, page in enumerate(pdf.pages):
                spot = back if name == "action-cards" and number % 2 else front
                keep_clear = card_block(size).grown(BLEED if spot is back else 0)
                assert not spot.extent().overlaps(keep_clear)
                chars, crossing = _ruler(page, spot)
                assert sorted(c["text"] for c in chars) == sorted(RULER_CAPTION.replace(" ", "")), (name, number)
                assert crossing == [], (name, number)


def test_two_runs_give_identical_bytes(run, tmp_path: Path, card_sets) -> None:
    """The same command twice writes the same bytes for every card PDF."""
    assert run("cards", "--city", "brugge", "--out", tmp_path)[0] == 0
    for name in FILES:
        assert (tmp_path / f"brugge-{name}.pdf").read_bytes() == (card_sets[("brugge", "a4")] / f"brugge-{name}.pdf").read_bytes()


@pytest.mark.parametrize("args,message", [
    (["--city", "gent"], "unknown city 'gent'"),
    (["--city", "brugge", "--back-offset-mm", "1"], "two numbers"),
    (["--city", "brugge", "--back-offset-mm", "a,b"], "two numbers"),
    (["--city", "brugge", "--back-offset-mm", "20,0"], "±10"),
    (["--city", "brugge", "--paper", "a3"], "unknown paper"),
])
def test_bad_options_exit_2_without_output(run, tmp_path: Path, args: list[str], message: str) -> None:
    """Bad options print one error paragraph, exit 2, and leave no file behind."""
    code, stdout, stderr = run("cards", *args, "--out", tmp_path)
    assert code == 2 and stdout == ""
    assert message in stderr.replace("\n", " ") and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_missing_output_folder_is_created(run, tmp_path: Path) -> None:
    """An --out folder that does not exist yet is made, with its missing parents."""
    code, _, stderr = run("cards", "--city", "brugge", "--out", tmp_path / "new" / "cards")
    assert code == 0, stderr
    assert len(list((tmp_path / "new" / "cards").glob("*.pdf"))) == 4


def test_the_longest_link_a_city_may_have_prints_and_scans_and_one_byte_more_is_refused(run, tmp_path: Path) -> None:
    """A location link of MAX_URL_BYTES bytes fits its start card's QR room at a readable module
    and decodes; a longer one is refused when the city loads, not when the cards are printed."""
    import shutil

    from generator.data.cities import MAX_URL_BYTES
    from generator.render.cards import MIN_MODULE, QR_ROOM
    from generator.render.qr import qr_matrix
    from tiny import TINY

    city = tmp_path / "city"
    shutil.copytree(TINY, city)
    text = (city / "map.yaml").read_text()
    first = "https://example.org/start-square"
    longest = "https://example.org/é" + "x" * (MAX_URL_BYTES - len("https://example.org/é".encode()))
    assert len(longest.encode()) == MAX_URL_BYTES
    assert qr_matrix(longest).modules * MIN_MODULE <= QR_ROOM
    (city / "map.yaml").write_text(text.replace(first, longest, 1))
    out = tmp_path / "out"
    out.mkdir()
    code, _, stderr = run("cards", "--city", city, "--out", out)
    assert code == 0, stderr
    document = pypdfium2.PdfDocument(str(next(out.glob("*start-cards.pdf"))))
    try:
        image = document[0].render(scale=300 / 72).to_pil()
        assert longest in [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
    finally:
        document.close()

    too_long = tmp_path / "too-long"  # another folder: a loaded city is cached by its folder
    shutil.copytree(TINY, too_long)
    (too_long / "map.yaml").write_text(text.replace(first, longest + "y", 1))
    code, _, stderr = run("cards", "--city", too_long, "--out", tmp_path)
    assert code == 2 and "QR code holds at most 180" in " ".join(stderr.split())


@pytest.mark.parametrize("depth,shown", [(2, "whole"), (8, "FOLDER")])
def test_a_city_given_by_a_long_path_gets_a_command_that_fits(run, tmp_path: Path, depth: int, shown: str) -> None:
    """A 300-character city path prints whole (cut over lines); a 900-character one as FOLDER, explained."""
    import shutil

    from tiny import TINY

    city = tmp_path.joinpath(*[f"{k}-" + "a-long-folder-name-" * 6 for k in range(depth)], "tiny-city")
    shutil.copytree(TINY, city)
    out = tmp_path / "out"
    code, _, stderr = run("cards", "--city", city, "--out", out)
    assert code == 0, stderr
    path = next(out.glob("*card-alignment.pdf"))
    text = page_text(path, 0)
    if shown == "whole":
        assert f"citytrip cards --city {city} --back-offset-mm X,Y".replace(" ", "") in "".join(text.split())
    else:
        assert len(str(city)) > 900
        assert "citytrip cards --city FOLDER --back-offset-mm X,Y" in words_of(text)
        assert "where FOLDER is the city's folder" in words_of(text)
    assert [str(f) for f in audit(path)] == []
