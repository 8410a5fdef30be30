"""A game dealt from a table code: the table page's deal for a group, and a solo level's deal.

A group playing on printed sheets (or a solo player on a level) opens `CITY/table.html` or
`CITY/levels.html`; the page deals from a short *table code*, six characters without look-alikes
(no 0/O, 1/I/L, 2/Z, 5/S, 8/B), which anyone can read aloud: everyone who enters the same code
and options sees the same start card, assignments and cards. The deal is the engine's one dealer
(generator/rules/dealer.py) with a generator seeded from a SHA-256 hash of a versioned text naming
the city, the options and the code, so the code plus the options fully determine it.

The page's address carries them as its fragment, read here by one strict parser
(`parse_fragment`): `code=K7MPQR&game=basic&cards=16&tasks=123&turn=3&taken=1.02` (the table
page; the turn and the race assignments someone took are optional) or
`code=K7MPQR&level=5&cards=16` (a level), which may add the level's play so far, so that a
reload takes the game up where it was: `&plan=` the turns played and `&draft=` the turn being
written, in the plan notation (generator/rules/notation.py), URI-encoded; the engine replays them
(generator/browser/game.py, `Game.restore`). Anything else is a ValueError with one line for the
player, and the page starts a fresh setup; nothing of the fragment is ever run.

The city's cards travel to the browser as JSON (`cards_to_json`, written by the site builder
from the loader's objects), next to the puzzle JSON the page already carries for the map and
rules. Standard library only: this module runs under Pyodide with generator/rules.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import replace
from typing import Any

from generator.browser.puzzle_json import assignment_from_json, assignment_to_json, puzzle_from_json, puzzle_to_json
from generator.language import DEFAULT, _, speaking
from generator.rules.assignments import Kind
from generator.rules.cards import ActionBox, ActionCard
from generator.rules.city import ADVANCED, BASIC, City, Level, StartCard
from generator.rules.dealer import dealt_puzzle, shuffled_deck
from generator.rules.grid import Coord
from generator.rules.puzzle import Puzzle

VERSION = 1  # bump when the text hashed or the order of the draws changes: every code deals anew
ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"  # 25 signs, none mistaken for another when read or heard
CODE_LENGTH = 6  # 25⁶ ≈ 244 million codes
TASKS = {"none": (), "123": (1, 2, 3), "345": (3, 4, 5)}  # the rulebook's setup D: types 1, 2, 3 (or 3, 4, 5)
CARDS = (16, 20)  # setup C: 16 of the 20 action cards, or all 20 for a longer game
GAMES = (BASIC, ADVANCED)
TABLE_DIRECTIONS = 1  # the group's basic rule; the page shows cards, not paths
SOLO_DIRECTIONS = 2  # the solo variant's second direction (generator/levels/sweep.py)
_CODE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")
_NUMBER = re.compile(r"[1-9][0-9]{0,2}")
_ID = re.compile(r"[1-6]\.[0-9][0-9]")
MAX_FRAGMENT = 200
MAX_LEVEL_FRAGMENT = 16000  # a level's address also keeps its play: up to 20 turns of notation, encoded (a long
# turn of 15 nodes and as many goals is some 460 characters)
_ENCODED = re.compile(r"(?:[A-Za-z0-9._~-]|%[0-7][0-9A-Fa-f])*")  # encodeURIComponent of ASCII text
CODE_PREFIX, MINI_CODE_PREFIX = "CT2", "CT2M"  # a puzzle code's first field (generator/daily/code.py)


class BadCode(ValueError):
    """A table code or fragment that does not name a deal; its message is one line for the player."""


def clean_code(text: str) -> str:
    """A code as typed or heard ("k7m pqr", "K7M-PQR") in its canonical form; BadCode otherwise."""
    code = re.sub(r"[\s-]", "", str(text)).upper()
    if not _CODE.fullmatch(code):
        raise BadCode(_("A table code is {length} letters and digits from {signs}.").format(length=CODE_LENGTH, signs=ALPHABET))
    return code


def parse_fragment(text: str, levels: bool = False) -> dict[str, Any]:
    """The options of a page's fragment (without '#'): a table's code, game, cards, tasks and turn,
    or a level page's code, level and cards, and its play so far (plan and draft: notation text,
    "" when absent). Every key is required once, except turn (default 1), taken, plan and draft;
    BadCode for anything else."""
    text = str(text)
    if len(text) > (MAX_LEVEL_FRAGMENT if levels else MAX_FRAGMENT):
        raise BadCode(_("The address is too long."))
    parts: dict[str, str] = {}
    for part in text.split("&"):
        key, equals, value = part.partition("=")
        if not equals or key in parts:
            raise BadCode(_("The address is damaged."))
        parts[key] = value
    known = {"code", "level", "cards", "turn", "plan", "draft"} if levels else {"code", "game", "cards", "tasks", "turn", "taken"}
    if not set(parts) <= known or not (known - {"turn", "taken", "plan", "draft"}) <= set(parts):
        raise BadCode(_("The address has a part this page does not know, or lacks one."))
    options: dict[str, Any] = {"code": clean_code(parts["code"])}
    if not _NUMBER.fullmatch(parts["cards"]) or int(parts["cards"]) not in CARDS:
        raise BadCode(_("A game has 16 or 20 cards."))
    options["cards"] = int(parts["cards"])
    turn = parts.get("turn", "1")
    if not _NUMBER.fullmatch(turn) or int(turn) > options["cards"]:  # the last turn + 1: the end
        raise BadCode(_("The turn is not one of this game's."))
    options["turn"] = int(turn)
    if levels:
        if not _NUMBER.fullmatch(parts["level"]):
            raise BadCode(_("The level is not a number."))
        options["level"] = int(parts["level"])
        for key in ("plan", "draft"):
            options[key] = _decoded(parts.get(key, ""))
    else:
        if parts["game"] not in GAMES:
            raise BadCode(_("The game is basic or advanced."))
        if parts["tasks"] not in TASKS:
            raise BadCode(_("The address names cards this game does not have."))
        options["game"], options["tasks"] = parts["game"], parts["tasks"]
        taken = parts.get("taken", "")
        options["taken"] = taken.split("+") if taken else []
        if not all(_ID.fullmatch(i) for i in options["taken"]) or len(set(options["taken"])) != len(options["taken"]):
            raise BadCode(_("The address marks cards as taken that this game does not have."))
    return options


def _decoded(value: str) -> str:
    """The ASCII text a page wrote with encodeURIComponent (a level's play); BadCode for anything
    else. The text is only ever read by the notation's parser."""
    if not _ENCODED.fullmatch(value):
        raise BadCode(_("The address is damaged."))
    return re.sub(r"%([0-7][0-9A-Fa-f])", lambda m: chr(int(m.group(1), 16)), value)


def table_seed(city_key: str, code: str, *options: object) -> int:
    """The deal's seed: the first 8 bytes of SHA-256 of a versioned text of city, options and code."""
    text = "/".join(["citytrip", "table", f"v{VERSION}", city_key, *map(str, options), clean_code(code)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def table_puzzle(city: City, code: str, game: str, cards: int, tasks: str) -> Puzzle:
    """A group's game of `code`: a start card, then the deck (dealer.shuffled_deck), then one
    assignment of each type `tasks` names, all from one generator."""
    if game not in GAMES or cards not in CARDS or tasks not in TASKS:
        raise BadCode(_("The address is damaged."))
    rng = random.Random(table_seed(city.key, code, game, cards, tasks))
    start_card = rng.choice(sorted(city.start_cards))
    deck = shuffled_deck(city, rng, cards)
    assignments = []
    for kind in map(Kind, TASKS[tasks]):
        ids = sorted(i for i, a in city.assignments.items() if a.kind is kind)
        if ids:
            assignments.append(rng.choice(ids))
    return dealt_puzzle(city, deck, start_card=start_card, assignments=assignments, mode=game,
                        directions=TABLE_DIRECTIONS)


def level_puzzle(city: City, code: str, level: int, cards: int) -> Puzzle:
    """Solo level `level` of the city (its start card, assignments and target, basic sheet, two
    directions: as generator/levels/sweep.py plays a level) with the deck of `code`."""
    if level not in city.levels or cards not in CARDS:
        raise BadCode(_("Not a level of this city."))
    spec = city.levels[level]
    deck = shuffled_deck(city, random.Random(table_seed(city.key, code, "level", level, cards)), cards)
    return dealt_puzzle(city, deck, start_card=spec.start, assignments=spec.assignments, mode=BASIC,
                        directions=SOLO_DIRECTIONS, target=spec.target)


def puzzle_code(puzzle: Puzzle, digest: str) -> str:
    """The puzzle's code as `citytrip verify` reads it (generator/daily/code.py, which checks what
    may have one): its full description, CT2/CITY/DIGEST/MODE/DIRECTIONS/S<start>/<deck>/<ids>/T<target>."""
    fields = [
        MINI_CODE_PREFIX if puzzle.district is not None else CODE_PREFIX,
        puzzle.city.key.upper(),
        digest,
        *([str(puzzle.district)] if puzzle.district is not None else []),
        puzzle.mode.upper(),
        str(puzzle.directions),
        f"S{puzzle.start_card}",
        ".".join(str(card) for card in puzzle.deck or ()),
        "+".join(a.id for a in puzzle.assignments) or "-",
        f"T{puzzle.target}" if puzzle.target is not None else "-",
    ]
    return "/".join(fields)


# --- the city's cards as JSON, and the page's calls ---------------------------------------------

def cards_to_json(city: City, digest: str) -> dict[str, Any]:
    """What the dealer reads of a city beyond the puzzle JSON: action cards, start cards,
    assignment cards and levels; `digest` is the short data digest codes record."""
    return {
        "digest": digest,
        "action_cards": {str(n): [[str(b) for b in card.front], [str(b) for b in card.back]]
                         for n, card in sorted(city.action_cards.items())},
        "start_cards": {str(n): str(card.location.at) for n, card in sorted(city.start_cards.items())},
        "assignments": [assignment_to_json(a) for _, a in sorted(city.assignments.items())],
        "levels": {str(n): {"start": lv.start, "assignments": list(lv.assignments), "target": lv.target}
                   for n, lv in sorted(city.levels.items())},
    }


def city_from_json(base: dict[str, Any], cards: dict[str, Any]) -> City:
    """The city of a page: the puzzle JSON's city (`base`, a puzzle_to_json) with its cards."""
    city = puzzle_from_json(base).city
    return replace(
        city,
        action_cards={int(n): ActionCard(int(n), tuple(map(ActionBox.parse, faces[0])), tuple(map(ActionBox.parse, faces[1])))
                      for n, faces in cards["action_cards"].items()},
        start_cards={int(n): StartCard(int(n), city.locations[Coord.parse(at)], "")
                     for n, at in cards["start_cards"].items()},
        assignments={a["id"]: assignment_from_json(a) for a in cards["assignments"]},
        levels={int(n): Level(int(n), lv["start"], tuple(lv["assignments"]), lv["target"])
                for n, lv in cards["levels"].items()},
    )


def table_view(base_json: str, cards_json: str, fragment: str, lang: str = DEFAULT) -> str:
    """The table page's deal for its fragment, as JSON: {"options", "start_card", "start",
    "assignments" (ids), "turns" (each turn's boxes and next half icons)}, or {"error": line}."""
    try:
        with speaking(lang):
            options = parse_fragment(fragment)
        city = city_from_json(json.loads(base_json), json.loads(cards_json))
        puzzle = table_puzzle(city, options["code"], options["game"], options["cards"], options["tasks"])
        if not set(options["taken"]) <= {a.id for a in puzzle.assignments if a.is_race}:
            with speaking(lang):
                raise BadCode(_("The address marks cards as taken that this game does not have."))
    except BadCode as error:
        return json.dumps({"error": str(error)})
    return json.dumps({
        "options": options,
        "start_card": puzzle.start_card,
        "start": str(puzzle.start),
        "assignments": [a.id for a in puzzle.assignments],
        "turns": [{"boxes": {name: {"type": box.type.value, "value": box.value} for name, box in faces.boxes().items()},
                   "next": [t.value for t in faces.next_half_icons or ()]} for faces in puzzle.turns],
        "deck": [str(card) for card in puzzle.deck or ()],
    }, sort_keys=True)


def level_deal(base_json: str, cards_json: str, fragment: str, lang: str = DEFAULT) -> str:
    """A level page's puzzle for its fragment: {"puzzle" (puzzle JSON), "code" (for citytrip
    verify), "options"}, or {"error": line}."""
    try:
        with speaking(lang):
            options = parse_fragment(fragment, levels=True)
        cards = json.loads(cards_json)
        city = city_from_json(json.loads(base_json), cards)
        with speaking(lang):
            puzzle = level_puzzle(city, options["code"], options["level"], options["cards"])
    except BadCode as error:
        return json.dumps({"error": str(error)})
    return json.dumps({"puzzle": puzzle_to_json(puzzle), "code": puzzle_code(puzzle, cards["digest"]),
                       "options": options}, sort_keys=True)
