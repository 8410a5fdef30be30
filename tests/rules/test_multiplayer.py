"""Several players' plays of one game: races by turn, majorities, and the R17 tie-break."""

from tiny import make_puzzle, play
from generator.rules.assignments import majority_points, race_points
from generator.rules.multiplayer import PlayerScore, score_players, winners

VISITS = (["plan 3", "visit 2", "photo 2"], ["eat 2", "souvenir 2", "plan 3"])


def test_race_ranks_players_by_the_turn_they_complete_it():
    """Type 1: two players finishing in turn 2 share first (10), the turn-3 finisher is second (6)."""
    puzzle = make_puzzle([VISITS] * 15, start=2, assignments=["1.01"])
    fast = ["L1 L2 a:D5,D4 @D4", "L1 L2 a:E5,F5,G5 @G5"]
    slow = ["L1 L2 a:D5,D4 @D4", "L1 L2 a:E5,F5", "L1 L2 a:G5 @G5"]
    games = [play(puzzle, *fast), play(puzzle, *slow), play(puzzle, *fast)]
    assert [g.completed["1.01"] for g in games] == [2, 3, 2]
    scores = score_players(games)
    assert [s.assignments["1.01"] for s in scores] == [10, 6, 10]


def test_race_points_first_second_and_later():
    """Ranks follow distinct finishing turns; later finishers get the last value; never = 0."""
    assert race_points((16, 10, 5), [4, None, 2, 7, 4, 9]) == [10, 0, 16, 5, 10, 5]


def test_majority_ties_share_and_nobody_scores_without_goals():
    """Type 3: everyone with the most goals scores; with no goal at all nobody does."""
    assert majority_points(10, [3, 5, 5, 1]) == [0, 10, 10, 0]
    assert majority_points(10, [0, 0]) == [0, 0]


def test_tie_goes_to_the_fewest_hunted_actions():
    """R17: equal appreciation is decided by fewer hunted actions; a full tie is shared."""
    a = PlayerScore({}, {}, -2, 1, 50)
    b = PlayerScore({}, {}, 0, 0, 50)
    c = PlayerScore({}, {}, 0, 0, 49)
    assert winners([a, b, c]) == [1]
    assert winners([b, b, c]) == [0, 1]
