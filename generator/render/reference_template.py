"""Reference card templates: templates/reference/<game>.yaml read into frozen values.

    title: Bruges
    variants:                       # the first is the default
      english:
        label: Bruges
        cards:                      # four cards to a page
          - title: Round phases
            blocks:                 # top to bottom; each block has exactly one key
              - heading: Phase 1
              - text: "Draw to 5 cards. **Bold words** and icons like :camera: may appear inline."
              - bullets: [one item, another item]
              - steps: [first, second]          # a numbered list
              - table:
                  header: [Colour, Threat, Penalty]
                  rows: [[Blue, Flood, Return all of your workers.]]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.render import template as t

BLOCK_KINDS = ("heading", "text", "bullets", "steps", "table")


@dataclass(frozen=True)
class Block:
    kind: str  # one of BLOCK_KINDS
    items: tuple[str, ...] = ()  # heading/text: one item; bullets/steps: the items
    header: tuple[str, ...] = ()  # table only
    rows: tuple[tuple[str, ...], ...] = ()  # table only


@dataclass(frozen=True)
class Card:
    title: str
    blocks: tuple[Block, ...]
    where: str  # key path of the card in its file, for fit errors


@dataclass(frozen=True)
class ReferenceTemplate:
    game: str
    file: str
    title: str
    variant: str
    label: str
    cards: tuple[Card, ...]
    variants: tuple[str, ...] = ()  # every variant of the file, the default first


@dataclass(frozen=True)
class _Variant:
    label: str
    cards: tuple[Card, ...]


def load_reference(file: Path, variant: str | None = None) -> ReferenceTemplate:
    """Read and fully check the reference template `file`, and pick `variant` (default: first)."""
    data, where = t.load_yaml(file)
    top = t.mapping(data, where, ("title", "variants"))
    title = t.text(top["title"], where.key("title"))
    variants = t.variants(top["variants"], where.key("variants"), _variant)
    chosen = t.pick_variant(variants, variant, Path(file))
    picked = variants[chosen]
    return ReferenceTemplate(Path(file).stem, str(file), title, chosen, picked.label, picked.cards, tuple(variants))


def _variant(value: Any, where: t.Where) -> _Variant:
    body = t.mapping(value, where, ("label", "cards"))
    cards_where = where.key("cards")
    cards = tuple(_card(item, cards_where.key(i)) for i, item in enumerate(t.sequence(body["cards"], cards_where)))
    return _Variant(t.text(body["label"], where.key("label")), cards)


def _card(value: Any, where: t.Where) -> Card:
    body = t.mapping(value, where, ("title", "blocks"))
    blocks_where = where.key("blocks")
    blocks = tuple(_block(item, blocks_where.key(i)) for i, item in enumerate(t.sequence(body["blocks"], blocks_where)))
    return Card(t.text(body["title"], where.key("title")), blocks, where.path)


def _block(value: Any, where: t.Where) -> Block:
    if not isinstance(value, dict) or len(value) != 1:
        raise where.error(f"expected a mapping with exactly one of the keys {', '.join(BLOCK_KINDS)}")
    kind, body = next(iter(value.items()))
    at = where.key(str(kind))
    if kind in ("heading", "text"):
        return Block(kind, (_rich(body, at),))
    if kind in ("bullets", "steps"):
        return Block(kind, tuple(_rich(item, at.key(i)) for i, item in enumerate(t.sequence(body, at))))
    if kind == "table":
        table = t.mapping(body, at, ("header", "rows"))
        header = tuple(_rich(cell, at.key("header").key(i), empty=True) for i, cell in enumerate(t.sequence(table["header"], at.key("header"))))
        rows = []
        for r, row in enumerate(t.sequence(table["rows"], at.key("rows"))):
            row_at = at.key("rows").key(r)
            cells = t.sequence(row, row_at)
            if len(cells) != len(header):
                raise row_at.error(f"expected {len(header)} cells like the header, got {len(cells)}")
            rows.append(tuple(_rich(cell, row_at.key(c), empty=True) for c, cell in enumerate(cells)))
        return Block(kind, header=header, rows=tuple(rows))
    raise at.error(f"unknown block {kind!r}: use one of {', '.join(BLOCK_KINDS)}")


def _rich(value: Any, where: t.Where, empty: bool = False) -> str:
    """Text that may hold **bold** runs and :icon: tokens (`empty`: a table cell may be blank)."""
    result = t.text(value, where, icons=True, empty=empty)
    if result.count("**") % 2:
        raise where.error("unbalanced ** (bold runs are written **like this**)")
    return result
