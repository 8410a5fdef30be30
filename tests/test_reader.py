"""generator.data.reader.Field: the one shape checker of every YAML file (cities, puzzles, plans,
Bruges games, print templates), and the key paths its messages name."""

from __future__ import annotations

import pytest

from generator.data.reader import Field
from generator.errors import DataError


def failure(check) -> DataError:
    with pytest.raises(DataError) as caught:
        check()
    return caught.value


def test_optional_keys_take_their_default_at_their_own_key_path():
    """An absent or empty (null) optional key reads as its default; its checks still name the key."""
    fields = Field("f.yaml", {"a": None, "b": 3}, "top").mapping(("b",), ("a", "c"))
    assert fields.at("a", "x").text() == "x" and fields.at("c").value is None
    assert fields.at("b", 0).integer() == 3
    error = failure(lambda: fields.at("c", "many").integer())
    assert (error.file, error.path) == ("f.yaml", "top.c") and "expected a whole number" in error.detail
    assert fields.at("a").maybe(Field.integer) is None and fields.at("b").maybe(Field.integer) == 3


def test_missing_and_unknown_keys_name_the_mapping_and_the_key():
    """A missing key is reported at its mapping, an unknown one at its own path, with the allowed keys."""
    error = failure(lambda: Field("f.yaml", {"b": 1}, "players[1]").mapping(("a",), ("b",)))
    assert (error.path, error.detail) == ("players[1]", "missing key 'a'")
    error = failure(lambda: Field("f.yaml", {"a": 1, "z": 2}, "players[1]").mapping(("a",), ("b",)))
    assert error.path == "players[1].z" and "unknown key 'z' (expected one of: a, b)" in error.detail


def test_pairs_give_data_keys_as_fields():
    """Keys that are data (a step number, a variant name) are checked as fields at the entry's path."""
    pairs = list(Field("f.yaml", {1: 5, "x": 6}, "points").pairs())
    assert [(k.value, k.path, v.value, v.path) for k, v in pairs] == [
        (1, "points.1", 5, "points.1"), ("x", "points.x", 6, "points.x"),
    ]
    error = failure(lambda: pairs[1][0].integer())
    assert error.path == "points.x" and "expected a whole number, found text 'x'" in error.detail


@pytest.mark.parametrize(
    "value, options, words",
    [
        ("", {}, "expected text, found an empty one"),
        ("  ", {}, "expected text, found an empty one"),
        (3, {}, "expected text, found a whole number"),
        (True, {"numbers": True}, "expected text, found true/false"),
        (None, {"empty": True}, "expected text, found nothing"),
    ],
)
def test_text_refuses_what_is_not_text(value, options, words):
    """Blank text is refused unless allowed; a number is text only when asked (a table cell)."""
    assert failure(lambda: Field("f.yaml", value, "t").text(**options)).detail == words


def test_text_allows_blanks_and_numbers_when_asked():
    """`empty` keeps blank text as written; `numbers` reads 3 and 1.5 as their text."""
    assert Field("f", " ").text(empty=True) == " "
    assert Field("f", 3).text(numbers=True) == "3" and Field("f", 1.5).text(numbers=True) == "1.5"


def test_choice_and_list_messages():
    """One allowed value is quoted on its own; a count of one is singular."""
    assert failure(lambda: Field("f", "bigcity").choice(("bruges",))).detail == "expected 'bruges', found 'bigcity'"
    assert failure(lambda: Field("f", "x").choice(("a", "b"))).detail == "expected one of a, b, found 'x'"
    assert failure(lambda: Field("f", []).items(min_len=1)).detail == "expected at least 1 entry, found 0"
    assert failure(lambda: Field("f", [1, 2]).items(0, 1)).detail == "expected 0 to 1 entries, found 2"
