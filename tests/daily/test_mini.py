"""The daily mini: its deal, the re-deal rule, its files and code, and a proof `solve` repeats."""

import datetime as dt
from dataclasses import dataclass, replace

import pytest

from generator.cli import main
from generator.daily import mini
from generator.daily.code import decode, encode
from generator.daily.job import Pages
from generator.data.cities import data_digest, load_city
from generator.data.puzzles import load_plan, load_puzzle
from generator.rules.puzzle import MINI_CARDS
from generator.rules.replay import replay
from heard import Heard

DAY = dt.date(2026, 12, 2)
FAST = ("antwerpen", DAY)  # its first deal proves in about 0.1 units (benchmarks/mini.py)


def test_the_mini_is_a_pure_function_of_city_date_and_attempt():
    """Same date, same deal; another attempt or date deals another; the deal has the mini's shape."""
    city = load_city("brugge")
    puzzle = mini.deal_mini(city, DAY)
    assert puzzle == mini.deal_mini(city, DAY)
    assert puzzle.deck != mini.deal_mini(city, DAY, 1).deck
    assert puzzle.deck != mini.deal_mini(city, DAY + dt.timedelta(days=1)).deck
    assert len(puzzle.deck) == MINI_CARDS and len(puzzle.turns) == MINI_CARDS - 1
    assert (puzzle.mode, puzzle.directions, puzzle.assignments) == ("basic", 1, ())
    assert puzzle.start_card in mini.mini_start_cards(city) and puzzle.start in puzzle.district
    assert (puzzle.district.columns, puzzle.district.rows) == (mini.SIZE, mini.SIZE)
    assert len(puzzle.city.locations) >= mini.MIN_LOCATIONS


def test_start_cards_are_those_with_enough_locations_in_their_square():
    city = load_city("antwerpen")
    cards = mini.mini_start_cards(city)
    assert cards and cards != sorted(city.start_cards)  # some are too thin
    for number in sorted(city.start_cards):
        inside = len(mini.district_of(city, number).crop(city).locations)
        assert (number in cards) == (inside >= mini.MIN_LOCATIONS)


@dataclass
class _Result:
    proven: bool
    score: int


def test_an_unproven_or_dull_deal_is_dealt_again():
    """The first deal that is proven with a maximum of at least MIN_MAXIMUM is the mini."""
    outcomes = [_Result(False, 9), _Result(True, mini.MIN_MAXIMUM - 1), _Result(True, mini.MIN_MAXIMUM)]
    seen = []

    def prover(puzzle):
        seen.append(puzzle)
        return outcomes[len(seen) - 1]

    puzzle, result, attempt = mini.choose_mini("brugge", DAY, prover, workers=1)
    assert attempt == 2 and result is outcomes[2]
    assert puzzle == mini.deal_mini(load_city("brugge"), DAY, 2)
    assert [p.deck for p in seen] == [mini.deal_mini(load_city("brugge"), DAY, a).deck for a in range(3)]


def test_no_mini_is_published_unproven(tmp_path):
    """When no deal is proven, make_mini writes nothing and says so by returning None."""
    assert mini.make_mini("brugge", DAY, Pages(tmp_path), prover=lambda puzzle: _Result(False, 50), workers=1) is None
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def mini_stages() -> Heard:
    return Heard()


@pytest.fixture(scope="module")
def fast_mini(tmp_path_factory, mini_stages):
    folder = tmp_path_factory.mktemp("mini")
    return mini.make_mini(*FAST, Pages(folder), stages=mini_stages), folder


def test_the_mini_tells_its_stages(fast_mini, mini_stages):
    """The proofs, then the files: what `citytrip daily` shows on a terminal."""
    assert mini_stages.stages == ["mini", "mini pages"]


def test_the_mini_files_say_proven_optimal_and_round_trip(fast_mini):
    made, folder = fast_mini
    stem = f"citytrip-{FAST[0]}-{FAST[1].isoformat()}-mini"
    assert sorted(p.name for p in folder.iterdir()) == [f"{stem}-answer.yaml", f"{stem}-puzzle.yaml"]
    text = (folder / f"{stem}-puzzle.yaml").read_text()
    assert f"# par: {made.par} (proven optimal)" in text and f"# code: {made.code}" in text
    puzzle = load_puzzle(folder / f"{stem}-puzzle.yaml")
    assert puzzle == made.puzzle and puzzle.district == made.puzzle.district
    assert puzzle.target == made.par >= mini.MIN_MAXIMUM
    report = replay(puzzle, load_plan(folder / f"{stem}-answer.yaml"))
    assert report.valid and report.score == made.par


def test_the_mini_code_says_mini_and_rebuilds_the_puzzle(fast_mini):
    made, _ = fast_mini
    assert made.code.startswith(f"CT2M/{FAST[0].upper()}/{data_digest(load_city(FAST[0]))}/{made.puzzle.district}/")
    assert decode(made.code) == made.puzzle
    assert encode(replace(made.puzzle, district=None, city=load_city(FAST[0]))).startswith("CT2/")


def test_solve_proves_the_same_maximum(fast_mini, capsys):
    """`citytrip solve` of the mini's puzzle file, with its own search, proves the same maximum."""
    made, folder = fast_mini
    path = folder / f"citytrip-{FAST[0]}-{FAST[1].isoformat()}-mini-puzzle.yaml"
    assert main(["solve", str(path), "--time-limit", "60", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"status": "OPTIMAL"' in out and f'"score": {made.par},' in out


BRUGGE_MINI = "CT2M/BRUGGE/" + data_digest(load_city("brugge"))
DECK7 = ".".join(f"{n}A" for n in range(1, 8))


@pytest.mark.parametrize(
    "code, fragment",
    [
        (f"{BRUGGE_MINI}/BASIC/1/S18/{DECK7}/-/T4", "is not of the form"),  # no district
        (f"{BRUGGE_MINI}/M12-I8/BASIC/1/S18/{DECK7}/-/T4", "top-left"),
        (f"{BRUGGE_MINI}/A1-D4/BASIC/1/S18/{DECK7}/-/T4", "does not hold the start K10"),
        (f"{BRUGGE_MINI}/J9-M12/BASIC/1/S18/{DECK7}.8A/-/T4", "deck of 7 cards"),
        (f"{BRUGGE_MINI}/J9-ZZ99/BASIC/1/S18/{DECK7}/-/T4", "beyond the Brugge map"),
        (f"CT2/BRUGGE/{data_digest(load_city('brugge'))}/BASIC/1/S18/{DECK7}/-/T4", "16 or 20 cards"),
    ],
)
def test_malformed_mini_codes_get_a_clear_error(code, fragment, capsys, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("1. L1 L2\n")
    assert main(["verify", code, str(plan)]) == 2
    err = capsys.readouterr().err.replace("\n", " ")
    assert fragment in err and "Traceback" not in err


def test_a_mini_code_with_a_negative_target_reads(fast_mini):
    """A hand-made mini may ask for a score below zero (strips start below zero)."""
    made, _ = fast_mini
    code = made.code.rsplit("/", 1)[0] + "/T-3"
    assert decode(code).target == -3
