"""A random legal player: every choice drawn from what the engine says is legal.

Used by the property tests (random plays must always be accepted) and the benchmarks.
"""

from __future__ import annotations

import random

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
