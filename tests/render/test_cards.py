"""Game cards: `citytrip cards` PDFs, QR codes that scan, mirrored backs, crop marks, bad options."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
import zxingcpp
from reportlab.lib.units import mm

from generator.data.cities import load_city
from generator.render.cards import CARD_H, CARD_W, MARK_GAP, PER_PAGE, card_slots
from generator.render.pdf import PAPERS

from .conftest import PAPER_POINTS, read_pdf

FILES = {"start-cards": 3, "action-cards": 6, "assignment-cards": 5, "card-alignment": 2}


@pytest.fixture(scope="module")
def card_sets(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """The card PDFs of both cities on A4, and of Brugge on Letter, written once for this module."""
    from generator.cli import main

    folders = {}
    for city, paper in [("brugge", "a4"), ("antwerpen", "a4"), ("brugge", "letter")]:
        folder = tmp_path_factory.mktemp(f"{city}-{paper}")
        assert main(["cards", "--city", city, "--paper", paper, "--out", str(folder)]) == 0
        folders[(city, paper)] = folder
    return folders


@pytest.mark.parametrize("key", [("brugge", "a4"), ("antwerpen", "a4"), ("brugge", "letter")])
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


@pytest.mark.parametrize("key", [("brugge", "a4"), ("antwerpen", "a4"), ("brugge", "letter")])
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


def test_half_icons_show_the_other_face(card_sets) -> None:
    """R7: each face has 6 icon glyphs per box row at most, and its half icons name the other face's types."""
    from generator.render.icon_scheme import load_icon_scheme
    from generator.render.icons import icon_text

    city = load_city("brugge")
    scheme = load_icon_scheme()
    path = card_sets[("brugge", "a4")] / "brugge-action-cards.pdf"
    slot = card_slots(PAPERS["a4"])[0]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        # The half icons are drawn centred on the card's left cut line: their glyphs start left of it.
        chars = [c for c in page.chars if c["x0"] < slot.x < c["x1"] and page.height - (slot.y + CARD_H) < c["top"]
                 and c["bottom"] < page.height - slot.y]
    chars.sort(key=lambda c: c["top"])
    expected = [icon_text(scheme.actions[t.value].icon) for t in city.action_cards[1].half_icons("A")]
    assert [c["text"] for c in chars] == expected


def test_crop_marks_sit_in_the_margin(card_sets) -> None:
    """Crop marks extend every cut line into the margin, never into the card block."""
    path = card_sets[("brugge", "letter")] / "brugge-start-cards.pdf"
    slots = card_slots(PAPERS["letter"])
    left, bottom = slots[6].x, slots[6].y
    right, top = left + 3 * CARD_W, bottom + 3 * CARD_H
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        height = page.height
        marks = [ln for ln in page.lines if ln["x1"] <= left - MARK_GAP + 0.1 or ln["x0"] >= right + MARK_GAP - 0.1
                 or height - ln["top"] <= bottom - MARK_GAP + 0.1 or height - ln["bottom"] >= top + MARK_GAP - 0.1]
    assert len(marks) == 4 * 4  # 4 cut lines each way, a mark at both ends


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
