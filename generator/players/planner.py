"""The full-knowledge planner: a player who has seen the whole deck.

It is the level sweep's first witness that a level can be won (before CP-SAT, which rarely finds
a better plan within seconds): a beam over the honest player's own turn choices. Each kept sheet
proposes its `branch` best turns by the honest value, weighted towards the assignments (a level
is lost with an assignment left open, whatever the score); the `width` best sheets by appreciation
plus lookahead go on to the next turn. Knowing the deck, it can keep a turn that looks worse now
but pays later, which the honest player cannot. Every turn goes through Sheet.play (on a copy of
the sheet it follows, Sheet.copy), so its plans are legal by construction; it is deterministic for
given arguments.
"""

from __future__ import annotations

import random

from generator.players.honest import RaceScorer, ranked_turns
from generator.rules.sheet import Sheet
from generator.rules.plan import Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay


def planned_plan(puzzle: Puzzle, width: int = 4, branch: int = 3, race_weight: float = 1.0, seed: int = 0) -> Plan:
    """The best plan the beam finds: a winning one if any (score ≥ target, assignments complete)."""
    rng = random.Random(seed)
    scorer = RaceScorer(puzzle, race_weight)
    beam: list[tuple[tuple[Turn, ...], Sheet]] = [((), Sheet(puzzle))]
    for _ in range(len(puzzle.turns)):
        children: dict[tuple, tuple[float, tuple[Turn, ...], Sheet]] = {}
        for turns, sheet in beam:
            base = scorer.value(scorer.tally(sheet)) + sheet.hunted_score()
            for value, turn in ranked_turns(sheet, scorer, rng, branch):
                child = sheet.copy()
                child.play(turn)
                # Two sheets with the same ends, achievements and hunts play on alike: keep one.
                key = (child.ends(), frozenset(child.achieved), child.hunted)
                rank = base + value
                if key not in children or rank > children[key][0]:
                    children[key] = (rank, turns + (turn,), child)
        ranked = sorted(children.values(), key=lambda item: item[0], reverse=True)
        beam = [(turns, sheet) for _, turns, sheet in ranked[:width]]
    plans = [Plan(turns) for turns, _ in beam]
    return max(plans, key=lambda plan: _merit(puzzle, plan))


def _merit(puzzle: Puzzle, plan: Plan) -> tuple[bool, int]:
    report = replay(puzzle, plan)
    return (report.won(puzzle.target) if puzzle.target is not None else True, report.score)
