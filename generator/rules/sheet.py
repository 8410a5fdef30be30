"""One player's fill-in sheet: its state and the checked application of a turn (R4–R16).

`Sheet.play(turn)` checks a turn against every rule and applies it, or raises IllegalMoveError
listing each violation with its ruling; `Sheet.score()` gives the appreciation (R15–R17). What the
achievements count for and how that scores is the sheet's `tally` (generator/rules/tally.py).
The legal-choice helpers (`legal_boxes`, `budget`, `steps_from`, `goal_options`) are what the
move generator (generator.rules.moves: `legal_turns` and the pieces players build turns from) is
made of; `Sheet.copy()` gives a sheet to try turns on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from generator.errors import IllegalMoveError, Violation, shown
from generator.language import _, ngettext
from generator.rules.cards import BOX_NAMES, PAIRS, TRIPLES, ActionType, normalise_boxes
from generator.rules.city import ADVANCED, Location, city_words
from generator.rules.grid import Coord, crossing_diagonal, edge
from generator.rules.plan import BonusUse, GoalClaim, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.timing import Payment, TurnEvents, covers, find_order
from generator.rules.tally import Breakdown, Tally, bonus_positions, hunted_score, solo_score, strip_scores

MAX_BONUS_PER_TURN = 2  # R9


@dataclass(frozen=True)
class Achievement:
    """A location achieved: when, with which goal, and the strips it counted for."""

    turn: int
    at: Coord
    goal: str
    crossed: tuple[str, ...]


@dataclass
class _TurnEffects:
    """What a checked turn changes, computed before anything is committed."""

    tally: Tally
    setup: bool = False
    entered: list[list[Coord]] = field(default_factory=lambda: [[], []])
    diagonals: list[frozenset[Coord]] = field(default_factory=list)
    achievements: list[Achievement] = field(default_factory=list)
    pool: Counter = field(default_factory=Counter)
    problems: list[tuple[str, str]] = field(default_factory=list)
    verdict_only: bool = False  # stop at the first problem (Sheet.allows)

    def fail(self, rule: str, message: str) -> None:
        self.problems.append((rule, message))
        if self.verdict_only:
            raise _Refused


class _Refused(Exception):
    """A verdict-only check met its first problem: the turn is illegal, the rest need not be read."""


class Sheet:
    """One player's sheet during a game of `puzzle`."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.city = puzzle.city
        self.mode = puzzle.mode
        self.turn = 0  # turns played so far
        self.paths: list[list[Coord]] = [[], []]  # nodes entered by end a and end b (R6)
        self.on_path: set[Coord] = {puzzle.start}
        self.diagonals: set[frozenset[Coord]] = set()
        self.achievements: list[Achievement] = []
        self.achieved: dict[Coord, Achievement] = {}
        self.tally = Tally()  # what the achievements count for (R13, R15, assignments)
        self.bonus = bonus_positions(self.city.rules, self.mode)  # R9
        self.hunted = 0
        self.bonus_pool: Counter[int] = Counter()  # earned, not yet used bonus values (R9)
        self.completed: dict[str, int] = {}  # race assignment id → turn completed
        # R12: the start location's goal is achieved for free at setup.
        start = puzzle.start_location
        effects = self._effects(setup=True)
        self._achieve(effects, start, start.category, turn=0)
        self._commit(effects)

    # --- queries -------------------------------------------------------------------------------

    @property
    def start(self) -> Coord:
        return self.puzzle.start

    @property
    def over(self) -> bool:
        return self.turn >= len(self.puzzle.turns)

    def head(self, end: int) -> Coord:
        path = self.paths[end]
        return path[-1] if path else self.start

    def ends(self) -> tuple[Coord, ...]:
        """The end(s) the path can grow from and that a turn touches without walking (R6, R10)."""
        if self.puzzle.directions == 1:
            return (self.head(0),)
        heads = (self.head(0), self.head(1))
        return heads if heads[0] != heads[1] else heads[:1]

    def hunts_left(self) -> int:
        """Hunted actions still allowed: one box per hunt, the last number is the final penalty (R16)."""
        return self.city.rules.max_hunts - self.hunted

    def legal_boxes(self) -> tuple[tuple[str, ...], ...]:
        """The box choices of this turn: the 7 pairs, and the 10 hunted triples if a hunt is left (R8)."""
        return PAIRS + TRIPLES if self.hunts_left() > 0 else PAIRS

    def budget(self, boxes: Iterable[str], turn: int | None = None) -> Counter[ActionType]:
        """Actions available from the chosen boxes; boxes of the same type add up (R8)."""
        faces = self.puzzle.turns[self.turn if turn is None else turn]
        total: Counter[ActionType] = Counter()
        for name in boxes:
            box = faces.box(name)
            total[box.type] += box.value
        return total

    def steps_from(self, at: Coord, blocked: Iterable[Coord] = (), diagonals: Iterable = ()) -> list[Coord]:
        """The nodes one legal step away from `at` (R2–R4), given extra nodes/diagonals of this turn."""
        taken = self.on_path.union(blocked)
        used = self.diagonals.union(diagonals)
        result = []
        for node in self.city.grid.neighbours(at):
            if node in taken:
                continue
            other = crossing_diagonal(at, node)
            if other is not None and other in used:
                continue
            result.append(node)
        return result

    def goal_options(self, at: Coord) -> tuple[str, ...]:
        """The goals still achievable at a node (empty when none or already achieved, R10/R14)."""
        location = self.city.locations.get(at)
        if location is None or at in self.achieved:
            return ()
        return location.goals(self.mode)

    def cost(self, goal: str) -> tuple[ActionType, int]:
        category = self.city.rules.categories[goal]
        return category.action, category.cost(self.mode)

    def copy(self) -> "Sheet":
        """An independent copy of the sheet (python-chess's `board.copy()`): playing on one leaves
        the other unchanged. The puzzle and city are immutable and shared, not copied."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.paths = [list(path) for path in self.paths]
        other.on_path = set(self.on_path)
        other.diagonals = set(self.diagonals)
        other.achievements = list(self.achievements)
        other.achieved = dict(self.achieved)
        other.tally = self.tally.copy()
        other.bonus_pool = Counter(self.bonus_pool)
        other.completed = dict(self.completed)
        return other

    # --- playing a turn ------------------------------------------------------------------------

    def check(self, turn: Turn) -> list[Violation]:
        """Every rule the turn breaks (empty when legal); the state is not changed."""
        number = self.turn + 1
        return [Violation(number, rule, message) for rule, message in self._resolve(turn).problems]

    def allows(self, turn: Turn) -> bool:
        """Whether the turn is legal: `not check(turn)`, stopping at the first rule it breaks (the
        page's bonus offers and the solver's read-back ask this of many candidate turns)."""
        return not self._resolve(turn, verdict_only=True).problems

    def play(self, turn: Turn) -> None:
        """Check and apply a turn; raises IllegalMoveError listing every violation."""
        effects = self._resolve(turn)
        if effects.problems:
            raise IllegalMoveError([Violation(self.turn + 1, r, m) for r, m in effects.problems])
        self._commit(effects, hunted=len(turn.boxes) == 3)

    def _effects(self, setup: bool = False) -> _TurnEffects:
        return _TurnEffects(
            tally=self.tally.copy(),
            setup=setup,
            pool=Counter(self.bonus_pool),
        )

    def draft_problems(self, turn: Turn) -> list[Violation]:
        """The rules a turn being written breaks that nothing added to it later can mend: its boxes,
        its path, a goal not touched or not offered, a bonus use out of place (R4–R10, R14, R16).
        Whether its actions pay (R5, R11) and when its bonuses are earned (R9b) wait for the whole
        turn (`check`): the page draws an unpaid step or goal and lets the player go on."""
        number = self.turn + 1
        effects = self._resolve(turn, draft=True)
        return [Violation(number, rule, message) for rule, message in effects.problems]

    def bonus_available(self, turn: Turn) -> Counter[int]:
        """The bonus values a turn being written may still use: those held before it and those its
        goals earn (in whatever order, R9b), less its own bonus uses; zero or more of each value."""
        effects = self._resolve(turn, draft=True)
        pool = Counter(effects.pool)
        pool.subtract(use.value for use in turn.bonus)
        return +pool

    def _resolve(self, turn: Turn, verdict_only: bool = False, draft: bool = False) -> _TurnEffects:
        """The turn's effects and problems. The goals are achieved in the order listed (the tally
        and the bonuses earned do not depend on it); whether the actions pay is asked of
        generator/rules/timing.py, which looks for an order of the turn's events that pays each
        one as it happens (R9b). With `draft`, the payment is not judged (`draft_problems`)."""
        effects = self._effects()
        effects.verdict_only = verdict_only
        try:
            self._check_turn(effects, turn, draft)
        except _Refused:
            pass  # the first problem is recorded: the verdict is known
        return effects

    def _check_turn(self, effects: _TurnEffects, turn: Turn, draft: bool) -> None:
        if self.over:
            effects.fail("R7", _("the game has only {turns} turns").format(turns=len(self.puzzle.turns)))
            return
        budget = self._check_boxes(effects, turn.boxes)
        if budget is None:
            return
        self._check_bonus(effects, turn.bonus, budget)
        touched = set(self.ends())
        self._check_path(effects, turn, touched)
        claims = [paid for claim in turn.goals if (paid := self._claim(effects, claim, touched)) is not None]
        if draft or effects.problems:
            return  # what the turn pays is judged once the rest of it is legal
        events = self._events(budget, effects.entered, claims, turn.bonus)
        if find_order(events) is None:
            rule, message = self._unpaid(events, claims, effects.entered)
            effects.fail(rule, message)
            return
        for use in turn.bonus:
            effects.pool[use.value] -= 1

    def _events(self, budget: Counter, entered: Sequence[Sequence[Coord]], claims: Sequence[tuple[Location, str]],
                uses: Sequence[BonusUse]) -> TurnEvents:
        """The turn as timing.find_order sees it: funds, bonuses held, steps, goals and what they earn."""
        position = {node: (end, i + 1) for end in (0, 1) for i, node in enumerate(entered[end])}
        goals = []
        for location, goal in claims:
            action, cost = self.cost(goal)
            end, steps = position.get(location.at, (0, 0))  # not entered: an end at the turn's start
            goals.append(Payment(action, cost, end, steps))

        def earned(mask: int) -> Counter:
            tally, values = self.tally.copy(), Counter()
            for i, (location, goal) in enumerate(claims):
                if mask >> i & 1:
                    values.update(tally.add(location.at, location.crossed(goal, self.mode), location.eatery, self.bonus))
            return values

        steps = (len(entered[0]), len(entered[1]))
        return TurnEvents(Counter(budget), Counter(self.bonus_pool), steps, goals, tuple(uses), earned)

    def _unpaid(self, events: TurnEvents, claims: Sequence[tuple[Location, str]],
                entered: Sequence[Sequence[Coord]]) -> tuple[str, str]:
        """Why no order of the turn pays (R5, R9, R11): in one sentence, the first of what the
        whole turn lacks, else the bonus earned too late for what it has to pay."""
        total = Counter(events.funds)
        for use in events.uses:
            total[use.action] += use.value
        steps = sum(events.steps)
        if steps > total[ActionType.PLAN]:
            return "R5", ngettext("the path grows {steps} step but the plan actions allow {allowed}",
                                  "the path grows {steps} steps but the plan actions allow {allowed}", steps).format(
                steps=steps, allowed=total[ActionType.PLAN])
        for (location, _goal), payment in zip(claims, events.goals):
            if total[payment.action] < payment.cost:
                return "R11", _("{location} ({at}) needs {cost} {action} action(s), {left} left").format(
                    location=location.name, at=location.at, cost=payment.cost, action=payment.action.value,
                    left=total[payment.action])
            total[payment.action] -= payment.cost
        pool = events.held + events.earned((1 << len(claims)) - 1)
        for value, count in sorted(Counter(use.value for use in events.uses).items()):
            if pool[value] < count:
                return "R9", _("no bonus action of value {value} has been earned").format(value=value)
        return "R9", self._earned_too_late(events, claims, entered)

    def _earned_too_late(self, events: TurnEvents, claims: Sequence[tuple[Location, str]],
                         entered: Sequence[Sequence[Coord]]) -> str:
        """The sentence for a turn whose bonus is earned this turn, but only after what it pays for:
        the first bonus use that, held from the start, would make the turn pay, and where the walk
        earns it at the earliest."""
        for use in events.uses:
            held = events.held + Counter({use.value: 1})
            if find_order(TurnEvents(events.funds, held, events.steps, events.goals, events.uses, events.earned)) is None:
                continue
            node, steps = self._earliest_earning(events, claims, entered, use.value)
            others = sum(u.value for u in events.uses if u is not use and u.action is ActionType.PLAN)
            if node is not None and steps > events.funds[ActionType.PLAN] + others:
                return _("the {value}-{action} bonus is earned at {node}, which this walk reaches only with it").format(
                    value=use.value, action=use.action.value, node=node)
            if node is not None:
                return _("the {value}-{action} bonus is earned at {node}, too late to pay for what comes before it").format(
                    value=use.value, action=use.action.value, node=node)
        return _("no order of this turn's steps, goals and bonus actions pays each of them when it happens: "
                 "a bonus action pays only for what comes after the goal that earns it")

    def _earliest_earning(self, events: TurnEvents, claims: Sequence[tuple[Location, str]],
                          entered: Sequence[Sequence[Coord]], value: int) -> tuple[Coord | None, int]:
        """Where this turn first earns as many bonuses of `value` as it uses (after the fewest
        steps, end a's before end b's) and the steps taken up to there; (None, 0) if it never does."""
        need = sum(1 for use in events.uses if use.value == value) - events.held[value]
        prefixes = sorted(((a, b) for a in range(events.steps[0] + 1) for b in range(events.steps[1] + 1)),
                          key=lambda ab: (ab[0] + ab[1], -ab[0]))
        for taken in prefixes:
            mask = sum(1 << i for i, goal in enumerate(events.goals) if goal.steps <= taken[goal.end])
            if events.earned(mask)[value] < need:
                continue
            if sum(taken) == 0:  # earned by goals at the ends: name the last of them
                last = max((i for i in range(len(claims)) if mask >> i & 1), default=None)
                return (None if last is None else claims[last][0].at), 0
            # the step that completes the earning: of end a if one fewer of its steps falls short
            end = 0 if taken[0] and (taken[1] == 0 or self._short(events, taken, value, need)) else 1
            return entered[end][taken[end] - 1], sum(taken)
        return None, 0

    @staticmethod
    def _short(events: TurnEvents, taken: tuple[int, int], value: int, need: int) -> bool:
        """Whether one step fewer of end a leaves the goals touched short of `need` bonuses of `value`."""
        fewer = (taken[0] - 1, taken[1])
        mask = sum(1 << i for i, goal in enumerate(events.goals) if goal.steps <= fewer[goal.end])
        return events.earned(mask)[value] < need

    def _check_boxes(self, effects: _TurnEffects, boxes: tuple[str, ...]) -> Counter | None:
        names = [b.upper() for b in boxes]
        unknown = [b for b in names if b not in BOX_NAMES]
        if unknown:
            effects.fail("R8", _("unknown box {box} (boxes are L1–L3 and R1–R3)").format(box=shown(unknown[0])))
            return None
        chosen = normalise_boxes(names)
        if len(chosen) != len(names):
            effects.fail("R8", _("a box is chosen twice"))
            return None
        if len(chosen) == 2 and chosen not in PAIRS:
            effects.fail("R8", _("boxes {boxes} do not share a side").format(boxes=" ".join(chosen)))
            return None
        # The messages name the hunt as the city's sheet does (Antwerpen's rush turns); the words
        # are looked up only for a message, never on a legal turn (the solvers check many).
        if len(chosen) == 3:
            if chosen not in TRIPLES:
                effects.fail("R8", _("a {hunted_turn} takes three connected boxes, not {boxes}").format(
                    hunted_turn=city_words(self.city).hunted_turn, boxes=" ".join(chosen)))
                return None
            if self.hunts_left() <= 0:
                effects.fail("R16", _("all {count} {hunted_actions} are used").format(
                    count=self.city.rules.max_hunts, hunted_actions=city_words(self.city).hunted_actions))
        elif len(chosen) != 2:
            effects.fail("R8", _("a turn takes 2 boxes (3 for a {hunted_turn}), not {count}").format(
                hunted_turn=city_words(self.city).hunted_turn, count=len(chosen)))
            return None
        return self.budget(chosen)

    def _check_bonus(self, effects: _TurnEffects, bonus: tuple[BonusUse, ...], budget: Counter) -> None:
        """Where the bonus uses may go (R9); whether they are held in time is the payment's question."""
        if not bonus:
            return
        if self.mode != ADVANCED:
            effects.fail("R9", _("bonus actions belong to the advanced game"))
            return
        if len(bonus) > MAX_BONUS_PER_TURN:
            effects.fail("R9", _("{count} bonus actions in one turn (at most {most})").format(
                count=len(bonus), most=MAX_BONUS_PER_TURN))
        chosen_types = {t for t, v in budget.items() if v > 0}
        for use in bonus:
            if use.action not in chosen_types:
                effects.fail("R9", _("a bonus action adds to a type chosen this turn, not {action}").format(
                    action=use.action.value))

    def actions_left(self, turn: Turn) -> Counter[ActionType]:
        """The actions of a drafted turn's boxes and bonus uses not yet spent on its steps and
        goals (R5, R11): what the page shows while a turn is being tapped in."""
        left = self.budget(turn.boxes)
        for use in turn.bonus:
            left[use.action] += use.value
        left[ActionType.PLAN] -= turn.steps
        for claim in turn.goals:
            goal = claim.goal or self.goal_options(claim.at)[0]
            action, cost = self.cost(goal)
            left[action] -= cost
        return left

    def pays(self, budget: Counter, bonus: tuple[BonusUse, ...], moves: Sequence[Sequence[Coord]],
             claims: Iterable[GoalClaim]) -> bool:
        """Whether the actions in `budget` and the bonus uses pay this walk and these claims in some
        order of the turn's events (R9b), for a turn whose path and claims are legal otherwise. The
        move generator asks it of each turn it tries; nothing is committed."""
        paid = []
        for claim in claims:
            location = self.city.locations[claim.at]
            paid.append((location, claim.goal or location.goals(self.mode)[0]))
        if not bonus:  # funds only go down: the totals decide, without building the turn's events
            return covers(budget, (), sum(map(len, moves)), (self.cost(goal) for _location, goal in paid))
        return find_order(self._events(budget, moves, paid, bonus)) is not None

    def _check_path(self, effects: _TurnEffects, turn: Turn, touched: set[Coord]) -> None:
        grid = self.city.grid
        taken = set(self.on_path)
        used = set(self.diagonals)
        for end, moves in enumerate(turn.moves):
            if not moves:
                continue
            if end == 1 and self.puzzle.directions == 1:
                effects.fail("R6", _("a second direction (end b) is allowed only when playing with two directions"))
                continue
            at = self.head(end)
            district = self.puzzle.district
            for node in moves:
                reason = grid.why_not_step(at, node)
                if district is not None and node not in district:
                    # The cropped map says "not a node"; the player sees the node on the city's map.
                    reason = "R1: " + _("{node} is outside the mini's square {square}").format(node=node, square=district.printed)
                if reason is not None:
                    rule, _sep, message = reason.partition(": ")
                    effects.fail(rule, _("step {at}→{node}: {reason}").format(at=at, node=node, reason=message))
                    break
                if node in taken:
                    effects.fail("R4", _("step {at}→{node}: the path may not touch itself at {node}").format(at=at, node=node))
                    break
                other = crossing_diagonal(at, node)
                if other is not None and other in used:
                    effects.fail("R4", _("step {at}→{node} crosses the diagonal {diagonal}").format(
                        at=at, node=node, diagonal="–".join(map(str, sorted(other)))))
                    break
                if other is not None:
                    diagonal = edge(at, node)
                    used.add(diagonal)
                    effects.diagonals.append(diagonal)
                taken.add(node)
                touched.add(node)
                effects.entered[end].append(node)
                at = node

    def _claim(self, effects: _TurnEffects, claim: GoalClaim, touched: set[Coord]) -> tuple[Location, str] | None:
        """A goal claimed this turn, checked for everything but its payment (R10, R14), and
        achieved: (location, goal), or None with the problem recorded."""
        location = self.city.locations.get(claim.at)
        if location is None:
            effects.fail("R10", _("{at} has no goal").format(at=claim.at))
            return None
        done_now = {a.at for a in effects.achievements}
        if claim.at in self.achieved or claim.at in done_now:
            effects.fail("R10", _("{location} ({at}) is already achieved").format(location=location.name, at=claim.at))
            return None
        if claim.at not in touched:
            effects.fail("R10", _("{location} ({at}) is not touched by the path this turn").format(
                location=location.name, at=claim.at))
            return None
        options = location.goals(self.mode)
        goal = claim.goal
        if goal is None:
            if len(options) > 1:
                effects.fail("R14", _("{location} ({at}) offers {options}: name one").format(
                    location=location.name, at=claim.at, options=" or ".join(options)))
                return None
            goal = options[0]
        elif goal not in options:
            effects.fail("R14", _("{location} ({at}) offers {options}, not {goal}").format(
                location=location.name, at=claim.at, options=" or ".join(options), goal=goal))
            return None
        self._achieve(effects, location, goal, turn=self.turn + 1)
        return location, goal

    def _achieve(self, effects: _TurnEffects, location: Location, goal: str, turn: int) -> None:
        """Record an achievement, the numbers it crosses and the bonus actions it earns (R9, R13, R15)."""
        crossed = location.crossed(goal, self.mode)
        effects.achievements.append(Achievement(turn, location.at, goal, crossed))
        for value in effects.tally.add(location.at, crossed, location.eatery, self.bonus):
            effects.pool[value] += 1

    def _commit(self, effects: _TurnEffects, hunted: bool = False) -> None:
        for end, nodes in enumerate(effects.entered):
            self.paths[end].extend(nodes)
            self.on_path.update(nodes)
        self.diagonals.update(effects.diagonals)
        for achievement in effects.achievements:
            self.achievements.append(achievement)
            self.achieved[achievement.at] = achievement
        self.tally = effects.tally
        self.bonus_pool = +effects.pool
        if hunted:
            self.hunted += 1
        if not effects.setup:
            self.turn += 1
        for assignment in self.puzzle.assignments:
            if (
                assignment.is_race
                and assignment.id not in self.completed
                and assignment.complete(self.tally.circled, self.tally.achieved)
            ):
                self.completed[assignment.id] = self.turn  # 0 = complete at setup

    # --- scoring -------------------------------------------------------------------------------

    def strip_scores(self) -> dict[str, int]:
        """Each strip's lowest uncrossed number (R15); the eat score doubled by a restaurant (R13)."""
        return strip_scores(self.city.rules.strips, self.tally)

    def hunted_score(self) -> int:
        return hunted_score(self.city.rules.hunted, self.hunted)  # R16

    def score(self) -> Breakdown:
        """The solo appreciation: strips + assignment bonuses + hunted penalty (R17)."""
        return solo_score(self.city.rules, self.puzzle.assignments, self.tally, self.hunted)
