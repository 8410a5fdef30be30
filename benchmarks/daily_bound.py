"""The daily's bound, two ways, on two first deals: the full model's (3 deterministic units, one
worker: the daily's bound until 2026-12-03) against the walk bound of 200 programmes (the daily's
since), after the same search at the tests' work (docs/solver-journal.md, "The daily's bound").

    python benchmarks/daily_bound.py [--work 0.5]

Prints plan, bound, status, the main process's CPU seconds and the wall seconds of each.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.daily.deal import deal  # noqa: E402
from generator.data.cities import load_city  # noqa: E402
from generator.solver.full_model import solve  # noqa: E402
from generator.solver.budget import Budget  # noqa: E402

DEALS = (("antwerpen", dt.date(2026, 11, 30)), ("brugge", dt.date(2026, 12, 5)))
WAYS = (("full model", dict(full_model=True, cp_sat_work=3.0)),
        ("walk 200", dict(full_model=False, walk_programmes=200)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=float, default=0.5)
    work = parser.parse_args().work
    for city, day in DEALS:
        puzzle = deal(load_city(city), day, 0)
        for label, way in WAYS:
            cpu, wall = time.process_time(), time.monotonic()
            result = solve(puzzle, Budget(time_limit=900, workers=2, seed=0, work=work, **way), complete_first=True)
            print(f"{city} {day} {label:10} plan {result.score} bound {result.bound} {result.status} "
                  f"cpu {time.process_time() - cpu:.1f} s wall {time.monotonic() - wall:.1f} s", flush=True)


if __name__ == "__main__":
    main()
