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
all of them together at most the game's total, priced by θ.

Two directions (R6): the steps a box choice gives are priced too (σ[k] per step of turn k), so
the two arms no longer share them; each arm is then a walk of the same programme, and both
together are worth at most twice the best walk (ρ keeps them from achieving the same locations
twice over, as it keeps one walk from coming back).
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from dataclasses import dataclass

from generator.rules.cards import ActionType
from generator.rules.city import EAT, RESTAURANT
from generator.rules.sheet import MAX_BONUS_PER_TURN
from generator.rules.grid import Coord
from generator.solver.facts import GOAL_TYPES, Facts

PLAN = ActionType.PLAN
EPSILON = 1e-6
ITERATIONS = 60  # walk programmes; measured in docs/solver.md (the bound falls slowly after 60)
STALL = 5  # non-improving programmes before the step size halves
STEP = 0.5  # the first step, as a share of Polyak's (gap ÷ |subgradient|²)
# Where the multipliers start: about where 100-programme runs on Brugge and Antwerpen puzzles end
# (points per action, per eatery kind, per restaurant, per hunted turn, per bonus action value).
# Any start gives a true bound; a good one gives a lower bound in fewer programmes (measured in
# docs/solver.md: 151 against 169 after 30 programmes on brug-06).
START_PRICES = {"action": 2.5, "eatery": 3.5, "restaurant": 5.0, "hunted": 5.0, "bonus": 1.0, "step": 2.0}


@dataclass(frozen=True)
class WalkBound:
    """The best bound found, after how many walk programmes, and the last step size."""

    bound: int
    value: float
    iterations: int
    labels: int  # the most labels one walk programme kept in a step layer


@dataclass
class _Counter:
    """A score that is a function of one count (the H(μ) of the module docstring)."""

    name: str
    values: list[float]  # values[n] for n = 0 … len − 1
    low: int  # the count the start gives: no plan has fewer

    def conjugate(self, mu: float) -> tuple[float, int]:
        """max over n ≥ low of values[n] − μ·n, and the n that gives it (the highest on a tie)."""
        best, arg = -math.inf, self.low
        for n in range(self.low, len(self.values)):
            value = self.values[n] - mu * n
            if value >= best - EPSILON:
                best, arg = max(best, value), n
        return best, arg


class _Relaxation:
    """The puzzle's counters, goals and turns as the walk programme needs them."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        rules = facts.rules
        puzzle = facts.puzzle
        locations = [at for at in facts.goals]
        # How many goals a plan can add to each count: bounds the counters' tables.
        crossing_room: dict[str, int] = defaultdict(int)
        for at, options in facts.goals.items():
            for category in {c for g in options for c in g.crossed}:
                crossing_room[category] += 1
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
        # Assignments (RULINGS "Solo") on categories count circled goals: the same count as the
        # category's crossings except for eat and restaurant, which get counts of their own.
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
        self.counters = [_Counter(name, values, lows[name]) for name, values in sorted(functions.items())]
        index = {c.name: i for i, c in enumerate(self.counters)}
        # R13: the eat strip counts eatery kinds, doubled by a restaurant: a function of two counts.
        eat = rules.strips.get(EAT)
        self.eat_strip = eat
        self.eat_low = 1 if facts.start_eatery is not None and EAT in facts.start_crossed else 0
        self.eat_top = min(len(rules.eatery_kinds), self.eat_low + crossing_room[EAT])
        self.restaurant_low = 1 if RESTAURANT in facts.start_crossed else 0
        self.restaurant_top = 1 if (self.restaurant_low or crossing_room[RESTAURANT]) else 0
        # What achieving each goal adds to each count (eat kinds over-counted: every eatery adds
        # one, which only loosens the bound since μ ≥ 0).
        self.location_index = {at: i for i, at in enumerate(locations)}
        self.goal_terms: dict[Coord, list[tuple[ActionType, int, tuple[int, ...], int, int]]] = {}
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
                for a in puzzle.assignments:
                    if a.names_locations or a.is_drawn_starts:
                        if at in a.locations:
                            counts.append(index[f"named:{a.id}"])
                entries.append((goal.action, goal.cost, tuple(counts), eats, restaurants))
            self.goal_terms[at] = entries
        # R16: the hunted strip.
        self.hunted = rules.hunted
        self.max_hunts = facts.max_hunts
        # R9: bonus actions, relaxed (module docstring).
        self.bonus_top = max(facts.bonus_values, default=0)
        self.total_bonus = facts.total_bonus

    def eat_conjugate(self, mu: float, nu: float) -> tuple[float, int, int]:
        """max over (kinds n, restaurant r) of the eat score − μ·n − ν·r (R13)."""
        best, arg = -math.inf, (self.eat_low, self.restaurant_low)
        if self.eat_strip is None:
            return 0.0, 0, 0
        for n in range(self.eat_low, self.eat_top + 1):
            for r in range(self.restaurant_low, self.restaurant_top + 1):
                value = self.eat_strip.score(n) * (2 if r else 1) - mu * n - nu * r
                if value >= best - EPSILON:
                    best, arg = max(best, value), (n, r)
        return best, arg[0], arg[1]

    def hunted_conjugate(self, eta: float) -> tuple[float, int]:
        best, arg = -math.inf, 0
        for h in range(self.max_hunts + 1):
            value = self.hunted[min(h, len(self.hunted) - 1)] + eta * h
            if value >= best - EPSILON:
                best, arg = max(best, value), h
        return best, arg


@dataclass
class _Walk:
    """The walk programme's best walk: per turn, the box choice (one direction), the goals
    achieved and the steps taken."""

    value: float
    boxes: list[int]  # option index per turn
    claims: list[list[tuple[Coord, int]]]  # per turn: (location, goal index)
    bonus: list[int]  # bonus action value used per turn (relaxed R9)
    steps: list[int]  # steps taken per turn
    labels: int


def walk_bound(facts: Facts, *, iterations: int = ITERATIONS, floor: int | None = None, radius: int = 1,
               deadline: float | None = None) -> WalkBound:
    """The Lagrangian walk bound of a puzzle: at least the appreciation of every plan.

    `floor` is the score of a known plan: the subgradient steps aim at it (Polyak's rule); without
    one the trivial bound's tenth is used as the gap. Without `deadline` the result is a pure
    function of the puzzle and the arguments (a fixed number of walk programmes); with one
    (time.monotonic()) the programmes also stop there, and the bound, still true, may be looser.
    """
    arms = facts.puzzle.directions
    relax = _Relaxation(facts)
    walker = _Walker(facts, relax, radius)
    K = facts.turns
    lam = [[START_PRICES["action"] for _ in GOAL_TYPES] for _ in range(K)]
    mu = [0.0 for _ in relax.counters]
    for i, counter in enumerate(relax.counters):
        # Start at the counter's average gain per goal, from the start's count to its top.
        top = counter.values.index(max(counter.values))
        mu[i] = max(0.0, (counter.values[top] - counter.values[counter.low]) / (top - counter.low)) if top > counter.low else 0.0
    mu_eat, nu = START_PRICES["eatery"], START_PRICES["restaurant"]
    eta = START_PRICES["hunted"]
    theta = START_PRICES["bonus"]
    sigma = [START_PRICES["step"] for _ in range(K)] if arms == 2 else None
    # R10, each location achieved at most once: ρ[v] prices an achievement of v, against ρ[v] once.
    rho = {at: 0.0 for at in facts.goals}
    best = math.inf
    labels = 0
    scale = STEP
    stall = 0
    for iteration in range(1, iterations + 1):
        walk = walker.run(lam, mu, mu_eat, nu, eta, theta, rho, sigma)
        labels = max(labels, walk.labels)
        if sigma is None:
            value = walk.value
            boxes, bonuses = walk.boxes, walk.bonus
        else:
            # Two directions (R6): each arm is a walk of the programme, at most its best, so both
            # together are at most twice it; the box choice is paid σ[k] for each step it gives.
            value = arms * walk.value
            boxes, bonuses, plan_steps = [], [], []
            for k in range(K):
                worth, steps, o, used = max(walker.choices(k, lam, eta, theta), key=lambda c: (c[0] + sigma[k] * c[1], -c[2], -c[3]))
                value += worth + sigma[k] * steps
                boxes.append(o)
                bonuses.append(used)
                plan_steps.append(steps)
        sub_mu = [0.0 for _ in mu]
        for i, counter in enumerate(relax.counters):
            h, arg = counter.conjugate(mu[i])
            value += h
            sub_mu[i] -= arg
        e, n_eat, n_rest = relax.eat_conjugate(mu_eat, nu)
        value += e
        hv, h_arg = relax.hunted_conjugate(eta)
        value += hv
        value += theta * relax.total_bonus if relax.bonus_top else 0.0
        value += sum(rho.values())
        sub_rho = {at: 1.0 for at in rho}
        # What the start counts (R12) is worth μ too: the walk's prizes count only its goals.
        value += sum(m * c.low for m, c in zip(mu, relax.counters)) + mu_eat * relax.eat_low + nu * relax.restaurant_low
        # The walk's counts, payments and hunts: the subgradient.
        sub_lam = [[0.0 for _ in GOAL_TYPES] for _ in range(K)]
        sub_eat, sub_nu = -n_eat, -n_rest
        hunts = 0
        used_bonus = 0
        sub_sigma = [plan_steps[k] - arms * walk.steps[k] for k in range(K)] if sigma is not None else []
        for k in range(K):
            option = facts.options[k][boxes[k]]
            hunts += option.hunted
            for t, action in enumerate(GOAL_TYPES):
                sub_lam[k][t] += option.amount(action)
            used_bonus += bonuses[k]
            for at, g in walk.claims[k]:
                action, cost, counts, eats, restaurants = relax.goal_terms[at][g]
                sub_lam[k][GOAL_TYPES.index(action)] -= arms * cost
                sub_rho[at] -= arms
                for i in counts:
                    sub_mu[i] += arms
                sub_eat += arms * eats
                sub_nu += arms * restaurants
        for i, counter in enumerate(relax.counters):
            sub_mu[i] += counter.low
        sub_eat += relax.eat_low
        sub_nu += relax.restaurant_low
        sub_eta = h_arg - hunts
        sub_theta = relax.total_bonus - used_bonus if relax.bonus_top else 0.0
        if value < best - EPSILON:
            best = value
            stall = 0
        else:
            stall += 1
            if stall >= STALL:
                scale /= 2
                stall = 0
        target = floor if floor is not None else best - 0.1 * facts.ceiling()
        gap = max(value - target, 1.0)
        norm = (sum(g * g for row in sub_lam for g in row) + sum(g * g for g in sub_mu) + sum(g * g for g in sub_rho.values())
                + sum(g * g for g in sub_sigma) + sub_eat ** 2 + sub_nu ** 2 + sub_eta ** 2 + sub_theta ** 2)
        if norm < EPSILON or (deadline is not None and time.monotonic() >= deadline):
            break  # the walk meets every relaxed constraint with equality: the bound cannot fall
        step = scale * gap / norm
        # Multipliers move against the subgradient (∂L/∂x is the slack the walk leaves), kept ≥ 0.
        for k in range(K):
            for t in range(len(GOAL_TYPES)):
                lam[k][t] = max(0.0, lam[k][t] - step * sub_lam[k][t])
        mu = [max(0.0, m - step * g) for m, g in zip(mu, sub_mu)]
        mu_eat = max(0.0, mu_eat - step * sub_eat)
        nu = max(0.0, nu - step * sub_nu)
        eta = max(0.0, eta - step * sub_eta)
        theta = max(0.0, theta - step * sub_theta)
        rho = {at: max(0.0, r - step * sub_rho[at]) for at, r in rho.items()}
        if sigma is not None:
            sigma = [max(0.0, x - step * g) for x, g in zip(sigma, sub_sigma)]
    return WalkBound(math.floor(best + EPSILON), best, iteration, labels)


class _Walker:
    """The labelling programme over single walks for given multipliers."""

    def __init__(self, facts: Facts, relax: _Relaxation, radius: int) -> None:
        self.facts = facts
        self.relax = relax
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
                if max(abs(v.col - w.col), abs(v.row - w.row)) <= radius:
                    mask |= b
            self.near.append(mask)
        self.is_location = [v in facts.goals for v in nodes]
        self.start = self.node_index[facts.start]

    def choices(self, k: int, lam, eta: float, theta: float) -> list[tuple[float, int, int, int]]:
        """Turn k's box choices with their bonus uses: (worth at these prices, plan steps, option
        index, bonus value used)."""
        relax = self.relax
        found = []
        for o, option in enumerate(self.facts.options[k]):
            base = sum(lam[k][t] * option.amount(a) for t, a in enumerate(GOAL_TYPES)) - eta * option.hunted
            plan = option.amount(PLAN)
            found.append((base, plan, o, 0))
            if not relax.bonus_top:
                continue
            # R9 relaxed: up to MAX_BONUS_PER_TURN bonus actions of the top value, added to a type
            # this choice has (plan for steps, or the best-priced goal type).
            types = [t for t, a in enumerate(GOAL_TYPES) if option.amount(a) > 0]
            best_price = max((lam[k][t] for t in types), default=None)
            for uses in range(1, MAX_BONUS_PER_TURN + 1):
                value = uses * relax.bonus_top
                for to_plan in range(uses + 1):
                    if to_plan and plan == 0:
                        continue
                    if uses - to_plan and best_price is None:
                        continue
                    gain = (uses - to_plan) * relax.bonus_top * (best_price or 0.0) - theta * value
                    found.append((base + gain, plan + to_plan * relax.bonus_top, o, value))
        return found

    def run(self, lam, mu, mu_eat, nu, eta, theta, rho, sigma=None) -> _Walk:
        facts, relax = self.facts, self.relax
        K = facts.turns
        nodes = self.nodes
        # Each location's best goal in each turn, and what it is worth (0: not achieved).
        prizes = []
        for k in range(K):
            row = [0.0] * len(nodes)
            pick = [-1] * len(nodes)
            for i, v in enumerate(nodes):
                terms = relax.goal_terms.get(v)
                if not terms:
                    continue
                for g, (action, cost, counts, eats, restaurants) in enumerate(terms):
                    gain = (sum(mu[c] for c in counts) + mu_eat * eats + nu * restaurants - lam[k][GOAL_TYPES.index(action)] * cost
                            - rho[v])
                    if gain > row[i] + EPSILON:
                        row[i], pick[i] = gain, g
            prizes.append((row, pick))
        # Each turn's value of taking j steps: one direction, the best box choice (and bonus use)
        # that gives at least j steps, B_k(j); two directions, −σ[k]·j (each arm pays for its steps).
        turn_values = []
        for k in range(K):
            best_for = {}  # steps → (value, option index, bonus)
            if sigma is not None:
                top = self.facts.max_plan(k)
                turn_values.append({j: (-sigma[k] * j, -1, 0) for j in range(top + 1)})
                continue
            for worth, steps, o, bonus in self.choices(k, lam, eta, theta):
                for j in range(steps + 1):
                    old = best_for.get(j)
                    if old is None or worth > old[0] + EPSILON:
                        best_for[j] = (worth, o, bonus)
            turn_values.append(best_for)
        # The programme. A label is an int, (remembered bits, node, end achieved?) packed as
        # mask << 11 | node << 1 | done, mapped to its value; back-pointers per layer read the walk.
        # A label whose end is a location left unachieved only matters where the turn ends (the
        # next turn may achieve it): moving on from it is dominated by achieving it first, so it
        # is not extended unless achieving it is worth nothing this turn.
        start = self.start
        states = {(self.bit[start] << 11) | (start << 1) | 1: 0.0}
        history = []  # per turn: (its step layers with back-pointers, the layer each end came from)
        most = 0
        neighbours, bits, near, is_location = self.neighbours, self.bit, self.near, self.is_location
        low = -math.inf
        for k in range(K):
            row = prizes[k][0]
            layer = {}
            parent = {}
            for key, value in states.items():
                if value > layer.get(key, low):
                    layer[key] = value
                    parent[key] = (key, None)
                if not key & 1:
                    v = (key >> 1) & 1023
                    if row[v] > 0:
                        claimed = key | 1
                        gain = value + row[v]
                        if gain > layer.get(claimed, low):
                            layer[claimed] = gain
                            parent[claimed] = (key, v)
            layers = [(layer, parent)]
            values = turn_values[k]
            top = max(values)
            for j in range(1, top + 1):
                nxt, back = {}, {}
                for key, value in layer.items():
                    v = (key >> 1) & 1023
                    if not key & 1 and row[v] > 0:
                        continue  # dominated when moving on (above)
                    mask = key >> 11
                    for w in neighbours[v]:
                        b = bits[w]
                        if b & mask:
                            continue
                        base = (((mask & near[w]) | b) << 11) | (w << 1)
                        if is_location[w]:
                            if value > nxt.get(base, low):
                                nxt[base] = value
                                back[base] = (key, None)
                            prize = row[w]
                            if prize > 0:
                                k1 = base | 1
                                gain = value + prize
                                if gain > nxt.get(k1, low):
                                    nxt[k1] = gain
                                    back[k1] = (key, w)
                        else:
                            k1 = base | 1
                            if value > nxt.get(k1, low):
                                nxt[k1] = value
                                back[k1] = (key, None)
                most = max(most, len(nxt))
                layer = nxt
                layers.append((layer, back))
            ends = {}
            origin = {}
            for j, (layer, _) in enumerate(layers):
                worth = values[j][0]
                for key, value in layer.items():
                    total = value + worth
                    if total > ends.get(key, low):
                        ends[key] = total
                        origin[key] = j
            history.append((layers, origin))
            states = ends
        final_key = max(states, key=lambda key: (states[key], key))
        value = states[final_key]
        # Read the walk back, turn by turn from the end.
        boxes, claims, bonus, steps = [0] * K, [[] for _ in range(K)], [0] * K, [0] * K
        key = final_key
        for k in range(K - 1, -1, -1):
            layers, origin = history[k]
            j = origin[key]
            _, o, used = turn_values[k][j]
            boxes[k], bonus[k], steps[k] = o, used, j
            row, pick = prizes[k]
            while j >= 0:
                layer_parents = layers[j][1]
                previous, claimed = layer_parents[key]
                if claimed is not None:
                    claims[k].append((self.nodes[claimed], pick[claimed]))
                key = previous
                j -= 1
        return _Walk(value, boxes, claims, bonus, steps, most)
