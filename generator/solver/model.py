"""The CP-SAT model of one puzzle: a position-indexed path and per-turn goal payments.

The model is exact with respect to the rules engine, with one documented relaxation (bonus actions
earned in a turn may pay for anything in that turn, see `add_bonus`); `solve.py` detects the
rare plan the engine cannot order and then says FEASIBLE, never OPTIMAL.

Variables (arm e = end a / end b of R6, position p = the p-th node the arm enters, turn k = 1..K):
- x[e, p, v]: the arm's p-th node is v; only for v whose map distance from the start is ≤ p and
  whose position can be reached with the plan actions of the cards (reachability pruning).
- ge[e, k, p]: the arm has at least p nodes after turn k (its length is a sum of Booleans, so the
  steps of a turn are linear in them; R5).
- box[k, i]: the turn takes the i-th non-dominated box choice (R8).
- claim[v, g, k]: location v is achieved with goal g in turn k (R10, R11, R14).
- use[k, w, T]: bonus actions of value w added to type T in turn k (R9, advanced game).
Scores (R13, R15–R17) are threshold literals `count ≥ j`, exactly equivalent, so the objective is
the appreciation of every feasible solution, not only the optimal one.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from ortools.sat.python import cp_model

from generator.rules.assignments import MAX_SETS, Assignment
from generator.rules.cards import ActionType
from generator.rules.city import EAT, RESTAURANT
from generator.rules.sheet import MAX_BONUS_PER_TURN
from generator.rules.grid import Coord, crossing_diagonal
from generator.solver.facts import GOAL_TYPES, Facts

PLAN = ActionType.PLAN


@dataclass
class Model:
    """A built model and the variables needed to read a plan back or to set a hint."""

    facts: Facts
    cp: cp_model.CpModel
    arms: int
    max_cum: list[int]  # max_cum[k]: most nodes one arm can hold after turn k
    x: dict[tuple[int, int, Coord], cp_model.IntVar] = field(default_factory=dict)
    ge: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)
    box: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    claim: dict[tuple[Coord, int, int], cp_model.IntVar] = field(default_factory=dict)
    use: dict[tuple[int, int, ActionType], cp_model.IntVar] = field(default_factory=dict)
    objective: cp_model.LinearExpr | int = 0
    complete: list = field(default_factory=list)  # literals: each assignment complete (solo)
    hunts: list = field(default_factory=list)  # the box literals of hunted triples

    def cap(self, e: int, k: int) -> int:
        """The most nodes arm e can hold after turn k.

        Both arms share the plan steps (R5), and arm a is at least as long as arm b (the R6
        symmetry cut in `_path`), so arm b never holds more than half of them.
        """
        if e == 0:
            return self.max_cum[k]
        return min(self.max_cum[k], self.max_cum[-1] // 2)

    def GE(self, e: int, k: int, p: int):
        """ge[e, k, p] or its constant value (True/False)."""
        if p <= 0:
            return True
        if k == 0 or p > self.cap(e, k):
            return False
        return self.ge[e, k, p]


def build(facts: Facts, strict_bonus: bool = False) -> Model:
    """The model of a puzzle; `strict_bonus` forbids bonus uses in the turn that earns them (R9b)."""
    cp = cp_model.CpModel()
    arms = facts.puzzle.directions
    max_cum = [0]
    for k in range(1, facts.turns + 1):
        max_cum.append(facts.max_steps(k))
    limit = len(facts.distance) - 1  # no arm holds more nodes than the map has
    max_cum = [min(c, limit) for c in max_cum]
    m = Model(facts, cp, arms, max_cum)
    add_turns(m)
    _path(m)
    _claims(m)
    _trim(m)
    add_payments(m)
    add_bonus(m, strict_bonus)
    add_score(m)
    return m


def add_turns(m: Model) -> None:
    """R8: one box choice per turn; R16: at most len(hunted) − 1 hunted turns."""
    facts = m.facts
    hunts = []
    for k, options in enumerate(facts.options, start=1):
        literals = []
        for i, option in enumerate(options):
            literal = m.cp.NewBoolVar(f"box_{k}_{i}")
            m.box[k, i] = literal
            literals.append(literal)
            if option.hunted:
                hunts.append(literal)
        m.cp.AddExactlyOne(literals)
    m.hunts = hunts
    m.cp.Add(sum(hunts) <= facts.max_hunts)


def _path(m: Model) -> None:
    """R4–R6: arms of nodes leaving the start, connected by steps, never touching themselves."""
    facts, cp = m.facts, m.cp
    grid = facts.city.grid
    K = facts.turns
    for e in range(m.arms):
        for k in range(1, K + 1):
            for p in range(1, m.cap(e, k) + 1):
                m.ge[e, k, p] = cp.NewBoolVar(f"ge_{e}_{k}_{p}")
        for k in range(1, K + 1):
            for p in range(1, m.cap(e, k) + 1):
                if p > 1:
                    cp.AddImplication(m.ge[e, k, p], m.ge[e, k, p - 1])
                if k > 1 and p <= m.cap(e, k - 1):
                    cp.AddImplication(m.ge[e, k - 1, p], m.ge[e, k, p])
        for p in range(1, m.cap(e, K) + 1):
            here = [v for v, d in facts.distance.items() if 1 <= d <= p]
            for v in here:
                m.x[e, p, v] = cp.NewBoolVar(f"x_{e}_{p}_{v}")
            # The arm's p-th node exists exactly when the arm is at least p long.
            cp.Add(sum(m.x[e, p, v] for v in here) == m.ge[e, K, p])
            for v in here:
                before = [m.x[e, p - 1, u] for u in grid.neighbours(v) if (e, p - 1, u) in m.x]
                if p == 1:
                    if facts.start not in grid.neighbours(v):
                        cp.Add(m.x[e, p, v] == 0)
                    continue
                cp.AddBoolOr(before + [m.x[e, p, v].Not()])
    # R4: a node is entered at most once over both arms.
    by_node = defaultdict(list)
    for (e, p, v), literal in m.x.items():
        by_node[v].append(literal)
    for literals in by_node.values():
        cp.AddAtMostOne(literals)
    # R4: the two diagonals of a unit square are never both steps of the path.
    diagonal = {}
    for (e, p, v), literal in m.x.items():
        for u in grid.neighbours(v):
            other = crossing_diagonal(u, v)
            if other is None:
                continue
            a, b = sorted(other)
            if b not in grid.neighbours(a):
                continue  # the crossing diagonal is no link, nothing to forbid
            key = frozenset((u, v))
            if key not in diagonal:
                diagonal[key] = cp.NewBoolVar(f"diag_{min(u, v)}_{max(u, v)}")
            if u == facts.start and p == 1:
                cp.AddImplication(literal, diagonal[key])
            elif (e, p - 1, u) in m.x:
                cp.AddBoolOr([m.x[e, p - 1, u].Not(), literal.Not(), diagonal[key]])
    add_crossings_apart(cp, diagonal)
    # R6 symmetry: the two arms are interchangeable; let arm a be at least as long as arm b.
    if m.arms == 2:
        cp.Add(sum(m.GE(0, K, p) for p in range(1, m.max_cum[K] + 1)) >= sum(m.GE(1, K, p) for p in range(1, m.max_cum[K] + 1)))


def add_crossings_apart(cp: cp_model.CpModel, diagonal: dict[frozenset, cp_model.IntVar]) -> None:
    """R4: the two diagonals of a unit square are never both steps (`diagonal`: step → its literal)."""
    for key, literal in diagonal.items():
        u, v = sorted(key)
        other = crossing_diagonal(u, v)
        if other in diagonal and min(other) > u:  # each crossing pair once
            cp.AddBoolOr([literal.Not(), diagonal[other].Not()])


def add_touched(cp: cp_model.CpModel, claim, node, reached, beyond) -> None:
    """R10: a location achieved in turn k at its node's position p is touched in turn k, the end
    of the arm or entered now: the arm holds p nodes after turn k (`reached`) and did not hold
    p + 1 before it (`beyond`). Each of the two is a literal, or True/False where the turn's
    step caps decide it."""
    if reached is False:
        cp.AddBoolOr([claim.Not(), node.Not()])
    elif reached is not True:
        cp.AddBoolOr([claim.Not(), node.Not(), reached])
    if beyond is True:
        cp.AddBoolOr([claim.Not(), node.Not()])
    elif beyond is not False:
        cp.AddBoolOr([claim.Not(), node.Not(), beyond.Not()])


def steps(m: Model, k: int):
    """Nodes entered in turn k over all arms (R5)."""
    return sum(m.GE(e, k, p) - m.GE(e, k - 1, p) for e in range(m.arms) for p in range(1, m.max_cum[k] + 1))


def _claims(m: Model) -> None:
    """R10: a location is achieved at most once, in a turn whose path touches it."""
    facts, cp = m.facts, m.cp
    for v, goals in facts.goals.items():
        d = facts.distance.get(v)
        if d is None:
            continue
        literals = []
        for k in range(1, facts.turns + 1):
            if d > m.max_cum[k]:
                continue
            for g in range(len(goals)):
                literal = cp.NewBoolVar(f"claim_{v}_{g}_{k}")
                m.claim[v, g, k] = literal
                literals.append((k, literal))
        if not literals:
            continue
        cp.AddAtMostOne([lit for _, lit in literals])
        positions = [(e, p) for (e, p, u) in m.x if u == v]
        cp.Add(sum(lit for _, lit in literals) <= sum(m.x[e, p, v] for e, p in positions))
        early = {}  # (e, q): v is the arm's node at a position ≤ q (linear: the x are at most one)
        for k, literal in literals:
            if any(p > m.cap(e, k) for e, p in positions):
                # No arm holds more than cap(e, k) nodes after turn k: a node entered later is not
                # touched in turn k. One clause over prefix literals instead of a clause per position.
                for e in range(m.arms):
                    q = m.cap(e, k)
                    if (e, q) not in early:
                        here = [m.x[e, p, v] for ee, p in positions if ee == e and p <= q]
                        early[e, q] = cp.NewBoolVar(f"early_{v}_{e}_{q}") if here else 0
                        if here:
                            cp.Add(early[e, q] == sum(here))
                reach = [early[e, m.cap(e, k)] for e in range(m.arms) if not isinstance(early[e, m.cap(e, k)], int)]
                cp.AddBoolOr(reach + [literal.Not()])
            for e, p in positions:
                reached = m.GE(e, k, p)
                if reached is False:
                    continue  # p > cap(e, k): excluded by the prefix clause above
                add_touched(cp, literal, m.x[e, p, v], reached, m.GE(e, k - 1, p + 1))


def _trim(m: Model) -> None:
    """Dominance: every arm ends on a location achieved in this game.

    Cutting an arm back to its last achieved location keeps every goal touched in the same turn
    (a turn touches positions cum[k−1]…cum[k], which only shrink to the cut) and only lowers the
    steps taken (R5 allows fewer), so some optimal plan has this form.
    """
    facts, cp = m.facts, m.cp
    K = facts.turns
    claimed = defaultdict(list)
    for (v, g, k), literal in m.claim.items():
        claimed[v].append(literal)
    for (e, p, v), literal in m.x.items():
        longer = m.GE(e, K, p + 1)
        if longer is True:
            continue
        if not claimed[v]:
            if longer is False:
                cp.Add(literal == 0)
            else:
                cp.AddImplication(literal, longer)
        elif longer is False:
            cp.Add(sum(claimed[v]) >= 1).OnlyEnforceIf(literal)
        else:
            cp.Add(sum(claimed[v]) >= 1).OnlyEnforceIf([literal, longer.Not()])


def _amount(m: Model, k: int, action: ActionType):
    return sum(o.amount(action) * m.box[k, i] for i, o in enumerate(m.facts.options[k - 1]))


def add_payments(m: Model, steps_of: Callable[[int], cp_model.LinearExprT] | None = None) -> None:
    """R5, R11: the goals of a turn are paid from its boxes (and bonus actions); steps from plan.

    `steps_of(k)` is the nodes entered in turn k; by default the path's (`steps`). A relaxation
    without the x variables (benchmarks/bounds.py) gives its own.
    """
    facts, cp = m.facts, m.cp
    steps_of = steps_of or (lambda k: steps(m, k))
    spend = defaultdict(list)
    for (v, g, k), literal in m.claim.items():
        goal = facts.goals[v][g]
        spend[k, goal.action].append(goal.cost * literal)
    per_turn = defaultdict(list)
    for (v, g, k), literal in m.claim.items():
        per_turn[k].append(literal)
    for k in range(1, facts.turns + 1):
        # Redundant (R10): a turn touches only the nodes it enters and the ends it starts from.
        if per_turn[k]:
            cp.Add(sum(per_turn[k]) <= steps_of(k) + m.arms)
        cp.Add(steps_of(k) <= _amount(m, k, PLAN) + bonus_total(m, k, PLAN))
        for action in GOAL_TYPES:
            if spend[k, action]:
                cp.Add(sum(spend[k, action]) <= _amount(m, k, action) + bonus_total(m, k, action))


def bonus_total(m: Model, k: int, action: ActionType):
    facts = m.facts
    if not facts.bonus_values:
        return 0
    total = []
    for w in facts.bonus_values:
        if (k, w, action) not in m.use:
            usable = [i for i, o in enumerate(facts.options[k - 1]) if o.amount(action) > 0]
            if not usable:
                continue
            var = m.cp.NewIntVar(0, MAX_BONUS_PER_TURN, f"use_{k}_{w}_{action.value}")
            # R9: a bonus adds to a type the player chose from the cards this turn.
            m.cp.Add(var <= MAX_BONUS_PER_TURN * sum(m.box[k, i] for i in usable))
            m.use[k, w, action] = var
        total.append(w * m.use[k, w, action])
    return sum(total)


def _crossing_counts(m: Model, until: int | None):
    """Numbers crossed per strip by the achievements up to turn `until` (None: the whole game)."""
    facts, cp = m.facts, m.cp
    counts = defaultdict(list)
    constant = defaultdict(int)
    kinds = defaultdict(list)
    start_kind = None
    for category in facts.start_crossed:
        if category == EAT:
            start_kind = facts.start_eatery
        elif category != RESTAURANT:
            constant[category] += 1
    for (v, g, k), literal in m.claim.items():
        if until is not None and k > until:
            continue
        goal = facts.goals[v][g]
        for category in goal.crossed:
            if category == RESTAURANT:
                continue
            if category == EAT:
                kinds[goal.eatery].append(literal)
            else:
                counts[category].append(literal)
    # R13: the eat strip counts distinct eatery kinds.
    eat_terms = []
    for kind, literals in kinds.items():
        if kind == start_kind:
            continue
        has = cp.NewBoolVar(f"kind_{kind}_{until}")
        cp.Add(has <= sum(literals))
        for literal in literals:
            cp.AddImplication(literal, has)
        eat_terms.append(has)
    result = {name: sum(counts[name]) + constant[name] for name in facts.rules.strips}
    result[EAT] = sum(eat_terms) + (1 if start_kind is not None else 0)
    return result


def _threshold(m: Model, count, j: int, name: str):
    """A literal equivalent to count ≥ j."""
    literal = m.cp.NewBoolVar(name)
    m.cp.Add(count >= j).OnlyEnforceIf(literal)
    m.cp.Add(count <= j - 1).OnlyEnforceIf(literal.Not())
    return literal


def add_bonus(m: Model, strict: bool) -> None:
    """R9: bonus actions used up to turn k never exceed those earned up to turn k.

    Relaxation: a bonus earned in turn k counts as available for all of turn k, although the engine
    lets it pay only for what comes after the goal that earns it: the later steps of the walk and
    the goals achieved after it (R9b). The bound stays a true upper bound. With `strict`, a bonus
    pays only in a turn after the one that earns it: a restriction every plan of which the engine
    accepts, used when the relaxed optimum cannot be ordered.
    """
    facts = m.facts
    if not facts.bonus_values or not m.use:
        return
    # R9: at most MAX_BONUS_PER_TURN bonus actions in one turn, whatever their values and types.
    for k in range(1, facts.turns + 1):
        this_turn = [var for (kk, _, _), var in m.use.items() if kk == k]
        if len(this_turn) > 1:
            m.cp.Add(sum(this_turn) <= MAX_BONUS_PER_TURN)
    earned_by = {0: {w: _earned(m, _crossing_counts(m, 0), w, 0) for w in facts.bonus_values}}
    for k in range(1, facts.turns + 1):
        counts = _crossing_counts(m, k)
        earned_by[k] = {w: _earned(m, counts, w, k) for w in facts.bonus_values}
        for w in facts.bonus_values:
            used = [var for (kk, ww, _), var in m.use.items() if kk <= k and ww == w]
            if used:
                m.cp.Add(sum(used) <= earned_by[k][w])
            if strict:
                early = [var for (kk, ww, _), var in m.use.items() if ww == w and kk <= k]
                if early:
                    m.cp.Add(sum(early) <= earned_by[k - 1][w])


def _earned(m: Model, counts, w: int, k: int):
    """Bonus actions of value w earned by the end of turn k (R9), as a sum of literals."""
    earned = []
    for name, positions in m.facts.bonus_positions.items():
        for at, value in positions.items():
            if value != w:
                continue
            if isinstance(counts[name], int):
                earned.append(1 if counts[name] >= at else 0)
                continue
            literal = m.cp.NewBoolVar(f"earned_{name}_{at}_{k}")
            m.cp.Add(counts[name] >= at).OnlyEnforceIf(literal)
            earned.append(literal)
    return sum(earned)


def add_score(m: Model) -> None:
    """R13, R15–R17: strips, the restaurant's doubling, solo assignments and the hunted penalty."""
    counts = _crossing_counts(m, None)
    terms = _strip_terms(m, counts) + _assignment_terms(m) + _hunted_terms(m)
    m.objective = sum(terms)


def _strip_terms(m: Model, counts) -> list:
    """R15: each strip scores the number at its count, a staircase of threshold literals; R13: the
    eat strip doubled by a restaurant (always, when the start is one)."""
    always = RESTAURANT in m.facts.start_crossed
    restaurant = None if always else _restaurant(m)
    terms = []
    for name, strip in m.facts.rules.strips.items():
        count, numbers = counts[name], strip.numbers
        levels = [_threshold(m, count, j, f"strip_{name}_{j}") for j in range(1, len(numbers))]
        for a, b in zip(levels[1:], levels):
            m.cp.AddImplication(a, b)
        if levels and not isinstance(count, int):
            m.cp.Add(sum(levels) <= count)  # redundant: the staircase, a much tighter LP
        factor = 2 if (name == EAT and always) else 1
        doubled = name == EAT and restaurant is not None
        terms.append(factor * numbers[0])
        if doubled:
            terms.append(numbers[0] * restaurant)
        for j, level in enumerate(levels, start=1):
            step = numbers[j] - numbers[j - 1]
            terms.append(step * factor * level)
            if doubled:
                both = m.cp.NewBoolVar(f"doubled_{j}")
                _all_of(m.cp, both, [level, restaurant])
                terms.append(step * both)
    return terms


def _restaurant(m: Model):
    """R13: a literal "a restaurant is achieved", None when no goal crosses one."""
    claims = [lit for (v, g, k), lit in m.claim.items() if RESTAURANT in m.facts.goals[v][g].crossed]
    if not claims:
        return None
    restaurant = m.cp.NewBoolVar("restaurant")
    m.cp.Add(restaurant <= sum(claims))
    for literal in claims:
        m.cp.AddImplication(literal, restaurant)
    return restaurant


def _all_of(cp: cp_model.CpModel, literal, parts: list) -> None:
    """`literal` is true exactly when every one of `parts` is."""
    cp.AddBoolAnd(parts).OnlyEnforceIf(literal)
    cp.AddBoolOr([p.Not() for p in parts] + [literal])


def _assignment_terms(m: Model) -> list:
    """RULINGS "Solo": each assignment's points, and its literal "complete" added to m.complete."""
    goals = _Achievements(m)
    terms = []
    for a in m.facts.puzzle.assignments:
        ident = a.id.replace(".", "_")
        if a.counts_category:  # types 1 and 3: goals of one category
            done = _threshold(m, goals.circled(a.category), a.need, f"assign_{ident}")
            points, complete = [a.values[0] * done], done
        elif a.is_set:
            points, complete = _set_terms(m, a, ident, goals)
        elif a.names_locations:  # types 4 and 5: three named locations
            done = _threshold(m, goals.achieved(a.locations), a.need, f"assign_{ident}")
            points, complete = [a.values[0] * done], done
        else:  # type 6: points by how many of the drawn start cards' locations are achieved
            points, complete = _drawn_start_terms(m, a, ident, goals)
        terms += points
        m.complete.append(complete)
    return terms


class _Achievements:
    """Goals circled per category and locations achieved (the start's included), as sums of claims."""

    def __init__(self, m: Model) -> None:
        self.start = m.facts.start
        self.from_start = defaultdict(int)
        for category in m.facts.start_crossed:
            self.from_start[category] += 1
        self.by_category = defaultdict(list)
        self.by_location = defaultdict(list)
        for (v, g, k), literal in m.claim.items():
            self.by_location[v].append(literal)
            for category in m.facts.goals[v][g].crossed:
                self.by_category[category].append(literal)

    def circled(self, category: str):
        return sum(self.by_category[category]) + self.from_start[category]

    def achieved(self, locations):
        return sum(1 if at == self.start else sum(self.by_location[at]) for at in locations)


def _set_terms(m: Model, a: Assignment, ident: str, goals: _Achievements) -> tuple[list, cp_model.IntVar]:
    """Type 2: points per set of its categories (a set: one goal of each), at most MAX_SETS sets."""
    sets = []
    for j in range(1, MAX_SETS + 1):
        literal = m.cp.NewBoolVar(f"set_{ident}_{j}")
        parts = [_threshold(m, goals.circled(c), j, f"set_{ident}_{j}_{c}") for c in a.categories]
        _all_of(m.cp, literal, parts)
        sets.append(literal)
    return [a.values[0] * sum(sets)], sets[0]


def _drawn_start_terms(m: Model, a: Assignment, ident: str, goals: _Achievements) -> tuple[list, cp_model.IntVar | int]:
    """Type 6: the value at the number of its locations achieved, as a staircase."""
    n = goals.achieved(a.locations)
    levels = [_threshold(m, n, j, f"assign_{ident}_{j}") for j in range(1, len(a.values))]
    terms = [a.values[0]]
    for j, level in enumerate(levels, start=1):
        terms.append((a.values[j] - a.values[j - 1]) * level)
    return terms, levels[0] if levels else 1


def _hunted_terms(m: Model) -> list:
    """R16: the hunted strip's penalty at the number of hunted turns, as a staircase."""
    hunted = m.facts.rules.hunted
    levels = [_threshold(m, sum(m.hunts), j, f"hunted_{j}") for j in range(1, len(hunted))]
    if levels:
        m.cp.Add(sum(levels) == sum(m.hunts))  # redundant: hunts never exceed the strip (R16)
    terms = [hunted[0]]
    for j, level in enumerate(levels, start=1):
        terms.append((hunted[j] - hunted[j - 1]) * level)
    return terms
