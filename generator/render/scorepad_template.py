"""Score pad templates: templates/scorepad/<game>.yaml read into frozen values.

A template names the game, the player counts its rulebook allows, and one or more variants (a
city, a rules variant), each with the rows of the pad from top to bottom:

    title: Bruges
    players: {min: 2, max: 4}
    player_label: Player          # optional: caption of the name boxes
    variants:                     # the first is the default
      english:
        label: Bruges
        rows:
          - {label: People, kind: score, hint: points of each person, icon: user}
          - {label: Total, kind: total}
          - {label: Guilders, kind: tiebreak, hint: most guilders wins a tie}
        notes: [optional one-paragraph notes printed under the pad]
        running: {label: Running score, rows: 20, hint: ..., columns: [points, total]}   # optional

A variant may name a city (`city: brugge`): its texts may then hold the city's words as
placeholders, `{Assignments}`, `{category:event}` (generator/render/wording.py), so a pad says
what that city's sheet and rulebook say. `running` adds a running-score grid under the pad for a
game whose buildings score as they are placed: per player a column of boxes for each score and
the new total.

Every printed text is an English message: it is read in the language in use (`speaking`,
generator/language.py) through the catalogs, which Babel fills from the templates
(generator/messages.py); the city's placeholders are filled after translation, in that language.
Load a template inside the language it is to be printed in.

Row kinds: `score` (a line that adds to the total), `total` (the sum, printed bold on a tint),
`tiebreak` (written down but not added: it only separates equal totals).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.data.reader import Field
from generator.language import N_
from generator.render import template as t

ROW_KINDS = ("score", "total", "tiebreak")
MAX_RUNNING_ROWS = 60  # more would not fit a page at a writable row height
MAX_PLAYERS = 12  # wider pads would leave no room to write a score on any paper


@dataclass(frozen=True)
class PadRow:
    label: str
    kind: str
    hint: str | None = None
    icon: str | None = None


@dataclass(frozen=True)
class RunningGrid:
    """A running-score grid: `rows` lines of (points, new total) per player."""

    label: str
    rows: int
    hint: str | None = None
    columns: tuple[str, str] = ("points", "total")  # the captions of each player's two halves


@dataclass(frozen=True)
class ScorePadTemplate:
    game: str
    file: str
    title: str
    variant: str
    label: str
    min_players: int
    max_players: int
    player_label: str
    rows: tuple[PadRow, ...]
    notes: tuple[str, ...]
    variants: tuple[str, ...] = ()  # every variant of the file, the default first
    running: RunningGrid | None = None
    city: str | None = None  # the key of the city whose words the texts hold


@dataclass(frozen=True)
class _Variant:
    label: str
    rows: tuple[PadRow, ...]
    notes: tuple[str, ...]
    running: RunningGrid | None
    city: str | None


def load_scorepad(file: Path, variant: str | None = None) -> ScorePadTemplate:
    """Read and fully check the score pad template `file`, and pick `variant` (default: first)."""
    top = Field.read(file).mapping(("title", "players", "variants"), ("player_label",))
    title = t.printable(top["title"])
    players = top["players"].mapping(("min", "max"))
    low = players["min"].integer(1, MAX_PLAYERS)
    high = players["max"].integer(1, MAX_PLAYERS)
    if high < low:
        raise top["players"].fail(f"max {high} is below min {low}")
    player_label = t.printable(top.at("player_label", N_("Player")))
    variants = t.variants(top["variants"], _variant)
    chosen = t.pick_variant(variants, variant, Path(file))
    picked = variants[chosen]
    return ScorePadTemplate(
        game=Path(file).stem,
        file=str(file),
        title=title,
        variant=chosen,
        label=picked.label,
        min_players=low,
        max_players=high,
        player_label=player_label,
        rows=picked.rows,
        notes=picked.notes,
        variants=tuple(variants),
        running=picked.running,
        city=picked.city,
    )


def _variant(field: Field) -> _Variant:
    body = field.mapping(("label", "rows"), ("notes", "running", "city"))
    city, fills = t.variant_city(body, field.file)
    row_fields = body["rows"].items(min_len=1)
    rows = tuple(_row(row, fills) for row in row_fields)
    labels = [row.label.casefold() for row in rows]
    for i, label in enumerate(labels):
        if label in labels[:i]:
            raise row_fields[i].fail(f"row label {rows[i].label!r} appears twice")
    if sum(row.kind == "total" for row in rows) > 1:
        raise body["rows"].fail("at most one row may be the total")
    if not any(row.kind == "score" for row in rows):
        raise body["rows"].fail("expected at least one row of kind 'score'")
    notes = tuple(t.printable(note, fills=fills) for note in body.at("notes", []).items())
    running = body.at("running").maybe(lambda f: _running(f, fills))
    return _Variant(t.printable(body["label"], fills=fills), rows, notes, running, city.key if city else None)


def _row(field: Field, fills: dict[str, str]) -> PadRow:
    body = field.mapping(("label", "kind"), ("hint", "icon"))
    kind = body["kind"].choice(ROW_KINDS)
    return PadRow(
        label=t.printable(body["label"], fills=fills),
        kind=kind,
        hint=body.at("hint").maybe(lambda f: t.printable(f, fills=fills)),
        icon=body.at("icon").maybe(t.icon),
    )


def _running(field: Field, fills: dict[str, str]) -> RunningGrid:
    body = field.mapping(("label", "rows"), ("hint", "columns"))
    columns = body.at("columns", ["points", "total"]).items(min_len=2, max_len=2)
    return RunningGrid(
        label=t.printable(body["label"], fills=fills),
        rows=body["rows"].integer(1, MAX_RUNNING_ROWS),
        hint=body.at("hint").maybe(lambda f: t.printable(f, fills=fills)),
        columns=(t.printable(columns[0], fills=fills), t.printable(columns[1], fills=fills)),
    )

