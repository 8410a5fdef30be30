"""Every text a city prints fits its room on every printable, or the city is refused before
anything prints (generator/render/text_room.py, issue 40)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from generator.data.cities import load_city
from generator.errors import DataError
from generator.render.overflow import recording, report
from generator.render.text_room import check_text_room
from tiny import TINY


@pytest.mark.parametrize("name", ["brugge", "antwerpen"])
def test_the_shipped_cities_fit_every_printable_in_every_language(name: str) -> None:
    check_text_room(load_city(name))


def test_a_text_too_long_is_refused_with_its_file_key_language_and_the_room_left(tmp_path: Path) -> None:
    """A French start card text of 1,199 characters: cards.yaml, its key with the language, the
    printable, what fits; the English and Dutch cards alone would have been fine."""
    city = tmp_path / "city"
    shutil.copytree(TINY, city)
    data = yaml.safe_load((city / "cards.yaml").read_text())
    data["start_cards"][1]["description"] = {"en": "A museum.", "fr": " ".join(["Merveilleux"] * 110)}
    (city / "cards.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, width=1_000_000))
    with pytest.raises(DataError) as caught:
        check_text_room(load_city(str(city)))
    error = caught.value
    assert (Path(error.file).name, error.path) == ("cards.yaml", "start_cards[1].description.fr")
    assert "1,319 characters" in error.detail and "the text of a start card in French" in error.detail
    assert "at most about" in error.detail and "mm are free" in error.detail


def test_a_word_too_wide_for_the_sheet_names_the_word(tmp_path: Path) -> None:
    """A Dutch word of words.yaml that no 6-pt caption of the fill-in sheet can hold."""
    city = tmp_path / "city"
    shutil.copytree(TINY, city)
    (city / "words.yaml").write_text("assignments: {nl: " + "W" * 38 + "}\n")
    with pytest.raises(DataError) as caught:
        check_text_room(load_city(str(city)))
    assert (Path(caught.value.file).name, caught.value.path) == ("words.yaml", "assignments")
    assert "fill-in sheet" in caught.value.detail


def test_overflows_are_recorded_only_while_a_check_records() -> None:
    report("a text", 10.0, 5.0, "a box")  # outside a check: nothing kept, nothing raised
    with recording() as found:
        report("fits", 5.0, 5.0, "a box")
        report("too long", 10.0, 5.0, "a box")
    assert [(o.text, o.needed, o.room) for o in found] == [("too long", 10.0, 5.0)]
