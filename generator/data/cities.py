"""Loading a city folder (map, rules, cards, assignments, levels) into validated rules objects.

Whatever `load_city` accepts is safe for the engine, the solver and the renderers: every
reference resolves, every location stands on a node, every start can reach the whole map.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
from collections import deque
from pathlib import Path
from typing import Callable

from generator.errors import UsageError, shown
from generator.data.reader import Field, Fields, type_name
from generator.language import BREAKING_SPACE, DEFAULT, LANGUAGES, localized
from generator.rules.assignments import Assignment
from generator.rules.cards import ActionBox, ActionCard, ActionType
from generator.rules.city import (EAT, MODES, RESTAURANT, Category, City, CityRules, Level, Location, StartCard, Strip,
                                  Texts, Words)
from generator.rules.grid import BRIDGE, NODE, TERRAIN_CHARS, Coord, Grid
from generator.resources import shipped

MAPS_DIR = shipped("maps")
# The longest location link a start card can print: a QR code of version 9 at level M holds 180
# bytes in 53 modules, which at the smallest readable module (0.5 mm) just fill the card's room
# for it (tests/render/test_cards.py pins this against the card layout).
MAX_URL_BYTES = 180
FILES = ("map.yaml", "rules.yaml", "cards.yaml", "assignments.yaml", "levels.yaml")
WORDS = "words.yaml"  # optional: the printables' wording and language (not part of the digest: no rule depends on it)
RULEBOOK_CITY = "brugge"  # a word a city's words.yaml leaves out is this edition's word, in each language
ACTION_CARDS = 20  # R7
FACE_BOXES = 3  # R7
BRIDGE_CATEGORY = "bridge"
SOUVENIR = "souvenir"  # type 5 assignments name souvenir shops
PRINT_ONLY_KEYS = ("url",)  # not part of the digest: see _digest
DIGEST_CHARS = 6  # of City.digest in puzzle codes and files: a stale code is refused (1 in 16M passes)


def shipped_cities() -> list[str]:
    if not MAPS_DIR.is_dir():
        return []
    return sorted(p.name for p in MAPS_DIR.iterdir() if all((p / name).is_file() for name in FILES))


def city_folder(name: str, relative_to: Path | None = None) -> tuple[str, Path]:
    """Resolve a city key ("brugge") or a folder path to (key, folder); UsageError if neither."""
    key = str(name).strip()
    if key.lower() in shipped_cities():
        return key.lower(), MAPS_DIR / key.lower()
    folder = Path(key).expanduser()
    if relative_to is not None and not folder.is_absolute():
        folder = relative_to / folder
    if folder.is_dir() and (folder / "map.yaml").is_file():
        return str(folder), folder
    raise UsageError(
        f"unknown city {shown(name)}: expected one of {', '.join(shipped_cities())} "
        "or a folder holding map.yaml, rules.yaml, cards.yaml, assignments.yaml and levels.yaml"
    )


def load_city(name: str, relative_to: Path | None = None) -> City:
    key, folder = city_folder(name, relative_to)
    return _load_folder(key, str(folder.resolve()))


@functools.lru_cache(maxsize=16)
def _load_folder(key: str, folder: str) -> City:
    # Cached: a city is immutable once loaded and puzzles reload it often.
    root = Path(folder)
    docs = {}
    for name in FILES:
        docs[name] = Field.read(root / name)
    rules = _rules(docs["rules.yaml"])
    name, grid, locations = _map(docs["map.yaml"], rules)
    by_name = {loc.name: loc for loc in locations.values()}
    start_cards, action_cards = _cards(docs["cards.yaml"], by_name)
    assignments = _assignments(docs["assignments.yaml"], rules, by_name)
    levels = _levels(docs["levels.yaml"], start_cards, assignments)
    _check_reachable(docs["map.yaml"], grid, locations, start_cards)
    if (root / WORDS).exists():
        words, language = _words(Field.read(root / WORDS), _rulebook_words())
    else:
        words, language = _rulebook_words(), None
    return City(key, name, grid, locations, rules, start_cards, action_cards, assignments, levels, _digest(docs),
                words[DEFAULT], words, language)


def data_digest(city: City) -> str:
    """The short form of `City.digest` that puzzle files and codes record (upper-case hex)."""
    return city.digest[:DIGEST_CHARS].upper()


def _digest(docs: dict[str, Field]) -> str:
    """The contents a puzzle depends on, as parsed (comments and layout do not count); levels.yaml
    only names assignments and targets, which a puzzle states itself, and a location's link is
    only printed (a corrected link must not turn every printed puzzle code stale). Translations
    are only printed too: the digest reads the files as they were before the city data spoke
    several languages (see _untranslated), so adding or correcting a translation leaves every
    printed puzzle code valid."""
    contents = {name: _keyed_by_text(_untranslated(name, doc.value)) for name, doc in docs.items()
                if name != "levels.yaml"}
    return hashlib.sha256(json.dumps(contents, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def _untranslated(name: str, value):
    """A validated city document with its print-only translations taken out: a location's own
    names left out, a legend label or start card description given per language reduced to its
    English text (the text the digest has always counted)."""
    if name not in ("map.yaml", "rules.yaml", "cards.yaml"):
        return value
    value = copy.deepcopy(value)
    if name == "map.yaml":
        for location in value["locations"]:
            location.pop("names", None)
    elif name == "rules.yaml":
        for category in value["categories"].values():
            category["label"] = localized(category["label"], DEFAULT)
    else:
        for card in value["start_cards"]:
            card["description"] = localized(card["description"], DEFAULT)
    return value


def _keyed_by_text(value):
    """Mapping keys as text, so that sort_keys never compares a number with a string; links left out."""
    if isinstance(value, dict):
        return {str(k): _keyed_by_text(v) for k, v in value.items() if k not in PRINT_ONLY_KEYS}
    if isinstance(value, list):
        return [_keyed_by_text(v) for v in value]
    return value


# --- print-only texts in several languages -------------------------------------------------------


def _language(field: Field) -> str:
    """A language key of the city data: en, nl or fr, as generator.language prints them."""
    if field.value not in LANGUAGES:
        raise field.fail(f"unknown language {shown(field.value)}: the languages are en (English), nl (Dutch) "
                         "and fr (French)")
    return field.value


def _texts(field: Field, read: Callable[[Field], str]) -> tuple[str, Texts]:
    """A print-only text: plain text (the same in every language) or one per language
    (`{en: …, nl: …, fr: …}`, any of them). Returns the English text (or, when the mapping gives
    none, its first), which the engine and the digest use, and the (language, text) pairs, empty
    for plain text. `read` checks one text."""
    if isinstance(field.value, dict):
        if not field.value:
            raise field.fail("expected text or a mapping from languages (en, nl, fr) to texts, found an empty mapping")
        texts = tuple((_language(key), read(value)) for key, value in field.pairs())
        return localized(dict(texts), DEFAULT), texts
    if not isinstance(field.value, str):
        raise field.fail("expected text (the same in every language) or a mapping from languages (en, nl, fr) to "
                         f"texts, found {type_name(field.value)}")
    return read(field), ()


def _one_line(field: Field) -> str:
    """A location's own name: one line of text, without surrounding spaces."""
    text = field.text()
    if text != text.strip() or "\n" in text:
        raise field.fail(f"expected one line of text without surrounding spaces, found {shown(text)}")
    return text


def _web_address(field: Field) -> str:
    """A location's link, as its start card's QR code holds it: a web address short enough for
    the code's size on the card."""
    url = field.text().strip()
    if not url.startswith(("https://", "http://")) or any(c.isspace() for c in url):
        raise field.fail(f"expected a web address starting with https://, found {shown(url)}")
    url_bytes = len(url.encode("utf-8"))
    if url_bytes > MAX_URL_BYTES:
        raise field.fail(f"the web address is {url_bytes} bytes long; a start card's QR code holds at most "
                         f"{MAX_URL_BYTES} (use a shorter link)")
    return url


def _paragraph(field: Field) -> str:
    """A start card's description, its line breaks and runs of spaces made single spaces; a
    no-break space stays (French "’t\u00a0Zand" must not be split over two lines)."""
    return " ".join(BREAKING_SPACE.split(field.text().strip()))


# --- words.yaml ---------------------------------------------------------------------------------


@functools.cache
def _rulebook_words() -> dict[str, Words]:
    """The Citytrip Brugge rulebook's words in every language: what a word another city leaves
    out falls back to (English only, should the shipped folder be missing)."""
    path = MAPS_DIR / RULEBOOK_CITY / WORDS
    if not path.is_file():
        return {lang: Words() for lang in LANGUAGES}
    return _words(Field.read(path), {lang: Words() for lang in LANGUAGES})[0]


def _words(doc: Field, fallback: dict[str, Words]) -> tuple[dict[str, Words], str | None]:
    """The city's wording table in each language, and the language it names as its own (or None).

    A word is plain text (the same in every language) or a mapping from languages to words; a
    language the mapping leaves out takes its English word (or its first), and a word left out of
    the file keeps `fallback`'s word in each language."""
    names = tuple(f.name for f in dataclasses.fields(Words))
    entries = doc.mapping(optional=("language",) + names)
    language = _language(entries["language"]) if "language" in entries else None
    given = {name: _texts(entries[name], _word) for name in names if name in entries}
    by_language = {}
    for lang in LANGUAGES:
        words = {}
        for name, (english, texts) in given.items():
            words[name] = localized(dict(texts), lang) if texts else english
        by_language[lang] = dataclasses.replace(fallback[lang], **words)
    return by_language, language


def _word(field: Field) -> str:
    word = field.text()
    if len(word) > 40 or word != word.strip() or "\n" in word:
        raise field.fail("a word is one line of at most 40 characters, without surrounding spaces")
    return word


# --- rules.yaml ---------------------------------------------------------------------------------


def _rules(doc: Field) -> CityRules:
    top = doc.mapping(("eatery_kinds", "categories", "strips", "hunted"))
    kinds = tuple(f.text() for f in top["eatery_kinds"].items(min_len=1))
    if len(set(kinds)) != len(kinds):
        raise top["eatery_kinds"].fail("eatery kinds must be distinct")
    categories: dict[str, Category] = {}
    for name, field in top["categories"].entries():
        entry = field.mapping(("action", "cost", "label"))
        action = ActionType(entry["action"].choice([t.value for t in ActionType]))
        if action is ActionType.PLAN:
            raise entry["action"].fail("a goal cannot be paid with plan actions")
        cost = entry["cost"].mapping(MODES)
        label, labels = _texts(entry["label"], lambda f: f.text())
        categories[name] = Category(
            name,
            action,
            cost["basic"].integer(1, 9),
            cost["advanced"].integer(1, 9),
            label,
            labels,
        )
    if not categories:
        raise top["categories"].fail("expected at least one category")
    strips: dict[str, Strip] = {}
    for name, field in top["strips"].entries():
        if name not in categories or name == RESTAURANT:
            raise field.fail(f"no strip category {shown(name)} (the restaurant has none; categories: {', '.join(categories)})")
        entry = field.mapping(("numbers",), ("bonus",))
        numbers = tuple(f.integer(-999, 999) for f in entry["numbers"].items(min_len=1, max_len=40))
        bonus: dict[int, int] = {}
        if "bonus" in entry:
            for position, value in entry["bonus"].entries():
                if not position.isdigit() or not 1 <= int(position) <= len(numbers):
                    raise value.fail(f"a bonus position is a goal count from 1 to {len(numbers)}")
                bonus[int(position)] = value.integer(1, 3)
        strips[name] = Strip(numbers, bonus)
    for name in categories:
        if name != RESTAURANT and name not in strips:
            raise top["strips"].fail(f"missing the strip of category {shown(name)}")
    hunted = tuple(f.integer(-999, 0) for f in top["hunted"].items(min_len=1, max_len=40))
    return CityRules(categories, kinds, strips, hunted)


# --- map.yaml -----------------------------------------------------------------------------------


def _coord(field: Field, grid: Grid) -> Coord:
    at = field.parsed(Coord.parse)
    if not grid.on_grid(at):
        raise field.fail(f"{at} is off the grid ({grid.columns} columns × {grid.rows} rows)")
    return at


def _map(doc: Field, rules: CityRules) -> tuple[str, Grid, dict[Coord, Location]]:
    """map.yaml: the name, the grid (terrain and blocked links) and the locations on its nodes."""
    top = doc.mapping(("name", "columns", "rows", "terrain", "locations"), ("blocked",))
    name = top["name"].text()
    columns = top["columns"].integer(2, 52)
    rows = top["rows"].integer(2, 99)
    lines = _terrain(top["terrain"], columns, rows)
    plain = Grid(columns, rows, lines)
    blocked = _blocked(top["blocked"], plain) if "blocked" in top else frozenset()
    grid = Grid(columns, rows, lines, blocked)
    locations: dict[Coord, Location] = {}
    for field in top["locations"].items(min_len=1):
        location = _location(field, rules, grid, locations)
        locations[location.at] = location
    if BRIDGE_CATEGORY in rules.categories:
        for node in grid.nodes():
            if grid.cell(node) == BRIDGE and node not in locations:
                raise top["terrain"].fail(f"bridge node {node} has no bridge location (R3: a bridge is a photo goal)")
    return name, grid, locations


def _terrain(field: Field, columns: int, rows: int) -> tuple[str, ...]:
    """The terrain's rows, each `columns` characters of . = ~ #."""
    lines = field.text().splitlines()
    if len(lines) != rows:
        raise field.fail(f"expected {rows} lines (rows), found {len(lines)}")
    for i, line in enumerate(lines):
        if len(line) != columns:
            raise field.child(i, line).fail(f"row {i + 1} has {len(line)} characters, expected {columns}")
        bad = set(line) - set(TERRAIN_CHARS)
        if bad:
            raise field.child(i, line).fail(
                f"row {i + 1} has {''.join(sorted(bad))!r}; terrain uses . (node) = (bridge) ~ (water) # (nothing)"
            )
    return tuple(lines)


def _blocked(field: Field, plain: Grid) -> frozenset[frozenset[Coord]]:
    """The blocked links: pairs of neighbouring nodes."""
    blocked = set()
    for item in field.items():
        pair = item.items(2, 2)
        a, b = (_coord(f, plain) for f in pair)
        if not (plain.is_node(a) and plain.is_node(b)) or max(abs(a.col - b.col), abs(a.row - b.row)) != 1:
            raise item.fail(f"{a}–{b} is not a link between two neighbouring nodes")
        blocked.add(frozenset((a, b)))
    return frozenset(blocked)


def _location(field: Field, rules: CityRules, grid: Grid, locations: dict[Coord, Location]) -> Location:
    """One location of the list, checked against the grid, the rules and the `locations` before it."""
    entry = field.mapping(("name", "category", "at", "url"), ("names", "eatery", "choice", "combo"))
    loc_name = entry["name"].text().strip()
    if any(other.name == loc_name for other in locations.values()):
        raise entry["name"].fail(f"a second location named {shown(loc_name)}")
    category = entry["category"].choice(list(rules.categories))
    at = _coord(entry["at"], grid)
    cell = grid.cell(at)
    if cell not in (NODE, BRIDGE):
        raise entry["at"].fail(f"{at} is {'water' if grid.is_water(at) else 'outside the map'}, not a node")
    if (cell == BRIDGE) != (category == BRIDGE_CATEGORY):
        raise entry["at"].fail(
            f"{at} is a {'bridge node' if cell == BRIDGE else 'plain node'}: "
            "bridge locations stand exactly on the bridge nodes ('=')"
        )
    if at in locations:
        raise entry["at"].fail(f"{at} already holds {shown(locations[at].name)}")
    url, urls = _texts(entry["url"], _web_address)
    choice, combo = _choice_and_combo(field, entry, rules, category)
    eatery = None
    if EAT in (category,) + choice + combo:
        if "eatery" not in entry:
            raise field.fail(f"an eat location needs 'eatery': one of {', '.join(rules.eatery_kinds)}")
        eatery = entry["eatery"].choice(list(rules.eatery_kinds))
    elif "eatery" in entry:
        raise entry["eatery"].fail("only eat locations have an eatery kind")
    names_given: Texts = ()
    if "names" in entry:
        if not isinstance(entry["names"].value, dict):
            raise entry["names"].fail("expected a mapping from languages (en, nl, fr) to the location's own name "
                                      f"in each, found {type_name(entry['names'].value)}")
        names_given = _texts(entry["names"], _one_line)[1]
    return Location(loc_name, category, at, url, eatery, choice, combo, names_given, urls)


def _choice_and_combo(field: Field, entry: Fields, rules: CityRules, category: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A choice location's categories (its own first, R14) or a combo's (one action type, no
    restaurant); a location is one or the other or neither."""
    choice = tuple(f.choice(list(rules.categories)) for f in entry["choice"].items(2, 4)) if "choice" in entry else ()
    if choice and choice[0] != category:
        raise entry["choice"].fail(f"the first choice must be the category {shown(category)} (the basic game's goal, R14)")
    combo = tuple(f.choice(list(rules.categories)) for f in entry["combo"].items(2, 4)) if "combo" in entry else ()
    if combo:
        if category not in combo or len({rules.categories[c].action for c in combo}) != 1:
            raise entry["combo"].fail("a combo lists its own category and others paid with the same action type (R14)")
        if RESTAURANT in combo:
            raise entry["combo"].fail("a restaurant cannot be part of a combo")
    if choice and combo:
        raise field.fail("a location is either a choice or a combo, not both")
    return choice, combo


def _check_reachable(doc: Field, grid: Grid, locations: dict[Coord, Location], starts: dict[int, StartCard]) -> None:
    """Every location must be reachable from every start card (one connected map)."""
    first = next(iter(starts.values()))
    seen = {first.location.at}
    queue = deque(seen)
    while queue:
        for nxt in grid.neighbours(queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    for location in locations.values():
        if location.at not in seen:
            raise doc.fail(
                f"{location.name} ({location.at}) cannot be reached from start card {first.number} "
                f"({first.location.name}, {first.location.at}): the map is cut in pieces by water or blocked links"
            )


# --- cards.yaml ---------------------------------------------------------------------------------


def _face(field: Field) -> tuple[ActionBox, ActionBox, ActionBox]:
    boxes = field.items(FACE_BOXES, FACE_BOXES)
    return tuple(b.parsed(ActionBox.parse) for b in boxes)  # type: ignore[return-value]


def _cards(doc: Field, by_name: dict[str, Location]) -> tuple[dict[int, StartCard], dict[int, ActionCard]]:
    top = doc.mapping(("start_cards", "actions"))
    starts: dict[int, StartCard] = {}
    for field in top["start_cards"].items(min_len=1, max_len=99):
        entry = field.mapping(("number", "location", "description"))
        number = entry["number"].integer(1, 99)
        if number in starts:
            raise entry["number"].fail(f"start card {number} appears twice")
        name = entry["location"].text().strip()
        if name not in by_name:
            raise entry["location"].fail(f"no location named {shown(name)} in map.yaml")
        description, descriptions = _texts(entry["description"], _paragraph)
        starts[number] = StartCard(number, by_name[name], description, descriptions)
    actions: dict[int, ActionCard] = {}
    for field in top["actions"].items(ACTION_CARDS, ACTION_CARDS):
        entry = field.mapping(("number", "front", "back"))
        number = entry["number"].integer(1, ACTION_CARDS)
        if number in actions:
            raise entry["number"].fail(f"action card {number} appears twice")
        actions[number] = ActionCard(number, _face(entry["front"]), _face(entry["back"]))
    return dict(sorted(starts.items())), dict(sorted(actions.items()))


# --- assignments.yaml ---------------------------------------------------------------------------

_ASSIGNMENT_KEYS = {
    1: (("id", "category", "count", "values"), ()),
    2: (("id", "set", "value"), ()),
    3: (("id", "category", "value"), ()),
    4: (("id", "locations", "values"), ()),
    5: (("id", "locations", "values"), ()),
    6: (("id", "values"), ()),
}


def _assignment_id(field: Field) -> tuple[str, int]:
    value = str(field.value) if isinstance(field.value, (str, float)) else None
    if value is None or len(value) != 4 or value[1] != "." or value[0] not in "123456" or not value[2:].isdigit():
        raise field.fail(f"expected an assignment id like \"1.02\" (type 1–6, dot, two digits), found {shown(field.value)}")
    return value, int(value[0])


def _assignments(doc: Field, rules: CityRules, by_name: dict[str, Location]) -> dict[str, Assignment]:
    top = doc.mapping(("assignments",))
    result: dict[str, Assignment] = {}
    categories = [c for c in rules.categories]
    for field in top["assignments"].items(min_len=1):
        if not isinstance(field.value, dict) or "id" not in field.value:
            raise field.fail("expected a mapping with an 'id' like \"1.02\"")
        ident, kind = _assignment_id(field.child("id", field.value["id"]))
        required, optional = _ASSIGNMENT_KEYS[kind]
        entry = field.mapping(required, optional)
        if ident in result:
            raise entry["id"].fail(f"assignment {ident} appears twice")
        if kind == 1:
            assignment = Assignment(
                ident, 1, _values(entry["values"], 3), category=entry["category"].choice(categories),
                count=entry["count"].integer(1, 20),
            )
        elif kind == 2:
            members = tuple(f.choice(categories) for f in entry["set"].items(2, 4))
            if len(set(members)) != len(members):
                raise entry["set"].fail("a set names each category once")
            assignment = Assignment(ident, 2, (entry["value"].integer(0, 99),), categories=members)
        elif kind == 3:
            assignment = Assignment(ident, 3, (entry["value"].integer(0, 99),), category=entry["category"].choice(categories))
        elif kind in (4, 5):
            places = []
            for f in entry["locations"].items(3, 3):
                name = f.text().strip()
                if name not in by_name:
                    raise f.fail(f"no location named {shown(name)} in map.yaml")
                if kind == 5 and SOUVENIR in rules.categories and by_name[name].category != SOUVENIR:
                    raise f.fail(f"type 5 names three souvenir shops; {shown(name)} is a {by_name[name].category}")
                places.append(by_name[name].at)
            if len(set(places)) != 3:
                raise entry["locations"].fail("the three locations must be different")
            assignment = Assignment(ident, kind, _values(entry["values"], 3), locations=tuple(places))
        else:
            assignment = Assignment(ident, 6, _values(entry["values"], 7))
        result[ident] = assignment
    return result


def _values(field: Field, count: int) -> tuple[int, ...]:
    return tuple(f.integer(0, 99) for f in field.items(count, count))


# --- levels.yaml --------------------------------------------------------------------------------


def _levels(doc: Field, starts: dict[int, StartCard], assignments: dict[str, Assignment]) -> dict[int, Level]:
    top = doc.mapping(("levels",))
    levels: dict[int, Level] = {}
    for field in top["levels"].items(min_len=1, max_len=99):
        entry = field.mapping(("level", "start", "assignments", "target"))
        number = entry["level"].integer(1, 99)
        if number in levels:
            raise entry["level"].fail(f"level {number} appears twice")
        start = entry["start"].integer(1, 99)
        if start not in starts:
            raise entry["start"].fail(f"no start card {start} in cards.yaml")
        ids = []
        for f in entry["assignments"].items(max_len=6):
            ident, kind = _assignment_id(f)
            if ident not in assignments:
                raise f.fail(f"no assignment {ident} in assignments.yaml")
            if kind == 6:
                raise f.fail("a solo level cannot use a type 6 assignment (it needs drawn start cards)")
            ids.append(ident)
        levels[number] = Level(number, start, tuple(ids), entry["target"].integer(0, 999))
    return dict(sorted(levels.items()))
