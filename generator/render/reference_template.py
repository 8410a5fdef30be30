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
from generator.data.reader import Field
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
    top = Field.read(file).mapping(("title", "variants"))
    title = t.printable(top["title"])
    variants = t.variants(top["variants"], _variant)
    chosen = t.pick_variant(variants, variant, Path(file))
    picked = variants[chosen]
    return ReferenceTemplate(Path(file).stem, str(file), title, chosen, picked.label, picked.cards, tuple(variants))


def _variant(field: Field) -> _Variant:
    body = field.mapping(("label", "cards"))
    cards = tuple(_card(card) for card in body["cards"].items(min_len=1))
    return _Variant(t.printable(body["label"]), cards)


def _card(field: Field) -> Card:
    body = field.mapping(("title", "blocks"))
    blocks = tuple(_block(block) for block in body["blocks"].items(min_len=1))
    return Card(t.printable(body["title"]), blocks, field.path)


def _block(field: Field) -> Block:
    body = field.mapping(optional=BLOCK_KINDS)
    if len(body) != 1:
        raise field.fail(f"expected a mapping with exactly one of the keys {', '.join(BLOCK_KINDS)}")
    kind, at = next(iter(body.items()))
    if kind in ("heading", "text"):
        return Block(kind, (_rich(at),))
    if kind in ("bullets", "steps"):
        return Block(kind, tuple(_rich(item) for item in at.items(min_len=1)))
    table = at.mapping(("header", "rows"))
    header = tuple(_rich(cell, empty=True) for cell in table["header"].items(min_len=1))
    rows = []
    for row in table["rows"].items(min_len=1):
        cells = row.items(min_len=1)
        if len(cells) != len(header):
            raise row.fail(f"expected {len(header)} cells like the header, found {len(cells)}")
        rows.append(tuple(_rich(cell, empty=True) for cell in cells))
    return Block(kind, header=header, rows=tuple(rows))


def _rich(field: Field, empty: bool = False) -> str:
    """Text that may hold **bold** runs and :icon: tokens (`empty`: a table cell may be blank)."""
    result = t.printable(field, icons=True, empty=empty)
    if result.count("**") % 2:
        raise field.fail("unbalanced ** (bold runs are written **like this**)")
    return result
