"""Relaxations of the game as upper-bound candidates (run by hand): `python benchmarks/bounds.py`.

docs/solver-journal.md ("The bound: what was tried") asks which relaxation could prove a 15-turn plan optimal. A
relaxation's optimum is an upper bound of the game's, so a relaxation is only useful when its
optimum comes near the best real plan. This script measures three of them on benchmark puzzles
(benchmarks/solver.py), with CP-SAT on the same machine in one run:

- routing: the path reduced to the order of the achieved locations, consecutive ones at least
  their map distance apart (self-avoidance and crossing diagonals dropped), each claim inside its
  turn's window on its arm (R10), per-turn payments, bonuses and scores exactly as in the model;
- path-free: no path at all, only "a claim in turn k lies within the arm length of turn k", the
  ring cut (claims at distance >= r by turn k <= arm length - r + 1) and claims <= steps + ends;
- caps: the most locations of one category on a self-avoiding path of L steps from the start
  (orienteering), the kind of number a count-based geometric bound would rest on.

`--solve S` also runs the project's solver for S seconds and prints its best plan and bound as
they move (how fast the full model's bound falls with time).

For each relaxation it prints the best solution CP-SAT found *of the relaxation* ("found") and its
bound. "found" is a lower bound of the relaxation's optimum: when it is far above the game's best
plan, no bound derived from that relaxation can prove the plan optimal.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ortools.sat.python import cp_model  # noqa: E402

from generator.solver import solve  # noqa: E402
from generator.solver.facts import Facts, map_distances  # noqa: E402
from generator.solver.model import Model, add_bonus, add_payments, add_score, add_turns  # noqa: E402
from generator.solver.budget import Budget  # noqa: E402
from solver import named, puzzles  # noqa: E402


def _skeleton(facts: Facts) -> tuple[Model, dict]:
    """Boxes, claims (with their turn's reach) and nothing of the path yet."""
    cp = cp_model.CpModel()
    K = facts.turns
    max_cum = [0] + [facts.max_steps(k) for k in range(1, K + 1)]
    m = Model(facts, cp, facts.puzzle.directions, max_cum)
    add_turns(m)
    claims = defaultdict(list)  # location -> [(turn, literal)]
    for v, goals in facts.goals.items():
        d = facts.distance.get(v)
        if d is None or d > max_cum[K]:
            continue
        for k in range(1, K + 1):
            if d <= max_cum[k]:
                for g in range(len(goals)):
                    m.claim[v, g, k] = cp.NewBoolVar(f"claim_{v}_{g}_{k}")
                    claims[v].append((k, m.claim[v, g, k]))
        cp.AddAtMostOne([literal for _, literal in claims[v]])
    return m, claims


def _pay_and_score(m: Model, steps: dict) -> None:
    """Per-turn payments (R5, R11), bonuses (R9) and the appreciation of generator/solver/model.py,
    with the relaxation's own steps per turn."""
    add_payments(m, steps.__getitem__)
    add_bonus(m, False)
    add_score(m)
    m.cp.Maximize(m.objective)


def routing(facts: Facts) -> Model:
    m, claims = _skeleton(facts)
    cp, K, arms = m.cp, facts.turns, m.arms
    caps = [m.max_cum[K], m.max_cum[K] // 2]  # arm b is the shorter (R6 symmetry)
    cum = {(e, 0): 0 for e in range(arms)}
    for e in range(arms):
        for k in range(1, K + 1):
            cum[e, k] = cp.NewIntVar(0, min(m.max_cum[k], caps[e]), f"cum_{e}_{k}")
            cp.Add(cum[e, k] >= cum[e, k - 1])
    if arms == 2:
        cp.Add(cum[0, K] >= cum[1, K])
    locations = list(claims)
    achieved = {v: cp.NewBoolVar(f"achieved_{v}") for v in locations}
    for v in locations:
        cp.Add(sum(literal for _, literal in claims[v]) == achieved[v])
    # R4: the path never re-enters the start
    far = {v: map_distances(facts.city.grid, v, avoid=facts.start) for v in locations}
    position = {v: cp.NewIntVar(facts.distance[v], caps[0], f"pos_{v}") for v in locations}
    on_b = {v: cp.NewBoolVar(f"b_{v}") for v in locations} if arms == 2 else {}
    index = {v: i + arms for i, v in enumerate(locations)}  # 0: the start; 1: the turn to arm b
    arcs, lengths = [], []
    for v in locations:
        arcs.append((index[v], index[v], achieved[v].Not()))
        for depot in range(arms):
            enter, leave = cp.NewBoolVar(""), cp.NewBoolVar("")
            arcs += [(depot, index[v], enter), (index[v], (depot + 1) % arms, leave)]
            lengths.append(facts.distance[v] * enter)
            if arms == 2:  # 0 → arm a → 1 → arm b → 0
                cp.AddImplication(enter, on_b[v] if depot == 1 else on_b[v].Not())
                cp.AddImplication(leave, on_b[v] if depot == 0 else on_b[v].Not())
        for u in locations:
            if u != v and v in far[u] and facts.distance[u] + far[u][v] <= caps[0]:
                arc = cp.NewBoolVar("")
                arcs.append((index[u], index[v], arc))
                lengths.append(far[u][v] * arc)
                cp.Add(position[v] >= position[u] + far[u][v]).OnlyEnforceIf(arc)
                if arms == 2:
                    cp.Add(on_b[u] == on_b[v]).OnlyEnforceIf(arc)
    if arms == 2:
        arcs += [(0, 1, cp.NewBoolVar("")), (1, 0, cp.NewBoolVar(""))]
    cp.AddCircuit(arcs)
    cp.Add(sum(lengths) <= sum(cum[e, K] for e in range(arms)))
    for (v, g, k), literal in m.claim.items():
        for e in range(arms):
            when = [literal] + ([on_b[v] if e else on_b[v].Not()] if arms == 2 else [])
            cp.Add(position[v] >= cum[e, k - 1]).OnlyEnforceIf(when)  # R10: touched in turn k
            cp.Add(position[v] <= cum[e, k]).OnlyEnforceIf(when)
    _pay_and_score(m, {k: sum(cum[e, k] - cum[e, k - 1] for e in range(arms)) for k in range(1, K + 1)})
    return m


def path_free(facts: Facts) -> Model:
    m, claims = _skeleton(facts)
    cp, K = m.cp, facts.turns
    cum = [0] + [cp.NewIntVar(0, m.max_cum[k], f"cum_{k}") for k in range(1, K + 1)]  # both arms
    for k in range(1, K + 1):
        cp.Add(cum[k] >= cum[k - 1])
    turn_of, alike = {}, defaultdict(list)
    assigned = {at for a in facts.puzzle.assignments for at in (a.locations or ())}
    for v, literals in claims.items():
        for k, literal in literals:
            cp.Add(cum[k] >= facts.distance[v]).OnlyEnforceIf(literal)
        turn_of[v] = cp.NewIntVar(1, K + 1, f"turn_{v}")  # K + 1: never
        cp.Add(turn_of[v] == K + 1 - sum((K + 1 - k) * literal for k, literal in literals))
        goals = facts.goals[v]
        alike[(v,) if v in assigned else tuple((g.goal, g.cost, g.crossed, g.eatery) for g in goals)].append(v)
    # Symmetry (keeps this relaxation's optimum): of two locations with the same goals, the nearer
    # is achieved no later.
    for group in alike.values():
        group.sort(key=lambda v: facts.distance[v])
        for a, b in zip(group, group[1:]):
            cp.Add(turn_of[a] <= turn_of[b])
    # Ring cut: a path holding cum nodes has at most cum − r + 1 of them at distance ≥ r.
    for k in range(1, K + 1):
        by_distance = defaultdict(list)
        for (v, g, kk), literal in m.claim.items():
            if kk <= k:
                by_distance[facts.distance[v]].append(literal)
        for r in sorted(by_distance):
            beyond = [lit for d, lits in by_distance.items() if d >= r for lit in lits]
            reached = cp.NewBoolVar("")
            cp.Add(cum[k] >= r).OnlyEnforceIf(reached)
            cp.Add(sum(beyond) == 0).OnlyEnforceIf(reached.Not())
            cp.Add(sum(beyond) <= cum[k] - r + 1).OnlyEnforceIf(reached)
    _pay_and_score(m, {k: cum[k] - cum[k - 1] for k in range(1, K + 1)})
    return m


def category_cap(facts: Facts, category: str, steps: int, time_limit: float, workers: int) -> tuple[int, int]:
    """(found, bound) of the most `category` locations on a path of `steps` steps from the start."""
    cp = cp_model.CpModel()
    nodes = [v for v, d in facts.distance.items() if d <= steps]
    index = {v: i for i, v in enumerate(nodes)}
    start = index[facts.start]
    arcs, length, prize = [], [], []
    for v in nodes:
        if v != facts.start:
            visited = cp.NewBoolVar("")
            arcs += [(index[v], index[v], visited.Not()), (index[v], start, cp.NewBoolVar(""))]
            if any(category in g.crossed for g in facts.goals.get(v, ())):
                prize.append(visited)
        for u in facts.city.grid.neighbours(v):
            if u in index and u != facts.start:
                arc = cp.NewBoolVar("")
                arcs.append((index[v], index[u], arc))
                length.append(arc)
    if facts.puzzle.directions == 1:
        cp.AddCircuit(arcs)
    else:
        cp.AddMultipleCircuit(arcs)
        cp.Add(sum(a for i, j, a in arcs if i == start and j != start) <= 2)
    cp.Add(sum(length) <= steps)
    cp.Maximize(sum(prize))
    solver = _solver(time_limit, workers)
    solver.Solve(cp)
    return round(solver.ObjectiveValue()), round(solver.BestObjectiveBound())


def _solver(time_limit: float, workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    return solver


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default="brug-00,brug-06,antw-00", help="name prefixes from benchmarks/solver.py")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--caps", type=int, default=0, metavar="L", help="also the category caps for paths of L steps")
    parser.add_argument("--caps-time-limit", type=float, default=20.0, help="per category cap")
    parser.add_argument("--no-relaxations", action="store_true", help="skip the two relaxations")
    parser.add_argument("--solve", type=float, default=0, metavar="S", help="also the project's solver for S seconds")
    args = parser.parse_args()
    print(f"{'puzzle':<22}{'relaxation':<12}{'found':>6}{'bound':>7}{'sec':>7}")
    for name, puzzle in named(puzzles(Path(tempfile.mkdtemp(prefix="citytrip-bounds-"))), args.puzzles):
        facts = Facts(puzzle)
        for label, build in () if args.no_relaxations else (("routing", routing), ("path-free", path_free)):
            started = time.monotonic()
            model = build(facts)
            solver = _solver(args.time_limit, args.workers)
            status = solver.Solve(model.cp)
            solved = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
            found, bound = (round(solver.ObjectiveValue()), round(solver.BestObjectiveBound())) if solved else ("–", "–")
            print(f"{name:<22}{label:<12}{found:>6}{bound:>7}{time.monotonic() - started:>7.1f}", flush=True)
        if args.caps:
            for category in facts.rules.categories:
                found, bound = category_cap(facts, category, args.caps, args.caps_time_limit, args.workers)
                print(f"{name:<22}{'cap ' + category:<22} {args.caps} steps: {found} (bound {bound})", flush=True)
        if args.solve:
            result = solve(puzzle, Budget(time_limit=args.solve, workers=args.workers), progress=_every(30.0, name))
            print(f"{name:<22}{'solver':<12}{result.score:>6}{result.bound:>7}{result.seconds:>7.1f}  {result.status}", flush=True)
    return 0


def _every(seconds: float, name: str):
    """A progress callback printing at most once per `seconds`."""
    last = [-seconds]

    def report(progress) -> None:
        if progress.seconds - last[0] >= seconds and progress.best is not None:
            last[0] = progress.seconds
            print(f"{name:<22}{'  solving':<12}{progress.best:>6}{progress.bound:>7}{progress.seconds:>7.0f}", flush=True)

    return report


if __name__ == "__main__":
    sys.exit(main())
