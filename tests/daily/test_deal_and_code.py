"""The daily deal is a pure function of (city, date, version); its code rebuilds the same puzzle."""

import datetime as dt
import subprocess
import sys

import pytest

from generator.cli import main
from generator.daily.code import decode, encode
from generator.daily.deal import WEEKDAYS, daily_seed, deal, difficulty
from generator.data.cities import data_digest, load_city

DAY = dt.date(2026, 11, 29)  # a Sunday


def test_seed_comes_from_sha256_not_python_hash():
    """The seed is the same in a fresh interpreter with another hash salt (PYTHONHASHSEED)."""
    script = "import datetime as d; from generator.daily.deal import daily_seed; print(daily_seed('brugge', d.date(2026, 11, 29)))"
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env={"PYTHONHASHSEED": "123"}, check=True)
    assert int(other.stdout) == daily_seed("brugge", DAY)


def test_same_date_same_deal_and_different_dates_differ():
    """Two deals of one date are equal; the next day's differs."""
    city = load_city("brugge")
    assert deal(city, DAY) == deal(city, DAY)
    assert deal(city, DAY).deck != deal(city, DAY + dt.timedelta(days=1)).deck


def test_difficulty_follows_the_weekday():
    """Monday deals 20 cards of the basic game; Sunday 16 cards of the advanced game, more assignments."""
    city = load_city("antwerpen")
    monday = deal(city, dt.date(2026, 11, 30))
    sunday = deal(city, DAY)
    assert difficulty(DAY).name == "Sunday" and len(WEEKDAYS) == 7
    assert (len(monday.turns), monday.mode) == (19, "basic")
    assert (len(sunday.turns), sunday.mode) == (15, "advanced")
    assert len(sunday.assignments) > len(monday.assignments)


@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_code_rebuilds_the_same_puzzle(city):
    """decode(encode(p)) has the same deck, start, assignments, target and open faces."""
    from dataclasses import replace

    puzzle = replace(deal(load_city(city), DAY), target=88)
    rebuilt = decode(encode(puzzle))
    for field in ("deck", "start", "start_card", "assignments", "target", "turns", "mode", "directions"):
        assert getattr(rebuilt, field) == getattr(puzzle, field)
    assert encode(puzzle) == encode(puzzle).upper()  # QR alphanumeric mode


BRUGGE = "CT2/BRUGGE/" + data_digest(load_city("brugge"))


@pytest.mark.parametrize(
    "code, fragment",
    [
        ("CT2/PARIS/ABC123/BASIC/2/S1/1A/-/-", "unknown city 'paris'"),
        (f"{BRUGGE}/BASIC/2/S1", "is not of the form"),
        (f"{BRUGGE}/BASIC/X/S1/1A/-/-", "directions"),
        (f"{BRUGGE}/BASIC/2/S1/1A.2A/-/-", "16 or 20 cards"),
        (f"{BRUGGE}/BASIC/2/S1/1A/1.0X/-", "assignments"),
        # Digits int() refuses although str.isdigit() takes them, and numbers too long for int().
        (f"{BRUGGE}/BASIC/²/S1/1A/-/-", "directions"),
        (f"{BRUGGE}/BASIC/2/S¹/1A/-/-", "the start"),
        (f"{BRUGGE}/BASIC/2/S1/1A/-/T²", "the target"),
        (f"{BRUGGE}/BASIC/2/S1/1A/-/T" + "9" * 60, "the target"),
        (f"{BRUGGE}/BASIC/2/S1/1A/1.٠٢/-", "assignments"),
        # A code names cards: read with other card contents it would be another puzzle.
        ("CT2/BRUGGE/000000/BASIC/2/S1/" + ".".join(f"{n}A" for n in range(1, 17)) + "/-/-", "other Brugge card data (000000)"),
        ("CT1/BRUGGE/BASIC/2/S1/" + ".".join(f"{n}A" for n in range(1, 17)) + "/-/-", "older CT1 code"),
    ],
)
def test_malformed_codes_get_a_clear_error(code, fragment, capsys, tmp_path):
    """verify with a bad code: one paragraph naming the problem, exit code 2."""
    plan = tmp_path / "plan.txt"
    plan.write_text("1. L1 L2\n")
    assert main(["verify", code, str(plan)]) == 2
    err = capsys.readouterr().err.replace("\n", " ")
    assert fragment in err and "Traceback" not in err


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--date", "2026-13-01"], "not a date"),
        (["--date", "yesterday"], "not a date"),
        (["--date", "1066-10-14"], "year"),
        (["--city", "paris"], "unknown city"),
        (["--paper", "a3"], "unknown paper"),
    ],
)
def test_daily_rejects_bad_options(args, fragment, capsys, tmp_path):
    """citytrip daily with a malformed date, city or paper: exit 2, nothing written."""
    assert main(["daily", "--out", str(tmp_path / "out"), *args]) == 2
    assert fragment in capsys.readouterr().err.replace("\n", " ")
    assert not (tmp_path / "out").exists()


def test_a_puzzle_file_records_its_card_data(tmp_path, capsys):
    """A written puzzle file carries the data digest; other card contents are refused (exit 2)."""
    from generator.data.puzzles import puzzle_to_data
    from generator.data.yaml_file import dump_yaml

    data = puzzle_to_data(deal(load_city("brugge"), DAY))
    assert data["data"] == data_digest(load_city("brugge"))
    good, stale = tmp_path / "good.yaml", tmp_path / "stale.yaml"
    good.write_text(dump_yaml(data))
    stale.write_text(dump_yaml({**data, "data": "0BAD00"}))
    assert main(["show", str(good)]) == 0
    capsys.readouterr()
    assert main(["show", str(stale)]) == 2
    err = capsys.readouterr().err.replace("\n", " ")
    assert "other Brugge card data (0BAD00)" in err and "Traceback" not in err


@pytest.mark.parametrize("target", [-1, -999, 0, 999])
def test_a_target_below_zero_is_a_target_in_files_and_codes_alike(target, tmp_path):
    """The strips start below zero, so a game can end below zero and a puzzle may ask for "no worse
    than −10" (docs/formats.md): a target from −999 to 999 reads the same from a file and a code."""
    from dataclasses import replace

    from generator.data.puzzles import load_puzzle, puzzle_to_data
    from generator.data.yaml_file import dump_yaml

    puzzle = replace(deal(load_city("brugge"), DAY), target=target)
    assert f"/T{target}" in encode(puzzle) and decode(encode(puzzle)).target == target
    path = tmp_path / "puzzle.yaml"
    path.write_text(dump_yaml(puzzle_to_data(puzzle)))
    assert load_puzzle(path).target == target


@pytest.mark.parametrize("target", [-1000, 1000])
def test_a_target_beyond_three_digits_is_refused_in_files_and_codes_alike(target, tmp_path, capsys):
    from generator.data.puzzles import puzzle_to_data
    from generator.data.yaml_file import dump_yaml

    puzzle = deal(load_city("brugge"), DAY)
    path = tmp_path / "puzzle.yaml"
    path.write_text(dump_yaml({**puzzle_to_data(puzzle), "target": target}))
    code = encode(puzzle).rsplit("/", 1)[0] + f"/T{target}"
    for given in (str(path), code):
        assert main(["show", given]) == 2
        err = capsys.readouterr().err
        assert "target" in err and "Traceback" not in err, err


def test_the_digest_ignores_comments_but_not_contents(tmp_path):
    """Re-laying out a city file keeps its digest; changing a value changes it."""
    import shutil
    from generator.data.cities import MAPS_DIR

    folder = tmp_path / "brugge"
    shutil.copytree(MAPS_DIR / "brugge", folder)
    base = load_city(str(folder)).digest
    assert base == load_city("brugge").digest
    rules = folder / "rules.yaml"
    text = rules.read_text()
    commented = tmp_path / "commented" / "brugge"
    shutil.copytree(folder, commented)
    (commented / "rules.yaml").write_text("# a new comment\n" + text)
    assert load_city(str(commented)).digest == base
    changed = tmp_path / "changed" / "brugge"
    shutil.copytree(folder, changed)
    souvenir = text.replace("[-5, 0, 2, 5, 8, 12, 17, 22, 28, 34, 41]", "[-5, 0, 2, 5, 8, 12, 17, 22, 28, 34, 42]", 1)
    assert souvenir != text  # the souvenir strip's last number, 41 → 42
    (changed / "rules.yaml").write_text(souvenir)
    assert load_city(str(changed)).digest != base
