"""The full-knowledge planner: legal, reproducible, and a real witness beyond the honest player."""

from generator.levels.sweep import SOLVER, Job, level_puzzle, run_job
from generator.players.honest import honest_plan
from generator.players.planner import planned_plan
from generator.rules.replay import replay


def test_planner_games_are_legal_and_reproducible():
    """Every turn goes through the engine; the same arguments give the same plan."""
    puzzle = level_puzzle("antwerpen", 7, 16, 2)
    plan = planned_plan(puzzle, width=2, branch=2)
    assert replay(puzzle, plan).valid and len(plan.turns) == 15
    assert planned_plan(puzzle, width=2, branch=2) == plan


def test_planner_wins_a_deal_the_honest_player_loses():
    """Brugge level 8, shuffle 200: the honest player falls short, the planner completes and wins,
    and the level sweep's solver job reports the planner as its witness."""
    puzzle = level_puzzle("brugge", 8, 16, 200)
    assert not replay(puzzle, honest_plan(puzzle)).won(puzzle.target)
    assert replay(puzzle, planned_plan(puzzle)).won(puzzle.target)
    (outcome,) = run_job(Job("brugge", 8, 16, 200, SOLVER, time_limit=0))
    assert (outcome.status, outcome.witness) == ("SOLVABLE", "planner")
