"""How long the daily's panel of players takes per puzzle (generator/players/panel.py).

    .venv/bin/python benchmarks/panel.py [--workers 2]

For each of the 14 benchmark dailies (benchmarks/dailies): each member's time alone, the panel's
time in one process, and its wall time with `--workers` processes (what `citytrip daily` uses).
Wall-clock times on a shared machine: compare them within one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.data.puzzles import load_puzzle  # noqa: E402
from generator.players import panel  # noqa: E402

DAILIES = Path(__file__).resolve().parent / "dailies"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    alone: dict[str, list[float]] = {member.name: [] for member in panel.PANEL}
    walls = []
    for path in sorted(DAILIES.glob("*-puzzle.yaml")):
        puzzle = load_puzzle(path)
        for member in panel.PANEL:
            start = time.perf_counter()
            member.plan(puzzle)
            alone[member.name].append(time.perf_counter() - start)
        start = time.perf_counter()
        panel.play(puzzle, workers=args.workers)
        walls.append(time.perf_counter() - start)
        total = sum(times[-1] for times in alone.values())
        print(f"{path.name}: members one after another {total:.1f} s, the panel with {args.workers} workers "
              f"{walls[-1]:.1f} s", flush=True)
    print("\n| member | median s | slowest s |\n|---|---|---|")
    for name, times in alone.items():
        print(f"| {name} | {statistics.median(times):.2f} | {max(times):.2f} |")
    sequential = [sum(times[k] for times in alone.values()) for k in range(len(walls))]
    print(f"| all eight, one process | {statistics.median(sequential):.1f} | {max(sequential):.1f} |")
    print(f"| the panel, {args.workers} workers (wall) | {statistics.median(walls):.1f} | {max(walls):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
