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

Row kinds: `score` (a line that adds to the total), `total` (the sum, printed bold on a tint),
`tiebreak` (written down but not added: it only separates equal totals).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.render import template as t

ROW_KINDS = ("score", "total", "tiebreak")
MAX_PLAYERS = 12  # wider pads would leave no room to write a score on any paper


@dataclass(frozen=True)
class PadRow:
    label: str
    kind: str
    hint: str | None = None
    icon: str | None = None


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


@dataclass(frozen=True)
class _Variant:
    label: str
    rows: tuple[PadRow, ...]
    notes: tuple[str, ...]


def load_scorepad(file: Path, variant: str | None = None) -> ScorePadTemplate:
    """Read and fully check the score pad template `file`, and pick `variant` (default: first)."""
    data, where = t.load_yaml(file)
    top = t.mapping(data, where, ("title", "players", "variants"), ("player_label",))
    title = t.text(top["title"], where.key("title"))
    players = t.mapping(top["players"], where.key("players"), ("min", "max"))
    low = t.integer(players["min"], where.key("players").key("min"), 1, MAX_PLAYERS)
    high = t.integer(players["max"], where.key("players").key("max"), 1, MAX_PLAYERS)
    if high < low:
        raise where.key("players").error(f"max {high} is below min {low}")
    player_label = t.text(top.get("player_label", "Player"), where.key("player_label"))
    variants = t.variants(top["variants"], where.key("variants"), _variant)
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
    )


def _variant(value: object, where: t.Where) -> _Variant:
    body = t.mapping(value, where, ("label", "rows"), ("notes",))
    rows_where = where.key("rows")
    rows = tuple(_row(item, rows_where.key(i)) for i, item in enumerate(t.sequence(body["rows"], rows_where)))
    labels = [row.label.casefold() for row in rows]
    for i, label in enumerate(labels):
        if label in labels[:i]:
            raise rows_where.key(i).error(f"row label {rows[i].label!r} appears twice")
    if sum(row.kind == "total" for row in rows) > 1:
        raise rows_where.error("at most one row may be the total")
    if not any(row.kind == "score" for row in rows):
        raise rows_where.error("expected at least one row of kind 'score'")
    notes_where = where.key("notes")
    notes = tuple(t.text(n, notes_where.key(i)) for i, n in enumerate(t.sequence(body.get("notes", []), notes_where, 0)))
    return _Variant(t.text(body["label"], where.key("label")), rows, notes)


def _row(value: object, where: t.Where) -> PadRow:
    body = t.mapping(value, where, ("label", "kind"), ("hint", "icon"))
    kind = body["kind"]
    if kind not in ROW_KINDS:
        raise where.key("kind").error(f"unknown kind {kind!r}: use one of {', '.join(ROW_KINDS)}")
    return PadRow(
        label=t.text(body["label"], where.key("label")),
        kind=kind,
        hint=t.text(body["hint"], where.key("hint")) if "hint" in body else None,
        icon=t.icon(body["icon"], where.key("icon")) if "icon" in body else None,
    )
