"""Every text a city prints, against the room it gets on every printable, before anything prints.

A city of one's own may give a legend label, a location's name, a start card's text or a word
of any length; the printables shrink a text to the 6-pt minimum and wrap it into more lines, and
past that it would run out of its box or off the card. Rather than restate each box's size here
(and drift from the renderers), the check draws the printables that carry the city's texts (start
cards, assignment cards, the fill-in sheets on A4 and Letter) into a scratch folder in English,
Dutch and French, with the renderers reporting every text that did not fit
(generator/render/overflow.py). The first such text is traced to its file and key and refused,
with the room it had, in one paragraph; the command then writes nothing.
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from reportlab.lib.units import mm

from generator.data.cities import city_folder
from generator.errors import DataError, shown
from generator.language import LANGUAGES, speaking
from generator.render.cards import render_assignment_cards, render_start_cards
from generator.render.overflow import Overflow, recording
from generator.render.pdf import PAPERS
from generator.render.sheet import render_sheets
from generator.render.wording import category_label, location_name, start_description
from generator.rules.city import City, city_words

LANGUAGE_NAMES = {"en": "English", "nl": "Dutch", "fr": "French"}

_checked: dict[int, City] = {}  # id → the city, kept alive so that its id is not reused


def check_text_room(city: City) -> None:
    """DataError naming the file and key of the first text of `city` that does not fit where it
    is printed, in any language; nothing when every text fits. Each city is checked once."""
    if id(city) in _checked:
        return
    with tempfile.TemporaryDirectory(prefix="citytrip-room-") as scratch:
        for lang in LANGUAGES:
            with speaking(lang), recording() as found:
                _render_printables(city, Path(scratch))
            if found:
                raise _refusal(city, lang, found[0])
    _checked[id(city)] = city


def _render_printables(city: City, scratch: Path) -> None:
    render_start_cards(city, PAPERS["a4"], scratch / "start-cards.pdf")
    render_assignment_cards(city, PAPERS["a4"], scratch / "assignment-cards.pdf")
    for paper in PAPERS.values():
        render_sheets(city, "both", 1, paper, scratch / f"sheets-{paper.name}.pdf")


def _refusal(city: City, lang: str, overflow: Overflow) -> DataError:
    file, path, text = _source(city, lang, overflow.text)
    if overflow.where.startswith("lines of"):
        need = f"it takes {overflow.needed:.0f} lines where {overflow.room:.0f} fit"
    else:
        need = f"it needs {overflow.needed / mm:.1f} mm where {max(overflow.room, 0) / mm:.1f} mm are free"
    fit = max(0, int(len(text) * max(overflow.room, 0) / overflow.needed))
    _, folder = city_folder(city.key)
    return DataError(
        folder / file if file else folder, path,
        f"{len(text):,} characters ({shown(text, 40)}) do not fit {overflow.where.removeprefix('lines of ')} in "
        f"{LANGUAGE_NAMES[lang]} at the 6-pt minimum: {need}; at most about {fit:,} characters of it fit: "
        "shorten it")


def _source(city: City, lang: str, printed: str) -> tuple[str, str, str]:
    """The file, key and text of the city's own text within `printed` (the longest that is); with
    none, a text of the printable's own, named by the city's folder alone."""
    found = [(file, path, text) for file, path, text in _texts(city, lang) if text and text.casefold() in printed.casefold()]
    if not found:
        return "", "", printed
    return max(found, key=lambda source: len(source[2]))


def _texts(city: City, lang: str) -> list[tuple[str, str, str]]:
    """Every text of the city data that a printable may print in `lang`: (file, key path, text)."""
    with speaking(lang):
        texts = [("map.yaml", "name", city.name)]
        for i, location in enumerate(city.locations.values()):
            key = f".names.{lang}" if lang in dict(location.names) else ".name"
            texts.append(("map.yaml", f"locations[{i}]{key}", location_name(location)))
        for name, category in city.rules.categories.items():
            key = f".{lang}" if lang in dict(category.labels) else ""
            texts.append(("rules.yaml", f"categories.{name}.label{key}", category_label(category)))
        for i, card in enumerate(city.start_cards.values()):
            key = f".{lang}" if lang in dict(card.descriptions) else ""
            texts.append(("cards.yaml", f"start_cards[{i}].description{key}", start_description(card)))
        words = city_words(city)
        texts += [("words.yaml", field.name, getattr(words, field.name)) for field in dataclasses.fields(words)]
    return texts
