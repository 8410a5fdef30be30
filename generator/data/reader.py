"""Checking a YAML document's shape, with messages that name the file, the key path and what
was expected.

Every loader reads its file with generator.data.yaml_file and walks the document through `Field`:
cities, puzzles and plans here, Bruges games (generator/data/bruges.py) and the print templates
(generator/render/template.py, whose print-only checks take a Field and fail through it). So a
malformed file always gives one DataError like "maps/brugge/map.yaml, at locations[3].at: expected
a coordinate…", worded the same whichever file it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from generator.data.yaml_file import read_yaml
from generator.errors import DataError, shown

T = TypeVar("T")


def type_name(value: Any) -> str:
    """What `value` is, in a message's words ("found a list")."""
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a whole number", float: "a number"}.get(
        type(value), type(value).__name__
    )


class Field:
    """A value inside a YAML document, with the file and key path that lead to it."""

    def __init__(self, file: object, value: Any, path: str = "") -> None:
        self.file = file
        self.value = value
        self.path = path

    @classmethod
    def read(cls, file: Path | str) -> "Field":
        """The whole YAML document of `file` (read strictly by generator.data.yaml_file)."""
        return cls(file, read_yaml(file))

    def fail(self, message: str) -> DataError:
        """A DataError at this field (raise it)."""
        return DataError(self.file, self.path, message)

    def child(self, key: str | int, value: Any) -> "Field":
        if isinstance(key, int):
            return Field(self.file, value, f"{self.path}[{key}]")
        return Field(self.file, value, f"{self.path}.{key}" if self.path else str(key))

    # --- mappings ------------------------------------------------------------------------------

    def mapping(self, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> "Fields":
        """Check a mapping with all the `required` keys and some `optional` ones (no unknown ones)
        and return its fields, in the file's order."""
        if not isinstance(self.value, dict):
            raise self.fail(f"expected a mapping with keys {', '.join(required + optional)}, found {type_name(self.value)}")
        known = set(required) | set(optional)
        for key in self.value:
            if not isinstance(key, str) or key not in known:
                raise self.child(str(key), None).fail(
                    f"unknown key {shown(key)} (expected one of: {', '.join(required + optional)})"
                )
        for key in required:
            if key not in self.value:
                raise self.fail(f"missing key {key!r}")
        return Fields(self, {key: self.child(key, self.value[key]) for key in self.value})

    def pairs(self) -> Iterator[tuple["Field", "Field"]]:
        """The (key, value) fields of a mapping whose keys are data (step numbers, variant names):
        both at the entry's key path, the key field holding the key as written."""
        if not isinstance(self.value, dict):
            raise self.fail(f"expected a mapping, found {type_name(self.value)}")
        for key, value in self.value.items():
            yield self.child(str(key), key), self.child(str(key), value)

    def entries(self) -> Iterator[tuple[str, "Field"]]:
        """The (key, field) pairs of a mapping with free text keys."""
        if not isinstance(self.value, dict):
            raise self.fail(f"expected a mapping, found {type_name(self.value)}")
        for key, value in self.value.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self.fail(f"key {shown(key)} is not a name")
            yield str(key), self.child(str(key), value)

    # --- scalars and lists ---------------------------------------------------------------------

    def text(self, *, empty: bool = False, numbers: bool = False) -> str:
        """Text, as written; `empty` allows blank text, `numbers` reads a number as its text
        (a table cell `3`)."""
        value = self.value
        if numbers and isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(f"expected text, found {type_name(value)}")
        if not empty and not value.strip():
            raise self.fail("expected text, found an empty one")
        return value

    def maybe(self, read: Callable[["Field"], T]) -> T | None:
        """`read(self)`, or None when the value is null (an optional key left empty)."""
        return None if self.value is None else read(self)

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise self.fail(f"expected a whole number, found {type_name(self.value)} {shown(self.value)}")
        if (low is not None and self.value < low) or (high is not None and self.value > high):
            bounds = f"between {low} and {high}" if low is not None and high is not None else (
                f"at least {low}" if low is not None else f"at most {high}"
            )
            raise self.fail(f"expected a whole number {bounds}, found {self.value}")
        return self.value

    def choice(self, options: tuple[str, ...] | list[str]) -> str:
        value = self.value.lower() if isinstance(self.value, str) else self.value
        if value not in options:
            expected = repr(options[0]) if len(options) == 1 else f"one of {', '.join(map(str, options))}"
            raise self.fail(f"expected {expected}, found {shown(self.value)}")
        return value

    def items(self, min_len: int = 0, max_len: int | None = None) -> list["Field"]:
        if not isinstance(self.value, list):
            raise self.fail(f"expected a list, found {type_name(self.value)}")
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            want = f"exactly {min_len}" if min_len == max_len else (
                f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
            )
            noun = "entry" if want in ("exactly 1", "at least 1") else "entries"
            raise self.fail(f"expected {want} {noun}, found {n}")
        return [self.child(i, v) for i, v in enumerate(self.value)]

    def parsed(self, parse: Callable[[Any], T]) -> T:
        """Apply a parser that raises ValueError (coordinates, boxes, …) and report its message here."""
        try:
            return parse(self.value)
        except (ValueError, TypeError, AttributeError) as error:
            raise self.fail(str(error) if str(error) else f"cannot read {shown(self.value)}") from None


class Fields(dict[str, Field]):
    """The fields of a checked mapping, by key (see Field.mapping)."""

    def __init__(self, parent: Field, fields: dict[str, Field]) -> None:
        super().__init__(fields)
        self.parent = parent

    def at(self, key: str, default: Any = None) -> Field:
        """The field at `key`; when the key is absent or left empty (null), a field holding
        `default` at the same key path, so that its checks still name the key."""
        field = self.get(key)
        if field is None or field.value is None:
            return self.parent.child(key, default)
        return field
