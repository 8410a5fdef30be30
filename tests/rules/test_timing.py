"""R9b: a turn is legal when some order of its events (each end's steps in turn, each goal once its
node is touched, each bonus use once a bonus of its value is held) pays each one as it happens.

The engine's referee (generator/rules/timing.py) searches with a memory and two exchange arguments;
here it is compared with a brute force that tries every order of the events, one at a time, with
the sheet's tally counting the bonuses as they are earned: on random advanced turns of the tiny
city and of both shipped cities, legal and not."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from deals import dealt_puzzle
from random_player import near_bonuses, perturbed_turn, random_turn
from tiny import TINY
from generator.cli import main
from generator.data.cities import shipped_cities
from generator.data.puzzles import load_plan, load_puzzle
from generator.rules.cards import ActionType
from generator.rules.city import ADVANCED
from generator.rules.moves import legal_turns
from generator.rules.plan import Turn
from generator.rules.replay import replay
from generator.rules.sheet import Sheet

PLAN = ActionType.PLAN
REPRO = Path(__file__).resolve().parents[1] / "data" / "repro" / "circular-plan-bonus"


def brute_force_pays(sheet: Sheet, turn: Turn) -> bool:
    """Whether some order of the turn's events pays each when it happens: every order tried, a
    prefix abandoned at its first unpaid event (the definition, with nothing skipped)."""
    funds = sheet.budget(turn.boxes)
    start_ends = set(sheet.ends())
    goals = []
    for claim in turn.goals:
        location = sheet.city.locations[claim.at]
        goal = claim.goal or location.goals(sheet.mode)[0]
        goals.append((location, goal) + sheet.cost(goal))

    def touched(at, taken) -> bool:
        return at in start_ends or any(at in turn.moves[end][:taken[end]] for end in (0, 1))

    def visit(taken, done, used, funds, pool, tally) -> bool:
        if taken == (len(turn.moves[0]), len(turn.moves[1])) and len(done) == len(goals) and len(used) == len(turn.bonus):
            return True
        for end in (0, 1):
            if taken[end] < len(turn.moves[end]) and funds[PLAN] >= 1:
                after = (taken[0] + (end == 0), taken[1] + (end == 1))
                walked = Counter(funds)
                walked[PLAN] -= 1
                if visit(after, done, used, walked, pool, tally):
                    return True
        for i, (location, goal, action, cost) in enumerate(goals):
            if i in done or not touched(location.at, taken) or funds[action] < cost:
                continue
            later = tally.copy()
            earned = later.add(location.at, location.crossed(goal, sheet.mode), location.eatery, sheet.bonus)
            spent = Counter(funds)
            spent[action] -= cost
            if visit(taken, done | {i}, used, spent, pool + Counter(earned), later):
                return True
        for j, use in enumerate(turn.bonus):
            if j in used or pool[use.value] < 1:
                continue
            more = Counter(funds)
            more[use.action] += use.value
            if visit(taken, done, used | {j}, more, pool - Counter({use.value: 1}), tally):
                return True
        return False

    return visit((0, 0), frozenset(), frozenset(), Counter(funds), Counter(sheet.bonus_pool), sheet.tally.copy())


@pytest.mark.parametrize("city", [str(TINY)] + shipped_cities())
def test_the_referee_agrees_with_every_order_on_random_advanced_turns(city):
    """Random advanced games, and at each turn random turns (legal or not): the engine's verdict
    is the brute force's. At least 3,400 turns with bonus uses per city (over 10,000 in all), with
    both verdicts well represented, and turns paid by a bonus earned in the turn among them."""
    compared = Counter()
    for seed in range(400):
        puzzle = dealt_puzzle(city, seed)
        if puzzle.mode != ADVANCED:
            continue
        rng = random.Random(seed)
        game = Sheet(puzzle)
        while not game.over and compared["bonus"] < 3400:
            for _ in range(12):
                base = random_turn(game, rng)
                near, likely = near_bonuses(game, rng, base)
                variant = perturbed_turn(near, rng, base, likely)
                if near.draft_problems(variant) or sum(map(len, variant.moves)) + len(variant.goals) > 10:
                    continue
                verdict = near.allows(variant)
                assert verdict == brute_force_pays(near, variant), (city, seed, game.turn + 1, variant)
                if variant.bonus:
                    compared["bonus"] += 1
                    compared[verdict] += 1
                    held = Counter(use.value for use in variant.bonus) - near.bonus_pool
                    compared["earned this turn"] += verdict and bool(held)
            game.play(random_turn(game, rng))
        if compared["bonus"] >= 3400:
            break
    assert compared["bonus"] >= 3400 and compared[True] > 300 and compared[False] > 300, compared
    assert compared["earned this turn"] > 20, compared  # paid by a bonus its own goals earn


def test_every_legal_turn_of_the_move_generator_is_paid_in_some_order():
    """The move generator's first turns of the bonus-order repro (a 2 held, another to earn at
    C1), up to 3 steps: every one with bonus uses passes the brute force."""
    game = Sheet(load_puzzle(REPRO.parent / "bonus-order" / "puzzle.yaml"))
    checked = 0
    for turn in legal_turns(game, max_steps=3):
        if turn.bonus:
            assert brute_force_pays(game, turn), turn
            checked += 1
    assert checked > 200


def test_the_repro_answer_key_is_refused_at_turn_13_with_the_reason():
    """Brugge 2026-12-12's published answer (generator version 6): turn 13's +2 plan is earned at
    H9, the walk's 3rd step, by the 9th bridge, and the boxes give plan 2: the bonus would pay for
    the step that reaches its own earner (R9b)."""
    puzzle = load_puzzle(REPRO / "puzzle.yaml")
    report = replay(puzzle, load_plan(REPRO / "answer.yaml"))
    assert [(v.turn, v.rule) for v in report.violations] == [(13, "R9")]
    assert report.violations[0].message == "the 2-plan bonus is earned at H9, which this walk reaches only with it"


def test_verify_refuses_the_repro_answer_key(capsys):
    """`citytrip verify` exits 1 on it, naming the turn and the sentence."""
    assert main(["verify", str(REPRO / "puzzle.yaml"), str(REPRO / "answer.yaml")]) == 1
    out = capsys.readouterr().out
    assert "turn 13: R9: the 2-plan bonus is earned at H9, which this walk reaches only with it" in out


def test_the_repro_turn_is_paid_when_the_bonus_is_held_before_the_walk():
    """The same walk is legal when the 2 was held from an earlier turn: it is the timing alone."""
    puzzle = load_puzzle(REPRO / "puzzle.yaml")
    plan = load_plan(REPRO / "answer.yaml")
    game = Sheet(puzzle)
    for turn in plan.turns[:12]:
        game.play(turn)
    thirteenth = plan.turns[12]
    assert game.check(thirteenth)
    game.bonus_pool[2] += 1  # as if earned before
    assert game.check(thirteenth) == []


def test_a_bonus_earned_by_the_walks_last_goal_cannot_pay_the_goals_before_it():
    """A 20-minute solver plan of Brugge 2026-12-12 (benchmarks/dailies, generator version 6),
    made under the old reading: turn 6, `L2 L3 R3 a:N14,M15,L15,K15 b:J11 @K10 @K15 @L15 @M15 @N14
    +3visit +2plan`, has visit 3 from its boxes and needs the +3 visit that K15, the end of walk a,
    earns: it would pay for the visits before it (R9b). The other sentence of the referee."""
    folder = REPRO.parent / "bonus-too-late"
    report = replay(load_puzzle(folder / "puzzle.yaml"), load_plan(folder / "plan.yaml"))
    assert [(v.turn, v.rule, v.message) for v in report.violations] == [
        (6, "R9", "the 3-visit bonus is earned at K15, too late to pay for what comes before it")]
