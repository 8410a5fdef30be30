"""A window of a plan re-decided exactly: the CP-SAT sub-model of the large-neighbourhood search.

`build(facts, plan, window)` keeps every turn outside the window as it is (boxes, moves, goals,
bonus uses) and frees the window's turns: their box choices (R8), the goals they achieve (R10,
R11, R14), their bonus uses (R9) and how many steps each takes (R5). Per arm (R6) the nodes the
plan entered during the window, its *segment*, are either re-routed (any legal path from the
arm's end before the window that joins the arm's later nodes, of any length) or kept in order
(cut short only when nothing follows). The later nodes keep their order and turns, so they move
along the path with the segment: their positions are counted from the segment's end.

So the sub-model's plans are exactly the legal plans that agree with `plan` outside the window
(for re-routed arms): when its optimum is proven and no better than `plan`, no better plan
changes only those turns. That is the local-optimality certificate of `lns.py`.

Scores, payments and bonus bookkeeping are the full model's own helpers (`model.add_payments`,
`add_bonus`, `add_score`) over the whole game: the kept goals enter them as constant literals, so the
objective is the appreciation of the whole plan. Like the full model, bonus actions earned in a
turn may pay for anything in that turn (the engine: only for what comes after the goal that earns
them, R9b); a solution the engine refuses is reported as such (`Solution.plan is None`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ortools.sat.python import cp_model

from generator.rules.sheet import Sheet
from generator.rules.grid import Coord, crossing_diagonal, edge
from generator.rules.plan import GoalClaim, Plan, Turn
from generator.rules.replay import replay
from generator.solver.facts import Facts, map_distances
from generator.solver.model import (PLAN, Model, add_bonus, add_crossings_apart, add_payments, add_score, add_touched,
                                    add_turns, bonus_total)
from generator.solver.readback import SolverBug, bonus_uses, ordered


@dataclass(frozen=True)
class Window:
    """Turns first..last (1-based, inclusive) re-decided; per arm, whether its segment is re-routed."""

    first: int
    last: int
    reroute: tuple[bool, bool] = (True, True)
    slack: int | None = None  # a re-routed segment holds at most its old length + slack (None: any)

    @property
    def size(self) -> int:
        return self.last - self.first + 1


@dataclass
class _Arm:
    """One end of the path (R6) as the window sees it."""

    start: Coord               # the arm's end before the window (position 0 of the segment)
    segment: list[Coord]       # the nodes the plan entered in the window
    after: list[Coord]         # the nodes entered after the window (kept, in order)
    reroute: bool
    length: int = 0            # the most nodes the new segment may hold
    at: dict[int, list[Coord]] | None = None  # candidate nodes per segment index 1..length


class WindowModel:
    """The built sub-model of one window, its variables, and how to read a plan back."""

    def __init__(self, facts: Facts, plan: Plan, window: Window, complete_first: bool = False) -> None:
        self.facts = facts
        self.plan = plan
        self.window = window
        puzzle = facts.puzzle
        self.turns = range(window.first, window.last + 1)
        self.cp = cp_model.CpModel()
        self.m = Model(facts, self.cp, puzzle.directions, [])
        self.y: dict[tuple[int, int, Coord], cp_model.IntVar] = {}
        self.present: dict[tuple[int, int], cp_model.IntVar] = {}
        self.g: dict[tuple[int, int, int], cp_model.IntVar] = {}
        self._split()
        add_turns(self.m)
        self._fix_boxes()
        self._path()
        self._claims()
        add_payments(self.m, self._steps)
        self._fix_bonus()
        add_bonus(self.m, False)
        add_score(self.m)
        objective = self.m.objective
        if complete_first:
            objective = objective + complete_weight(facts) * sum(self.m.complete)
        self.objective = objective
        self.cp.Maximize(objective)
        self._hint()

    # --- the plan around the window ------------------------------------------------------------

    def _split(self) -> None:
        facts, window, plan = self.facts, self.window, self.plan
        turns = plan.turns
        self.arms: list[_Arm] = []
        fixed = {facts.start}
        for e in range(self.m.arms):
            before = [v for t in turns[: window.first - 1] for v in t.moves[e]]
            segment = [v for t in turns[window.first - 1 : window.last] for v in t.moves[e]]
            after = [v for t in turns[window.last :] for v in t.moves[e]]
            start = before[-1] if before else facts.start
            self.arms.append(_Arm(start, segment, after, window.reroute[e]))
            fixed.update(before)
            fixed.update(after)
        self.fixed_nodes = fixed
        # Diagonal steps outside the window; the step from a segment to the arm's later nodes
        # depends on the segment and is a variable (see _path).
        self.fixed_diagonals = set()
        for e in range(self.m.arms):
            nodes = [facts.start] + [v for t in turns for v in t.moves[e]]
            # Step i enters nodes[i + 1]; the window's steps enter its segment, plus the step
            # from the segment's end to the first later node.
            skipped = len(nodes) - 1 - len(self.arms[e].segment) - len(self.arms[e].after)
            inside = range(skipped, skipped + len(self.arms[e].segment) + 1)
            for i in range(len(nodes) - 1):
                if i in inside:
                    continue
                a, b = nodes[i], nodes[i + 1]
                if crossing_diagonal(a, b) is not None:
                    self.fixed_diagonals.add(edge(a, b))
        self.kept_claims: dict[Coord, int] = {}  # location → turn, goals achieved outside the window
        for k, turn in enumerate(turns, start=1):
            if k not in self.turns:
                for claim in turn.goals:
                    self.kept_claims[claim.at] = k

    def _option(self, k: int) -> int:
        """The index of turn k's box choice among the model's options (the plan is in model form)."""
        boxes = tuple(self.plan.turns[k - 1].boxes)
        for i, option in enumerate(self.facts.options[k - 1]):
            if option.boxes == boxes:
                return i
        raise ValueError(f"turn {k} takes boxes {' '.join(boxes)}, which the model does not keep")

    def _fix_boxes(self) -> None:
        for k in range(1, self.facts.turns + 1):
            if k not in self.turns:
                self.cp.Add(self.m.box[k, self._option(k)] == 1)

    # --- the path (R2–R6) ----------------------------------------------------------------------

    def _steps_cap(self) -> dict[int, int]:
        """Most nodes the arms can enter from the window's first turn to the end of turn k (R5, R9)."""
        facts = self.facts
        caps, base, extra = {}, 0, 0
        for k in self.turns:
            best = max(o.amount(PLAN) for o in facts.options[k - 1])
            base += best
            extra += facts.max_bonus_plan if best > 0 else 0
            caps[k] = base + min(extra, facts.total_bonus)
        return caps

    def G(self, e: int, k: int, i: int):
        """'Arm e holds at least i segment nodes after turn k': a literal, or True/False."""
        if i <= 0:
            return True
        if k < self.window.first:
            return False
        if k >= self.window.last:
            return self.present.get((e, i), False)
        return self.g.get((e, k, i), False)

    def _path(self) -> None:
        """R2–R6 in the window: each arm's new segment, its steps, and its join to the later nodes."""
        caps = self._steps_cap()
        self.diagonal: dict[frozenset, cp_model.IntVar] = {}  # diagonal steps the new segments may take
        self.exact = True  # every plan that agrees outside the window is in the model
        for e, arm in enumerate(self.arms):
            self._candidates(arm, caps[self.window.last])
            self._segment(e, arm)
            self._segment_steps(e, arm)
            if arm.after:
                self._join(e, arm)
        # R4: a node is entered at most once; two crossing diagonals are never both steps.
        by_node = defaultdict(list)
        for (e, i, v), literal in self.y.items():
            by_node[v].append(literal)
        for literals in by_node.values():
            if len(literals) > 1:
                self.cp.AddAtMostOne(literals)
        add_crossings_apart(self.cp, self.diagonal)
        self._turn_counts(caps)

    def _candidates(self, arm: _Arm, total: int) -> None:
        """The nodes each segment index may hold: a kept segment's own; for a re-routed one (at
        most `total` nodes, or its old length + slack) those reachable from the arm's end that can
        still join the later nodes, both avoiding the kept path."""
        if not arm.reroute:
            arm.length = len(arm.segment)
            arm.at = {i: [v] for i, v in enumerate(arm.segment, start=1)}
            return
        arm.length = total
        if self.window.slack is not None and len(arm.segment) + self.window.slack < total:
            arm.length = len(arm.segment) + self.window.slack
            self.exact = False
        longest = arm.length
        grid = self.facts.city.grid
        near = map_distances(_Avoiding(grid, self.fixed_nodes - {arm.start}), arm.start)
        back = map_distances(_Avoiding(grid, self.fixed_nodes - {arm.after[0]}), arm.after[0]) if arm.after else None
        arm.at = {}
        for i in range(1, longest + 1):
            arm.at[i] = [
                v for v, d in near.items()
                if 1 <= d <= i and (back is None or back.get(v, longest + 2) <= longest - i + 1)
            ]
        while arm.length and not arm.at[arm.length]:
            arm.length -= 1

    def _segment(self, e: int, arm: _Arm) -> None:
        """y[e, i, v]: the segment's i-th node is v; present[e, i]: the segment has an i-th node."""
        cp = self.cp
        for i in range(1, arm.length + 1):
            present = cp.NewBoolVar(f"present_{e}_{i}")
            self.present[e, i] = present
            literals = []
            for v in arm.at[i]:
                literal = cp.NewBoolVar(f"y_{e}_{i}_{v}")
                self.y[e, i, v] = literal
                literals.append(literal)
            cp.Add(sum(literals) == present)
            if i > 1:
                cp.AddImplication(present, self.present[e, i - 1])
        if not arm.reroute and arm.after:
            for i in range(1, arm.length + 1):
                cp.Add(self.present[e, i] == 1)  # a kept segment that later nodes follow stays whole

    def _segment_steps(self, e: int, arm: _Arm) -> None:
        """R2: each node of the segment follows the one before it (the first, the arm's end);
        a diagonal step implies its literal (R4)."""
        cp, grid = self.cp, self.facts.city.grid
        for i in range(1, arm.length + 1):
            for v in arm.at[i]:
                literal = self.y[e, i, v]
                if i == 1:
                    d = self._diagonal(arm.start, v) if arm.start in grid.neighbours(v) else False
                    if d is False:
                        cp.Add(literal == 0)
                    elif d is not None:
                        cp.AddImplication(literal, d)
                    continue
                before = [(u, self.y[e, i - 1, u]) for u in grid.neighbours(v) if (e, i - 1, u) in self.y]
                cp.AddBoolOr([u_lit for _, u_lit in before] + [literal.Not()])
                for u, u_lit in before:
                    d = self._diagonal(u, v)
                    if d is False:
                        cp.AddBoolOr([u_lit.Not(), literal.Not()])
                    elif d is not None:
                        cp.AddBoolOr([u_lit.Not(), literal.Not(), d])

    def _join(self, e: int, arm: _Arm) -> None:
        """R2: the segment joins the arm's later nodes: its last node (the arm's end when it is
        empty) is a neighbour of the first later node."""
        cp = self.cp
        head = arm.after[0]
        links = set(self.facts.city.grid.neighbours(head))
        for i in range(1, arm.length + 1):
            more = self.present.get((e, i + 1))
            for v in arm.at[i]:
                ends_here = [self.y[e, i, v].Not()] + ([more] if more is not None else [])
                d = self._diagonal(v, head) if v in links else False
                if d is False:
                    cp.AddBoolOr(ends_here)
                elif d is not None:
                    cp.AddBoolOr(ends_here + [d])
        first = self.present.get((e, 1))
        d = self._diagonal(arm.start, head) if arm.start in links else False
        if d is False:
            cp.Add(first == 1) if first is not None else cp.Add(False)
        elif d is not None:
            cp.AddBoolOr(([first] if first is not None else []) + [d])

    def _diagonal(self, a: Coord, b: Coord):
        """The literal a diagonal step a–b implies (R4); None for a straight step, False when the
        step crosses a kept diagonal."""
        other = crossing_diagonal(a, b)
        if other is None:
            return None
        if other in self.fixed_diagonals:
            return False
        key = edge(a, b)
        if key not in self.diagonal:
            self.diagonal[key] = self.cp.NewBoolVar(f"diag_{min(a, b)}_{max(a, b)}")
        return self.diagonal[key]

    def _turn_counts(self, caps: dict[int, int]) -> None:
        """g[e, k, i]: the arm holds at least i segment nodes after turn k (R5), never fewer later."""
        cp = self.cp
        for e, arm in enumerate(self.arms):
            for k in self.turns:
                if k == self.window.last:
                    continue  # after the window's last turn the segment is whole: present[e, i]
                for i in range(1, min(arm.length, caps[k]) + 1):
                    self.g[e, k, i] = cp.NewBoolVar(f"g_{e}_{k}_{i}")
            for k in self.turns:
                for i in range(1, arm.length + 1):
                    now = self.G(e, k, i)
                    if isinstance(now, bool):
                        continue
                    if i > 1 and not isinstance(self.G(e, k, i - 1), bool):
                        cp.AddImplication(now, self.G(e, k, i - 1))
                    earlier = self.G(e, k - 1, i)
                    if not isinstance(earlier, bool):
                        cp.AddImplication(earlier, now)

    def _steps(self, k: int):
        """Nodes entered in turn k over all arms (R5): constant outside the window."""
        if k not in self.turns:
            return self.plan.turns[k - 1].steps
        total = 0
        for e, arm in enumerate(self.arms):
            for i in range(1, arm.length + 1):
                now, before = self.G(e, k, i), self.G(e, k - 1, i)
                total += (now if not isinstance(now, bool) else int(now)) - (before if not isinstance(before, bool) else int(before))
        return total

    # --- goals (R10, R11, R14) -----------------------------------------------------------------

    def _claims(self) -> None:
        facts, cp, m = self.facts, self.cp, self.m
        for k, turn in enumerate(self.plan.turns, start=1):
            if k in self.turns:
                continue
            for claim in turn.goals:
                g = next(i for i, goal in enumerate(facts.goals[claim.at]) if claim.goal in (None, goal.goal))
                m.claim[claim.at, g, k] = cp.NewConstant(1)
        positions = defaultdict(list)  # location → (arm, segment index); index 0 = the arm's end
        for e, arm in enumerate(self.arms):
            positions[arm.start].append((e, 0))
        for (e, i, v) in self.y:
            positions[v].append((e, i))
        for v, goals in facts.goals.items():
            if v in self.kept_claims or v not in positions:
                continue
            literals = []
            for k in self.turns:
                for g in range(len(goals)):
                    literal = cp.NewBoolVar(f"claim_{v}_{g}_{k}")
                    m.claim[v, g, k] = literal
                    literals.append(literal)
                    for e, i in positions[v]:
                        if i == 0:
                            # The arm's end is touched while the arm has not moved on (R10).
                            moved = self.G(e, k - 1, 1)
                            if moved is True:
                                cp.Add(literal == 0)
                            elif moved is not False:
                                cp.AddImplication(literal, moved.Not())
                            continue
                        add_touched(cp, literal, self.y[e, i, v], self.G(e, k, i), self.G(e, k - 1, i + 1))
            cp.AddAtMostOne(literals)
            on_path = [self.y[e, i, v] for e, i in positions[v] if i > 0]
            if len(on_path) == len(positions[v]):  # not an arm's end: on the path only if entered
                cp.Add(sum(literals) <= sum(on_path))
        # Goals kept after the window at a node they touch as an end, not as a node entered that
        # turn (R10): that node must still be an end when the turn starts.
        for k in range(self.window.last + 1, facts.turns + 1):
            entered = {v for moves in self.plan.turns[k - 1].moves for v in moves}
            ends = self._ends_before(k)
            for claim in self.plan.turns[k - 1].goals:
                if claim.at in entered:
                    continue
                options = []
                for e, end in ends:
                    if end == "segment":
                        options.append(self._ends_at(e, claim.at))
                    elif end == claim.at:
                        options.append(True)
                if any(o is True for o in options):
                    continue
                options = [o for o in options if o is not False]
                cp.AddBoolOr(options) if options else cp.Add(False)

    def _ends_before(self, k: int) -> list[tuple[int, Coord | str]]:
        """Each arm's end when turn k (after the window) starts: a kept node, or 'segment'."""
        ends = []
        for e, arm in enumerate(self.arms):
            moved = [v for t in self.plan.turns[self.window.last : k - 1] for v in t.moves[e]]
            ends.append((e, moved[-1] if moved else "segment"))
        if self.m.arms == 1:
            return ends[:1]
        return ends

    def _ends_at(self, e: int, v: Coord):
        """A literal: arm e's segment ends at v (its end is v after the window)."""
        arm = self.arms[e]
        cp = self.cp
        spots = [i for i in range(1, arm.length + 1) if (e, i, v) in self.y]
        if not spots and arm.start != v:
            return False
        literal = cp.NewBoolVar(f"ends_{e}_{v}")
        choices = [self.y[e, i, v] for i in spots]
        if arm.start == v:
            first = self.present.get((e, 1))
            if first is None:
                return True
            choices.append(first.Not())
        cp.AddBoolOr([literal.Not()] + choices)
        for i in spots:
            more = self.present.get((e, i + 1))
            if more is not None:
                cp.AddBoolOr([literal.Not(), self.y[e, i, v].Not(), more.Not()])
        return literal

    # --- bonus actions (R9) --------------------------------------------------------------------

    def _fix_bonus(self) -> None:
        """Bonus uses outside the window stay as the plan has them."""
        uses = defaultdict(int)
        for k, turn in enumerate(self.plan.turns, start=1):
            if k in self.turns:
                continue
            for use in turn.bonus:
                uses[k, use.value, use.action] += 1
                bonus_total(self.m, k, use.action)  # make sure the use variable exists
        for (k, w, action), var in self.m.use.items():
            if k not in self.turns:
                self.cp.Add(var == uses.get((k, w, action), 0))

    # --- hint and read-back --------------------------------------------------------------------

    def _hint(self) -> None:
        """The plan's own window as a hint (a complete one for the decision variables)."""
        facts, m = self.facts, self.m
        values = {}
        for k in self.turns:
            chosen = self._option(k) if self._known_option(k) else None
            for i, _ in enumerate(facts.options[k - 1]):
                values[m.box[k, i]] = int(i == chosen)
        for e, arm in enumerate(self.arms):
            done = 0
            for k in self.turns:
                done += len(self.plan.turns[k - 1].moves[e])
                for i in range(1, arm.length + 1):
                    literal = self.G(e, k, i)
                    if not isinstance(literal, bool):
                        values[literal] = int(i <= done)
            for i in range(1, arm.length + 1):
                for v in arm.at[i]:
                    values[self.y[e, i, v]] = int(i <= len(arm.segment) and arm.segment[i - 1] == v)
        for k in self.turns:
            turn = self.plan.turns[k - 1]
            claimed = {c.at: c.goal for c in turn.goals}
            for (v, g, kk), literal in m.claim.items():
                if kk == k:
                    goal = facts.goals[v][g]
                    values[literal] = int(v in claimed and claimed[v] in (None, goal.goal))
            for (kk, w, action), var in m.use.items():
                if kk == k:
                    values[var] = sum(1 for b in turn.bonus if b.value == w and b.action is action)
        for var, value in values.items():
            self.cp.AddHint(var, value)

    def complete_hint(self, seed: int, work: float) -> float:
        """Complete the hint with a quick solve of the model fixed to it; returns the work spent.

        CP-SAT takes a complete hint far better than a partial one (OR-Tools #4166): without this,
        advanced windows often found no solution at all within their work.
        """
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        solver.parameters.fix_variables_to_their_hinted_value = True
        solver.parameters.catch_sigint_signal = False
        solver.parameters.max_deterministic_time = work
        status = solver.Solve(self.cp)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            self.cp.ClearHints()
            for index in range(len(self.cp.Proto().variables)):
                var = self.cp.GetIntVarFromProtoIndex(index)
                self.cp.AddHint(var, solver.Value(var))
        return solver.ResponseProto().deterministic_time

    def _known_option(self, k: int) -> bool:
        try:
            self._option(k)
        except ValueError:
            return False
        return True

    def read(self, solver: cp_model.CpSolver) -> Plan | None:
        """The solution as a whole plan; None when no legal order of some turn's goals exists."""
        facts, m = self.facts, self.m
        segments = []
        for e, arm in enumerate(self.arms):
            nodes = []
            for i in range(1, arm.length + 1):
                if not solver.BooleanValue(self.present[e, i]):
                    break
                nodes.append(next(v for v in arm.at[i] if solver.BooleanValue(self.y[e, i, v])))
            segments.append(nodes)
        sheet = Sheet(facts.puzzle)
        turns = []
        done = [0] * self.m.arms
        for k, kept in enumerate(self.plan.turns, start=1):
            if k not in self.turns:
                turn = kept
            else:
                option = next(o for i, o in enumerate(facts.options[k - 1]) if solver.BooleanValue(m.box[k, i]))
                moves = [(), ()]
                for e, arm in enumerate(self.arms):
                    count = sum(1 for i in range(1, arm.length + 1) if _true(solver, self.G(e, k, i)))
                    moves[e] = tuple(segments[e][done[e]:count])
                    done[e] = count
                claims = [
                    GoalClaim(v, facts.goals[v][g].goal if facts.goals[v][g].named else None)
                    for (v, g, kk), var in m.claim.items()
                    if kk == k and solver.BooleanValue(var)
                ]
                turn = Turn(option.boxes, (moves[0], moves[1]), tuple(claims), bonus_uses(m.use, solver, k))
            turn = ordered(sheet, turn)
            if turn is None:
                return None
            sheet.play(turn)
            turns.append(turn)
        plan = Plan(tuple(turns))
        report = replay(facts.puzzle, plan)
        if not report.valid:
            raise SolverBug("the engine rejects a window's plan: " + "; ".join(map(str, report.violations)))
        if report.score != round(solver.Value(self.m.objective)):
            raise SolverBug(f"the engine scores a window's plan {report.score}, the sub-model {round(solver.Value(self.m.objective))}")
        return plan


def complete_weight(facts: Facts) -> int:
    """More than any two appreciations differ: one more complete assignment outweighs any score."""
    lowest = sum(min(0, min(strip.numbers)) for strip in facts.rules.strips.values())
    lowest = 2 * lowest + min(facts.rules.hunted)  # a doubled eat strip at worst
    return facts.ceiling() - lowest + 1


class _Avoiding:
    """A grid view without some nodes, for distances that avoid the kept path."""

    def __init__(self, grid, avoid: set[Coord]) -> None:
        self.grid = grid
        self.avoid = avoid

    def neighbours(self, v: Coord):
        return tuple(u for u in self.grid.neighbours(v) if u not in self.avoid)


def _true(solver: cp_model.CpSolver, literal) -> bool:
    return literal if isinstance(literal, bool) else solver.BooleanValue(literal)
