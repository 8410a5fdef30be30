"""The one file reader (generator/data/yaml_file.py): every problem is a DataError naming the file
and the line, found before anything large is built (issue 14's robustness causes 2, 3, 5, 10, 11)."""

from __future__ import annotations

import os

import pytest

from generator.data.yaml_file import MAX_DEPTH, dump_yaml, parse_yaml, read_text, read_yaml
from generator.errors import DataError
from hostile_yaml import BILLION_LAUGHS, DEEP_FLOW

def refused(text: str) -> str:
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "puzzle.yaml")
    return str(caught.value)


def test_a_key_given_twice_is_refused_with_its_line():
    """PyYAML keeps the last of two equal keys; here the second one is an error at its line."""
    message = refused("target: 65\nmode: basic\ntarget: 50\n")
    assert "puzzle.yaml, at line 3" in message and "duplicate key 'target'" in message


@pytest.mark.parametrize("text, fragment", [
    ("notes: 2026-02-30\n", "day is out of range"),
    ("target: !!int x\n", "as int"),
    ("target: !!float x\n", "as float"),
    ("target: !!int 1" + "0" * 5000 + "\n", "as int"),
], ids=["impossible date", "int tag", "float tag", "too many digits"])
def test_values_yaml_cannot_build_are_reported_where_they_are_written(text, fragment):
    """Values the YAML constructor cannot build are a DataError at their line, not a ValueError."""
    message = refused(text)
    assert "line 1" in message and fragment in message


def test_aliases_that_stand_for_a_billion_values_are_refused():
    """'Billion laughs': 9^9 values written in a few hundred bytes are refused while reading."""
    assert len(BILLION_LAUGHS) < 600
    assert "aliases stand for more than" in refused(BILLION_LAUGHS)


def test_a_few_aliases_still_work():
    """Anchors and aliases within the bound are ordinary YAML."""
    assert parse_yaml("a: &x [1, 2]\nb: *x\n", "f") == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.parametrize("text", [DEEP_FLOW, "a:\n" + "".join(" " * i + "- \n" for i in range(1, 3000))],
                         ids=["flow", "block"])
def test_deep_nesting_is_refused_before_the_recursion_limit(text):
    """A document nested 5,000 deep is a DataError, not a RecursionError."""
    assert f"nested more than {MAX_DEPTH} levels deep" in refused(text)


@pytest.mark.parametrize("text", ['name: "Brugge\\ud800"\n', 'name: "a\\x00b"\n'], ids=["lone surrogate", "NUL"])
def test_text_no_font_can_print_is_refused(text):
    """A lone surrogate or a control character cannot be printed or encoded: refused at its line."""
    assert "cannot be printed" in refused(text)


def test_a_long_value_is_not_repeated_back_in_full():
    """A one-megabyte value quoted in a message is cut to a readable length."""
    message = refused("a: !!int " + "x" * 1_000_000 + "\n")
    assert len(message) < 700 and "more characters" in message


def test_special_files_are_refused_before_reading(tmp_path):
    """A FIFO would block forever and /dev/zero never ends: both are refused by their kind."""
    fifo = tmp_path / "plan.fifo"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.yaml"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        with pytest.raises(DataError, match="not a regular file"):
            read_yaml(path)


def test_size_limit_missing_files_folders_and_bad_encoding_are_named(tmp_path):
    """Each refusal names the file and says what is wrong with it."""
    big = tmp_path / "big.yaml"
    big.write_text("x" * 101)
    with pytest.raises(DataError, match="big.yaml: is larger than 100 bytes"):
        read_text(big, limit=100)
    with pytest.raises(DataError, match="nope.yaml: no such file"):
        read_text(tmp_path / "nope.yaml")
    with pytest.raises(DataError, match="is a folder"):
        read_text(tmp_path)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("name: Brügge\n".encode("latin-1"))
    with pytest.raises(DataError, match="latin.yaml: is not UTF-8 text"):
        read_text(latin)
    with pytest.raises(DataError, match="empty file name"):
        read_text("")


def test_what_is_written_reads_back_the_same():
    """dump_yaml and parse_yaml are a pair: the daily's files read back to what was written."""
    data = {"turns": [{"boxes": ["L1", "L2"], "path": {"a": ["A2", "B2"]}}], "notes": "Brugge — 't Zand"}
    assert parse_yaml(dump_yaml(data), "f") == data
