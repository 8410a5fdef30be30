"""The board game Bruges: its final state, the rules that state must obey, its final scoring.

Standard library only. The English rulebook (seed 002_…) is canonical; the French summary's
scoring differences are `Variant.FR` (ruling B1). Load a game file with generator.data.bruges.
"""

from generator.bruges.errors import IllegalGameError
from generator.bruges.model import (
    Canal,
    Game,
    Person,
    Player,
    Reputation,
    ReputationTrack,
    Variant,
)
from generator.bruges.scoring import GameScore, PlayerScore, score_game, score_player
from generator.bruges.validate import check_game

__all__ = [
    "Canal", "Game", "GameScore", "IllegalGameError", "Person", "Player", "PlayerScore",
    "Reputation", "ReputationTrack", "Variant", "check_game", "score_game", "score_player",
]
