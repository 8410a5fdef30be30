"""The one way citytrip reads a file a user can hand it: cities, puzzles, plans, Bruges games,
templates and the level sweep's outcome log.

`read_text` opens only regular files (a FIFO would block, /dev/zero never ends), of bounded size,
as strict UTF-8. `parse_yaml` is PyYAML's safe loader made strict where PyYAML is lenient or
fragile: a key given twice is refused (PyYAML keeps the last one silently), nesting is bounded
(deep documents hit Python's recursion limit), what aliases expand to is bounded ("billion
laughs": a few hundred bytes that stand for a billion values), values YAML cannot build
(`2026-02-30`, `!!int x`) and text no font can print (lone surrogates, control characters) are
refused where they are written. Every problem is a DataError naming the file and the line.
"""

from __future__ import annotations

import re
import stat
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DataError, shown

MAX_FILE_BYTES = 5_000_000  # a data file larger than this is not one of ours
MAX_DEPTH = 60              # nesting of mappings and lists; the deepest shipped file has 6
MAX_ALIAS_VALUES = 10_000   # values that aliases may stand for in one document; shipped files use none

# Text a PDF font or a QR code cannot carry: lone surrogates (not characters at all) and control
# characters other than tab and newline.
_UNPRINTABLE = re.compile(r"[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f]")


def read_text(path: Path | str, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes, or a DataError saying why not."""
    if str(path) == "":
        raise DataError("''", "", "an empty file name")
    path = Path(path)
    try:
        status = path.stat()
    except FileNotFoundError:
        raise DataError(path, "", "no such file") from None
    except OSError as error:
        raise DataError(path, "", f"cannot read it ({error.strerror or error})") from None
    if stat.S_ISDIR(status.st_mode):
        raise DataError(path, "", "is a folder, not a file")
    if not stat.S_ISREG(status.st_mode):
        raise DataError(path, "", "is not a regular file (a device, a pipe or a socket); give the path of a file")
    too_large = DataError(path, "", f"is larger than {limit:,} bytes, too large for a citytrip file")
    if status.st_size > limit:
        raise too_large
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)  # the size can change after stat
    except OSError as error:
        raise DataError(path, "", f"cannot read it ({error.strerror or error})") from None
    if len(data) > limit:
        raise too_large
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(path, "", f"is not UTF-8 text (byte {error.start} cannot be read)") from None


def read_yaml(path: Path | str) -> Any:
    """A YAML file read by `read_text` and parsed by `parse_yaml`."""
    return parse_yaml(read_text(path), path)


def dump_yaml(data: Any) -> str:
    """Deterministic YAML text for the files citytrip writes: key order kept, flow style for short
    lists; `parse_yaml` reads it back to the same value."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)


def parse_yaml(text: str, source: object) -> Any:
    """The value of one YAML document; any problem is a DataError naming `source` and the line."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise DataError(source, where, f"not valid YAML ({problem})") from None


class _StrictLoader(yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._alias_values = 0
        self._sizes: dict[int, int] = {}  # id(node) -> how many values the node stands for
        # Build every value inside construct_object, so a value that cannot be built is
        # reported at its own node (PyYAML otherwise fills mappings and lists later).
        self.deep_construct = True

    # --- composing: depth and aliases ---------------------------------------------------------

    def compose_node(self, parent: Any, index: Any) -> yaml.Node:
        mark = self.peek_event().start_mark
        if self.check_event(yaml.AliasEvent):
            node = super().compose_node(parent, index)
            if id(node) not in self._sizes:
                raise yaml.composer.ComposerError(None, None, "an alias refers to the value that holds it", mark)
            self._alias_values += self._sizes[id(node)]
            if self._alias_values > MAX_ALIAS_VALUES:
                raise yaml.composer.ComposerError(
                    None, None, f"aliases stand for more than {MAX_ALIAS_VALUES:,} values", mark)
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise yaml.composer.ComposerError(None, None, f"nested more than {MAX_DEPTH} levels deep", mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        self._sizes[id(node)] = 1 + sum(self._sizes.get(id(child), 1) for child in _children(node))
        return node

    # --- constructing: duplicate keys, values YAML cannot build, unprintable text ---------------

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            value = super().construct_object(node, deep=True)
        except (ValueError, OverflowError, TypeError) as error:
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read {shown(node.value)} as {node.tag.rsplit(':', 1)[-1]}: {shown(str(error))}",
                node.start_mark) from None
        unprintable = _UNPRINTABLE.search(value) if isinstance(value, str) else None
        if unprintable:
            raise yaml.constructor.ConstructorError(
                None, None, f"the text {shown(value)} holds character U+{ord(unprintable.group()):04X}, which cannot "
                "be printed", node.start_mark)
        return value

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node)
            if isinstance(key, (list, dict, set)):
                raise yaml.constructor.ConstructorError(
                    None, None, f"a key cannot be a {type(key).__name__}", key_node.start_mark)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {shown(key)} (given twice in one mapping)", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=True)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []
