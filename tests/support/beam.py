"""A beam-search player: a good complete plan fast, without CP-SAT (a baseline of the tests and
benchmarks; the product plays the honest player and the planner, generator/players).

It once seeded the CP-SAT model and played the "plain greedy" player; today the render tests use
it as a quick stand-in for the daily's solver (stand_in.py) and benchmarks/solver.py as the
baseline column: `beam_search(puzzle, width, seed) -> Plan`. The plan it returns is always legal
(the engine replays it in the tests).

Each turn every kept sheet tries every non-dominated box choice (R8), each with the bonus actions
in hand added to one chosen type (R9); for each it walks one end of the path (R5, R6) to a reachable
goal location or to the edge of its reach, and pays the goals it touched greedily, best marginal
points per action first (R10, R11). Sheets are ranked by their appreciation plus a small lookahead
(goals near the ends, progress on the assignments) and the best `width` distinct ones are kept.

The walks (moves.reach), the bonus variants (moves.bonus_variants) and the greedy payment
(moves.pay_greedily) are the engine's move generator's. The rest stays here on purpose: the beam
does not hold an engine `Sheet` per candidate but a light `_Sheet` scored by the solver's facts (the exact
appreciation of a set of claims, `Facts.appreciation`), and it tries the facts' non-dominated box
choices (`facts.turn_options`), not every legal one. Playing each of its thousands of children on
a copied `Sheet` would be slower and, with the other box choices, would change its plans (the
daily's par and the LNS starts depend on them); its plans are replayed by the engine instead.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass

from generator.rules.cards import ActionType
from generator.rules.grid import Coord, crossing_diagonal, edge
from generator.rules.moves import bonus_variants, pay_greedily, reach
from generator.rules.plan import BonusUse, GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.solver.facts import ACTION_TYPES, BoxOption, Facts, GoalOption

LOOKAHEAD_RADIUS = 3
FAR_WALKS = 4  # walks that use every step without reaching a goal, per end and sheet


@dataclass(frozen=True)
class _Sheet:
    """One partial game as the beam sees it."""

    ends: tuple[Coord, ...]
    on_path: frozenset[Coord]
    diagonals: frozenset[frozenset[Coord]]
    claims: tuple[GoalOption, ...]
    done: frozenset[Coord]  # the locations of `claims`
    hunted: int
    pool: tuple[int, ...]  # bonus action values earned and not used (R9), sorted
    turns: tuple[Turn, ...]
    score: int


def beam_search(puzzle: Puzzle, width: int = 20, seed: int = 0, facts: Facts | None = None, deadline: float | None = None) -> Plan:
    """The best plan a beam of `width` sheets finds; ties are broken by `seed` (deterministic).

    `deadline` (a time.monotonic() value) makes it finish greedily (width 1) once passed, so that
    the solver's time limit holds; without it the result depends on nothing but the arguments.
    """
    facts = facts or Facts(puzzle)
    rng = random.Random(seed)
    first = _Sheet(
        ends=(facts.start,) * puzzle.directions,
        on_path=frozenset({facts.start}),
        diagonals=frozenset(),
        claims=(),
        done=frozenset(),
        hunted=0,
        pool=_earned(facts, ()),
        turns=(),
        score=facts.appreciation((), 0),
    )
    beam = [first]
    for turn in range(facts.turns):
        if deadline is not None and time.monotonic() > deadline:
            width = 1
            beam = beam[:1]
        children: dict[tuple, tuple[float, int, _Sheet]] = {}
        for sheet in beam:
            for child in _children(facts, sheet, turn):
                key = (child.ends, child.done, child.hunted, child.pool)
                value = _value(facts, child)
                if key not in children or value > children[key][0]:
                    children[key] = (value, rng.random(), child)
        ranked = sorted(children.values(), key=lambda item: (-item[0], item[1]))
        beam = [sheet for _, _, sheet in ranked[: max(1, width)]]
    best = max(beam, key=lambda s: (s.score, -s.hunted))
    return Plan(best.turns)


def _earned(facts: Facts, claims: tuple[GoalOption, ...]) -> tuple[int, ...]:
    """Bonus values earned by these achievements (R9, the engine's tally), as a sorted tuple."""
    if not facts.bonus_positions:
        return ()
    return tuple(sorted(facts.tally(claims).earned))


def _value(facts: Facts, sheet: _Sheet) -> float:
    """Appreciation plus a lookahead: free goals near the ends and assignment progress.

    Not a second tally: the appreciation is the engine's (`sheet.score`, Facts.appreciation) and
    the progress reads the engine's tally and the cards' own completion; what is added is the
    beam's guess of what a sheet is worth beyond its score (half a race's value in proportion to
    its goals, free goals near the ends, bonus actions in hand)."""
    achieved = sheet.done
    around = set()
    for end in sheet.ends:
        around.update(_nearby(facts, end))
    near = sum(1 for at in around if at not in achieved and at not in sheet.on_path)
    progress = 0.0
    if facts.puzzle.assignments:
        tally = facts.tally(sheet.claims)
        for assignment in facts.puzzle.assignments:
            if assignment.is_race and not assignment.complete(tally.circled, tally.achieved):
                n = assignment.goal_count(tally.circled, tally.achieved)
                progress += assignment.values[0] * n / max(assignment.need, 1) / 2
    return sheet.score + 0.75 * near + progress + 0.5 * len(sheet.pool)


def _nearby(facts: Facts, at: Coord) -> tuple[Coord, ...]:
    """Goal locations within LOOKAHEAD_RADIUS king moves of a node (cached on the facts)."""
    cache = facts.__dict__.setdefault("_beam_nearby", {})
    if at not in cache:
        cache[at] = tuple(
            g for g in facts.goals if max(abs(g.col - at.col), abs(g.row - at.row)) <= LOOKAHEAD_RADIUS
        )
    return cache[at]


def _children(facts: Facts, sheet: _Sheet, turn: int):
    max_steps = max(o.amount(ActionType.PLAN) for o in facts.options[turn]) + sum(sheet.pool[-2:])
    walks = [(end, ()) for end in range(len(sheet.ends))][:1]
    for end, head in enumerate(sheet.ends):
        walks.extend((end, w) for w in _walks(facts, sheet, head, max_steps))
    for option in facts.options[turn]:
        if option.hunted and sheet.hunted >= facts.max_hunts:
            continue
        # No bonus, or the (up to) two largest values in hand, smallest first, added to one chosen
        # type, in ACTION_TYPES order (R9).
        chosen = [action for action in ACTION_TYPES if option.amount(action) > 0]
        for bonus in bonus_variants(sheet.pool[-2:], chosen):
            budget = Counter({t: option.amount(t) for t in ACTION_TYPES})
            for use in bonus:
                budget[use.action] += use.value
            for end, walk in walks:
                if len(walk) > budget[ActionType.PLAN]:
                    continue
                # `budget` is shared by the walks of this box choice and bonus: each payment spends
                # from what the walks before it left (a quirk of the original beam, kept so that its
                # plans stay the same; the plan steps are never spent, so legality is unaffected).
                yield _play(facts, sheet, option, bonus, budget, end, walk)


def _walks(facts: Facts, sheet: _Sheet, head: Coord, limit: int) -> list[tuple[Coord, ...]]:
    """Walks from `head` of up to `limit` legal steps (R2–R4), of the engine's shortest walks
    (moves.reach): the one to each reachable node that offers a goal, plus those that use every
    step (to move towards richer parts)."""
    achieved = sheet.done
    result = []
    far = []
    for walk in reach(facts.city.grid, head, limit, sheet.on_path, sheet.diagonals):
        other = walk[-1]
        if other in facts.goals and other not in achieved:
            result.append(walk)
        elif len(walk) == limit:
            far.append(walk)
    # Of the walks that only travel, keep those ending where most free goals are near.
    def promise(walk: tuple[Coord, ...]) -> int:
        return sum(1 for at in _nearby(facts, walk[-1]) if at not in achieved and at not in sheet.on_path)

    far.sort(key=promise, reverse=True)
    return result + far[:FAR_WALKS]


def _play(facts: Facts, sheet: _Sheet, option: BoxOption, bonus: tuple[BonusUse, ...], budget: Counter, end: int, walk: tuple[Coord, ...]) -> _Sheet:
    achieved = sheet.done
    touched = [n for n in dict.fromkeys(sheet.ends + walk) if n in facts.goals and n not in achieved]

    def offers(at: Coord):
        return [(goal, goal.action, goal.cost) for goal in facts.goals[at]]

    def extend(state: tuple[list[GoalOption], int], at: Coord, goal: GoalOption) -> tuple[int, tuple[list[GoalOption], int]]:
        claimed, current = state
        trial = claimed + [goal]
        value = facts.appreciation(trial, sheet.hunted)
        return value - current, (trial, value)

    start = list(sheet.claims)
    paid_at, (claims, _) = pay_greedily(touched, offers, budget, (start, facts.appreciation(start, sheet.hunted)), extend)
    paid = [goal for _, goal in paid_at]
    hunted = sheet.hunted + option.hunted
    pool = list(sheet.pool)
    for use in bonus:
        pool.remove(use.value)
    before = Counter(_earned(facts, sheet.claims))
    after = Counter(_earned(facts, tuple(claims)))
    pool.extend((after - before).elements())
    ends = list(sheet.ends)
    diagonals = set(sheet.diagonals)
    at = ends[end]
    for node in walk:
        if crossing_diagonal(at, node) is not None:
            diagonals.add(edge(at, node))
        at = node
    ends[end] = at
    moves = (walk, ()) if end == 0 else ((), walk)
    goals = tuple(GoalClaim(g.at, g.goal if g.named else None) for g in paid)
    return _Sheet(
        ends=tuple(ends),
        on_path=sheet.on_path | set(walk),
        diagonals=frozenset(diagonals),
        claims=tuple(claims),
        done=sheet.done.union(g.at for g in paid) if paid else sheet.done,
        hunted=hunted,
        pool=tuple(sorted(pool)),
        turns=sheet.turns + (Turn(option.boxes, moves, goals, bonus),),
        score=facts.appreciation(claims, hunted),
    )
