"""A panel of player models of graded skill, to set the daily's target from players, not the par.

Every member plays the whole puzzle through the engine (Sheet.play), deterministically for the
puzzle: the same deal gives the same plans and scores on any machine. A daily player sees every
turn printed on the sheet, so most members know the deck (the full-knowledge planner at several
widths and branchings); the weakest members play turn by turn as at the table (the honest player).
docs/calibration.md, "The daily's panel", says which human each member stands for and why.
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass, replace

from generator.players import planner
from generator.players.honest import honest_plan
from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay


@dataclass(frozen=True)
class Member:
    """One player model: the honest player (width 0) or the planner's beam of `width` sheets,
    each proposing its `branch` best turns; `seed` breaks exact ties, so two seeds are two players
    of the same skill who pick differently between equal-looking turns."""

    name: str
    width: int = 0
    branch: int = 1
    seed: int = 0

    @property
    def cost(self) -> int:
        """How long the member takes to play, roughly: the beam's width times its branch."""
        return self.width * self.branch

    def play(self, puzzle: Puzzle) -> Plan:
        """The member's plan of `puzzle` as it is dealt, its own target included (the level sweep's
        witnesses and the solver's start plans)."""
        if self.width == 0:
            return honest_plan(puzzle, self.seed)
        return planner.planned_plan(puzzle, width=self.width, branch=self.branch, seed=self.seed)

    def plan(self, puzzle: Puzzle) -> Plan:
        """The member's plan of a daily puzzle, whose target the panel is there to set."""
        if self.width == 0:
            return self.play(puzzle)
        # A daily player knows the win needs every assignment: the planner's last choice prefers
        # a plan that completes them (a target of 0 makes completion the whole win condition).
        return self.play(replace(puzzle, target=0))


# From the weakest to the strongest: docs/calibration.md, "The daily's panel", says whom each
# stands for. Seeds are left at 0: on the daily dailies measured, a second seed nearly always
# played the same plan, so it only added ties and time.
PANEL = (
    Member("honest player"),
    Member("planner 1×1", 1, 1),
    Member("planner 2×2", 2, 2),
    Member("planner 3×2", 3, 2),
    Member("planner 4×3", 4, 3),
    Member("planner 6×3", 6, 3),
    Member("planner 8×3", 8, 3),
    Member("planner 16×4", 16, 4),
)


@dataclass(frozen=True)
class Result:
    """What one member scored, the assignments its plan left open (a solo win needs none), and the
    plan (kept, so that a page or a report can replay it without playing the member again)."""

    member: Member
    score: int
    missing: tuple[str, ...] = ()  # the ids of the assignments left open
    plan: Plan | None = None  # None in a result made by hand

    @property
    def complete(self) -> bool:
        return not self.missing

    def wins(self, target: int) -> bool:
        return self.complete and self.score >= target


def play(puzzle: Puzzle, members: tuple[Member, ...] = PANEL, workers: int = 2) -> tuple[Result, ...]:
    """Each member's verdict on `puzzle`, replayed by the engine (a member's plan is legal by
    construction; an invalid one is a bug and raises). The members play in `workers` processes,
    the widest beams first; each plan is a pure function of the puzzle, so the results are the
    same with any number of workers."""
    plans = _plans(puzzle, members, workers)
    results = []
    for member, plan in zip(members, plans):
        report = replay(puzzle, plan)
        if not report.valid:
            raise AssertionError(f"panel member {member.name} played an illegal plan: {report.violations}")
        missing = tuple(i for i, done in report.breakdown.assignments_complete.items() if not done)
        results.append(Result(member, report.score, missing, plan))
    return tuple(results)


_JOB: tuple[Puzzle, tuple[Member, ...]] | None = None  # what the forked workers play


def _plans(puzzle: Puzzle, members: tuple[Member, ...], workers: int) -> list[Plan]:
    global _JOB
    if workers <= 1 or len(members) <= 1:
        return [member.plan(puzzle) for member in members]
    order = sorted(range(len(members)), key=lambda i: -members[i].cost)
    _JOB = (puzzle, members)  # a forked worker starts with this process's memory: nothing to pickle
    context = multiprocessing.get_context("fork")
    try:
        with context.Pool(min(workers, len(members))) as pool:
            done = pool.map(_plan_in_worker, order, chunksize=1)
    finally:
        _JOB = None
    plans: list[Plan] = [Plan(())] * len(members)
    for i, plan in zip(order, done):
        plans[i] = plan
    return plans


def _plan_in_worker(index: int) -> Plan:
    assert _JOB is not None
    puzzle, members = _JOB
    return members[index].plan(puzzle)
