"""The numeric options of every command come from one table (generator/cli/ranges.py): each
refusal is one paragraph with exit code 2, names the option and its value, and says the table's
range in the same words in every command; argparse's own refusals get the same paragraph; dates
and list options say what is wrong in a new user's terms (issue 57, "CLI messages")."""

from __future__ import annotations

import argparse

import pytest

from generator.cli import build_parser, main
from generator.cli.ranges import RANGES

# A bad value of each numeric option of each command, with what the command needs besides it.
# Every case is refused while the arguments are read: no file is loaded, nothing is written.
REFUSALS = [
    ("solve", ["PUZZLE"], "--workers", "0"),
    ("solve", ["PUZZLE"], "--time-limit", "-1"),
    ("solve", ["PUZZLE"], "--work", "0"),
    ("solve", ["PUZZLE", "--prove"], "--work", "1e9"),
    ("solve", ["PUZZLE"], "--target", "1000"),
    ("solve", ["PUZZLE"], "--seed", "2147483648"),
    ("solve", ["PUZZLE"], "--walk-bound", "-1"),
    ("levels", [], "--workers", "65"),
    ("levels", [], "--time-limit", "0.05"),
    ("levels", [], "--lns-work", "nan"),
    ("levels", [], "--cp-sat-work", "3601"),
    ("levels", [], "--shuffles", "-1"),
    ("levels", [], "--solver-shuffles", "1.5"),
    ("daily", [], "--work", "0.1"),
    ("daily", [], "--prove-work", "3"),
    ("site", ["--out", "OUT"], "--work", "inf"),
    ("serve", [], "--workers", "0"),
    ("serve", [], "--work", "-2"),
    ("serve", [], "--port", "70000"),
    ("serve", [], "--plays-per-minute", "-1"),
    ("sheets", ["--city", "brugge"], "--count", "0"),
    ("kit", ["--city", "brugge"], "--count", "1001"),
    ("scorepad", ["--game", "bruges"], "--pages", "101"),
]


@pytest.mark.parametrize("command, needs, option, value", REFUSALS)
def test_a_number_out_of_its_range_is_one_paragraph_naming_the_option(tmp_path, run, command, needs, option, value):
    """Exit code 2, one paragraph that starts with the option and the value given and says the
    table's range; no traceback, no usage dump, no file written."""
    needs = [str(tmp_path / "out") if arg == "OUT" else str(tmp_path / "p.yaml") if arg == "PUZZLE" else arg
             for arg in needs]
    code, out, err = run(command, *needs, option, value)
    assert code == 2 and out == ""
    off = "no CP-SAT" if (command, option) == ("levels", "--time-limit") else None
    assert " ".join(err.split()) == f"citytrip: error: {option} {value}: expected {RANGES[option[2:]].words(off)}"
    assert "usage:" not in err and "Traceback" not in err and "\n\n" not in err
    assert list(tmp_path.iterdir()) == []


def test_workers_is_refused_in_the_same_words_by_every_command(run):
    """`--workers 0` is one rule: solve, levels and serve print the same sentence."""
    said = {run(*command, "--workers", "0")[2] for command in (["solve", "p.yaml"], ["levels"], ["serve"])}
    assert said == {"citytrip: error: --workers 0: expected a whole number from 1 to 64 processes\n"}


def _numeric_options() -> list[tuple[str, argparse.Action]]:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [(name, action) for name, sub in commands.choices.items() for action in sub._actions
            if action.option_strings and action.type is not None]


def test_every_numeric_option_is_checked_by_the_table():
    """No command reads a number with a bare int or float: each goes through ranges.number, under
    its own name, so a range is written once. --players is the one exception: its range is the
    score pad template's (2–5 players for one game, 1–6 for another), checked against it."""
    bare = [f"{name} {action.option_strings[0]}" for name, action in _numeric_options()
            if action.type in (int, float)]
    assert bare == ["scorepad --players"]
    named = {(action.option_strings[0], action.type.__name__) for _, action in _numeric_options()
             if action.type not in (int, float)}
    assert all(option == f"--{name}" for option, name in named), named
    assert {name for _, name in named} == set(RANGES)  # and the table holds no option nobody takes


def test_a_zero_that_switches_a_stage_off_is_said(run):
    """`levels --time-limit 0` skips CP-SAT (taken); a value between 0 and the range is refused
    with what 0 does."""
    code, _, err = run("levels", "--time-limit", "0.01")
    assert code == 2 and "--time-limit 0.01: expected 0 (no CP-SAT) or 0.1 to 86,400 seconds" in " ".join(err.split())
    assert build_parser().parse_args(["levels", "--time-limit", "0"]).time_limit == 0


def test_argparses_own_refusals_are_one_paragraph_with_exit_2(run):
    """An unknown option or a missing one: one paragraph pointing at --help, not a usage dump and
    a SystemExit."""
    code, _, err = run("site", "--from", "2026-12-01")
    assert code == 2 and err.startswith("citytrip: error: the following arguments are required: --out")
    assert "`citytrip site --help` lists the options" in " ".join(err.split()) and "usage:" not in err
    code, _, err = run("verify", "a.yaml", "b.txt", "--colour")
    assert code == 2 and "unrecognized arguments: --colour" in err and "usage:" not in err


@pytest.mark.parametrize("args, message", [
    (["site", "--out", "OUT", "--from", "2026-12-40"], "--from '2026-12-40' is not a date: December 2026 has 31 days, not 40"),
    (["site", "--out", "OUT", "--from", "2026-12-01", "--to", "2026-02-30"],
     "--to '2026-02-30' is not a date: February 2026 has 28 days, not 30"),
    (["daily", "--date", "2026-02-30"], "--date '2026-02-30' is not a date: February 2026 has 28 days, not 30"),
    (["daily", "--from", "2026-13-01"], "--from '2026-13-01' is not a date: there is no month 13"),
    (["daily", "--date", "30-11-2026"], "--date '30-11-2026' is not a date: write it as YYYY-MM-DD, like 2026-12-07"),
    (["serve", "--today", "2028-02-30"], "--today '2028-02-30' is not a date: February 2028 has 29 days, not 30"),
])
def test_a_bad_date_is_named_by_its_option_and_said_why(tmp_path, run, args, message):
    """The option the user typed (not --date for every one), and what makes it no date."""
    args = [str(tmp_path / "out") if arg == "OUT" else arg for arg in args]
    code, _, err = run(*args)
    assert code == 2 and " ".join(err.split()) == f"citytrip: error: {message}"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("option, value, message", [
    ("--cards", "17", "--cards 17: expected 16 or 20, not 17"),
    ("--cards", "16-20", "--cards 16-20: expected 16 or 20, not 17"),
    ("--levels", "3,16", "--levels 3,16: expected 1 to 15, not 16"),
])
def test_a_list_option_says_which_values_it_takes(tmp_path, run, option, value, message):
    """`levels --cards 17`: the two deck sizes, not a range 16–20 that 17 seems to be in."""
    code, _, err = run("levels", "--city", "brugge", option, value, "--out", tmp_path)
    assert code == 2 and err == f"citytrip: error: {message}\n"
