"""The Citytrip rules engine: standard library only, the single source of truth.

Everything else (loaders, solver, renderers, puzzle generator) builds on these objects; the
solver's plans are replayed here and their scores must match.
"""

from generator.rules.cards import PAIRS, TRIPLES, ActionBox, ActionCard, ActionType, DeckCard, OpenFaces
from generator.rules.city import ADVANCED, BASIC, City, Location
from generator.rules.sheet import Breakdown, Sheet
from generator.rules.grid import Coord, Grid
from generator.rules.moves import legal_turns
from generator.rules.notation import format_plan, parse_plan
from generator.rules.plan import BonusUse, GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import Report, replay

__all__ = [
    "ADVANCED", "BASIC", "PAIRS", "TRIPLES", "ActionBox", "ActionCard", "ActionType", "BonusUse",
    "Breakdown", "City", "Coord", "DeckCard", "Sheet", "GoalClaim", "Grid", "Location", "OpenFaces",
    "Plan", "Puzzle", "Report", "Turn", "format_plan", "legal_turns", "parse_plan", "replay",
]
