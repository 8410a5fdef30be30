"""Each assignment card knows its kind (docs/rules.md "Assignments"): callers ask the card."""

import ast
from pathlib import Path

import pytest

from generator.rules.assignments import MAX_SETS, Assignment, Kind
from generator.rules.grid import Coord

PLACES = (Coord.parse("B2"), Coord.parse("C3"), Coord.parse("D4"))
CARDS = {
    1: Assignment("1.01", 1, (10, 6, 3), category="museum", count=5),
    2: Assignment("2.01", 2, (5,), categories=("museum", "event")),
    3: Assignment("3.01", 3, (8,), category="eat"),
    4: Assignment("4.01", 4, (12, 8, 4), locations=PLACES),
    5: Assignment("5.01", 5, (11, 7, 3), locations=PLACES),
    6: Assignment("6.01", 6, (0, 2, 4, 7, 10, 14, 18), locations=PLACES),
}
# type: kind, is_race, counts_category, is_set, is_majority, names_locations, is_drawn_starts, need
EXPECTED = {
    1: (Kind.CATEGORY_RACE, True, True, False, False, False, False, 5),
    2: (Kind.SETS, False, False, True, False, False, False, 1),
    3: (Kind.MOST, False, True, False, True, False, False, 1),
    4: (Kind.LOCATION_RACE, True, False, False, False, True, False, 3),
    5: (Kind.SHOP_RACE, True, False, False, False, True, False, 3),
    6: (Kind.DRAWN_STARTS, False, False, False, False, False, True, 1),
}


@pytest.mark.parametrize("number", sorted(CARDS))
def test_each_type_answers_its_kind(number):
    """Types 1, 4, 5 are races; 1 and 3 count a category; 2 is a set card; 3 a majority; 4 and 5
    name locations; 6 is the drawn start cards; `need` is the goal count that completes the card."""
    card = CARDS[number]
    answers = (card.kind, card.is_race, card.counts_category, card.is_set, card.is_majority,
               card.names_locations, card.is_drawn_starts, card.need)
    assert answers == EXPECTED[number]
    assert card.kind.value == card.type  # the type number stays the card's data


def test_kind_does_not_change_equality_or_repr():
    """`kind` is derived from `type`: not compared, not printed, and a type outside 1–6 is refused."""
    assert Assignment("1.01", 1, (10, 6, 3), category="museum") == Assignment("1.01", 1, (10, 6, 3), category="museum")
    assert "kind" not in repr(CARDS[1])
    with pytest.raises(ValueError):
        Assignment("7.01", 7, (1,))


def test_completion_and_solo_points_follow_the_kind():
    """RULINGS "Solo": a race scores its first value once complete; a set card per set (at most
    MAX_SETS); type 3 its value from one goal; type 6 by how many drawn locations are achieved."""
    counts = {"museum": 4, "event": 2, "eat": 1}
    assert not CARDS[1].complete(counts, ()) and CARDS[1].solo_points(counts, ()) == 0
    assert CARDS[1].solo_points({"museum": 5}, ()) == 10
    assert CARDS[2].solo_points(counts, ()) == 10 and CARDS[2].solo_points({"museum": 9, "event": 9}, ()) == 5 * MAX_SETS
    assert CARDS[3].solo_points(counts, ()) == 8 and CARDS[3].solo_points({}, ()) == 0
    assert CARDS[4].solo_points({}, PLACES[:2]) == 0 and CARDS[4].solo_points({}, PLACES) == 12
    assert CARDS[6].solo_points({}, PLACES[:2]) == 4
    assert [CARDS[n].max_points for n in sorted(CARDS)] == [10, 15, 8, 12, 11, 18]


def test_no_module_outside_assignments_tests_a_type_number():
    """Issue 14: callers ask the card its kind; no module but rules/assignments.py compares a
    `.type` with type numbers (the YAML loader builds cards from the digit of their id: data)."""
    root = Path(__file__).resolve().parents[2] / "generator"
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "assignments.py" and path.parent.name == "rules":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is_type(s) for s in sides) and any(_type_numbers(s) for s in sides):
                    offenders.append(f"{path.relative_to(root)}:{node.lineno}")
    assert offenders == []


def _is_type(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "type"


def _type_numbers(node: ast.expr) -> bool:
    """A type number (1–6), a collection of them, or a name like RACE_TYPES."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int) and 1 <= node.value <= 6
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_type_numbers(e) for e in node.elts)
    return isinstance(node, ast.Name) and node.id.endswith("_TYPES")
