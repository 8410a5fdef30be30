"""How long the rules engine takes to verify a complete plan (target: under 5 ms for 15 turns).

Run by hand: .venv/bin/python benchmarks/verify.py [CITY ...]
Random legal 15-turn plans (16 cards) are replayed through `replay`; the median and 95th
percentile per plan are printed. Loading the city and the puzzle is not timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))  # the random player

from generator.data.cities import load_city, shipped_cities  # noqa: E402
from generator.errors import CitytripError  # noqa: E402
from generator.data.puzzles import puzzle_from_data  # noqa: E402
from random_player import random_plan  # noqa: E402
from generator.rules.replay import replay  # noqa: E402

PLANS = 200
REPEATS = 5


def puzzle_for(city: str, seed: int):
    rng = random.Random(seed)
    loaded = load_city(city)
    cards = list(loaded.action_cards)
    rng.shuffle(cards)
    data = {
        "map": city,
        "mode": "advanced" if seed % 2 else "basic",
        "directions": 2,
        "start": rng.choice(list(loaded.start_cards)),
        "deck": [f"{n}{rng.choice('AB')}" for n in cards[:16]],
    }
    return puzzle_from_data(data, source=f"benchmark {seed}")


def main(cities: list[str]) -> None:
    for city in cities:
        times = []
        for seed in range(PLANS):
            puzzle = puzzle_for(city, seed)
            plan = random_plan(puzzle, random.Random(seed))
            best = float("inf")
            for _ in range(REPEATS):
                started = time.perf_counter()
                report = replay(puzzle, plan)
                best = min(best, time.perf_counter() - started)
            assert report.valid
            times.append(best * 1000)
        times.sort()
        print(
            f"{city:<12} {PLANS} plans of 15 turns: median {statistics.median(times):.2f} ms, "
            f"p95 {times[int(len(times) * 0.95)]:.2f} ms, max {times[-1]:.2f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cities", nargs="*", metavar="CITY",
                        help="a shipped city or a city folder (default: the tiny test city and every shipped one)")
    args = parser.parse_args()
    try:
        main(args.cities or [str(ROOT / "tests" / "data" / "tiny")] + shipped_cities())
    except CitytripError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
