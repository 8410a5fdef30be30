"""The level sweep: seeded jobs, win-rate tables, the ladder check and the levels command."""

import csv
import dataclasses
import json
import re
import shutil

import pytest

from tiny import TINY
from generator.cli import main
from generator.errors import DataError
from generator.levels.outcome_log import append, fingerprint, read_log
from generator.levels.report import Rate, ladder_problems, ranges, rates, to_csv
from generator.levels.sweep import HONEST, PLANNER_BEAMS, SOLVER, Effort, Job, jobs_for, level_puzzle, run_job, run_jobs


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


def test_a_city_folder_deals_alike_wherever_it_lies(tmp_path):
    """The deals of a city of one's own depend on its folder's name, not its path, so a level
    report (and a test) gives the same numbers in every checkout."""
    moved = tmp_path / "elsewhere" / "tiny"
    shutil.copytree(TINY, moved)
    assert level_puzzle(str(moved), 1, 16, 3).deck == level_puzzle(str(TINY), 1, 16, 3).deck


def test_jobs_are_plain_values_and_an_honest_win_is_a_solver_witness():
    """Jobs list honest then solver runs per level and deck size; run_job is deterministic."""
    jobs = jobs_for(str(TINY), [1, 2], [16], honest=2, solver=1, effort=Effort(time_limit=5))
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
    table = rates(o for job in jobs_for(str(TINY), [1], [16], honest=3, solver=2, effort=Effort(time_limit=0)) for o in run_job(job))
    assert [(r.player, r.runs) for r in table] == [(HONEST, 3), (SOLVER, 2)]


def _rate(level, cards, player, won, runs=10):
    return Rate("x", level, cards, player, runs, won, 0, 0, None)


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
    assert main(["levels", "--city", "brugge", "--cp-sat-work", "nan", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "shuffles" in err and "levels" in err and "--cp-sat-work nan" in err and "Traceback" not in err


@pytest.mark.parametrize("option, value, fragment", [
    ("--levels", "1-999999", "expected 1 to 15, not 999999"),  # refused before the range is built
    ("--levels", "1-99999999999", "expected numbers"),
    ("--levels", "²", "expected numbers"),  # str.isdigit() takes it, int() does not
    ("--cards", "¹⁶", "expected numbers"),
    ("--levels", "5-1", "runs backwards"),
])
def test_level_and_card_lists_take_ascii_numbers_in_range(tmp_path, capsys, option, value, fragment):
    """A list option is checked before anything is built from it: one paragraph, exit code 2."""
    assert main(["levels", "--city", "brugge", option, value, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err


def test_a_run_of_some_levels_is_held_only_to_the_ends_it_ran():
    """`levels --levels 1,2`: level 2 at 80 % is not "the last level above 15 %" of a 15-level
    ladder, and level 2 alone is not "the first level under 70 %"; the whole table still is."""
    some = [_rate(1, 16, HONEST, 9), _rate(2, 16, HONEST, 8)]
    assert ladder_problems(some, (1, 15)) == []
    assert any("level 2 honest 16-card win rate 80% > 15 %" in p for p in ladder_problems(some))
    assert ladder_problems([_rate(2, 16, HONEST, 5)], (1, 15)) == []
    assert any("< 70 %" in p for p in ladder_problems([_rate(1, 16, HONEST, 5), _rate(15, 16, HONEST, 1)], (1, 15)))
    assert any("> 15 %" in p for p in ladder_problems([_rate(14, 16, HONEST, 5), _rate(15, 16, HONEST, 3)], (1, 15)))


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
        return Rate("x", level, 16, HONEST, 20, len(won), 0, 0, None, won_shuffles=frozenset(won))
    small = ladder_problems([paired(1, range(6)), paired(2, [*range(6), 9])])
    assert any("rises from level 1 (30%) to 2 (35%) (paired z = 1.0, within sampling noise)" in p for p in small)
    big = ladder_problems([paired(1, range(6)), paired(2, range(15))])
    assert any("(paired z = 3.0)" in p for p in big)


def test_a_logged_run_is_resumed_without_playing_again(tmp_path):
    """Each finished job goes to the log as it ends; a second run reads the log back, plays
    nothing and yields the same outcomes in the same order."""
    jobs = jobs_for(str(TINY), [1, 2], [16], honest=2, solver=1, effort=Effort(time_limit=0))
    path = tmp_path / "log.jsonl"
    with path.open("a") as handle:
        first = list(run_jobs(jobs, 1, record=lambda job, result: append(handle, job, result)))
    assert len(path.read_text().splitlines()) == len(jobs)
    played = []
    again = list(run_jobs(jobs, 1, done=read_log(path, jobs), record=lambda job, result: played.append(job)))
    assert played == [] and again == first


def test_a_change_to_one_levels_data_reruns_that_level_only(tmp_path):
    """The fingerprint covers the level's line and its assignment cards: editing level 1's target
    invalidates level 1's logged jobs and keeps level 2's."""
    city = tmp_path / "tiny"
    shutil.copytree(TINY, city)
    jobs = jobs_for(str(city), [1, 2], [16], honest=1, solver=0, effort=Effort(time_limit=0))
    path = tmp_path / "log.jsonl"
    with path.open("a") as handle:
        list(run_jobs(jobs, 1, record=lambda job, result: append(handle, job, result)))
    levels = city / "levels.yaml"
    before = fingerprint(str(city), 1)
    levels.write_text(re.sub(r"(level: 1,.*target: )(\d+)", lambda m: m[1] + str(int(m[2]) + 1), levels.read_text()))
    fingerprint.cache_clear()
    assert fingerprint(str(city), 1) != before
    assert [job.level for job in read_log(path, jobs)] == [2]


def test_a_log_cut_short_is_repaired_and_a_foreign_file_is_refused(tmp_path):
    """A run killed while writing leaves half a line: it is dropped, the rest reused. A file that
    is not an outcome log is refused with its name and line, not a traceback."""
    jobs = jobs_for(str(TINY), [1], [16], honest=2, solver=0, effort=Effort(time_limit=0))
    path = tmp_path / "log.jsonl"
    with path.open("a") as handle:
        list(run_jobs(jobs, 1, record=lambda job, result: append(handle, job, result)))
    path.write_text(path.read_text() + '{"fingerprint": "ab')
    assert len(read_log(path, jobs)) == 2 and path.read_text().endswith("}\n")
    path.write_text("level,cards\n1,16\n")
    with pytest.raises(DataError, match="log.jsonl, at line 1: not a level sweep outcome"):
        read_log(path, jobs)


def test_levels_command_reuses_its_log(tmp_path, capsys):
    """A second identical `citytrip levels` run takes every job from the log; --fresh replays."""
    args = ["levels", "--city", str(TINY), "--shuffles", "2", "--workers", "1", "--out", str(tmp_path)]
    assert main(args) == 0
    first = (tmp_path / "levels-tiny.csv").read_text()
    capsys.readouterr()
    assert main(args) == 0
    assert "4 jobs (4 reused from the log)" in capsys.readouterr().out
    assert _won_columns(tmp_path / "levels-tiny.csv") == _won_columns_text(first)
    assert main(args + ["--fresh"]) == 0
    assert "reused" not in capsys.readouterr().out
    assert len((tmp_path / "levels-tiny.jsonl").read_text().splitlines()) == 4


def _won_columns(path):
    return _won_columns_text(path.read_text())


def _won_columns_text(text):
    return [(r["level"], r["player"], r["runs"], r["won"], r["mean_score"]) for r in csv.DictReader(text.splitlines())]


def test_the_solver_job_tries_the_planner_beams_in_turn_until_one_wins(monkeypatch):
    """After the honest player's loss, the narrow beam; only if it loses too, the wide one. On
    the tiny city the narrow beam wins level 1's deal 1, and neither wins level 2's deal 0."""
    import generator.players.planner as planner

    beams = []
    real = planner.planned_plan

    def recording(puzzle, **beam):
        beams.append((beam["width"], beam["branch"]))
        return real(puzzle, **beam)

    monkeypatch.setattr(planner, "planned_plan", recording)
    (won,) = run_job(Job(str(TINY), 1, 16, 1, SOLVER, 0))
    assert (won.status, won.witness, beams) == ("SOLVABLE", "planner", [(4, 3)])
    beams.clear()
    (open_,) = run_job(Job(str(TINY), 2, 16, 0, SOLVER, 0, lns_work=0))
    assert (open_.status, beams) == ("UNKNOWN", [(m.width, m.branch) for m in PLANNER_BEAMS])


def test_the_lns_witness_wins_a_deal_both_beams_lose():
    """Level 2's deal 0 of the tiny city: both planner beams lose it (above); the large-neighbourhood
    search from their best plan wins it (score at least the level's target), the same way every run."""
    job = Job(str(TINY), 2, 16, 0, SOLVER, 0)
    (won,) = run_job(job)
    assert (won.status, won.witness) == ("SOLVABLE", "lns")
    assert won.score >= level_puzzle(str(TINY), 2, 16, 0).target
    assert run_job(job)[0].score == won.score


def test_the_csv_keeps_which_deals_were_won_as_runs():
    """The won deals go to the CSV as runs of shuffle numbers, enough to redo the paired test."""
    assert ranges([7, 0, 1, 2, 3, 5, 8, 9]) == "0-3 5 7-9"
    assert ranges([]) == ""
    row = Rate("x", 1, 16, HONEST, 10, 3, 0, 0, None, won_shuffles=frozenset({4, 2, 3}))
    assert to_csv([row]).splitlines()[1].endswith(",2-4")


def test_a_ladder_of_small_rises_that_climbs_is_caught():
    """Levels 1 → 2 → 3 each rise by two deals (paired z 1.4, within noise), but level 3 beats
    level 1 by four deals and none lost (z 2.0): the ladder does not fall, and the check says so."""
    def paired(level, won):
        return Rate("x", level, 16, HONEST, 40, len(won), 0, 0, None, won_shuffles=frozenset(won))
    problems = ladder_problems([paired(1, range(10)), paired(2, range(12)), paired(3, range(14))])
    assert sum("within sampling noise" in p for p in problems) == 2
    assert "honest 16-card win rate at level 3 (35%) is above level 1 (25%) (paired z = 2.0)" in problems
    assert not any("above level" in p for p in ladder_problems([paired(1, range(10)), paired(2, range(12)), paired(3, range(11))]))


def _damaged(line: str, damage: str) -> bytes:
    record = json.loads(line)
    if damage == "score as text":
        record["outcomes"][0]["score"] = "x"
    elif damage == "list as city":
        record["job"]["city"] = ["brugge"]
    elif damage == "unknown status":
        record["outcomes"][0]["status"] = "MAYBE"
    elif damage == "deep nesting":
        return (line.rstrip("\n")[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}\n").encode()
    elif damage == "not UTF-8":
        return line.encode() + b"\xff\xfe\n"
    return (json.dumps(record) + "\n").encode()


@pytest.mark.parametrize("damage", ["score as text", "list as city", "unknown status", "deep nesting", "not UTF-8"])
def test_a_damaged_log_is_refused_with_the_way_out(tmp_path, damage):
    """Any damage to the outcome log (wrong types, an unknown status, nesting, bytes) is one
    DataError that says to delete the file or pass --fresh, never a traceback or a silent reuse."""
    jobs = jobs_for(str(TINY), [1], [16], honest=1, solver=0, effort=Effort(time_limit=0))
    path = tmp_path / "log.jsonl"
    with path.open("a") as handle:
        list(run_jobs(jobs, 1, record=lambda job, result: append(handle, job, result)))
    line = path.read_text()
    assert len(read_log(path, jobs)) == 1
    path.write_bytes(_damaged(line, damage))
    with pytest.raises(DataError, match="pass --fresh to start the log over"):
        read_log(path, jobs)


def test_a_deal_whose_bound_is_below_the_target_is_unsolvable(monkeypatch):
    """Issue 36: before a deal no witness won is called unknown, a bound is asked (since issue 57 the
    trivial one, Facts.ceiling: the count-range bound refuted no level deal); a target above it is
    UNSOLVABLE (level 2's deal 0 of the tiny city with its target raised to 999); with its own
    target, within the bound, the deal stays UNKNOWN when no witness is searched for."""

    import generator.levels.sweep as sweep

    real = sweep.level_puzzle
    monkeypatch.setattr(sweep, "level_puzzle", lambda *a: dataclasses.replace(real(*a), target=999))
    (refuted,) = run_job(Job(str(TINY), 2, 16, 0, SOLVER, 0, lns_work=0))
    assert refuted.status == "UNSOLVABLE"
    monkeypatch.setattr(sweep, "level_puzzle", real)
    (open_,) = run_job(Job(str(TINY), 2, 16, 0, SOLVER, 0, lns_work=0))
    assert open_.status == "UNKNOWN"  # the planner's beams lose it, and the bound is above its target


@pytest.mark.slow
def test_cp_sat_on_its_deterministic_clock_wins_the_same_way_every_run():
    """Level 2's deal 0 of the tiny city, no search: with 5 s of CP-SAT's deterministic time the
    full model wins it, with the same plan's score each run (`cp_sat_work`, one worker, no clock);
    with 1 s it does not, and the open deal keeps its best plan's score instead of none."""
    job = Job(str(TINY), 2, 16, 0, SOLVER, 0, lns_work=0, cp_sat_work=5)
    (won,), (again,) = run_job(job), run_job(job)
    assert (won.status, won.witness) == ("SOLVABLE", "cp-sat")
    assert won.score >= level_puzzle(str(TINY), 2, 16, 0).target
    assert again.score == won.score
    (open_,) = run_job(dataclasses.replace(job, cp_sat_work=1))
    assert open_.status == "UNKNOWN" and open_.score is not None


def test_the_levels_command_gives_cp_sat_its_deterministic_clock_unless_told_the_wall_clock():
    """(time_limit, cp_sat_work) of the jobs: by default the deterministic clock, so a report is the
    same on every machine; --time-limit alone the wall clock (0 skips CP-SAT, as the older reports
    did); --cp-sat-work 0 skips it too."""
    from generator.cli.levels import CP_SAT_WORK, cp_sat_budget

    assert cp_sat_budget(None, None) == (0.0, CP_SAT_WORK)
    assert cp_sat_budget(5.0, None) == (5.0, 0.0)
    assert cp_sat_budget(0.0, None) == (0.0, 0.0)
    assert cp_sat_budget(0.0, 60.0) == (0.0, 60.0)
    assert cp_sat_budget(None, 0.0) == (0.0, 0.0)


@pytest.mark.slow
def test_a_deal_cp_sat_leaves_open_gets_a_longer_search(monkeypatch):
    """Level 2's deal 0 of the tiny city with a starved first search (0.01 units) and one
    deterministic second of CP-SAT stays open; the longer search from the planner's plan that
    follows (LONG_SEARCH times the first, here 1000 × = 10 units) wins it."""
    import generator.levels.sweep as sweep

    job = Job(str(TINY), 2, 16, 0, SOLVER, 0, lns_work=0.01, cp_sat_work=1)
    monkeypatch.setattr(sweep, "LONG_SEARCH", 1)
    (open_,) = run_job(job)
    assert open_.status == "UNKNOWN"
    monkeypatch.setattr(sweep, "LONG_SEARCH", 1000)
    (won,) = run_job(job)
    assert (won.status, won.witness) == ("SOLVABLE", "lns")
    assert won.score >= level_puzzle(str(TINY), 2, 16, 0).target
