"""`citytrip solve`: JSON, the plan file, and clear errors with exit code 2 for bad input."""

from __future__ import annotations

import json

from generator.cli import main
from generator.data.puzzles import load_plan, puzzle_to_data
from generator.data.yaml_file import dump_yaml
from generator.rules.replay import replay
from generator.solver.budget import Budget
from solver_helpers import TINY, tiny


def test_bad_puzzle_file_is_one_clear_error_and_exit_2(tmp_path, capsys):
    """A malformed puzzle gives one paragraph naming the file and key, exit code 2, no traceback."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"map: {TINY.parent / 'tiny'}\nmode: sideways\nstart: 1\n", encoding="utf-8")
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml" in err and "mode" in err
    assert "Traceback" not in err


def test_missing_puzzle_file_exits_2(tmp_path, capsys):
    """A puzzle path that does not exist is a user error (exit 2), not a crash."""
    assert main(["solve", str(tmp_path / "nope.yaml")]) == 2
    assert "nope.yaml" in capsys.readouterr().err


def test_out_of_range_options_exit_2(capsys):
    """--workers 0 and a negative --time-limit are refused before any work."""
    assert main(["solve", str(TINY), "--workers", "0"]) == 2
    assert main(["solve", str(TINY), "--time-limit", "-1"]) == 2
    assert "--time-limit" in capsys.readouterr().err
    assert main(["solve", str(TINY), "--seed", "2147483648"]) == 2  # OR-Tools takes 32-bit seeds
    assert "--seed 2147483648: expected a whole number from 0 to 2,147,483,647" in capsys.readouterr().err


def test_json_result_and_plan_file_replay(tmp_path, capsys):
    """--json prints status/score/bound/seconds/plan; --plan-out writes a plan the engine accepts."""
    puzzle = tiny(3, short=True)
    data = puzzle_to_data(puzzle)
    data.pop("deck")
    faces = [{"left": [str(b) for b in t.left], "right": [str(b) for b in t.right]} for t in puzzle.turns]
    data["turns"] = faces * 5  # the loader wants 15 turns
    path = tmp_path / "p.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    out = tmp_path / "plan.yaml"
    assert main(["solve", str(path), "--json", "--time-limit", "5", "--plan-out", str(out)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] in ("OPTIMAL", "FEASIBLE")
    assert set(result) >= {"status", "score", "bound", "seconds", "plan"}
    from generator.data.puzzles import load_puzzle

    loaded = load_puzzle(path)
    report = replay(loaded, load_plan(out))
    assert report.valid and report.score == result["score"]
    assert result["bound"] is None or result["bound"] >= result["score"]


def test_the_certificate_is_stated_in_text_and_json():
    """A plan the search certified but did not prove says how far it is proven: "local
    optimality: no better plan changes at most w consecutive turns" in the text, the window and
    that sentence in --json; the status stays FEASIBLE (a certificate is not a proof)."""
    from generator.cli.solve import describe
    from generator.solver.full_model import solve

    puzzle = tiny(8, directions=2)
    result = solve(puzzle, Budget(time_limit=600, workers=2, work=4, full_model=False))  # certifies 3 turns
    assert str(result.status) == "FEASIBLE" and 2 <= result.window < 8
    sentence = f"no better plan changes at most {result.window} consecutive turns"
    assert f"local optimality: {sentence}" in describe(puzzle, result).splitlines()[1]
    assert result.as_dict()["certificate"] == {"window": result.window, "text": sentence}


def test_as_daily_runs_the_daily_search_and_bound_and_says_so(tmp_path, capsys):
    """`solve --as-daily` is the daily's par search and bound (daily/par.py) on any puzzle: the same
    plan, score, certificate and bound as solve_daily and bound_daily at that work, the plan legal."""
    from generator.daily.par import bound_daily, solve_daily
    from generator.data.puzzles import load_puzzle

    out = tmp_path / "plan.yaml"
    assert main(["solve", str(TINY), "--as-daily", "--work", "1", "--json", "--plan-out", str(out)]) == 0
    result = json.loads(capsys.readouterr().out)
    puzzle = load_puzzle(TINY)
    daily = bound_daily(puzzle, solve_daily(puzzle, 1.0))
    assert (result["score"], result["bound"]) == (daily.score, daily.bound)
    assert (result["certificate"] or {}).get("window", 0) == daily.window
    assert load_plan(out) == daily.plan and replay(puzzle, daily.plan).score == daily.score
    assert result["status"] == ("OPTIMAL" if daily.proven else "FEASIBLE")
    assert main(["solve", str(TINY), "--as-daily", "--work", "1"]) == 0
    assert capsys.readouterr().out.startswith("the daily's search at work 1:\n")


def test_as_daily_refuses_what_the_daily_does_not_choose(capsys):
    """The daily's search has no target, no clock and seed 0: asking otherwise is one paragraph, exit 2."""
    for extra in (["--target", "50"], ["--time-limit", "10"], ["--seed", "3"], ["--prove"]):
        assert main(["solve", str(TINY), "--as-daily", *extra]) == 2
        err = capsys.readouterr().err
        assert "--as-daily" in err and extra[0] in err and "Traceback" not in err
