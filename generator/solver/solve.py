"""solve(): the best plan of a puzzle with a proof, or the best found and a bound at the time limit.

Steps: the best cheap plan (honest player or a small beam, seeding.py: a complete hint and a floor),
the CP-SAT model, the solve, then the plan read back from the solution and replayed by the rules
engine; its score must equal the objective (a mismatch is a bug in the model and raises SolverBug,
never a user error).
"""

from __future__ import annotations

import time
from enum import Enum
from dataclasses import dataclass
from typing import Callable

from ortools.sat.python import cp_model

from generator.rules.sheet import Sheet
from generator.rules.plan import BonusUse, GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay
from generator.solver.facts import Facts
from generator.solver.model import PLAN, Model, build
from generator.solver.readback import SolverBug, ordered
from generator.solver.seeding import Candidate

LNS_SHARE = 0.6  # of the time limit: the LNS's budget in work units (about seconds) and its deadline
FULL_MIN_SECONDS = 5.0  # the full model runs only with at least this much of the time limit left
HINT_SECONDS = 10.0
HINT_SHARE = 0.15  # of the time left, at most, to complete the hint
SAFETY_SECONDS = 4.5  # CP-SAT can overrun its limit by a few seconds in presolve on a loaded machine;
# 3.5 left antw-03 (advanced, two directions, the largest model) 0.1 s over 60 s on an idle machine
RESOLVE_SECONDS = 5.0  # the strict re-solve only runs with at least this much of the time limit left
WALK_SHARE = 0.25  # of the time limit: when the clock stops the search, it stops the walk bound here too
SOLVER_PARAMETERS: dict = {}  # extra CP-SAT parameters (measured in docs/solver.md)


class Status(str, Enum):
    OPTIMAL = "OPTIMAL"        # best plan, proven
    FEASIBLE = "FEASIBLE"      # a plan and an upper bound, not proven optimal
    SOLVABLE = "SOLVABLE"      # --target: a witness plan reaches it and completes every assignment
    UNSOLVABLE = "UNSOLVABLE"  # --target: proven impossible
    UNKNOWN = "UNKNOWN"        # --target: neither found nor refuted in time

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Progress:
    best: int | None
    bound: int | None
    seconds: float


@dataclass(frozen=True)
class SolveResult:
    status: Status
    score: int | None         # the plan's appreciation (replayed by the engine)
    bound: int | None         # proven upper bound on the appreciation (target mode: see docs)
    seconds: float
    plan: Plan | None
    beam_score: int | None = None  # the quick start plan's score, before the search
    target: int | None = None
    window: int = 0             # the LNS certificate (lns.certificate_text): 0 for none
    work: float = 0.0           # deterministic work spent: the LNS's, or prove()'s CP-SAT time
    walk_bound: int | None = None  # the walk bound (walk_bound.py), when it was computed

    @property
    def proven(self) -> bool:
        return self.status in (Status.OPTIMAL, Status.SOLVABLE, Status.UNSOLVABLE)

    @property
    def certificate(self) -> str:
        from generator.solver.lns import certificate_text

        return certificate_text(self.window)

    def as_dict(self) -> dict:
        from generator.data.puzzles import plan_to_data

        return {
            "status": self.status.value,
            "score": self.score,
            "bound": self.bound,
            "seconds": round(self.seconds, 3),
            "plan": plan_to_data(self.plan) if self.plan is not None else None,
            "target": self.target,
            "beam_score": self.beam_score,
            "certificate": {"window": self.window, "text": self.certificate} if self.window else None,
            "work": round(self.work, 3),
            "walk_bound": self.walk_bound,
        }


class _Watcher(cp_model.CpSolverSolutionCallback):
    """Reports each new best solution and bound, and stops on request (Ctrl-C in the CLI)."""

    def __init__(self, started: float, report: Callable[[Progress], None] | None) -> None:
        super().__init__()
        self.started = started
        self.report = report
        self.best: int | None = None
        self.bound: int | None = None

    def on_solution_callback(self) -> None:
        self.best = round(self.ObjectiveValue())
        self.bound = round(self.BestObjectiveBound())
        if self.report:
            self.report(Progress(self.best, self.bound, time.monotonic() - self.started))

    def on_bound(self, bound: float) -> None:
        self.bound = round(bound)
        if self.report:
            self.report(Progress(self.best, self.bound, time.monotonic() - self.started))


def solve(
    puzzle: Puzzle,
    *,
    time_limit: float = 60.0,
    workers: int = 2,
    target: int | None = None,
    seed: int = 0,
    progress: Callable[[Progress], None] | None = None,
    work: float | None = None,
    full_model: bool = True,
    complete_first: bool = False,
    deterministic_time: float | None = None,
    start: Plan | None = None,
    walk_iterations: int = 0,
) -> SolveResult:
    """Maximise the appreciation (or, with `target`, decide whether it can be won).

    1-2. The large-neighbourhood search (lns.py): a portfolio of searches from several cheap
       players' plans, the best continued, or a search from `start`, a legal plan the caller
       has (normalised into the model's form); `work` units of deterministic work, by
       default LNS_SHARE of the time limit (a unit is about a second of two threads here); then
       the clock also stops it at that share of the limit. With an explicit `work` only the whole
       time limit does, so the plan is the same on every machine: the LNS is a pure function of
       (puzzle, work, seed).
    3. With `walk_iterations`: the walk bound (walk_bound.py) of that many
       walk programmes; a plan that meets it is OPTIMAL, a target above it UNSOLVABLE. In clock
       mode (no `work`) it also stops at (LNS_SHARE + WALK_SHARE) of the time limit.
    4. With `full_model` and at least FULL_MIN_SECONDS left: the full CP-SAT model, hinted with
       the LNS plan, for its bound (a proof when the bound meets the plan) and, with a target, for
       the proof that it cannot be won. `deterministic_time` stops it on CP-SAT's deterministic
       time instead of the clock (with workers=1: reproducible).

    Ranking: by appreciation; with `complete_first` or a target, complete assignments first.
    """
    from generator.solver import lns
    from generator.solver.seeding import normalise

    started = time.monotonic()
    facts = Facts(puzzle)
    ranked = complete_first or target is not None
    budget = work if work is not None else LNS_SHARE * time_limit
    deadline = started + (time_limit if work is not None else LNS_SHARE * time_limit)

    def lns_progress(p: lns.Progress) -> None:
        if progress:
            progress(Progress(p.score, None, time.monotonic() - started))

    options = dict(budget=budget, seed=seed, workers=workers, target=target, complete_first=ranked, facts=facts,
                   deadline=deadline, progress=lns_progress)
    try:
        if start is not None:
            report = replay(puzzle, start)
            seeded = normalise(puzzle, facts, Candidate(start, report.score, "caller", bool(report.won(target))))
            if target is not None and seeded.wins:
                return SolveResult(Status.SOLVABLE, seeded.score, None, time.monotonic() - started, seeded.plan, seeded.score, target)
            searched = lns.search(puzzle, seeded.plan, **options)
        else:
            searched = lns.portfolio(puzzle, **options)
    except KeyboardInterrupt:  # Ctrl-C before the search had a plan
        return SolveResult(Status.UNKNOWN if target is not None else Status.FEASIBLE, None, None, time.monotonic() - started, None, None, target)
    start_score = searched.start_score
    plan, score, window = searched.plan, searched.score, searched.window
    if target is not None and searched.won:
        return SolveResult(Status.SOLVABLE, score, None, time.monotonic() - started, plan, start_score, target, window, searched.work)
    if searched.optimal(facts.turns):
        # One exact window of the whole game, proven: the search's ranking has no better plan.
        if target is None:
            return SolveResult(Status.OPTIMAL, score, score, time.monotonic() - started, plan, start_score, None, window, searched.work)
        return SolveResult(Status.UNSOLVABLE, None, target - 1, time.monotonic() - started, None, start_score, target, 0, searched.work)
    walk = None
    if walk_iterations and not searched.interrupted:
        from generator.solver.walk_bound import walk_bound

        walk_deadline = None if work is not None else started + (LNS_SHARE + WALK_SHARE) * time_limit
        walk = walk_bound(facts, iterations=walk_iterations, floor=score, deadline=walk_deadline)
    walk_cap = walk.bound if walk is not None else None
    if walk_cap is not None and target is None and score >= walk_cap:
        return SolveResult(Status.OPTIMAL, score, score, time.monotonic() - started, plan, start_score, None, window,
                           searched.work, walk_cap)
    if walk_cap is not None and target is not None and walk_cap < target:
        return SolveResult(Status.UNSOLVABLE, None, walk_cap, time.monotonic() - started, None, start_score, target, 0,
                           searched.work, walk_cap)
    left = time_limit - (time.monotonic() - started)
    if not full_model or searched.interrupted or (deterministic_time is None and left < FULL_MIN_SECONDS):
        status = Status.UNKNOWN if target is not None else Status.FEASIBLE
        ceiling = facts.ceiling() if walk_cap is None else walk_cap
        return SolveResult(status, score if target is None else None, None if target is not None else ceiling,
                           time.monotonic() - started, plan if target is None else None, start_score, target, window, searched.work,
                           walk_cap)

    hint = normalise(puzzle, facts, Candidate(plan, score, "lns")).plan
    # A deterministic budget is reproducible only with one worker (OR-Tools #2159).
    full_workers = 1 if deterministic_time is not None else workers
    outcome = _run(puzzle, facts, False, target, hint, time_limit, full_workers, seed, started, progress, deterministic_time,
                   walk_cap)
    model, solver, status, found, watcher = outcome
    bound = _bound(solver, status, target, watcher)
    if found is None and status in (cp_model.OPTIMAL, cp_model.FEASIBLE) and target is not None:
        # The relaxed bonus timing produced a witness the engine cannot order (see model.add_bonus):
        # solve again with the strict timing, when there is time (the answer is then not a proof).
        if deterministic_time is not None or time_limit - (time.monotonic() - started) > RESOLVE_SECONDS:
            _, _, _, found, _ = _run(puzzle, facts, True, target, hint, time_limit, full_workers, seed, started, progress, deterministic_time,
                                     walk_cap)
        status = cp_model.UNKNOWN if found is None else cp_model.FEASIBLE
    seconds = time.monotonic() - started

    if target is not None:
        if found is not None:
            return SolveResult(Status.SOLVABLE, replay(puzzle, found).score, bound, seconds, found, start_score, target, 0, searched.work,
                               walk_cap)
        if status == cp_model.INFEASIBLE:
            return SolveResult(Status.UNSOLVABLE, None, target - 1, seconds, None, start_score, target, 0, searched.work, walk_cap)
        return SolveResult(Status.UNKNOWN, None, None, seconds, None, start_score, target, 0, searched.work, walk_cap)

    if found is not None and replay(puzzle, found).score > score:
        plan, score, window = found, replay(puzzle, found).score, 0  # the certificate was the LNS plan's
    if bound is None:
        bound = facts.ceiling()  # no bound from CP-SAT in time: the trivial one, still true
    if walk_cap is not None:
        bound = min(bound, walk_cap)
    # The relaxed bonus timing makes the model's bound a true upper bound of the plans the engine
    # accepts, so a plan that meets it is optimal whichever model found it.
    proven = score >= bound
    return SolveResult(Status.OPTIMAL if proven else Status.FEASIBLE, score, max(bound, score), seconds, plan, start_score, None, window,
                       searched.work, walk_cap)


def prove(puzzle: Puzzle, work: float, seed: int = 0, wall_guard: float = 900.0) -> SolveResult:
    """The full model alone, hinted with the planner's plan, for a small puzzle (the daily mini).

    One worker stopped on `work` units of CP-SAT's deterministic time, so the answer (OPTIMAL with
    its plan, or FEASIBLE with the best plan and bound so far) is a pure function of (puzzle,
    work, seed) on any machine under any load (OR-Tools #2159: only one worker is deterministic).
    The large-neighbourhood search is left out: on a mini the full model proves the optimum in
    seconds, and the proof, not a good plan, is what a mini needs. `wall_guard` only stops a runaway.
    """
    from generator.solver.seeding import normalise, start_plan

    started = time.monotonic()
    facts = Facts(puzzle)
    hint = start_plan(puzzle, facts, ("planner", 4, 3), seed)
    hint = normalise(puzzle, facts, hint)
    _, solver, status, found, watcher = _run(puzzle, facts, False, None, hint.plan, wall_guard, 1, seed, started, None, work)
    bound = _bound(solver, status, None, watcher)
    plan, score = hint.plan, hint.score
    if found is not None and replay(puzzle, found).score >= score:
        plan, score = found, replay(puzzle, found).score
    if bound is None:
        bound = facts.ceiling()
    proven = status == cp_model.OPTIMAL and score >= bound
    return SolveResult(Status.OPTIMAL if proven else Status.FEASIBLE, score, max(bound, score),
                       time.monotonic() - started, plan, hint.score, work=solver.deterministic_time)


def _bound(solver: cp_model.CpSolver, status, target: int | None, watcher: "_Watcher") -> int | None:
    """The proven upper bound; at UNKNOWN (stopped before any solution) only a reported one."""
    if target is not None:
        return None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return int(round(solver.BestObjectiveBound()))
    return watcher.bound


def _run(puzzle, facts, strict, target, hint_plan, time_limit, workers, seed, started, progress, deterministic_time=None,
         cap=None):
    model = build(facts, strict_bonus=strict)
    cp = model.cp
    if target is None:
        cp.Maximize(model.objective)
        if cap is not None:
            cp.Add(model.objective <= cap)  # the walk bound: a true upper bound the model's LP does not see
    else:
        cp.Add(model.objective >= target)
        for literal in model.complete:
            if not isinstance(literal, int):
                cp.Add(literal == 1)
    if hint_plan is not None:
        _hint(model, hint_plan, seed, time_limit - (time.monotonic() - started), deterministic_time)
    solver = cp_model.CpSolver()
    # Leave a margin for reading the plan back and replaying it, so the limit holds overall.
    remaining = max(0.5, time_limit - (time.monotonic() - started) - SAFETY_SECONDS)
    solver.parameters.max_time_in_seconds = remaining
    if deterministic_time is not None:
        solver.parameters.max_deterministic_time = deterministic_time
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.random_seed = seed
    for name, value in SOLVER_PARAMETERS.items():
        setattr(solver.parameters, name, value)
    watcher = _Watcher(started, progress)
    if hasattr(solver, "best_bound_callback") and target is None:
        solver.best_bound_callback = watcher.on_bound
    status = solver.Solve(cp, watcher)
    plan = None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        plan = read_plan(model, solver)
        if plan is not None:
            report = replay(puzzle, plan)
            if not report.valid:
                raise SolverBug("the engine rejects the solver's plan: " + "; ".join(map(str, report.violations)))
            expected = round(solver.ObjectiveValue()) if target is None else None
            if expected is not None and report.score != expected:
                raise SolverBug(f"the engine scores the solver's plan {report.score}, the model {expected}")
            if target is not None and not report.won(target):
                raise SolverBug(f"the solver's witness does not win: score {report.score}, target {target}")
    return model, solver, status, plan, watcher


# --- hints -----------------------------------------------------------------------------------------


def _plan_values(model: Model, plan: Plan) -> dict:
    """The values of the decision variables that describe `plan` (path, boxes, claims, bonuses)."""
    facts = model.facts
    values = {}
    arms: list[list] = [[], []]
    for k, turn in enumerate(plan.turns, start=1):
        options = facts.options[k - 1]
        chosen = tuple(turn.boxes)
        for i, option in enumerate(options):
            values[model.box[k, i]] = int(option.boxes == chosen)
        for e in range(model.arms):
            arms[e].extend(turn.moves[e])
            for p in range(1, model.cap(e, k) + 1):
                values[model.ge[e, k, p]] = int(len(arms[e]) >= p)
            if len(arms[e]) > model.cap(e, k):
                raise IndexError("the plan's arm is longer than the model allows")
        for claim in turn.goals:
            goals = facts.goals[claim.at]
            g = next(i for i, goal in enumerate(goals) if claim.goal in (None, goal.goal))
            values[model.claim[claim.at, g, k]] = 1
        for (kk, w, action), var in model.use.items():
            if kk == k:
                values[var] = sum(1 for b in turn.bonus if b.value == w and b.action is action)
    for (e, p, v), var in model.x.items():
        values[var] = int(p <= len(arms[e]) and arms[e][p - 1] == v)
    for var in model.claim.values():
        values.setdefault(var, 0)
    return values


def _hint(model: Model, plan: Plan, seed: int, time_left: float, deterministic_time: float | None = None) -> None:
    """A complete hint: the plan's decisions, completed by a quick solve of the fixed model."""
    try:
        values = _plan_values(model, plan)
    except (KeyError, StopIteration, IndexError):
        return  # the plan uses something the model pruned (cannot happen for beam plans)
    fixed = model.cp.clone()
    for var, value in values.items():
        fixed.Add(fixed.GetIntVarFromProtoIndex(var.Index()) == value)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = min(HINT_SECONDS, HINT_SHARE * time_left)
    if deterministic_time is not None:
        # Stop on the deterministic budget; the clock only guards against a runaway.
        solver.parameters.max_deterministic_time = HINT_SHARE * deterministic_time
        solver.parameters.max_time_in_seconds = max(1.0, time_left)
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    if solver.Solve(fixed) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for var, value in values.items():
            model.cp.AddHint(var, value)
        return
    proto = model.cp.Proto()
    for index in range(len(proto.variables)):
        var = model.cp.GetIntVarFromProtoIndex(index)
        model.cp.AddHint(var, solver.Value(var))


# --- reading the plan back ---------------------------------------------------------------------------


def read_plan(model: Model, solver: cp_model.CpSolver) -> Plan | None:
    """The solution as the plan a player writes; None when no legal order of its goals exists."""
    facts = model.facts
    arms = []
    for e in range(model.arms):
        nodes = []
        p = 1
        while (e, model.facts.turns, p) in model.ge and solver.BooleanValue(model.ge[e, model.facts.turns, p]):
            nodes.append(next(v for (ee, pp, v), var in model.x.items() if ee == e and pp == p and solver.BooleanValue(var)))
            p += 1
        arms.append(nodes)
    game = Sheet(facts.puzzle)
    done = [0, 0]
    turns = []
    for k in range(1, facts.turns + 1):
        option = next(o for i, o in enumerate(facts.options[k - 1]) if solver.BooleanValue(model.box[k, i]))
        moves = []
        for e in range(2):
            if e >= model.arms:
                moves.append(())
                continue
            length = sum(1 for p in range(1, model.cap(e, k) + 1) if solver.BooleanValue(model.ge[e, k, p]))
            moves.append(tuple(arms[e][done[e]:length]))
            done[e] = length
        claims = [
            GoalClaim(v, facts.goals[v][g].goal if facts.goals[v][g].named else None)
            for (v, g, kk), var in sorted(model.claim.items(), key=lambda item: (item[0][0], item[0][1]))
            if kk == k and solver.BooleanValue(var)
        ]
        bonus = []
        for (kk, w, action), var in sorted(model.use.items(), key=lambda item: (item[0][2] is PLAN, item[0][1], item[0][2].value)):
            if kk == k:
                bonus.extend(BonusUse(w, action) for _ in range(solver.Value(var)))
        turn = ordered(game, Turn(option.boxes, (moves[0], moves[1]), tuple(claims), tuple(bonus)))
        if turn is None:
            return None
        game.play(turn)
        turns.append(turn)
    return Plan(tuple(turns))
