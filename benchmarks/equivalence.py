"""Behaviour fingerprint of the engine, the players and the solver's cheap parts (run by hand).

`python benchmarks/equivalence.py [--out FILE]` plays a fixed set of puzzles (the 14 stored
dailies and 24 level deals of both cities) with every cheap player: the honest player, the
planner at the portfolio's three sizes, the random player and the beam search. It prints, per
puzzle, each plan in the one-line notation with the engine's score and breakdown, and the
solver's facts (box options, goal options) summed up in a hash; the last line is the hash of all.

A refactoring that must not change what the project computes (issue 14: one tally, one move
generator, one dealer) compares this output before and after: equal text means every player made
the same choices and the engine scored them the same. It takes a few minutes, no CP-SAT search.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))  # beam and random players

from generator.data.puzzles import load_puzzle  # noqa: E402
from generator.levels.sweep import level_puzzle  # noqa: E402
from generator.players.honest import honest_plan  # noqa: E402
from generator.players.planner import planned_plan  # noqa: E402
from random_player import random_plan  # noqa: E402
from generator.rules.notation import format_plan  # noqa: E402
from generator.rules.replay import replay  # noqa: E402
from beam import beam_search  # noqa: E402
from generator.solver.facts import Facts  # noqa: E402

DAILIES = Path(__file__).resolve().parent / "dailies"
LEVEL_DEALS = [(city, level, cards, shuffle) for city in ("brugge", "antwerpen")
               for level in (1, 5, 10) for cards in (16, 20) for shuffle in (0, 1)]


def puzzles():
    for path in sorted(DAILIES.glob("*-puzzle.yaml")):
        yield path.name, load_puzzle(path)
    for city, level, cards, shuffle in LEVEL_DEALS:
        yield f"{city} level {level} {cards} cards shuffle {shuffle}", level_puzzle(city, level, cards, shuffle)


def facts_hash(puzzle) -> str:
    facts = Facts(puzzle)
    text = repr(sorted((key, value) for key, value in vars(facts).items() if key not in ("puzzle", "city", "rules")))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def lines():
    for name, puzzle in puzzles():
        yield f"== {name}"
        yield f"facts {facts_hash(puzzle)}"
        plans = {
            "honest": honest_plan(puzzle),
            "planner 4x3": planned_plan(puzzle, 4, 3),
            "planner 6x5": planned_plan(puzzle, 6, 5),
            "planner 16x4": planned_plan(puzzle, 16, 4),
            "random": random_plan(puzzle, random.Random(7)),
            "beam 20": beam_search(puzzle, 20),
        }
        for label, plan in plans.items():
            report = replay(puzzle, plan)
            yield f"{label}: {report.score} {report.breakdown} | {format_plan(plan)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the output to this file")
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    out = []
    for line in lines():
        print(line, flush=True)
        out.append(line)
        digest.update(line.encode() + b"\n")
    out.append(f"all {digest.hexdigest()}")
    print(out[-1])
    if args.out:
        args.out.write_text("\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
