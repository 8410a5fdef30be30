"""Reference cards: `citytrip reference` PDFs and the card layout."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from print_audit import audit
from ruler_check import ruler_faults

from generator.data.cities import load_city
from generator.errors import DataError
from generator.render.pdf import PAPERS
from generator.render.reference import card_slots, content_box, fit_card
from generator.render.reference_template import load_reference
from generator.render.template import TEMPLATES

from .conftest import all_text, assert_print_ready, read_pdf, words_of

CASES = [("citytrip", "brugge"), ("citytrip", "antwerpen"), ("bruges", "en"), ("bruges", "fr"), ("bigcity", "standard")]


def _card_text(pdf: Path, paper: str, index: int) -> str:
    """The text of the card in slot `index` (0-3) of page one, read from its box only: the two
    columns of cards would otherwise interleave line by line."""
    import pdfplumber

    slot = card_slots(PAPERS[paper])[index]
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        box = (slot.x, page.height - slot.y - slot.height, slot.x + slot.width, page.height - slot.y)
        return page.crop(box).extract_text() or ""


def _plain(text: str) -> str:
    """Template text as it reads on paper: no ** markers, icons replaced by their glyphs."""
    return words_of(text.replace("**", ""))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,variant", CASES)
def test_reference_pdf_pages_size_and_text(run, tmp_path: Path, game: str, variant: str, paper: str) -> None:
    """Cards print four to a page, on the paper's size, with every title and table header."""
    out = tmp_path / "ref.pdf"
    code, _, stderr = run("reference", "--game", game, "--variant", variant, "--paper", paper, "--out", out)
    assert (code, stderr) == (0, "")
    template = load_reference(TEMPLATES / "reference" / f"{game}.yaml", variant)
    reader = read_pdf(out)
    assert_print_ready(reader, paper, pages=math.ceil(len(template.cards) / 4))
    text = words_of(all_text(out))
    for card in template.cards:
        assert card.title in text
        for block in card.blocks:
            if block.kind == "heading":
                assert _plain(block.items[0]) in text
            if block.kind == "table":
                for cell in block.header:
                    assert _plain(cell) in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,variant", CASES)
def test_every_aid_passes_the_print_audit_and_has_a_clear_ruler(run, tmp_path: Path, game: str, variant: str,
                                                                paper: str) -> None:
    """Issue 15, items 1 and 7: no glyph under 6 pt (the footers were 5.5), nothing within 5 mm
    of the edge, every font embedded, and on every page a 50-mm ruler no cut line crosses."""
    out = tmp_path / "ref.pdf"
    code, _, stderr = run("reference", "--game", game, "--variant", variant, "--paper", paper, "--out", out)
    assert (code, stderr) == (0, "")
    assert [str(f) for f in audit(out)] == []
    assert ruler_faults(out) == []


@pytest.mark.parametrize("game,variant", CASES)
def test_player_pages_cite_no_files_rules_or_seeds(run, tmp_path: Path, game: str, variant: str) -> None:
    """Issue 15, item 3: a player's page names no file path, no rule number '(R…', no 'seed' and
    no 'bound' (Antwerpen's solo card pointed at maps/antwerpen/levels.yaml)."""
    run("scorepad", "--game", game, "--variant", variant, "--out", tmp_path / "pad.pdf")
    run("reference", "--game", game, "--variant", variant, "--out", tmp_path / "ref.pdf")
    for pdf in ("pad.pdf", "ref.pdf"):
        text = words_of(all_text(tmp_path / pdf))
        for word in (".yaml", "maps/", "(R1", "(R2", "(R3", "(R4", "(R5", "(R6", "(R7", "(R8", "(R9", "seed", "bound"):
            assert word not in text, (pdf, word)


@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_each_city_speaks_its_own_rulebook(run, tmp_path: Path, city: str) -> None:
    """Issue 15, item 2: the Antwerpen pad and aid say missions, rush actions and rating, never
    hunted, assignment or appreciation; Brugge's the reverse (words from maps/<city>/words.yaml)."""
    run("scorepad", "--game", "citytrip", "--city", city, "--out", tmp_path / "pad.pdf")
    run("reference", "--game", "citytrip", "--city", city, "--out", tmp_path / "ref.pdf")
    text = (all_text(tmp_path / "pad.pdf") + " " + all_text(tmp_path / "ref.pdf")).lower()
    own, other = {"brugge": (("assignment", "hunted", "appreciation"), ("rush", "mission", "rating")),
                  "antwerpen": (("mission", "rush", "rating"), ("hunted", "assignment", "appreciation"))}[city]
    for word in own:
        assert word in text
    for word in other:
        assert word not in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_solo_table_is_the_citys_levels(run, tmp_path: Path, city: str, paper: str) -> None:
    """Issue 15, item 3: each city's aid prints every solo level from its levels data: level,
    start card as the card prints it (03), the assignment cards by type and number, the target."""
    out = tmp_path / "ref.pdf"
    run("reference", "--game", "citytrip", "--city", city, "--paper", paper, "--out", out)
    lines = {words_of(line) for line in _card_text(out, paper, 3).splitlines()}
    data = load_city(city)
    assert len(data.levels) == 15
    for level in data.levels.values():
        cards = ", ".join(sorted(level.assignments, key=lambda key: (data.assignments[key].type, key)))
        assert f"{level.level} {level.start:02d} {cards} {level.target}" in lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["nl", "fr"])
@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_solo_table_rows_stay_on_one_line_beside_the_qr_code(run, tmp_path: Path, city: str, lang: str,
                                                             paper: str) -> None:
    """In Dutch and French, beside the QR code to the levels page, each level is one line of the
    table: a level's four cards wrapped under it read as another row (Letter paper did). The table
    may be a little smaller for it, never under 6 pt."""
    import pdfplumber

    out = tmp_path / "ref.pdf"
    status, _, err = run("reference", "--game", "citytrip", "--city", city, "--lang", lang, "--paper", paper,
                         "--base-url", "https://example.org/citytrip", "--out", out)
    assert status == 0, err
    lines = {words_of(line) for line in _card_text(out, paper, 3).splitlines()}
    data = load_city(city)
    for level in data.levels.values():
        cards = ", ".join(sorted(level.assignments, key=lambda key: (data.assignments[key].type, key)))
        row = f"{level.level} {level.start:02d} {cards} {level.target}"
        # the QR code's caption beside rows 5-7 is read on their text lines, after them
        assert any(line == row or line.startswith(row + " ") for line in lines), (row, sorted(lines))
    slot = card_slots(PAPERS[paper])[3]
    with pdfplumber.open(out) as document:
        page = document.pages[0]
        box = (slot.x, page.height - slot.y - slot.height, slot.x + slot.width, page.height - slot.y)
        sizes = [char["size"] for char in page.crop(box).chars if char["text"].strip()]
    assert min(sizes) >= 6 - 1e-6


def test_brugge_aid_says_what_marks_a_bridge(run, tmp_path: Path) -> None:
    """Issue 15, item 4: every photo icon is the same blue, so the aid names the bridge symbol
    standing in the water (how the sheet draws a bridge), not 'blue symbols'."""
    run("reference", "--game", "citytrip", "--city", "brugge", "--out", tmp_path / "ref.pdf")
    text = words_of(all_text(tmp_path / "ref.pdf"))
    assert "Blue symbols" not in text and "symbols standing in the water" in text


def test_big_city_aid_fills_four_cards_with_park_and_factory_placement(run, tmp_path: Path) -> None:
    """Issue 15, item 6: no blank card, and the seed's placement rule: a park or factory goes on
    the outskirts, a park with at most 1 property there, a factory with 2."""
    template = load_reference(TEMPLATES / "reference" / "bigcity.yaml")
    assert len(template.cards) == 4
    run("reference", "--game", "bigcity", "--out", tmp_path / "ref.pdf")
    # Compared without spaces: a bold run's edge loses its space in text extraction.
    text = "".join(_card_text(tmp_path / "ref.pdf", "a4", 3).split())
    for sentence in ("It goes on the outskirts of the city.", "A park may have at most 1 of its properties on the outskirts.",
                     "A factory may have 2 of its properties on the outskirts."):
        assert "".join(sentence.split()) in text


def test_levels_block_needs_a_city(tmp_path: Path) -> None:
    """A solo table without a city to read the levels from is a DataError at its key."""
    file = tmp_path / "bad.yaml"
    file.write_text("title: Bad\nvariants:\n  v:\n    label: Bad\n    cards:\n      - title: C\n        blocks:\n"
                    "          - levels: [Level, Start, Cards, Target]\n")
    with pytest.raises(DataError) as caught:
        load_reference(file)
    assert caught.value.path == "variants.v.cards[0].blocks[0].levels" and "city" in str(caught.value)


def test_bruges_french_variant_is_labelled(run, tmp_path: Path) -> None:
    """Ruling B1: the French summary's rules print only under a variant label; English is the default."""
    run("reference", "--game", "bruges", "--out", tmp_path / "en.pdf")
    run("reference", "--game", "bruges", "--variant", "fr", "--out", tmp_path / "fr.pdf")
    english, french = words_of(all_text(tmp_path / "en.pdf")), words_of(all_text(tmp_path / "fr.pdf"))
    assert "5 or 6" in english and "French" not in english
    assert "1 or 2" in french and "French variant" in french and "Variant from the French rules summary" in french


def test_reference_is_reproducible_with_preview(run, tmp_path: Path) -> None:
    """Two runs write identical bytes; --preview adds a PNG of page one."""
    run("reference", "--game", "citytrip", "--out", tmp_path / "a.pdf", "--preview")
    run("reference", "--game", "citytrip", "--out", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,variant", CASES)
def test_every_card_fits_its_box(game: str, variant: str, paper: str) -> None:
    """Each shipped card fits its box at 8 pt or more (shrink to fit keeps them readable)."""
    template = load_reference(TEMPLATES / "reference" / f"{game}.yaml", variant)
    width, height = content_box(card_slots(PAPERS[paper])[0])
    for card in template.cards:
        layout = fit_card(template, card, width, height)
        assert layout.height <= height and layout.size >= 8
        for item in layout.items:
            x = getattr(item, "dx", getattr(item, "x", 0))
            assert -0.01 <= x <= width


def test_cards_stay_inside_the_page() -> None:
    """The four card boxes lie inside the margins and do not overlap."""
    for paper in PAPERS.values():
        slots = card_slots(paper)
        for slot in slots:
            assert 0 < slot.x and slot.x + slot.width < paper.width
            assert 0 < slot.y and slot.y + slot.height < paper.height
        assert slots[0].x + slots[0].width < slots[1].x and slots[2].y + slots[2].height < slots[0].y


def test_overfull_card_is_a_data_error_naming_it(tmp_path: Path) -> None:
    """A card with more text than fits even at the smallest size is refused, not clipped."""
    file = tmp_path / "long.yaml"
    long = " ".join(["word"] * 3000)
    file.write_text(f"title: Long\nvariants:\n  v:\n    label: Long\n    cards:\n      - title: Too much\n        blocks:\n          - text: {long}\n")
    template = load_reference(file)
    width, height = content_box(card_slots(PAPERS["a4"])[0])
    with pytest.raises(DataError) as caught:
        fit_card(template, template.cards[0], width, height)
    assert caught.value.path == "variants.v.cards[0]" and "Too much" in str(caught.value)


@pytest.mark.parametrize(
    "block,where",
    [
        ("{paragraph: x}", "variants.v.cards[0].blocks[0].paragraph"),
        ("{text: 'see :no-such-icon:'}", "variants.v.cards[0].blocks[0].text"),
        ("{text: '**unbalanced'}", "variants.v.cards[0].blocks[0].text"),
        ("{table: {header: [a, b], rows: [[1]]}}", "variants.v.cards[0].blocks[0].table.rows[0]"),
        ("{text: a, bullets: [b]}", "variants.v.cards[0].blocks[0]"),
    ],
)
def test_reference_template_errors_name_the_key(tmp_path: Path, block: str, where: str) -> None:
    """Reference template mistakes are DataErrors with the key path."""
    file = tmp_path / "bad.yaml"
    file.write_text(f"title: Bad\nvariants:\n  v:\n    label: Bad\n    cards:\n      - title: C\n        blocks:\n          - {block}\n")
    with pytest.raises(DataError) as caught:
        load_reference(file)
    assert caught.value.path == where


def test_reference_bad_game_exits_2(run, tmp_path: Path) -> None:
    """An unknown game is exit 2 and writes nothing."""
    code, _, stderr = run("reference", "--game", "monopoly", "--out", tmp_path / "r.pdf")
    assert code == 2 and "unknown game" in " ".join(stderr.split())
    assert list(tmp_path.iterdir()) == []


# --- Languages (issue 19): the aids in English, Dutch and French, and the catalog's messages ------

def _headings(template) -> list[str]:
    return [card.title for card in template.cards] + [
        _plain(block.items[0]) for card in template.cards for block in card.blocks if block.kind == "heading"]


@pytest.mark.parametrize("lang", ["nl", "fr"])
@pytest.mark.parametrize("game,variant", CASES)
def test_aid_prints_in_the_language_asked(run, tmp_path: Path, game: str, variant: str, lang: str) -> None:
    """Issue 19: with --lang the cards' titles, headings and footers are the translation (read
    back from the PDF), the English ones the language words differently are gone, and every page
    passes the print audit (no glyph under 6 pt, no word out of its box or over another)."""
    from generator.language import speaking

    out = tmp_path / "ref.pdf"
    code, _, stderr = run("reference", "--game", game, "--variant", variant, "--lang", lang, "--out", out)
    assert (code, stderr) == (0, "")
    text = words_of(all_text(out))
    english = load_reference(TEMPLATES / "reference" / f"{game}.yaml", variant)
    with speaking(lang):
        translated = load_reference(TEMPLATES / "reference" / f"{game}.yaml", variant)
    for mine, theirs in zip(_headings(translated), _headings(english)):
        assert mine in text
        if mine != theirs:
            assert theirs not in text, (lang, theirs)
    assert {"nl": "· spelhulp", "fr": "· aide de jeu"}[lang] in text and "player aid" not in text
    assert [str(f) for f in audit(out)] == []


def test_bruges_aid_in_french_speaks_seed_003(run, tmp_path: Path) -> None:
    """The French aid of the English rulebook's rules uses the French summary's own words (seed
    003): jetons Menace, florins, ouvriers, piste de réputation, décompte final, premier joueur."""
    run("reference", "--game", "bruges", "--lang", "fr", "--out", tmp_path / "fr.pdf")
    text = words_of(all_text(tmp_path / "fr.pdf"))
    for words in ("jeton Menace", "florins", "ouvriers", "piste de réputation", "Décompte final", "premier joueur",
                  "Jetons de", "majorité"):
        assert words in text, words
    assert "5 ou 6" in text and "Threat" not in text and "guilders" not in text


@pytest.mark.parametrize("kind,load", [("reference", load_reference), ("scorepad", None)])
def test_every_printed_template_text_is_a_catalog_message(monkeypatch: pytest.MonkeyPatch, kind: str, load) -> None:
    """Issue 19: the texts a template loader translates are exactly the messages Babel extracts
    from that template (generator/messages.py, babel.cfg): none printed untranslated for want of
    extraction, and no icon name, row kind or bare placeholder in the catalog."""
    from generator import messages
    from generator.render.scorepad_template import load_scorepad

    load = load or load_scorepad
    for file in sorted((TEMPLATES / kind).glob("*.yaml")):
        with file.open("rb") as stream:
            extracted = {message for _, _, message, _ in messages.extract_yaml(stream, (), (), {})}
        looked_up: list[str] = []
        monkeypatch.setattr(messages, "_", lambda text: looked_up.append(text) or text)
        load(file)  # reads (and translates) every variant of the file
        assert set(looked_up) == extracted, file.name


def test_extractor_skips_what_reads_the_same_in_every_language(tmp_path: Path) -> None:
    """Numbers, Roman numerals, bare placeholders and icon-only cells are not messages, nor are
    icon names and kinds; words, words around a placeholder or an icon, and table cells are."""
    from generator.messages import extract_yaml

    file = tmp_path / "t.yaml"
    file.write_text(
        "title: Game\nrows:\n  - {label: '{category:event}', kind: score, icon: gift, hint: 'per {assignment}'}\n"
        "cards:\n  - title: Turn\n    blocks:\n      - table:\n          header: ['', Action]\n"
        "          rows: [[IV, ':camera: :camera:'], ['2', ':user: People']]\n      - bullets: [Draw a card.]\n")
    with file.open("rb") as stream:
        found = sorted(message for _, _, message, _ in extract_yaml(stream, (), (), {}))
    assert found == [":user: People", "Action", "Draw a card.", "Game", "Turn", "per {assignment}"]


def test_reference_language_names_the_file_and_refuses_unknown_ones(run, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --out a French aid is output/<game>[-<variant>]-reference-fr.pdf beside the English
    one; an unknown --lang is exit 2 with the languages named and nothing written."""
    monkeypatch.chdir(tmp_path)
    assert run("reference", "--game", "citytrip", "--city", "antwerpen", "--lang", "fr")[0] == 0
    assert run("reference", "--game", "citytrip", "--city", "antwerpen", "--lang", "en")[0] == 0
    code, _, stderr = run("reference", "--game", "bigcity", "--lang", "es")
    assert code == 2 and "nl (Dutch)" in " ".join(stderr.split()) and "Traceback" not in stderr
    assert sorted(path.name for path in (tmp_path / "output").iterdir()) == [
        "citytrip-antwerpen-reference-fr.pdf", "citytrip-antwerpen-reference.pdf"]
