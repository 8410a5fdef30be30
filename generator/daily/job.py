"""The daily job: deal, solve, check with the engine, write the puzzle, the answer and the sheets.

`make_daily` is a pure function of (city, date, generator version, solver settings): the deal
comes from a SHA-256 seed, the solver runs with one worker, a fixed seed and a deterministic time
budget, and every file is written atomically, so two runs give byte-identical files. The puzzle and
answer YAML never depend on the language: only the render callable's PDFs speak it.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from generator.daily.code import encode
from generator.daily.deal import GENERATOR_VERSION, deal, difficulty
from generator.players import panel
from generator.data.cities import load_city
from generator.data.puzzles import plan_to_data, puzzle_to_data
from generator.data.yaml_file import dump_yaml
from generator.files import write_text
from generator.daily.addresses import page_address
from generator.daily.stages import QUIET, Stages
from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle
from generator.rules.replay import Report, replay

ATTEMPTS = 2  # deals tried when the honest player already reaches the par ("dull", issue 6)
TARGET_STEP = 5  # targets are printed as multiples of 5, like the rulebook's level table


@dataclass(frozen=True)
class Solution:
    """What the solver says about one deal."""

    plan: Plan
    score: int
    bound: int | None
    proven: bool
    honest: int  # the honest player's score (players/honest.py): a deal it already wins at the par is dull
    window: int = 0  # certificate: no better plan changes at most this many consecutive turns
    work: float = 0.0  # the search's deterministic work spent


@dataclass(frozen=True)
class Daily:
    day: dt.date
    puzzle: Puzzle
    code: str
    par: int
    bound: int | None
    proven: bool
    honest: int
    attempt: int
    answer: Plan
    report: Report
    files: tuple[Path, ...]
    window: int = 0  # the par's certificate (solver/lns.py)
    address: str | None = None  # the puzzle's web page, when the site's address was given
    panel: tuple[panel.Result, ...] = ()  # the panel's scores, which set the target (empty for a mini)

    @property
    def qr_text(self) -> str:
        """What the printed QR code holds: the page's address (with the code), else the code."""
        return self.address or self.code

    def par_note(self, bound: str = "proven bound {bound}, gap {gap}") -> str:
        """What is known about the par, in English: "proven optimal", or "best known", the
        certificate and the bound with the gap between it and the par (worded by `bound`). The YAML
        header and the console summary say it (data and a log, the same in every language); the
        printed sentence is render/daily_text.certificate_line, made from `window` in the language
        in use."""
        if self.proven:
            return "proven optimal"
        from generator.solver.lns import certificate_text

        parts = ["best known", certificate_text(self.window), bound.format(bound=self.bound, gap=self.gap)]
        return "; ".join(part for part in parts if part)

    @property
    def gap(self) -> str:
        """How far the bound lies above the par, as a share of the par ("48 %"): the most a better
        plan could gain (issue 36 asks the YAML to state it), rounded up so that the bound is never
        said to be nearer the par than it is; "–" for a par of 0 or less."""
        if self.par <= 0:
            return "–"
        return f"{math.ceil(100 * (self.bound - self.par) / self.par)} %"


Solver = Callable[[Puzzle], Solution]
# The bound of the deal chosen (daily/par.py's bound_daily): the solution with its bound.
Bounder = Callable[[Puzzle, Solution], Solution]


def target_for(results: tuple[panel.Result, ...], share: float, par: int) -> int:
    """The win line: the highest multiple of 5 that at least `share` of the panel reaches with
    every assignment complete, never above the par (gold) nor below 5.

    When fewer members than that complete the assignments, every member who does wins: the target
    is the weakest of their scores, so the puzzle stays won by as many players as can win it.
    """
    needed = max(1, math.ceil(share * len(results) - 1e-9))
    scores = sorted((r.score for r in results if r.complete), reverse=True)
    if not scores:
        raise AssertionError("no panel member completes the assignments")  # choose_deal prevents it
    reached = scores[min(needed, len(scores)) - 1]
    line = math.floor(min(reached, par) / TARGET_STEP) * TARGET_STEP
    return max(TARGET_STEP, line)


def panel_line(results: tuple[panel.Result, ...], target: int) -> str:
    """"7 of 10 players of the panel": who reaches the target (YAML header, console summary)."""
    wins = sum(r.wins(target) for r in results)
    return f"{wins} of {len(results)} players of the panel"


def file_stem(city_key: str, day: dt.date) -> str:
    return f"citytrip-{city_key}-{day.isoformat()}"


def choose_deal(city_key: str, day: dt.date, solver: Solver, stages: Stages = QUIET,
                members: tuple[panel.Member, ...] = panel.PANEL) -> tuple[Puzzle, Solution, int, tuple[panel.Result, ...]]:
    """The first deal whose par the honest player does not reach, else the one with the widest gap;
    with the results of the panel of `members` on it.

    A deal counts only when its best plan and at least one player of the panel complete every
    assignment, so that the par and the target are scores a solo player can win with. When no
    deal counts, the first deal keeps just the assignments its plan completes (dropping an
    incomplete one changes no score: it scored nothing), and the panel plays that.
    """
    city = load_city(city_key)
    best: tuple[int, Puzzle, Solution, int, tuple[panel.Result, ...]] | None = None
    fallback: tuple[Puzzle, Solution, Report] | None = None
    for attempt in range(ATTEMPTS):
        stages.begin(f"deal {attempt + 1}")
        puzzle = deal(city, day, attempt)
        solution = solver(puzzle)
        report = replay(puzzle, solution.plan)
        if not report.valid or report.score != solution.score:
            raise AssertionError(f"solver plan does not replay to its score: {report.violations}")
        if fallback is None:
            fallback = (puzzle, solution, report)
        if not report.assignments_complete:
            continue
        stages.begin("panel")
        results = panel.play(puzzle, members)
        if not any(r.complete for r in results):
            continue
        gap = solution.score - solution.honest
        if best is None or gap > best[0]:
            best = (gap, puzzle, solution, attempt, results)
        if gap > 0:
            break
    if best is not None:
        return best[1], best[2], best[3], best[4]
    assert fallback is not None
    puzzle, solution, report = fallback
    kept = tuple(a for a in puzzle.assignments if report.breakdown.assignments_complete[a.id])
    puzzle = replace(puzzle, assignments=kept)
    stages.begin("panel")
    results = panel.play(puzzle, members)
    while not any(r.complete for r in results):
        # No player of the panel completes what the par does: keep what the best of them completes
        # (each round drops at least one assignment; with none left, every player completes).
        best_player = max(results, key=lambda r: (-len(r.missing), r.score))
        puzzle = replace(puzzle, assignments=tuple(a for a in puzzle.assignments if a.id not in best_player.missing))
        results = panel.play(puzzle, members)
    # A dropped assignment the par's plan completed took its points with it: the par is the plan's
    # score on the puzzle as printed.
    return puzzle, replace(solution, score=replay(puzzle, solution.plan).score), 0, results


@dataclass(frozen=True)
class Pages:
    """Where and how a day's files are written: into `folder`, the PDFs by `render` ((daily, stem)
    → paths, the paper bound; None writes the YAML alone), the QR code to the puzzle's page on the
    site at `base_url` (None: the QR code holds the code). One value for the daily and its mini, so
    both are written alike."""

    folder: Path
    render: Callable[[Daily, Path], list[Path]] | None = None
    base_url: str | None = None


@dataclass(frozen=True)
class Par:
    """How a daily's par is found: `solve` solves each deal dealt; `bound`, when given, bounds the
    deal chosen (the only one whose bound is printed), else the solver's bound is printed."""

    solve: Solver
    bound: Bounder | None = None


@dataclass(frozen=True)
class Chosen:
    """A deal chosen to publish: the puzzle with its target, the solution at the par, which deal of
    the day it was (`attempt`), and the panel's results (empty for a mini)."""

    puzzle: Puzzle
    solution: Solution
    attempt: int
    panel: tuple[panel.Result, ...] = ()


def make_daily(city_key: str, day: dt.date, pages: Pages, par: Par, stages: Stages = QUIET,
               members: tuple[panel.Member, ...] = panel.PANEL) -> Daily:
    """Deal, solve and write today's files as `pages` says; returns what the summary prints. `par`
    solves each deal and bounds the chosen one; the panel of `members` sets the target (a test whose
    pages, not the target, matter may ask a smaller one). `stages` hears each stage begin (the
    command shows them on a terminal)."""
    puzzle, solution, attempt, results = choose_deal(city_key, day, par.solve, stages, members)
    if par.bound is not None:
        stages.begin("bound")
        solution = par.bound(puzzle, solution)
    level = difficulty(day)
    target = target_for(results, level.panel_share, solution.score)
    stages.begin("pages")
    return publish(
        Chosen(replace(puzzle, target=target), solution, attempt, results), pages, day=day,
        title=f"Citytrip daily puzzle, {puzzle.city.name}, {day.isoformat()} ({level.name})",
        notes=[f"target: {target}, reached by {panel_line(results, target)} (docs/calibration.md)",
               f"generator version {GENERATOR_VERSION}"],
    )


def publish(chosen: Chosen, pages: Pages, *, day: dt.date, title: str, notes: list[str]) -> Daily:
    """Publish a daily puzzle or mini whose target is set: check the answer at the par, write the
    puzzle and answer YAML under a header (`title`, the code, the par, then `notes`), and the PDFs,
    as `pages` says. The one path of both, so that neither is ever published unchecked."""
    puzzle, solution = chosen.puzzle, chosen.solution
    report = replay(puzzle, solution.plan)
    if not report.valid or report.score != solution.score:
        raise AssertionError("the answer plan does not verify at the par")  # a bug, never user input
    code = encode(puzzle)
    address = page_address(pages.base_url, puzzle.city.key, day, puzzle.is_mini, code) if pages.base_url else None
    daily = Daily(day=day, puzzle=puzzle, code=code, par=solution.score, bound=solution.bound,
                  proven=solution.proven, honest=solution.honest, attempt=chosen.attempt, answer=solution.plan,
                  report=report, files=(), window=solution.window, address=address, panel=chosen.panel)
    stem = file_stem(puzzle.city.key, day) + ("-mini" if puzzle.is_mini else "")
    header = [f"# {title}", f"# code: {code}", f"# par: {daily.par} ({daily.par_note()})", *(f"# {n}" for n in notes)]
    files = write_puzzle_files(pages.folder, stem, header, puzzle, solution.plan)
    if pages.render is not None:
        files.extend(pages.render(daily, pages.folder / stem))
    return replace(daily, files=tuple(files))


def write_puzzle_files(out_dir: Path, stem: str, header: list[str], puzzle: Puzzle, answer: Plan) -> list[Path]:
    """`<stem>-puzzle.yaml` and `<stem>-answer.yaml` under the same comment header (daily and mini)."""
    top = "\n".join(header) + "\n"
    return [
        write_text(out_dir / f"{stem}-puzzle.yaml", top + dump_yaml(puzzle_to_data(puzzle))),
        write_text(out_dir / f"{stem}-answer.yaml", top + dump_yaml({"puzzle": f"{stem}-puzzle.yaml", **plan_to_data(answer)})),
    ]
