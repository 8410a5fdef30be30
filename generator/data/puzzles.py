"""Puzzle and plan files: loading with full checks, and writing them back (docs/formats.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.data.cities import data_digest, load_city
from generator.data.reader import Field
from generator.data.yaml_file import parse_yaml, read_text, read_yaml
from generator.errors import DataError, shown
from generator.rules.assignments import TYPE6_DRAWN, Assignment
from generator.rules.cards import ActionBox, DeckCard, OpenFaces, turn_faces
from generator.rules.city import MODES, City
from generator.rules.grid import Coord
from generator.rules.notation import NotationError, parse_bonus, parse_goal, parse_plan
from generator.rules.plan import ENDS, Plan, Turn
from generator.rules.district import District
from generator.rules.puzzle import MINI_CARDS, MINI_TURNS, TURNS_BY_CARDS, Puzzle

PUZZLE_KEYS = ("map", "data", "mode", "directions", "start", "deck", "turns", "assignments", "drawn", "target", "district")


# --- puzzles ------------------------------------------------------------------------------------


def load_puzzle(path: Path | str) -> Puzzle:
    path = Path(path)
    return puzzle_from_data(read_yaml(path), source=path, relative_to=path.parent)


def puzzle_from_data(data: Any, source: object, relative_to: Path | None = None) -> Puzzle:
    top = Field(source, data).mapping(("map", "mode", "start"), tuple(k for k in PUZZLE_KEYS if k not in ("map", "mode", "start")))
    city_name = top["map"].text()
    try:
        city = load_city(city_name, relative_to)
    except DataError:
        raise
    except ValueError as error:
        raise top["map"].fail(str(error)) from None
    if "data" in top:
        _check_data(top["data"], city)
    mode = top["mode"].choice(MODES)
    directions = top["directions"].integer(1, 2) if "directions" in top else 1
    start, start_card = _start(top["start"], city)
    district = _district(top["district"], city, start) if "district" in top else None
    if ("deck" in top) == ("turns" in top):
        raise Field(source, data).fail("give either 'deck' (card order with sides) or 'turns' (the open faces), not both or neither")
    deck = None
    if "deck" in top:
        deck = _deck(top["deck"], city, mini=district is not None)
        turns = turn_faces(deck, dict(city.action_cards))
    else:
        turns = _turns(top["turns"], mini=district is not None)
    assignments = _puzzle_assignments(top, city)
    target = top["target"].integer(-999, 999) if "target" in top else None
    if district is not None:
        city = district.crop(city)
    return Puzzle(city, mode, directions, start, turns, deck, start_card, assignments, target, district)


def _district(field: Field, city: City, start: Coord) -> District:
    """A mini's square of the map: inside the map, around the start."""
    district = field.parsed(District.parse)
    if not district.fits(city):
        raise field.fail(f"district {district} reaches beyond the {city.name} map "
                         f"({city.grid.columns} columns, {city.grid.rows} rows)")
    if start not in district:
        raise field.fail(f"district {district} does not hold the start {start}: the path starts inside it")
    return district


def _check_data(field: Field, city: City) -> None:
    """A puzzle names its cards; `data` records which card contents it was written with."""
    given, here = field.text().strip().upper(), data_digest(city)
    if given != here:
        raise field.fail(
            f"this puzzle was written with other {city.name} card data ({given}) than this version of "
            f"citytrip has ({here}): read with today's cards it would be another puzzle. Use the citytrip "
            "version that wrote it (a puzzle file may instead drop its 'data' line, to be played with "
            "today's cards)"
        )


def _start(field: Field, city: City) -> tuple[Coord, int | None]:
    if isinstance(field.value, int) and not isinstance(field.value, bool):
        number = field.value
        if number not in city.start_cards:
            raise field.fail(f"no start card {number} in {city.name} (cards 1–{max(city.start_cards)})")
        return city.start_cards[number].location.at, number
    at = field.parsed(Coord.parse)
    if at not in city.locations:
        raise field.fail(f"{at} is not a location of {city.name}: the path starts on a location (R4)")
    return at, None


def _deck(field: Field, city: City, mini: bool = False) -> tuple[DeckCard, ...]:
    cards = [f.parsed(DeckCard.parse) for f in field.items()]
    if mini and len(cards) != MINI_CARDS:
        raise field.fail(f"a mini (a puzzle with a district) has a deck of {MINI_CARDS} cards, found {len(cards)}")
    if not mini and len(cards) not in TURNS_BY_CARDS:
        raise field.fail(f"a deck has 16 or 20 cards (R7), found {len(cards)}")
    seen = set()
    for i, card in enumerate(cards):
        if card.number not in city.action_cards:
            raise field.child(i, str(card)).fail(f"no action card {card.number} (cards 1–{len(city.action_cards)})")
        if card.number in seen:
            raise field.child(i, str(card)).fail(f"action card {card.number} appears twice")
        seen.add(card.number)
    return tuple(cards)


def _turns(field: Field, mini: bool = False) -> tuple[OpenFaces, ...]:
    items = field.items()
    if mini and len(items) != MINI_TURNS:
        raise field.fail(f"a mini (a puzzle with a district) has {MINI_TURNS} turns, found {len(items)}")
    if not mini and len(items) not in TURNS_BY_CARDS.values():
        raise field.fail(f"a game has 15 or 19 turns (R7), found {len(items)}")
    turns = []
    for item in items:
        entry = item.mapping(("left", "right"))
        faces = [tuple(b.parsed(ActionBox.parse) for b in entry[side].items(3, 3)) for side in ("left", "right")]
        turns.append(OpenFaces(faces[0], faces[1]))  # type: ignore[arg-type]
    return tuple(turns)


def _puzzle_assignments(top: dict[str, Field], city: City) -> tuple[Assignment, ...]:
    if "assignments" not in top:
        if "drawn" in top:
            raise top["drawn"].fail("'drawn' start cards belong to a type 6 assignment, and there is none")
        return ()
    chosen: list[Assignment] = []
    for f in top["assignments"].items(max_len=6):
        ident = str(f.value)
        if ident not in city.assignments:
            raise f.fail(f"no assignment {shown(f.value)} in {city.name}")
        if any(a.id == ident for a in chosen):
            raise f.fail(f"assignment {ident} is listed twice")
        chosen.append(city.assignments[ident])
    needs_drawn = any(a.is_drawn_starts for a in chosen)
    if needs_drawn != ("drawn" in top):
        where = top.get("drawn") or top["assignments"]
        raise where.fail(f"a type 6 assignment needs 'drawn': the {TYPE6_DRAWN} drawn start cards, and only then")
    if needs_drawn:
        numbers = [f.integer(1, 99) for f in top["drawn"].items(TYPE6_DRAWN, TYPE6_DRAWN)]
        for f, n in zip(top["drawn"].items(), numbers):
            if n not in city.start_cards:
                raise f.fail(f"no start card {n}")
        if len(set(numbers)) != TYPE6_DRAWN:
            raise top["drawn"].fail("the drawn start cards must be different")
        places = tuple(city.start_cards[n].location.at for n in numbers)
        chosen = [Assignment(a.id, a.type, a.values, locations=places) if a.is_drawn_starts else a for a in chosen]
    return tuple(chosen)


def puzzle_to_data(puzzle: Puzzle) -> dict:
    """The puzzle as a YAML-ready mapping (round-trips through puzzle_from_data)."""
    data: dict[str, Any] = {"map": puzzle.city.key}
    if puzzle.city.digest:
        data["data"] = data_digest(puzzle.city)
    data.update({"mode": puzzle.mode, "directions": puzzle.directions})
    data["start"] = puzzle.start_card if puzzle.start_card is not None else str(puzzle.start)
    if puzzle.deck is not None:
        data["deck"] = [str(card) for card in puzzle.deck]
    else:
        data["turns"] = [{"left": [str(b) for b in t.left], "right": [str(b) for b in t.right]} for t in puzzle.turns]
    if puzzle.assignments:
        data["assignments"] = [a.id for a in puzzle.assignments]
        drawn = next((a for a in puzzle.assignments if a.is_drawn_starts), None)
        if drawn is not None:
            by_at = {card.location.at: n for n, card in puzzle.city.start_cards.items()}
            data["drawn"] = [by_at[at] for at in drawn.locations]
    if puzzle.target is not None:
        data["target"] = puzzle.target
    if puzzle.district is not None:
        data["district"] = str(puzzle.district)
    return data


# --- plans --------------------------------------------------------------------------------------


MAX_PLAN_BYTES = 200_000  # a 40-turn plan in YAML is under 10 kB


def load_plan(path: Path | str) -> Plan:
    return plan_from_text(read_text(path, limit=MAX_PLAN_BYTES), path)


def plan_from_text(text: str, source: object) -> Plan:
    """A plan file is YAML when it parses to a mapping, otherwise the one-line notation."""
    try:
        data = parse_yaml(text, source)
    except DataError:
        data = None
    if isinstance(data, dict):
        return plan_from_data(data, source)
    try:
        plan = parse_plan(text)
    except NotationError as error:
        if text.lstrip().startswith(("turns", "{")):
            parse_yaml(text, source)  # report the YAML error instead
        raise DataError(source, "", f"not a plan: {error}") from None
    if not plan.turns:
        raise DataError(source, "", "holds no turns (expected YAML with 'turns' or lines like '1. L1 L2 a:F11')")
    return plan


def plan_from_data(data: Any, source: object) -> Plan:
    top = Field(source, data).mapping(("turns",), ("puzzle",))
    turns = []
    for field in top["turns"].items(min_len=1, max_len=40):
        entry = field.mapping(("boxes",), ("path", "goals", "bonus"))
        boxes = tuple(f.text().strip().upper() for f in entry["boxes"].items(1, 6))
        moves: list[tuple[Coord, ...]] = [(), ()]
        if "path" in entry and entry["path"].value is not None:
            for end, nodes in entry["path"].mapping((), ENDS).items():
                moves[ENDS.index(end)] = tuple(f.parsed(Coord.parse) for f in nodes.items(max_len=60))
        goals = tuple(f.parsed(lambda v: parse_goal(str(v))) for f in entry["goals"].items(max_len=40)) if "goals" in entry else ()
        bonus = ()
        if "bonus" in entry:
            bonus = tuple(f.parsed(lambda v: parse_bonus(*str(v).split())) for f in entry["bonus"].items(max_len=6))
        turns.append(Turn(boxes, (moves[0], moves[1]), goals, bonus))
    return Plan(tuple(turns))


def plan_to_data(plan: Plan) -> dict:
    turns = []
    for turn in plan.turns:
        entry: dict[str, Any] = {"boxes": list(turn.boxes)}
        path = {end: [str(n) for n in nodes] for end, nodes in zip(ENDS, turn.moves) if nodes}
        if path:
            entry["path"] = path
        if turn.goals:
            entry["goals"] = [str(g) for g in turn.goals]
        if turn.bonus:
            entry["bonus"] = [f"{b.value} {b.action.value}" for b in turn.bonus]
        turns.append(entry)
    return {"turns": turns}

