"""R4–R17 on the tiny test city: each ruling with a legal and an illegal case."""

import pytest

from tiny import make_puzzle, play, rules_broken, turn
from generator.errors import IllegalMoveError
from generator.rules.assignments import Assignment
from generator.rules.sheet import Sheet
from generator.rules.grid import Coord

PLAN_PLAN = (["plan 3", "plan 3", "photo 1"], ["eat 1", "souvenir 1", "visit 1"])
EATING = (["plan 3", "eat 2", "eat 1"], ["plan 2", "eat 1", "photo 1"])


# --- R4 path -----------------------------------------------------------------------------------


def test_path_may_not_touch_itself():
    """R4: entering a node already on the path (here the start) is illegal; a fresh node is legal."""
    game = play(make_puzzle(), "L1 L2 a:A2,B2")
    assert "R4" in rules_broken(game, "L1 L2 a:B1,A1")
    assert rules_broken(game, "L1 L2 a:B1,C1") == set()


def test_diagonal_steps_may_not_cross():
    """R4: A2→B1 and A1→B2 are the two diagonals of one unit square: the second is refused."""
    game = play(make_puzzle(directions=2), "L1 L2 a:A2,B1")
    assert rules_broken(game, "L1 L2 b:B2") == {"R4"}
    assert rules_broken(game, "L1 L2 a:C2") == set()  # B1→C2 crosses nothing


# --- R5 plan actions ----------------------------------------------------------------------------


def test_plan_value_bounds_the_steps_and_two_plan_boxes_add_up():
    """R5: plan 3 + plan 3 allow six steps; a seventh is illegal; fewer is fine."""
    puzzle = make_puzzle([PLAN_PLAN])
    game = Sheet(puzzle)
    assert game.check(turn("L1 L2 a:B1,C1,D1,E1,F1,G1")) == []
    assert rules_broken(game, "L1 L2 a:B1,C1,D1,E1,F1,G1,G2") == {"R5"}
    assert game.check(turn("L1 L2 a:B1")) == []


def test_a_step_must_go_to_a_neighbouring_node():
    """R2/R3: a jump, a step into water and a step off the map are refused with their ruling."""
    game = Sheet(make_puzzle())
    assert rules_broken(game, "L1 L2 a:C1") == {"R2"}
    game = play(make_puzzle(), "L1 L2 a:A2")
    assert rules_broken(game, "L1 L2 a:A3") == {"R3"}


def test_bridge_crosses_the_canal():
    """R3: the path reaches the south bank over the bridge D3."""
    game = play(make_puzzle(), "L1 L2 a:B2,C2,D3", "L1 L2 a:D4")
    assert game.head(0) == Coord.parse("D4")


# --- R6 two directions --------------------------------------------------------------------------


def test_second_direction_only_when_allowed():
    """R6: end b may leave the start only in a two-direction game; the steps of both ends add up."""
    assert rules_broken(Sheet(make_puzzle(directions=1)), "L1 L2 b:A2") == {"R6"}
    game = Sheet(make_puzzle([PLAN_PLAN], directions=2))
    assert game.check(turn("L1 L2 a:B1,C1,D1 b:A2,B2,C2")) == []
    assert rules_broken(game, "L1 L2 a:B1,C1,D1,E1 b:A2,B2,C2") == {"R5"}


# --- R7 deck ------------------------------------------------------------------------------------


def test_the_game_has_exactly_the_turns_of_the_deck():
    """R7: 16 cards give 15 turns; a 16th turn is refused."""
    puzzle = make_puzzle()
    assert len(puzzle.turns) == 15
    game = play(puzzle, *["L1 L2"] * 15)
    assert game.over and rules_broken(game, "L1 L2") == {"R7"}


# --- R8 box choice ------------------------------------------------------------------------------


@pytest.mark.parametrize("boxes", ["L1 L2", "L2 L3", "R1 R2", "R2 R3", "L1 R1", "L2 R2", "L3 R3"])
def test_seven_side_sharing_pairs_are_legal(boxes):
    """R8: the 7 pairs of boxes that share a side."""
    assert Sheet(make_puzzle()).check(turn(boxes)) == []


@pytest.mark.parametrize("boxes", ["L1 R2", "L1 L3", "L1 R3", "L3 R1", "L1 L2 R3 R2", "L1", "L1 L1"])
def test_other_box_choices_are_illegal(boxes):
    """R8: boxes that do not share a side, a single box, four boxes or one box twice."""
    assert "R8" in rules_broken(Sheet(make_puzzle()), boxes)


def test_hunted_triple_crosses_the_hunted_strip():
    """R8/R16: a connected third box is allowed and costs the next hunted penalty."""
    game = play(make_puzzle(), "L1 L2 R2 a:B1 @B1")
    assert game.hunted == 1 and game.score().hunted == -2
    assert rules_broken(game, "L1 L2 R3") == {"R8"}  # R3 touches neither L1 nor L2


# --- R9 bonus actions ---------------------------------------------------------------------------

STATUE_RUN = ["L1 L2 a:B2,C2,D3 @D3", "L1 L2 a:C4,B5,A6 @A6"]


def test_bonus_earned_on_the_third_goal_of_a_strip_can_be_used_later():
    """R9: start + bridge-statue combo + Statue Two = 3rd statue, earning the printed bonus 2."""
    game = play(make_puzzle(mode="advanced"), *STATUE_RUN)
    assert game.tally.crossings["statue"] == 3 and game.bonus_pool[2] == 1
    assert rules_broken(game, "L1 L2 a:A5,A4 @A4") == {"R11"}  # no eat chosen, no bonus used
    game.play(turn("L1 R1 a:A5,A4,B4 @A4 +2eat"))
    assert game.bonus_pool[2] == 0


def test_bonus_actions_are_checked():
    """R9: not in the basic game, not before being earned, at most 2 a turn, only on a chosen type."""
    assert rules_broken(Sheet(make_puzzle(mode="basic")), "L1 L2 a:B1 +1plan") == {"R9"}
    assert rules_broken(Sheet(make_puzzle(mode="advanced")), "L1 L2 a:B1 +1plan") == {"R9"}
    game = play(make_puzzle(mode="advanced"), *STATUE_RUN)
    assert rules_broken(game, "L1 L2 a:A5 +2eat") == {"R9"}  # eat was not chosen this turn
    assert rules_broken(game, "L1 L2 a:A5 +2plan +2plan +2plan") == {"R9"}


def test_bonus_earned_mid_turn_pays_for_later_goals_of_that_turn():
    """R9, R9b: the 3rd eatery kind earns bonus 2, which pays the restaurant later in the same
    turn, however the goals are listed: the referee finds the order (eatery, bonus, restaurant)."""
    one_eat = (["plan 3", "eat 1", "photo 1"], ["eat 1", "eat 1", "eat 1"])
    puzzle = make_puzzle([EATING, EATING, EATING, one_eat], mode="advanced")
    game = play(puzzle, "L1 L2 a:B1,C1,D1", "L1 L2 a:E1,F1 @E1 @F1", "L1 L2 a:E2,D3,C4")
    assert game.check(turn("L1 L2 a:B4,A4 @A4 @B4 +2eat")) == []
    assert game.check(turn("L1 L2 a:B4,A4 @B4 @A4 +2eat")) == []


# --- R10 touching goals -------------------------------------------------------------------------


def test_goal_at_the_end_of_the_path_without_walking():
    """R10: the end of the path at the start of a turn is touched even without a plan action."""
    game = play(make_puzzle(), "L1 L2 a:B1")
    assert game.check(turn("R1 R2 @B1")) == []


def test_goal_must_be_touched_this_turn():
    """R10: a goal neither at an end nor entered this turn is out of reach; one passed earlier too."""
    game = play(make_puzzle(), "L1 L2 a:B1,C1")
    assert rules_broken(game, "R1 R2 @B1") == {"R10"}  # passed last turn, not achieved then
    assert rules_broken(game, "R1 R2 @E4") == {"R10"}


def test_goal_is_achieved_at_most_once():
    """R10/R12: neither a location achieved earlier nor the start can be achieved again."""
    game = play(make_puzzle(), "R2 R3 a:B1 @B1")
    assert rules_broken(game, "R1 R2 @B1") == {"R10"}
    assert rules_broken(Sheet(make_puzzle(directions=2)), "L1 L2 @A1") == {"R10"}


def test_white_dot_has_no_goal():
    """R10: a white dot offers nothing to achieve."""
    assert rules_broken(play(make_puzzle(), "L1 L2 a:A2"), "L1 L2 @A2") == {"R10"}


# --- R11 costs ----------------------------------------------------------------------------------


def test_goal_needs_all_its_actions_in_one_turn():
    """R11: a historical building costs 2 photos; photo 2 pays it, photo 1 does not."""
    game = play(make_puzzle(), "L1 L2 a:B1,C1")
    assert game.check(turn("L1 L2 @C1")) == []  # L2 = photo 2
    one_photo = make_puzzle([PLAN_PLAN, (["photo 1", "plan 1", "plan 1"], ["eat 1", "eat 1", "eat 1"])])
    game = play(one_photo, "L1 L2 a:B1,C1")
    assert rules_broken(game, "L1 L2 @C1") == {"R11"}


def test_advanced_legend_costs_one_more_for_museums_and_events():
    """R11: a museum costs 1 visit in the basic game and 2 in the advanced game."""
    faces = [PLAN_PLAN, (["visit 1", "plan 1", "plan 1"], ["eat 1", "eat 1", "eat 1"])]
    assert play(make_puzzle(faces, mode="basic"), "L1 L2 a:B1,C1,D1").check(turn("L1 L2 @D1")) == []
    assert rules_broken(play(make_puzzle(faces, mode="advanced"), "L1 L2 a:B1,C1,D1"), "L1 L2 @D1") == {"R11"}


# --- R12 start ----------------------------------------------------------------------------------


def test_start_location_crosses_the_first_number():
    """R12: at setup the start's strip has its first number crossed."""
    game = Sheet(make_puzzle(start=1))
    assert game.tally.crossings["statue"] == 1 and game.strip_scores()["statue"] == 0
    assert Sheet(make_puzzle(start=2)).tally.crossings["museum"] == 1


# --- R13 eating ---------------------------------------------------------------------------------


def test_geert_eats_aperitif_fast_food_ice_cream_then_restaurant_for_20():
    """R13, rulebook example: -10, 0 and 5 crossed leave 10; the restaurant doubles it to 20."""
    puzzle = make_puzzle([EATING] * 6)
    game = play(
        puzzle,
        "L1 L2 a:B1,C1,D1",
        "L1 L2 a:E1,F1 @E1 @F1",
        "L1 L2 a:E2,D3,C4 @C4",  # a second aperitif: circled, but crosses nothing
        "L1 L2 a:B4 @B4",
    )
    assert game.tally.crossings["eat"] == 2 and game.tally.restaurant
    game.play(turn("L1 L2 a:A4 @A4"))
    assert game.tally.crossings["eat"] == 3
    assert game.strip_scores()["eat"] == 20


def test_without_eating_the_eat_strip_scores_its_first_number():
    """R13/R15: no eatery at all scores -10 (not doubled into anything else)."""
    assert Sheet(make_puzzle()).strip_scores()["eat"] == -10


# --- R14 special locations ----------------------------------------------------------------------


def test_choice_location_achieves_exactly_the_named_goal():
    """R14: in the advanced game Old Hall offers historic or event; the player names one."""
    faces = [PLAN_PLAN, (["visit 3", "plan 1", "photo 2"], ["eat 1", "eat 1", "eat 1"])]
    game = play(make_puzzle(faces, mode="advanced"), "L1 L2 a:B1,C1")
    assert rules_broken(game, "L1 L2 @C1") == {"R14"}
    assert rules_broken(game, "L1 L2 @C1=eat") == {"R14"}
    game.play(turn("L1 L2 @C1=event"))
    assert game.tally.crossings["event"] == 1 and game.tally.crossings["historic"] == 0


def test_special_locations_count_as_their_first_goal_in_the_basic_game():
    """R14: on the basic sheet Old Hall is a historical building and the bridge only a bridge."""
    game = play(make_puzzle(mode="basic"), "L1 L2 a:B1,C1 @C1")
    assert game.tally.crossings["historic"] == 1
    assert rules_broken(play(make_puzzle(), "L1 L2 a:B1,C1"), "L1 L2 @C1=event") == {"R14"}
    game = play(make_puzzle(mode="basic"), "L1 L2 a:B2,C2,D3 @D3")
    assert game.tally.crossings["bridge"] == 1 and game.tally.crossings["statue"] == 1  # start only


def test_combo_crosses_a_bridge_and_a_statue_for_one_photo():
    """R14: the advanced combo location crosses both strips for one photo action."""
    game = play(make_puzzle(mode="advanced"), "L1 L2 a:B2,C2,D3 @D3")
    assert game.tally.crossings["bridge"] == 1 and game.tally.crossings["statue"] == 2


# --- R15–R17 scoring ----------------------------------------------------------------------------


def test_strip_scores_lowest_uncrossed_and_saturates():
    """R15: k goals score numbers[k]; past the end the last number stays."""
    strip = Sheet(make_puzzle()).city.rules.strips["statue"]
    assert [strip.score(k) for k in range(7)] == [-5, 0, 3, 6, 10, 10, 10]


def test_hunted_strip_penalises_and_runs_out():
    """R16: hunted actions cost 0, -2, -5, -9 in turn; no box is left after three."""
    game = play(make_puzzle(), "L1 L2 R2", "L1 L2 R2", "L1 L2 R2")
    assert game.score().hunted == -9
    assert rules_broken(game, "L1 L2 R2") == {"R16"}


@pytest.mark.parametrize("lang,expected", [
    ("en", ["a rush turn takes three connected boxes, not L1 L2 R3", "all 3 rush actions are used",
            "a turn takes 2 boxes (3 for a rush turn), not 1"]),
    ("nl", ["een haastbeurt neemt drie verbonden vakjes, niet L1 L2 R3", "alle 3 haastacties zijn gebruikt",
            "een beurt neemt 2 vakjes (3 bij een haastbeurt), niet 1"]),
    ("fr", ["un tour express prend trois cases reliées, pas L1 L2 R3",
            "les 3\u00a0actions express sont toutes utilisées", "un tour prend 2 cases (3 pour un tour express), pas 1"]),
])
def test_hunt_messages_speak_the_citys_words(lang, expected):
    """R8/R16: the engine's reasons name the hunt as the city's sheet does, in the player's
    language: the tiny city with Antwerpen's words says 'rush turn', never 'hunted'."""
    import dataclasses

    from generator.data.cities import load_city
    from generator.language import speaking

    antwerpen = load_city("antwerpen")
    puzzle = make_puzzle()
    city = dataclasses.replace(puzzle.city, words=antwerpen.words, words_by_language=antwerpen.words_by_language)
    puzzle = dataclasses.replace(puzzle, city=city)
    spent = play(puzzle, "L1 L2 R2", "L1 L2 R2", "L1 L2 R2")
    with speaking(lang):
        messages = [v.message for v in Sheet(puzzle).check(turn("L1 L2 R3"))]
        messages += [v.message for v in spent.check(turn("L1 L2 R2"))]
        messages += [v.message for v in Sheet(puzzle).check(turn("L1"))]
    assert messages == expected
    assert not any("hunted" in m or "opgejaagd" in m or "pressé" in m for m in messages)


def test_appreciation_adds_strips_assignments_and_hunted():
    """R17: the total is the sum of every strip, the assignment bonuses and the hunted penalty."""
    game = play(make_puzzle(assignments=["2.01"]), "L1 L2 R2 a:B1,C1 @B1")
    breakdown = game.score()
    assert breakdown.total == sum(breakdown.strips.values()) + sum(breakdown.assignments.values()) + breakdown.hunted
    # statue 0, souvenir 0, museum -5, eat -10, others -5 each: 0+0-5-10-5*4 = -35; hunted -2.
    assert breakdown.total == -35 - 2


def test_lies_two_sets_of_museum_and_event_give_10():
    """Assignment type 2, rulebook example: 5 museums and 2 events make 2 sets of 5 points."""
    sets = Assignment("2.01", 2, (5,), categories=("museum", "event"))
    assert sets.solo_points({"museum": 5, "event": 2}, set()) == 10
    assert sets.solo_points({"museum": 5, "event": 7}, set()) == 15  # at most 3 sets


def test_illegal_turn_leaves_the_state_unchanged():
    """play() applies nothing when it raises: a failed turn can be corrected and retried."""
    game = play(make_puzzle(), "L1 L2 a:A2")
    before = (list(game.paths[0]), game.turn, dict(game.tally.crossings))
    with pytest.raises(IllegalMoveError) as caught:
        game.play(turn("L1 L2 a:B2,A3"))
    assert [v.rule for v in caught.value.violations] == ["R3"]
    assert (list(game.paths[0]), game.turn, dict(game.tally.crossings)) == before


def test_a_step_onto_nothing_or_off_the_grid_is_refused():
    """R1: '#' cells and points beyond the grid are not nodes; the path stays on nodes."""
    game = play(make_puzzle(start=2), "L1 L2 a:E6,F6")
    assert rules_broken(game, "L1 L2 a:G6") == {"R1"}
    assert "R1" in rules_broken(play(make_puzzle(), "L1 L2 a:B1,C1,D1", "L1 L2 a:E1,F1,G1"), "L1 L2 a:H1")
