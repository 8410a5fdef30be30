"""The honest solo player: sees only what the rulebook shows, never the rest of the deck.

It is the beam-search player with a beam of width 1: each turn it builds every legal choice of
the two open faces (R8) and keeps the one its value function ranks best. With a single sheet in
the beam nothing is kept for later comparison, so no decision can depend on a card not yet
turned: the value function reads only the sheet (score, goals near the path's ends, assignment
progress, bonus actions in hand). What it does not use yet is the half icons of the next face (R7).
"""

from __future__ import annotations

from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle


def honest_plan(puzzle: Puzzle, seed: int = 0) -> Plan:
    from generator.solver.beam import beam_search  # pure Python; no ortools import

    return beam_search(puzzle, width=1, seed=seed)
