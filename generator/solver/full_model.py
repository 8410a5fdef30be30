"""solve(): the best plan of a puzzle with a proof, or the best found and a bound at the time limit;
and the full CP-SAT model it ends with, which `decide_target` (a level's target) and `prove` (the
daily mini) run alone, within a Budget (budget.py).

Steps: the best cheap plan (honest player or a small beam, start_plans.py: a complete hint and a floor),
the CP-SAT model, the solve, then the plan read back from the solution and replayed by the rules
engine; its score must equal the objective (a mismatch is a bug in the model and raises SolverBug,
never a user error).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ortools.sat.python import cp_model

from generator.players.panel import Member
from generator.rules.sheet import Sheet
from generator.rules.plan import GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay
from generator.solver.budget import Budget
from generator.solver.facts import Facts
from generator.solver.model import Model, build
from generator.solver.readback import SolverBug, bonus_uses, ordered
from generator.solver.start_plans import Candidate
from generator.solver.verdict import Status

if TYPE_CHECKING:  # annotations only: the stages import lns when they run it
    from generator.solver.lns import LnsResult, SearchOptions

LNS_SHARE = 0.6  # of the time limit: the LNS's budget in work units (about seconds) and its deadline
FULL_MIN_SECONDS = 5.0  # the full model runs only with at least this much of the time limit left
HINT_SECONDS = 10.0
HINT_SHARE = 0.15  # of the time left, at most, to complete the hint
SAFETY_SECONDS = 4.5  # CP-SAT can overrun its limit by a few seconds in presolve on a loaded machine;
# 3.5 left antw-03 (advanced, two directions, the largest model) 0.1 s over 60 s on an idle machine
RESOLVE_SECONDS = 5.0  # the strict re-solve only runs with at least this much of the time limit left
WALK_SHARE = 0.25  # of the time limit: when the clock stops the search, it stops the walk bound here too


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
        return self.status.proven

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
    budget: Budget = Budget(),
    *,
    target: int | None = None,
    start: Plan | None = None,
    complete_first: bool = False,
    progress: Callable[[Progress], None] | None = None,
) -> SolveResult:
    """Maximise the appreciation (or, with `target`, decide whether it can be won), within `budget`
    (budget.py: its `work`, `walk_programmes`, `full_model` and `cp_sat_work` below).

    1-2. The large-neighbourhood search (lns.py): a portfolio of searches from several cheap
       players' plans, the best continued, or a search from `start`, a legal plan the caller
       has (normalised into the model's form); `work` units of deterministic work, by
       default LNS_SHARE of the time limit (a unit is about a second of two threads here); then
       the clock also stops it at that share of the limit. With an explicit `work` only the whole
       time limit does, so the plan is the same on every machine: the LNS is a pure function of
       (puzzle, work, seed).
    3. With `walk_programmes`: the walk bound (walk_bound.py) of that many
       walk programmes; a plan that meets it is OPTIMAL, a target above it UNSOLVABLE. In clock
       mode (no `work`) it also stops at (LNS_SHARE + WALK_SHARE) of the time limit.
    4. With `full_model` and at least FULL_MIN_SECONDS left: the full CP-SAT model, hinted with
       the LNS plan, for its bound (a proof when the bound meets the plan) and, with a target, for
       the proof that it cannot be won. `cp_sat_work` stops it on CP-SAT's deterministic
       time instead of the clock (with one worker: reproducible).

    Ranking: by appreciation; with `complete_first` or a target, complete assignments first.
    """
    run = _Run(puzzle=puzzle, facts=Facts(puzzle), target=target, budget=budget, progress=progress,
               started=time.monotonic())
    work = budget.work
    try:
        searched = _search(run, _search_options(run, complete_first), start)
    except KeyboardInterrupt:  # Ctrl-C before the search had a plan
        return run.result(Status.UNKNOWN if target is not None else Status.FEASIBLE)
    if isinstance(searched, SolveResult):
        return searched  # the caller's start already wins the target
    verdict = _search_verdict(run, searched)
    if verdict is not None:
        return verdict
    walk_cap = None
    if budget.walk_programmes and not searched.interrupted:
        walk_cap = _walk_cap(run, searched, budget.walk_programmes, clock=work is None)
        verdict = _walk_verdict(run, searched, walk_cap)
        if verdict is not None:
            return verdict
    left = budget.time_limit - run.seconds()
    if not budget.full_model or searched.interrupted or (budget.cp_sat_work is None and left < FULL_MIN_SECONDS):
        return _unproven(run, searched, walk_cap)
    return _full_model(run, searched, walk_cap)


# The wall clock of a full model on a deterministic budget (decide_target): a guard against a runaway
# only, this many times its deterministic seconds (two level deals that spent all of 60 took 94 and
# 100 s in all, search and bound included).
RUNAWAY_FACTOR = 20.0


def decide_target(puzzle: Puzzle, target: int, start: Plan | None, budget: Budget) -> SolveResult:
    """Whether `target` can be won, by the full model (every assignment and the target as hard
    constraints) hinted with `start`, on the budget's `cp_sat_work` seconds of CP-SAT's
    deterministic clock with one worker (and its seed): the same answer on every machine.
    SOLVABLE with a replayed plan, UNSOLVABLE when it is proven that no plan wins, else UNKNOWN."""
    work = budget.cp_sat_work
    if work is None:
        raise ValueError("decide_target runs on CP-SAT's deterministic clock: give the budget cp_sat_work")
    full = Budget(time_limit=RUNAWAY_FACTOR * work if work > 0 else budget.time_limit, work=0, workers=1,
                  seed=budget.seed, cp_sat_work=work)
    return solve(puzzle, full, target=target, start=start)


@dataclass(frozen=True)
class _Run:
    """One call of `solve`: what every stage reads (the puzzle, the request, the clock)."""

    puzzle: Puzzle
    facts: Facts
    target: int | None
    budget: Budget
    progress: Callable[[Progress], None] | None
    started: float  # time.monotonic() when the solve began

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def result(self, status: Status, searched: LnsResult | None = None, **fields) -> SolveResult:
        """The answer at this moment: the search's start score and work, with `fields`; a score,
        bound or plan the stage does not give is None."""
        known = {"score": None, "bound": None, "plan": None}
        if searched is not None:
            known |= {"beam_score": searched.start_score, "work": searched.work}
        return SolveResult(status=status, seconds=self.seconds(), target=self.target, **(known | fields))


def _search_options(run: _Run, complete_first: bool) -> SearchOptions:
    """The search's budget and clock: `work` units until the time limit, or a share of the limit for both."""
    from generator.solver.lns import SearchOptions

    work, limit = run.budget.work, run.budget.time_limit
    units = work if work is not None else LNS_SHARE * limit
    deadline = run.started + (limit if work is not None else LNS_SHARE * limit)

    def report(p) -> None:
        if run.progress:
            run.progress(Progress(p.score, None, run.seconds()))

    return SearchOptions(budget=dataclasses.replace(run.budget, work=units), target=run.target,
                         complete_first=complete_first or run.target is not None, deadline=deadline, progress=report)


def _search(run: _Run, options: SearchOptions, start: Plan | None) -> LnsResult | SolveResult:
    """Stage 1-2: the portfolio, or the search from the caller's `start` (SOLVABLE at once when
    that plan already wins the target)."""
    from generator.solver import lns
    from generator.solver.start_plans import normalise

    if start is None:
        return lns.portfolio(run.puzzle, options, run.facts)
    report = replay(run.puzzle, start)
    seeded = normalise(run.puzzle, run.facts, Candidate(start, report.score, "caller"))
    if run.target is not None and report.won(run.target):
        return run.result(Status.SOLVABLE, score=seeded.score, plan=seeded.plan, beam_score=seeded.score)
    return lns.search(run.puzzle, seeded.plan, options, run.facts)


def _search_verdict(run: _Run, searched: LnsResult) -> SolveResult | None:
    """The search's own answer: a plan that wins the target, or one exact window of the whole game."""
    if run.target is not None and replay(run.puzzle, searched.plan).won(run.target):
        return run.result(Status.SOLVABLE, searched, score=searched.score, plan=searched.plan, window=searched.window)
    if not searched.optimal(run.facts.turns):
        return None
    # One exact window of the whole game, proven: the search's ranking has no better plan.
    if run.target is None:
        return run.result(Status.OPTIMAL, searched, score=searched.score, bound=searched.score, plan=searched.plan,
                          window=searched.window)
    return run.result(Status.UNSOLVABLE, searched, bound=run.target - 1)


def _walk_cap(run: _Run, searched: LnsResult, iterations: int, clock: bool) -> int:
    """Stage 3: the walk bound, aimed at the search's score; in clock mode it stops at its share of the limit."""
    from generator.solver.walk_bound import walk_bound

    deadline = run.started + (LNS_SHARE + WALK_SHARE) * run.budget.time_limit if clock else None
    return walk_bound(run.facts, iterations=iterations, floor=searched.score, deadline=deadline).bound


def _walk_verdict(run: _Run, searched: LnsResult, walk_cap: int) -> SolveResult | None:
    """The walk bound's answer: the plan meets it (OPTIMAL), or the target is above it (UNSOLVABLE)."""
    if run.target is None and searched.score >= walk_cap:
        return run.result(Status.OPTIMAL, searched, score=searched.score, bound=searched.score, plan=searched.plan,
                          window=searched.window, walk_bound=walk_cap)
    if run.target is not None and walk_cap < run.target:
        return run.result(Status.UNSOLVABLE, searched, bound=walk_cap, walk_bound=walk_cap)
    return None


def _unproven(run: _Run, searched: LnsResult, walk_cap: int | None) -> SolveResult:
    """No full model: the search's plan with the best bound known (FEASIBLE), or UNKNOWN for a target."""
    if run.target is not None:
        return run.result(Status.UNKNOWN, searched, window=searched.window, walk_bound=walk_cap)
    bound = run.facts.ceiling() if walk_cap is None else walk_cap
    return run.result(Status.FEASIBLE, searched, score=searched.score, bound=bound, plan=searched.plan,
                      window=searched.window, walk_bound=walk_cap)


def _full_model(run: _Run, searched: LnsResult, walk_cap: int | None) -> SolveResult:
    """Stage 4: the full model hinted with the search's plan, then the verdict on a target or a maximum."""
    from generator.solver.start_plans import normalise

    puzzle, facts, target = run.puzzle, run.facts, run.target
    hint = normalise(puzzle, facts, Candidate(searched.plan, searched.score, "lns")).plan
    first = _run(run, hint, strict=False, cap=walk_cap)
    status, found, bound = first.status, first.plan, first.bound(target)
    if found is None and status in (cp_model.OPTIMAL, cp_model.FEASIBLE) and target is not None:
        # The relaxed bonus timing produced a witness the engine cannot order (see model.add_bonus):
        # solve again with the strict timing, when there is time (the answer is then not a proof).
        if run.budget.cp_sat_work is not None or run.budget.time_limit - run.seconds() > RESOLVE_SECONDS:
            found = _run(run, hint, strict=True, cap=walk_cap).plan
        status = cp_model.UNKNOWN if found is None else cp_model.FEASIBLE
    if target is not None:
        return _target_verdict(run, searched, status, found, bound, walk_cap)
    return _maximum_verdict(run, searched, found, bound, walk_cap)


def _target_verdict(run: _Run, searched: LnsResult, status, found: Plan | None, bound: int | None,
                    walk_cap: int | None) -> SolveResult:
    """With a target: the full model's witness (SOLVABLE), its proof that none exists, or UNKNOWN."""
    if found is not None:
        return run.result(Status.SOLVABLE, searched, score=replay(run.puzzle, found).score, bound=bound, plan=found,
                          walk_bound=walk_cap)
    if status == cp_model.INFEASIBLE:
        return run.result(Status.UNSOLVABLE, searched, bound=run.target - 1, walk_bound=walk_cap)
    return run.result(Status.UNKNOWN, searched, walk_bound=walk_cap)


def _maximum_verdict(run: _Run, searched: LnsResult, found: Plan | None, bound: int | None,
                     walk_cap: int | None) -> SolveResult:
    """Without a target: the better of the two plans, and the tightest bound known."""
    plan, score, window = searched.plan, searched.score, searched.window
    if found is not None and replay(run.puzzle, found).score > score:
        plan, score, window = found, replay(run.puzzle, found).score, 0  # the certificate was the LNS plan's
    if bound is None:
        bound = run.facts.ceiling()  # no bound from CP-SAT in time: the trivial one, still true
    if walk_cap is not None:
        bound = min(bound, walk_cap)
    # The relaxed bonus timing makes the model's bound a true upper bound of the plans the engine
    # accepts, so a plan that meets it is optimal whichever model found it.
    proven = score >= bound
    return run.result(Status.OPTIMAL if proven else Status.FEASIBLE, searched, score=score, bound=max(bound, score),
                      plan=plan, window=window, walk_bound=walk_cap)


def prove(puzzle: Puzzle, budget: Budget) -> SolveResult:
    """The full model alone, hinted with the planner's plan, for a small puzzle (the daily mini).

    One worker stopped on the budget's `cp_sat_work` seconds of CP-SAT's deterministic time, so the
    answer (OPTIMAL with its plan, or FEASIBLE with the best plan and bound so far) is a pure
    function of (puzzle, work, seed) on any machine under any load (OR-Tools #2159: only one
    worker is deterministic). The large-neighbourhood search is left out: on a mini the full model
    proves the optimum in seconds, and the proof, not a good plan, is what a mini needs. The
    budget's time limit only stops a runaway.
    """
    from generator.solver.start_plans import normalise, start_plan

    if budget.cp_sat_work is None:
        raise ValueError("prove runs on CP-SAT's deterministic clock: give the budget cp_sat_work")
    run = _Run(puzzle=puzzle, facts=Facts(puzzle), target=None, budget=dataclasses.replace(budget, workers=1),
               progress=None, started=time.monotonic())
    facts = run.facts
    hint = start_plan(puzzle, facts, Member("planner 4×3", 4, 3), budget.seed)
    hint = normalise(puzzle, facts, hint)
    full = _run(run, hint.plan)
    solver, status, found, bound = full.solver, full.status, full.plan, full.bound(None)
    plan, score = hint.plan, hint.score
    if found is not None and replay(puzzle, found).score >= score:
        plan, score = found, replay(puzzle, found).score
    if bound is None:
        bound = facts.ceiling()
    proven = status == cp_model.OPTIMAL and score >= bound
    return SolveResult(status=Status.OPTIMAL if proven else Status.FEASIBLE, score=score, bound=max(bound, score),
                       seconds=run.seconds(), plan=plan, beam_score=hint.score, work=solver.deterministic_time)


@dataclass(frozen=True)
class _FullSolve:
    """One solve of the full model: CP-SAT's solver and status, the plan read back (replayed and
    checked; None when there is none or no legal order of its goals), and what the watcher saw."""

    solver: cp_model.CpSolver
    status: int
    plan: Plan | None
    watcher: _Watcher

    def bound(self, target: int | None) -> int | None:
        """The proven upper bound; at UNKNOWN (stopped before any solution) only a reported one."""
        if target is not None:
            return None
        if self.status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return int(round(self.solver.BestObjectiveBound()))
        return self.watcher.bound


def _run(run: _Run, hint_plan: Plan | None, strict: bool = False, cap: int | None = None) -> _FullSolve:
    """The full model of `run` (with the strict bonus timing when `strict`, the objective at most
    `cap`), hinted with `hint_plan`, within the run's budget: its deterministic seconds with one
    worker when it has them (reproducible only so, OR-Tools #2159), else the clock."""
    puzzle, facts, target, budget, started = run.puzzle, run.facts, run.target, run.budget, run.started
    time_limit, deterministic_time, seed = budget.time_limit, budget.cp_sat_work, budget.seed
    workers = 1 if deterministic_time is not None else budget.workers
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
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    watcher = _Watcher(started, run.progress)
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
    return _FullSolve(solver, status, plan, watcher)


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
    sheet = Sheet(facts.puzzle)
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
        turn = ordered(sheet, Turn(option.boxes, (moves[0], moves[1]), tuple(claims), bonus_uses(model.use, solver, k)))
        if turn is None:
            return None
        sheet.play(turn)
        turns.append(turn)
    return Plan(tuple(turns))
