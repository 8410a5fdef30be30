"""The level sweep: seeded jobs, win-rate tables, the ladder check and the levels command."""

import csv

from tiny import TINY
from generator.cli import main
from generator.levels.report import Rate, ladder_problems, rates
from generator.levels.sweep import HONEST, SOLVER, Job, jobs_for, level_puzzle, run_job


def test_level_puzzle_is_the_level_with_a_seeded_deal():
    """Start card, assignments and target come from levels.yaml; the deal depends on the shuffle."""
    puzzle = level_puzzle("brugge", 10, 16, 0)
    level = puzzle.city.levels[10]
    assert puzzle.start_card == level.start and puzzle.target == level.target
    assert [a.id for a in puzzle.assignments] == list(level.assignments)
    assert len(puzzle.turns) == 15 and puzzle.directions == 2
    assert level_puzzle("brugge", 10, 16, 0).deck == puzzle.deck != level_puzzle("brugge", 10, 16, 1).deck


def test_every_level_and_deck_size_gets_the_same_deal_for_a_shuffle():
    """Common random numbers: shuffle k deals the same cards at every level, and the 20-card deck
    is the 16-card deck with four more cards, so levels and deck sizes compare deal by deal."""
    sixteen = level_puzzle("brugge", 3, 16, 5).deck
    assert level_puzzle("brugge", 12, 16, 5).deck == sixteen
    assert level_puzzle("brugge", 3, 20, 5).deck[:16] == sixteen


def test_jobs_are_plain_values_and_an_honest_win_is_a_solver_witness():
    """Jobs list honest then solver runs per level and deck size; run_job is deterministic."""
    jobs = jobs_for(str(TINY), [1, 2], [16], honest=2, solver=1, time_limit=5)
    assert [(j.level, j.shuffle, j.player) for j in jobs] == [(1, 1, HONEST), (1, 0, SOLVER), (2, 1, HONEST), (2, 0, SOLVER)]
    job = Job(str(TINY), 1, 16, 0, HONEST)
    (first,), (second,) = run_job(job), run_job(job)
    assert (first.status, first.score) == (second.status, second.score)
    assert first.status in ("WON", "LOST")


def test_a_solver_job_reports_its_deals_honest_game_once():
    """The solver job of shuffle 0 plays the honest game of that deal first; with honest_too it
    reports it as the honest outcome (the same one an honest job gives), so no job replays it."""
    (honest,) = run_job(Job(str(TINY), 1, 16, 0, HONEST))
    shared = run_job(Job(str(TINY), 1, 16, 0, SOLVER, 0, honest_too=True))
    assert [o.job.player for o in shared] == [HONEST, SOLVER]
    assert (shared[0].job, shared[0].status, shared[0].score) == (honest.job, honest.status, honest.score)
    assert [o.job.player for o in run_job(Job(str(TINY), 1, 16, 0, SOLVER, 0))] == [SOLVER]
    table = rates(o for job in jobs_for(str(TINY), [1], [16], honest=3, solver=2, time_limit=0) for o in run_job(job))
    assert [(r.player, r.runs) for r in table] == [(HONEST, 3), (SOLVER, 2)]


def _rate(level, cards, player, won, runs=10):
    return Rate("x", level, cards, player, runs, won, 0, 0, None, 1.0)


def test_ladder_check_names_each_broken_condition():
    """Level 1 under 70 %, level 15 over 15 %, a rise, a weak solver and 20 cards harder are reported."""
    table = [
        _rate(1, 16, HONEST, 6), _rate(2, 16, HONEST, 7), _rate(15, 16, HONEST, 2),
        _rate(1, 20, HONEST, 5), _rate(1, 16, SOLVER, 4),
    ]
    problems = " | ".join(ladder_problems(table))
    assert "level 1 honest 16-card win rate 60% < 70 %" in problems
    assert "level 15 honest 16-card win rate 20% > 15 %" in problems
    assert "rises from level 1" in problems
    assert "the solver wins only 40%" in problems
    assert "20 cards (50%) are not easier than 16 (60%)" in problems
    good = [_rate(1, 16, HONEST, 8), _rate(15, 16, HONEST, 1), _rate(1, 20, HONEST, 9), _rate(1, 16, SOLVER, 10)]
    assert ladder_problems(good) == []


def test_levels_command_writes_csv_and_chart(tmp_path, capsys):
    """citytrip levels on the tiny city: a table, a CSV with one row per level/cards/player, a chart."""
    code = main(["levels", "--city", str(TINY), "--shuffles", "2", "--workers", "1", "--out", str(tmp_path)])
    assert code == 0
    out = capsys.readouterr().out
    assert "level" in out and "honest" in out
    rows = list(csv.DictReader((tmp_path / "levels-tiny.csv").open()))
    assert [(r["level"], r["cards"], r["player"], r["runs"]) for r in rows] == [("1", "16", "honest", "2"), ("2", "16", "honest", "2")]
    assert (tmp_path / "levels-tiny.pdf").stat().st_size > 0 and (tmp_path / "levels-tiny.png").stat().st_size > 0


def test_levels_command_rejects_silly_numbers(tmp_path, capsys):
    """Out-of-range options get one paragraph and exit code 2."""
    assert main(["levels", "--city", "brugge", "--shuffles", "-1", "--out", str(tmp_path)]) == 2
    assert main(["levels", "--city", "brugge", "--levels", "16", "--out", str(tmp_path)]) == 2
    assert main(["levels", "--city", "brugge", "--cards", "17", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "shuffles" in err and "levels" in err and "Traceback" not in err


def test_ladder_check_says_when_a_rise_could_be_sampling_noise():
    """A rise of one game in ten is flagged with its z value and marked as within noise; a rise
    from 10 % to 90 % over 100 runs each is flagged without that mark."""
    small = ladder_problems([_rate(1, 16, HONEST, 8), _rate(2, 16, HONEST, 9), _rate(15, 16, HONEST, 1)])
    assert any("rises from level 1 (80%) to 2 (90%) (z = 0.6, within sampling noise)" in p for p in small)
    big = ladder_problems([_rate(1, 16, HONEST, 10, runs=100), _rate(2, 16, HONEST, 90, runs=100)])
    rise = next(p for p in big if "rises" in p)
    assert "z = 11.3" in rise and "noise" not in rise


def test_rates_over_the_same_deals_are_compared_deal_by_deal():
    """With the won deals known, only deals won on one side and lost on the other count (McNemar):
    level 2 wins deals 0-5 and 9, level 1 deals 0-5: one deal gained, none lost, z = 1.0. Nine
    gained and none lost is a real rise (z = 3.0)."""
    def paired(level, won):
        return Rate("x", level, 16, HONEST, 20, len(won), 0, 0, None, 1.0, won_shuffles=frozenset(won))
    small = ladder_problems([paired(1, range(6)), paired(2, [*range(6), 9])])
    assert any("rises from level 1 (30%) to 2 (35%) (paired z = 1.0, within sampling noise)" in p for p in small)
    big = ladder_problems([paired(1, range(6)), paired(2, range(15))])
    assert any("(paired z = 3.0)" in p for p in big)
