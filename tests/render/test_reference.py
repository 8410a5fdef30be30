"""Reference cards: `citytrip reference` PDFs and the card layout."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.errors import DataError
from generator.render.pdf import PAPERS
from generator.render.reference import card_slots, content_box, fit_card
from generator.render.reference_template import load_reference
from generator.render.template import TEMPLATES

from .conftest import all_text, assert_print_ready, read_pdf, words_of

CASES = [("citytrip", "brugge"), ("citytrip", "antwerpen"), ("bruges", "en"), ("bruges", "fr"), ("bigcity", "standard")]


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
