"""R1–R3: coordinates, neighbours, water and bridges on the map grid."""

import pytest

from tiny import TINY
from generator.data.cities import load_city
from generator.rules.grid import Coord, column_name


def test_coordinates_read_column_letter_then_row_number():
    """R1: "F10" is column F (6th from the left), row 10 from the top, and prints back the same."""
    at = Coord.parse("F10")
    assert (at.col, at.row) == (5, 9)
    assert str(at) == "F10"
    assert str(Coord.parse("aa3")) == "AA3" and column_name(26) == "AA"


@pytest.mark.parametrize("text", ["", "10F", "F0", "F", "É4", "F-1", None, 12])
def test_malformed_coordinates_are_rejected(text):
    """R1: anything but letters followed by a row number ≥ 1 is not a coordinate."""
    with pytest.raises(ValueError):
        Coord.parse(text)


def test_steps_go_to_the_eight_neighbours_that_are_nodes():
    """R2: a node links to its 8 neighbours, except water and outside cells."""
    grid = load_city(str(TINY)).grid
    assert set(map(str, grid.neighbours(Coord.parse("B2")))) == {"A1", "B1", "C1", "A2", "C2"}
    assert not grid.is_node(Coord.parse("G6"))  # '#': outside the map


def test_diagonal_across_a_water_corner_is_forbidden():
    """R2: B5–C6 is blocked because C5 and B6, the other diagonal, are both water."""
    grid = load_city(str(TINY)).grid
    assert Coord.parse("C6") not in grid.neighbours(Coord.parse("B5"))
    assert grid.why_not_step(Coord.parse("B5"), Coord.parse("C6")).startswith("R2")
    # A diagonal with water on only one cell of the other diagonal is allowed.
    assert Coord.parse("C4") in grid.neighbours(Coord.parse("D3"))


def test_water_is_crossed_only_over_a_bridge():
    """R3: the canal of row 3 is crossed only at the bridge D3; stepping onto water is refused."""
    grid = load_city(str(TINY)).grid
    assert grid.why_not_step(Coord.parse("A2"), Coord.parse("A3")).startswith("R3")
    assert Coord.parse("D3") in grid.neighbours(Coord.parse("D2"))
    assert Coord.parse("D4") in grid.neighbours(Coord.parse("D3"))
    north = {Coord(c, r) for c in range(7) for r in range(2)}
    south_neighbours = {n for node in north for n in grid.neighbours(node) if n.row > 2}
    assert south_neighbours == set()
