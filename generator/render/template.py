"""Strict reading of the print templates (templates/scorepad/*.yaml, templates/reference/*.yaml).

Every value is checked where it is read, and every complaint is a DataError naming the file and
the key path ("variants.brugge.rows[3].label"), so a new game's template either loads completely
or tells its author exactly what to fix. Whatever passes here can be drawn without crashing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from generator.data.yaml_file import read_yaml
from generator.errors import DataError, UsageError, shown
from generator.render.icons import has_icon
from generator.render.pdf import missing_glyphs

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

# An icon inside text, written like ":camera:" (a Font Awesome solid icon name).
ICON_TOKEN = re.compile(r":([a-z0-9]+(?:-[a-z0-9]+)*):")

T = TypeVar("T")

_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Where:
    """A place in a template file: the file and the key path inside it."""

    file: str
    path: str = ""

    def key(self, name: str | int) -> Where:
        if isinstance(name, int):
            return Where(self.file, f"{self.path}[{name}]")
        return Where(self.file, f"{self.path}.{name}" if self.path else name)

    def error(self, message: str) -> DataError:
        return DataError(self.file, self.path, message)


def load_yaml(file: Path) -> tuple[Any, Where]:
    """Parse `file` as YAML (generator.data.yaml_file: strict, bounded); problems are DataErrors."""
    return read_yaml(file), Where(str(file))


def mapping(value: Any, where: Where, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    """`value` as a mapping with exactly the `required` keys and some of the `optional` ones."""
    if not isinstance(value, dict):
        raise where.error(f"expected a mapping with keys {', '.join(required)}, got {_kind(value)}")
    for key in value:
        if key not in required and key not in optional:
            allowed = ", ".join(required + optional)
            raise where.key(str(key)).error(f"unknown key {shown(key)} (allowed: {allowed})")
    for key in required:
        if key not in value:
            raise where.error(f"missing key {key!r}")
    return value


def sequence(value: Any, where: Where, min_length: int = 1) -> list:
    """`value` as a list of at least `min_length` items."""
    if not isinstance(value, list):
        raise where.error(f"expected a list, got {_kind(value)}")
    if len(value) < min_length:
        raise where.error(f"expected at least {min_length} item(s), got {len(value)}")
    return value


def text(value: Any, where: Where, *, icons: bool = False, empty: bool = False) -> str:
    """`value` as printable one-paragraph text; with `icons`, ":name:" tokens must be real icons."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise where.error(f"expected text, got {_kind(value)}")
    result = str(value).strip()
    if not result and not empty:
        raise where.error("text is empty")
    if "\n" in result:
        raise where.error("text must be one paragraph (no line breaks)")
    plain = result
    if icons:
        for match in ICON_TOKEN.finditer(result):
            if not has_icon(match.group(1)):
                raise where.error(f"unknown icon :{match.group(1)}: (a Font Awesome Free solid icon name)")
        plain = ICON_TOKEN.sub("", result)
    missing = missing_glyphs(plain)
    if missing:
        raise where.error(f"the print font has no glyph for {missing!r}")
    return result


def icon(value: Any, where: Where) -> str:
    """`value` as the name of a free solid Font Awesome icon."""
    if not isinstance(value, str) or not has_icon(value):
        raise where.error(f"unknown icon {shown(value)} (a Font Awesome Free solid icon name, e.g. camera)")
    return value


def integer(value: Any, where: Where, low: int, high: int) -> int:
    """`value` as an integer in [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.error(f"expected a whole number, got {_kind(value)}")
    if not low <= value <= high:
        raise where.error(f"{value} is out of range {low}–{high}")
    return value


def name(value: Any, where: Where) -> str:
    """`value` as a lowercase name usable on the command line (brugge, french-summary)."""
    if not isinstance(value, str) or not _NAME.match(value):
        raise where.error(f"{shown(value)} is not a name: lowercase letters, digits and hyphens")
    return value


def variants(value: Any, where: Where, read: Callable[[Any, Where], T]) -> dict[str, T]:
    """`value` as a non-empty mapping from variant name to a body that `read` checks."""
    if not isinstance(value, dict) or not value:
        raise where.error(f"expected a mapping of variant names (e.g. basic:), got {_kind(value)}")
    return {name(key, where.key(str(key))): read(body, where.key(str(key))) for key, body in value.items()}


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


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )
