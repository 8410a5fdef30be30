"""Checking a YAML document's shape, with messages that name the file, the key path and what
was expected.

Every loader in generator/data reads its file with generator.data.yaml_file and walks the document
through `Field`, so a malformed file always gives one DataError like "maps/brugge/map.yaml, at
locations[3].at: expected a coordinate…".
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, TypeVar

from generator.errors import DataError, shown

T = TypeVar("T")


def _type_name(value: Any) -> str:
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

    def fail(self, message: str) -> DataError:
        """A DataError at this field (raise it)."""
        return DataError(self.file, self.path, message)

    def child(self, key: str | int, value: Any) -> "Field":
        if isinstance(key, int):
            return Field(self.file, value, f"{self.path}[{key}]")
        return Field(self.file, value, f"{self.path}.{key}" if self.path else str(key))

    # --- mappings ------------------------------------------------------------------------------

    def mapping(self, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> dict[str, "Field"]:
        """Check a mapping with exactly these keys (no unknown ones) and return its fields."""
        if not isinstance(self.value, dict):
            raise self.fail(f"expected a mapping with keys {', '.join(required + optional)}, found {_type_name(self.value)}")
        known = set(required) | set(optional)
        for key in self.value:
            if not isinstance(key, str) or key not in known:
                raise self.child(str(key), None).fail(
                    f"unknown key {shown(key)} (expected one of: {', '.join(required + optional)})"
                )
        for key in required:
            if key not in self.value:
                raise self.fail(f"missing key {key!r}")
        return {key: self.child(key, self.value[key]) for key in self.value}

    def entries(self) -> Iterator[tuple[str, "Field"]]:
        """The (key, field) pairs of a mapping with free text keys."""
        if not isinstance(self.value, dict):
            raise self.fail(f"expected a mapping, found {_type_name(self.value)}")
        for key, value in self.value.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self.fail(f"key {shown(key)} is not a name")
            yield str(key), self.child(str(key), value)

    # --- scalars and lists ---------------------------------------------------------------------

    def text(self) -> str:
        if not isinstance(self.value, str) or not self.value.strip():
            raise self.fail(f"expected text, found {_type_name(self.value)}")
        return self.value

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise self.fail(f"expected a whole number, found {_type_name(self.value)} {shown(self.value)}")
        if (low is not None and self.value < low) or (high is not None and self.value > high):
            bounds = f"between {low} and {high}" if low is not None and high is not None else (
                f"at least {low}" if low is not None else f"at most {high}"
            )
            raise self.fail(f"expected a whole number {bounds}, found {self.value}")
        return self.value

    def choice(self, options: tuple[str, ...] | list[str]) -> str:
        value = self.value.lower() if isinstance(self.value, str) else self.value
        if value not in options:
            raise self.fail(f"expected one of {', '.join(map(str, options))}, found {shown(self.value)}")
        return value

    def items(self, min_len: int = 0, max_len: int | None = None) -> list["Field"]:
        if not isinstance(self.value, list):
            raise self.fail(f"expected a list, found {_type_name(self.value)}")
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            want = f"exactly {min_len}" if min_len == max_len else (
                f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
            )
            raise self.fail(f"expected {want} entries, found {n}")
        return [self.child(i, v) for i, v in enumerate(self.value)]

    def parsed(self, parse: Callable[[Any], T]) -> T:
        """Apply a parser that raises ValueError (coordinates, boxes, …) and report its message here."""
        try:
            return parse(self.value)
        except (ValueError, TypeError, AttributeError) as error:
            raise self.fail(str(error) if str(error) else f"cannot read {shown(self.value)}") from None
