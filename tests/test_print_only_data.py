"""Print-only city data: the wording table (maps/<city>/words.yaml) and the locations' links."""

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


def test_a_corrected_link_does_not_change_the_puzzle_codes(tmp_path: Path) -> None:
    """A location's link is printed, never played: the digest ignores it."""
    plain, relinked = tmp_path / "plain", tmp_path / "relinked"
    shutil.copytree(TINY, plain)
    shutil.copytree(TINY, relinked)
    text = (relinked / "map.yaml").read_text()
    (relinked / "map.yaml").write_text(text.replace("https://example.org/", "https://example.net/"))
    assert (relinked / "map.yaml").read_text() != text
    assert load_city(str(relinked)).digest == load_city(str(plain)).digest


@pytest.mark.parametrize("name", ["brugge", "antwerpen"])
def test_every_wikipedia_link_is_in_a_language_of_the_players(name: str) -> None:
    """The start cards' QR codes lead to Dutch, English or French Wikipedia pages (the Antwerpen
    Begijnhof once led to German Wikipedia)."""
    import re

    links = [url for loc in load_city(name).locations.values() for url in (loc.url, *dict(loc.urls).values())]
    hosts = {re.match(r"https://([a-z]+)\.wikipedia\.org/", url) for url in links}
    assert {m.group(1) for m in hosts if m} <= {"nl", "en", "fr"}


@pytest.mark.parametrize("name", ["brugge", "antwerpen"])
def test_a_languages_own_wikipedia_link_is_in_that_language(name: str) -> None:
    """`url: {nl: …}` gives the Dutch card a Dutch page: a Wikipedia link given for Dutch or
    French is on that language's Wikipedia (the English one is every other card's link)."""
    for location in load_city(name).locations.values():
        for lang, url in location.urls:
            assert lang == "en" or "wikipedia.org" not in url or url.startswith(f"https://{lang}.wikipedia.org/"), (location.name, lang)


def _relinked(tmp_path: Path, link: str) -> Path:
    """The tiny city with Start Square's link replaced by `link` (a YAML flow value)."""
    city = tmp_path / "city"
    shutil.copytree(TINY, city)
    text = (city / "map.yaml").read_text()
    (city / "map.yaml").write_text(text.replace("url: https://example.org/start-square", f"url: {link}"))
    return city


def test_a_link_per_language_prints_on_that_languages_card_and_leaves_the_codes_alone(tmp_path: Path) -> None:
    """`url: {en: …, fr: …}`: the English link is the location's `url` (the Dutch card's too), the
    French card gets its own, and the digest is the plain city's."""
    from generator.language import speaking
    from generator.render.wording import location_url

    city = load_city(str(_relinked(tmp_path, "{en: 'https://example.org/start-square', fr: 'https://example.org/fr'}")))
    start = next(loc for loc in city.locations.values() if loc.name == "Start Square")
    assert start.url == "https://example.org/start-square"
    with speaking("fr"):
        assert location_url(start) == "https://example.org/fr"
    with speaking("nl"):
        assert location_url(start) == start.url
    assert city.digest == load_city(str(TINY)).digest


@pytest.mark.parametrize("link, where, message", [
    ("{de: 'https://de.example.org/'}", "url.de", "unknown language 'de'"),
    ("{fr: 'ftp://example.org/'}", "url.fr", "starting with https://"),
    ("{fr: 'https://example.org/" + "x" * 170 + "'}", "url.fr", "QR code holds at most 180"),
    ("{}", "url", "empty mapping"),
    ("[https://example.org/]", "url", "expected text"),
])
def test_a_bad_link_per_language_is_refused_by_file_and_key(tmp_path: Path, link: str, where: str, message: str) -> None:
    with pytest.raises(DataError, match=message) as caught:
        load_city(str(_relinked(tmp_path, link)))
    assert "map.yaml" in str(caught.value) and where in str(caught.value)
