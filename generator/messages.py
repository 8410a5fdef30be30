"""The print templates' messages: what Babel extracts from them, and their translation on loading.

babel.cfg names the extractor (`generator.messages:extract_yaml`). A template's player-facing
strings are English message ids; this finds them so that `pybabel extract` puts them in the
catalog template next to the Python messages, and `translated` gives each one in the language
in use to generator/render/template.py's `printable`, through which the template loaders
(scorepad_template.py, reference_template.py) read every printed text.
They are translated BEFORE a city's placeholders are filled (`{assignments}`, `{category:event}`,
generator/render/wording.py), so a translation keeps the placeholders and the city's own words
in the same language fill them.

A string is a message when it sits under one of TEXT_KEYS (a list under the key counts, and so
does a list of lists: a table's rows) and has words of its own: a bare placeholder
("{category:event}"), a row of icons (":camera: :camera:"), a number ("2") or a Roman numeral
("IV") reads the same in every language and is left out. Keys that name things (icon, kind,
city) are never messages.
"""

from __future__ import annotations

import re

import yaml

from generator.data.reader import Field
from generator.language import _

# The keys whose string values (or lists of strings, or lists of lists) a template prints for
# players: labels and hints of the score pads, the reference cards' blocks and table cells.
TEXT_KEYS = frozenset({
    "title", "label", "hint", "notes", "player_label", "text", "heading", "lines", "caption",
    "bullets", "steps", "header", "rows", "columns", "levels",
})

_NOT_WORDS = re.compile(r":[a-z0-9]+(?:-[a-z0-9]+)*:|\{[A-Za-z_]+(?::[a-z_]+)?\}")
_ROMAN = re.compile(r"^[IVXLC]+$")


def is_message(text: str) -> bool:
    """Whether template text has words to translate (not only placeholders, icons, numbers)."""
    rest = _NOT_WORDS.sub(" ", text).strip()
    return any(c.isalpha() for c in rest) and not _ROMAN.match(rest)


def translated(field: Field) -> Field:
    """A template's `field` with its text in the language in use: the same field when it holds
    no message; its key path is kept, so errors still name it."""
    if not isinstance(field.value, str) or not is_message(field.value):
        return field
    return Field(field.file, _(field.value), field.path)


def extract_yaml(fileobj, keywords, comment_tags, options):
    """Yield (line, funcname, message, comments) for every printed text of a YAML template."""
    root = yaml.compose(fileobj.read().decode("utf-8"))
    yield from _walk(root)


def _walk(node, key: str | None = None):
    if isinstance(node, yaml.MappingNode):
        for key_node, value in node.value:
            yield from _walk(value, key_node.value if isinstance(key_node, yaml.ScalarNode) else None)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk(item, key)
    elif (isinstance(node, yaml.ScalarNode) and key in TEXT_KEYS and node.tag.endswith(":str")
          and is_message(node.value)):
        yield node.start_mark.line + 1, "_", node.value, []
