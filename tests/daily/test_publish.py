"""The one publish path of the daily puzzle and the mini (job.publish), and what a daily job tells
the command while it works (generator/daily/stages.py)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from generator.daily import job
from generator.daily.deal import deal
from generator.daily.mini import deal_mini
from generator.daily.par import bound_daily, solve_daily
from generator.data.cities import load_city
from generator.players.honest import honest_plan
from generator.rules.replay import replay
from heard import Heard

MONDAY = dt.date(2026, 11, 23)
MINI_DAY = dt.date(2026, 12, 2)  # Antwerpen's first mini deal is proven in about 0.1 units


@pytest.fixture(scope="module")
def monday():
    """Monday's Brugge deal with a target, and the honest player's plan as a best-known, unproven answer."""
    puzzle = replace(deal(load_city("brugge"), MONDAY), target=5)
    plan = honest_plan(puzzle)
    score = replay(puzzle, plan).score
    return puzzle, job.Solution(plan=plan, score=score, bound=score + 7, proven=False, honest=score, window=3)


def test_publish_writes_the_header_and_returns_the_daily(monday, tmp_path):
    """Title, code, what is known about the par (the certificate sentence), then the caller's notes;
    the Daily carries the solution's facts and the files written."""
    puzzle, solution = monday
    daily = job.publish(job.Chosen(puzzle, solution, attempt=1), job.Pages(tmp_path, base_url="https://example.org"),
                        day=MONDAY, title="Citytrip daily puzzle, test", notes=["generator version x"])
    stem = job.file_stem("brugge", MONDAY)
    assert [p.name for p in daily.files] == [f"{stem}-puzzle.yaml", f"{stem}-answer.yaml"]
    header = daily.files[0].read_text().splitlines()[:4]
    assert header == [
        "# Citytrip daily puzzle, test",
        f"# code: {daily.code}",
        f"# par: {solution.score} (best known; no better plan changes at most 3 consecutive turns; "
        f"proven bound {solution.score + 7}, gap {-(-700 // solution.score)} %)",
        "# generator version x",
    ]
    assert (daily.par, daily.bound, daily.proven, daily.window, daily.attempt) == (solution.score, solution.score + 7,
                                                                                   False, 3, 1)
    assert daily.address == f"https://example.org/brugge/{MONDAY.isoformat()}/#code={daily.code}"


def test_an_answer_off_its_par_is_never_published(monday, tmp_path):
    """publish replays the answer first: a plan that does not score the par is a bug, and nothing is written."""
    puzzle, solution = monday
    with pytest.raises(AssertionError, match="does not verify at the par"):
        job.publish(job.Chosen(puzzle, replace(solution, score=solution.score + 1), attempt=0), job.Pages(tmp_path),
                    day=MONDAY, title="t", notes=[])
    assert list(tmp_path.iterdir()) == []


def test_the_daily_solver_tells_its_best_plans_and_the_bound_comes_after():
    """solve_daily hands the search's better plans to its stages, the last one the par's; the walk
    bound, computed for the chosen deal alone, is at least the par and at most the ceiling the
    solver knew without it, and proves the par where it meets it."""
    heard = Heard()
    puzzle = deal_mini(load_city("antwerpen"), MINI_DAY)
    solution = solve_daily(puzzle, work=0.5, stages=heard)
    assert heard.plans and all(bound is None for _, bound in heard.plans)
    assert heard.plans[-1][0] == solution.score <= solution.bound
    bounded = bound_daily(puzzle, solution)
    assert solution.score <= bounded.bound <= solution.bound
    assert bounded.proven == (bounded.bound == solution.score)
    assert replace(bounded, bound=solution.bound, proven=solution.proven) == solution  # the par untouched


def test_the_gap_is_how_far_the_bound_lies_above_the_par_rounded_up():
    """The YAML header's gap (issue 36): Brugge 2026-12-05's par 223 under its bound 328 is 48 %
    (47.1 rounded up: the bound is never said to be nearer than it is); a par of 0 or less has no
    share to state."""
    from types import SimpleNamespace

    gap = job.Daily.gap.fget
    assert gap(SimpleNamespace(par=223, bound=328)) == "48 %"
    assert gap(SimpleNamespace(par=96, bound=196)) == "105 %"
    assert gap(SimpleNamespace(par=100, bound=100)) == "0 %"
    assert gap(SimpleNamespace(par=0, bound=12)) == "–"
