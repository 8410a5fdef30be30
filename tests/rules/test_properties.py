"""Property tests: random legal plays are accepted and score as a plain recount; edits are caught."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deals import dealt_puzzle
from recount import recount
from random_player import random_plan
from tiny import TINY
from generator.data.cities import shipped_cities
from generator.rules.grid import STEPS, Coord, crossing_diagonal
from generator.rules.plan import Plan
from generator.rules.replay import replay

CITIES = [str(TINY)] + shipped_cities()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("city", CITIES)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_random_legal_plays_are_accepted_and_score_as_a_recount(city, seed):
    """Plays built from the legal-choice API replay as valid, and score what a plain recount says."""
    puzzle = dealt_puzzle(city, seed)
    plan = random_plan(puzzle, random.Random(seed))
    report = replay(puzzle, plan)
    assert report.valid, report.violations
    assert report.score == recount(puzzle, plan)


def _edit_turn(plan: Plan, index: int, **changes) -> Plan:
    turns = list(plan.turns)
    turns[index] = replace(turns[index], **changes)
    return Plan(tuple(turns))


def _path_before(plan: Plan, puzzle, index: int, end: int) -> list[Coord]:
    nodes = [puzzle.start]
    for turn in plan.turns[: index + 1]:
        nodes.extend(turn.moves[end])
    return nodes


def _first_rules(puzzle, plan: Plan, turn_number: int) -> set[str]:
    report = replay(puzzle, plan)
    assert not report.valid
    assert report.violations[0].turn == turn_number
    return {v.rule for v in report.violations}


@pytest.mark.parametrize("city", CITIES)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_random_edits_of_a_legal_plan_are_rejected_with_the_right_rule(city, seed):
    """A repeated node (R4), a step onto water (R3), a crossing diagonal (R4) and a goal without
    its actions (R11) are each rejected at the edited turn."""
    puzzle = dealt_puzzle(city, seed)
    plan = random_plan(puzzle, random.Random(seed))
    grid = puzzle.city.grid
    rng = random.Random(seed + 1)
    walked = [i for i, t in enumerate(plan.turns) if t.moves[0]]
    if walked:
        i = rng.choice(walked)
        path = _path_before(plan, puzzle, i, 0)
        moves = plan.turns[i].moves
        # Step back onto the node before the last one: a repeated node.
        edited = _edit_turn(plan, i, moves=(moves[0] + (path[-2],), moves[1]))
        assert "R4" in _first_rules(puzzle, edited, i + 1)
        # Step onto a neighbouring water cell, if there is one.
        water = [Coord(path[-1].col + dc, path[-1].row + dr) for dc, dr in STEPS[:4]]
        water = [w for w in water if grid.is_water(w)]
        if water:
            edited = _edit_turn(plan, i, moves=(moves[0] + (water[0],), moves[1]))
            assert "R3" in _first_rules(puzzle, edited, i + 1)
        # Cross a diagonal already walked, if one is next to the end of the path.
        on_path = {n for n in path} | {n for t in plan.turns for m in t.moves for n in m}
        walked_diagonals = set()
        for a, b in zip(path, path[1:]):
            if crossing_diagonal(a, b) is not None:
                walked_diagonals.add(frozenset((a, b)))
        last = path[-1]
        for node in grid.neighbours(last):
            other = crossing_diagonal(last, node)
            if node not in on_path and other in walked_diagonals:
                edited = _edit_turn(plan, i, moves=(moves[0] + (node,), moves[1]))
                assert "R4" in _first_rules(puzzle, edited, i + 1)
                break
    with_goals = [i for i, t in enumerate(plan.turns) if t.goals]
    if with_goals:
        i = rng.choice(with_goals)
        turn = plan.turns[i]
        goal = turn.goals[0]
        location = puzzle.city.locations[goal.at]
        action = puzzle.city.rules.categories[goal.goal or location.category].action
        # Swap in a box pair that gives none of the goal's action type but enough plan actions.
        from generator.rules.cards import PAIRS

        faces = puzzle.turns[i]
        for pair in PAIRS:
            kinds = [faces.box(b).type for b in pair]
            plan_value = sum(faces.box(b).value for b in pair if faces.box(b).type.value == "plan")
            if action not in kinds and plan_value >= turn.steps and not turn.bonus:
                edited = _edit_turn(plan, i, boxes=pair)
                assert "R11" in _first_rules(puzzle, edited, i + 1)
                break
