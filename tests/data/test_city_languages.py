"""A city's own texts in English, Dutch and French (docs/formats.md, "Texts in several languages"):
what the loader accepts and refuses, what the digest ignores, the city's own default language,
and that the shipped cities give every text in all three languages."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import pytest

from generator.cli.common import language_of
from generator.data.cities import data_digest, load_city
from generator.data.yaml_file import read_yaml
from generator.errors import DataError
from generator.language import LANGUAGES
from generator.rules.city import Words
from tiny import TINY

CITIES = ("brugge", "antwerpen")
MAPS = Path(__file__).resolve().parents[2] / "maps"
WORD_NAMES = tuple(Words.__dataclass_fields__)

# Edits that give the tiny city texts in several languages, as a user would write them.
TRANSLATIONS = [
    ("map.yaml", "{name: Old Hall, category: historic,",
     "{name: Old Hall, names: {nl: Oude Hal, fr: Vieille Halle}, category: historic,"),
    ("rules.yaml", "label: Buy souvenirs}", "label: {en: Buy souvenirs, nl: Souvenirs kopen}}"),
    ("cards.yaml", "description: The square where every tiny trip starts. It has a statue.}",
     "description: {en: The square where every tiny trip starts. It has a statue., "
     "fr: La place où commence chaque petit voyage.}}"),
]


def city_copy(tmp_path: Path, name: str, edits=(), words: str | None = None) -> Path:
    """A copy of the tiny city with `edits` (file, old, new) made and `words` as its words.yaml.
    Each copy needs its own folder name: cities are cached by folder."""
    folder = tmp_path / name
    shutil.copytree(TINY, folder)
    for file, old, new in edits:
        text = (folder / file).read_text()
        assert old in text, f"{old!r} not in {file}"
        (folder / file).write_text(text.replace(old, new, 1))
    if words is not None:
        (folder / "words.yaml").write_text(words)
    return folder


# --- what the loader accepts -----------------------------------------------------------------


def test_texts_given_per_language_are_read_with_english_for_the_engine(tmp_path: Path) -> None:
    """Names, labels and descriptions per language land in the print-only fields; the engine's
    fields keep the identity name and the English text."""
    city = load_city(str(city_copy(tmp_path, "city", TRANSLATIONS)))
    hall = next(loc for loc in city.locations.values() if loc.name == "Old Hall")
    assert hall.names == (("nl", "Oude Hal"), ("fr", "Vieille Halle"))
    souvenir = city.rules.categories["souvenir"]
    assert (souvenir.label, souvenir.labels) == ("Buy souvenirs", (("en", "Buy souvenirs"), ("nl", "Souvenirs kopen")))
    card = city.start_cards[1]
    assert card.description == "The square where every tiny trip starts. It has a statue."
    assert dict(card.descriptions)["fr"] == "La place où commence chaque petit voyage."


def test_plain_texts_stay_plain(tmp_path: Path) -> None:
    """A city written before languages existed loads as it did: no per-language texts."""
    city = load_city(str(city_copy(tmp_path, "city")))
    assert all(loc.names == () for loc in city.locations.values())
    assert all(category.labels == () for category in city.rules.categories.values())
    assert all(card.descriptions == () for card in city.start_cards.values())
    assert city.language is None


def test_a_mapping_without_english_gives_the_engine_its_first_text(tmp_path: Path) -> None:
    """A Dutch-only label: the English fields fall back to the first text given."""
    edits = [("rules.yaml", "label: Buy souvenirs}", "label: {nl: Souvenirs kopen}}")]
    city = load_city(str(city_copy(tmp_path, "city", edits)))
    assert city.rules.categories["souvenir"].label == "Souvenirs kopen"


def test_translations_do_not_change_the_puzzle_codes(tmp_path: Path) -> None:
    """Translations are print only: the digest counts a label or description by its English text
    and leaves a location's own names out, so printed codes stay valid."""
    plain = load_city(str(city_copy(tmp_path, "plain")))
    translated = load_city(str(city_copy(tmp_path, "translated", TRANSLATIONS)))
    assert translated.digest == plain.digest


def test_a_changed_english_text_still_changes_the_digest(tmp_path: Path) -> None:
    """The English text inside a mapping counts as the plain text did."""
    plain = load_city(str(city_copy(tmp_path, "plain")))
    edits = [("rules.yaml", "label: Buy souvenirs}", "label: {en: Buy gifts, nl: Souvenirs kopen}}")]
    assert load_city(str(city_copy(tmp_path, "changed", edits))).digest != plain.digest


def test_the_shipped_digests_are_those_the_printed_codes_carry() -> None:
    """Brugge's and Antwerpen's data gained their translations without a new digest (813EEE is
    the one docs/formats.md shows, D29B70 the one the pinned Antwerpen daily file records)."""
    assert data_digest(load_city("brugge")) == "813EEE"
    assert data_digest(load_city("antwerpen")) == "D29B70"
    pinned = read_yaml(Path(__file__).parent / "daily" / "citytrip-antwerpen-2026-12-14-puzzle.yaml")
    assert pinned["data"] == "D29B70"


# --- the city's own default language -------------------------------------------------------------


def test_a_city_names_its_own_language_in_words_yaml(tmp_path: Path) -> None:
    """`language: nl` in words.yaml is the city's default; --lang still wins."""
    city = load_city(str(city_copy(tmp_path, "city", words="language: nl\n")))
    assert city.language == "nl"
    assert language_of(argparse.Namespace(lang=None), city) == "nl"
    assert language_of(argparse.Namespace(lang="fr"), city) == "fr"


@pytest.mark.parametrize("name", CITIES)
def test_the_shipped_cities_name_no_language(name: str) -> None:
    """Brugge and Antwerpen print in English unless told otherwise."""
    city = load_city(name)
    assert city.language is None
    assert language_of(argparse.Namespace(lang=None), city) == "en"


def test_words_left_out_keep_the_brugge_words_in_each_language(tmp_path: Path) -> None:
    """A partial table: the words it gives (one for every language, or per language) and
    Brugge's words, in each language, for the rest."""
    words = "appreciation: {en: score, fr: points}\nhunted_turn: dash\n"
    city = load_city(str(city_copy(tmp_path, "city", words=words)))
    dutch = city.words_by_language["nl"]
    assert (dutch.appreciation, dutch.hunted_turn, dutch.assignment) == ("score", "dash", "opdracht")
    french = city.words_by_language["fr"]
    assert (french.appreciation, french.hunted_turn, french.assignment) == ("points", "dash", "tâche")
    assert city.words == city.words_by_language["en"] == Words(appreciation="score", hunted_turn="dash")


# --- what the loader refuses -------------------------------------------------------------------

BAD = [
    # (file, old, new, fragments of the message)
    ("map.yaml", "{name: Old Hall,", "{name: Old Hall, names: {de: Alte Halle},",
     ["map.yaml", "locations[2].names.de", "unknown language 'de'", "en (English), nl (Dutch) and fr (French)"]),
    ("map.yaml", "{name: Old Hall,", "{name: Old Hall, names: Oude Hal,",
     ["locations[2].names", "expected a mapping from languages", "found text"]),
    ("map.yaml", "{name: Old Hall,", "{name: Old Hall, names: {},", ["locations[2].names", "empty mapping"]),
    ("map.yaml", "{name: Old Hall,", "{name: Old Hall, names: {nl: [Oude Hal]},", ["locations[2].names.nl", "expected text"]),
    ("map.yaml", "{name: Old Hall,", "{name: Old Hall, names: {nl: 'Oude Hal '},",
     ["locations[2].names.nl", "one line of text without surrounding spaces"]),
    ("rules.yaml", "label: Buy souvenirs}", "label: {en: Buy souvenirs, NL: Souvenirs kopen}}",
     ["rules.yaml", "categories.souvenir.label.NL", "unknown language 'NL'"]),
    ("rules.yaml", "label: Buy souvenirs}", "label: [Buy souvenirs]}",
     ["categories.souvenir.label", "expected text (the same in every language) or a mapping from languages",
      "found a list"]),
    ("cards.yaml", "description: The square where every tiny trip starts. It has a statue.}", "description: 5}",
     ["cards.yaml", "start_cards[0].description", "found a whole number"]),
    ("cards.yaml", "description: The square where every tiny trip starts. It has a statue.}",
     "description: {en: A square., fr: ''}}", ["start_cards[0].description.fr", "expected text, found an empty one"]),
]


@pytest.mark.parametrize("file, old, new, fragments", BAD, ids=[f"{b[0]}:{b[3][-1]}" for b in BAD])
def test_a_bad_translation_is_refused_by_file_and_key_path(tmp_path: Path, file, old, new, fragments) -> None:
    """Every wrong language key or text type names the file, the key path and what was expected."""
    with pytest.raises(DataError) as caught:
        load_city(str(city_copy(tmp_path, "city", [(file, old, new)])))
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message


@pytest.mark.parametrize("words, fragments", [
    ("language: de\n", ["words.yaml", "at language", "unknown language 'de'"]),
    ("language: [nl]\n", ["words.yaml", "at language", "unknown language"]),
    ("appreciation: {nl: waardering, es: valoración}\n", ["words.yaml", "appreciation.es", "unknown language 'es'"]),
    ("appreciation: {nl: ''}\n", ["appreciation.nl", "expected text"]),
    ("appreciation: {nl: '" + "x" * 41 + "'}\n", ["appreciation.nl", "at most 40 characters"]),
    ("appreciation: 3\n", ["appreciation", "found a whole number"]),
])
def test_a_bad_words_table_is_refused_by_file_and_key_path(tmp_path: Path, words: str, fragments) -> None:
    """words.yaml: a language the printables do not speak, or a word of the wrong kind."""
    with pytest.raises(DataError) as caught:
        load_city(str(city_copy(tmp_path, "city", words=words)))
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_the_command_line_shows_one_paragraph_and_exit_code_2(tmp_path: Path, run) -> None:
    """Through a command: the usual one-paragraph error, no traceback."""
    folder = city_copy(tmp_path, "city", [BAD[0][:3]])
    deck = ", ".join(f"{n}A" for n in range(1, 17))
    (tmp_path / "puzzle.yaml").write_text(f"map: city\nmode: basic\ndirections: 2\nstart: 1\ndeck: [{deck}]\n")
    (tmp_path / "plan.txt").write_text("1. L1 L2 a:A2\n")
    assert folder.name == "city"
    code, _, err = run("verify", tmp_path / "puzzle.yaml", tmp_path / "plan.txt")
    assert code == 2
    assert err.startswith("citytrip: error:") and "Traceback" not in err
    assert "\n\n" not in err.strip()
    assert "unknown language 'de'" in err.replace("\n", " ")


# --- the shipped cities are complete -----------------------------------------------------------


def raw(name: str, file: str):
    return read_yaml(MAPS / name / file)


def complete(texts) -> bool:
    return isinstance(texts, dict) and set(texts) == set(LANGUAGES) and all(
        isinstance(t, str) and t.strip() for t in texts.values())


@pytest.mark.parametrize("name", CITIES)
def test_every_start_card_has_its_description_in_three_languages(name: str) -> None:
    """All 23 start cards: English, Dutch and French, each its own text."""
    cards = raw(name, "cards.yaml")["start_cards"]
    assert len(cards) == 23
    for card in cards:
        texts = card["description"]
        assert complete(texts), card["number"]
        assert len(set(texts.values())) == 3, card["number"]  # translated, not copied


@pytest.mark.parametrize("name", CITIES)
def test_every_word_and_legend_label_is_in_three_languages(name: str) -> None:
    """words.yaml gives every word, and rules.yaml every legend label, in en, nl and fr."""
    words = raw(name, "words.yaml")
    assert set(words) == set(WORD_NAMES)
    for word in WORD_NAMES:
        assert complete(words[word]), word
    for category, entry in raw(name, "rules.yaml")["categories"].items():
        assert complete(entry["label"]), category


# The canonical names that carry English words: Dutch players get a Dutch name for each.
ENGLISH_IN_NAME = {
    "brugge": {
        "Belfort (Belfry)": "Belfort",
        "Hallen (Belfort courtyard)": "Hallen (binnenplaats van het Belfort)",
        "Frietkoten on the Markt": "Frietkoten op de Markt",
        "Heilig-Bloedbasiliek (Basilica of the Holy Blood)": "Heilig-Bloedbasiliek",
        "Stadhuis (City Hall)": "Stadhuis",
        "Onze-Lieve-Vrouwekerk (Church of Our Lady)": "Onze-Lieve-Vrouwekerk",
        "Begijnhof (Beguinage)": "Begijnhof",
        "Woensdagmarkt (Hans Memling statue)": "Woensdagmarkt (standbeeld van Hans Memling)",
        "Kantcentrum (Lace Centre)": "Kantcentrum",
    },
    "antwerpen": {
        "DIVA (diamond museum)": "DIVA (diamantmuseum)",
        "Stadhuis (City Hall)": "Stadhuis",
        "Grote Markt & Brabo Fountain": "Grote Markt & Brabofontein",
        "Groenplaats & Rubens statue": "Groenplaats & Rubensstandbeeld",
        "MoMu (Fashion Museum)": "MoMu (ModeMuseum)",
        "Antwerp diamond district": "Antwerpse diamantwijk",
    },
}


@pytest.mark.parametrize("name", CITIES)
def test_dutch_players_get_dutch_names_and_english_ones_the_canonical_name(name: str) -> None:
    """`names` gives Dutch and French names only: English prints the canonical name, as before
    (English printables unchanged); every canonical name with English words in it has a Dutch one."""
    dutch = {}
    for location in raw(name, "map.yaml")["locations"]:
        names = location.get("names", {})
        assert set(names) <= {"nl", "fr"}, location["name"]
        if "nl" in names:
            dutch[location["name"]] = names["nl"]
    assert {k: dutch.get(k) for k in ENGLISH_IN_NAME[name]} == ENGLISH_IN_NAME[name]


@pytest.mark.parametrize("name", CITIES)
def test_every_city_text_prints_in_the_print_font(name: str) -> None:
    """No letter of any language's text (œ, É, ë…) would print as a box."""
    from generator.render.pdf import missing_glyphs
    from generator.render.wording import category_label, location_name, start_description
    from generator.rules.city import city_words
    from generator.language import speaking

    city = load_city(name)
    for lang in LANGUAGES:
        with speaking(lang):
            texts = [location_name(loc) for loc in city.locations.values()]
            texts += [category_label(c) for c in city.rules.categories.values()]
            texts += [start_description(card) for card in city.start_cards.values()]
            texts += list(vars(city_words(city)).values())
        assert missing_glyphs("".join(texts)) == "", lang


def test_a_description_keeps_its_no_break_spaces_and_folds_the_rest() -> None:
    """French binds "’t Zand" with a no-break space so the wrapper never splits the name; the
    loader folds line breaks and runs of ordinary spaces only."""
    descriptions = dict(load_city("brugge").start_cards[13].descriptions)
    assert "’t\u00a0Zand" in descriptions["fr"]
    assert "  " not in descriptions["fr"] and "\n" not in descriptions["fr"]
