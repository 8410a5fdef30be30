"""A mini's district: parsing, the square around the start, cropping, and the engine's refusal to leave it."""

import pytest

from generator.data.cities import load_city
from generator.rules.dealer import dealt_puzzle
from generator.rules.district import District
from generator.rules.grid import Coord
from generator.rules.plan import Plan, Turn
from generator.rules.puzzle import MINI_CARDS, Puzzle
from generator.rules.replay import replay
from generator.rules.cards import DeckCard


@pytest.fixture(scope="module")
def brugge():
    return load_city("brugge")


def test_a_district_is_written_by_its_corners_and_read_back():
    district = District.parse("k10 - o14")
    assert district == District(Coord.parse("K10"), Coord.parse("O14"))
    assert str(district) == "K10-O14"
    assert (district.columns, district.rows) == (5, 5)
    assert Coord.parse("K10") in district and Coord.parse("O14") in district
    assert Coord.parse("J10") not in district and Coord.parse("K15") not in district


@pytest.mark.parametrize("text", ["O14-K10", "K10", "K10-", "K10-O14-P15", "", "10K-14O"])
def test_a_malformed_district_is_refused_by_name(text):
    with pytest.raises(ValueError, match="district"):
        District.parse(text)


def test_the_square_around_a_start_stays_whole_at_the_map_edge(brugge):
    assert District.around(Coord.parse("K10"), 5, brugge) == District.parse("I8-M12")
    assert District.around(Coord.parse("K10"), 4, brugge) == District.parse("J9-M12")  # even: the start above left of the middle
    assert District.around(Coord(0, 0), 4, brugge) == District.parse("A1-D4")
    last = Coord(brugge.grid.columns - 1, brugge.grid.rows - 1)
    assert District.around(last, 4, brugge) == District(Coord(last.col - 3, last.row - 3), last)
    with pytest.raises(ValueError, match="does not fit"):
        District.around(last, brugge.grid.rows + 1, brugge)


def test_cropping_keeps_the_coordinates_and_only_what_is_inside(brugge):
    district = District.parse("I8-M12")
    city = district.crop(brugge)
    assert set(city.locations) == {at for at in brugge.locations if at in district}
    assert all(node in district for node in city.grid.nodes())
    assert {n for n in brugge.grid.nodes() if n in district} == set(city.grid.nodes())
    # Links inside the square are the map's own: cropping blocks no step inside it.
    for node in city.grid.nodes():
        assert set(city.grid.neighbours(node)) == {n for n in brugge.grid.neighbours(node) if n in district}
    assert district.holds(city) and not district.holds(brugge)


def test_a_mini_puzzle_must_carry_its_cropped_city(brugge):
    mini = _mini(brugge)
    with pytest.raises(ValueError, match="cropped"):
        Puzzle(brugge, mini.mode, 1, mini.start, mini.turns, district=mini.district)


def test_a_step_out_of_the_square_is_refused_in_the_players_words(brugge):
    mini = _mini(brugge)
    assert mini.start == Coord.parse("K10")
    boxes = next(t for t in _plan_boxes(mini))
    turn = Turn(boxes, ((Coord.parse("J10"), Coord.parse("I10"), Coord.parse("H10")), ()), (), ())
    report = replay(mini, Plan((turn,)))
    assert not report.valid
    assert "H10 is outside the mini's square I8–M12" in str(report.violations[0])


def _mini(city):
    deck = tuple(DeckCard(n, "A") for n in range(1, MINI_CARDS + 1))
    return dealt_puzzle(city, deck, start_card=18, assignments=(), mode="basic", directions=1,
                        district=District.around(city.start_cards[18].location.at, 5, city))


def _plan_boxes(puzzle):
    """Box pairs of turn 1 with at least 3 plan actions (3 steps west leave the square)."""
    faces = puzzle.turns[0]
    for pair in (("L1", "L2"), ("L2", "L3"), ("R1", "R2"), ("R2", "R3"), ("L1", "R1"), ("L2", "R2"), ("L3", "R3")):
        if sum(faces.box(b).value for b in pair if faces.box(b).type.value == "plan") >= 3:
            yield pair
