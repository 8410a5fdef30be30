"""Where the daily's minute goes (issue 58, item 1): the par search and the bound of the daily,
split into their parts, on the 34 benchmark puzzles (run by hand, not a timed test).

    .venv/bin/python benchmarks/par_profile.py [--work 40] [--only antw-05,brug-03] [--windows]

The par search (generator.daily.par.solve_daily's portfolio) runs here with ONE worker, so that
every part runs in this process and can be timed: the windows' models built in Python, CP-SAT on
the windows (their hint completion apart), the model's read-back, the engine's replays, the start
plans, and the rest (the search's own bookkeeping). The daily runs the same search on two
workers, which hands the same kinds of work to two processes, so the shares hold while the plan
itself may differ. Then, timed apart: the honest player's score and the walk bound of
WALK_PROGRAMMES walk programmes (bound_daily), the two other parts of a daily's deal. The full
model's bound is not in the daily any more (its budget has `full_model=False`): its line says so.

Seconds are wall-clock seconds of this machine; compare the shares, not the seconds, between runs.
The summary also says how many units of the search's budget each part was charged (CP-SAT's
deterministic time, and lns.BUILD_CHARGE per variable of a built model) and so how many seconds a
unit of each bought: where the two rates differ, the budget is not spent in proportion to time.
`--windows` also counts each puzzle's sub-solves by window size and kind (climbing or exact):
how many, the work they cost, how many were proven and how many gained (with one worker the
search is a pure function of the puzzle and the work, so these counts repeat exactly).
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))

from solver import all_puzzles, named  # noqa: E402

PARTS = ("model building", "CP-SAT windows", "CP-SAT hints", "read-back", "replays", "start plans")


class Clock:
    """Seconds spent in each part, and the units of work the search's budget charged for it; a
    part inside another (a replay inside a start plan) counts once, in the outer one."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = collections.defaultdict(float)
        self.units: dict[str, float] = collections.defaultdict(float)
        self.inside: str | None = None

    def wrap(self, owner, name: str, part: str, charge=None) -> None:
        """`charge(args, result)`: the units the search's budget counts for one call, as
        lns._WindowSolver.attempt charges them."""
        original = getattr(owner, name)
        clock = self

        def timed(*args, **kwargs):
            if clock.inside is not None:
                return original(*args, **kwargs)
            clock.inside = part
            started = time.perf_counter()
            try:
                result = original(*args, **kwargs)
                if charge is not None:
                    clock.units[part] += charge(args, result)
                return result
            finally:
                clock.seconds[part] += time.perf_counter() - started
                clock.inside = None

        setattr(owner, name, timed)


class Windows:
    """Each sub-solve the search applied: (window size, exact, work, proven, gained)."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, bool, float, bool, bool]] = []

    def wrap(self) -> None:
        import generator.solver.lns as lns

        original, seen = lns._State.apply, self.seen

        def apply(state, attempts, w):
            before = state.key
            gained = original(state, attempts, w)
            seen.extend((w, a.window.slack is None, a.work, a.proven, a.plan is not None and a.key > before)
                        for a in attempts)
            return gained

        lns._State.apply = apply

    def lines(self) -> list[str]:
        by: dict[tuple[int, bool], list] = collections.defaultdict(lambda: [0, 0.0, 0, 0])
        for w, exact, work, proven, gained in self.seen:
            row = by[w, exact]
            row[0] += 1
            row[1] += work
            row[2] += proven
            row[3] += gained
        return [f"    {w} turns, {'exact' if exact else 'climbing'}: {n} windows, {work:.1f} units ({work / n:.2f} each), "
                f"{proven} proven, {gains} gained" for (w, exact), (n, work, proven, gains) in sorted(by.items())]


def instrument(clock: Clock) -> None:
    from ortools.sat.python import cp_model

    import generator.solver.lns as lns
    import generator.solver.start_plans as start_plans
    from generator.solver.lns_model import WindowModel

    clock.wrap(WindowModel, "__init__", "model building",
               lambda args, _: len(args[0].cp.Proto().variables) * lns.BUILD_CHARGE)
    clock.wrap(WindowModel, "complete_hint", "CP-SAT hints", lambda _, work: work)
    clock.wrap(WindowModel, "read", "read-back")
    clock.wrap(cp_model.CpSolver, "Solve", "CP-SAT windows", lambda args, _: args[0].ResponseProto().deterministic_time)
    clock.wrap(lns, "replay", "replays")
    clock.wrap(start_plans, "start_plan", "start plans")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=float, default=40.0, help="units of deterministic work (the daily's is 40)")
    parser.add_argument("--only", default="", help="comma-separated name prefixes of the puzzles to run (default all)")
    parser.add_argument("--windows", action="store_true", help="count the sub-solves by window size")
    args = parser.parse_args()
    from generator.daily.job import Solution
    from generator.daily.par import SEED, WALL_GUARD, bound_daily
    from generator.players.honest import honest_score
    from generator.solver.budget import Budget
    from generator.solver.full_model import solve

    clock = Clock()
    instrument(clock)
    windows = Windows()
    if args.windows:
        windows.wrap()
    chosen = named(all_puzzles(Path(tempfile.mkdtemp(prefix="citytrip-profile-"))), args.only)
    totals: dict[str, float] = collections.defaultdict(float)
    charged: dict[str, float] = collections.defaultdict(float)  # units of the budget, by part
    print(f"{'puzzle':<28}{'search s':>9}" + "".join(f"{p[:12]:>13}" for p in PARTS) + f"{'rest':>7}"
          f"{'honest':>8}{'walk bnd':>9}")
    for name, puzzle in chosen:
        clock.seconds.clear()
        clock.units.clear()
        windows.seen.clear()
        started = time.perf_counter()
        budget = Budget(time_limit=WALL_GUARD, work=args.work, workers=1, seed=SEED, full_model=False)
        result = solve(puzzle, budget, complete_first=True)
        search = time.perf_counter() - started
        parts = {p: clock.seconds[p] for p in PARTS}
        for part, units in clock.units.items():
            charged[part] += units
        started = time.perf_counter()
        honest = honest_score(puzzle)
        honest_s = time.perf_counter() - started
        started = time.perf_counter()
        bound_daily(puzzle, Solution(result.plan, result.score, result.bound, False, honest, result.window, result.work))
        bound_s = time.perf_counter() - started
        rest = search - sum(parts.values())
        row = {**parts, "rest": rest, "honest": honest_s, "walk bound": bound_s,
               "search": search}
        for key, value in row.items():
            totals[key] += value
        print(f"{name:<28}{search:>9.1f}" + "".join(f"{100 * parts[p] / search:>12.0f}%" for p in PARTS)
              + f"{100 * rest / search:>6.0f}%{honest_s:>8.1f}{bound_s:>9.1f}", flush=True)
        if args.windows:
            print("\n".join(windows.lines()), flush=True)
    whole = totals["search"] + totals["honest"] + totals["walk bound"]
    print(f"\nall {len(chosen)} puzzles: {whole:.0f} s, of which")
    for key in ("search", *PARTS, "rest", "honest", "walk bound"):
        indent = "    " if key in PARTS or key == "rest" else "  "
        units = f"   {charged[key]:6.1f} units charged, {totals[key] / charged[key]:.2f} s each" if charged[key] else ""
        print(f"{indent}{key:<18}{totals[key]:>8.1f} s {100 * totals[key] / whole:>5.1f} %{units}")
    print("  full model's bound     0.0 s   0.0 % (not run by the daily: full_model=False)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
