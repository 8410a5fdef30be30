"""A city's own words in the print templates: the placeholders of templates/scorepad and
templates/reference filled from the city's data.

The two Citytrip editions name the same rules differently (Brugge's assignments, hunted actions
and appreciation are Antwerpen's missions, rush actions and rating) and label their goals
differently ("theatre, concerts and events", "theatre, film and events"). A template that retyped
them per city drifted from the sheets; a template that says `{assignments}` or `{category:event}`
prints what the city's words.yaml and rules.yaml say, the same words the sheet prints.

    {assignments}       the word as words.yaml has it (lower case)
    {Assignments}       the same with its first letter capitalised, to start a sentence or a label
    {category:event}    the legend label of a goal category (rules.yaml), as the sheet prints it
    {eatery_kinds}      how many kinds of eatery the eat strip counts (R13)
    {hunted_limit}      how many hunted actions a game allows: the strip's numbers after the first (R16)
"""

from __future__ import annotations

import dataclasses
import re
from typing import Mapping

from generator.language import current, localized
from generator.rules.city import Category, City, Location, StartCard, city_words

PLACEHOLDER = re.compile(r"\{([A-Za-z_]+(?::[a-z_]+)?)\}")


def capital(text: str) -> str:
    """`text` with its first letter in upper case (the city's words are stored in lower case);
    unlike str.capitalize, the rest is left as it is."""
    return text[:1].upper() + text[1:]


# The city's own names and texts in the language in use (generator/language.py), from the city
# data (docs/formats.md: a text per language); its words (city_words) are in generator/rules/city.py,
# where the engine's messages take them too.


def location_name(location: Location) -> str:
    """A location's name as players of the language in use know it: its own name in that
    language (Beffroi) when the city data gives one, else its canonical name (Markt)."""
    return dict(location.names).get(current(), location.name)


def location_url(location: Location) -> str:
    """The link a start card's QR code holds in the language in use: the page in that language
    when the city data gives one, else the location's `url`."""
    return dict(location.urls).get(current(), location.url)


def category_label(category: Category) -> str:
    """A goal category's legend label in the language in use (English, or the first given, when
    the city data has none in it)."""
    return localized(dict(category.labels)) if category.labels else category.label


def start_description(card: StartCard) -> str:
    """A start card's background text in the language in use (English, or the first given, when
    the city data has none in it)."""
    return localized(dict(card.descriptions)) if card.descriptions else card.description


def city_fills(city: City) -> dict[str, str]:
    """Every placeholder a template may use for `city`, with its text in the language in use."""
    fills: dict[str, str] = {}
    words = city_words(city)
    for field in dataclasses.fields(words):
        word = getattr(words, field.name)
        fills[field.name] = word
        fills[capital(field.name)] = capital(word)
    for name, category in city.rules.categories.items():
        fills[f"category:{name}"] = category_label(category)
    fills["eatery_kinds"] = str(len(city.rules.eatery_kinds))
    fills["hunted_limit"] = str(city.rules.max_hunts)
    return fills


def fill(text: str, fills: Mapping[str, str]) -> tuple[str, list[str]]:
    """`text` with its placeholders replaced, and the placeholders `fills` does not know."""
    unknown: list[str] = []

    def replace(match: re.Match) -> str:
        key = match.group(1)
        if key not in fills:
            unknown.append(match.group(0))
            return match.group(0)
        return fills[key]

    return PLACEHOLDER.sub(replace, text), unknown
