"""The print templates (templates/scorepad/*.yaml, templates/reference/*.yaml, icons.yaml,
sheet/style.yaml): where they are, and the checks only printing needs.

The templates are walked with generator.data.reader.Field like every other data file, so every
complaint is a DataError naming the file and the key path ("variants.brugge.rows[3].label"). What
Field cannot know lives here, as small checks that take a Field and fail through it: the print font
has a glyph for every character, `:icon:` tokens and icon names are real Font Awesome icons, names
are usable on the command line, ink is dark enough for a greyscale print. A template either loads
completely or tells its author exactly what to fix; whatever passes can be drawn without crashing.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from generator.data.cities import load_city
from generator.data.reader import Field, Fields, type_name
from generator.errors import UsageError, shown
from generator.messages import translated
from generator.render.icons import has_icon
from generator.render.pdf import missing_glyphs
from generator.render.wording import city_fills, fill
from generator.rules.city import City
from generator.resources import shipped

TEMPLATES = shipped("templates")

# An icon inside text, written like ":camera:" (a Font Awesome solid icon name).
ICON_TOKEN = re.compile(r":([a-z0-9]+(?:-[a-z0-9]+)*):")
MIN_CONTRAST = 4.5  # WCAG AA for normal text: a dark ink on white stays legible in greyscale

T = TypeVar("T")

_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


def printable(field: Field, *, icons: bool = False, empty: bool = False,
              fills: Mapping[str, str] | None = None) -> str:
    """One printable paragraph (a number is read as its text), stripped, in the language in use
    (generator/messages.py: the template's text is an English message); with `icons`, ":name:"
    tokens must be real icons; `empty` allows a blank (a table cell). With `fills` (a city's
    words, see generator/render/wording.py) the placeholders are filled after translation, and
    one it does not know is an error: an empty `fills` means the variant names no city."""
    field = translated(field)
    result = field.text(empty=empty, numbers=True).strip()
    if "\n" in result:
        raise field.fail("text must be one paragraph (no line breaks)")
    if fills is not None:
        result, unknown = fill(result, fills)
        if unknown and not fills:
            raise field.fail(f"{unknown[0]} is a placeholder for a city's words: give the variant a city (city: brugge)")
        if unknown:
            raise field.fail(f"unknown placeholder {unknown[0]} (the city's words are in generator/render/wording.py)")
    plain = result
    if icons:
        for match in ICON_TOKEN.finditer(result):
            if not has_icon(match.group(1)):
                raise field.fail(f"unknown icon :{match.group(1)}: (a Font Awesome Free solid icon name)")
        plain = ICON_TOKEN.sub("", result)
    missing = missing_glyphs(plain)
    if missing:
        raise field.fail(f"the print font has no glyph for {missing!r}")
    return result


def variant_city(body: Fields, file: Path) -> tuple[City | None, dict[str, str]]:
    """The city a variant names with `city:` (a shipped city or a folder beside the template) and
    its placeholders, or (None, {}) for a variant of a game without cities."""
    if "city" not in body:
        return None, {}
    where = body["city"]
    try:
        city = load_city(where.text(), relative_to=Path(file).parent)
    except UsageError as error:
        raise where.fail(str(error)) from None
    return city, city_fills(city)


def icon(field: Field) -> str:
    """The name of a free solid Font Awesome icon."""
    if not isinstance(field.value, str) or not has_icon(field.value):
        raise field.fail(f"unknown icon {shown(field.value)} (a Font Awesome Free solid icon name, e.g. camera)")
    return field.value


def name(field: Field) -> str:
    """A lowercase name usable on the command line (brugge, french-summary)."""
    if not isinstance(field.value, str) or not _NAME.match(field.value):
        raise field.fail(f"{shown(field.value)} is not a name: lowercase letters, digits and hyphens")
    return field.value


def contrast_on_white(colour: str) -> float:
    """The WCAG contrast ratio of `colour` ("#RRGGBB") against white paper."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i : i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    return 1.05 / (luminance + 0.05)


def colour(field: Field, *, ink: bool) -> str:
    """A colour "#RRGGBB", upper case; `ink` (drawn on white) must be dark enough for greyscale."""
    value = field.value
    if not isinstance(value, str) or not _HEX.match(value):
        raise field.fail(f'expected a colour like "#1F5F8B", found {shown(value)}')
    if ink and contrast_on_white(value) < MIN_CONTRAST:
        raise field.fail(
            f"{value} is too light to read in greyscale (contrast {contrast_on_white(value):.1f}:1, "
            f"need {MIN_CONTRAST}:1 on white)"
        )
    return value.upper()


def named(field: Field, what: str, read: Callable[[Field], T]) -> dict[str, T]:
    """A non-empty mapping from names to bodies that `read` checks (`what` describes it)."""
    if not isinstance(field.value, dict) or not field.value:
        found = "an empty one" if field.value == {} else type_name(field.value)
        raise field.fail(f"expected a mapping {what}, found {found}")
    return {name(key): read(body) for key, body in field.pairs()}


def variants(field: Field, read: Callable[[Field], T]) -> dict[str, T]:
    """A non-empty mapping from variant name to a body that `read` checks."""
    return named(field, "of variant names (e.g. basic:)", read)


def template_file(kind: str, game: str) -> Path:
    """The template of `kind` (scorepad, reference) for `game`: a shipped name or a YAML path."""
    if game.endswith((".yaml", ".yml")):
        return Path(game)
    if _NAME.match(game) and (TEMPLATES / kind / f"{game}.yaml").is_file():
        return TEMPLATES / kind / f"{game}.yaml"
    known = ", ".join(shipped_games(kind)) or "none"
    raise UsageError(f"unknown game {shown(game)} for {kind}: use one of {known}, or the path of a .yaml template")


def shipped_games(kind: str) -> list[str]:
    """The games that have a shipped template of `kind`, by file name."""
    return sorted(path.stem for path in (TEMPLATES / kind).glob("*.yaml"))


def pick_variant(variants: dict[str, Any], wanted: str | None, file: Path) -> str:
    """The variant called `wanted`, or the first one (the template's default)."""
    if wanted is None:
        return next(iter(variants))
    if wanted not in variants:
        raise UsageError(f"{file.name} has no variant {wanted!r}: use one of {', '.join(variants)}")
    return wanted


