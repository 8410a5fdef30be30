"""One score tally (issue 14): the game, the solver's facts and the players count and score
achievements with generator/rules/tally.py (R9, R13, R15–R17)."""

from collections import Counter
from pathlib import Path

import pytest

from generator.data.puzzles import load_puzzle
from generator.players.honest import _Scorer, honest_plan
from generator.rules.city import EAT, RESTAURANT
from generator.rules.grid import Coord
from generator.rules.replay import replay
from generator.rules.tally import Tally, appreciation, bonus_positions, solo_score
from generator.solver.facts import Facts

DAILIES = Path(__file__).resolve().parents[2] / "benchmarks" / "dailies"
# A basic Monday and an advanced Saturday (bonus actions, combos, type 4/5 cards).
PUZZLES = ["citytrip-brugge-2026-12-07-puzzle.yaml", "citytrip-antwerpen-2026-12-12-puzzle.yaml"]


def _claims(facts: Facts, sheet):
    """The facts' goal options of a game's achievements, in the order they were made."""
    result = []
    for achievement in sheet.achievements[1:]:  # the first is the start (R12)
        result.append(next(g for g in facts.goals[achievement.at] if g.goal == achievement.goal))
    return result


@pytest.mark.parametrize("name", PUZZLES)
def test_game_facts_and_honest_scorer_share_one_tally(name):
    """A played game's tally, the facts' tally of the same achievements and the engine's scores
    agree field by field: crossings, circled goals, eatery kinds, restaurant, achieved, bonus."""
    puzzle = load_puzzle(DAILIES / name)
    report = replay(puzzle, honest_plan(puzzle))
    sheet = report.sheet
    facts = Facts(puzzle)
    tally = facts.tally(_claims(facts, sheet))
    assert tally == sheet.tally
    assert facts.appreciation(_claims(facts, sheet), sheet.hunted) == report.score
    assert solo_score(puzzle.city.rules, puzzle.assignments, sheet.tally, sheet.hunted) == report.breakdown
    assert appreciation(puzzle.city.rules, puzzle.assignments, sheet.tally, sheet.hunted) == report.score
    # The honest player's value is the engine's appreciation without the hunted strip, plus its
    # guess of the open assignments' worth (zero for complete or non-race ones).
    scorer = _Scorer(puzzle)
    guess = sum(scorer.progress(a, tally, a.goal_count(tally.circled, tally.achieved)) for a in puzzle.assignments)
    assert scorer.value(scorer.tally(sheet)) == pytest.approx(report.score - sheet.hunted_score() + guess)


def test_bonus_actions_earned_are_the_games_pool_and_uses():
    """R9: the tally's earned bonus values are what the game put in its pool (used or not)."""
    puzzle = load_puzzle(DAILIES / PUZZLES[1])
    plan = honest_plan(puzzle)
    sheet = replay(puzzle, plan).sheet
    used = Counter(use.value for turn in plan.turns for use in turn.bonus)
    assert Counter(sheet.tally.earned) == sheet.bonus_pool + used
    assert bonus_positions(puzzle.city.rules, "basic") == {}


def test_add_counts_eateries_and_the_restaurant_as_the_rulebook_says():
    """R13: a second eatery of a kind circles a goal but crosses no number; a restaurant crosses
    none and doubles the eat score; a bonus position reached is earned once (R9)."""
    tally = Tally()
    bonus = {EAT: {2: 1}}
    assert tally.add(Coord.parse("A1"), (EAT,), "fries", bonus) == []
    assert tally.add(Coord.parse("A2"), (EAT,), "fries", bonus) == []
    assert tally.add(Coord.parse("A3"), (EAT,), "waffle", bonus) == [1]
    assert tally.add(Coord.parse("A4"), (RESTAURANT,), None, bonus) == []
    assert tally.crossings == Counter({EAT: 2}) and tally.circled == Counter({EAT: 3, RESTAURANT: 1})
    assert tally.restaurant and tally.eatery_kinds == {"fries", "waffle"} and tally.earned == [1]
    assert len(tally.achieved) == 4
    copy = tally.copy()
    copy.add(Coord.parse("A5"), (EAT,), "ice", bonus)
    assert tally.crossings[EAT] == 2 and copy.crossings[EAT] == 3
