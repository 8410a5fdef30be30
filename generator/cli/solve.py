"""`citytrip solve PUZZLE`: the best plan of a puzzle with its proof, or whether a target can be won."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.common import print_json, puzzle_argument
from generator.cli.ranges import number
from generator.errors import UsageError
from generator.files import write_text
from generator.rules.notation import format_turn
from generator.rules.replay import replay
from generator.rules.text import render_map
from generator.solver.budget import Budget
from generator.solver.verdict import Status
from generator.solver.walk_bound import ITERATIONS  # no OR-Tools: that loads only for a solve

EXIT_NOT_WON = 1  # --target: UNSOLVABLE or UNKNOWN
EXIT_INTERRUPTED = 130  # --prove stopped by Ctrl-C (the best plan and bound so far are printed)
PROVE_WORK = 40.0  # --prove's default work: the daily's search budget


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="find the best plan of a puzzle and prove it optimal (CP-SAT)",
        description=(
            "Find the plan with the highest appreciation for PUZZLE's known card sequence: a large-neighbourhood "
            "search re-solves windows of consecutive turns exactly (and says when no better plan changes at most "
            "w consecutive turns); an upper bound over single walks follows (--walk-bound); "
            "then the full model looks for a proof of optimality or the best proven upper bound in the time left. "
            "With --target N, decide whether some plan reaches N and completes every assignment: "
            "SOLVABLE (with a witness plan), UNSOLVABLE (proven) or UNKNOWN (time limit). "
            "Ctrl-C stops the search and prints the best plan found so far. Exit code 0, or 1 when a "
            "target is UNSOLVABLE or UNKNOWN, 2 for bad input."
        ),
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help="a puzzle YAML file")
    parser.add_argument("--time-limit", type=number("time-limit"), metavar="S", help="seconds (default 60; not with --prove)")
    parser.add_argument("--workers", type=number("workers"), default=2, metavar="K", help="processes (default 2, one per core)")
    parser.add_argument("--work", type=number("work"), metavar="W",
                        help="the search's work in deterministic units of about a second of two cores (default: 60 %% of "
                        "the time limit, stopped by the clock); given, the plan is the same on every machine")
    parser.add_argument("--target", type=number("target"), metavar="N", help="decide whether appreciation N can be reached with every assignment")
    parser.add_argument("--seed", type=number("seed"), default=0, help="random seed, 0 to 2147483647 (default 0)")
    parser.add_argument("--walk-bound", type=number("walk-bound"), default=ITERATIONS, metavar="N",
                        help=f"N walk programmes for an upper bound that sees the path (default {ITERATIONS}, about 10 s; "
                        "0 leaves it out); given --work, the bound is the same on every machine")
    parser.add_argument("--prove", action="store_true",
                        help="prove: the search's plan against the count-range bound, on --work units alone (default "
                        f"{PROVE_WORK:g}, no clock): OPTIMAL when they meet, else FEASIBLE with the gap; with --target, "
                        "SOLVABLE, UNSOLVABLE (the bound is below it, or the full model proves no plan wins) or UNKNOWN. "
                        "Progress on stderr; Ctrl-C prints "
                        "the best plan and bound so far")
    parser.add_argument("--as-daily", action="store_true",
                        help="run exactly the search that sets a daily's par (complete assignments first, then "
                        "appreciation; seed 0, two workers, no full model) on --work units (default the daily's "
                        "40), then the daily's walk bound: compare a par with more search on any puzzle")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--plan-out", metavar="FILE", help="write the plan to FILE (YAML, readable by verify)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.as_daily:
        return run_as_daily(args)
    if args.prove:
        return run_proof(args)
    if args.time_limit is None:
        args.time_limit = 60.0
    puzzle = puzzle_argument(args.puzzle)
    from generator.cli.progress import solver_progress
    from generator.solver import solve  # ortools loads only for this command

    budget = Budget(time_limit=args.time_limit, work=args.work, workers=args.workers, seed=args.seed,
                    walk_programmes=args.walk_bound)
    with solver_progress() as progress:  # Ctrl-C stops the search: the best plan so far is printed below
        result = solve(puzzle, budget, target=args.target, progress=progress)
    answer(args, result, describe(puzzle, result))
    return _exit_code(result.status)


def _exit_code(status: Status) -> int:
    """1 for a target that was not won (refuted or left open), else 0."""
    return EXIT_NOT_WON if status in (Status.UNSOLVABLE, Status.UNKNOWN) else 0


def answer(args: argparse.Namespace, result, described: str) -> None:
    """The plan into --plan-out when asked, and the result on stdout: JSON with --json, else `described`."""
    if args.plan_out and result.plan is not None:
        _write_plan(Path(args.plan_out), result.plan, args.puzzle)
    if args.json:
        print_json(result.as_dict())
    else:
        print(described)


def run_as_daily(args: argparse.Namespace) -> int:
    """--as-daily: the daily's own search and bound (generator/daily/par.py), so that the daily, the
    benchmark and a designer's puzzle are searched by one code path."""
    import time

    from generator.daily.par import SEED, WORK, bound_daily, solve_daily

    given = [name for name, value in (("--prove", args.prove), ("--target", args.target is not None),
                                      ("--time-limit", args.time_limit is not None), ("--seed", args.seed != SEED))
             if value]
    if given:
        raise UsageError(f"--as-daily runs the daily's search as it is (seed {SEED}, on work alone, no target): "
                         f"leave out {' and '.join(given)}")
    puzzle = puzzle_argument(args.puzzle)
    from generator.cli.progress import daily_stages
    from generator.solver.full_model import SolveResult  # ortools loads only for this command

    started = time.monotonic()
    work = WORK if args.work is None else args.work
    with daily_stages("the daily's search") as stages:
        solution = bound_daily(puzzle, solve_daily(puzzle, work, stages))
    result = SolveResult(Status.OPTIMAL if solution.proven else Status.FEASIBLE, solution.score, solution.bound,
                         time.monotonic() - started, solution.plan, window=solution.window, work=solution.work,
                         walk_bound=solution.bound)
    answer(args, result, f"the daily's search at work {work:g}:\n" + describe(puzzle, result))
    return 0


def run_proof(args: argparse.Namespace) -> int:
    """--prove: prove_plan on --work units, its progress on stderr (on a terminal), the answer on stdout."""
    work = PROVE_WORK if args.work is None else args.work  # the search gets half of it, the bound the rest
    if args.time_limit is not None:
        raise UsageError("--prove runs on --work alone, the same on every machine: leave out --time-limit")
    puzzle = puzzle_argument(args.puzzle)
    from generator.cli.progress import proof_progress
    from generator.solver.proof import prove_plan  # ortools loads only for this command

    with proof_progress() as progress:
        result = prove_plan(puzzle, Budget(work=work, workers=args.workers, seed=args.seed), target=args.target,
                            progress=progress)
    answer(args, result, describe_proof(puzzle, result))
    if result.interrupted:
        return EXIT_INTERRUPTED
    return _exit_code(result.status)


def describe_proof(puzzle, result) -> str:
    status = result.status
    spent = f"{result.work:.1f} units of work, {result.nodes} nodes"
    if status is Status.OPTIMAL:
        verdict = f"appreciation {result.score}, proven optimal: the plan meets the bound ({spent})"
    elif status is Status.FEASIBLE:
        verdict = f"appreciation {result.score}, upper bound {result.bound} (gap {result.bound - result.score}; {spent})"
    elif status is Status.SOLVABLE:
        verdict = f"target {result.target} can be won: the plan below scores {result.score} and completes every assignment"
    elif status is Status.UNSOLVABLE and result.bound < result.target:
        verdict = f"target {result.target} cannot be won: no plan scores more than {result.bound} ({spent})"
    elif status is Status.UNSOLVABLE:
        verdict = (f"target {result.target} cannot be won: no plan reaches it with every assignment complete "
                   f"(proven by the full model; {spent})")
    else:
        verdict = f"target {result.target}: neither won nor refuted; best plan {result.score}, bound {result.bound} ({spent})"
    if result.interrupted:
        verdict += "; interrupted: the best plan and bound so far"
    lines = [f"{status}: {verdict}"]
    if result.plan is not None:
        lines.append("")
        lines.extend("  " + format_turn(number, turn) for number, turn in enumerate(result.plan.turns, start=1))
        lines.append("")
        lines.append(f"score: {replay(puzzle, result.plan).breakdown.total}")
    return "\n".join(lines)


def _write_plan(path: Path, plan, puzzle_file: str) -> None:
    from generator.data.puzzles import plan_to_data
    from generator.data.yaml_file import dump_yaml

    data = {"puzzle": str(puzzle_file)}
    data.update(plan_to_data(plan))
    write_text(path, dump_yaml(data))


def describe(puzzle, result) -> str:
    lines = [f"{result.status}: {_verdict(result)}"]
    if result.certificate and result.status is Status.FEASIBLE:
        lines.append(f"local optimality: {result.certificate}")
    if result.plan is not None:
        report = replay(puzzle, result.plan)
        lines.append("")
        for number, turn in enumerate(result.plan.turns, start=1):
            lines.append("  " + format_turn(number, turn))
        lines.append("")
        path = [node for end in report.sheet.paths for node in end]
        lines.append(render_map(puzzle.city, puzzle.start, path))
        breakdown = report.breakdown
        parts = [f"{name} {points}" for name, points in breakdown.strips.items()]
        parts += [f"assignment {ident} {points}" for ident, points in breakdown.assignments.items()]
        parts.append(f"hunted {breakdown.hunted}")
        lines.append("")
        lines.append("score: " + ", ".join(parts) + f" = {breakdown.total}")
    return "\n".join(lines)


def _verdict(result) -> str:
    seconds = f"{result.seconds:.1f} s"
    status = result.status
    if status is Status.OPTIMAL:
        return f"appreciation {result.score}, proven optimal ({seconds})"
    if status is Status.FEASIBLE:
        return f"appreciation {result.score}, upper bound {result.bound} (not proven, {seconds})"
    if status is Status.SOLVABLE:
        return f"target {result.target} can be won: the plan below scores {result.score} and completes every assignment ({seconds})"
    if status is Status.UNSOLVABLE:
        return f"target {result.target} cannot be won: no plan reaches it with every assignment complete (proven, {seconds})"
    return f"target {result.target}: neither won nor refuted within the time limit ({seconds})"
