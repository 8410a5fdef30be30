"""What the loader accepts never crashes the engine: random cities, random plays."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from random_city import write_random_city
from generator.data.cities import load_city
from generator.data.puzzles import puzzle_from_data
from generator.errors import DataError, UsageError
from random_player import random_plan
from generator.rules.replay import replay


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_cities_are_refused_cleanly_or_played_without_crash(seed, tmp_path_factory):
    """Each random city is either refused with a DataError or plays random legal games to the end."""
    rng = random.Random(seed)
    folder = write_random_city(tmp_path_factory.mktemp("city"), rng)
    try:
        city = load_city(str(folder))
    except (DataError, UsageError):
        return
    for mode in ("basic", "advanced"):
        data = {
            "map": str(folder), "mode": mode, "directions": rng.choice([1, 2]), "start": rng.choice(list(city.start_cards)),
            "deck": [f"{n}{rng.choice('AB')}" for n in rng.sample(sorted(city.action_cards), 16)],
            "assignments": ["1.01", "2.01", "4.01", "5.01"],
        }
        puzzle = puzzle_from_data(data, source="fuzz")
        report = replay(puzzle, random_plan(puzzle, rng))
        assert report.valid
        assert isinstance(report.score, int)


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_cities_render_without_crash(seed, tmp_path_factory):
    """A city the loader accepts also prints: sheets of both modes and every kind of card."""
    from generator.render.cards import render_action_cards, render_assignment_cards, render_start_cards
    from generator.render.pdf import PAPERS
    from generator.render.sheet import render_sheets

    folder = write_random_city(tmp_path_factory.mktemp("city"), random.Random(seed))
    try:
        city = load_city(str(folder))
    except (DataError, UsageError):
        return
    out = tmp_path_factory.mktemp("pdf")
    for mode in ("basic", "advanced"):
        assert render_sheets(city, mode, 1, PAPERS["a4"], out / f"{mode}.pdf").stat().st_size > 0
    render_start_cards(city, PAPERS["letter"], out / "start.pdf")
    render_action_cards(city, PAPERS["a4"], out / "action.pdf")
    render_assignment_cards(city, PAPERS["a4"], out / "assignments.pdf")
