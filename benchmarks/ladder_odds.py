"""How likely a perfectly designed solo ladder is to pass issue 18's honest 16-card test by chance.

The test, on one report of n honest deals per level: level 1 at least 90 %, level 15 at most 10 %,
each level at least 3 points below the one before, and each level below the level two before it
with McNemar's paired z >= 1.64. Two things decide whether a ladder can pass it reliably:

1. How the outcomes of two levels on the same deal are related. Common random numbers give every
   level the same deck order, but the levels have their own start cards and assignments. This
   script measures, from the report CSVs in docs/calibration/, how often neighbouring levels win
   the same deals against what independent outcomes would give.
2. The noise of a 3-point step: with outcomes about independent, a measured step between two
   rates p and q has a standard deviation of sqrt(p(1-p) + q(1-q)) / sqrt(n), 4 to 5 points at
   n = 200 in the middle of the ladder, so a designed step of 6 points (the most 15 levels from
   96 % to 6 % leave room for) comes out under 3 points about one time in four.

It then draws many reports of an ideal ladder (rates falling in equal steps) with independent
outcomes and counts how many pass. Usage:

    python benchmarks/ladder_odds.py [--deals 200,1000,2000] [--trials 1000]
"""

from __future__ import annotations

import argparse
import csv
import math
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPORTS = HERE.parent / "docs" / "calibration"
LADDERS = ((97, 6), (99, 3))  # (level 1, level 15) in %: the widest a passing ladder can span


def won_shuffles(text: str) -> set[int]:
    won: set[int] = set()
    for part in text.split():
        first, _, last = part.partition("-")
        won.update(range(int(first), int(last or first) + 1))
    return won


def measured_overlap() -> None:
    """Neighbouring levels' shared wins against independence, per city (honest, 16 cards)."""
    for path in sorted(REPORTS.glob("levels-*.csv")):
        rows = [r for r in csv.DictReader(path.open()) if r["player"] == "honest" and r["cards"] == "16"]
        won = {int(r["level"]): won_shuffles(r["won_shuffles"]) for r in rows}
        runs = int(rows[0]["runs"])
        both = sum(len(won[k] & won[k + 1]) for k in range(1, 15))
        independent = sum(len(won[k]) * len(won[k + 1]) / runs for k in range(1, 15))
        steps = [math.sqrt(len(won[k] ^ won[k + 1])) / runs * 100 for k in range(1, 15)]
        print(f"{path.stem}: deals won at both neighbouring levels {both}, independent outcomes would "
              f"give {independent:.0f}; standard deviation of a measured step {min(steps):.1f}-{max(steps):.1f} points")


def passes(rates: list[float], deals: int, rng: random.Random) -> bool:
    won = [[rng.random() < p for _ in range(deals)] for p in rates]
    measured = [100 * sum(w) / deals for w in won]
    if measured[0] < 90 or measured[-1] > 10:
        return False
    if any(measured[k] - measured[k + 1] < 3 for k in range(len(rates) - 1)):
        return False
    for k in range(2, len(rates)):
        lost = sum(a and not b for a, b in zip(won[k - 2], won[k]))
        gained = sum(b and not a for a, b in zip(won[k - 2], won[k]))
        if lost + gained == 0 or (lost - gained) / math.sqrt(lost + gained) < 1.64:
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="200,1000,2000", help="report sizes to try (honest deals per level)")
    parser.add_argument("--trials", type=int, default=1000)
    args = parser.parse_args()
    measured_overlap()
    rng = random.Random(18)
    for deals in map(int, args.deals.split(",")):
        for top, bottom in LADDERS:
            rates = [(top - (top - bottom) * k / 14) / 100 for k in range(15)]
            share = sum(passes(rates, deals, rng) for _ in range(args.trials)) / args.trials
            print(f"{deals} deals per level, ideal ladder {top} % to {bottom} % in equal steps: passes in {100 * share:.1f} % of reports")


if __name__ == "__main__":
    main()
