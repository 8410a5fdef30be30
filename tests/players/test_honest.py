"""The honest player plays legal games and never looks past what the rulebook shows."""

from dataclasses import replace

import pytest

from generator.levels.sweep import level_puzzle
from generator.players.honest import honest_plan
from generator.rules.replay import replay


@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_honest_games_are_legal_and_reproducible(city):
    """Every turn goes through the engine; the same puzzle gives the same plan."""
    puzzle = level_puzzle(city, 3, 16, 7)
    plan = honest_plan(puzzle)
    report = replay(puzzle, plan)
    assert report.valid and len(plan.turns) == 15
    assert honest_plan(puzzle) == plan


def test_honest_player_ignores_the_cards_it_cannot_see():
    """Changing the faces of turns after k (but not what turn k shows) leaves turns 1..k unchanged."""
    puzzle = level_puzzle("brugge", 1, 16, 3)
    other = level_puzzle("brugge", 1, 16, 4)
    k = 6
    # Turns 1..k as in `puzzle`; later turns from another deal. Turn k's half icons (the types of
    # turn k+1's left face) stay those of `puzzle`, as a player at turn k would see them.
    mixed = replace(puzzle, turns=puzzle.turns[:k] + other.turns[k:])
    assert mixed.turns[k - 1].next_half_icons == puzzle.turns[k - 1].next_half_icons
    assert honest_plan(mixed).turns[:k] == honest_plan(puzzle).turns[:k]
