"""The daily job's use of the solver: the par, its certificate and the honest player's score of a
deal (`solve_daily`), and the bound of the deal chosen (`bound_daily`)."""

from __future__ import annotations

from dataclasses import replace

from generator.daily.job import Solution
from generator.daily.stages import QUIET, Stages
from generator.players.honest import honest_score
from generator.rules.puzzle import Puzzle

# The par is the large-neighbourhood search's plan (solver/lns.py): a pure function of (puzzle,
# work, seed), on any machine and under any load. WORK units of deterministic work take about
# 40 s of two cores here (docs/solver-journal.md). The bound is the walk bound of WALK_PROGRAMMES walk
# programmes (solver/walk_bound.py), also a pure function of the puzzle: 1.2 to 2 times the par
# where the full model's bound, which it replaced, was 2.5 to 4.9 times, in half the time
# (docs/solver-journal.md, "The daily's bound"). Only the chosen deal's bound is printed, so only it is
# computed: a deal the job passes over costs its search alone. The wall limit only guards against
# a runaway.
WORK = 40.0
WALK_PROGRAMMES = 200
SEED = 0
WALL_GUARD = 900.0


def solve_daily(puzzle: Puzzle, work: float = WORK, stages: Stages = QUIET, seed: int = SEED) -> Solution:
    """The par plan (complete assignments first, then appreciation) and what is known about it
    without a bound (the whole game's ceiling, unless the search proved its plan). `stages` hears
    each better plan of the search. The daily always runs SEED; another `seed` measures how far
    the par depends on it (benchmarks/par_search.py --seed)."""
    from generator.solver.budget import Budget
    from generator.solver.full_model import solve

    def progress(found) -> None:
        stages.best(found.best, found.bound)

    budget = Budget(time_limit=WALL_GUARD, work=work, workers=2, seed=seed, full_model=False)
    result = solve(puzzle, budget, complete_first=True, progress=progress)
    if result.plan is None or result.score is None:
        raise AssertionError("the solver returned no plan for a daily deal")  # the cheap players always find one
    honest = honest_score(puzzle)
    return Solution(plan=result.plan, score=result.score, bound=result.bound, proven=result.proven, honest=honest,
                    window=result.window, work=result.work)


def bound_daily(puzzle: Puzzle, solution: Solution, programmes: int = WALK_PROGRAMMES) -> Solution:
    """`solution` with the count-range bound (solver/count_bound.py) of `programmes` walk
    programmes aimed at its par: proven optimal when the par meets it. At WALK_PROGRAMMES it is
    the walk bound of as many programmes, to the last bit (its root alone); more (`daily
    --prove-work`) splits the plans by their strips' counts (docs/solver-journal.md, "A bound that sees the counts"),
    and on a one-direction deal pays each turn exactly ("Exact payments": a root of 800 programmes'
    work, which the daily's own 200 cannot afford)."""
    from generator.solver.count_bound import PAID_ITERATIONS, PAID_WEIGHT, count_bound, pays_exactly
    from generator.solver.facts import Facts

    if solution.proven:
        return solution
    facts = Facts(puzzle)
    paid = programmes >= PAID_WEIGHT * PAID_ITERATIONS and pays_exactly(facts)
    cap = count_bound(facts, floor=solution.score, work=max(programmes, WALK_PROGRAMMES), paid=paid).bound
    if solution.score >= cap:
        return replace(solution, bound=solution.score, proven=True)
    return replace(solution, bound=cap)
