"""Solver benchmark (run by hand, not a timed test): `python benchmarks/solver.py [--columns lns]`.

Solves a fixed set of puzzles, on the same machine in one run: 20 seeded ones (two cities, basic
and advanced, 16- and 20-card decks, one and two directions) and 14 daily puzzles of generator
version 4 (benchmarks/dailies/: a week of each city). The columns (`--columns`, default all):
- lns: the daily's par, exactly as `citytrip daily` computes it (generator.daily.par:
  the large-neighbourhood search's portfolio with the daily's work budget, then the full model's
  bound); "cert" is its certificate (no better plan changes at most that many consecutive
  turns), "sec" its wall time including the bound,
- solver: generator.solver.full_model with `--time-limit` (the LNS, then the full CP-SAT model for
  the bound),
- baseline (a), "circ": the straightforward CP-SAT circuit model (AddCircuit with self-loops for
  unvisited nodes and a dummy node for the free end, integer positions and per-turn reach
  variables, strips by AddElement). It uses one direction only and no bonus actions, so on
  two-direction or advanced puzzles its plan is legal but not the puzzle's best,
- baseline (b), "beam": the beam-search player without CP-SAT (tests/support/beam.py, width 20).
Two columns are read, not run: "ref", the stored 20-minute two-worker run of the plain model
(benchmarks/reference.py, benchmarks/reference.json), and "par v4", each daily's par at
generator version 4 (its answer file in benchmarks/dailies/). Every plan is replayed by the rules
engine; the scores printed are the engine's.

The shipped maps are used when they load (maps/brugge, maps/antwerpen); otherwise two seeded
synthetic cities of the same size (benchmarks/synthetic_city.py) stand in for them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))  # the beam baseline

from ortools.sat.python import cp_model  # noqa: E402

from generator.data.cities import load_city  # noqa: E402
from generator.data.puzzles import load_puzzle, puzzle_from_data  # noqa: E402
from generator.rules.city import EAT, RESTAURANT  # noqa: E402
from generator.rules.plan import GoalClaim, Plan, Turn  # noqa: E402
from generator.rules.replay import replay  # noqa: E402
from beam import beam_search  # noqa: E402
from generator.solver import solve  # noqa: E402
from generator.solver.facts import ACTION_TYPES, GOAL_TYPES, Facts  # noqa: E402
from generator.solver.budget import Budget  # noqa: E402
import reference  # noqa: E402
from synthetic_city import write_city  # noqa: E402


# --- the puzzles ---------------------------------------------------------------------------------


def cities(workdir: Path) -> list[tuple[str, str]]:
    """(label, map key or folder) of the two benchmark cities."""
    found = []
    for name in ("brugge", "antwerpen"):
        try:
            load_city(name)
            found.append((name, name))
        except Exception:
            pass
    if len(found) < 2:
        found = [(f"synthetic-{s}", str(write_city(workdir / f"city{s}", s))) for s in (1, 2)]
    return found


DAILIES = Path(__file__).resolve().parent / "dailies"


def daily_puzzles() -> list[tuple[str, object]]:
    """The 14 daily puzzles of the benchmark (one week of each city, benchmarks/dailies/), as the
    daily dealt them at generator version 4: the deal it chose, with its target."""
    result = []
    for path in sorted(DAILIES.glob("*-puzzle.yaml")):
        puzzle = load_puzzle(path)
        city, day = path.name.split("-")[1], path.name.split("-", 2)[2][:10]
        name = f"daily {city[:4]} {day[5:]} {puzzle.mode[:3]} {len(puzzle.turns)}t {puzzle.directions}d"
        result.append((name, puzzle))
    return result


def daily_pars() -> dict[str, int]:
    """The par each benchmark daily had at generator version 4 (from its answer file's header)."""
    pars = {}
    for (name, _), path in zip(daily_puzzles(), sorted(DAILIES.glob("*-answer.yaml"))):
        header = path.read_text(encoding="utf-8").split("# par: ", 1)[1]
        pars[name] = int(header.split()[0])
    return pars


def all_puzzles(workdir: Path) -> list[tuple[str, object]]:
    """The 20 seeded benchmark puzzles and the 14 dailies."""
    return puzzles(workdir) + daily_puzzles()


def named(chosen: list[tuple[str, object]], only: str) -> list[tuple[str, object]]:
    """The puzzles whose names start with one of `only`'s comma-separated prefixes (all for "")."""
    prefixes = [p for p in only.split(",") if p]
    return [(name, puzzle) for name, puzzle in chosen if not prefixes or any(name.startswith(p) for p in prefixes)]


def puzzles(workdir: Path) -> list[tuple[str, object]]:
    result = []
    variants = [  # mode, cards, directions
        ("basic", 16, 1), ("basic", 16, 2), ("advanced", 16, 1), ("advanced", 16, 2),
        ("basic", 20, 1), ("advanced", 20, 2), ("basic", 16, 1), ("advanced", 16, 1),
        ("basic", 16, 2), ("advanced", 16, 2),
    ]
    for label, key in cities(workdir):
        city = load_city(key)
        for i, (mode, cards, directions) in enumerate(variants):
            rng = random.Random(f"{label}-{i}")
            deck = [f"{n}{rng.choice('AB')}" for n in rng.sample(sorted(city.action_cards), cards)]
            start = rng.choice(sorted(city.start_cards))
            data = {"map": key, "mode": mode, "directions": directions, "start": start, "deck": deck}
            name = f"{label[:4]}-{i:02d} {mode[:3]} {cards - 1}t {directions}d"
            result.append((name, puzzle_from_data(data, name)))
    return result


# --- baseline (a): the straightforward circuit model -------------------------------------------


def circuit_baseline(puzzle, time_limit: float, workers: int) -> tuple[int | None, int | None, bool]:
    """The AddCircuit model; returns (engine score of its plan, its bound, proven)."""
    facts = Facts(puzzle)
    cp = cp_model.CpModel()
    grid = facts.city.grid
    nodes = sorted(facts.distance)
    index = {v: i + 1 for i, v in enumerate(nodes)}  # 0 is the dummy node closing the cycle
    K = facts.turns
    length = sum(facts.max_plan(k) for k in range(K))
    visited, arcs, arc_of = {}, [], {}
    pos = {v: cp.NewIntVar(0, length, f"pos_{v}") for v in nodes}
    cp.Add(pos[facts.start] == 0)
    for v in nodes:
        visited[v] = cp.NewBoolVar(f"vis_{v}")
        if v == facts.start:
            cp.Add(visited[v] == 1)
        else:
            arcs.append((index[v], index[v], visited[v].Not()))  # self-loop: not visited
        end = cp.NewBoolVar(f"end_{v}")  # v is the free end of the path
        arcs.append((index[v], 0, end))
        for u in grid.neighbours(v):
            if u in index:
                literal = cp.NewBoolVar(f"arc_{v}_{u}")
                arc_of[v, u] = literal
                arcs.append((index[v], index[u], literal))
                cp.Add(pos[u] == pos[v] + 1).OnlyEnforceIf(literal)
    arcs.append((0, index[facts.start], cp.NewConstant(1)))
    cp.AddCircuit(arcs)
    for (v, u), literal in arc_of.items():  # R4: crossing diagonals
        if v.col != u.col and v.row != u.row:
            a, b = type(v)(v.col, u.row), type(v)(u.col, v.row)
            for other in ((a, b), (b, a)):
                if other in arc_of and (v, u) < other:
                    cp.AddBoolOr([literal.Not(), arc_of[other].Not()])
    cum = [cp.NewConstant(0)] + [cp.NewIntVar(0, length, f"cum_{k}") for k in range(1, K + 1)]
    box, claim = {}, {}
    for k in range(1, K + 1):
        options = facts.options[k - 1]
        literals = [cp.NewBoolVar(f"box_{k}_{i}") for i in range(len(options))]
        for i, literal in enumerate(literals):
            box[k, i] = literal
        cp.AddExactlyOne(literals)
        cp.Add(cum[k] >= cum[k - 1])
        amount = {t: sum(o.amount(t) * literals[i] for i, o in enumerate(options)) for t in ACTION_TYPES}
        cp.Add(cum[k] - cum[k - 1] <= amount[ACTION_TYPES[0]])
        spend = {t: [] for t in GOAL_TYPES}
        for v, goals in facts.goals.items():
            for g, goal in enumerate(goals):
                literal = cp.NewBoolVar(f"claim_{v}_{g}_{k}")
                claim[v, g, k] = literal
                cp.AddImplication(literal, visited[v])
                cp.Add(pos[v] >= cum[k - 1]).OnlyEnforceIf(literal)
                cp.Add(pos[v] <= cum[k]).OnlyEnforceIf(literal)
                spend[goal.action].append(goal.cost * literal)
        for t in GOAL_TYPES:
            cp.Add(sum(spend[t]) <= amount[t])
    for v in nodes:
        cp.Add(pos[v] <= cum[K]).OnlyEnforceIf(visited[v])
    for v in facts.goals:
        cp.AddAtMostOne([lit for (u, g, k), lit in claim.items() if u == v])
    hunts = [box[k, i] for (k, i) in box if facts.options[k - 1][i].hunted]
    cp.Add(sum(hunts) <= facts.max_hunts)
    # Scores by AddElement on the counts (R13, R15–R17); assignments are left out of the objective
    # only when present (this baseline ignores them, its plans still score them in the replay).
    terms = []
    counts = {name: [] for name in facts.rules.strips}
    kinds = {}
    for (v, g, k), literal in claim.items():
        goal = facts.goals[v][g]
        for category in goal.crossed:
            if category == EAT:
                kinds.setdefault(goal.eatery, []).append(literal)
            elif category in counts:
                counts[category].append(literal)
    start_counts = facts.tally(()).crossings
    eat_kinds = []
    for kind, literals in kinds.items():
        if kind == facts.start_eatery and EAT in facts.start_crossed:
            continue
        has = cp.NewBoolVar(f"kind_{kind}")
        cp.AddMaxEquality(has, literals)
        eat_kinds.append(has)
    restaurant = cp.NewBoolVar("restaurant")
    cp.AddMaxEquality(restaurant, [lit for (v, g, k), lit in claim.items() if RESTAURANT in facts.goals[v][g].crossed] or [cp.NewConstant(0)])
    for name, strip in facts.rules.strips.items():
        numbers = list(strip.numbers)
        count = (sum(eat_kinds) if name == EAT else sum(counts[name])) + start_counts[name]
        capped = cp.NewIntVar(0, len(numbers) - 1, f"cap_{name}")
        cp.AddMinEquality(capped, [count, len(numbers) - 1])
        value = cp.NewIntVar(min(numbers), max(numbers), f"val_{name}")
        cp.AddElement(capped, numbers, value)
        if name == EAT:
            doubled = cp.NewIntVar(2 * min(numbers), 2 * max(numbers), "eat_doubled")
            cp.Add(doubled == 2 * value).OnlyEnforceIf(restaurant)
            cp.Add(doubled == value).OnlyEnforceIf(restaurant.Not())
            terms.append(doubled)
        else:
            terms.append(value)
    hunted = list(facts.rules.hunted)
    penalty = cp.NewIntVar(min(hunted), max(hunted), "hunted")
    h = cp.NewIntVar(0, facts.max_hunts, "h")
    cp.Add(h == sum(hunts))
    cp.AddElement(h, hunted, penalty)
    terms.append(penalty)
    cp.Maximize(sum(terms))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    status = solver.Solve(cp)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, None, False
    order = sorted((solver.Value(pos[v]), v) for v in nodes if solver.BooleanValue(visited[v]) and v != facts.start)
    path = [v for _, v in order]
    turns = []
    for k in range(1, K + 1):
        option = next(o for i, o in enumerate(facts.options[k - 1]) if solver.BooleanValue(box[k, i]))
        moves = tuple(path[solver.Value(cum[k - 1]):solver.Value(cum[k])])
        goals = tuple(
            GoalClaim(v, facts.goals[v][g].goal if facts.goals[v][g].named else None)
            for (v, g, kk), lit in claim.items() if kk == k and solver.BooleanValue(lit)
        )
        turns.append(Turn(option.boxes, (moves, ()), goals))
    report = replay(puzzle, Plan(tuple(turns)))
    if not report.valid:
        raise AssertionError(f"circuit baseline plan rejected: {report.violations}")
    exact = puzzle.directions == 1 and puzzle.mode == "basic" and not puzzle.assignments
    bound = round(solver.BestObjectiveBound()) if exact else None
    return report.score, bound, status == cp_model.OPTIMAL and exact


# --- the run -------------------------------------------------------------------------------------

COLUMNS = ("beam", "circuit", "solver", "lns")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0, help="the solver column's time limit")
    parser.add_argument("--baseline-time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--columns", default=",".join(COLUMNS),
                        help=f"comma-separated columns to run, of {', '.join(COLUMNS)} (default all); the reference "
                        "column is read from benchmarks/reference.json and always shown")
    parser.add_argument("--only", type=int, default=0, help="run only the first N puzzles")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args()
    columns = [c for c in args.columns.split(",") if c]
    unknown = sorted(set(columns) - set(COLUMNS))
    if unknown:
        parser.error(f"--columns: unknown column(s) {', '.join(unknown)}; expected some of {', '.join(COLUMNS)}")
    workdir = Path(tempfile.mkdtemp(prefix="citytrip-bench-"))
    chosen = all_puzzles(workdir)[: args.only or None]
    references = reference.load(dict(chosen))
    pars = daily_pars()
    print(_header())
    rows = []
    for name, puzzle in chosen:
        row = {"puzzle": name, "turns": len(puzzle.turns), "reference": references.get(name, {}).get("score"), "par_v4": pars.get(name)}
        row.update(_measure(puzzle, columns, args))
        rows.append(row)
        print(_line(row), flush=True)
    _summary(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


def _measure(puzzle, columns: list[str], args) -> dict:
    """The chosen columns of one puzzle's row, each plan's score as the engine replays it."""
    from generator.daily.par import WORK, bound_daily, solve_daily

    row = {}
    if "beam" in columns:
        t = time.monotonic()
        row["beam"] = replay(puzzle, beam_search(puzzle, 20, 0)).score
        row["beam_seconds"] = round(time.monotonic() - t, 1)
    if "circuit" in columns:
        t = time.monotonic()
        row["circuit"], row["circuit_bound"], _ = circuit_baseline(puzzle, args.baseline_time_limit, args.workers)
        row["circuit_seconds"] = round(time.monotonic() - t, 1)
    if "solver" in columns:
        result = solve(puzzle, Budget(time_limit=args.time_limit, workers=args.workers))
        row.update({"hint": result.beam_score, "solver": result.score, "bound": result.bound,
                    "proven": result.status.value == "OPTIMAL", "solver_seconds": round(result.seconds, 1)})
    if "lns" in columns:
        # Exactly the daily's par: its work budget, seed, two workers, complete assignments first,
        # then the daily's bound (solve_daily replays the plan through the engine).
        t = time.monotonic()
        solution = bound_daily(puzzle, solve_daily(puzzle))
        row.update({"lns": replay(puzzle, solution.plan).score, "lns_window": solution.window, "lns_bound": solution.bound,
                    "lns_work": WORK, "lns_seconds": round(time.monotonic() - t, 1)})
    return row


def _show(value) -> str:
    return "–" if value is None else str(value)


def _header() -> str:
    header = (f"{'puzzle':<28}{'beam':>6}{'circ':>6}{'solver':>7}{'bound':>7} |{'LNS':>5}{'cert':>5}{'sec':>6}"
              f" |{'ref':>5}{'par v4':>7}")
    return header + "\n" + "-" * len(header)


def _line(r: dict) -> str:
    seconds = f"{r['lns_seconds']:.0f}" if "lns_seconds" in r else "–"
    return (f"{r['puzzle']:<28}{_show(r.get('beam')):>6}{_show(r.get('circuit')):>6}{_show(r.get('solver')):>7}"
            f"{_show(r.get('bound')):>7} |{_show(r.get('lns')):>5}{_show(r.get('lns_window')):>5}{seconds:>6}"
            f" |{_show(r['reference']):>5}{_show(r['par_v4']):>7}")


def _summary(rows: list[dict]) -> None:
    print("-" * len(_line(rows[0])) if rows else "")
    for column in ("beam", "circuit", "solver", "lns"):
        scored = [r for r in rows if r.get(column) is not None]
        if scored:
            print(f"{column}: total {sum(r[column] for r in scored)} on {len(scored)} puzzles")
    with_reference = [r for r in rows if r["reference"] is not None and r.get("lns") is not None]
    if with_reference:
        met = sum(1 for r in with_reference if r["lns"] >= r["reference"])
        print(f"LNS at least the 20-minute reference: {met} of {len(with_reference)} puzzles with a stored reference "
              f"(LNS total {sum(r['lns'] for r in with_reference)}, reference total {sum(r['reference'] for r in with_reference)})")
    dailies = [r for r in rows if r["par_v4"] is not None and r.get("lns") is not None]
    if dailies:
        lns, old = sum(r["lns"] for r in dailies), sum(r["par_v4"] for r in dailies)
        print(f"dailies: LNS total {lns} against the version-4 pars' {old} ({100 * (lns / old - 1):+.1f} %) on {len(dailies)} puzzles")
    timed = [r["lns_seconds"] for r in rows if "lns_seconds" in r]
    if timed:
        print(f"LNS par with its bound, wall seconds: mean {sum(timed) / len(timed):.1f}, max {max(timed):.1f}")
    solved = [r for r in rows if r.get("solver") is not None and r.get("beam") is not None]
    if solved:
        at_least = sum(1 for r in solved if r["solver"] >= max(r["beam"], r.get("circuit") or -999))
        print(f"puzzles where the solver's score ≥ the best baseline's: {at_least} of {len(solved)}")


if __name__ == "__main__":
    sys.exit(main())
