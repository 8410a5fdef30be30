"""Small puzzles for the solver tests: the tiny test city, cut to a few turns."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

from generator.data.puzzles import load_puzzle
from generator.rules.cards import ActionBox, ActionType, OpenFaces
from generator.rules.sheet import Sheet
from generator.rules.plan import GoalClaim, Turn

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-puzzle.yaml"


# Hand-made turns whose two plan boxes never share a side nor a hunted triple (L1 and R3): at most
# 2 steps a turn, so that a brute-force search over every legal plan stays small.
SHORT_TURNS = tuple(
    OpenFaces(tuple(ActionBox.parse(b) for b in left), tuple(ActionBox.parse(b) for b in right))
    for left, right in (
        (("plan 2", "photo 1", "eat 1"), ("souvenir 1", "visit 2", "plan 1")),
        (("plan 1", "souvenir 1", "photo 2"), ("eat 2", "visit 1", "plan 2")),
        (("plan 2", "visit 1", "eat 1"), ("photo 1", "souvenir 2", "plan 1")),
        (("plan 1", "eat 2", "photo 1"), ("visit 1", "photo 2", "plan 2")),
    )
)


MINI_MAP = """name: Mini
columns: 4
rows: 3
terrain: |
  ....
  ~=~.
  ....
locations:
  - {name: Start Square, category: statue, at: A1, url: https://example.org/a}
  - {name: Lace Shop, category: souvenir, at: B1, url: https://example.org/b}
  - {name: Old Hall, category: historic, choice: [historic, event], at: C1, url: https://example.org/c}
  - {name: Museum One, category: museum, at: D1, url: https://example.org/d}
  - {name: Tiny Bridge, category: bridge, combo: [bridge, statue], at: B2, url: https://example.org/e}
  - {name: Cafe Aperitif, category: eat, eatery: aperitif, at: A3, url: https://example.org/f}
  - {name: Restaurant, category: restaurant, at: C3, url: https://example.org/g}
  - {name: Start Museum, category: museum, at: D3, url: https://example.org/h}
  - {name: Museum Two, category: museum, at: D2, url: https://example.org/i}
  - {name: Shop Two, category: souvenir, at: B3, url: https://example.org/j}
"""


def mini_city(folder: Path) -> Path:
    """A 4×3 copy of the tiny city (same rules and cards) for brute-force comparisons."""
    tiny_city = TINY.parent / "tiny"
    for name in ("rules.yaml", "cards.yaml", "levels.yaml"):
        (folder / name).write_text((tiny_city / name).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "map.yaml").write_text(MINI_MAP, encoding="utf-8")
    (folder / "assignments.yaml").write_text(
        'assignments:\n  - {id: "1.01", category: museum, count: 3, values: [10, 6, 3]}\n'
        '  - {id: "2.01", set: [museum, souvenir], value: 5}\n', encoding="utf-8")
    (folder / "levels.yaml").write_text('levels:\n  - {level: 1, start: 1, assignments: ["1.01"], target: 10}\n', encoding="utf-8")
    return folder


def mini(folder: Path, turns: int, mode: str = "basic", directions: int = 1, assignments: tuple[str, ...] = ()):
    """A puzzle on the mini city with the short hand-made turns."""
    from generator.data.puzzles import puzzle_from_data

    data = {"map": str(mini_city(folder)), "mode": mode, "directions": directions, "start": 1,
            "turns": [{"left": [str(b) for b in t.left], "right": [str(b) for b in t.right]} for t in (SHORT_TURNS * 4)[:15]]}
    if assignments:
        data["assignments"] = list(assignments)
    puzzle = puzzle_from_data(data, "mini")
    return dataclasses.replace(puzzle, turns=puzzle.turns[:turns])


def tiny(turns: int, mode: str = "basic", directions: int = 1, assignments: tuple[str, ...] = (), start=None, short: bool = False):
    """The tiny test city's puzzle, cut to `turns` turns (or the short hand-made turns)."""
    puzzle = load_puzzle(TINY)
    chosen = tuple(puzzle.city.assignments[a] for a in assignments)
    faces = SHORT_TURNS[:turns] if short else puzzle.turns[:turns]
    changes = dict(mode=mode, directions=directions, turns=faces, assignments=chosen)
    if start is not None:
        changes["start"] = start
    return dataclasses.replace(puzzle, **changes)


def _walks(game: Sheet, at, limit, blocked=frozenset(), diagonals=frozenset()):
    """Every walk of up to `limit` legal steps from `at` (R2–R4), the empty one included."""
    yield ()
    if limit == 0:
        return
    for node in game.steps_from(at, blocked, diagonals):
        extra = set(diagonals)
        if node.col != at.col and node.row != at.row:
            extra.add(frozenset((at, node)))
        for rest in _walks(game, node, limit - 1, blocked | {node}, frozenset(extra)):
            yield (node,) + rest


def legal_turns(game: Sheet):
    """Every legal turn from this state of a basic game, one per distinct box choice (same
    actions at the same hunted cost are the same choice), every walk and every set of goals."""
    puzzle = game.puzzle
    seen = set()
    for boxes in game.legal_boxes():
        budget = game.budget(boxes)
        key = (len(boxes), tuple(sorted(budget.items())))
        if key in seen:
            continue  # the same actions at the same hunted cost: an identical choice
        seen.add(key)
        plan = budget[ActionType.PLAN]
        for first in _walks(game, game.head(0), plan):
            seconds = [()]
            if puzzle.directions == 2:
                seconds = list(_walks(game, game.head(1), plan - len(first), frozenset(first)))
            for second in seconds:
                touched = list(dict.fromkeys(game.ends() + first + second))
                options = [
                    [None] + [(at, goal) for goal in game.goal_options(at)]
                    for at in touched if game.goal_options(at)
                ]
                for picks in itertools.product(*options):
                    goals = tuple(
                        GoalClaim(at, goal if len(game.goal_options(at)) > 1 else None)
                        for at, goal in (p for p in picks if p is not None)
                    )
                    turn = Turn(boxes, (first, second), goals)
                    if game.allows(turn):
                        yield turn


def exhaustive_best(puzzle) -> int:
    """The best appreciation over every legal plan, by brute force through the engine (basic game)."""
    best = None
    visited = set()

    def search(game: Sheet) -> None:
        nonlocal best
        # The rest of the game depends only on this state: search each state once.
        if _seen(game, visited):
            return
        if game.over:
            score = game.score().total
            best = score if best is None else max(best, score)
            return
        for turn in legal_turns(game):
            child = game.copy()
            child.play(turn)
            search(child)

    search(Sheet(puzzle))
    return best


def _seen(game: Sheet, visited: set) -> bool:
    """Whether a sheet in this state was searched already (then adding it to `visited`): in the
    basic game the rest of the game depends only on the turn, the path, its diagonals, the goals
    achieved and the hunts used."""
    state = (game.turn, tuple(game.ends()), frozenset(game.on_path), frozenset(game.diagonals),
             frozenset((a.at, a.goal) for a in game.achievements), game.hunted)
    if state in visited:
        return True
    visited.add(state)
    return False


def best_changing_only(puzzle, plan, first: int, last: int) -> int:
    """The best appreciation of any legal plan that equals `plan` outside turns first..last (1-based),
    by brute force through the engine (basic game): the brute-force side of the LNS certificate."""
    game = Sheet(puzzle)
    for turn in plan.turns[: first - 1]:
        game.play(turn)
    best = None
    visited = set()

    def search(game: Sheet) -> None:
        nonlocal best
        if _seen(game, visited):  # as in exhaustive_best: a state's outcomes are counted once
            return
        if game.turn == last:
            rest = game.copy()
            for turn in plan.turns[last:]:
                if not rest.allows(turn):
                    return
                rest.play(turn)
            score = rest.score().total
            best = score if best is None else max(best, score)
            return
        for turn in legal_turns(game):
            child = game.copy()
            child.play(turn)
            search(child)

    search(game)
    return best
