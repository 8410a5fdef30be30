"""The move generator: the legal turns of a sheet, and the pieces players build their turns from.

In the spirit of python-chess's `board.legal_moves`: the rules engine says what a player may do,
so the players and the tests (their beam search too) do not each re-derive it (issue 14). Everything
here is a generator or a list in a fixed, documented order (players break ties by order and draw
random numbers in order, so the order is part of the contract).

- `legal_turns(sheet)` every legal turn of the sheet's current turn (R5–R11): box choices × bonus
  uses × path extensions from either end × the goals touched that the actions can pay. Each turn it
  yields is accepted by `Sheet.play`; it yields every legal turn once, up to the order of its goal
  claims and bonus uses (which changes nothing but the order of the sheet's achievement list) and
  the spelling of a claim (a location with one goal is claimed without naming it). The count
  grows fast with the plan actions: meant for tests, small puzzles and analysis, not for a player's
  inner loop.
- `Extension` a turn's path being drawn step by step from both ends (R4–R6), with the legal next
  steps of each end.
- `reach(...)` a shortest legal walk from a head to each node within a number of steps, in
  breadth-first order (R2–R5); `shortest_extensions(sheet, limit)` the same from a sheet's ends.
  The honest player and the tests' beam search (tests/support/beam.py) both walk this way (the
  beam on its own light sheets, hence the plain arguments).
- `bonus_variants(values, types)` the bonus uses the cheap players consider (R9).
- `pay_greedily(...)` the one greedy payment of touched goals, best marginal value per action
  first (R10, R11), with the value function left to the caller.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from generator.rules.cards import ActionType
from generator.rules.city import ADVANCED
from generator.rules.sheet import MAX_BONUS_PER_TURN, Sheet
from generator.rules.grid import Coord, Grid, crossing_diagonal, edge
from generator.rules.plan import BonusUse, GoalClaim, Turn

Walk = tuple[Coord, ...]
Moves = tuple[Walk, Walk]
Offer = TypeVar("Offer")
State = TypeVar("State")


class Extension:
    """This turn's path drawn step by step from the sheet's ends (R4–R6); the sheet is unchanged.

    `steps(end)` lists the legal next nodes of an end in the grid's neighbour order (the order
    `Sheet.steps_from` gives), `step(end, node)` takes one of them.
    """

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.moves: list[list[Coord]] = [[], []]
        self.taken: set[Coord] = set()  # nodes entered this turn
        self.diagonals: set[frozenset[Coord]] = set()  # diagonal steps taken this turn

    def head(self, end: int) -> Coord:
        moves = self.moves[end]
        return moves[-1] if moves else self.sheet.head(end)

    def steps(self, end: int) -> list[Coord]:
        return self.sheet.steps_from(self.head(end), self.taken, self.diagonals)

    def step(self, end: int, node: Coord) -> None:
        at = self.head(end)
        if crossing_diagonal(at, node) is not None:
            self.diagonals.add(edge(at, node))
        self.taken.add(node)
        self.moves[end].append(node)

    def undo(self, end: int) -> None:
        node = self.moves[end].pop()
        self.taken.discard(node)
        at = self.head(end)
        if crossing_diagonal(at, node) is not None:
            self.diagonals.discard(edge(at, node))

    def as_moves(self) -> Moves:
        return (tuple(self.moves[0]), tuple(self.moves[1]))


def reach(grid: Grid, head: Coord, limit: int, on_path: set | frozenset, diagonals: set | frozenset) -> Iterator[Walk]:
    """Legal walks from `head` of at most `limit` steps (R2–R5), one to each node reached: a
    breadth-first search that keeps the first walk it finds to a node, so each is a shortest walk
    among those the search extends. Yielded by length, and within a length in the order the shorter
    walks were found, each extended in the grid's neighbour order. `on_path` are the nodes the path
    already holds (never entered again, R4), `diagonals` its diagonal steps (never crossed, R4)."""
    frontier: list[tuple[Coord, Walk, frozenset]] = [(head, (), frozenset())]
    seen = {head}
    for _ in range(limit):
        following = []
        for node, walk, walk_diagonals in frontier:
            for other in grid.neighbours(node):
                if other in seen or other in on_path:
                    continue
                crossing = crossing_diagonal(node, other)
                if crossing is not None:
                    if crossing in diagonals or crossing in walk_diagonals:
                        continue
                    step = walk_diagonals | {edge(node, other)}
                else:
                    step = walk_diagonals
                seen.add(other)
                longer = walk + (other,)
                following.append((other, longer, step))
                yield longer
        frontier = following


def shortest_extensions(sheet: Sheet, limit: int) -> Iterator[tuple[int, Walk]]:
    """Standing still `(0, ())`, then from each end in turn (one end when both are the start) one
    shortest legal walk to every node within `limit` steps, as `reach` orders them."""
    yield 0, ()
    heads = set()
    for end in range(sheet.puzzle.directions):
        head = sheet.head(end)
        if head in heads:
            continue
        heads.add(head)
        for walk in reach(sheet.city.grid, head, limit, sheet.on_path, sheet.diagonals):
            yield end, walk


def walks(sheet: Sheet, end: int, limit: int, extension: Extension | None = None) -> Iterator[Walk]:
    """Every legal walk of at most `limit` steps from `end` (R2–R5), the empty one first, depth
    first in the neighbour order. `extension` holds the steps already drawn this turn (the other
    end's walk); while a walk is yielded, it is drawn on `extension` too."""
    extension = extension or Extension(sheet)
    yield ()
    if limit <= 0:
        return
    for node in extension.steps(end):
        extension.step(end, node)
        for rest in walks(sheet, end, limit - 1, extension):
            yield (node,) + rest
        extension.undo(end)


def extensions(sheet: Sheet, limit: int) -> Iterator[Moves]:
    """Every legal way to grow the path by at most `limit` steps in one turn (R5, R6): end a's walk,
    then, with two directions, end b's walk with the steps left (end a's first)."""
    extension = Extension(sheet)
    for first in walks(sheet, 0, limit, extension):
        if sheet.puzzle.directions == 1:
            yield first, ()
            continue
        # `walks` keeps the walk it yields drawn on `extension`: end b walks around it.
        for second in walks(sheet, 1, limit - len(first), extension):
            yield first, second


def bonus_uses(sheet: Sheet, types: Sequence[ActionType]) -> Iterator[tuple[BonusUse, ...]]:
    """Every legal choice of bonus uses for a turn whose boxes give `types` (R9): none, or one or
    two values (each a bonus value of the city's strips: it may be earned this very turn), each
    added to one of `types`. Sorted uses, no bonus first; the advanced game only."""
    yield ()
    if sheet.mode != ADVANCED:
        return
    values = sorted({v for strip in sheet.city.rules.strips.values() for v in strip.bonus.values()})
    single = [BonusUse(v, t) for v in values for t in types]
    for count in range(1, MAX_BONUS_PER_TURN + 1):
        yield from itertools.combinations_with_replacement(single, count)


def legal_turns(sheet: Sheet, max_steps: int | None = None) -> Iterator[Turn]:
    """Every legal turn of the sheet's current turn (R5–R11), each once up to the order of its
    goal claims and bonus uses; none when the game is over. With `max_steps`, only the turns whose
    path grows by at most that many steps (the count grows fast with the steps).

    Order: box choices as `Sheet.legal_boxes` lists them; for each, bonus uses as `bonus_uses`
    lists them; path extensions as `extensions` lists them; then goal claims, the touched
    locations in the order the path touches them (the ends first), each skipped first and then
    with each of its goals (R14).
    """
    if sheet.over:
        return
    for boxes in sheet.legal_boxes():
        budget = sheet.budget(boxes)
        types = [t for t, v in budget.items() if v > 0]
        for bonus in bonus_uses(sheet, types):
            limit = budget[ActionType.PLAN] + sum(u.value for u in bonus if u.action is ActionType.PLAN)
            if max_steps is not None:
                limit = min(limit, max_steps)
            for moves in extensions(sheet, limit):
                touched = [at for at in dict.fromkeys(sheet.ends() + moves[0] + moves[1]) if sheet.goal_options(at)]
                choices = [[None] + [GoalClaim(at, goal if len(sheet.goal_options(at)) > 1 else None) for goal in sheet.goal_options(at)] for at in touched]
                for picks in itertools.product(*choices):
                    claims = tuple(p for p in picks if p is not None)
                    if sheet.pays(budget, bonus, moves, claims):  # in some order of its events (R9b)
                        yield Turn(boxes, moves, claims, bonus)


def bonus_variants(values: Sequence[int], types: Iterable[ActionType]) -> list[tuple[BonusUse, ...]]:
    """The bonus uses a cheap player considers (R9): none, or all of `values` (at most two, the
    largest in hand) added to one type of `types`, type by type. The caller chooses both orders."""
    variants: list[tuple[BonusUse, ...]] = [()]
    if values:
        variants += [tuple(BonusUse(v, t) for v in values) for t in types]
    return variants


def pay_greedily(
    touched: Iterable[Coord],
    offers: Callable[[Coord], Iterable[tuple[Offer, ActionType, int]]],
    funds: Counter,
    state: State,
    extend: Callable[[State, Coord, Offer], tuple[float, State]],
) -> tuple[list[tuple[Coord, Offer]], State]:
    """Pay touched goals greedily (R10, R11): repeatedly the goal with the best gain per action
    (then the best gain) among the affordable goals of the locations not yet paid, while it gains.

    `offers(at)` gives a location's goals as (goal, action type, cost); `extend(state, at, goal)`
    gives the gain of adding the goal to `state` and the state after it. Ties keep the first found
    (locations in `touched` order, goals in `offers` order). `funds` is spent in place. Returns the
    paid (location, goal) pairs in payment order and the final state.
    """
    left = list(touched)
    paid: list[tuple[Coord, Offer]] = []
    while left:
        best = None
        for at in left:
            for goal, action, cost in offers(at):
                if funds[action] < cost:
                    continue
                gain, trial = extend(state, at, goal)
                rank = (gain / max(cost, 1), gain)
                if gain > 0 and (best is None or rank > best[0]):
                    best = (rank, at, goal, action, cost, trial)
        if best is None:
            break
        _, at, goal, action, cost, state = best
        funds[action] -= cost
        paid.append((at, goal))
        left.remove(at)
    return paid, state
