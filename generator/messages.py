"""Babel extractors for the messages that are not in Python source: the print templates' texts.

babel.cfg names them (`generator.messages:extract_yaml`). A template's player-facing strings are
English message ids, translated with `_()` where the template is rendered; this finds them so
that `pybabel extract` puts them in the catalog template next to the Python messages.
"""

from __future__ import annotations

import yaml

# The keys whose string values (or lists of strings) a template prints for players.
TEXT_KEYS = frozenset({"title", "label", "hint", "notes", "player_label", "text", "heading", "lines", "caption"})


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
    elif isinstance(node, yaml.ScalarNode) and key in TEXT_KEYS and node.tag.endswith(":str") and node.value.strip():
        yield node.start_mark.line + 1, "_", node.value, []
