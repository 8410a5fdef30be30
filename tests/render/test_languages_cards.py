"""Fill-in sheets, cards and the kit in Dutch and French: `--lang` changes every printed word,
long words shrink or wrap within their boxes, names and reruns stay put (issue 19)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pytest
import zxingcpp
from print_audit import audit
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.data.cities import load_city
from generator.language import speaking
from generator.render.card_layout import PER_PAGE
from generator.render.pdf import FONT, MIN_TEXT, PAPERS, register_fonts
from generator.render.wording import location_url
from generator.render.wrap import fit_words, wrap_fitting, wrap_words

from .conftest import all_text, words_of


def _sheet_text(path: Path, page: int = 0) -> str:
    """A sheet page's text with whitespace collapsed (pdfium keeps the legend's lines whole)."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        return words_of(document[page].get_textpage().get_text_range())
    finally:
        document.close()


def _has_words(words: str, text: str) -> bool:
    """Whether `words` occur in `text` as whole words ("Legend" is not in "Legende")."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text) is not None


# (language, words a sheet must print, English words it must not)
SHEET_WORDS = [
    ("nl", ["Legende: gevorderd spel", "Beurt", "Naam", "16 kaarten: 15 beurten", "bij het 3e, 6e en 9e doel",
            "Hoogstens 6", "het laatst doorgestreepte vakje is de score"],
     ["Legend", "Turn", "Name", "cards:", "the last box crossed"]),
    ("fr", ["Légende : jeu avancé", "Tour", "Nom", "16 cartes : 15 tours", "au 3e, 6e et 9e objectif",
            "Au plus 6", "la dernière case barrée donne le score"],
     ["Legend", "Turn", "Name", "cards:", "the last box crossed"]),
]


@pytest.mark.parametrize("lang,present,absent", SHEET_WORDS)
def test_sheet_prints_the_languages_words_and_not_the_english_ones(run, tmp_path: Path, lang: str,
                                                                   present: list[str], absent: list[str]) -> None:
    """--lang nl|fr: the legend, the turn tracker, the name field and the hunted strip speak that
    language (read back from the PDF), with no English label left; the PDF's title too."""
    out = tmp_path / "sheet.pdf"
    assert run("sheets", "--city", "brugge", "--mode", "advanced", "--lang", lang, "--out", out) == (0, f"{out}\n", "")
    text = _sheet_text(out)
    for words in present:
        assert words in text, words
    for words in absent:
        assert not _has_words(words, text), words
    title = pypdf.PdfReader(out).metadata.title
    assert title == {"nl": "Citytrip Brugge speelbladen", "fr": "Citytrip Brugge feuilles de jeu"}[lang]


def test_english_stays_the_default(run, tmp_path: Path) -> None:
    """Without --lang (a shipped city names no language of its own) the sheet is English, as before."""
    out = tmp_path / "sheet.pdf"
    assert run("sheets", "--city", "antwerpen", "--mode", "advanced", "--out", out)[0] == 0
    text = _sheet_text(out)
    assert "Legend: game for advanced players" in text and "at a strip's 3rd, 6th and 9th goal" in text


@pytest.fixture(scope="module")
def card_sets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Brugge's card PDFs in Dutch and in French (Letter, where the alignment panel is tightest)."""
    from generator.cli import main

    folders = {}
    for lang in ("nl", "fr"):
        folder = tmp_path_factory.mktemp(f"cards-{lang}")
        assert main(["cards", "--city", "brugge", "--paper", "letter", "--lang", lang, "--out", str(folder)]) == 0
        folders[lang] = folder
    return folders


CARD_WORDS = {
    "nl": {"start-cards": (["START 01", "Scan voor meer:"], ["Scan for more"]),
           "assignment-cards": (["Als eerste 5 doelen halen", "Telt tijdens het spel", "Telt aan het einde van het spel",
                                 "Punten per set", "1e", "2e", "later"], ["Scored", "First to", "1st"]),
           "card-alignment": (["Uitlijntest dubbelzijdig printen voor de actiekaarten",
                               "citytrip cards --city brugge --back-offset-mm X,Y --paper letter --lang nl"],
                              ["Print this page", "Hold this side"])},
    "fr": {"start-cards": (["DÉPART 01", "En savoir plus :"], ["START", "Scan for more"]),
           "assignment-cards": (["Premier à 5 objectifs", "Compté en cours de partie", "Compté en fin de partie",
                                 "Points par série", "1er", "2e", "ensuite"], ["Scored", "First to", "1st"]),
           "card-alignment": (["Test d’alignement recto verso des cartes action",
                               "citytrip cards --city brugge --back-offset-mm X,Y --paper letter --lang fr"],
                              ["Print this page", "Hold this side"])},
}


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_cards_print_the_languages_words_under_names_with_its_suffix(card_sets: dict[str, Path], lang: str) -> None:
    """Start cards, assignment cards and the alignment page speak --lang (its reprint command asks
    for the same language); the files end in -nl/-fr, so they never overwrite the English ones."""
    folder = card_sets[lang]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"brugge-{name}-{lang}.pdf" for name in ("start-cards", "action-cards", "assignment-cards", "card-alignment"))
    for name, (present, absent) in CARD_WORDS[lang].items():
        text = words_of(all_text(folder / f"brugge-{name}-{lang}.pdf"))
        for words in present:
            assert words in text, (name, words)
        for words in absent:
            assert not _has_words(words, text), (name, words)
    title = pypdf.PdfReader(folder / f"brugge-start-cards-{lang}.pdf").metadata.title
    assert title == {"nl": "Citytrip Brugge startkaarten", "fr": "Citytrip Brugge cartes de départ"}[lang]


# Their print audit: the Dutch and French kits' in tests/render/test_print_audit.py (the same
# card PDFs, tests/render/test_kit.py).


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_start_card_qr_codes_lead_to_the_page_in_the_cards_language(card_sets: dict[str, Path], lang: str) -> None:
    """A Dutch or French start card's QR code decodes to the location's link in that language where
    the city data gives one (the Dutch or French article), else to its one link; and the card's
    "learn more" line names that link's host."""
    city = load_city("brugge")
    cards = [city.start_cards[n] for n in sorted(city.start_cards)]
    with speaking(lang):
        expected = [location_url(card.location) for card in cards]
    # The shipped Brugge start cards: 20 Dutch and 13 French articles (docs/formats.md).
    assert sum(url.startswith(f"https://{lang}.wikipedia.org/") for url in expected) >= 13
    document = pypdfium2.PdfDocument(str(card_sets[lang] / f"brugge-start-cards-{lang}.pdf"))
    try:
        for index in range(len(document)):
            image = document[index].render(scale=200 / 72).to_pil()
            found = sorted(r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))
            assert found == sorted(expected[index * PER_PAGE:(index + 1) * PER_PAGE]), index
    finally:
        document.close()
    text = words_of(all_text(card_sets[lang] / f"brugge-start-cards-{lang}.pdf"))
    assert text.count(f"{lang}.wikipedia.org") >= sum(f"//{lang}.wikipedia.org/" in url for url in expected)


def test_dutch_rerun_gives_identical_bytes(run, tmp_path: Path, card_sets: dict[str, Path]) -> None:
    """The same Dutch command twice writes the same bytes, for the cards and for a sheet pad."""
    assert run("cards", "--city", "brugge", "--paper", "letter", "--lang", "nl", "--out", tmp_path)[0] == 0
    for pdf in card_sets["nl"].glob("*.pdf"):
        assert (tmp_path / pdf.name).read_bytes() == pdf.read_bytes(), pdf.name
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    for out in (one, two):
        assert run("sheets", "--city", "antwerpen", "--mode", "both", "--lang", "nl", "--out", out)[0] == 0
    assert one.read_bytes() == two.read_bytes()


@pytest.mark.parametrize("command", ["sheets", "cards", "kit"])
def test_an_unknown_language_is_refused_before_anything_is_written(run, tmp_path: Path, monkeypatch,
                                                                   command: str) -> None:
    """--lang xx: exit 2, one paragraph naming the three languages, no traceback, no file."""
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = run(command, "--city", "brugge", "--lang", "xx")
    assert (code, stdout) == (2, "")
    assert "unknown language 'xx'" in stderr and "nl (Dutch)" in stderr and "fr (French)" in stderr
    assert "Traceback" not in stderr and "\n\n" not in stderr.strip()
    assert list(tmp_path.iterdir()) == []


def test_default_sheet_names_gain_the_languages_suffix(run, tmp_path: Path, monkeypatch) -> None:
    """output/brugge-sheets-basic.pdf in English, -nl.pdf in Dutch, -fr.pdf in French: side by side."""
    monkeypatch.chdir(tmp_path)
    for lang in ("en", "nl", "fr"):
        assert run("sheets", "--city", "brugge", "--lang", lang)[0] == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "brugge-sheets-basic-fr.pdf", "brugge-sheets-basic-nl.pdf", "brugge-sheets-basic.pdf"]


def test_kits_in_two_languages_share_a_folder(run, tmp_path: Path) -> None:
    """An English and a French kit in one folder: every file twice, the French README in French
    with its files' names and a reprint command that asks for French."""
    assert run("kit", "--city", "antwerpen", "--count", "1", "--out", tmp_path)[0] == 0
    english = sorted(p.name for p in tmp_path.iterdir())
    assert run("kit", "--city", "antwerpen", "--count", "1", "--lang", "fr", "--out", tmp_path)[0] == 0
    french = sorted(set(p.name for p in tmp_path.iterdir()) - set(english))
    assert len(english) == len(french) == 9
    assert french == sorted(name.replace(".", "-fr.", 1) for name in english)
    readme = (tmp_path / "README-fr.txt").read_text(encoding="utf-8")
    assert "kit à imprimer et jouer" in readme and "antwerpen-card-alignment-fr.pdf" in readme
    assert "citytrip cards --city antwerpen --back-offset-mm X,Y --lang fr" in readme
    assert "Print every PDF" in (tmp_path / "README.txt").read_text(encoding="utf-8")


# --- long words fit their boxes --------------------------------------------------------------------

LONG = "Onze-Lieve-Vrouwekathedraalbezienswaardigheden"


def test_a_word_too_wide_even_at_6_pt_is_broken_with_hyphens_and_every_line_fits() -> None:
    """fit_words shrinks first (never under the floor); a word still too wide is broken, after one
    of its own hyphens where it can be; a text whose words fit wraps as wrap_words wraps it."""
    register_fonts()
    text = f"Bezoek de {LONG} van Antwerpen"
    size, lines = fit_words(text, 60, FONT, 8, MIN_TEXT)
    assert size == MIN_TEXT
    assert all(stringWidth(line, FONT, size) <= 60 for line in lines)
    assert "".join(lines).replace("-", "").replace(" ", "") == text.replace("-", "").replace(" ", "")
    assert any(line.endswith("Onze-") or line.endswith("Lieve-") for line in lines)
    plain = "the score column and the assignment points"
    assert wrap_fitting(plain, 60, FONT, 6) == wrap_words(plain, 60, FONT, 6)
    assert fit_words("Restaurant", 60, FONT, 8, MIN_TEXT) == (8, ["Restaurant"])
    # A French no-break space binds "légende" to its colon.
    assert all(not line.startswith(":") for line in wrap_words("une très longue légende\u00a0: un", 50, FONT, 6))


def _long_words(monkeypatch) -> None:
    """The city's words, names, labels and descriptions made long, as a Dutch edition may have them."""
    import generator.render.cards as cards
    import generator.render.sheet as sheet
    import generator.render.sheet_strips as strips
    import generator.render.wording as wording

    def words(city):
        return dataclasses.replace(city.words, assignment="opdracht", assignments="opdrachten",
                                   hunted_action="opgejaagde actie", hunted_actions="opgejaagde acties",
                                   appreciation="waarderingspunten")

    def label(category):
        return f"Fotografeer en bezoek {category.name}bezienswaardigheden, evenementen en streekproducten"

    def fills(city):
        own = dataclasses.asdict(words(city))
        return {**wording.city_fills(city), **own, **{wording.capital(k): wording.capital(v) for k, v in own.items()}}

    for module in (cards, sheet, strips):
        for name, value in (("city_words", words), ("category_label", label), ("city_fills", fills),
                            ("location_name", lambda location: f"{location.name} {LONG}"),
                            ("start_description", lambda card: card.description * 2)):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, value)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_dutch_words_shrink_or_wrap_inside_their_boxes(tmp_path: Path, monkeypatch, paper: str) -> None:
    """With every name and label far longer than the English ones, the advanced sheet, the start
    cards and the assignment cards pass the print audit (nothing under 6 pt, no word out of its box,
    nothing printed over anything) and lose no letter of a name."""
    from generator.render.cards import render_assignment_cards, render_start_cards
    from generator.render.sheet import render_sheets

    _long_words(monkeypatch)
    city = load_city("brugge")
    with speaking("nl"):
        pdfs = [render_sheets(city, "advanced", 1, PAPERS[paper], tmp_path / "sheet.pdf"),
                render_start_cards(city, PAPERS[paper], tmp_path / "start.pdf"),
                render_assignment_cards(city, PAPERS[paper], tmp_path / "assignments.pdf")]
    for pdf in pdfs:
        assert [str(f) for f in audit(pdf)] == [], pdf.name
    with pdfplumber.open(pdfs[1]) as document:
        letters = "".join(document.pages[0].extract_text().split()).replace("-", "")
    assert LONG.replace("-", "") in letters
