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

A variant may name a city (`city: brugge`). Its texts may then hold the city's words as
placeholders (`{Assignments}`, `{category:event}`, see generator/render/wording.py), and a card
may hold the city's solo level table, built from the city's levels data rather than retyped:

              - levels: [Level, Start card, "{Assignments}", Target]   # the four column headers

one row per level: its number, its start card as the card prints it (03), its assignment cards as
they print their type and number (1.02, 2.03) and its target. A city's card may also say where the
city's table page is (the action cards turned on a phone, on the site `citytrip site` builds):

              - site: table

which prints its address beside a QR code when the aid is printed with --base-url (and the levels
table then gets a QR code to the city's levels page beside it), and otherwise one sentence on the
site (generator/render/reference.py).

Every printed text is an English message, read in the language in use (`speaking`,
generator/language.py) through the catalogs that Babel fills from the templates
(generator/messages.py); a city's placeholders are filled after translation, in that language.
Load a template inside the language it is to be printed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.data.reader import Field
from generator.errors import shown
from generator.language import _
from generator.render import template as t
from generator.rules.city import City, Level

BLOCK_KINDS = ("heading", "text", "bullets", "steps", "table", "levels", "site")
SITE_PAGES = ("table",)  # the pages a `site` block may name


@dataclass(frozen=True)
class Block:
    kind: str  # one of BLOCK_KINDS except "levels", which is read as a table
    items: tuple[str, ...] = ()  # heading/text: one item; bullets/steps: the items; site: the page
    header: tuple[str, ...] = ()  # table only
    rows: tuple[tuple[str, ...], ...] = ()  # table only
    levels: bool = False  # a table: the city's solo levels (a QR code to its levels page beside it)
    site: str = ""  # a text on the city's page of that name on the site ("table")
    qr: str = ""  # the address of a QR code printed beside the block (render_reference, --base-url)


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
    city: str | None = None  # the key of the city whose words and levels the cards hold


@dataclass(frozen=True)
class _Variant:
    label: str
    cards: tuple[Card, ...]
    city: str | None


def load_reference(file: Path, variant: str | None = None) -> ReferenceTemplate:
    """Read and fully check the reference template `file`, and pick `variant` (default: first)."""
    top = Field.read(file).mapping(("title", "variants"))
    title = t.printable(top["title"])
    variants = t.variants(top["variants"], _variant)
    chosen = t.pick_variant(variants, variant, Path(file))
    picked = variants[chosen]
    return ReferenceTemplate(Path(file).stem, str(file), title, chosen, picked.label, picked.cards, tuple(variants),
                             picked.city)


@dataclass(frozen=True)
class _Context:
    """What a variant's texts are filled from: its city (or None) and the city's placeholders."""

    city: City | None
    fills: dict[str, str]


def _variant(field: Field) -> _Variant:
    body = field.mapping(("label", "cards"), ("city",))
    city, fills = t.variant_city(body, field.file)
    context = _Context(city, fills)
    cards = tuple(_card(card, context) for card in body["cards"].items(min_len=1))
    return _Variant(t.printable(body["label"], fills=fills), cards, city.key if city else None)


def _card(field: Field, context: _Context) -> Card:
    body = field.mapping(("title", "blocks"))
    blocks = tuple(_block(block, context) for block in body["blocks"].items(min_len=1))
    return Card(t.printable(body["title"], fills=context.fills), blocks, field.path)


def _block(field: Field, context: _Context) -> Block:
    body = field.mapping(optional=BLOCK_KINDS)
    if len(body) != 1:
        raise field.fail(f"expected a mapping with exactly one of the keys {', '.join(BLOCK_KINDS)}")
    kind, at = next(iter(body.items()))
    if kind in ("heading", "text"):
        return Block(kind, (_rich(at, context),))
    if kind in ("bullets", "steps"):
        return Block(kind, tuple(_rich(item, context) for item in at.items(min_len=1)))
    if kind == "levels":
        return _levels(at, context)
    if kind == "site":
        if context.city is None:
            raise field.fail("a site block needs the variant's city (city: brugge)")
        page = at.text()
        if page not in SITE_PAGES:
            raise at.fail(f"expected one of {', '.join(SITE_PAGES)}, found {shown(page)}")
        return Block("text", (no_site_text(),), site=page)
    table = at.mapping(("header", "rows"))
    header = tuple(_rich(cell, context, empty=True) for cell in table["header"].items(min_len=1))
    rows = []
    for row in table["rows"].items(min_len=1):
        cells = row.items(min_len=1)
        if len(cells) != len(header):
            raise row.fail(f"expected {len(header)} cells like the header, found {len(cells)}")
        rows.append(tuple(_rich(cell, context, empty=True) for cell in cells))
    return Block(kind, header=header, rows=tuple(rows))


def _levels(field: Field, context: _Context) -> Block:
    """The city's solo levels as a table (RULINGS "Solo"): read from its levels data, so the aid
    and the levels a player is scored against are the same table."""
    if context.city is None:
        raise field.fail("a levels table needs the variant's city (city: brugge)")
    header = tuple(_rich(cell, context) for cell in field.items(min_len=4, max_len=4))
    city = context.city

    def cards(level: Level) -> str:
        # By type, then number: the order of the rulebook's table (assignment 1, 2, 4, 5).
        chosen = sorted((city.assignments[key] for key in level.assignments), key=lambda a: (a.type, a.id))
        return ", ".join(a.id for a in chosen)

    rows = tuple(
        (str(level.level), f"{level.start:02d}", cards(level), str(level.target))
        for level in sorted(city.levels.values(), key=lambda level: level.level)
    )
    if not rows:
        raise field.fail(f"the city {city.name} has no solo levels")
    return Block("table", header=header, rows=rows, levels=True)


def site_text() -> str:
    """The player aid's words beside the QR code to the city's table page (its address under them)."""
    return _("**Action cards on a phone:** scan the code or open the address below, and choose a table "
             "code. Everyone who enters the same code sees the same cards.")


def no_site_text() -> str:
    """The player aid's sentence on the table page when it is printed without the site's address."""
    # No command names here: the aid is for players, and only whoever printed it can publish the site.
    return _("**Action cards on a phone:** the game's website has a table page that turns them; everyone "
             "who enters the same table code sees the same cards.")


def _rich(field: Field, context: _Context, empty: bool = False) -> str:
    """Text that may hold **bold** runs and :icon: tokens (`empty`: a table cell may be blank)."""
    result = t.printable(field, icons=True, empty=empty, fills=context.fills)
    if result.count("**") % 2:
        raise field.fail("unbalanced ** (bold runs are written **like this**)")
    return result
