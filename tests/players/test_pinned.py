"""The cheap players' choices are pinned: the level reports (docs/calibration/) and every par's
start plans rest on them, so a change to what they play must be deliberate (and the reports rerun),
never the side effect of making them faster.

The fixture holds the plans as text (generator.rules.notation). To change it on purpose:
`python tests/players/test_pinned.py > tests/players/data/pinned_plans.txt`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from generator.data.cities import load_city
from generator.levels.sweep import level_puzzle
from generator.players.honest import honest_plan
from generator.players.planner import planned_plan
from generator.rules.city import ADVANCED
from generator.rules.dealer import dealt_puzzle, shuffled_deck
from generator.rules.notation import format_plan

FIXTURE = Path(__file__).parent / "data" / "pinned_plans.txt"


def _advanced_puzzle(city_key: str):
    """Two directions, the advanced sheet (bonus actions) and a level's assignments."""
    city = load_city(city_key)
    spec = city.levels[12]
    deck = shuffled_deck(city, random.Random(f"pinned-{city_key}"), 16)
    return dealt_puzzle(city, deck, start_card=spec.start, assignments=spec.assignments, mode=ADVANCED, directions=2)


def _cases():
    for city in ("brugge", "antwerpen"):
        yield f"{city} level 5 honest", lambda city=city: honest_plan(level_puzzle(city, 5, 16, 11))
        yield f"{city} level 12 planner 6x5", lambda city=city: planned_plan(level_puzzle(city, 12, 16, 11), width=6, branch=5)
        yield f"{city} advanced honest", lambda city=city: honest_plan(_advanced_puzzle(city))
        yield f"{city} advanced planner 4x3", lambda city=city: planned_plan(_advanced_puzzle(city), width=4, branch=3)


def _render(name: str, play) -> str:
    return f"# {name}\n{format_plan(play())}\n"


def _pinned() -> dict[str, str]:
    blocks = FIXTURE.read_text(encoding="utf-8").split("# ")[1:]
    return {block.split("\n", 1)[0]: "# " + block for block in blocks}


@pytest.mark.parametrize("name,play", list(_cases()), ids=[name for name, _ in _cases()])
def test_cheap_players_play_the_pinned_plans(name, play):
    assert _render(name, play) == _pinned()[name]


if __name__ == "__main__":
    sys.stdout.write("".join(_render(name, play) for name, play in _cases()))
