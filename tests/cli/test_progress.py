"""The one progress display (generator/cli/progress.py): on a terminal only, with the time left
where the total is known, and a daily job's stages with the best plan so far."""

from __future__ import annotations

import io

import pytest

from generator.cli import progress
from generator.daily.stages import QUIET


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _terminal(monkeypatch: pytest.MonkeyPatch) -> _Terminal:
    """A terminal as stderr, set in the test itself (pytest's capture puts its own back after the set-up)."""
    screen = _Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    return screen


def test_off_a_terminal_nothing_is_shown(capsys):
    """Captured stderr (tests, CI, a log) gets no progress at all, and a daily job is handed QUIET."""
    with progress.daily_stages("daily 2026-11-30") as stages:
        assert stages is QUIET
    with progress.status_line("solve") as show:
        assert show is None
    with progress.counter(3, "job", "levels") as bar:
        bar.update(3)
    assert capsys.readouterr() == ("", "")


def test_a_daily_job_shows_its_stages_and_then_clears_the_line(monkeypatch):
    """Each stage, the best plan so far and the full model's bound once known; the line is cleared at the end."""
    terminal = _terminal(monkeypatch)
    with progress.daily_stages("daily 2026-11-30") as stages:
        stages.begin("deal 1")
        stages.best(101, None)
        stages.best(None, 400)  # the full model's first bound comes before its first plan
        stages.best(111, 343)
        stages.begin("mini")
    shown = terminal.getvalue()
    for text in ("daily 2026-11-30: deal 1 (", "deal 1, solving: best plan 101 (", "deal 1, solving: best plan 101, bound 400",
                 "deal 1, solving: best plan 111, bound 343", "daily 2026-11-30: mini ("):
        assert text in shown
    assert shown.endswith("\r")  # cleared: what the command prints next starts on a clean line


def test_a_counter_estimates_the_time_left(monkeypatch):
    """Levels' jobs and a batch's dates: done of total, and the time left after "<"."""
    terminal = _terminal(monkeypatch)
    with progress.counter(4, "date", "daily", done=1) as bar:
        bar.update()
    last = terminal.getvalue().rstrip("\n").split("\r")[-1]
    assert "2/4" in last and "<" in last and "date" in last


def test_the_solvers_progress_shows_best_and_bound(monkeypatch):
    """`solve` on a terminal: the best plan so far and the bound ("–" while there is none)."""
    terminal = _terminal(monkeypatch)

    class Found:
        best, bound, seconds = 57, None, 1.0

    with progress.solver_progress() as report:
        report(Found())
    assert "solve: best 57  bound –" in terminal.getvalue()


def test_a_proofs_progress_shows_stage_best_bound_and_gap(monkeypatch):
    """`solve --prove` on a terminal: its stage, best plan, bound, gap, nodes and work on the status line."""
    terminal = _terminal(monkeypatch)

    class Found:
        stage, best, bound, nodes, work, seconds = "bound", 80, 100, 12, 3.25, 1.0

    with progress.proof_progress() as report:
        report(Found())
    assert "prove: bound  best 80  bound 100  gap 25.0%  nodes 12  work 3.2" in terminal.getvalue()


def test_off_a_terminal_a_proof_is_handed_no_progress(capsys):
    """Off a terminal the proof gets no callback, so it prints and formats nothing (README)."""
    with progress.proof_progress() as report:
        assert report is None
    assert capsys.readouterr() == ("", "")
