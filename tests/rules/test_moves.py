"""The move generator (generator.rules.moves) against the engine: what it yields is legal, and on
small puzzles it yields every legal turn a brute-force search finds (R4–R11, R14)."""

from __future__ import annotations

import itertools
import random

import pytest

from deals import dealt_puzzle
from tiny import TINY, make_puzzle
from generator.data.cities import shipped_cities
from random_player import random_turn
from generator.rules.cards import BOX_NAMES, PAIRS, TRIPLES, ActionType, normalise_boxes
from generator.rules.sheet import Sheet
from generator.rules.grid import Coord
from generator.rules.moves import Extension, extensions, legal_turns, reach, shortest_extensions, walks
from generator.rules.plan import BonusUse, GoalClaim, Turn

# Open faces whose two plan boxes (L1, R3) never share a side nor a hunted triple: one step a
# turn, so that the brute force stays small.
SMALL_FACES = [
    (["plan 1", "photo 2", "eat 1"], ["souvenir 1", "visit 2", "plan 1"]),
    (["plan 1", "souvenir 1", "photo 2"], ["eat 2", "visit 1", "plan 1"]),
    (["plan 1", "visit 2", "eat 1"], ["photo 1", "souvenir 2", "plan 1"]),
]
# Faces with two plan boxes side by side (L1 L2: 2 steps, 3 with a hunt).
PAIRED_FACES = [(["plan 1", "plan 1", "photo 2"], ["eat 2", "visit 1", "souvenir 1"])]
MAX_STEPS = 3  # the brute force walks at most this far in one turn


def key(game: Sheet, turn: Turn):
    """A turn up to the spelling of its boxes and goals and the order of its claims and bonus uses."""
    def goal(claim: GoalClaim) -> str:
        return claim.goal or game.city.locations[claim.at].goals(game.mode)[0]

    return (normalise_boxes(turn.boxes), turn.moves, frozenset((c.at, goal(c)) for c in turn.goals),
            tuple(sorted((u.value, u.action.value) for u in turn.bonus)))


def _grid_walks(game: Sheet, at, limit, taken=()):
    """Every self-avoiding sequence of grid neighbours from `at` of at most `limit` steps."""
    yield ()
    if limit > 0:
        for node in game.city.grid.neighbours(at):
            if node not in taken:
                for rest in _grid_walks(game, node, limit - 1, taken + (node,)):
                    yield (node,) + rest


def brute_force(game: Sheet, max_steps: int = MAX_STEPS) -> set:
    """The keys of every legal turn of at most `max_steps` steps, by trying candidates on the engine:
    every 2 or 3 boxes (the pairs and triples only with bonus uses), bonus uses of the city's values
    on the chosen types, grid walks from both ends, every claim of the touched locations in every order."""
    faces = game.puzzle.turns[game.turn]
    values = sorted({v for strip in game.city.rules.strips.values() for v in strip.bonus.values()})
    found = set()
    advanced = game.mode == "advanced"
    box_sets = PAIRS + TRIPLES if advanced else [c for k in (2, 3) for c in itertools.combinations(BOX_NAMES, k)]
    for boxes in box_sets:
        types = list(dict.fromkeys(faces.box(b).type for b in boxes))
        uses = [BonusUse(v, t) for v in values for t in types] if advanced else []
        # One order of each two uses: the engine takes them in whatever order pays (R9a, pinned by
        # tests/rules/test_bonus_order.py), and `key` sorts them.
        for bonus in [()] + [(u,) for u in uses] + list(itertools.combinations_with_replacement(uses, 2)):
            for first in _grid_walks(game, game.head(0), max_steps):
                seconds = [()]
                if game.puzzle.directions == 2:
                    seconds = _grid_walks(game, game.head(1), max_steps - len(first), first)
                for second in seconds:
                    touched = [at for at in dict.fromkeys(game.ends() + first + second) if at in game.city.locations]
                    options = [[None] + [GoalClaim(at, g) for g in game.city.locations[at].goals(game.mode)] for at in touched]
                    for picks in itertools.product(*options):
                        chosen = [p for p in picks if p is not None]
                        for order in itertools.permutations(chosen):
                            turn = Turn(boxes, (first, second), order, bonus)
                            if game.allows(turn):
                                found.add(key(game, turn))
                                break
    return found


def test_allows_is_the_verdict_of_check():
    """`Sheet.allows`, which stops at the first rule broken (the brute force above asks it), says
    legal exactly when `check` finds nothing, on every candidate of an advanced turn with bonus
    actions in hand: boxes, bonus uses, walks of both ends and claims in every order."""
    puzzle = make_puzzle(faces=SMALL_FACES * 5, mode="advanced", directions=2, start=1)
    game = random_sheet(puzzle, 5, turns=2)
    game.bonus_pool[2] += 1
    uses = [BonusUse(2, t) for t in ActionType]
    verdicts = set()
    for boxes in (*PAIRS, *TRIPLES[:2], ("L1", "R3")):
        for bonus in [(), *((u,) for u in uses)]:
            for first in _grid_walks(game, game.head(0), 2):
                for second in _grid_walks(game, game.head(1), 1, first):
                    touched = [at for at in dict.fromkeys(game.ends() + first + second) if at in game.city.locations]
                    claims = [GoalClaim(at, g) for at in touched for g in game.city.locations[at].goals(game.mode)]
                    for order in (o for k in range(len(claims[:3]) + 1) for o in itertools.permutations(claims[:3], k)):
                        turn = Turn(boxes, (first, second), order, bonus)
                        verdict = game.allows(turn)
                        assert verdict == (not game.check(turn)), turn
                        verdicts.add(verdict)
    assert verdicts == {True, False}


def random_sheet(puzzle, seed: int, turns: int) -> Sheet:
    """The sheet after `turns` random legal turns."""
    rng = random.Random(seed)
    game = Sheet(puzzle)
    for _ in range(turns):
        game.play(random_turn(game, rng))
    return game


SMALL_CASES = [
    dict(faces=SMALL_FACES * 5, directions=1, start=1),
    dict(faces=SMALL_FACES * 5, directions=2, start=1),
    dict(faces=PAIRED_FACES * 15, directions=1, start=1),
    dict(faces=PAIRED_FACES * 15, directions=2, start=2),  # the start in the south
]


@pytest.mark.parametrize("case", range(len(SMALL_CASES)))
@pytest.mark.parametrize("seed", range(3))
def test_basic_turns_are_exactly_the_brute_force_ones(case, seed):
    """Basic game: legal_turns yields each legal turn once (up to claim order) and nothing else."""
    puzzle = make_puzzle(**SMALL_CASES[case], turns=15)
    game = random_sheet(puzzle, seed, turns=seed * 2)
    turns = list(legal_turns(game))
    keys = [key(game, t) for t in turns]
    assert len(set(keys)) == len(keys)
    assert all(not game.check(t) for t in turns)
    assert set(keys) == brute_force(game)


@pytest.mark.slow
@pytest.mark.parametrize("pool, directions", [((1, 1), 1), ((2, 3), 1), ((2, 3), 2)])
def test_advanced_turns_with_bonus_actions_are_the_brute_force_ones(pool, directions):
    """Advanced game with bonus actions in hand (R9): the legal turns of up to 2 steps (plan bonus
    uses allow more) are exactly the brute force's, each yielded once, each accepted by the engine."""
    puzzle = make_puzzle(faces=SMALL_FACES * 5, mode="advanced", directions=directions, start=1)
    game = random_sheet(puzzle, 5, turns=2)
    for value in pool:
        game.bonus_pool[value] += 1  # as if earned on an earlier turn
    turns = list(legal_turns(game, max_steps=2))
    keys = [key(game, t) for t in turns]
    assert len(set(keys)) == len(keys)
    assert all(not game.check(t) for t in turns)
    assert set(keys) == brute_force(game, max_steps=2)


def test_a_bonus_earned_this_turn_can_pay_a_later_claim():
    """R9: the third souvenir of the strip (Shop Two, E4) earns a bonus 1 that pays for a fourth
    (Shop Three, F4) in the same turn; legal_turns finds the order in which that works, and the
    brute force agrees on every turn of up to 1 step."""
    faces = [(["plan 3", "plan 1", "photo 1"], ["eat 1", "visit 1", "photo 1"]),
             (["plan 1", "souvenir 1", "photo 1"], ["eat 1", "visit 1", "photo 1"])]
    puzzle = make_puzzle(faces=faces, mode="advanced")
    game = Sheet(puzzle)
    game.play(Turn(("L1", "L2"), ((Coord.parse("B2"), Coord.parse("C2"), Coord.parse("D3"), Coord.parse("E4")), ())))
    game.tally.crossings["souvenir"] = 2  # as if two souvenirs were crossed already: the next earns a 1
    turns = list(legal_turns(game, max_steps=1))
    both = [t for t in turns if {c.at for c in t.goals} == {Coord.parse("E4"), Coord.parse("F4")}]
    assert both and all(t.bonus and not game.check(t) for t in both)
    assert {key(game, t) for t in turns} == brute_force(game, max_steps=1)


@pytest.mark.parametrize("city", [str(TINY)] + shipped_cities())
@pytest.mark.parametrize("seed", range(4))
def test_walks_and_extensions_on_random_sheets_are_legal(city, seed):
    """On random deals of every city, each walk the generator draws is a legal path for a turn with
    enough plan actions: shortest walks to every reachable node (as the players use them) and every
    two-end extension of up to 3 steps."""
    puzzle = dealt_puzzle(city, seed)
    game = random_sheet(puzzle, seed, turns=seed * 3)
    boxes = max(game.legal_boxes(), key=lambda b: game.budget(b)[ActionType.PLAN])
    plan = game.budget(boxes)[ActionType.PLAN]
    for end, walk in shortest_extensions(game, plan):
        moves = (walk, ()) if end == 0 else ((), walk)
        assert not game.check(Turn(boxes, moves)), (end, walk)
    for moves in extensions(game, min(plan, 3)):
        assert not game.check(Turn(boxes, moves)), moves


def test_shortest_walks_reach_every_node_a_legal_walk_reaches():
    """On a tiny-city sheet, reach gives one walk to each node some legal walk of the same budget
    reaches, at the shortest legal length, in breadth-first order."""
    game = random_sheet(make_puzzle(directions=1), 3, turns=3)
    every = {}
    for walk in walks(game, 0, 4):
        if walk:
            every[walk[-1]] = min(every.get(walk[-1], 99), len(walk))
    shortest = list(reach(game.city.grid, game.head(0), 4, game.on_path, game.diagonals))
    assert {w[-1]: len(w) for w in shortest} == every
    assert [len(w) for w in shortest] == sorted(len(w) for w in shortest)


def test_extension_steps_are_the_engine_steps():
    """Extension lists the same next steps as Sheet.steps_from, and undo restores them."""
    game = random_sheet(make_puzzle(directions=2), 1, turns=2)
    extension = Extension(game)
    before = extension.steps(0)
    assert before == game.steps_from(game.head(0))
    extension.step(0, before[0])
    assert extension.steps(0) == game.steps_from(before[0], [before[0]], extension.diagonals)
    extension.undo(0)
    assert extension.steps(0) == before and extension.as_moves() == ((), ())


def test_copy_is_independent_and_plays_alike():
    """Sheet.copy: playing on the copy leaves the original unchanged, and the copy plays on as a
    replay of the same turns would."""
    puzzle = dealt_puzzle(shipped_cities()[0], 11)
    rng = random.Random(11)
    game = Sheet(puzzle)
    played = []
    for _ in range(5):
        turn = random_turn(game, rng)
        game.play(turn)
        played.append(turn)
    snapshot = (game.turn, [list(p) for p in game.paths], set(game.on_path), dict(game.achieved), game.score())
    copy = game.copy()
    more = random_turn(copy, rng)
    copy.play(more)
    assert (game.turn, [list(p) for p in game.paths], set(game.on_path), dict(game.achieved), game.score()) == snapshot
    replayed = Sheet(puzzle)
    for turn in played + [more]:
        replayed.play(turn)
    assert copy.score() == replayed.score() and copy.paths == replayed.paths and copy.bonus_pool == replayed.bonus_pool


def test_no_turns_once_the_game_is_over():
    """A finished sheet has no legal turn (R7)."""
    game = random_sheet(make_puzzle(faces=SMALL_FACES), 0, turns=15)
    assert game.over and list(legal_turns(game)) == []
