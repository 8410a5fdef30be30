"""The gettext catalogs: every message the code and the templates print has its Dutch and French
translation, and what the package reads is what the catalogs say.

The messages are extracted from the source with Babel and babel.cfg, as `pybabel extract` does,
so a message added to the code without a translation fails here, not on a player's page.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from generator import language
from generator.errors import UsageError
from generator.render.wording import capital
from generator.rules.city import Words

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in language.LANGUAGES if lang != language.DEFAULT]


@pytest.fixture(scope="module")
def messages() -> set[tuple[str | tuple[str, str], str | None]]:
    """(message id, context) of every marked message; a plural message's id is (singular, plural)."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    return {(message, context) for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map)}


def _po(lang: str):
    with (language.LOCALE_DIR / lang / "LC_MESSAGES" / f"{language.DOMAIN}.po").open("rb") as stream:
        return read_po(stream, locale=lang)


def test_the_source_has_messages_to_translate(messages) -> None:
    # Guards the next test: an extractor that found nothing would leave nothing untranslated.
    assert len(messages) > 300


TRANSLATORS = {"_", "ngettext", "pgettext", "npgettext"}


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel's extractor does not look into an f-string's fields, so a message marked there, such as
    `f"<summary>{_('Legend')}</summary>"`, is never extracted, never translated, and the test
    above cannot see it: the page's legend stayed English on Dutch and French pages that way."""
    import ast

    hidden = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in TRANSLATORS:
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert hidden == [], "messages marked inside an f-string (mark them outside it): " + ", ".join(hidden)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation_in_the_catalog(messages, lang: str) -> None:
    catalog = _po(lang)
    missing = []
    for message, context in sorted(messages, key=str):
        key = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(key, context=context)
        strings = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or entry.fuzzy or not strings or not all(strings):
            missing.append(key)
    assert missing == [], f"{len(missing)} message(s) without a {lang} translation (run pybabel update; docs/languages.md)"


# A sentence may name the city's words its own way ("{count} beurten met {hunted_action}" for
# "{count} {hunted_turn}s"): the code passes every word of the city with such a message.
CITY_WORDS = {name for field in dataclasses.fields(Words) for name in (field.name, capital(field.name))}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_translations_keep_every_number_and_invent_no_placeholder(lang: str) -> None:
    """A translation that drops {target} prints a wrong sentence; one that invents {doel} raises."""
    import string

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    wrong = []
    for entry in _po(lang):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        given = set().union(*(fields(text) for text in ids))
        for text in strings:
            invented = fields(text) - given - CITY_WORDS
            # A plural's singular may say "one" instead of its {count}; every other message keeps
            # each of its own values.
            dropped = (given - CITY_WORDS - fields(text)) if len(ids) == 1 else set()
            if invented or dropped:
                wrong.append((ids[0], text, sorted(invented), sorted(dropped)))
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_the_po_file(lang: str) -> None:
    """The .mo the package reads was compiled from today's .po (the install compiles it: setup.py)."""
    catalog = _po(lang)
    compiled = language.catalog(lang)
    stale = [entry.id for entry in catalog
             if entry.id and isinstance(entry.id, str) and not entry.context and entry.string
             and compiled.gettext(entry.id) != entry.string]
    assert stale == [], "the compiled catalog is older than the .po file: reinstall (pip install -e .)"


def test_messages_change_language_within_a_block_and_come_back() -> None:
    assert language.current() == "en"
    with language.speaking("nl"):
        assert language.current() == "nl"
        with language.speaking("fr"):
            assert language.current() == "fr"
        assert language.current() == "nl"
    assert language.current() == "en"


def test_dates_are_written_the_way_each_language_writes_them() -> None:
    import datetime as dt

    day = dt.date(2026, 12, 1)
    said = {}
    for lang in language.LANGUAGES:
        with language.speaking(lang):
            said[lang] = language.long_date(day)
    assert said == {"en": "Tuesday 1 December 2026", "nl": "dinsdag 1 december 2026", "fr": "mardi 1 décembre 2026"}


@pytest.mark.parametrize("text", ["de", "EN-gb", "", "../nl", "nederlands"])
def test_an_unknown_language_is_refused_with_the_languages_there_are(text: str) -> None:
    with pytest.raises(UsageError, match="use en .English., nl .Dutch. or fr .French."):
        language.check_language(text)


def test_city_texts_fall_back_to_english_then_to_any() -> None:
    assert language.localized({"en": "Belfry", "nl": "Belfort"}, "nl") == "Belfort"
    assert language.localized({"en": "Belfry", "nl": "Belfort"}, "fr") == "Belfry"
    assert language.localized({"nl": "Belfort"}, "fr") == "Belfort"
    assert language.localized("Markt", "fr") == "Markt"
