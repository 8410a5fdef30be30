"""A puzzle as JSON: how the rules engine in the browser gets its city and its deal.

The web page (generator/site) runs the engine unchanged under Pyodide. There is no YAML reader in
the browser, and none is needed: the loader (generator/data) reads and checks the city folder in
Python, and `puzzle_to_json` writes out just what the engine reads of it (map, locations, legend,
strips, the deal's open faces and assignment cards) and the city's words, names and labels in
each language, which the page prints (generator/render/wording.py). `puzzle_from_json` rebuilds the very same
frozen objects from that, with the standard library only, so this module travels to the browser
with generator/rules.

The engine trusts what the loader checked; the JSON is written by this project, never typed by a
player, so `puzzle_from_json` checks only its format number.
"""

from __future__ import annotations

from typing import Any

from generator.rules.assignments import Assignment
from generator.rules.cards import ActionBox, ActionType, DeckCard, OpenFaces
from generator.rules.city import Category, City, CityRules, Location, Strip, Words
from generator.rules.district import District
from generator.rules.grid import Coord, Grid
from generator.rules.puzzle import Puzzle

FORMAT = 2  # bump when the shape below changes (2: the city's texts in each language)


def puzzle_to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON-ready description of `puzzle` (its city already cropped for a mini)."""
    return {
        "format": FORMAT,
        "city": _city(puzzle.city),
        "mode": puzzle.mode,
        "directions": puzzle.directions,
        "start": str(puzzle.start),
        "turns": [_faces(faces) for faces in puzzle.turns],
        "deck": [str(card) for card in puzzle.deck] if puzzle.deck is not None else None,
        "start_card": puzzle.start_card,
        "assignments": [assignment_to_json(a) for a in puzzle.assignments],
        "target": puzzle.target,
        "district": str(puzzle.district) if puzzle.district is not None else None,
    }


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """The puzzle `puzzle_to_json` described; ValueError for another format."""
    if data.get("format") != FORMAT:
        raise ValueError(f"puzzle data of format {data.get('format')!r}, this engine reads format {FORMAT}")
    deck = data["deck"]
    district = data["district"]
    return Puzzle(
        city=_city_from(data["city"]),
        mode=data["mode"],
        directions=data["directions"],
        start=Coord.parse(data["start"]),
        turns=tuple(_faces_from(faces) for faces in data["turns"]),
        deck=tuple(DeckCard.parse(card) for card in deck) if deck is not None else None,
        start_card=data["start_card"],
        assignments=tuple(assignment_from_json(a) for a in data["assignments"]),
        target=data["target"],
        district=District.parse(district) if district is not None else None,
    )


# --- the city: only what the engine reads (no cards, start cards or levels) ----------------------

def _city(city: City) -> dict[str, Any]:
    grid, rules = city.grid, city.rules
    return {
        "key": city.key,
        "name": city.name,
        "digest": city.digest,
        "words": vars(city.words),
        "words_by_language": {lang: vars(words) for lang, words in city.words_by_language.items()},
        "language": city.language,
        "grid": {
            "columns": grid.columns,
            "rows": grid.rows,
            "terrain": list(grid.terrain),
            "blocked": sorted(sorted(str(at) for at in link) for link in grid.blocked),
        },
        "locations": [_location(city.locations[at]) for at in sorted(city.locations)],
        "rules": {
            "categories": [
                {"name": c.name, "action": c.action.value, "cost_basic": c.cost_basic,
                 "cost_advanced": c.cost_advanced, "label": c.label, "labels": dict(c.labels)}
                for c in rules.categories.values()
            ],
            "eatery_kinds": list(rules.eatery_kinds),
            "strips": {
                name: {"numbers": list(strip.numbers), "bonus": [[k, v] for k, v in sorted(strip.bonus.items())]}
                for name, strip in rules.strips.items()
            },
            "hunted": list(rules.hunted),
        },
    }


def _city_from(data: dict[str, Any]) -> City:
    grid = data["grid"]
    rules = data["rules"]
    locations = [_location_from(item) for item in data["locations"]]
    return City(
        key=data["key"],
        name=data["name"],
        grid=Grid(
            grid["columns"], grid["rows"], tuple(grid["terrain"]),
            frozenset(frozenset(Coord.parse(at) for at in link) for link in grid["blocked"]),
        ),
        locations={location.at: location for location in locations},
        rules=CityRules(
            categories={
                c["name"]: Category(c["name"], ActionType(c["action"]), c["cost_basic"], c["cost_advanced"], c["label"],
                                    tuple(c["labels"].items()))
                for c in rules["categories"]
            },
            eatery_kinds=tuple(rules["eatery_kinds"]),
            strips={
                name: Strip(tuple(strip["numbers"]), {k: v for k, v in strip["bonus"]})
                for name, strip in rules["strips"].items()
            },
            hunted=tuple(rules["hunted"]),
        ),
        start_cards={},
        action_cards={},
        assignments={},
        levels={},
        digest=data["digest"],
        words=Words(**data["words"]),
        words_by_language={lang: Words(**words) for lang, words in data["words_by_language"].items()},
        language=data["language"],
    )


def _location(location: Location) -> dict[str, Any]:
    return {
        "name": location.name, "category": location.category, "at": str(location.at), "url": location.url,
        "eatery": location.eatery, "choice": list(location.choice), "combo": list(location.combo),
        "names": dict(location.names), "urls": dict(location.urls),
    }


def _location_from(data: dict[str, Any]) -> Location:
    return Location(data["name"], data["category"], Coord.parse(data["at"]), data["url"], data["eatery"],
                    tuple(data["choice"]), tuple(data["combo"]), tuple(data["names"].items()),
                    tuple(data["urls"].items()))


# --- the deal ----------------------------------------------------------------------------------

def _face(face) -> list[str]:
    return [str(box) for box in face]


def _faces(faces: OpenFaces) -> dict[str, Any]:
    icons = faces.next_half_icons
    return {"left": _face(faces.left), "right": _face(faces.right),
            "next_half_icons": [t.value for t in icons] if icons is not None else None}


def _faces_from(data: dict[str, Any]) -> OpenFaces:
    icons = data["next_half_icons"]
    return OpenFaces(
        left=tuple(ActionBox.parse(box) for box in data["left"]),  # type: ignore[arg-type]
        right=tuple(ActionBox.parse(box) for box in data["right"]),  # type: ignore[arg-type]
        next_half_icons=tuple(ActionType(t) for t in icons) if icons is not None else None,  # type: ignore[arg-type]
    )


def assignment_to_json(card: Assignment) -> dict[str, Any]:
    return {
        "id": card.id, "type": card.type, "values": list(card.values), "category": card.category,
        "count": card.count, "categories": list(card.categories), "locations": [str(at) for at in card.locations],
    }


def assignment_from_json(data: dict[str, Any]) -> Assignment:
    return Assignment(data["id"], data["type"], tuple(data["values"]), data["category"], data["count"],
                      tuple(data["categories"]), tuple(Coord.parse(at) for at in data["locations"]))
