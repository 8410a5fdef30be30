"""A bound that sees the counts: branch and bound on count ranges over the walk bound (issue 36).

The walk bound (walk_bound.py) prices each score h of a count n linearly: h(n) ≤ H(μ) + μ·n, so a
convex strip is credited its concave envelope, the chord from its lowest count to its highest, and
the walk collects that chord's excess (docs/solver-journal.md, "A bound that sees the path"). Here the
plans are split by their counts: a node confines some counters to a range lo ≤ n ≤ hi, where
H is taken over the range only (and the price of a confined count may be negative: the count is an
equality there), so each node's walk bound is a true bound of the plans whose counts lie in its
ranges, and the chord inside a range is narrower than over the whole strip. The node with the
highest bound is split in two at the count where its widest chord is furthest above its strip;
its children start from its prices. A node whose bound is at most the best plan's score is
pruned. The bound of a node is the lower of its own and the highest of its children's (both
hold for its plans), so the root's is never above the plain walk bound.

The work is counted in walk programmes (each one pass of the labelling programme), so the result
is a pure function of the puzzle and the arguments. With `paid` the programme pays each turn's
actions exactly (exact_payments.py, one direction); one of its programmes counts PAID_WEIGHT plain
ones, about what it costs on a basic puzzle.

Where no range is left to split, the walk's own relaxation is what is left: a leaf whose walk comes
back to locations it achieved (the ng-route forgets a location two king steps away) has the walk's
memory grown on the way it came back, and is run again (`memory`); one whose memory cannot grow is
split on a location, achieved or not (`locations`; docs/solver-journal.md).
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from generator.rules.grid import Coord
from generator.solver.facts import Facts
from generator.solver.exact_payments import PaidWalker
from generator.solver.walk_bound import (EPSILON, ITERATIONS, Prices, StripCounter, Relaxation, Walk, Walker)

NODE_ITERATIONS = 20  # walk programmes per child node, from its parent's prices (20 and 40: the same bound on brug-06 at 1000)
WORK = 1000  # walk programmes in all, the root's ITERATIONS included
# A programme with exact payments costs about 8 plain ones (0.17–0.21 s against 0.02–0.03 s on
# brug-00, brug-06 and antw-00 here) and converges in fewer: its root gets PAID_ITERATIONS.
# Its children get PAID_NODE_ITERATIONS (brug-00 at 5600: 104 with 10, 107 with 20).
PAID_WEIGHT = 8
PAID_ITERATIONS = 100
PAID_NODE_ITERATIONS = 10
# A location is split on (`locations`) once its price (ρ) reaches this many points.
LOCATION_PRICE = 1.0
# The memory grows (`memory`) while the walker's labels stay within this many times radius 1's.
MEMORY_GROWTH = 4


@dataclass(frozen=True)
class Tree:
    """How the tree grows, where the tests and benchmarks vary it: the walk programmes of the root
    and of each child (None: ITERATIONS and NODE_ITERATIONS, or the PAID_ ones when paid), whether
    a leaf's memory grows (`memory`) and whether a leaf splits on a location (`locations`)."""

    root_iterations: int | None = None
    node_iterations: int | None = None
    memory: bool = True
    locations: bool = True


@dataclass(frozen=True)
class CountBound:
    """The bound (rounded down, and as computed), the plain walk bound of the root, and the work."""

    bound: int
    value: float
    root: int  # the walk bound alone: the root node's
    programmes: int  # walk programmes spent (the work)
    nodes: int  # nodes evaluated, the root included
    open: int  # leaves whose bound is above the floor when the work ran out (0: the floor is proven)
    labels: int
    interrupted: bool = False  # Ctrl-C stopped it: the bound so far, still true
    root_programmes: int = 0  # the work the root took (its bound is known from there on)
    paid: bool = False  # each turn's actions paid exactly (exact_payments.py)


@dataclass(frozen=True)
class Progress:
    bound: int
    programmes: int
    nodes: int
    open: int


@dataclass
class _Node:
    ranges: dict[int | Coord, tuple[int, int]]  # counter index → (lo, hi); location → (0, 0) or (1, 1): achieved or not
    value: float
    prices: Prices
    order: int  # creation order: ties go to the oldest
    walk: Walk | None = None  # its best walk
    remembered: bool = False  # the memory was grown from this walk (or could not be)
    children: list[_Node] = field(default_factory=list)
    done: bool = False  # pruned, or no counter left to split

    def bound(self) -> float:
        if not self.children:
            return self.value
        return min(self.value, max(c.bound() for c in self.children))


def count_bound(facts: Facts, *, floor: int | None = None, work: int = WORK,
                progress: Callable[[Progress], None] | None = None, paid: bool = False, tree: Tree = Tree()) -> CountBound:
    """The count-range bound of a puzzle: at least the appreciation of every plan.

    `floor` is the score of a known plan: nodes at or below it are pruned (and the subgradient aims
    at it). `work` walk programmes in all: the result is a pure function of the arguments. A node
    is split where the concave envelope of a range rises furthest above its strip (`_split`).
    `paid` pays each turn exactly (exact_payments.py). The `tree`'s root and child programmes default to
    ITERATIONS and NODE_ITERATIONS, or PAID_ITERATIONS and PAID_NODE_ITERATIONS when paid.
    Its `memory`: a leaf that no range split narrows, whose best walk came back to a location it had
    achieved, is run again with the walk's memory (its ng-sets) grown from that walk, for every
    node from then on, while the labels stay within MEMORY_GROWTH times radius 1's (a programme's
    work grows with its labels). `locations`: a leaf left with neither is split on its most
    highly priced location (`_split_location`).
    """
    relax = Relaxation(facts)
    if paid and not pays_exactly(facts):
        raise ValueError("exact payments are built for one direction only")
    walker = PaidWalker(facts, relax, 1) if paid else Walker(facts, relax, 1)
    weight = PAID_WEIGHT if paid else 1
    root_iterations, node_iterations, memory, locations = tree.root_iterations, tree.node_iterations, tree.memory, tree.locations
    if root_iterations is None:
        root_iterations = PAID_ITERATIONS if paid else ITERATIONS
    if node_iterations is None:
        node_iterations = PAID_NODE_ITERATIONS if paid else NODE_ITERATIONS
    reach = _reach(relax)
    prune = floor
    first = walker.descend(_start_prices(facts, relax, paid), max(1, min(root_iterations, work // weight)), floor)
    root = _Node({}, first.value, first.prices, 0, walk=first.walk)
    spent, labels, nodes = first.iterations * weight, first.labels, 1
    base_labels = walker.label_count

    def cost() -> int:
        """A programme's work: `weight` plain ones, times the labels the memory has grown to."""
        return math.ceil(weight * walker.label_count / base_labels)

    def evaluate(prices: Prices, ranges: dict, aim: int | None):
        """A node's descent from `prices` (at most `node_iterations` programmes, within the work
        left), its work and labels counted."""
        nonlocal spent, labels
        descent = walker.descend(prices, max(1, min(node_iterations, (work - spent) // cost())), aim,
                          ranges=ranges or None, prune=prune)
        spent += descent.iterations * cost()
        labels = max(labels, descent.labels)
        return descent
    root.done = prune is not None and math.floor(root.value + EPSILON) <= prune

    def leaves(node: _Node):
        if not node.children:
            yield node
        for child in node.children:
            yield from leaves(child)

    interrupted = False
    while spent < work:
        candidates = [leaf for leaf in leaves(root) if not leaf.done]
        if not candidates:
            break
        node = max(candidates, key=lambda leaf: (leaf.value, -leaf.order))
        split = _split(relax, reach, node)
        if split is None and memory and node.walk is not None and not node.remembered:
            # No range left to narrow, but the walk comes back to a location it achieved: remember
            # that location along the way it came back (R4, R10), for every node from now on, and
            # run this one again.
            node.remembered = True
            grown = _grown_memory(node.walk, walker.remember)
            bigger = grown and type(walker)(facts, relax, 1, grown)
            if bigger and bigger.label_count <= MEMORY_GROWTH * base_labels:
                walker = bigger
                try:
                    descent = evaluate(node.prices, node.ranges, floor)
                except KeyboardInterrupt:
                    interrupted = True
                    break
                # Its first programme is at the node's prices with less to walk: never above the node.
                node.value, node.prices, node.walk = min(descent.value, node.value), descent.prices, descent.walk
                node.remembered = False
                node.done = prune is not None and math.floor(node.value + EPSILON) <= prune
                continue
        if split is None and locations:
            split = _split_location(node)
        if split is None:
            node.done = True
            continue
        made = []  # the children join the tree together: a node split in part would lose the rest's plans
        try:
            for ranges in split:
                if spent >= work:  # a child not evaluated has no bound of its own: its parent's holds for it
                    made.append(_Node(ranges, node.value, node.prices, nodes + len(made), done=True))
                    continue
                descent = evaluate(_fixed(node.prices, ranges), ranges, floor)
                child = _Node(ranges, descent.value, descent.prices, nodes + len(made), walk=descent.walk)
                child.done = prune is not None and math.floor(child.value + EPSILON) <= prune
                made.append(child)
        except KeyboardInterrupt:  # Ctrl-C: the tree as it stands, without this node's children
            interrupted = True
            break
        node.children = made
        nodes += len(made)
        if progress:
            progress(Progress(math.floor(root.bound() + EPSILON), spent, nodes,
                              sum(1 for leaf in leaves(root) if not leaf.done)))
    value = root.bound()
    bound = math.floor(value + EPSILON)
    still = sum(1 for leaf in leaves(root) if prune is None or math.floor(leaf.value + EPSILON) > prune)
    return CountBound(bound, value, math.floor(first.value + EPSILON), spent, nodes, still, labels, interrupted,
                      first.iterations * weight, paid)


def pays_exactly(facts: Facts) -> bool:
    """Whether exact payments (exact_payments.py) are built for this puzzle: one direction. With two,
    each arm paying within a choice of its own gained 1–3 points (brug-01 144 → 141, antw-08
    137 → 136 at 100 programmes) for eight times the cost: left to the walk bound's prices."""
    return facts.puzzle.directions == 1


def _start_prices(facts: Facts, relax: Relaxation, paid: bool) -> Prices:
    prices = Prices.start(facts, relax)
    if paid:  # λ is not in the paid programme's value; held at 0 (walk_bound.Walker.descend)
        prices.action = [[0.0 for _ in row] for row in prices.action]
        # Each eatery kind counted once on the eat strip (R13), priced π (walk_bound.Prices.kind).
        prices.kind = {name: 0.0 for name in sorted(set(relax.goal_kind.values()))}
    return prices


def _reach(relax: Relaxation) -> dict[int, int]:
    """The counters that may be confined, with the highest count a plan can give each: the start's
    count plus, per location, the most one of its goals adds. A counter whose table stops below
    that is left alone (its H would not cover every plan)."""
    most = [counter.low for counter in relax.counters]
    for entries in relax.goal_terms.values():
        adds = [0] * len(most)
        for _, _, counts, _, _ in entries:
            for i in set(counts):
                adds[i] = max(adds[i], counts.count(i))
        for i, a in enumerate(adds):
            most[i] += a
    return {i: n for i, (n, counter) in enumerate(zip(most, relax.counters)) if n <= len(counter.values) - 1}


def _excess(counter: StripCounter, bonus: float, lo: int, hi: int) -> tuple[float, int]:
    """How far the concave envelope of the counter's score (with θ's credit for the bonus actions it
    earns) over lo … hi rises above the score, at most, and the count where it does."""
    h = [counter.values[n] + bonus * counter.earned[n] for n in range(len(counter.values))]
    best, at = 0.0, lo
    for n in range(lo + 1, hi):
        hull = max(h[a] + (h[b] - h[a]) * (n - a) / (b - a) for a in range(lo, n) for b in range(n + 1, hi + 1))
        if hull - h[n] > best + EPSILON:
            best, at = hull - h[n], n
    return best, at


def _split(relax: Relaxation, reach: dict[int, int], node: _Node) -> list[dict[int, tuple[int, int]]] | None:
    """The node's two children: the counter whose range has the widest excess, cut after the count
    where it is widest (None when no range has an excess of a point or more)."""
    widest, choice = 1.0 - EPSILON, None
    for i, top in reach.items():
        counter = relax.counters[i]
        lo, hi = node.ranges.get(i, (counter.low, top))
        excess, at = _excess(counter, node.prices.bonus, lo, hi)
        if excess > widest:
            widest, choice = excess, (i, lo, hi, at)
    if choice is None:
        return None
    i, lo, hi, at = choice
    return [node.ranges | {i: (lo, at)}, node.ranges | {i: (at + 1, hi)}]


def _split_location(node: _Node) -> list[dict[int | Coord, tuple[int, int]]] | None:
    """The node's two children on the location whose price (ρ) is highest, a point or more: no plan
    of the first achieves it, every plan of the second achieves it (once, R10), where its price may
    take either sign. None when no free location is priced a point."""
    highest, choice = LOCATION_PRICE - EPSILON, None
    for at in sorted(node.prices.location):
        price = node.prices.location[at]
        if at not in node.ranges and highest < price < math.inf:
            highest, choice = price, at
    if choice is None:
        return None
    return [node.ranges | {choice: (0, 0)}, node.ranges | {choice: (1, 1)}]


def _fixed(prices: Prices, ranges: dict[int | Coord, tuple[int, int]]) -> Prices:
    """The prices with every location that no plan of `ranges` achieves priced ∞ (the walk
    programmes then never achieve it, and the Lagrangian leaves its price out)."""
    shut = [at for at, (lo, hi) in ranges.items() if isinstance(at, Coord) and hi == 0]
    if not shut:
        return prices
    return dataclasses.replace(prices, location=prices.location | {at: math.inf for at in shut})


def _grown_memory(walk: Walk, remember: dict[Coord, frozenset[Coord]]) -> dict[Coord, frozenset[Coord]] | None:
    """The walker's extra memory (node → locations remembered there) grown so that this walk
    could not come back to the locations it achieved twice: each such location is remembered on
    every node the walk passed between its first and last visit (the dynamic ng-sets of Roberti &
    Mingozzi 2014). None when nothing is added: the walk achieved no location twice (one that
    came back had forgotten the location somewhere on the way, so then the memory grows)."""
    achieved = defaultdict(int)
    for claims in walk.claims:
        for at, _ in claims:
            achieved[at] += 1
    grown = {node: set(held) for node, held in remember.items()}
    added = False
    for at in sorted(v for v, n in achieved.items() if n > 1):
        visits = [i for i, node in enumerate(walk.trail) if node == at]
        for node in walk.trail[visits[0] + 1:visits[-1]]:
            if node != at and at not in grown.setdefault(node, set()):
                grown[node].add(at)
                added = True
    return {node: frozenset(held) for node, held in grown.items()} if added else None
