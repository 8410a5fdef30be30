"""Three readings the rulebooks leave open, as RULINGS.md writes them (issue 40): a start on a
choice location (R12), a second eatery of a kind under an assignment that counts eat goals (R13),
and what a combo costs in a city of one's own (R14)."""

from __future__ import annotations

import shutil

from generator.data.puzzles import puzzle_from_data
from generator.rules.assignments import Assignment
from generator.rules.grid import Coord
from generator.rules.sheet import Sheet
from generator.rules.tally import EAT, Tally

from tiny import TINY, make_puzzle, rules_broken, turn


def test_a_start_on_a_choice_location_achieves_its_first_goal():
    """R12 with R14: starting on Old Hall (historic or event) crosses the historic strip, the
    location's category, in the advanced game too; the event strip stays as it was."""
    game = Sheet(make_puzzle(mode="advanced", start="C1"))
    assert game.tally.crossings["historic"] == 1 and game.tally.crossings["event"] == 0
    assert Coord.parse("C1") in game.tally.achieved


def test_a_second_eatery_of_a_kind_counts_for_an_assignment_that_counts_eat_goals():
    """R13: the second aperitif crosses no number of the eat strip, but it is an achieved eat goal,
    so a first-to-two-eat-goals card is complete."""
    city = make_puzzle().city
    tally = Tally()
    for name in ("Cafe Aperitif", "Second Aperitif"):
        location = next(loc for loc in city.locations.values() if loc.name == name)
        tally.add(location.at, location.crossed(EAT, "basic"), location.eatery)
    card = Assignment("1.99", 1, (10, 6, 3), category=EAT, count=2)
    assert tally.crossings[EAT] == 1
    assert card.goal_count(tally.circled, tally.achieved) == 2 and card.complete(tally.circled, tally.achieved)


def test_a_combo_in_a_city_of_ones_own_costs_its_category_once(tmp_path):
    """R14: a city whose bridges cost 2 photo actions and statues 1 has a bridge-and-statue combo
    that costs 2 (its category, bridge, paid once; not 1 + 2, not the statue's 1), crossing both
    strips."""
    city = tmp_path / "city"
    shutil.copytree(TINY, city)
    rules = city / "rules.yaml"
    text = rules.read_text()
    dear = text.replace("bridge:     {action: photo, cost: {basic: 1, advanced: 1}",
                        "bridge:     {action: photo, cost: {basic: 1, advanced: 2}")
    assert dear != text
    rules.write_text(dear)

    def puzzle(photo: int):
        faces = [{"left": ["plan 3", f"photo {photo}", "visit 2"], "right": ["eat 2", "souvenir 2", "plan 3"]}] * 15
        return puzzle_from_data({"map": str(city), "mode": "advanced", "directions": 1, "start": 1, "turns": faces},
                                source="test puzzle")

    game = Sheet(puzzle(2))
    before = game.tally.crossings.copy()
    move = turn("L1 L2 a:B2,C2,D3 @D3")
    assert game.check(move) == []
    game.play(move)
    assert game.tally.crossings["bridge"] == before["bridge"] + 1
    assert game.tally.crossings["statue"] == before["statue"] + 1
    assert rules_broken(Sheet(puzzle(1)), "L1 L2 a:B2,C2,D3 @D3") == {"R11"}
