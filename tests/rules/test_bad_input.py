"""Malformed maps, puzzles and plans: one clear paragraph on stderr, exit code 2, no traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hostile_yaml import BILLION_LAUGHS, DEEP_FLOW
from tiny import TINY
from generator.cli import main

PUZZLE = "map: city\nmode: basic\ndirections: 2\nstart: 1\ndeck: [{deck}]\n"
DECK = ", ".join(f"{n}A" for n in range(1, 17))
PLAN = "1. L1 L2 a:A2\n"


@pytest.fixture
def world(tmp_path: Path):
    """A copy of the tiny city beside a puzzle and a plan file, all editable."""
    shutil.copytree(TINY, tmp_path / "city")
    (tmp_path / "puzzle.yaml").write_text(PUZZLE.format(deck=DECK))
    (tmp_path / "plan.txt").write_text(PLAN)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def run_verify(world: Path, capsys) -> tuple[int, str]:
    code = main(["verify", str(world / "puzzle.yaml"), str(world / "plan.txt")])
    captured = capsys.readouterr()
    return code, captured.err


CITY_ERRORS = [
    # (file, old text, new text, fragments expected in the message)
    ("map.yaml", "rows: 6", "rows: 6\ncolour: red", ["map.yaml", "colour", "unknown key"]),
    ("map.yaml", "columns: 7", "columns: seven", ["map.yaml", "columns", "whole number"]),
    ("map.yaml", "terrain: |", "terrain: [unclosed", ["map.yaml", "not valid YAML", "line"]),
    ("map.yaml", "at: G5,", "at: H5,", ["locations[16].at", "off the grid"]),
    ("map.yaml", "at: G5,", "at: A3,", ["locations[16].at", "water"]),
    ("map.yaml", "category: museum, at: G5", "category: museums, at: G5", ["locations[16].category", "expected one of"]),
    ("map.yaml", "category: eat, eatery: bistro,", "category: eat,", ["locations[19]", "eatery"]),
    ("map.yaml", "at: D1,", "at: C1,", ["locations[3].at", "already holds"]),
    ("cards.yaml", "location: Old Hall", "location: Old Mill", ["cards.yaml", "start_cards[2].location", "Old Mill"]),
    ("cards.yaml", "  - {number: 20,", "  - {nummer: 20,", ["actions[19]", "unknown key 'nummer'"]),
    ("cards.yaml", "front: [plan 2, photo 1, visit 1]", "front: [plan 2, photo 1]", ["actions[0].front", "exactly 3"]),
    ("cards.yaml", "front: [plan 2, photo 1, visit 1]", "front: [plan 2, photo 1, visit 4]", ["actions[0].front[2]", "not 1, 2 or 3"]),
    ("assignments.yaml", "Museum Two, Town Hall", "Museum Two, Town Square", ["assignments[3].locations[2]", "Town Square"]),
    ("assignments.yaml", 'id: "1.01"', 'id: "7.01"', ["assignments[0].id", "type 1–6"]),
    ("levels.yaml", 'assignments: ["4.01", "5.01"]', 'assignments: ["4.01", "5.09"]', ["levels[1].assignments[1]", "5.09"]),
    ("rules.yaml", "  event:     {numbers: [-5, 0, 5, 10]}\n", "", ["rules.yaml", "missing the strip", "event"]),
    ("rules.yaml", "hunted: [0, -2, -5, -9]", "hunted: [0, 2, -5, -9]", ["hunted[1]", "between -999 and 0"]),
]


@pytest.mark.parametrize("file, old, new, fragments", CITY_ERRORS, ids=[f"{c[0]}:{c[3][-1]}" for c in CITY_ERRORS])
def test_malformed_city_files_are_reported_with_file_and_key_path(world, capsys, file, old, new, fragments):
    """Every kind of city-data error names the file, the key path and what was expected."""
    edit(world / "city" / file, old, new)
    code, err = run_verify(world, capsys)
    assert code == 2
    assert "Traceback" not in err and err.startswith("citytrip: error:")
    assert "\n\n" not in err.strip()  # one paragraph
    for fragment in fragments:
        assert fragment in err.replace("\n", " ")


def test_a_map_cut_in_two_is_refused(world, capsys):
    """Loader: without the bridge the south bank cannot be reached from the start."""
    edit(world / "city" / "map.yaml", "~~~=~~~", "~~~~~~~")
    edit(world / "city" / "map.yaml", "  - {name: Tiny Bridge, category: bridge, combo: [bridge, statue], at: D3, url: https://example.org/bridge}\n", "")
    code, err = run_verify(world, capsys)
    assert code == 2 and "cannot be reached from start card 1" in err.replace("\n", " ")


PUZZLE_ERRORS = [
    ("map: city", "map: paris", ["unknown city 'paris'"]),
    ("mode: basic", "mode: expert", ["puzzle.yaml", "mode", "basic, advanced"]),
    ("directions: 2", "directions: 3", ["directions", "between 1 and 2"]),
    ("start: 1", "start: 99", ["start", "no start card 99"]),
    ("start: 1", "start: A2", ["start", "not a location"]),
    ("1A, 2A", "1A, 1B", ["deck[1]", "appears twice"]),
    ("1A, 2A, ", "", ["deck", "16 or 20 cards"]),
    ("1A,", "1C,", ["deck[0]", "side A or B"]),
    ("start: 1", "start: 1\nassignments: ['9.99']", ["assignments[0]", "no assignment"]),
    ("start: 1", "start: 1\nassignments: ['6.01']", ["drawn"]),
]


@pytest.mark.parametrize("old, new, fragments", PUZZLE_ERRORS, ids=[p[1][:20] for p in PUZZLE_ERRORS])
def test_malformed_puzzles_are_reported(world, capsys, old, new, fragments):
    """Puzzle errors: unknown city, mode, silly numbers, a bad deck, unknown assignments."""
    edit(world / "puzzle.yaml", old, new)
    code, err = run_verify(world, capsys)
    assert code == 2 and "Traceback" not in err
    for fragment in fragments:
        assert fragment in err.replace("\n", " ")


PLAN_ERRORS = [
    ("1. L1 L2 a:A2\n", "1. L1 L2 a:A99999\n", ["line 1", "not a coordinate"]),
    ("1. L1 L2 a:A2\n", "turns:\n  - path: {a: [A2]}\n", ["turns[0]", "missing key 'boxes'"]),
    ("1. L1 L2 a:A2\n", "turns:\n  - {boxes: [L1, L2], goals: [B2=zz=]}\n", ["turns[0].goals[0]"]),
    ("1. L1 L2 a:A2\n", "turns:\n  - {boxes: [L1, L2], bonus: [2 plan extra]}\n", ["turns[0].bonus[0]"]),
    ("1. L1 L2 a:A2\n", "", ["holds no turns"]),
]


@pytest.mark.parametrize("old, new, fragments", PLAN_ERRORS, ids=["coord", "boxes", "goal", "bonus", "empty"])
def test_malformed_plans_are_reported(world, capsys, old, new, fragments):
    """Plan errors in YAML or notation name the turn and what was wrong."""
    edit(world / "plan.txt", old, new)
    code, err = run_verify(world, capsys)
    assert code == 2 and "Traceback" not in err
    for fragment in fragments:
        assert fragment in err.replace("\n", " ")


def test_missing_files_are_reported(world, capsys):
    """A puzzle path that does not exist is a clear error, not a traceback."""
    code = main(["verify", str(world / "nope.yaml"), str(world / "plan.txt")])
    err = capsys.readouterr().err.replace("\n", " ")
    assert code == 2 and "nope.yaml" in err and "no such file" in err


# --- issue 14: what YAML itself lets through, special files, empty names -----------------------


@pytest.mark.parametrize("file, old, new, fragments", [
    ("puzzle.yaml", "mode: basic\n", "mode: basic\nmode: advanced\n", ["puzzle.yaml", "line 3", "duplicate key 'mode'"]),
    ("city/rules.yaml", "\n", "\nnotes: 2026-02-30\n", ["rules.yaml", "day is out of range"]),
    ("city/map.yaml", "\n", "\nnotes: !!float x\n", ["map.yaml", "as float"]),
    ("city/cards.yaml", "\n", "\nnotes: " + DEEP_FLOW + "\n", ["cards.yaml", "nested more than"]),
], ids=["duplicate key", "impossible date", "float tag", "deep nesting"])
def test_what_yaml_lets_through_is_refused_in_every_file(world, capsys, file, old, new, fragments):
    """Duplicate keys, values YAML cannot build and deep nesting are one clear error in any file."""
    edit(world / file, old, new)
    code, err = run_verify(world, capsys)
    assert code == 2 and "Traceback" not in err
    for fragment in fragments:
        assert fragment in err.replace("\n", " ")


def test_a_billion_laughs_puzzle_is_refused_at_once(world, capsys):
    """A puzzle whose target is 9^8 aliased values is refused while it is read, not expanded."""
    (world / "puzzle.yaml").write_text(PUZZLE.format(deck=DECK) + BILLION_LAUGHS.replace("target:", "extra:"))
    code = main(["show", str(world / "puzzle.yaml")])
    err = capsys.readouterr().err.replace("\n", " ")
    assert code == 2 and "aliases stand for more than" in err and len(err) < 700


def test_pipes_and_devices_are_refused_not_read(world, capsys):
    """A FIFO given as a plan would block, /dev/zero as a template would fill the memory."""
    import os

    os.mkfifo(world / "plan.fifo")
    (world / "zero.yaml").symlink_to("/dev/zero")
    assert main(["verify", str(world / "puzzle.yaml"), str(world / "plan.fifo")]) == 2
    assert "not a regular file" in capsys.readouterr().err.replace("\n", " ")
    assert main(["score", "bruges", str(world / "plan.fifo")]) == 2
    assert "not a regular file" in capsys.readouterr().err.replace("\n", " ")
    assert main(["scorepad", "--game", str(world / "zero.yaml"), "--out", str(world / "pad.pdf")]) == 2
    assert "not a regular file" in capsys.readouterr().err.replace("\n", " ")
    assert not (world / "pad.pdf").exists()


def test_an_empty_name_and_a_huge_plan_are_refused(world, capsys):
    """An empty argument is not the current folder; a plan file has a size limit."""
    assert main(["verify", "", str(world / "plan.txt")]) == 2
    assert "the puzzle argument is empty" in capsys.readouterr().err
    (world / "plan.txt").write_text(PLAN * 100_000)
    assert main(["verify", str(world / "puzzle.yaml"), str(world / "plan.txt")]) == 2
    assert "too large" in capsys.readouterr().err.replace("\n", " ")
