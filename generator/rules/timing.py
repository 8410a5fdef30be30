"""When a turn's actions are spent: whether some order of its events pays each one as it happens (R9b).

A sheet records a turn without an order, but the turn happens in time. Its events are each end's
steps, one after another (one plan action each, R5); each goal, once the path touches its node
(paid in full from one action type, R11); and each bonus use, once a bonus of its value is held,
from earlier turns or earned by a goal achieved before it this turn (R9). The turn is legal when
some order of these events pays every step and goal at the moment it happens, from the chosen boxes
plus the bonus uses taken so far. So a bonus never pays for the step that reaches the goal that
earns it: the player writes what was done, the referee finds the order.

`find_order` is that referee: a depth-first search over (steps taken per end, goals achieved,
bonus uses taken) with a memory of dead states. Two exchange arguments keep it small; both move one
event of a paying order to the front and show the order still pays:
- a bonus use whose value is held now may come first: moving the first use of that value in a
  paying order to the front only adds funds sooner, and no use of that value came before it;
- a step, when a plan action is left and no goal costs plan: moving the first step of a paying
  order to the front spends plan that only steps spend, and only makes goals touchable sooner.
Otherwise the search tries each touchable, affordable goal. A turn has at most two bonus uses
(R9) and a handful of goals, so the states number in the hundreds at most.

The module knows actions and counts only; the sheet (generator/rules/sheet.py) says what a goal
earns and words the verdict.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from generator.rules.cards import ActionType
from generator.rules.plan import BonusUse

PLAN = ActionType.PLAN


@dataclass(frozen=True)
class Payment:
    """A goal claimed this turn, as its payment sees it: the action type and cost (R11), and when
    its node is touched: after `steps` steps of end `end` (0 steps: an end at the turn's start)."""

    action: ActionType
    cost: int
    end: int
    steps: int


Event = tuple[str, int]  # ("step", end), ("goal", index into the payments), ("bonus", index into the uses)


@dataclass(frozen=True)
class TurnEvents:
    """What one turn spends and gains: the funds of its boxes, the bonuses held before it, the steps
    of each end, its goals and its bonus uses, and `earned(mask)`: the bonus values that the goals
    in `mask` (a bit per payment) earn together, whatever their order."""

    funds: Counter
    held: Counter
    steps: tuple[int, int]
    goals: Sequence[Payment]
    uses: Sequence[BonusUse]
    earned: Callable[[int], Counter]


def find_order(turn: TurnEvents) -> list[Event] | None:
    """An order of the turn's events that pays each when it happens, or None when there is none."""
    return _Search(turn).run()


def pays_in_total(turn: TurnEvents) -> bool:
    """Whether the boxes plus every bonus use cover all steps and goals, ignoring when bonuses are
    earned: necessary for `find_order`, and sufficient when the turn uses no bonus (funds then only
    go down, so every order spends the same)."""
    return covers(turn.funds, turn.uses, sum(turn.steps), ((goal.action, goal.cost) for goal in turn.goals))


def covers(funds: Counter, uses: Sequence[BonusUse], steps: int, costs: Iterable[tuple[ActionType, int]]) -> bool:
    """`pays_in_total` on plain counts (the move generator's turns without bonus uses skip building
    the events): the funds plus the uses cover the steps (plan) and the goals' costs."""
    total = Counter(funds)
    for use in uses:
        total[use.action] += use.value
    total[PLAN] -= steps
    for action, cost in costs:
        total[action] -= cost
    return all(value >= 0 for value in total.values())


class _Search:
    def __init__(self, turn: TurnEvents) -> None:
        self.turn = turn
        self.full = (1 << len(turn.goals)) - 1
        self.all_uses = (1 << len(turn.uses)) - 1
        self.steps_may_wait = any(goal.action is PLAN for goal in turn.goals)
        self.dead: set[tuple[int, int, int, int]] = set()
        self.earned_by: dict[int, Counter] = {}

    def run(self) -> list[Event] | None:
        if not pays_in_total(self.turn):
            return None
        if not self.turn.uses:
            return self._any_order()
        order: list[Event] = []
        found = self._visit((0, 0), 0, 0, dict(self.turn.funds), {}, order)
        return order if found else None

    def _any_order(self) -> list[Event]:
        """Without bonus uses every order pays alike: the steps, then the goals."""
        order: list[Event] = [("step", end) for end in (0, 1) for _ in range(self.turn.steps[end])]
        return order + [("goal", i) for i in range(len(self.turn.goals))]

    def _earned(self, mask: int) -> Counter:
        if mask not in self.earned_by:
            self.earned_by[mask] = self.turn.earned(mask)
        return self.earned_by[mask]

    def _visit(self, taken: tuple[int, int], goals: int, uses: int, funds: dict, used: dict,
               order: list[Event]) -> bool:
        """Whether the events not yet taken can follow in some paying order, from the state
        (steps taken per end, goals and uses taken as bit masks); `funds` are the actions left
        and `used` the bonus values used, both following from the state (kept along for speed)."""
        turn = self.turn
        if taken == turn.steps and goals == self.full and uses == self.all_uses:
            return True
        key = (taken[0], taken[1], goals, uses)
        if key in self.dead:
            return False
        earned = self._earned(goals)
        for event in self._choices(taken, goals, uses, funds, earned, used):
            order.append(event)
            kind, i = event
            after = dict(funds)
            if kind == "bonus":
                use = turn.uses[i]
                after[use.action] = after.get(use.action, 0) + use.value
                more = dict(used)
                more[use.value] = more.get(use.value, 0) + 1
                found = self._visit(taken, goals, uses | 1 << i, after, more, order)
            elif kind == "goal":
                goal = turn.goals[i]
                after[goal.action] = after.get(goal.action, 0) - goal.cost
                found = self._visit(taken, goals | 1 << i, uses, after, used, order)
            else:
                after[PLAN] -= 1
                walked = (taken[0] + 1, taken[1]) if i == 0 else (taken[0], taken[1] + 1)
                found = self._visit(walked, goals, uses, after, used, order)
            if found:
                return True
            order.pop()
        self.dead.add(key)
        return False

    def _choices(self, taken: tuple[int, int], goals: int, uses: int, funds: dict, earned: Counter,
                 used: dict) -> list[Event]:
        turn = self.turn
        ready_uses, seen = [], set()
        for j, use in enumerate(turn.uses):
            held = turn.held[use.value] + earned[use.value] - used.get(use.value, 0)
            if not uses >> j & 1 and held > 0 and use not in seen:
                seen.add(use)  # two equal uses are one choice
                ready_uses.append(("bonus", j))
        if ready_uses:
            return ready_uses
        steps = [("step", end) for end in (0, 1) if taken[end] < turn.steps[end]] if funds.get(PLAN, 0) > 0 else []
        if steps and not self.steps_may_wait:
            return steps
        ready_goals = [
            ("goal", i) for i, goal in enumerate(turn.goals)
            if not goals >> i & 1 and taken[goal.end] >= goal.steps and funds.get(goal.action, 0) >= goal.cost
        ]
        return steps + ready_goals
