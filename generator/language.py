"""The language a printable or page speaks: English (the default), Dutch or French.

Every player-facing string is an English message marked in the source with `_()` (or `N_()` for a
module-level constant translated where it is used) and translated through the gettext catalogs in
generator/locale/, which Babel manages (docs/languages.md: extract, update, compile). The language
is set once per command with `speaking(lang)`; the renderers call `_()` and need no language
argument, the way Django's `translation.override` works. A ContextVar keeps the choice per thread
and per task, so two languages rendered side by side (tests, a Dask worker) never mix.

A city's own words (its locations' names, start-card descriptions, the rulebook's terms) are not
messages: they live in the city's data, one entry per language, with the Dutch name canonical for
a location (docs/formats.md); `localized()` picks the entry of the language in use.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import gettext
import re
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator, Mapping

from generator.errors import UsageError

LANGUAGES = ("en", "nl", "fr")
DEFAULT = "en"
DOMAIN = "citytrip"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français"}

# The white space a line may break at, and a paragraph's layout may fold: all of it but the
# no-break space, which binds its neighbours (French puts one before ":", ";", "?", "!" and
# inside « », and between a number and its noun where a split would read badly).
BREAKING_SPACE = re.compile(r"[^\S\u00a0]+")

_language: ContextVar[str] = ContextVar("citytrip_language", default=DEFAULT)


def check_language(text: str, where: str = "--lang") -> str:
    """`text` if it names a language this project prints in; UsageError otherwise."""
    lang = str(text).strip().lower()
    if lang not in LANGUAGES:
        raise UsageError(f"{where}: unknown language {text!r}: use en (English), nl (Dutch) or fr (French)")
    return lang


@functools.cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English needs none: its messages are the source)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not mo.exists():
        # The .mo files are built from the .po files when the package is installed (setup.py);
        # a checkout used without installing has only the sources.
        raise UsageError(
            f"the {NAMES[lang]} catalog {mo} has not been compiled: reinstall the package "
            "(pip install -e .) or run `pybabel compile -d generator/locale -D citytrip`"
        )
    with mo.open("rb") as stream:
        return gettext.GNUTranslations(stream)


def current() -> str:
    """The language in use ("en" unless a `speaking` block says otherwise)."""
    return _language.get()


@contextlib.contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Within the block, `_()` and `localized()` answer in `lang` (None: keep the current one)."""
    if lang is None:
        yield current()
        return
    lang = check_language(lang)
    catalog(lang)  # fail before anything is drawn, not halfway through a PDF
    token = _language.set(lang)
    try:
        yield lang
    finally:
        _language.reset(token)


def _(message: str) -> str:
    """`message` (an English message id) in the language in use."""
    return catalog(current()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural message for `count`, in the language in use."""
    return catalog(current()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in use, told apart from the same English words in another context."""
    return catalog(current()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for extraction without translating it yet: a module-level constant, which
    is read before any language is chosen, is translated with `_()` where it is printed."""
    return message


def localized(texts: Mapping[str, str] | str, lang: str | None = None) -> str:
    """A city-data text in the language in use: `texts` maps languages to texts (Dutch, English,
    French); a missing language falls back to English, then to the first entry. A plain string is
    the same in every language."""
    if isinstance(texts, str):
        return texts
    lang = lang or current()
    for key in (lang, DEFAULT, *texts):
        if key in texts:
            return texts[key]
    raise ValueError("a localized text with no entry")


def long_date(day: dt.date) -> str:
    """"Tuesday 1 December 2026", "dinsdag 1 december 2026", "mardi 1 décembre 2026"."""
    from babel.dates import format_date

    return format_date(day, "EEEE d MMMM y", locale=current())


def weekday_name(day: dt.date) -> str:
    """"Tuesday", "dinsdag", "mardi" (Babel, in the language in use)."""
    from babel.dates import format_date

    return format_date(day, "EEEE", locale=current())


def ordinal_form(n: int) -> str:
    """The CLDR ordinal form of `n` in the language in use (Babel): English has four ("one" 1st,
    "two" 2nd, "few" 3rd, "other" 4th; 11th-13th are "other"), Dutch one, French two."""
    from babel import Locale

    return Locale.parse(current()).ordinal_form(n)


def series(items: list[str]) -> str:
    """"a, b and c" in the language in use (Babel's list patterns; British English, without the
    serial comma, as the rest of the English texts)."""
    from babel.lists import format_list

    lang = current()
    return format_list(items, locale="en_GB" if lang == "en" else lang)


def file_suffix(lang: str) -> str:
    """What a default output file name gains in another language than English: "-nl", "-fr"."""
    return "" if lang == DEFAULT else f"-{lang}"
