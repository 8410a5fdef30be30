"""Large-neighbourhood search: a plan improved window by window, each window re-solved exactly.

Start from a complete plan (a cheap player's, start_plans.py); free a window of consecutive turns
(lns_model.py: boxes, goals, bonus uses and the path entered in those turns re-decided, every other
turn kept) and let CP-SAT find the best plan of that neighbourhood. Windows sweep the game from
the first turn to the last; a sweep without a gain makes them one turn wider. What was measured
to choose this (and the neighbourhoods that did not pay) is in docs/solver-journal.md.

Two phases. The *climb* re-routes each segment with at most `SLACK` more nodes than it had: with
bonus actions the exact length bound is about three times the real length and the sub-model ten
times slower, for the same optimum. The *certification*, with the last share of the budget,
sweeps exact windows of 2, 3, … turns: when every window of w turns is solved to proven
optimality without a gain, no better plan differs from the final plan in at most w consecutive
turns (`LnsResult.window`). A gain in either phase is kept.

Reproducible by construction: every sub-solve runs one CP-SAT worker with a fixed seed and stops
on CP-SAT's deterministic time, never the clock; the search stops when the deterministic work
spent (sub-solves plus a charge per built model) reaches the budget. Two windows far apart are
solved at once (two worker processes) and their results merged in a fixed order, so the
machine's speed and load change how long a search takes, never what it returns. Only an explicit
wall-clock `deadline` (the `solve` command's time limit) can cut a search short, and then says so
(`LnsResult.stopped`).

`portfolio` is the search as `solve` and the daily run it: where a search ends depends on its
start plan, so four cheap players' plans each climb alone for a share of the budget (one per
worker) and the best of them goes on with every worker and the rest of the budget.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import multiprocessing.pool
import signal
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

from ortools.sat.python import cp_model

from generator.players.panel import Member
from generator.rules.plan import Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import Report, replay
from generator.solver.budget import Budget
from generator.solver.facts import Facts
from generator.solver.lns_model import Window, WindowModel
from generator.solver.verdict import rank

# The portfolio's starts (start_plans.start_plan): searches from different cheap plans end in
# different places (on the benchmark the best and worst of four ended 5-40 % apart), so each
# climbs alone for BRANCH_SHARE of the budget and the best goes on (docs/solver-journal.md).
STARTS = (Member("planner 4×3", 4, 3), Member("planner 6×5", 6, 5), Member("planner 16×4", 16, 4), Member("honest player"))
BRANCH_SHARE = 0.15
FIRST_WINDOW = 2       # turns in the first climbing sweep's windows
SLACK = 4              # climbing windows: a re-routed segment holds at most its old length + SLACK
CERTIFY_SHARE = 0.3    # the last part of the budget, for exact windows (the certificate)
CERTIFY_FROM = 2       # the first exact sweep's window size
WINDOW_WORK = 4.0      # CP-SAT deterministic time one window may use (most prove in well under 1)
HINT_WORK = 1.0        # to complete a window's hint (a fixed model: it takes about 0.01)
BUILD_CHARGE = 1 / 20000  # work charged per model variable built (Python time is not CP-SAT's)
RUNAWAY_SECONDS = 120.0  # a wall-clock guard per sub-solve, far above any measured one


@dataclass(frozen=True)
class Progress:
    score: int
    work: float
    window: int


@dataclass(frozen=True)
class SearchOptions:
    """What one search is asked to do: built once by `solve`, passed through `portfolio` to each
    `search` (a branch gets a copy with its own budget and one worker). The budget's `work` is
    the search's, in units of deterministic work (sub-solves plus model building)."""

    budget: Budget
    target: int | None = None    # stop as soon as a plan wins it (RULINGS "Solo")
    complete_first: bool = False
    deadline: float | None = None  # time.monotonic(): the clock also stops the search here
    progress: Callable[[Progress], None] | None = None

    @property
    def ranked(self) -> bool:
        """Complete assignments rank first: asked for, or implied by a target."""
        return self.complete_first or self.target is not None


@dataclass(frozen=True)
class Attempt:
    """One sub-solve: which window, the better plan it found (if any), and what it cost."""

    window: Window
    plan: Plan | None       # a plan ranked above the current one, or None
    key: tuple[int, int]    # the rank of `plan` (see _State.rank)
    proven: bool            # the window's optimum is proven
    exact: bool             # the sub-model holds every plan that agrees outside the window
    work: float


@dataclass(frozen=True)
class Sweep:
    gain: bool   # some window improved the plan
    clean: bool  # no gain, and every window exact and proven: no window of this size can gain


@dataclass(frozen=True)
class LnsResult:
    plan: Plan
    score: int
    start_score: int
    window: int                  # certificate: no better plan changes ≤ window consecutive turns
    work: float                  # deterministic work spent
    sub_solves: int
    stopped: bool = False        # the wall-clock deadline cut the search short
    interrupted: bool = False    # Ctrl-C stopped it (the best plan so far is returned)
    gains: dict[int, int] = field(default_factory=dict)  # window size → points gained
    reached: int = FIRST_WINDOW  # the window size the climb had reached
    starts: tuple = ()           # the portfolio: (start, start score, score after its climb) per branch

    @property
    def certificate(self) -> str:
        return certificate_text(self.window)

    def optimal(self, turns: int) -> bool:
        """A window of the whole game, exact and proven: no better plan exists at all."""
        return self.window >= turns


def certificate_text(window: int) -> str:
    """The local-optimality certificate in a player's words ("" when there is none)."""
    if window <= 0:
        return ""
    if window == 1:
        return "no better plan changes only one turn"
    return f"no better plan changes at most {window} consecutive turns"


def portfolio(puzzle: Puzzle, options: SearchOptions, facts: Facts | None = None) -> LnsResult:
    """The search from each of STARTS (one worker each, BRANCH_SHARE of the budget, no
    certification), then from the best branch's plan with every worker and the rest of the budget.

    Deterministic like `search`: each branch is a pure function of its start, and the best is
    chosen by rank, the earlier start on a tie.
    """
    facts = facts or Facts(puzzle)
    # A branch runs in a worker process: no progress callback (it does not pickle), one worker.
    branch = dataclasses.replace(options, budget=dataclasses.replace(options.budget, work=BRANCH_SHARE * options.budget.work,
                                                                      workers=1), progress=None)
    jobs = [(player, branch) for player in STARTS]
    solver = _WindowSolver(puzzle, options.ranked, facts)
    with _pool(puzzle, options.ranked, options.budget.workers) as pool:
        if pool is None:
            global _WORKER
            _WORKER = solver  # _branch runs here, on this process's solver
            branches = [_branch(job) for job in jobs]
        else:
            # The heaviest start first: the workers take jobs in order, and the wide planner's
            # start plan alone takes longer than the honest player's whole branch.
            order = sorted(range(len(jobs)), key=lambda i: -STARTS[i].cost)
            done = pool.map(_branch, [jobs[i] for i in order], chunksize=1)
            branches = [done[order.index(i)] for i in range(len(jobs))]
    best = max(range(len(branches)), key=lambda i: (solver.rank(replay(puzzle, branches[i][1].plan)), -i))
    start, chosen = branches[best]
    spent = sum(result.work for _, result in branches)
    rest = dataclasses.replace(options, budget=dataclasses.replace(options.budget, work=max(0.0, options.budget.work - spent)))
    final = search(puzzle, chosen.plan, rest, facts, first_window=chosen.reached)
    summary = tuple((s.source, s.score, r.score) for s, r in branches)
    gains = dict(chosen.gains)
    for size, points in final.gains.items():
        gains[size] = gains.get(size, 0) + points
    return dataclasses.replace(final, start_score=start.score, work=spent + final.work,
                               sub_solves=final.sub_solves + sum(r.sub_solves for _, r in branches),
                               gains=gains, starts=summary)


def _branch(job: tuple) -> tuple:
    """One start of the portfolio and its lone climb (in a worker process, or this one)."""
    from generator.solver.start_plans import start_plan

    player, options = job
    facts = _WORKER.facts
    start = start_plan(_WORKER.puzzle, facts, player, options.budget.seed)
    result = search(_WORKER.puzzle, start.plan, options, facts, certify_share=0)
    return start, result


def search(
    puzzle: Puzzle,
    plan: Plan,
    options: SearchOptions,
    facts: Facts | None = None,
    *,
    first_window: int = FIRST_WINDOW,
    certify_share: float = CERTIFY_SHARE,
) -> LnsResult:
    """Improve a legal `plan` (in the model's form, start_plans.normalise) with the options' budget.

    Plans are ranked by appreciation; with `complete_first` (or a `target`) by complete
    assignments first, then appreciation, and with a `target` the search stops as soon as a
    plan wins it (RULINGS "Solo"). `deadline` (time.monotonic()) stops the search on the clock.
    """
    facts = facts or Facts(puzzle)
    start = replay(puzzle, plan)
    if not start.valid:
        raise ValueError("the starting plan is not legal: " + "; ".join(map(str, start.violations)))
    solver = _WindowSolver(puzzle, options.ranked, facts)
    state = _State(solver, plan, start, options)
    reached = min(first_window, facts.turns)
    with _pool(puzzle, options.ranked, options.budget.workers) as pool:
        state.pool = pool
        try:
            reached = state.climb(reached, options.budget.work * (1 - certify_share))
            state.certify(options.budget.work)
        except KeyboardInterrupt:  # Ctrl-C: stop the running sub-solves, keep the best plan so far
            state.interrupted = True
            if pool is not None:
                pool.terminate()
    report = replay(puzzle, state.plan)
    return LnsResult(
        plan=state.plan,
        score=report.score,
        start_score=start.score,
        window=state.certificate(),
        work=state.work,
        sub_solves=state.sub_solves,
        stopped=state.stopped,
        interrupted=state.interrupted,
        gains=dict(state.gains),
        reached=reached,
    )


def _reroute(puzzle: Puzzle) -> tuple[bool, bool]:
    return (True, puzzle.directions == 2)


@contextlib.contextmanager
def _pool(puzzle: Puzzle, ranked: bool, workers: int) -> Iterator[multiprocessing.pool.Pool | None]:
    """Worker processes that solve windows (none for one worker: the windows run in this process).

    Processes rather than threads: a window's model is built in Python, which holds the
    interpreter's lock, and most windows solve in less time than their model takes to build.
    """
    if workers <= 1:
        yield None
        return
    context = multiprocessing.get_context("fork")
    pool = context.Pool(workers, initializer=_start_worker, initargs=(puzzle, ranked))
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


_WORKER: "_WindowSolver | None" = None  # a worker process's own solver


def _start_worker(puzzle: Puzzle, ranked: bool) -> None:
    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _WORKER = _WindowSolver(puzzle, ranked)


def _attempt_in_worker(job: tuple) -> Attempt:
    return _WORKER.attempt(*job)


class _WindowSolver:
    """Solves one window of a plan: the same in a worker process and in the search's own."""

    def __init__(self, puzzle: Puzzle, ranked: bool, facts: Facts | None = None) -> None:
        self.puzzle = puzzle
        self.facts = facts or Facts(puzzle)
        self.ranked = ranked

    def rank(self, report: Report) -> tuple[int, int]:
        """How plans compare: appreciation; ranked, complete assignments first (verdict.rank)."""
        return rank(report, self.ranked)

    def attempt(self, plan: Plan, key: tuple[int, int], window: Window, seed: int, cap: float) -> Attempt:
        model = WindowModel(self.facts, plan, window, self.ranked)
        work = len(model.cp.Proto().variables) * BUILD_CHARGE
        work += model.complete_hint(seed, HINT_WORK)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        solver.parameters.max_deterministic_time = cap
        solver.parameters.max_time_in_seconds = RUNAWAY_SECONDS
        status = solver.Solve(model.cp)
        work += solver.ResponseProto().deterministic_time
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Attempt(window, None, key, False, model.exact, work)
        found = model.read(solver)
        if found is None:  # the relaxed bonus timing gave a plan no goal order makes legal
            return Attempt(window, None, key, False, model.exact, work)
        new = self.rank(replay(self.puzzle, found))
        proven = status == cp_model.OPTIMAL
        return Attempt(window, found if new > key else None, new, proven, model.exact, work)


class _State:
    """The current plan and the bookkeeping of one search (in the search's own process)."""

    def __init__(self, solver: _WindowSolver, plan: Plan, report: Report, options: SearchOptions) -> None:
        self.solver = solver
        self.puzzle = solver.puzzle
        self.facts = solver.facts
        self.target = options.target
        self.plan = plan
        self.key = solver.rank(report)
        self.seed = options.budget.seed
        self.workers = options.budget.workers
        self.deadline = options.deadline
        self.progress = options.progress
        self.pool: multiprocessing.pool.Pool | None = None
        self.work = 0.0
        self.sub_solves = 0
        self.stopped = False
        self.interrupted = False
        self.won = bool(self.target is not None and report.won(self.target))
        self.gains: dict[int, int] = {}
        self.clean_at: dict[int, Plan] = {}  # window size → the plan a clean exact sweep of that size left unchanged

    def climb(self, w: int, budget: float) -> int:
        """Sweeps of re-routing windows (at most SLACK more nodes) from w turns on, one turn wider
        after a sweep without a gain, until `budget`; returns the window size reached."""
        turns = self.facts.turns
        while not self.done(budget):
            sweep = self.sweep(w, SLACK, budget)
            if sweep is None:
                break
            if sweep.clean:
                self.clean_at[w] = self.plan
            if not sweep.gain:
                if w >= turns:
                    break
                w += 1
        return w

    def certify(self, budget: float) -> None:
        """Exact sweeps of CERTIFY_FROM, … turns, each clean one a size wider, until `budget`."""
        turns = self.facts.turns
        w = min(CERTIFY_FROM, turns)
        if self.clean_at.get(turns) == self.plan:
            w = turns + 1  # one exact window of the whole game proved the plan optimal
        while w <= turns and not self.done(budget):
            sweep = self.sweep(w, None, budget)
            if sweep is None:
                break
            if sweep.clean:
                self.clean_at[w] = self.plan
                w += 1
            elif not sweep.gain:
                break  # a window too hard to prove at this size: wider ones are harder still

    def certificate(self) -> int:
        """The widest clean sweep that left the final plan unchanged (the certificate holds for it only)."""
        return max((size for size, kept in self.clean_at.items() if kept == self.plan), default=0)

    def done(self, budget: float) -> bool:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.stopped = True
        return self.work >= budget or self.won or self.stopped

    def sweep(self, w: int, slack: int | None, budget: float) -> Sweep | None:
        """Every window of w turns; None when the search stops before the end."""
        gain, clean = False, True
        for starts in _batches(self.facts.turns, w, self.workers):
            if self.done(budget):
                return None
            cap = min(WINDOW_WORK, max(0.1, budget - self.work))
            jobs = [
                (self.plan, self.key, Window(first, first + w - 1, _reroute(self.puzzle), slack),
                 (self.seed + 7919 * (first + 101 * w)) % 2**31, cap)
                for first in starts
            ]
            if self.pool is None:
                attempts = [self.solver.attempt(*job) for job in jobs]
            else:
                attempts = self.pool.map(_attempt_in_worker, jobs, chunksize=1)
            for attempt in attempts:
                self.work += attempt.work
                self.sub_solves += 1
                clean &= attempt.proven and attempt.exact
            gain |= self.apply(attempts, w)
            if self.progress:
                self.progress(Progress(self.key[1], self.work, w))
        return Sweep(gain, clean and not gain)

    def apply(self, attempts: list[Attempt], w: int) -> bool:
        """Each better window's turns put into the plan in window order, when the engine ranks the
        result higher (the windows do not overlap, but were solved against the same plan); True on a gain."""
        gained = False
        for attempt in attempts:
            if attempt.plan is None:
                continue
            plan = _merge(self.plan, attempt)
            key = attempt.key if plan == attempt.plan else self.solver.rank(replay(self.puzzle, plan))
            if key <= self.key:
                continue
            self.gains[w] = self.gains.get(w, 0) + key[1] - self.key[1]
            self.plan, self.key = plan, key
            gained = True
        if gained and self.target is not None:
            self.won = bool(replay(self.puzzle, self.plan).won(self.target))
        return gained


def _batches(turns: int, w: int, workers: int) -> list[tuple[int, ...]]:
    """The first turns of a sweep's windows, in the groups solved at once.

    With several workers a group is every w-th window (1, 1 + w, 1 + 2w, …, then 2, 2 + w, …):
    they do not overlap, so their gains usually combine (`apply`), and a group holds about
    turns / w windows, handed to the workers one at a time, so short windows fill the time a
    long one takes (pairs of windows left a worker idle a quarter of the time). With one
    worker the windows go one by one, first to last.
    """
    starts = list(range(1, turns - w + 2))
    if workers <= 1:
        return [(k,) for k in starts]
    return [tuple(starts[offset::w]) for offset in range(min(w, len(starts)))]


def _merge(base: Plan, attempt: Attempt) -> Plan:
    """`base` with the turns of the attempt's window taken from the attempt's plan."""
    window = attempt.window
    turns: list[Turn] = list(base.turns)
    turns[window.first - 1 : window.last] = attempt.plan.turns[window.first - 1 : window.last]
    return Plan(tuple(turns))
