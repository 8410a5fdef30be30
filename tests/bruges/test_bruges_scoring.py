"""Hand-worked final scorings (English rulebook "Game End and Final Scoring"; French variant, B1)."""

from __future__ import annotations

from generator.bruges import ReputationTrack, Variant, score_game
from generator.data.bruges import parse_game

from bruges_helpers import game, player

NO_BOARD = ReputationTrack()  # the shipped board data is still to be filled: files state points


def scored(data: dict, variant: Variant = Variant.EN, track: ReputationTrack = NO_BOARD):
    return score_game(parse_game(data, file="test.yaml", track=track), variant)


def totals(result) -> dict[str, int]:
    return {s.name: s.total for s in result.players}


TWO_PLAYERS = game(
    player(
        "Anna", scoring_track=30, houses=4,
        people=[
            {"price": 9, "group": "Noble", "house": 1},
            {"price": 6, "group": "Merchant", "house": 2, "laurel": 4},
            {"price": 12, "group": "Castle", "house": 4},
        ],
        majorities=["people", "canal"],
        canal={"left": [1, 2, 3, 4, 5], "right": [1, 2, 3]},
        statues=[7], reputation={"step": 6, "points": 5}, guilders=3, workers=1,
    ),
    player(
        "Bert", scoring_track=41, houses=2,
        people=[{"price": 3, "group": "Artist", "house": 1}],
        majorities=["reputation"], canal={"left": [1, 2]},
        reputation={"step": 7, "points": 6}, guilders=10, workers=4,
    ),
)


def test_two_players_every_category():
    """Each category of the final scoring is added to the scoring track as the rulebook lists it."""
    result = scored(TWO_PLAYERS)
    anna, bert = result.players
    # Anna: track 30; people 9/3 + 6/3 + 12/3 = 3 + 2 + 4 = 9; houses 4; laurel 4;
    # majorities 2 × 4 = 8; canal: space 3 in both sections = 2 × 3 = 6; statue 7; reputation 5
    # = 30 + 9 + 4 + 4 + 8 + 6 + 7 + 5 = 73
    assert anna.as_dict() == {
        "scoring_track": 30, "people": 9, "houses": 4, "laurel": 4,
        "majorities": 8, "canal": 6, "statues": 7, "reputation": 5,
    }
    assert anna.total == 73
    # Bert: 41 + people 3/3 = 1 + houses 2 + majority 4 + canal (spaces 1–2 only) 0 + reputation 6 = 54
    assert bert.total == 54
    assert result.winners == ("Anna",)
    assert anna.tiebreak == 3 and bert.tiebreak == 10  # English tie-break: guilders


def test_tie_broken_by_guilders():
    """Equal totals go to the player with the most guilders (English rulebook)."""
    data = game(
        # Ann: 20 + people 6/3 = 2 + houses 3 + people majority 4 + reputation 1 = 30
        player("Ann", scoring_track=20, houses=3, people=[{"price": 6, "group": "Church", "house": 1}],
               majorities=["people"], reputation={"step": 2, "points": 1}, guilders=5),
        # Ben: 21 + houses 1 + canal majority 4 + third space 3 + reputation 1 = 30
        player("Ben", scoring_track=21, houses=1, canal={"left": [1, 2, 3]}, majorities=["canal"],
               reputation={"step": 2, "points": 1}, guilders=8),
        # Cat: 25 + houses 2 + reputation 1 = 28
        player("Cat", scoring_track=25, houses=2, canal={"right": [1]},
               reputation={"step": 2, "points": 1}, guilders=2),
    )
    result = scored(data)
    assert totals(result) == {"Ann": 30, "Ben": 30, "Cat": 28}
    assert result.winners == ("Ben",)  # 8 guilders beat 5


FOUR_PLAYERS_SHARED = game(
    # Dora: 40 + people 15/3 = 5 + houses 2 + laurel 6 + people majority 4 + reputation 3 = 60
    player("Dora", scoring_track=40, houses=2,
           people=[{"price": 15, "group": "Underworld", "house": 1, "laurel": 6}],
           majorities=["people"], reputation={"step": 4, "points": 3}, guilders=6),
    # Emil: 42 + houses 1 + canal majority 4 + third space 3 + statue 7 + reputation 3 = 60
    player("Emil", scoring_track=42, houses=1, canal={"left": [1, 2, 3, 4, 5]}, statues=[7],
           majorities=["canal"], reputation={"step": 4, "points": 3}, guilders=6),
    # Fien: 50 + reputation 3 = 53
    player("Fien", scoring_track=50, reputation={"step": 4, "points": 3}, guilders=9),
    # Gust: 10 + reputation 3 = 13 (the most guilders, but guilders only break ties)
    player("Gust", scoring_track=10, reputation={"step": 4, "points": 3}, guilders=20),
)


def test_tie_that_stays_shared():
    """Equal totals and equal guilders: the tied players share the victory."""
    result = scored(FOUR_PLAYERS_SHARED)
    assert totals(result) == {"Dora": 60, "Emil": 60, "Fien": 53, "Gust": 13}
    assert result.winners == ("Dora", "Emil")


# Hanna: 26 + reputation majority 4 + reputation 4 = 34 (fr: + 2 // 3 + 3 // 3 = 0 + 1 → 35)
# Ivo:   32 + reputation 2 = 34                        (fr: + 5 // 3 + 1 // 3 = 1 + 0 → 35)
TIE_RULES_DIFFER = game(
    player("Hanna", scoring_track=26, majorities=["reputation"], reputation={"step": 5, "points": 4},
           guilders=2, workers=3),
    player("Ivo", scoring_track=32, reputation={"step": 3, "points": 2}, guilders=5, workers=1),
)


def test_french_tie_goes_to_reputation_english_to_guilders():
    """The same tie is won by the richer player in English and by the more reputed one in the fr variant."""
    english = scored(TIE_RULES_DIFFER, Variant.EN)
    french = scored(TIE_RULES_DIFFER, Variant.FR)
    assert totals(english) == {"Hanna": 34, "Ivo": 34}
    assert english.winners == ("Ivo",)
    assert totals(french) == {"Hanna": 35, "Ivo": 35}
    assert [s.tiebreak for s in french.players] == [5, 3]  # reputation steps
    assert french.winners == ("Hanna",)


def test_french_leftover_groups_count_guilders_and_workers_apart():
    """fr variant: 1 point per full group of 3 guilders plus 1 per full group of 3 workers."""
    data = game(
        player("Jo", guilders=5, workers=4),   # 5 // 3 + 4 // 3 = 1 + 1 = 2, not (5 + 4) // 3 = 3
        player("Kim", guilders=2, workers=2),  # 0 + 0 = 0, not (2 + 2) // 3 = 1
    )
    jo, kim = scored(data, Variant.FR).players
    assert jo.as_dict()["leftovers"] == 2
    assert kim.as_dict()["leftovers"] == 0
    assert "leftovers" not in scored(data, Variant.EN).players[0].as_dict()


def test_french_tie_on_reputation_stays_shared():
    """fr variant: equal totals and equal reputation steps share the victory, whatever the guilders."""
    result = scored(FOUR_PLAYERS_SHARED, Variant.FR)
    # leftovers: Dora 6 // 3 = 2 → 62; Emil 6 // 3 = 2 → 62; Fien 9 // 3 = 3 → 56; Gust 20 // 3 = 6 → 19
    assert totals(result) == {"Dora": 62, "Emil": 62, "Fien": 56, "Gust": 19}
    assert result.winners == ("Dora", "Emil")


def test_reputation_points_come_from_the_board_data():
    """A step listed in the reputation track data scores its points without the file stating them."""
    track = ReputationTrack(points={0: 0, 3: 2, 6: 5, 7: 6})
    data = game(
        player("Anna", reputation={"step": 7}, majorities=["reputation"]),
        player("Bert", reputation={"step": 3}),
    )
    anna, bert = scored(data, track=track).players
    assert anna.as_dict()["reputation"] == 6
    assert bert.as_dict()["reputation"] == 2


def test_canal_scores_only_the_third_space():
    """Spaces 1–2 score nothing at the end; space 3 scores 3 per section, spaces 4–5 add nothing."""
    data = game(
        player("A", canal={"left": [1, 2]}),
        player("B", canal={"left": [1, 2, 3, 4], "right": [1, 2]}, majorities=["canal"]),
    )
    a, b = scored(data).players
    assert a.as_dict()["canal"] == 0
    assert b.as_dict()["canal"] == 3
