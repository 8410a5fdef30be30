"""Scoring several players' plays of one game: races, majorities, and the winner (R17).

Each player has a Sheet of the same puzzle. Race assignments (types 1, 4, 5) rank players by the
turn they completed them; type 3 goes to the most goals (ties share); types 2 and 6 score each
player alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from generator.rules.assignments import majority_points, race_points
from generator.rules.sheet import Sheet


@dataclass(frozen=True)
class PlayerScore:
    strips: Mapping[str, int]
    assignments: Mapping[str, int]
    hunted: int
    hunted_actions: int
    total: int


def score_players(games: Sequence[Sheet]) -> list[PlayerScore]:
    if not games:
        return []
    puzzle = games[0].puzzle
    if any(g.puzzle is not puzzle for g in games):
        raise ValueError("all players must play the same puzzle")
    per_player: list[dict[str, int]] = [{} for _ in games]
    for assignment in puzzle.assignments:
        if assignment.is_race:
            points = race_points(assignment.values, [g.completed.get(assignment.id) for g in games])
        elif assignment.is_majority:
            counts = [assignment.goal_count(g.tally.circled, g.tally.achieved) for g in games]
            points = majority_points(assignment.values[0], counts)
        else:
            points = [assignment.solo_points(g.tally.circled, g.tally.achieved) for g in games]
        for mine, p in zip(per_player, points):
            mine[assignment.id] = p
    scores = []
    for game, assignments in zip(games, per_player):
        strips = game.strip_scores()
        hunted = game.hunted_score()
        total = sum(strips.values()) + sum(assignments.values()) + hunted
        scores.append(PlayerScore(strips, assignments, hunted, game.hunted, total))
    return scores


def winners(scores: Sequence[PlayerScore]) -> list[int]:
    """Indexes of the winner(s): highest appreciation, ties to the fewest hunted actions (R17)."""
    if not scores:
        return []
    best = max((s.total, -s.hunted_actions) for s in scores)
    return [i for i, s in enumerate(scores) if (s.total, -s.hunted_actions) == best]
