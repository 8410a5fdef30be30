"""The daily's panel of graded players, and the target it sets (issue 35)."""

from __future__ import annotations

import datetime as dt

import pytest

from generator.daily.deal import WEEKDAYS, deal
from generator.daily.job import TARGET_STEP, target_for
from generator.data.cities import load_city
from generator.players.panel import PANEL, Result, play
from generator.rules.replay import replay

SCORES = (80, 85, 90, 95, 100, 110, 120, 131)  # eight players, weakest first


def _results(scores=SCORES, open_for=()) -> tuple[Result, ...]:
    """Results of the panel's members with these scores; `open_for` lists the players (by index)
    who left an assignment open."""
    return tuple(Result(PANEL[i], s, ("1.01",) if i in open_for else ()) for i, s in enumerate(scores))


def test_the_panel_is_graded_from_the_honest_player_to_the_widest_beam():
    """Eight players, each searching at least as wide as the one before (width × branch), names unique."""
    assert len(PANEL) == 8 and PANEL[0].width == 0
    effort = [m.width * m.branch for m in PANEL]
    assert effort == sorted(effort) and len(set(effort)) == len(effort)
    assert len({m.name for m in PANEL}) == len(PANEL)


def test_the_weekday_shares_fall_from_monday_to_sunday():
    """Monday's target is reached by most of the panel, Sunday's by the fewest (at least one)."""
    shares = [level.panel_share for level in WEEKDAYS]
    assert shares == sorted(shares, reverse=True) and len(set(shares)) == 7
    assert shares[0] >= 0.85 and 0 < shares[-1] * len(PANEL) <= 1


@pytest.mark.parametrize("share, par, target", [
    (0.85, 200, 85),   # 7 of 8 reach 85
    (0.45, 200, 100),  # 4 of 8 reach 100 (the 4th best)
    (0.55, 200, 95),   # 5 of 8 reach 95
    (0.10, 200, 130),  # the best alone: 131, down to 130
    (0.10, 125, 125),  # never above the par (gold)
    (0.10, 128, 125),  # the par rounded down
])
def test_the_target_is_the_highest_multiple_of_5_that_the_share_reaches(share, par, target):
    """At least that share of the panel reaches the target; one step of 5 higher, fewer do."""
    assert target_for(_results(), share, par) == target
    assert sum(r.wins(target) for r in _results()) >= share * len(PANEL)
    if target < (par // TARGET_STEP) * TARGET_STEP:
        assert sum(r.wins(target + TARGET_STEP) for r in _results()) < share * len(PANEL)


def test_a_player_with_an_open_assignment_does_not_count():
    """The best player left an assignment open: Sunday's target is the second best's score."""
    assert target_for(_results(open_for={7}), 0.10, 200) == 120


def test_when_fewer_players_complete_than_the_share_asks_all_who_complete_win():
    """Only three complete the assignments but Monday asks for seven: the target is the weakest
    of the three, so all three win (never a target nobody on the panel reaches)."""
    results = _results(open_for={0, 1, 2, 3, 4})
    target = target_for(results, 0.85, 200)
    assert target == 110 and [r.wins(target) for r in results].count(True) == 3


def test_the_target_is_a_multiple_of_5_and_at_least_5():
    assert target_for(_results((1, 2, 3, 4, 5, 6, 7, 8)), 0.85, 200) == TARGET_STEP


@pytest.mark.slow
def test_the_panel_plays_legal_plans_the_same_in_one_or_two_processes():
    """A Sunday daily's deal (advanced, one direction, four assignments): every player's plan is
    legal and replays to its result, and two worker processes give what one gives."""
    puzzle = deal(load_city("antwerpen"), dt.date(2026, 12, 13))
    members = PANEL[:5]
    one, two = play(puzzle, members, workers=1), play(puzzle, members, workers=2)
    assert one == two
    for result in one:
        assert result.plan == result.member.plan(puzzle)
        report = replay(puzzle, result.plan)
        assert report.valid and report.score == result.score
        assert result.complete == report.assignments_complete
