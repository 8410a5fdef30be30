"""The final scoring and tie-break of Bruges ("Game End and Final Scoring", seed 002_…).

`score_game` trusts its input: call `check_game` first (the loader does). The French summary's
differences (seed 003_…, ruling B1) are the variant `Variant.FR`, off by default.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.bruges.model import THIRD_SPACE, Game, Player, ReputationTrack, Variant

MAJORITY_POINTS = 4     # "4 points for each Majority marker flipped to its colored side"
THIRD_SPACE_POINTS = 3  # "3 points for each Canal token built on the 3rd space of a section"
LEFTOVER_GROUP = 3      # French summary: "chaque groupe restant de 3 florins ou de 3 ouvriers"

# The categories in the order of the rulebook's final scoring, after the points already on the
# scoring track; `leftovers` exists only in the French variant.
CATEGORIES = (
    "scoring_track", "people", "houses", "laurel", "majorities", "canal", "statues", "reputation",
)
FR_CATEGORIES = CATEGORIES + ("leftovers",)
LABELS = {
    "scoring_track": "scoring track (during the game)",
    "people": "people (a third of the price)",
    "houses": "houses (1 each)",
    "laurel": "laurel benefits",
    "majorities": "majority markers (4 each)",
    "canal": "canal third spaces (3 each)",
    "statues": "statues",
    "reputation": "reputation",
    "leftovers": "3 guilders / 3 workers left (fr)",
}
TIEBREAK_LABELS = {Variant.EN: "guilders", Variant.FR: "reputation step"}


@dataclass(frozen=True)
class PlayerScore:
    """One player's points per category (in CATEGORIES order), total and tie-break value."""

    name: str
    points: tuple[tuple[str, int], ...]
    tiebreak: int

    @property
    def total(self) -> int:
        return sum(n for _, n in self.points)

    def as_dict(self) -> dict[str, int]:
        return dict(self.points)


@dataclass(frozen=True)
class GameScore:
    """The whole table's final scoring: one PlayerScore per player, in seat order, and the winners."""

    variant: Variant
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]


def score_player(player: Player, track: ReputationTrack, variant: Variant = Variant.EN) -> PlayerScore:
    """Points per category of one player's final state."""
    points = {
        "scoring_track": player.scoring_track,
        "people": sum(person.value for person in player.people),
        "houses": player.houses,
        "laurel": sum(person.laurel or 0 for person in player.people),
        "majorities": MAJORITY_POINTS * len(player.majorities),
        "canal": THIRD_SPACE_POINTS * sum(
            1 for spaces in player.canal.sections().values() if THIRD_SPACE in spaces
        ),
        "statues": sum(player.statues),
        "reputation": reputation_points(player, track),
    }
    if variant is Variant.FR:
        # Groups of 3 guilders and groups of 3 workers count separately: 5 guilders and 4 workers
        # make 1 + 1, not (5 + 4) // 3.
        points["leftovers"] = player.guilders // LEFTOVER_GROUP + player.workers // LEFTOVER_GROUP
        tiebreak = player.reputation.step  # "celui qui est le plus avancé sur la piste de réputation"
    else:
        tiebreak = player.guilders  # "Ties are broken in favor of the most guilders"
    return PlayerScore(player.name, tuple(points.items()), tiebreak)


def reputation_points(player: Player, track: ReputationTrack) -> int:
    """The points on the step the pawn reached: the board data, else the game file's number."""
    known = track.points.get(player.reputation.step)
    if known is not None:
        return known
    if player.reputation.points is None:  # check_game rules this out
        raise ValueError(f"no reputation points for step {player.reputation.step}; call check_game first")
    return player.reputation.points


def score_game(game: Game, variant: Variant = Variant.EN) -> GameScore:
    """Score every player and find the winner(s): most points, then the variant's tie-break;
    players still tied share the victory."""
    scores = tuple(score_player(player, game.track, variant) for player in game.players)
    best = max(score.total for score in scores)
    leaders = [score for score in scores if score.total == best]
    top = max(score.tiebreak for score in leaders)
    winners = tuple(score.name for score in leaders if score.tiebreak == top)
    return GameScore(variant, scores, winners)
