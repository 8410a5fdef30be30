"""The best plan of a small one-direction basic puzzle by dynamic programming over walks, written
apart from the solver: an independent check of the CP-SAT proofs of the daily minis.

With one direction, a location can only be achieved in the turn the path enters it, or in the
next turn while it is the path's end (R10): once the path moves on it is never touched again. So
what the rest of the game depends on is the path (its end, its nodes and its diagonals, R4), whether
the end is achieved, what the strips have crossed (R13, R15) and the hunted count (R16); the score
so far is a function of the same. One state per distinct value of these, per turn; every turn's box
choice (R8), walk (R4, R5) and set of goals paid in full (R10, R11) is tried from each. The engine
replays the best plan found (the caller's check that this module follows the rules).

Only for what the mini is: basic game, one direction, no assignments. Exact, and exponential in
the area the path can cover: a 4 × 4 square in seconds, the whole map not.
"""

from __future__ import annotations

import itertools
from collections import Counter

from generator.rules.cards import PAIRS, TRIPLES, ActionType
from generator.rules.city import BASIC, RESTAURANT
from generator.rules.grid import crossing_diagonal, edge
from generator.rules.plan import GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.tally import Tally, hunted_score, strip_scores


def best_plan(puzzle: Puzzle) -> tuple[int, Plan]:
    """The highest appreciation of any legal plan, and one plan that scores it."""
    if puzzle.mode != BASIC or puzzle.directions != 1 or puzzle.assignments:
        raise ValueError("walk_dp handles basic one-direction puzzles without assignments")
    city, rules = puzzle.city, puzzle.city.rules
    start = puzzle.start
    tally = Tally()
    _achieve(puzzle, tally, start)
    first = (start, frozenset([start]), frozenset(), True, _key(tally), 0)
    layer = {first: None}
    history: list[dict] = []
    for faces in puzzle.turns:
        following: dict = {}
        for state in layer:
            end, visited, diagonals, end_done, strips, hunts = state
            choices = PAIRS + (TRIPLES if hunts < rules.max_hunts else ())
            seen = set()
            walks = list(_walks(city.grid, end, max(_plan(faces, b) for b in choices), visited, diagonals))
            for boxes in choices:
                budget: Counter = Counter()
                for name in boxes:
                    box = faces.box(name)
                    budget[box.type] += box.value
                signature = (len(boxes), tuple(sorted((t.value, v) for t, v in budget.items())))
                if signature in seen:
                    continue  # the same actions at the same hunted cost
                seen.add(signature)
                for walk, walked_diagonals in walks:
                    if len(walk) > budget[ActionType.PLAN]:
                        continue
                    touched = ([] if end_done else [end]) + list(walk)
                    for claims in _claims(puzzle, touched, budget):
                        after = Tally(Counter(dict(strips[0])), Counter(), set(strips[1]), strips[2])
                        for at in claims:
                            _achieve(puzzle, after, at)
                        new_end = walk[-1] if walk else end
                        new_done = (end_done and not walk) or new_end in claims
                        child = (new_end, visited | frozenset(walk), walked_diagonals, new_done, _key(after),
                                 hunts + (len(boxes) == 3))
                        if child not in following:
                            following[child] = (state, Turn(boxes, (walk, ()), tuple(GoalClaim(at) for at in claims)))
        history.append(following)
        layer = following
    best = max(layer, key=lambda s: (_score(puzzle, s), _order(s)))
    turns = []
    state = best
    for step in reversed(history):
        parent, turn = step[state]
        turns.append(turn)
        state = parent
    return _score(puzzle, best), Plan(tuple(reversed(turns)))


def _plan(faces, boxes) -> int:
    return sum(faces.box(name).value for name in boxes if faces.box(name).type is ActionType.PLAN)


def _order(state) -> tuple:
    """A total order among equal scores, so the plan returned does not depend on dict order."""
    end, visited, _, _, strips, hunts = state
    return (-hunts, tuple(sorted(map(tuple, visited))), strips[0])


def _walks(grid, at, limit, visited, diagonals):
    """Every walk of up to `limit` steps from `at` that keeps the path self-avoiding (R4) and its
    diagonals uncrossed, with the diagonals it leaves."""
    yield (), diagonals
    if limit == 0:
        return
    for node in grid.neighbours(at):
        if node in visited:
            continue
        other = crossing_diagonal(at, node)
        if other is not None and other in diagonals:
            continue
        used = diagonals | {edge(at, node)} if other is not None else diagonals
        for rest, rest_diagonals in _walks(grid, node, limit - 1, visited | {node}, used):
            yield (node,) + rest, rest_diagonals


def _claims(puzzle, touched, budget):
    """The sets of touched locations whose goals this turn's actions pay in full (R11) that no
    other best plan needs to differ from: per action type, the sets to which no further location
    can be added within the budget. Adding a goal never lowers a strip (R15) nor takes anything
    from a later turn (a location left behind is never touched again; the end claimed now scores
    what it would score next turn), except a restaurant, which doubles the eat score also when it
    is below zero (R13): restaurants are tried both ways."""
    city = puzzle.city
    by_action: dict = {}
    for at in touched:
        location = city.locations.get(at)
        if location is None:
            continue
        category = city.rules.categories[location.goals(puzzle.mode)[0]]
        if budget[category.action] >= category.cost(puzzle.mode):
            by_action.setdefault(category.action, []).append((at, category.cost(puzzle.mode), category.name == RESTAURANT))
    per_action = []
    for action, options in by_action.items():
        sets = []
        for picks in itertools.product((False, True), repeat=len(options)):
            spent = sum(cost for (_, cost, _), pick in zip(options, picks) if pick)
            if spent > budget[action]:
                continue
            left = budget[action] - spent
            if any(not pick and not optional and cost <= left for (_, cost, optional), pick in zip(options, picks)):
                continue  # not maximal: a goal that costs nothing later could be added
            sets.append(tuple(at for (at, _, _), pick in zip(options, picks) if pick))
        per_action.append(sets)
    for combination in itertools.product(*per_action):
        yield tuple(at for part in combination for at in part)


def _achieve(puzzle, tally, at):
    location = puzzle.city.locations[at]
    goal = location.goals(puzzle.mode)[0]
    tally.add(at, location.crossed(goal, puzzle.mode), location.eatery)


def _key(tally):
    return (tuple(sorted(tally.crossings.items())), frozenset(tally.eatery_kinds), tally.restaurant)


def _score(puzzle, state) -> int:
    strips, hunts = state[4], state[5]
    tally = Tally(Counter(dict(strips[0])), Counter(), set(strips[1]), strips[2])
    rules = puzzle.city.rules
    return sum(strip_scores(rules.strips, tally).values()) + hunted_score(rules.hunted, hunts)
