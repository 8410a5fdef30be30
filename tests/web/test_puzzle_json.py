"""The puzzle JSON the browser's engine reads is the very puzzle the loader built."""

import json

import pytest

from generator.browser.puzzle_json import FORMAT, puzzle_from_json, puzzle_to_json
from generator.daily.deal import deal
from generator.daily.mini import deal_mini
from generator.data.cities import load_city
from generator.players.honest import honest_plan
from generator.rules.replay import replay
from tests.web.days import MONDAY, SATURDAY


def puzzles():
    for key in ("brugge", "antwerpen"):
        city = load_city(key)
        yield f"{key}-monday", deal(city, MONDAY)  # basic game, two directions, a race card
        yield f"{key}-saturday", deal(city, SATURDAY)  # advanced: bonus actions, choice locations
        yield f"{key}-mini", deal_mini(city, MONDAY)  # a district


@pytest.mark.parametrize("name,puzzle", list(puzzles()), ids=lambda value: value if isinstance(value, str) else "")
def test_round_trip_gives_the_same_game(name, puzzle):
    """Through JSON text and back: the same deal, map, legend and cards, and the same replay."""
    text = json.dumps(puzzle_to_json(puzzle))
    again = puzzle_from_json(json.loads(text))
    for field in ("mode", "directions", "start", "turns", "deck", "start_card", "assignments", "target", "district"):
        assert getattr(again, field) == getattr(puzzle, field), field
    for field in ("key", "name", "grid", "locations", "rules", "digest", "words", "words_by_language", "language"):
        assert getattr(again.city, field) == getattr(puzzle.city, field), field
    plan = honest_plan(puzzle)
    assert replay(again, plan).as_dict() == replay(puzzle, plan).as_dict()


def test_another_format_is_refused():
    data = puzzle_to_json(deal(load_city("brugge"), MONDAY))
    data["format"] = FORMAT + 1
    with pytest.raises(ValueError, match="format"):
        puzzle_from_json(data)
