"""The per-city wording table (maps/<city>/words.yaml): each edition's own words, checked on load."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.data.cities import load_city
from generator.errors import DataError
from generator.rules.city import Words
from tiny import TINY


def test_each_city_speaks_its_rulebook() -> None:
    """Brugge's rulebook says assignments, hunted actions, appreciation; Antwerpen's says missions,
    rush actions, rating (seed 001)."""
    brugge, antwerpen = load_city("brugge").words, load_city("antwerpen").words
    assert (brugge.assignments, brugge.hunted_actions, brugge.appreciation) == (
        "assignments", "hunted actions", "appreciation")
    assert (antwerpen.assignments, antwerpen.hunted_actions, antwerpen.appreciation) == (
        "missions", "rush actions", "rating")


def test_a_city_without_words_yaml_uses_the_brugge_words_and_a_partial_table_fills_in(tmp_path: Path) -> None:
    plain, partial = tmp_path / "plain", tmp_path / "partial"  # two folders: cities are cached by folder
    shutil.copytree(TINY, plain)
    shutil.copytree(TINY, partial)
    (partial / "words.yaml").write_text("appreciation: score\n")
    assert load_city(str(plain)).words == Words()
    assert load_city(str(partial)).words == Words(appreciation="score")


@pytest.mark.parametrize("text, message", [
    ("appreciation: [a]\n", "expected text"),
    ("praise: nice\n", "praise"),
    ("appreciation: " + "x" * 41 + "\n", "at most 40 characters"),
    ("appreciation: ''\n", "words.yaml"),
])
def test_a_bad_wording_table_is_refused_by_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    city = tmp_path / "city"
    shutil.copytree(TINY, city)
    (city / "words.yaml").write_text(text)
    with pytest.raises(DataError, match=message) as caught:
        load_city(str(city))
    assert "words.yaml" in str(caught.value)


def test_the_words_do_not_change_the_puzzle_codes(tmp_path: Path) -> None:
    """Wording is print only: the digest that puzzle codes record ignores words.yaml."""
    plain, worded = tmp_path / "plain", tmp_path / "worded"
    shutil.copytree(TINY, plain)
    shutil.copytree(TINY, worded)
    (worded / "words.yaml").write_text("appreciation: score\n")
    assert load_city(str(worded)).digest == load_city(str(plain)).digest
