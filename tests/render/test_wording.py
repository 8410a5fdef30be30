"""generator/render/wording.py: a city's own words, names, labels and start-card texts in the
language in use (speaking("nl"), speaking("fr")), and in English exactly what printed before."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.data.cities import load_city
from generator.language import LANGUAGES, speaking
from generator.render.wording import capital, category_label, city_fills, fill, location_name, start_description
from generator.rules.city import city_words
from tiny import TINY


def location(city, name: str):
    return next(loc for loc in city.locations.values() if loc.name == name)


@pytest.mark.parametrize("name, lang, expected", [
    ("brugge", "en", ("assignments", "hunted action", "hunted turn", "appreciation")),
    ("brugge", "nl", ("opdrachten", "opgejaagde actie", "opgejaagde beurt", "waardering")),
    ("brugge", "fr", ("tâches", "action pressée", "tour pressé", "appréciation")),
    ("antwerpen", "en", ("missions", "rush action", "rush turn", "rating")),
    ("antwerpen", "nl", ("missies", "haastactie", "haastbeurt", "beoordeling")),
    ("antwerpen", "fr", ("missions", "action express", "tour express", "note")),
])
def test_each_city_speaks_its_rulebook_in_each_language(name: str, lang: str, expected) -> None:
    """Brugge's assignments / hunted / appreciation and Antwerpen's missions / rush / rating, in
    the glossary's Dutch and French words."""
    city = load_city(name)
    with speaking(lang):
        words = city_words(city)
    assert (words.assignments, words.hunted_action, words.hunted_turn, words.appreciation) == expected


@pytest.mark.parametrize("name, canonical, dutch, french", [
    ("brugge", "Belfort (Belfry)", "Belfort", "Beffroi"),
    ("brugge", "Stadhuis (City Hall)", "Stadhuis", "Hôtel de ville"),
    ("brugge", "Heilig-Bloedbasiliek (Basilica of the Holy Blood)", "Heilig-Bloedbasiliek", "Basilique du Saint-Sang"),
    ("brugge", "Onze-Lieve-Vrouwekerk (Church of Our Lady)", "Onze-Lieve-Vrouwekerk", "Église Notre-Dame"),
    ("brugge", "Markt", "Markt", "Markt"),
    ("antwerpen", "Onze-Lieve-Vrouwekathedraal", "Onze-Lieve-Vrouwekathedraal", "Cathédrale Notre-Dame"),
    ("antwerpen", "Stadhuis (City Hall)", "Stadhuis", "Hôtel de ville"),
    ("antwerpen", "Het Steen", "Het Steen", "Het Steen"),
])
def test_a_location_is_named_as_each_language_knows_it(name, canonical, dutch, french) -> None:
    """A language's own name where the city data gives one, else the canonical name; English
    keeps the canonical name."""
    place = location(load_city(name), canonical)
    answers = {}
    for lang in LANGUAGES:
        with speaking(lang):
            answers[lang] = location_name(place)
    assert answers == {"en": canonical, "nl": dutch, "fr": french}


def test_legend_labels_and_start_cards_change_with_the_language() -> None:
    """The legend's labels and a start card's text, in each language."""
    city = load_city("brugge")
    souvenir, card = city.rules.categories["souvenir"], city.start_cards[1]
    with speaking("nl"):
        assert category_label(souvenir) == "Souvenirs kopen"
        assert start_description(card).startswith("Het 83 meter hoge Belfort op de Markt")
    with speaking("fr"):
        assert category_label(souvenir) == "Acheter des souvenirs"
        assert start_description(card).startswith("Haut de 83 mètres, le beffroi du Markt")
    assert category_label(souvenir) == "Buy souvenirs"  # outside the blocks: English again
    assert start_description(card).startswith("The 83-metre belfry on the Markt")


@pytest.mark.parametrize("name", ["brugge", "antwerpen"])
def test_english_answers_are_the_fields_printed_before(name: str) -> None:
    """In English every answer is the field the printables used to read directly, so the English
    printables stay byte-identical."""
    city = load_city(name)
    with speaking("en"):
        assert city_words(city) == city.words
        assert all(location_name(loc) == loc.name for loc in city.locations.values())
        assert all(category_label(c) == c.label for c in city.rules.categories.values())
        assert all(start_description(card) == card.description for card in city.start_cards.values())


def test_the_templates_placeholders_fill_in_the_language_in_use() -> None:
    """city_fills: {Assignments}, {hunted_turn}, {category:event} in French; the numbers alike."""
    city = load_city("brugge")
    with speaking("fr"):
        text, unknown = fill("{Assignments} · {hunted_turn} · {category:event} · {hunted_limit}", city_fills(city))
    assert unknown == []
    assert text == "Tâches · tour pressé · Assister au théâtre, aux concerts et aux événements · 6"
    with speaking("nl"):
        dutch = city_fills(load_city("antwerpen"))
    assert (dutch["Assignment"], dutch["appreciation"]) == ("Missie", "beoordeling")
    assert dutch["eatery_kinds"] == city_fills(load_city("antwerpen"))["eatery_kinds"]


def test_a_city_without_translations_prints_its_plain_texts_and_the_brugge_words(tmp_path: Path) -> None:
    """The tiny city has plain texts and no words.yaml: its names, labels and descriptions read
    the same in Dutch, and its rulebook words are Brugge's Dutch words."""
    shutil.copytree(TINY, tmp_path / "tiny")
    city = load_city(str(tmp_path / "tiny"))
    with speaking("nl"):
        assert location_name(location(city, "Old Hall")) == "Old Hall"
        assert category_label(city.rules.categories["souvenir"]) == "Buy souvenirs"
        assert start_description(city.start_cards[1]) == city.start_cards[1].description
        assert city_words(city).assignment == "opdracht"
        assert capital(city_words(city).appreciation) == "Waardering"


# What a type 3 assignment ("most goals of a category") asks, per language: the category in the
# plural after the language's "most", never a short name after a colon ("le plus de : musée").
MOST = {"en": {"museum": "most museums", "religious": "most religious buildings", "event": "most events"},
        "nl": {"museum": "de meeste musea", "religious": "de meeste religieuze gebouwen", "event": "de meeste evenementen"},
        "fr": {"museum": "le plus de musées", "religious": "le plus d’édifices religieux", "event": "le plus d’événements"}}


@pytest.mark.parametrize("lang", sorted(MOST))
def test_a_most_goals_assignment_names_its_category_in_the_plural(lang: str) -> None:
    """Type 3 (RULINGS: most goals of the named category) reads as a phrase in every language for
    every category a city gives and every type 3 card of both cities (the site's card texts, the
    aids' and sheets' statement lines all come from daily_text.describe)."""
    from generator.browser.table import level_puzzle
    from generator.render.daily_text import category_name, describe, most_text

    with speaking(lang):
        for key, text in MOST[lang].items():
            assert most_text(key) == text
        for name in ("brugge", "antwerpen"):
            city = load_city(name)
            base = level_puzzle(city, "AAAAAA", min(city.levels), 16)
            for key in city.rules.categories:
                text = most_text(key)
                assert ":" not in text and "{" not in text and text != category_name(key), (key, text)
            most = [card for card in city.assignments.values() if card.type == 3]
            assert most and all(describe(base, card) == most_text(card.category) for card in most)
        assert "windmill" in most_text("windmill")  # a city's own category without a message: its key
