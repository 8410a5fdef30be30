"""The game played by taps (generator/browser/game.py): every tap judged by the engine.

What the page's script calls, tested here without a browser: a plan written tap by tap scores what
the engine's replay gives, an illegal tap is refused with the engine's reason and changes nothing,
undo and shared plans work, and the end of the game gives the medal and a spoiler-free share text.
"""

import datetime as dt
import itertools
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from generator.browser.game import Game, medal
from generator.browser.puzzle_json import puzzle_to_json
from generator.daily.deal import deal
from generator.daily.mini import deal_mini
from generator.data.cities import load_city
from generator.data.puzzles import load_plan, load_puzzle
from generator.players.honest import honest_plan
from generator.rules.notation import format_plan
from generator.rules.replay import replay
from deals import dealt_puzzle
from generator.rules.city import ADVANCED
from generator.rules.moves import legal_turns
from generator.rules.sheet import Sheet
from taps import apply, judged, new_game, plan_taps
from tests.web.paper_order import tapped_as_written, write_turn
from tiny import TINY
from tests.web.days import MONDAY, SATURDAY


def tap(game, method, *args):
    view = json.loads(getattr(game, method)(*args))
    assert view["message"] is None, (method, args, view["message"])
    return view


def play_by_taps(game, plan):
    """The plan tapped in as a player taps it (tests/support/taps.py): the last view."""
    view = None
    for taps in plan_taps(game.puzzle, plan):
        for one, must_be_taken in judged(taps):
            view = apply(game, one)
            assert view["message"] is None or not must_be_taken, (one, view["message"])
    return view


PUZZLES = {
    "brugge-monday": lambda: deal(load_city("brugge"), MONDAY),
    "antwerpen-saturday": lambda: deal(load_city("antwerpen"), SATURDAY),
    "brugge-mini": lambda: deal_mini(load_city("brugge"), MONDAY),
}


@pytest.mark.parametrize("name", PUZZLES)
def test_a_plan_tapped_in_scores_as_the_engine_replays_it(name):
    puzzle = PUZZLES[name]()
    plan = honest_plan(puzzle, 3)
    report = replay(puzzle, plan)
    assert report.valid
    view = play_by_taps(new_game(puzzle), plan)
    assert view["over"] and view["score"] == report.breakdown.as_dict()
    assert view["notation"] == format_plan(plan)


MID_WALK = Path(__file__).parents[1] / "data" / "repro" / "bonus-mid-walk"


def test_a_step_the_actions_do_not_pay_yet_is_kept_unpaid_until_the_bonus_that_pays_it():
    """The search's plan for Antwerpen's Friday 2026-12-04 (first deal): turn 9 walks five steps on
    three walk actions and a bonus 2-walk earned at L11, the first step of the other end. Tapped
    end by end, the fourth step of the first end is kept, drawn unpaid, and the count says so;
    with L11 ticked the bonus is offered, and once used the turn is complete and Next plays it."""
    puzzle = load_puzzle(MID_WALK / "antwerpen-puzzle.yaml")
    plan = load_plan(MID_WALK / "antwerpen-answer.yaml")
    report = replay(puzzle, plan)
    assert report.valid
    game = new_game(puzzle)
    play_by_taps(game, replace(plan, turns=plan.turns[:8]))
    nine = plan.turns[8]
    for box in nine.boxes:
        tap(game, "tap_box", box)
    tap(game, "select_end", 0)
    for at in nine.moves[0][:3]:
        tap(game, "tap_node", str(at))
    view = tap(game, "tap_node", str(nine.moves[0][3]))
    assert view["unpaid_steps"] == [1, 0] and not view["complete"]
    plan_line = next(line for line in view["count"] if line["action"] == "plan")
    assert plan_line["short"] and plan_line["text"].endswith("for 4 steps: 1 missing"), plan_line
    assert "not paid for" in json.loads(game.next_turn())["message"]
    tap(game, "undo")
    view = play_by_taps(new_game(puzzle), plan)
    assert view["over"] and view["score"] == report.breakdown.as_dict()


PAPER = Path(__file__).parents[2] / "benchmarks" / "dailies"
ADVANCED_DAYS = sorted(path for path in PAPER.glob("citytrip-*-answer.yaml")
                       if dt.date.fromisoformat(path.name[-22:-12]).weekday() >= 4)


@pytest.mark.parametrize("reverse", [False, True], ids=["goals-as-listed", "goals-reversed"])
@pytest.mark.parametrize("answer", ADVANCED_DAYS, ids=lambda path: path.name[9:-12])
def test_an_advanced_answer_key_tapped_as_the_paper_writes_it_is_played(answer, reverse):
    """Every turn of the pinned advanced dailies' answer keys (benchmarks/dailies: Friday to Sunday
    of both cities), tapped as the paper writes it: boxes, end a's walk, end b's walk, the goals
    as listed (or reversed), the bonus uses last, Next. No tap is refused and Next plays the turn
    (R9b: the page finds the order, as the engine does)."""
    puzzle = load_puzzle(answer.with_name(answer.name.replace("-answer", "-puzzle")))
    plan = load_plan(answer)
    outcomes = tapped_as_written(puzzle, plan, reverse_goals=reverse)
    assert len(outcomes) == len(plan.turns) and all(o.engine_legal for o in outcomes)
    assert [o.describe() for o in outcomes if not o.agrees] == []


CIRCULAR = Path(__file__).parents[1] / "data" / "repro" / "circular-plan-bonus"


def test_a_turn_whose_bonus_pays_for_its_own_earner_is_refused_at_next_not_before():
    """Brugge 2026-12-12's old answer key, turn 13: the 2-plan bonus earned at H9 would pay for the
    step onto H9 (R9b forbids it). Every tap in paper order is taken (each could still be part of
    a legal turn), and Next refuses the turn with the engine's one sentence, playing nothing."""
    puzzle = load_puzzle(CIRCULAR / "puzzle.yaml")
    plan = load_plan(CIRCULAR / "answer.yaml")
    game = new_game(puzzle)
    tap(game, "load_plan", format_plan(replace(plan, turns=plan.turns[:12])))
    outcome = write_turn(game, plan.turns[12])
    assert not outcome.engine_legal and outcome.refused_tap is None and not outcome.played
    assert outcome.message == game.sheet.check(plan.turns[12])[0].message[:1].upper() + game.sheet.check(plan.turns[12])[0].message[1:]
    assert "H9" in outcome.message and game.sheet.turn == 12


def _random_legal_turns(seed: int):
    """(puzzle, sheet, turns played, turn) of a random game on the tiny city: each turn drawn from
    the move generator's legal turns (up to 2 steps, the first 1500 it lists), one using a bonus
    action whenever there is one, else one ticking the most goals (bonuses come with goals)."""
    rng = random.Random(seed)
    puzzle = dealt_puzzle(str(TINY), seed)
    sheet = Sheet(puzzle)
    played: list = []
    while not sheet.over:
        turns = list(itertools.islice(legal_turns(sheet, max_steps=2), 1500))
        most = max(len(turn.goals) for turn in turns)
        turn = rng.choice([turn for turn in turns if turn.bonus] or [turn for turn in turns if len(turn.goals) == most])
        yield puzzle, sheet.copy(), tuple(played), turn
        sheet.play(turn)
        played.append(turn)


@pytest.mark.slow  # about a minute: the move generator lists every legal turn of each position
def test_random_legal_advanced_turns_of_the_tiny_city_are_played_in_paper_order():
    """Random legal advanced turns of the move generator (tiny city), tapped in paper order and
    with the goals reversed: no tap refused, Next plays each; among them turns using a bonus
    action earned by a goal of the same turn."""
    tried = with_bonus = earned_now = 0
    for seed in range(16):
        for puzzle, sheet, played, turn in _random_legal_turns(seed):
            if puzzle.mode != ADVANCED:
                break
            for reverse in (False, True):
                game = new_game(puzzle)
                game._replay(list(played))
                outcome = write_turn(game, turn, reverse_goals=reverse)
                assert outcome.engine_legal and outcome.agrees, (seed, turn, outcome.describe())
            tried += 1
            with_bonus += bool(turn.bonus)
            earned_now += any(sheet.bonus_pool[use.value] < sum(u.value == use.value for u in turn.bonus)
                              for use in turn.bonus)
    assert tried > 100 and with_bonus >= 3 and earned_now >= 3, (tried, with_bonus, earned_now)


def test_an_illegal_tap_is_refused_with_the_engines_reason_and_changes_nothing():
    puzzle = deal(load_city("brugge"), MONDAY)
    game = new_game(puzzle)
    before = json.loads(game.view())
    assert "Choose two boxes first" in json.loads(game.tap_node("A1"))["message"]
    tap(game, "tap_box", "L1")
    refused = json.loads(game.tap_box("R3"))  # L1 and R3 share no side, and no third box joins them
    # named as the buttons show them: action and number (the buttons carry no L1…R3)
    l1, r3 = puzzle.turns[0].box("L1"), puzzle.turns[0].box("R3")
    assert refused["message"] == f"The boxes {l1.type.value} {l1.value} and {r3.type.value} {r3.value} do not share a side"
    assert refused["boxes"] == ["L1"]
    tap(game, "tap_box", "L2")
    far = next(node for node in puzzle.city.grid.nodes() if max(abs(node.col - puzzle.start.col), abs(node.row - puzzle.start.row)) == 3)
    refused = json.loads(game.tap_node(str(far)))
    assert refused["message"] == f"Step {puzzle.start}→{far}: {far} is not a neighbour of {puzzle.start}"
    assert refused["draft_path"] == [[], []] and refused["path"] == before["path"]


def test_a_hunted_triple_may_be_tapped_ends_first():
    """L3 and R2 do not touch, but with R3 they are a hunted triple: the pair waits for it."""
    game = new_game(deal(load_city("brugge"), MONDAY))
    tap(game, "tap_box", "L3")
    waiting = json.loads(game.tap_box("R2"))
    assert "add the box between them" in waiting["message"] and not waiting["ready"]
    view = tap(game, "tap_box", "R3")
    assert view["boxes"] == ["L3", "R2", "R3"] and view["ready"]


def test_undo_takes_back_a_tap_then_reopens_the_last_turn():
    puzzle = deal(load_city("brugge"), MONDAY)
    plan = honest_plan(puzzle)
    game = new_game(puzzle)
    play_by_taps(game, type(plan)(plan.turns[:2]))
    view = tap(game, "undo")  # reopens turn 2 with all its taps
    assert view["turn"] == 2 and view["boxes"] == list(plan.turns[1].boxes)
    steps = len(plan.turns[1].moves[0]) + len(plan.turns[1].moves[1]) + len(plan.turns[1].goals)
    for _ in range(steps):
        view = tap(game, "undo")
    assert view["draft_path"] == [[], []] and view["ticked"] == []
    assert json.loads(game.restart())["path"] == [[], []]


def test_a_shared_plan_replays_as_far_as_it_is_legal():
    puzzle = deal(load_city("antwerpen"), MONDAY)
    plan = honest_plan(puzzle)
    game = new_game(puzzle)
    view = json.loads(game.load_plan(format_plan(plan)))
    assert view["message"] is None and view["over"]
    assert view["score"]["total"] == replay(puzzle, plan).score
    broken = format_plan(plan).replace("1. ", "1. L1 R3 ", 1)
    view = json.loads(game.load_plan(broken))
    assert view["message"].startswith("Turn 1 of this shared play is not allowed:") and view["turn"] == 1
    view = json.loads(game.load_plan("1. L1 L2\n2. nonsense"))
    assert view["message"].startswith("This shared play cannot be read: line 2")
    assert view["path"] == [[], []] and view["notation"] == ""


def test_medals_follow_target_and_par():
    assert medal(90, 80, 100, won=True) == "silver"  # half way exactly
    assert medal(89, 80, 100, won=True) == "bronze"
    assert medal(100, 80, 100, won=True) == "gold"
    assert medal(120, 80, 100, won=True) == "gold"
    assert medal(79, 80, 100, won=False) is None
    assert medal(100, 80, 100, won=False) is None  # an assignment left undone: no medal
    assert medal(11, 11, 11, won=True) == "gold"  # a mini: target = par = the proven maximum


def test_the_share_text_gives_no_route_away():
    puzzle = deal(load_city("brugge"), MONDAY)
    plan = honest_plan(puzzle)
    score = replay(puzzle, plan).score
    puzzle = replace(puzzle, target=score - 10)
    game = new_game(puzzle, par=score)
    view = json.loads(game.load_plan(format_plan(plan)))
    share = view["share"]
    assert view["medal"] == "gold" and share.splitlines()[0] == "Citytrip test puzzle"
    assert str(view["score"]["total"]) in share and len(share.splitlines()[2]) == len(puzzle.turns)
    nodes = {str(at) for end in plan.turns for part in end.moves for at in part}
    assert not any(node in share for node in nodes)


@pytest.mark.parametrize("lang, box, step", [
    ("nl", "De vakjes {l1} en {r3} delen geen zijde", "Stap {at}→{far}: {far} grenst niet aan {at}"),
    ("fr", "Les cases {l1} et {r3} ne partagent pas de côté", "Pas {at}→{far}\u00a0: {far} n’est pas voisin de {at}"),
])
def test_the_engines_reasons_speak_the_pages_language(lang: str, box: str, step: str) -> None:
    """The engine judges every tap in the browser; its reason for refusing one is in the page's
    language, not only the Game's own lines."""
    puzzle = deal(load_city("brugge"), MONDAY)
    page = {"title": "Citytrip test puzzle", "par": 100, "code": "CT2/TEST"}
    game = Game.from_json(json.dumps({"puzzle": puzzle_to_json(puzzle), "page": page}), lang)
    tap(game, "tap_box", "L1")
    words = {"nl": {"plan": "wandelen", "souvenir": "souvenirs kopen", "photo": "foto’s nemen", "visit": "bezoeken", "eat": "eten"},
             "fr": {"plan": "marcher", "souvenir": "acheter des souvenirs", "photo": "prendre des photos", "visit": "visiter",
                    "eat": "manger"}}[lang]
    l1, r3 = (puzzle.turns[0].box(name) for name in ("L1", "R3"))
    assert json.loads(game.tap_box("R3"))["message"] == box.format(
        l1=f"{words[l1.type.value]} {l1.value}", r3=f"{words[r3.type.value]} {r3.value}")
    tap(game, "tap_box", "L2")
    far = next(node for node in puzzle.city.grid.nodes() if max(abs(node.col - puzzle.start.col), abs(node.row - puzzle.start.row)) == 3)
    assert json.loads(game.tap_node(str(far)))["message"] == step.format(at=puzzle.start, far=far)
