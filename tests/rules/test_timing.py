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


def _random_variant(sheet: Sheet, rng: random.Random, base: Turn, likely: list[int]) -> Turn:
    """A random legal turn (the random player's, `base`), perturbed with no regard to its payment:
    other touched goals; a bonus use or two, mostly of a value held or earned by the turn's goals
    (else of `likely` or any value the strips print), on a chosen type; then up to three steps
    more. Often unpaid, often paid only in some order."""
    types = [t for t, v in sheet.budget(base.boxes).items() if v > 0]
    ends = [0] if sheet.puzzle.directions == 1 else [0, 1]
    claims = list(base.goals)
    claimed = {claim.at for claim in claims}
    for at in dict.fromkeys(sheet.ends() + base.moves[0] + base.moves[1]):
        options = sheet.goal_options(at)
        if options and at not in claimed and rng.random() < 0.6:
            claims.append(GoalClaim(at, rng.choice(options) if len(options) > 1 else None))
    available = sorted((sheet.bonus_available(Turn(base.boxes, base.moves, tuple(claims))) - Counter()).elements())
    printed = sorted({v for strip in sheet.city.rules.strips.values() for v in strip.bonus.values()})
    bonus = list(base.bonus)
    while len(bonus) < 2 and rng.random() < 0.7:
        pick = rng.random()
        value = rng.choice(available if available and pick < 0.6 else likely if likely and pick < 0.85 else printed)
        bonus.append(BonusUse(value, rng.choice(types)))
    extension = Extension(sheet)
    for end in (0, 1):
        for node in base.moves[end]:
            extension.step(end, node)
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        end = rng.choice(ends)
        options = extension.steps(end)
        if options:
            extension.step(end, rng.choice(options))
    rng.shuffle(claims)
    rng.shuffle(bonus)
    return Turn(base.boxes, extension.as_moves(), tuple(claims), tuple(bonus))


def _near_bonuses(sheet: Sheet, rng: random.Random, base: Turn) -> tuple[Sheet, list[int]]:
    """A copy of the sheet one or two goals short of a printed bonus on strips that the goals the
    turn touches count for, holding zero to two bonuses: random play alone rarely gets there, and
    these are the turns where timing matters. (The crossings no longer match the achievements;
    the payment never looks.) With the values of the bonuses so placed or held."""
    near, likely = sheet.copy(), []
    strips = set()
    for at in sheet.ends() + base.moves[0] + base.moves[1]:
        location = sheet.city.locations.get(at)
        for goal in sheet.goal_options(at):
            strips.update(location.crossed(goal, sheet.mode))
    for strip in sorted(strips & set(near.bonus)):
        if rng.random() < 0.7:
            positions = near.bonus[strip]
            at = rng.choice(sorted(positions))
            near.tally.crossings[strip] = max(0, at - rng.choice((1, 1, 2)))
            likely.append(positions[at])
    values = sorted({v for positions in near.bonus.values() for v in positions.values()})
    near.bonus_pool = Counter(rng.choice(values) for _ in range(rng.choice((0, 1, 1, 2))))
    return near, likely + list(near.bonus_pool.elements())


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


def _too_late(sheet: Sheet, turn: Turn) -> bool:
    """Refused for the timing alone: the boxes and all the bonus uses cover the turn, and its goals
    earn every bonus it uses, but not in time (the reading R9b changed)."""
    message = sheet.check(turn)[0].message
    return "bonus is earned at" in message or "no order of this turn" in message


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


def test_verify_refuses_the_repro_answer_key(tmp_path, capsys):
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
