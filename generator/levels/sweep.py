"""The level sweep as a list of independent jobs, run by a process pool.

Each job is a plain frozen value (city, level, cards, shuffle, player, ...), and `run_job` is a pure
function of it, so a distributed executor can take the same jobs later: nothing is shared between
jobs but the city files on disk.
"""

from __future__ import annotations

import hashlib
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping

from generator.data.cities import load_city
from generator.players.panel import Member
from generator.rules.city import BASIC
from generator.rules.dealer import dealt_puzzle, shuffled_deck
from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle
from generator.rules.replay import Report, replay
from generator.solver.budget import Budget
from generator.solver.verdict import Status, rank

if TYPE_CHECKING:  # annotations only: the solver is imported by the jobs that run it
    from generator.solver.facts import Facts

HONEST = "honest"
SOLVER = "solver"
SOLO_DIRECTIONS = 2  # the solo variant allows the second direction (seed 000_…, "Solo Variant")


# The planner's beams, tried in turn until one wins: the narrow one wins most winnable deals in
# about 3 s; the wide one (about 8 s) won 4 of 8 Brugge level-15 deals the narrow one had lost.
PLANNER_BEAMS = (Member("planner 4×3", 4, 3), Member("planner 16×4", 16, 4))
# The large-neighbourhood search's work (solver/lns.py, one worker: jobs already run in parallel)
# when both beams lose; it starts from their best plan and stops as soon as a plan wins.
LNS_WORK = 10.0
# A deal that CP-SAT leaves open gets one more search from the planner's plan, this many times
# LNS_WORK: the search's phases are shares of its budget, so a longer one goes elsewhere.
LONG_SEARCH = 6


@dataclass(frozen=True)
class Effort:
    """What each solver job of a sweep may spend (jobs_for), as `citytrip levels` was told."""

    time_limit: float = 20.0  # CP-SAT's wall-clock seconds; with no cp_sat_work either, 0 skips CP-SAT
    lns_work: float = LNS_WORK  # deterministic work of the LNS witness; 0 skips it
    # CP-SAT's deterministic time (one worker, the same outcome on every machine) instead of the
    # wall clock of `time_limit`; 0 keeps the clock.
    cp_sat_work: float = 0.0


@dataclass(frozen=True)
class Job:
    city: str
    level: int
    cards: int
    shuffle: int
    player: str
    # A job's effort stays three plain fields (Effort's, with its defaults): the outcome log
    # (outcome_log.py) writes and matches a job by its flat fields, so earlier logs stay reusable.
    time_limit: float = Effort.time_limit
    honest_too: bool = False  # a solver job that also reports its deal's honest game (jobs_for)
    lns_work: float = Effort.lns_work
    cp_sat_work: float = Effort.cp_sat_work


@dataclass(frozen=True)
class Outcome:
    job: Job
    status: Status       # honest: WON / LOST; solver: SOLVABLE / UNSOLVABLE / UNKNOWN
    score: int | None
    seconds: float
    witness: str = ""    # solver jobs: who found the winning plan (honest, planner, lns, cp-sat)

    @property
    def won(self) -> bool:
        return self.status.won


def shuffle_seed(city: str, shuffle: int) -> int:
    """The deal of shuffle k, the same for every level and both deck sizes (common random numbers:
    the 20-card deck is the 16-card deck and four more cards). Two levels then differ only by the
    level, not by the luck of their deals, so the report can compare them shuffle by shuffle.
    A city of one's own is keyed by its folder's name, not its path: where a checkout lies must
    not change the deals ("brugge" and "antwerpen" are their own names)."""
    text = f"citytrip/levels/{PurePath(city).name}/{shuffle}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def level_puzzle(city_key: str, level: int, cards: int, shuffle: int) -> Puzzle:
    """Level `level` of a city with a seeded deal of `cards` action cards (R7), basic sheet."""
    city = load_city(city_key)
    spec = city.levels[level]
    deck = shuffled_deck(city, random.Random(shuffle_seed(city.key, shuffle)), cards)
    return dealt_puzzle(city, deck, start_card=spec.start, assignments=spec.assignments, mode=BASIC,
                        directions=SOLO_DIRECTIONS, target=spec.target)


def run_job(job: Job) -> tuple[Outcome, ...]:
    """Play one job. A solver job looks for a winning plan with full knowledge of the deck, from
    the cheapest witness up: the honest player's win (knowing the deck can only do better), the
    planner's, the large-neighbourhood search's from the best of those plans (skipped when its
    work is 0); UNSOLVABLE when the target is above the trivial bound (Facts.ceiling);
    then CP-SAT with the level's target, on `cp_sat_work` seconds of its deterministic clock or,
    without it, `time_limit` seconds of the wall clock (skipped when both are 0), which can also
    prove a level unwinnable; then, for a deal still open, a search LONG_SEARCH times as long from
    the planner's plan. Its honest game is the honest job of the same deal, so with
    `honest_too` it reports that outcome as well (first), instead of a second job replaying it."""
    from generator.players.honest import honest_plan

    started = time.monotonic()
    puzzle = level_puzzle(job.city, job.level, job.cards, job.shuffle)
    report = replay(puzzle, honest_plan(puzzle))
    honest = Outcome(
        Job(job.city, job.level, job.cards, job.shuffle, HONEST), Status.of_game(report, puzzle.target),
        report.score, time.monotonic() - started,
    )
    if job.player == HONEST:
        return (honest,)
    return ((honest,) if job.honest_too else ()) + (_witness(job, puzzle, report, started),)


def _witness(job: Job, puzzle: Puzzle, report: Report, started: float) -> Outcome:
    """The solver job's outcome: the first player (honest, planner, LNS, CP-SAT, longer LNS) whose plan wins."""
    if report.won(puzzle.target):
        return Outcome(job, Status.SOLVABLE, report.score, time.monotonic() - started, "honest")
    best = report
    for planned in planner_reports(puzzle):
        if planned.won(puzzle.target):
            return Outcome(job, Status.SOLVABLE, planned.score, time.monotonic() - started, "planner")
        best = max(best, planned, key=rank)  # the first of equal ones
    from generator.solver.facts import Facts

    plan = None
    facts = Facts(puzzle)  # once, for both searches and the trivial bound
    start = _search_start(puzzle, facts, best) if job.lns_work > 0 else None
    if start is not None:
        searched = _search(puzzle, facts, start, job.lns_work, job.shuffle)
        if replay(puzzle, searched.plan).won(puzzle.target):
            return Outcome(job, Status.SOLVABLE, searched.score, time.monotonic() - started, "lns")
        if searched.optimal(facts.turns):
            return Outcome(job, Status.UNSOLVABLE, searched.score, time.monotonic() - started)
        best, plan = replay(puzzle, searched.plan), searched.plan
    if _bound_below_target(puzzle, facts):
        return Outcome(job, Status.UNSOLVABLE, best.score, time.monotonic() - started)
    if job.time_limit <= 0 and job.cp_sat_work <= 0:
        return Outcome(job, Status.UNKNOWN, best.score, time.monotonic() - started)
    from generator.solver.full_model import decide_target, solve

    if job.cp_sat_work > 0:
        # No search left to the clock either: the start plan (or the cheap players') goes straight
        # to the full model as its hint.
        result = decide_target(puzzle, puzzle.target, plan, Budget(workers=1, seed=job.shuffle, cp_sat_work=job.cp_sat_work))
    else:
        budget = Budget(time_limit=job.time_limit, work=0 if plan is not None else None, workers=1, seed=job.shuffle)
        result = solve(puzzle, budget, target=puzzle.target, start=plan)
    if result.status is Status.UNKNOWN and start is not None:
        # The deals CP-SAT leaves open were won by a longer search from the planner's plan (two of
        # the 2026-12-04 reports' deals, at 8 and 14 units of a 60-unit search).
        searched = _search(puzzle, facts, start, LONG_SEARCH * job.lns_work, job.shuffle)
        if replay(puzzle, searched.plan).won(puzzle.target):
            return Outcome(job, Status.SOLVABLE, searched.score, time.monotonic() - started, "lns")
    # "cp-sat" stands for the whole solver: its start players, its search or the full model.
    witness = "cp-sat" if result.status is Status.SOLVABLE else ""
    score = best.score if result.score is None else result.score  # an open deal keeps its best plan's score
    return Outcome(job, result.status, score, time.monotonic() - started, witness)


def _search_start(puzzle: Puzzle, facts: Facts, planned: Report) -> Plan:
    """The planner's best plan as the search starts from it."""
    from generator.solver.start_plans import Candidate, normalise

    return normalise(puzzle, facts, Candidate(planned.plan, planned.score, "planner")).plan


def _search(puzzle: Puzzle, facts: Facts, start: Plan, work: float, seed: int):
    """The large-neighbourhood search from `start`, ranked by winning (one worker)."""
    from generator.solver import lns

    options = lns.SearchOptions(budget=Budget(work=work, workers=1, seed=seed), target=puzzle.target)
    return lns.search(puzzle, start, options, facts)


def _bound_below_target(puzzle: Puzzle, facts: Facts) -> bool:
    """The deal cannot be won: no plan scores the level's target, by the trivial bound (every
    strip full, every assignment at its best value: Facts.ceiling), which costs nothing. The sweep asked the
    count-range bound (count_bound.py, 200 walk programmes) here until issue 57: 4-7 s of CPU a
    deal, 1.6-2.2 times a level's target, and it refuted none of the 2,400 full-knowledge deals
    (docs/calibration.md, "The bound where it pays")."""
    return puzzle.target is not None and facts.ceiling() < puzzle.target


def planner_reports(puzzle: Puzzle) -> Iterator[Report]:
    """The planner's games with each of PLANNER_BEAMS in turn; a caller stops at the first win."""
    for beam in PLANNER_BEAMS:
        yield replay(puzzle, beam.play(puzzle))


def jobs_for(city: str, levels: Iterable[int], cards: Iterable[int], honest: int, solver: int,
             effort: Effort = Effort()) -> list[Job]:
    """Per level and deck size, `honest` honest games and `solver` solver runs over shuffles
    0, 1, ..., each solver run spending `effort`: the solver jobs of the first shuffles also report
    those deals' honest games."""
    shared = min(honest, solver)
    result = []
    for level in levels:
        for n in cards:
            result.extend(Job(city, level, n, s, HONEST) for s in range(shared, honest))
            result.extend(Job(city, level, n, s, SOLVER, effort.time_limit, honest_too=s < shared,
                              lns_work=effort.lns_work, cp_sat_work=effort.cp_sat_work) for s in range(solver))
    return result


def run_jobs(
    jobs: list[Job],
    workers: int,
    progress: Callable[[int, int], None] | None = None,
    done: Mapping[Job, tuple[Outcome, ...]] | None = None,
    record: Callable[[Job, tuple[Outcome, ...]], None] | None = None,
    cluster: str | None = None,
) -> Iterator[Outcome]:
    """Run the jobs in `workers` processes (1: in this process), or on the Dask cluster at
    `cluster` (generator/cluster.py), and yield the outcomes in job order. Jobs in `done` (an
    earlier run's outcomes) are not run again; `record` sees each job that is, as soon as it has
    finished (locally in job order, on a cluster in the order the jobs complete)."""
    results = dict(done or {})
    todo = [job for job in jobs if job not in results]
    count = len(jobs) - len(todo)
    if count and progress:
        progress(count, len(jobs))
    for job, outcomes in _finished(todo, workers, cluster):
        results[job] = outcomes
        count += 1
        if record:
            record(job, outcomes)
        if progress:
            progress(count, len(jobs))
    for job in jobs:
        yield from results[job]


def _finished(jobs: list[Job], workers: int, cluster: str | None) -> Iterator[tuple[Job, tuple[Outcome, ...]]]:
    if cluster is not None:
        from generator.cluster import connected, finished

        with connected(cluster) as client:
            for index, outcomes in finished(client, run_job, jobs):
                yield jobs[index], outcomes
    elif workers <= 1 or len(jobs) <= 1:
        yield from zip(jobs, map(run_job, jobs))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from zip(jobs, pool.map(run_job, jobs, chunksize=4))
