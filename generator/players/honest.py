"""The honest solo player: it sees only what the rulebook shows a player.

Each turn it knows its own sheet, the two open faces and the half icons on the right face (which
announce the action types of the next turn's left face, R7) — never the rest of the deck. It
tries every legal box choice (R8) with one shortest walk to each node its plan actions reach from
the path's ends (R5, R6), pays the goals the walk touches greedily (best points per action first,
R10, R11) — the walks and the payment come from the engine's move generator (rules.moves) — and
keeps the turn that scores best now plus a small lookahead: goals left within reach of the new ends, more for those
whose action type the half icons promise, and progress on the race assignments. Every turn goes
through Sheet.play, so its plans are legal by construction.
"""

from __future__ import annotations

import random
from collections import Counter

from generator.rules.assignments import Assignment
from generator.rules.cards import ActionType
from generator.rules.city import ADVANCED
from generator.rules.sheet import Sheet
from generator.rules.grid import Coord
from generator.rules.moves import bonus_variants, pay_greedily, shortest_extensions
from generator.rules.plan import GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay
from generator.rules.tally import Tally, hunted_score, strip_scores

REACH = 3           # lookahead radius around the path's ends (king distance)
NEAR_WEIGHT = 0.6   # value of a goal left within reach
HINT_WEIGHT = 0.9   # extra value when next turn's half icons promise its action type
HUNT_MARGIN = 3     # a hunted turn must gain this much more than the best plain turn


class _Scorer:
    """The honest value of a sheet: the engine's tally and scores (generator/rules/tally.py), plus
    a share of the assignments' progress.

    Not a second tally: goals are counted by Tally.add, strips by strip_scores and assignments by
    the cards' own solo points; what is added is the player's guess of what an unfinished
    assignment is worth (`progress`), which the rules do not score.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.city = puzzle.city
        self.strips = puzzle.city.rules.strips
        self._values: dict[tuple, float] = {}

    def tally(self, sheet: Sheet) -> Tally:
        return sheet.tally.copy()

    def add(self, tally: Tally, at: Coord, goal: str) -> None:
        location = self.city.locations[at]
        tally.add(at, location.crossed(goal, self.puzzle.mode), location.eatery)

    def value(self, tally: Tally) -> float:
        """Strips + assignment points, plus a share of the assignments' progress.

        Remembered per sheet state: a game's search values the same few thousand states hundreds
        of thousands of times (a 16 × 4 planner game: 242,742 calls, 6,553 states). The key holds
        everything the value reads, so a remembered value is the very number it would compute."""
        key = (frozenset(tally.achieved), frozenset(tally.crossings.items()), frozenset(tally.circled.items()),
               tally.restaurant)
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = self._value(tally)
        return value

    def _value(self, tally: Tally) -> float:
        total = float(sum(strip_scores(self.strips, tally).values()))
        for assignment in self.puzzle.assignments:
            n = assignment.goal_count(tally.circled, tally.achieved)
            total += assignment.solo_points_at(n)
            total += self.progress(assignment, tally, n)
        return total

    race_weight = 0.5

    def progress(self, assignment: Assignment, tally: Tally, n: int) -> float:
        """A share (race_weight) of a race's value in proportion to the goals it has (`n`): an
        unfinished race pays nothing, but the player should still work towards it."""
        if assignment.is_race and not assignment.complete_at(n):
            return self.race_weight * assignment.values[0] * n / max(assignment.need, 1)
        return 0.0


class RaceScorer(_Scorer):
    """The honest scorer with race progress weighted by `weight` instead of 1/2, and a set card
    with no set yet valued by its pieces: a player who plans for the win must chase the
    assignments harder, since an open one loses the level whatever the score."""

    def __init__(self, puzzle: Puzzle, weight: float) -> None:
        super().__init__(puzzle)
        self.race_weight = weight

    def progress(self, assignment: Assignment, tally: Tally, n: int) -> float:
        a = assignment
        if a.is_set and n == 0:
            have = sum(1 for c in a.categories if tally.circled[c] > 0)
            return self.race_weight * a.values[0] * have / len(a.categories)
        return super().progress(a, tally, n)


def honest_plan(puzzle: Puzzle, seed: int = 0) -> Plan:
    """The honest player's whole game; `seed` only breaks exact ties."""
    rng = random.Random(seed)
    scorer = _Scorer(puzzle)
    sheet = Sheet(puzzle)
    turns = []
    while not sheet.over:
        turn = _choose(sheet, scorer, rng)
        sheet.play(turn)
        turns.append(turn)
    return Plan(tuple(turns))


def honest_score(puzzle: Puzzle) -> int:
    """The honest player's appreciation, as the engine scores its plan (the daily's "dull deal"
    test and the summary)."""
    return replay(puzzle, honest_plan(puzzle)).score


def _choose(sheet: Sheet, scorer: _Scorer, rng: random.Random) -> Turn:
    return ranked_turns(sheet, scorer, rng, 1)[0][1]


def ranked_turns(sheet: Sheet, scorer: _Scorer, rng: random.Random, keep: int) -> list[tuple[float, Turn]]:
    """The `keep` best turns by the honest value (gain now plus lookahead), best first.

    With keep=1 this is the honest player's choice; the full-knowledge planner keeps more.
    """
    faces = sheet.puzzle.turns[sheet.turn]
    hints = set(faces.next_half_icons or ())
    base = scorer.tally(sheet)
    base_value = scorer.value(base)
    pool = sorted(sheet.bonus_pool.elements(), reverse=True)[:2] if sheet.mode == ADVANCED else []
    max_plan = max(sheet.budget(b)[ActionType.PLAN] for b in sheet.legal_boxes()) + sum(pool)
    walks = list(shortest_extensions(sheet, max_plan))
    hunted_cost = hunted_score(sheet.city.rules.hunted, sheet.hunted + 1) - sheet.hunted_score()
    best: list[tuple[float, float, Turn]] = []  # the `keep` best, best first
    paid: dict[tuple, tuple[tuple[GoalClaim, ...], Tally, float]] = {}  # same walk, same funds
    cache: dict[Coord, tuple[dict[Coord, float], float]] = {}
    offers: dict[Coord, bool] = {}

    open_goals = _open_goals(sheet, hints)
    ends = sheet.ends()

    def near(head: Coord) -> tuple[dict[Coord, float], float]:
        if head not in cache:
            weights = _near(head, open_goals)
            cache[head] = (weights, sum(weights.values()))
        return cache[head]

    def offers_goal(node: Coord) -> bool:
        if node not in offers:
            offers[node] = bool(sheet.goal_options(node))
        return offers[node]

    # What a walk touches and leaves within reach does not depend on the boxes: worked out once
    # per walk (the goals it touches) and once per walk and payment (the lookahead).
    touched_by_walk = [tuple(n for n in dict.fromkeys(ends + walk) if offers_goal(n)) for _, walk in walks]
    ahead: dict[tuple[int, int], float] = {}  # (walk index, id of the paid claims) → lookahead

    for boxes in sheet.legal_boxes():
        budget = sheet.budget(boxes)
        chosen = [t for t, v in budget.items() if v > 0]
        bonus_options = bonus_variants(pool, chosen)  # the two largest in hand, on one type chosen
        penalty = -hunted_cost + HUNT_MARGIN if len(boxes) == 3 else 0.0
        for bonus in bonus_options:
            funds = Counter(budget)
            for use in bonus:
                funds[use.action] += use.value
            goal_funds = tuple(sorted((t, v) for t, v in funds.items() if t is not ActionType.PLAN))
            for i, (end, walk) in enumerate(walks):
                if len(walk) > funds[ActionType.PLAN]:
                    continue
                # Paying depends only on the goals touched (in order) and the funds: many walks
                # touch the same goals, so payments are cached on that key.
                touched = touched_by_walk[i]
                key = (touched, goal_funds)
                if key not in paid:
                    claims, tally = _pay(sheet, scorer, base, touched, Counter(funds))
                    paid[key] = (claims, tally, scorer.value(tally) - base_value)
                claims, tally, gain = paid[key]
                look = (i, id(claims))
                if look not in ahead:
                    ahead[look] = _lookahead(sheet, claims, end, walk, near)
                gain += ahead[look]
                value = gain - penalty
                value -= 0.01 * len(bonus)  # keep bonus actions unless they help
                key = (value, rng.random())
                if len(best) < keep or key > best[-1][:2]:
                    moves = (walk, ()) if end == 0 else ((), walk)
                    best.append((value, key[1], Turn(tuple(boxes), moves, claims, bonus if claims or walk else ())))
                    best.sort(key=lambda item: item[:2], reverse=True)
                    del best[keep:]
    assert best
    return [(value, turn) for value, _, turn in best]


def _pay(sheet: Sheet, scorer: _Scorer, base: Tally, goals: tuple[Coord, ...], funds: Counter) -> tuple[tuple[GoalClaim, ...], Tally]:
    """Pay the touched goals greedily (moves.pay_greedily) by the honest value."""

    def offers(at: Coord):
        return [(goal, *sheet.cost(goal)) for goal in sheet.goal_options(at)]

    def extend(state: tuple[Tally, float], at: Coord, goal: str) -> tuple[float, tuple[Tally, float]]:
        tally, current = state
        trial = tally.copy()
        scorer.add(trial, at, goal)
        value = scorer.value(trial)
        return value - current, (trial, value)

    paid, (tally, _) = pay_greedily(goals, offers, funds, (base, scorer.value(base)), extend)
    claims = tuple(GoalClaim(at, goal if len(sheet.goal_options(at)) > 1 else None) for at, goal in paid)
    return claims, tally


def _open_goals(sheet: Sheet, hints: set) -> list[tuple[Coord, bool]]:
    """The goal locations still open this turn, each with whether the half icons promise one of
    its action types. The same for every head a turn's walks reach, so worked out once."""
    return [
        (at, any(sheet.city.rules.categories[g].action in hints for g in location.goals(sheet.mode)))
        for at, location in sheet.city.locations.items()
        if at not in sheet.achieved and at not in sheet.on_path
    ]


def _near(head: Coord, open_goals: list[tuple[Coord, bool]]) -> dict[Coord, float]:
    """Open goal locations within REACH of `head` and what each is worth as a lookahead."""
    result = {}
    for at, hinted in open_goals:
        distance = max(abs(at.col - head.col), abs(at.row - head.row))
        if distance == 0 or distance > REACH:
            continue
        weight = NEAR_WEIGHT / distance
        if hinted:
            weight += HINT_WEIGHT / distance
        result[at] = weight
    return result


def _lookahead(sheet: Sheet, claims: tuple[GoalClaim, ...], end: int, walk: tuple[Coord, ...], near) -> float:
    """Goals still open within reach of the ends after this turn; more for hinted action types.

    Each head's open goals are summed once per turn (`near`); a turn only takes away the
    locations it claims or walks over.
    """
    heads = [sheet.head(e) for e in range(sheet.puzzle.directions)]
    if walk:
        heads[end] = walk[-1]
    gone = set(walk).union(c.at for c in claims)
    value = 0.0
    for head in dict.fromkeys(heads):
        weights, total = near(head)
        value += total - sum(weights.get(at, 0.0) for at in gone)
    return value
