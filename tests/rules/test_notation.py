"""The one-line plan notation: parse/format round trips and clear errors."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from random_player import random_plan
from tiny import make_puzzle
from generator.rules.notation import NotationError, format_plan, parse_plan


def test_notation_reads_boxes_moves_goals_and_bonus():
    """The documented example line parses into its parts."""
    plan = parse_plan("1. L1 L2 a:F11,G12 @G12 @F11\n2. L2 R2 R3 b:E9 @E9=event +2plan\n")
    first, second = plan.turns
    assert first.boxes == ("L1", "L2") and [str(c) for c in first.moves[0]] == ["F11", "G12"]
    assert [str(g) for g in first.goals] == ["G12", "F11"]
    assert second.hunted and str(second.goals[0]) == "E9=event" and str(second.bonus[0]) == "2plan"


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), mode=st.sampled_from(["basic", "advanced"]), directions=st.sampled_from([1, 2]))
def test_format_then_parse_gives_the_same_plan(seed, mode, directions):
    """parse_plan(format_plan(plan)) == plan for random legal plans."""
    plan = random_plan(make_puzzle(mode=mode, directions=directions), random.Random(seed))
    assert parse_plan(format_plan(plan)) == plan


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("L1 L2", "turn starts with its number"),
        ("1. L1 L9", "cannot read 'L9'"),
        ("2. L1 L2", "turn 2 where turn 1 was expected"),
        ("1. L1 L2 a:F11,ZZ", "not a coordinate"),
        ("1. L1 L2 +4plan", "is not like +2plan"),
        ("1. L1 L2 +2fly", "bonus action type"),
        ("1. a:F1 L1 L2", "must come before"),
        ("1.", "no boxes"),
    ],
)
def test_malformed_notation_names_line_and_token(text, fragment):
    """Bad notation raises NotationError saying which line and what was wrong."""
    with pytest.raises(NotationError) as caught:
        parse_plan(text)
    assert "line 1" in str(caught.value) and fragment in str(caught.value)


def test_a_notation_error_is_a_user_error():
    """Bad notation is bad input like any other: a CitytripError, which the CLI turns into one
    paragraph and exit code 2 wherever notation is parsed."""
    from generator.errors import CitytripError

    with pytest.raises(CitytripError):
        parse_plan("1.")
