"""An upper bound that sees the path: a Lagrangian relaxation solved by a labelling programme over
single walks (issue 16, item 2).

The game's appreciation is relaxed in three places, each by Lagrange multipliers, so that what is
left is a prize-collecting walk that a dynamic programme over (turn, steps taken this turn, end
node, remembered locations, end achieved or not) solves exactly:
- the per-turn payments (R11): λ[k, T] prices an action of type T in turn k, so a box choice is
  worth what its actions are priced at, and achieving a goal costs its actions at that price;
- the scores (strips R13/R15, assignments, RULINGS "Solo"): each is a function h of a count (the
  crossings of a strip, the named locations achieved, …), and h(n) ≤ H(μ) + μ·n with
  H(μ) = max over n of h(n) − μ·n, so each goal is worth μ for each count it adds to;
- the hunted strip (R16): each hunted turn costs η, against H(η) = max over h of penalty(h) + η·h.

For any multipliers ≥ 0 the walk programme's optimum plus the H terms is at least the appreciation
of every plan, so it is a true upper bound; a subgradient method lowers it. The walk is one arm
from the start (one direction, R6) that never re-enters a location it remembers: the locations
within `radius` king steps of its end that it has passed (an ng-route relaxation of R4's
self-avoidance; the path elsewhere may cross itself, and diagonal crossings are allowed). Bonus
actions (R9) are relaxed to at most MAX_BONUS_PER_TURN actions of the highest value in any turn,
from the first turn on; their total value is at most what the strips' crossings earn, a constraint
priced by θ (so a count's H credits the bonuses it earns).

Two directions (R6): the steps a box choice gives are priced too (σ[k] per step of turn k), so
the two arms no longer share them; each arm is then a walk of the same programme, and both
together are worth at most twice the best walk (ρ keeps them from achieving the same locations
twice over, as it keeps one walk from coming back).

In the code the multipliers are `Prices`, named for what they price: action (λ), counter (μ),
eatery and restaurant (the eat strip's μ and ν), hunted (η), bonus (θ), step (σ), location (ρ),
and, in count_bound's paid bound only, kind (π: each eatery kind counted once on the eat strip).
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from dataclasses import dataclass, field

from generator.rules.cards import ActionType
from generator.rules.city import EAT, RESTAURANT
from generator.rules.sheet import MAX_BONUS_PER_TURN
from generator.rules.grid import Coord
from generator.solver.facts import GOAL_TYPES, Facts

PLAN = ActionType.PLAN
EPSILON = 1e-6
ITERATIONS = 200  # walk programmes: about 10 s on a 15-turn puzzle; the bound falls by less than 1 after 200 (docs/solver-journal.md)
STALL = 10  # non-improving programmes before the step size halves
STEP = 0.5  # the first step, as a share of Polyak's (gap ÷ |subgradient|²)
# Where the multipliers start: about where 100-programme runs on Brugge and Antwerpen puzzles end
# (points per action, per eatery kind, per restaurant, per hunted turn, per bonus action value).
# Any start gives a true bound; a good one gives a lower bound in fewer programmes (measured
# 2026-12-01 on brug-06: 151 against 169 after 30 programmes, with all prices starting at 1-3).
START_PRICES = {"action": 2.5, "eatery": 3.5, "restaurant": 5.0, "hunted": 5.0, "bonus": 1.0, "step": 2.0}


@dataclass(frozen=True)
class WalkBound:
    """The best bound found (rounded down, and as computed), after how many walk programmes."""

    bound: int
    value: float
    iterations: int
    labels: int  # the most labels one walk programme reached in a step layer


@dataclass
class StripCounter:
    """A score that is a function of one count (the H(μ) of the module docstring)."""

    name: str
    values: list[float]  # values[n] for n = 0 … len − 1
    low: int  # the count the start gives: no plan has fewer
    earned: list[int]  # earned[n]: the value of the bonus actions n crossings earn (R9; zeros if none)

    def conjugate(self, price: float, bonus: float, within: tuple[int, int] | None = None) -> tuple[float, int]:
        """max over n ≥ low of values[n] + bonus·earned[n] − price·n (H(μ) + θ's credit), and the n
        that gives it (the highest on a tie); `within` (lo, hi) restricts n to a count range (a
        node of `count_bound`)."""
        first, last = self.low, len(self.values) - 1
        if within is not None:
            first, last = max(first, within[0]), min(last, within[1])
        best, arg = -math.inf, first
        for n in range(first, last + 1):
            value = self.values[n] + bonus * self.earned[n] - price * n
            if value >= best - EPSILON:
                best, arg = max(best, value), n
        return best, arg


def _earned(positions, top: int) -> list[int]:
    """earned[n] for n = 0 … top: the bonus values printed at crossings 1 … n of a strip (R9)."""
    return [sum(value for at, value in positions.items() if at <= n) for n in range(top + 1)]


def _count_tables(facts: Facts, crossing_room: dict[str, int]) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Each count's points by value, from its lowest (the start's) to the most a plan can reach:
    a strip's crossings (R15), and what the assignments (RULINGS "Solo") pay on them or on counts
    of their own; two tables of one count add up."""
    rules, puzzle = facts.rules, facts.puzzle
    start_counts: dict[str, int] = defaultdict(int)
    for category in facts.start_crossed:
        start_counts[category] += 1
    functions: dict[str, list[float]] = {}
    lows: dict[str, int] = {}

    def table(name: str, low: int, room: int, value) -> None:
        top = low + room
        old = functions.get(name)
        new = [float(value(n)) for n in range(top + 1)]
        functions[name] = new if old is None else [a + b for a, b in zip(old, new)]
        lows[name] = low

    # R15: a strip's crossings (every category but eat, whose strip counts kinds, R13).
    for name, strip in rules.strips.items():
        if name == EAT:
            continue
        table(f"cross:{name}", start_counts[name], crossing_room[name], strip.score)
    # Assignments on categories count circled goals: the same count as the category's crossings
    # except for eat and restaurant, which get counts of their own.
    for a in puzzle.assignments:
        if a.counts_category or a.is_set:
            parts = (a.category,) if a.counts_category else a.categories
            share = 1.0 / len(parts)  # a set: min over parts ≤ their mean
            for category in parts:
                key = f"cross:{category}" if category in rules.strips and category != EAT else f"circled:{category}"

                def value(n, a=a, share=share):
                    return share * a.solo_points_at(min(n, 3) if a.is_set else n)

                table(key, start_counts[category], crossing_room[category], value)
        else:
            named = set(a.locations)
            low = 1 if facts.start in named else 0
            table(f"named:{a.id}", low, len(named - {facts.start}), a.solo_points_at)
    return functions, lows


def _goal_terms(facts: Facts, index: dict[str, int]) -> dict[Coord, list[tuple[ActionType, int, tuple[int, ...], int, int]]]:
    """What achieving each goal adds to each count, by the counters' `index` (eat kinds
    over-counted: every eatery adds one, which only loosens the bound since μ ≥ 0)."""
    terms = {}
    for at, options in facts.goals.items():
        entries = []
        for goal in options:
            counts = []
            eats = restaurants = 0
            for category in goal.crossed:
                if category == RESTAURANT:
                    restaurants += 1
                elif category == EAT:
                    eats += 1
                key = f"cross:{category}"
                if key in index and category != EAT:
                    counts.append(index[key])
                key = f"circled:{category}"
                if key in index:
                    counts.append(index[key])
            for a in facts.puzzle.assignments:
                if a.names_locations or a.is_drawn_starts:
                    if at in a.locations:
                        counts.append(index[f"named:{a.id}"])
            entries.append((goal.action, goal.cost, tuple(counts), eats, restaurants))
        terms[at] = entries
    return terms


class Relaxation:
    """The puzzle's counters, goals and turns as the walk programme needs them."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        rules = facts.rules
        # How many goals a plan can add to each count: bounds the counters' tables.
        crossing_room: dict[str, int] = defaultdict(int)
        for options in facts.goals.values():
            for category in {c for g in options for c in g.crossed}:
                crossing_room[category] += 1
        functions, lows = _count_tables(facts, crossing_room)
        # R9: the bonus actions a strip's crossings earn. Dualised by θ (bonus used ≤ bonus earned),
        # they count with the crossings that earn them.
        bonus = facts.bonus_positions

        def earned(name: str, top: int) -> list[int]:
            kind, _, category = name.partition(":")
            return _earned(bonus.get(category, {}) if kind == "cross" else {}, top)

        self.counters = [StripCounter(name, values, lows[name], earned(name, len(values) - 1))
                         for name, values in sorted(functions.items())]
        # R13: the eat strip counts eatery kinds, doubled by a restaurant: a function of two counts.
        eat = rules.strips.get(EAT)
        self.eat_strip = eat
        self.eat_low = 1 if facts.start_eatery is not None and EAT in facts.start_crossed else 0
        self.eat_top = min(len(rules.eatery_kinds), self.eat_low + crossing_room[EAT])
        self.restaurant_low = 1 if RESTAURANT in facts.start_crossed else 0
        self.restaurant_top = 1 if (self.restaurant_low or crossing_room[RESTAURANT]) else 0
        self.eat_earned = _earned(bonus.get(EAT, {}), self.eat_top)
        # The kind of each eatery goal (for π), and the start's, whose kind is had already.
        self.goal_kind = {(at, g): goal.eatery for at, options in facts.goals.items()
                          for g, goal in enumerate(options) if goal.eatery and EAT in goal.crossed}
        self.start_kind = facts.start_eatery if self.eat_low else None
        self.goal_terms = _goal_terms(facts, {c.name: i for i, c in enumerate(self.counters)})
        # R16: the hunted strip.
        self.hunted = rules.hunted
        self.max_hunts = facts.max_hunts
        # R9: bonus actions, relaxed (module docstring).
        self.bonus_top = max(facts.bonus_values, default=0)

    def eat_conjugate(self, eatery: float, restaurant: float, bonus: float) -> tuple[float, int, int]:
        """max over (kinds n, restaurant r) of the eat score + bonus·what it earns − eatery·n −
        restaurant·r (R9, R13), and the n and r that give it."""
        best, arg = -math.inf, (self.eat_low, self.restaurant_low)
        if self.eat_strip is None:
            return 0.0, 0, 0
        for n in range(self.eat_low, self.eat_top + 1):
            for r in range(self.restaurant_low, self.restaurant_top + 1):
                value = self.eat_strip.score(n) * (2 if r else 1) + bonus * self.eat_earned[n] - eatery * n - restaurant * r
                if value >= best - EPSILON:
                    best, arg = max(best, value), (n, r)
        return best, arg[0], arg[1]

    def hunted_conjugate(self, price: float) -> tuple[float, int]:
        """max over hunted turns h of the hunted strip's penalty + price·h (R16), and the h that gives it."""
        best, arg = -math.inf, 0
        for h in range(self.max_hunts + 1):
            value = self.hunted[min(h, len(self.hunted) - 1)] + price * h
            if value >= best - EPSILON:
                best, arg = max(best, value), h
        return best, arg


@dataclass
class Walk:
    """The walk programme's best walk: per turn, the box choice (one direction), the goals
    achieved and the steps taken."""

    value: float
    boxes: list[int]  # option index per turn
    claims: list[list[tuple[Coord, int]]]  # per turn: (location, goal index)
    bonus: list[int]  # bonus action value used per turn (relaxed R9)
    steps: list[int]  # steps taken per turn
    labels: int
    trail: list[Coord] = field(default_factory=list)  # the nodes it passes, in order, from the start


@dataclass
class Prices:
    """The Lagrange multipliers, each named for what it prices (the docstring's and docs/solver.md's
    letter in brackets); all ≥ 0. The subgradient has the same shape: the slack the walk leaves
    in each priced constraint."""

    action: list[list[float]]  # per turn and goal type: an action of that type that turn (R11) [λ]
    counter: list[float]  # per counter: each count a goal adds to a strip or assignment [μ]
    eatery: float  # each eatery kind on the eat strip (R13) [μ_eat]
    restaurant: float  # a restaurant achieved, doubling the eat strip (R13) [ν]
    hunted: float  # each hunted turn (R16) [η]
    bonus: float  # each bonus action value used, against those the crossings earn (R9) [θ]
    step: list[float] | None  # per turn, each step a box choice gives; two directions only (R6) [σ]
    location: dict[Coord, float]  # each achievement of a location, against one (R10) [ρ]
    # Per eatery kind: its eateries' share of the eat strip's count, against one (R13) [π]; empty
    # (every eatery counted as a kind of its own) unless a caller sets it (count_bound, paid).
    kind: dict[str, float] = field(default_factory=dict)

    @classmethod
    def start(cls, facts: Facts, relax: Relaxation) -> Prices:
        """START_PRICES, and each counter at its average gain per goal from the start's count to its top."""
        counter = [0.0 for _ in relax.counters]
        for i, c in enumerate(relax.counters):
            top = c.values.index(max(c.values))
            counter[i] = max(0.0, (c.values[top] - c.values[c.low]) / (top - c.low)) if top > c.low else 0.0
        return cls(
            action=[[START_PRICES["action"] for _ in GOAL_TYPES] for _ in range(facts.turns)],
            counter=counter,
            eatery=START_PRICES["eatery"],
            restaurant=START_PRICES["restaurant"],
            hunted=START_PRICES["hunted"],
            bonus=START_PRICES["bonus"],
            step=[START_PRICES["step"] for _ in range(facts.turns)] if facts.puzzle.directions == 2 else None,
            location={at: 0.0 for at in facts.goals},
        )

    def norm(self) -> float:
        """The squared length (of a subgradient): Polyak's step divides by it."""
        return (sum(g * g for row in self.action for g in row) + sum(g * g for g in self.counter)
                + sum(g * g for g in self.location.values()) + sum(g * g for g in self.step or ())
                + self.eatery ** 2 + self.restaurant ** 2 + self.hunted ** 2 + self.bonus ** 2
                + sum(g * g for g in self.kind.values()))

    def moved(self, slope: Prices, size: float, free: frozenset[int] = frozenset()) -> Prices:
        """The prices `size` against the subgradient `slope` (∂L/∂price is the slack the walk
        leaves), kept ≥ 0, except the counters and locations in `free`: those whose count is
        confined to a range (`count_bound`), an equality whose price may take either sign."""

        def down(price: float, g: float) -> float:
            return max(0.0, price - size * g)

        return Prices(
            action=[[down(p, g) for p, g in zip(row, slopes)] for row, slopes in zip(self.action, slope.action)],
            counter=[p - size * g if i in free else down(p, g) for i, (p, g) in enumerate(zip(self.counter, slope.counter))],
            eatery=down(self.eatery, slope.eatery),
            restaurant=down(self.restaurant, slope.restaurant),
            hunted=down(self.hunted, slope.hunted),
            bonus=down(self.bonus, slope.bonus),
            step=None if self.step is None else [down(p, g) for p, g in zip(self.step, slope.step)],
            location={at: p - size * slope.location[at] if at in free else down(p, slope.location[at])
                      for at, p in self.location.items()},
            kind={name: down(p, slope.kind[name]) for name, p in self.kind.items()},
        )

    def eatery_worth(self, kind: str | None) -> float:
        """What an eatery of this kind adds to the eat strip's count at these prices: μ_eat, less
        π of its kind when kinds are priced; nothing when that is below 0 (its share is then 0)."""
        return max(0.0, self.eatery - self.kind.get(kind, 0.0))


def walk_bound(facts: Facts, *, iterations: int = ITERATIONS, floor: int | None = None, radius: int = 1,
               deadline: float | None = None) -> WalkBound:
    """The Lagrangian walk bound of a puzzle: at least the appreciation of every plan.

    `floor` is the score of a known plan: the subgradient steps aim at it (Polyak's rule); without
    one the trivial bound's tenth is used as the gap. Without `deadline` the result is a pure
    function of the puzzle and the arguments (a fixed number of walk programmes); with one
    (time.monotonic()) the programmes also stop there, and the bound, still true, may be looser.
    """
    relax = Relaxation(facts)
    walker = Walker(facts, relax, radius)
    descent = walker.descend(Prices.start(facts, relax), iterations, floor, deadline)
    return WalkBound(math.floor(descent.value + EPSILON), descent.value, descent.iterations, descent.labels)


@dataclass
class _Descent:
    """A subgradient descent's lowest Lagrangian value, the prices that gave it, and its cost."""

    value: float
    prices: Prices
    iterations: int  # walk programmes run
    labels: int
    walk: Walk | None = None  # the best walk at those prices


@dataclass
class _Choices:
    """What the Lagrangian chose at given prices besides the walk: per turn the box choice, bonus
    value used and plan steps; the counts each relaxed score's H is taken at, and the bonus they earn."""

    boxes: list[int]
    bonus: list[int]
    plan_steps: list[int]  # two directions only (the steps the box choices give, each arm pays its own)
    counts: list[int] = field(default_factory=list)  # per counter
    eateries: int = 0
    restaurants: int = 0
    hunts: int = 0
    earned: int = 0


def _lagrangian(facts: Facts, relax: Relaxation, walker: Walker, prices: Prices, walk: Walk,
                ranges: dict[int, tuple[int, int]] | None = None) -> tuple[float, Prices]:
    """The relaxation's value at `prices`, at least every plan's appreciation (every plan whose
    counts lie in `ranges`, counter index → (lo, hi), when given), and its subgradient.

    The terms are added one by one in a fixed order, so the bound is the same to the last bit.
    """
    value, chosen = _turn_choices(facts, walker, prices, walk)
    for i, counter in enumerate(relax.counters):
        h, n = counter.conjugate(prices.counter[i], prices.bonus, ranges.get(i) if ranges else None)
        value += h
        chosen.counts.append(n)
        chosen.earned += counter.earned[n]
    e, chosen.eateries, chosen.restaurants = relax.eat_conjugate(prices.eatery, prices.restaurant, prices.bonus)
    chosen.earned += relax.eat_earned[chosen.eateries]
    value += e
    hunted, chosen.hunts = relax.hunted_conjugate(prices.hunted)
    value += hunted
    value += sum(p for p in prices.location.values() if p != math.inf)  # ρ = ∞: a location no plan of the node achieves
    value += sum(p for name, p in prices.kind.items() if name != relax.start_kind)
    # What the start counts (R12) is worth too: the walk's prizes count only its goals.
    value += (sum(m * c.low for m, c in zip(prices.counter, relax.counters)) + prices.eatery * relax.eat_low
              + prices.restaurant * relax.restaurant_low)
    return value, _slope(facts, relax, prices, walk, chosen)


def _turn_choices(facts: Facts, walker: Walker, prices: Prices, walk: Walk) -> tuple[float, _Choices]:
    """The walk's value and each turn's box choice: the walk's own in one direction; with two
    (R6) each arm is a walk of the programme, at most its best, so both together are at most
    twice it, and each turn's box choice is paid its step price for each step it gives."""
    if prices.step is None:
        return walk.value, _Choices(walk.boxes, walk.bonus, [])
    value = facts.puzzle.directions * walk.value
    chosen = _Choices([], [], [])
    for k in range(facts.turns):
        price = prices.step[k]
        worth, steps, o, used = max(walker.choices(k, prices), key=lambda c: (c[0] + price * c[1], -c[2], -c[3]))
        value += worth + price * steps
        chosen.boxes.append(o)
        chosen.bonus.append(used)
        chosen.plan_steps.append(steps)
    return value, chosen


def _slope(facts: Facts, relax: Relaxation, prices: Prices, walk: Walk, chosen: _Choices) -> Prices:
    """The subgradient: for each priced constraint, what the walk and the choices leave of it
    (the actions the boxes give less those the goals cost, the counts chosen less those the goals
    add, …)."""
    arms = facts.puzzle.directions
    slope = Prices(action=[[0.0 for _ in GOAL_TYPES] for _ in range(facts.turns)],
                   counter=[0.0 - n for n in chosen.counts], eatery=-chosen.eateries, restaurant=-chosen.restaurants,
                   hunted=0, bonus=0.0, step=None,
                   location={at: 0.0 if prices.location[at] == math.inf else 1.0 for at in facts.goals},
                   kind={name: 0.0 if name == relax.start_kind else 1.0 for name in prices.kind})
    hunted_turns = used_bonus = 0
    for k in range(facts.turns):
        option = facts.options[k][chosen.boxes[k]]
        hunted_turns += option.hunted
        for t, action in enumerate(GOAL_TYPES):
            slope.action[k][t] += option.amount(action)
        used_bonus += chosen.bonus[k]
        for at, g in walk.claims[k]:
            action, cost, counts, eats, restaurants = relax.goal_terms[at][g]
            slope.action[k][GOAL_TYPES.index(action)] -= arms * cost
            slope.location[at] -= arms
            for i in counts:
                slope.counter[i] += arms
            kind = relax.goal_kind.get((at, g))
            if kind in prices.kind:  # its share of the count: 1 while worth more than π of its kind
                share = 1 if prices.eatery - prices.kind[kind] > 0 else 0
                slope.kind[kind] -= arms * share
                eats *= share
            slope.eatery += arms * eats
            slope.restaurant += arms * restaurants
    for i, counter in enumerate(relax.counters):
        slope.counter[i] += counter.low
    slope.eatery += relax.eat_low
    slope.restaurant += relax.restaurant_low
    slope.hunted = chosen.hunts - hunted_turns
    slope.bonus = chosen.earned - used_bonus if relax.bonus_top else 0.0
    if arms == 2:
        slope.step = [chosen.plan_steps[k] - arms * walk.steps[k] for k in range(facts.turns)]
    return slope


class Walker:
    """The labelling programme over single walks for given multipliers."""

    paid = False  # payments priced by λ (exact_payments.PaidWalker pays them exactly)

    def descend(self, prices: Prices, iterations: int, floor: int | None, deadline: float | None = None,
                ranges: dict[int, tuple[int, int]] | None = None, prune: int | None = None) -> _Descent:
        """Up to `iterations` walk programmes of the subgradient method from `prices` (Polyak's step
        aimed at `floor`, STEP of it at first, halved after STALL programmes without a lower value). With `ranges` the
        counts (and locations, achieved or not) are confined (`count_bound`'s node; their prices may go negative); with `prune`, it
        stops as soon as the value is below prune + 1 (no plan of the node scores more than prune)."""
        facts, relax, walker = self.facts, self.relax, self
        best, best_prices, best_walk = math.inf, prices, None
        scale = STEP
        labels = 0
        stall = 0
        free = frozenset(ranges or ())
        iteration = 0
        for iteration in range(1, iterations + 1):
            walk = walker.run(prices)
            labels = max(labels, walk.labels)
            value, slope = _lagrangian(facts, relax, walker, prices, walk, ranges)
            if walker.paid:  # the programme pays each turn exactly (exact_payments.py): λ is not in the value, and stays put
                slope.action = [[0.0 for _ in row] for row in slope.action]
            if value < best - EPSILON:
                best, best_prices, best_walk = value, prices, walk
                stall = 0
            else:
                stall += 1
                if stall >= STALL:
                    scale /= 2
                    stall = 0
            if prune is not None and math.floor(best + EPSILON) <= prune:
                break
            target = floor if floor is not None else best - 0.1 * facts.ceiling()
            gap = max(value - target, 1.0)
            norm = slope.norm()
            if norm < EPSILON:
                break  # the walk meets every relaxed constraint with equality: the bound cannot fall
            if deadline is not None and time.monotonic() >= deadline:
                break
            prices = prices.moved(slope, scale * gap / norm, free)
        return _Descent(best, best_prices, iteration, labels, best_walk)

    def __init__(self, facts: Facts, relax: Relaxation, radius: int,
                 remember: dict[Coord, frozenset[Coord]] | None = None) -> None:
        """`remember` adds, per node, locations the walk remembers there besides those within
        `radius` (count_bound's ng-sets grown where a walk came back to a location, R4)."""
        self.facts = facts
        self.relax = relax
        self.remember = dict(remember or {})
        grid = facts.city.grid
        nodes = sorted(facts.distance)  # the nodes the start reaches
        if len(nodes) > 1023:
            raise ValueError("the walk bound packs a node in 10 bits: a map of at most 1023 nodes")
        self.nodes = nodes
        self.node_index = {v: i for i, v in enumerate(nodes)}
        self.neighbours = [tuple(self.node_index[w] for w in grid.neighbours(v) if w in self.node_index) for v in nodes]
        # Remembered nodes: the start and every location, each a bit.
        remembered = [facts.start] + sorted(facts.goals)
        bit = {v: 1 << i for i, v in enumerate(remembered)}
        self.bit = [bit.get(v, 0) for v in nodes]
        self.near = []
        for v in nodes:
            mask = 0
            for w, b in bit.items():
                if max(abs(v.col - w.col), abs(v.row - w.row)) <= radius or w in self.remember.get(v, ()):
                    mask |= b
            self.near.append(mask)
        self.is_location = [v in facts.goals for v in nodes]
        self.start = self.node_index[facts.start]
        self._state_graph()

    def _state_graph(self) -> None:
        """Every label a walk can reach, and the steps between them, as arrays: the labels do not
        depend on the multipliers, only their values do, so each programme is array arithmetic.

        A label is (node, remembered bits, end achieved?). A step to a location gives two labels,
        the location achieved (a `claim` of its node) or not; a label whose location is not
        achieved may achieve it where it stands, at the start of the next turn (`stay`).
        """
        import numpy as np  # here, not at the top: the CLI reads ITERATIONS at start-up, numpy costs 0.1 s

        neighbours, bits, near, is_location = self.neighbours, self.bit, self.near, self.is_location
        first = (self.start, bits[self.start], 1)
        index = {first: 0}
        labels = [first]
        src, dst, claim = [], [], []
        position = 0
        while position < len(labels):
            v, mask, done = labels[position]
            for w in neighbours[v]:
                b = bits[w]
                if b & mask:
                    continue
                new_mask = (mask & near[w]) | b
                targets = [((w, new_mask, 0), -1), ((w, new_mask, 1), w)] if is_location[w] else [((w, new_mask, 1), -1)]
                for label, node in targets:
                    if label not in index:
                        index[label] = len(labels)
                        labels.append(label)
                    src.append(position)
                    dst.append(index[label])
                    claim.append(node)
            position += 1
        order = sorted(range(len(dst)), key=lambda e: (dst[e], e))  # grouped by target, stable
        self.src = np.array([src[e] for e in order], dtype=np.int64)
        self.dst = np.array([dst[e] for e in order], dtype=np.int64)
        self.claim = np.array([claim[e] for e in order], dtype=np.int64)
        self.targets, self.starts = np.unique(self.dst, return_index=True)
        self.claiming = self.claim >= 0
        self.claim_node = np.where(self.claiming, self.claim, 0)
        pending = [i for i, (v, mask, done) in enumerate(labels) if not done]
        self.stay_src = np.array(pending, dtype=np.int64)
        self.stay_dst = np.array([index[(labels[i][0], labels[i][1], 1)] for i in pending], dtype=np.int64)
        self.stay_node = np.array([labels[i][0] for i in pending], dtype=np.int64)
        self.label_count = len(labels)
        self.label_node = [v for v, _, _ in labels]
        self.twin = {int(d): int(s) for s, d in zip(self.stay_src, self.stay_dst)}

    def choices(self, k: int, prices: Prices) -> list[tuple[float, int, int, int]]:
        """Turn k's box choices with their bonus uses: (worth at these prices, plan steps, option
        index, bonus value used)."""
        relax = self.relax
        found = []
        action = prices.action[k]
        for o, option in enumerate(self.facts.options[k]):
            base = sum(action[t] * option.amount(a) for t, a in enumerate(GOAL_TYPES)) - prices.hunted * option.hunted
            plan = option.amount(PLAN)
            found.append((base, plan, o, 0))
            if not relax.bonus_top:
                continue
            # R9 relaxed: up to MAX_BONUS_PER_TURN bonus actions of the top value, added to a type
            # this choice has (plan for steps, or the best-priced goal type).
            types = [t for t, a in enumerate(GOAL_TYPES) if option.amount(a) > 0]
            best_price = max((action[t] for t in types), default=None)
            for uses in range(1, MAX_BONUS_PER_TURN + 1):
                value = uses * relax.bonus_top
                for to_plan in range(uses + 1):
                    if to_plan and plan == 0:
                        continue
                    if uses - to_plan and best_price is None:
                        continue
                    gain = (uses - to_plan) * relax.bonus_top * (best_price or 0.0) - prices.bonus * value
                    found.append((base + gain, plan + to_plan * relax.bonus_top, o, value))
        return found

    def run(self, prices: Prices) -> Walk:
        """The best walk at these prices (one arm, every turn): its value, choices and goals."""
        prizes = self._prizes(prices)
        turn_values = self._turn_values(prices)
        values, history, reached = self._programme(prizes, turn_values)
        return self._read_back(values, history, prizes, turn_values, reached)

    def _prizes(self, prices: Prices) -> list[tuple[list[float], list[int]]]:
        """Per turn, each location's best goal and what it is worth (0 and -1: not achieved)."""
        relax = self.relax
        nodes = self.nodes
        prizes = []
        for k in range(self.facts.turns):
            row = [0.0] * len(nodes)
            pick = [-1] * len(nodes)
            for i, v in enumerate(nodes):
                terms = relax.goal_terms.get(v)
                if not terms:
                    continue
                for g, (action, cost, counts, eats, restaurants) in enumerate(terms):
                    gain = (sum(prices.counter[c] for c in counts) + prices.eatery_worth(relax.goal_kind.get((v, g))) * eats
                            + prices.restaurant * restaurants
                            - prices.action[k][GOAL_TYPES.index(action)] * cost - prices.location[v])
                    if gain > row[i] + EPSILON:
                        row[i], pick[i] = gain, g
            prizes.append((row, pick))
        return prizes

    def _turn_values(self, prices: Prices) -> list[dict[int, tuple[float, int, int]]]:
        """Each turn's value of taking j steps, with its box choice and bonus value: one direction,
        the best box choice (and bonus use) that gives at least j steps, B_k(j); two directions,
        −step price·j (each arm pays for its steps)."""
        turn_values = []
        for k in range(self.facts.turns):
            best_for = {}  # steps → (value, option index, bonus)
            if prices.step is not None:
                top = self.facts.max_plan(k)
                turn_values.append({j: (-prices.step[k] * j, -1, 0) for j in range(top + 1)})
                continue
            for worth, steps, o, bonus in self.choices(k, prices):
                for j in range(steps + 1):
                    old = best_for.get(j)
                    if old is None or worth > old[0] + EPSILON:
                        best_for[j] = (worth, o, bonus)
            turn_values.append(best_for)
        return turn_values

    def _programme(self, prizes, turn_values) -> tuple:
        """The programme over the label arrays (_state_graph): per turn, the labels where it starts,
        achievements in place, then each step; a turn may end after any number of steps j, worth
        turn_values[k][j]. Returns the best value per label at the end, each turn's choices (for
        `_read_back`) and the most labels a step layer reached."""
        import numpy as np  # see _state_graph

        values = np.full(self.label_count, -np.inf)
        values[0] = 0.0
        history = []  # per turn: (stay achieved?, each step's chosen edge per label, the step each end came from)
        reached = 0
        for k in range(self.facts.turns):
            values, turn, layer_reach = self._turn(values, prizes[k][0], turn_values[k])
            history.append(turn)
            reached = max(reached, layer_reach)
        return values, history, reached

    def _turn(self, values, prize_row: list[float], table: dict[int, tuple[float, int, int]]) -> tuple:
        """One turn of the programme from the labels' `values`. Ties go to the lowest index, so the
        walk is reproducible."""
        import numpy as np  # see _state_graph

        S = self.label_count
        row = np.array(prize_row)
        worth = np.where(row > 0, row, -np.inf)  # an achievement worth nothing is not made
        stay_value = values[self.stay_src] + worth[self.stay_node]
        stayed = np.zeros(S, dtype=bool)
        better = stay_value > values[self.stay_dst]
        layer = values.copy()
        layer[self.stay_dst[better]] = stay_value[better]
        stayed[self.stay_dst[better]] = True
        add = np.where(self.claiming, worth[self.claim_node], 0.0)
        layers = [layer]
        chosen = []
        reached = 0
        top = max(table)
        for j in range(1, top + 1):
            candidate = layer[self.src] + add
            best = np.maximum.reduceat(candidate, self.starts)
            nxt = np.full(S, -np.inf)
            nxt[self.targets] = best
            # The first edge into each label that gives its value.
            hit = np.flatnonzero((candidate == nxt[self.dst]) & (candidate > -np.inf))
            edge = np.full(S, -1, dtype=np.int64)
            labels_hit, first_hit = np.unique(self.dst[hit], return_index=True)
            edge[labels_hit] = hit[first_hit]
            reached = max(reached, int(np.count_nonzero(nxt > -np.inf)))
            layers.append(nxt)
            chosen.append(edge)
            layer = nxt
        stacked = np.stack([layers[j] + table[j][0] for j in range(top + 1)])
        origin = np.argmax(stacked, axis=0)
        return stacked[origin, np.arange(S)], (stayed, chosen, origin), reached

    def _read_back(self, values, history, prizes, turn_values, reached: int) -> Walk:
        """The best walk, read back turn by turn from the end."""
        import numpy as np  # see _state_graph

        K = self.facts.turns
        final = int(np.argmax(values))
        boxes, claims, bonus, steps = [0] * K, [[] for _ in range(K)], [0] * K, [0] * K
        label = final
        trail = []  # backwards
        for k in range(K - 1, -1, -1):
            stayed, chosen, origin = history[k]
            j = int(origin[label])
            _, o, used = turn_values[k][j]
            boxes[k], bonus[k], steps[k] = o, used, j
            pick = prizes[k][1]
            for step in range(j, 0, -1):
                e = int(chosen[step - 1][label])
                node = int(self.claim[e])
                if node >= 0:
                    claims[k].append((self.nodes[node], pick[node]))
                trail.append(self.nodes[self.label_node[label]])
                label = int(self.src[e])
            if stayed[label]:
                label = self.twin[label]  # the same label before it achieved its end
                node = self.label_node[label]
                claims[k].append((self.nodes[node], pick[node]))
        trail.append(self.facts.start)
        return Walk(float(values[final]), boxes, claims, bonus, steps, reached, trail[::-1])
