"""`citytrip solve --prove`: the search's best plan against the count-range bound (issue 36).

`prove_plan(puzzle, budget, target=…)` spends the budget's `work` deterministic units: SEARCH_SHARE of them on the
large-neighbourhood search (lns.py, the units of `solve --work`), the rest on the count-range
bound (count_bound.py) aimed at the search's plan, PROGRAMMES_PER_UNIT walk programmes a unit
(about a second of one core each, like a search unit of two), with each turn's payments exact where
that is built (one direction: exact_payments.py). The bound stops early once it meets
the plan (OPTIMAL) or, with a target, falls below it (UNSOLVABLE). With a target the bound gets
half of that rest, and a target it leaves open goes to CP-SAT's full model, with every assignment
a hard constraint, for the other half as seconds of CP-SAT's deterministic clock (one worker): it
finds a winning plan (SOLVABLE) or proves there is none (UNSOLVABLE). The level sweep found that
the search's windows leave deals one assignment short that the full model completes
(docs/calibration.md). Every part is a pure function of its arguments, so the answer is the same
on every machine.

Checked, never trusted: the plan is replayed by the rules engine, and its score must be the
search's (SolverBug otherwise); an OPTIMAL is a replayed plan whose score meets a bound.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Callable

from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay
from generator.solver.budget import Budget
from generator.solver.count_bound import CountBound, count_bound, pays_exactly
from generator.solver.facts import Facts
from generator.solver.readback import SolverBug
from generator.solver.verdict import Status

SEARCH_SHARE = 0.5  # of the work: the search's; the rest is the bound's
PROGRAMMES_PER_UNIT = 50  # walk programmes per unit of work (0.02 s each on one core here: docs/solver-journal.md)
FULL_MODEL_SHARE = 0.5  # with a target, of the work the search leaves: CP-SAT's, after the bound


@dataclass(frozen=True)
class ProofProgress:
    stage: str  # "search", "bound" or "full model"
    best: int | None
    bound: int | None
    nodes: int
    work: float
    seconds: float


@dataclass(frozen=True)
class ProofResult:
    status: Status
    score: int | None
    bound: int
    plan: Plan | None
    work: float  # units spent: the search's plus the bound's programmes ÷ PROGRAMMES_PER_UNIT
    search_work: float
    programmes: int
    nodes: int
    walk_bound: int | None  # the bound's root: the walk bound (with exact payments where they fit)
    target: int | None
    seconds: float
    interrupted: bool = False
    exact_payments: bool = False  # the bound paid each turn exactly (exact_payments.py)
    full_model_work: float = 0.0  # --target: CP-SAT's deterministic seconds on the full model (part of work)

    def as_dict(self) -> dict:
        from generator.data.puzzles import plan_to_data

        return {
            "status": self.status.value,
            "score": self.score,
            "bound": self.bound,
            "plan": plan_to_data(self.plan) if self.plan is not None else None,
            "target": self.target,
            "work": round(self.work, 3),
            "search_work": round(self.search_work, 3),
            "programmes": self.programmes,
            "nodes": self.nodes,
            "walk_bound": self.walk_bound,
            "seconds": round(self.seconds, 3),
            "interrupted": self.interrupted,
            "exact_payments": self.exact_payments,
            "full_model_work": round(self.full_model_work, 3),
        }


def prove_plan(puzzle: Puzzle, budget: Budget, *, target: int | None = None,
               progress: Callable[[ProofProgress], None] | None = None,
               bound_function: Callable[..., CountBound] | None = None) -> ProofResult:
    """The best plan the budget's `work` units find (with its workers and seed), and the
    count-range bound against it (module docstring); the clock plays no part.

    `bound_function` is count_bound by default; the tests pass planted ones to see them caught.
    """
    bound_function = bound_function or _count_bound
    from generator.solver.lns import SearchOptions, portfolio

    if budget.work is None:
        raise ValueError("prove_plan runs on work alone: give the budget its work")
    work, seed = budget.work, budget.seed
    started = time.monotonic()
    facts = Facts(puzzle)
    search_units = SEARCH_SHARE * work

    def seconds() -> float:
        return time.monotonic() - started

    shown: list[tuple] = []  # the last (stage, best, bound) reported: only changes are

    def tell(line: ProofProgress) -> None:
        key = (line.stage, line.best, line.bound)
        if progress and (not shown or shown[-1] != key):
            shown.append(key)
            progress(line)

    def report_search(p) -> None:  # the work of the branch that found the plan (the portfolio's starts climb apart)
        tell(ProofProgress("search", p.score, None, 0, p.work, seconds()))

    options = SearchOptions(budget=dataclasses.replace(budget, work=search_units), target=target,
                            complete_first=target is not None, progress=report_search)
    searched = portfolio(puzzle, options, facts)
    report = replay(puzzle, searched.plan)
    if not report.valid or report.score != searched.score:
        raise SolverBug(f"the search's plan replays to {report.score} (valid: {report.valid}), not {searched.score}")
    score, plan = searched.score, searched.plan
    won = target is not None and bool(report.won(target))
    # What the search alone knows: its plan, against the trivial bound.
    searched_only = ProofResult(Status.UNKNOWN, score=score, bound=facts.ceiling(), plan=plan, work=searched.work,
                                search_work=searched.work, programmes=0, nodes=0, walk_bound=None, target=target,
                                seconds=seconds())
    if won:
        return dataclasses.replace(searched_only, status=Status.SOLVABLE)
    if searched.optimal(facts.turns):  # an exact window of the whole game, proven by CP-SAT: no better plan
        if target is None:
            return dataclasses.replace(searched_only, status=Status.OPTIMAL, bound=score)
        return dataclasses.replace(searched_only, status=Status.UNSOLVABLE)
    if searched.interrupted:
        return _verdict(dataclasses.replace(searched_only, seconds=seconds(), interrupted=True))
    # The bound stops at the plan (no target) or just below the target: every node at or below
    # `floor` is closed.
    floor = score if target is None else target - 1
    full_units = 0.0 if target is None else FULL_MODEL_SHARE * (work - search_units)
    programmes = max(0, int(round((work - search_units - full_units) * PROGRAMMES_PER_UNIT)))

    def report_bound(p) -> None:
        tell(ProofProgress("bound", score, p.bound, p.nodes, searched.work + p.programmes / PROGRAMMES_PER_UNIT, seconds()))

    try:
        found = bound_function(facts, floor=floor, work=programmes, progress=report_bound) if programmes else None
    except KeyboardInterrupt:  # Ctrl-C before the bound's first node: the trivial bound
        return _verdict(dataclasses.replace(searched_only, seconds=seconds(), interrupted=True))
    if found is None:
        verdict = _verdict(dataclasses.replace(searched_only, seconds=seconds()))
    else:
        spent = searched.work + found.programmes / PROGRAMMES_PER_UNIT
        tell(ProofProgress("bound", score, found.bound, found.nodes, spent, seconds()))
        verdict = _verdict(dataclasses.replace(searched_only, bound=found.bound, walk_bound=found.root, work=spent,
                                               programmes=found.programmes, nodes=found.nodes, seconds=seconds(),
                                               interrupted=found.interrupted, exact_payments=found.paid))
    if verdict.status is not Status.UNKNOWN or verdict.interrupted or full_units <= 0:
        return verdict
    decided = _full_model_verdict(puzzle, verdict, full_units, seed, seconds)
    tell(ProofProgress("full model", decided.score, decided.bound, decided.nodes, decided.work, decided.seconds))
    return decided


def _full_model_verdict(puzzle: Puzzle, verdict: ProofResult, units: float, seed: int,
                        seconds: Callable[[], float]) -> ProofResult:
    """A target the bound left open, put to CP-SAT's full model (every assignment complete and the
    target reached, as hard constraints), hinted with the search's plan, on `units` seconds of its
    deterministic clock: a winning plan, a proof that none exists, or still UNKNOWN."""
    from generator.solver.full_model import decide_target

    try:
        result = decide_target(puzzle, verdict.target, verdict.plan, Budget(workers=1, seed=seed, cp_sat_work=units))
    except KeyboardInterrupt:  # Ctrl-C in the full model: the bound's verdict stands
        return dataclasses.replace(verdict, interrupted=True, seconds=seconds())
    spent = dict(work=verdict.work + units, full_model_work=units, seconds=seconds())
    if result.status is Status.SOLVABLE:
        report = replay(puzzle, result.plan)
        if not report.valid or report.score != result.score or not report.won(verdict.target):
            raise SolverBug(f"the full model's plan replays to {report.score} (valid: {report.valid}), "
                            f"not a win of {verdict.target} at {result.score}")
        _check_bound(verdict.bound, report.score)
        return dataclasses.replace(verdict, status=Status.SOLVABLE, score=report.score, plan=result.plan, **spent)
    if result.status is Status.UNSOLVABLE:
        return dataclasses.replace(verdict, status=Status.UNSOLVABLE, **spent)
    return dataclasses.replace(verdict, **spent)


def _count_bound(facts: Facts, *, floor: int, work: int, progress=None) -> CountBound:
    """The count-range bound, paying each turn's actions exactly where that is built."""
    return count_bound(facts, floor=floor, work=work, progress=progress, paid=pays_exactly(facts))


def _verdict(result: ProofResult) -> ProofResult:
    """`result` with the status its plan and bound give: OPTIMAL or FEASIBLE, or with a target
    UNSOLVABLE (the bound is below it) or UNKNOWN."""
    score, bound, target = result.score, result.bound, result.target
    if target is None:
        status = Status.OPTIMAL if score >= bound else Status.FEASIBLE
    else:
        status = Status.UNSOLVABLE if bound < target else Status.UNKNOWN
    _check_bound(bound, score)
    return dataclasses.replace(result, status=status)


def _check_bound(bound: int, score: int) -> None:
    """Checked, never trusted: a bound below a plan the engine replayed is a bug, not a proof."""
    if bound < score:
        raise SolverBug(f"the bound {bound} is below a plan the engine scores {score}")
