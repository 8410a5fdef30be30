"""A random legal player: every choice drawn from what the engine says is legal.

Used by the property tests (random plays must always be accepted) and the benchmarks.
"""

from __future__ import annotations

import random
from collections import Counter

from generator.rules.cards import ActionType
from generator.rules.city import ADVANCED
from generator.rules.sheet import Sheet
from generator.rules.moves import Extension
from generator.rules.plan import BonusUse, GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle


def random_turn(sheet: Sheet, rng: random.Random) -> Turn:
    """A legal turn built only from the engine's legal-choice API and move generator: a box
    choice, bonus uses from the pool, a random walk drawn step by step (moves.Extension), then
    each touched goal claimed with probability 0.8 when the actions left pay for it."""
    choices = sheet.legal_boxes()
    boxes = rng.choice(choices[:7] if rng.random() < 0.8 else choices)
    budget = sheet.budget(boxes)
    bonus: list[BonusUse] = []
    if sheet.mode == ADVANCED and sheet.bonus_pool:
        chosen = [t for t, v in budget.items() if v > 0]
        pool = sorted(sheet.bonus_pool.elements())
        for value in pool[: rng.randint(0, 2)]:
            use = BonusUse(value, rng.choice(chosen))
            bonus.append(use)
            budget[use.action] += value
    ends = [0] if sheet.puzzle.directions == 1 else [0, 1]
    extension = Extension(sheet)
    for _ in range(rng.randint(0, budget[ActionType.PLAN])):
        end = rng.choice(ends)
        options = extension.steps(end)
        if not options:
            continue
        extension.step(end, rng.choice(options))
    moves = extension.as_moves()
    touched = list(sheet.ends()) + [n for m in moves for n in m]
    rng.shuffle(touched)
    goals = []
    for at in touched:
        options = sheet.goal_options(at)
        if not options or rng.random() < 0.2:
            continue
        goal = rng.choice(options)
        action, cost = sheet.cost(goal)
        if budget[action] >= cost:
            budget[action] -= cost
            goals.append(GoalClaim(at, goal if len(options) > 1 else None))
    return Turn(tuple(boxes), moves, tuple(goals), tuple(bonus))


def random_plan(puzzle: Puzzle, rng: random.Random) -> Plan:
    sheet = Sheet(puzzle)
    turns = []
    while not sheet.over:
        turn = random_turn(sheet, rng)
        sheet.play(turn)
        turns.append(turn)
    return Plan(tuple(turns))


def perturbed_turn(sheet: Sheet, rng: random.Random, base: Turn, likely: list[int]) -> Turn:
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


def near_bonuses(sheet: Sheet, rng: random.Random, base: Turn) -> tuple[Sheet, list[int]]:
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
