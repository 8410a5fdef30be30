"""What the solvers need to know about a puzzle, computed once from the rules engine's data.

Shared by the CP-SAT models, the walk bound and the tests' beam-search player (tests/support/beam.py;
this module does not import ortools):
the box options of each turn with dominated ones removed (R8), the goals each location offers and
the strips each achievement crosses (R14), distances on the map (R2–R3), and the tally and final
score of a set of achievements (the engine's Tally and appreciation, generator/rules/tally.py),
used to rank partial plans.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from typing import Iterable

from generator.rules.cards import PAIRS, TRIPLES, ActionType
from generator.rules.city import EAT
from generator.rules.sheet import MAX_BONUS_PER_TURN
from generator.rules.grid import Coord
from generator.rules.puzzle import Puzzle
from generator.rules.tally import Tally, appreciation, bonus_positions

ACTION_TYPES = tuple(ActionType)
GOAL_TYPES = tuple(t for t in ActionType if t is not ActionType.PLAN)


@dataclass(frozen=True)
class BoxOption:
    """A box choice of one turn (R8) and the actions it gives, per type (plan first)."""

    boxes: tuple[str, ...]
    budget: tuple[int, ...]  # indexed like ACTION_TYPES

    @property
    def hunted(self) -> bool:
        return len(self.boxes) == 3

    def amount(self, action: ActionType) -> int:
        return self.budget[ACTION_TYPES.index(action)]


@dataclass(frozen=True)
class GoalOption:
    """One goal a location offers (R14): its cost and the strips it crosses."""

    at: Coord
    goal: str
    action: ActionType
    cost: int
    crossed: tuple[str, ...]
    eatery: str | None
    named: bool  # a choice location: the plan must name the goal


def map_distances(grid, source: Coord, avoid: Coord | None = None) -> dict[Coord, int]:
    """Steps from `source` to every node it reaches (R2–R3), on paths that never enter `avoid`."""
    seen = {source: 0}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        for other in grid.neighbours(node):
            if other not in seen and other != avoid:
                seen[other] = seen[node] + 1
                queue.append(other)
    return seen


def dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x >= y for x, y in zip(a, b))


def turn_options(puzzle: Puzzle, turn: int) -> tuple[BoxOption, ...]:
    """The box choices worth considering in a turn: pairs, then hunted triples (R8).

    A choice whose actions are, type by type, at most those of another choice of the same or lower
    hunted cost is dropped: anything it allows the other allows too, including which types a bonus
    may be added to (R9: types with a positive amount). Equal budgets keep the first.
    """
    faces = puzzle.turns[turn]
    found: list[BoxOption] = []
    for boxes in PAIRS + TRIPLES:
        total = Counter()
        for name in boxes:
            box = faces.box(name)
            total[box.type] += box.value
        found.append(BoxOption(boxes, tuple(total[t] for t in ACTION_TYPES)))
    kept: list[BoxOption] = []
    for i, option in enumerate(found):
        dominated = False
        for j, other in enumerate(found):
            if i == j or (other.hunted and not option.hunted):
                continue
            if dominates(other.budget, option.budget) and (other.budget != option.budget or other.hunted < option.hunted or j < i):
                dominated = True
                break
        if not dominated:
            kept.append(option)
    return tuple(kept)


class Facts:
    """Precomputed, read-only facts about one puzzle."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.city = puzzle.city
        self.mode = puzzle.mode
        self.rules = puzzle.city.rules
        self.turns = len(puzzle.turns)
        self.start = puzzle.start
        self.options = tuple(turn_options(puzzle, k) for k in range(self.turns))
        self.max_hunts = self.rules.max_hunts  # R16
        self.goals: dict[Coord, tuple[GoalOption, ...]] = {}
        for at, location in self.city.locations.items():
            if at == self.start:
                continue
            options = location.goals(self.mode)
            entries = []
            for goal in options:
                category = self.rules.categories[goal]
                entries.append(
                    GoalOption(at, goal, category.action, category.cost(self.mode), location.crossed(goal, self.mode), location.eatery, len(options) > 1)
                )
            self.goals[at] = tuple(entries)
        start = puzzle.start_location
        self.start_crossed = start.crossed(start.category, self.mode)  # R12
        self.start_eatery = start.eatery
        self.distance = map_distances(self.city.grid, self.start)
        # Bonus actions (R9) exist only in the advanced game.
        self.bonus_positions = bonus_positions(self.rules, self.mode)
        self.bonus_values = tuple(sorted({v for b in self.bonus_positions.values() for v in b.values()}))
        self.max_bonus_plan = MAX_BONUS_PER_TURN * max(self.bonus_values, default=0)
        # Each bonus is earned once a game (R9): all of them together bound the extra steps.
        self.total_bonus = sum(v for positions in self.bonus_positions.values() for v in positions.values())

    def max_steps(self, turns: int) -> int:
        """The most path steps the first `turns` turns can give: plan boxes plus bonus actions (R5, R9)."""
        base = sum(max(o.amount(ActionType.PLAN) for o in self.options[k]) for k in range(turns))
        extra = sum(self.max_bonus_plan for k in range(turns) if max(o.amount(ActionType.PLAN) for o in self.options[k]) > 0)
        return base + min(extra, self.total_bonus)

    def max_plan(self, turn: int) -> int:
        """The most path steps a turn can give, counting bonus actions added to plan (R5, R9)."""
        best = max(o.amount(ActionType.PLAN) for o in self.options[turn])
        # R9: a bonus adds to a type chosen this turn, so plan bonuses need a plan box.
        return best + (self.max_bonus_plan if best > 0 else 0)

    def ceiling(self) -> int:
        """A trivial upper bound on the appreciation: every strip full (eat doubled), every assignment
        at its best value, no hunted action."""
        total = 0
        for name, strip in self.rules.strips.items():
            best = max(strip.numbers)
            total += 2 * best if name == EAT and best > 0 else best
        for assignment in self.puzzle.assignments:
            total += assignment.max_points
        return total + max(self.rules.hunted)

    # --- scoring (the engine's tally, R9, R13, R15–R17) ------------------------------------------

    def appreciation(self, claims: Iterable[GoalOption], hunted: int) -> int:
        """The final appreciation of a set of achievements (the start's is added here)."""
        return appreciation(self.rules, self.puzzle.assignments, self.tally(claims), hunted)

    def tally(self, claims: Iterable[GoalOption]) -> Tally:
        """The engine's tally of the start (R12) and these achievements, in order (bonus actions
        earned included, R9)."""
        tally = Tally()
        tally.add(self.start, self.start_crossed, self.start_eatery, self.bonus_positions)
        for claim in claims:
            tally.add(claim.at, claim.crossed, claim.eatery, self.bonus_positions)
        return tally
