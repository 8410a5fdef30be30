"""Scoring several players' plays of one game: races, majorities, and the winner (R17).

Each player has a Sheet of the same puzzle. No page runs this (a group at the table scores on
paper), so the site's engine bundle leaves it out (generator/site/assets.py). Race assignments (types 1, 4, 5) rank players by the
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


def score_players(sheets: Sequence[Sheet]) -> list[PlayerScore]:
    """Each player's score, in the order of their `sheets` (one a player, all of one puzzle)."""
    if not sheets:
        return []
    puzzle = sheets[0].puzzle
    if any(sheet.puzzle is not puzzle for sheet in sheets):
        raise ValueError("all players must play the same puzzle")
    per_player: list[dict[str, int]] = [{} for _ in sheets]
    for assignment in puzzle.assignments:
        if assignment.is_race:
            points = race_points(assignment.values, [sheet.completed.get(assignment.id) for sheet in sheets])
        elif assignment.is_majority:
            counts = [assignment.goal_count(sheet.tally.circled, sheet.tally.achieved) for sheet in sheets]
            points = majority_points(assignment.values[0], counts)
        else:
            points = [assignment.solo_points(sheet.tally.circled, sheet.tally.achieved) for sheet in sheets]
        for mine, p in zip(per_player, points):
            mine[assignment.id] = p
    scores = []
    for sheet, assignments in zip(sheets, per_player):
        strips = sheet.strip_scores()
        hunted = sheet.hunted_score()
        total = sum(strips.values()) + sum(assignments.values()) + hunted
        scores.append(PlayerScore(strips, assignments, hunted, sheet.hunted, total))
    return scores


def winners(scores: Sequence[PlayerScore]) -> list[int]:
    """Indexes of the winner(s): highest appreciation, ties to the fewest hunted actions (R17)."""
    if not scores:
        return []
    best = max((s.total, -s.hunted_actions) for s in scores)
    return [i for i, s in enumerate(scores) if (s.total, -s.hunted_actions) == best]
