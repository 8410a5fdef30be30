"""Daily mini benchmark (run by hand, not a timed test): `python benchmarks/mini.py [--days 60]`.

Deals and proves the mini of consecutive dates for both cities exactly as `citytrip daily` does
(generator.daily.mini.choose_mini: deals proven two at a time, one process each, by the full
model with one worker and PROOF_WORK units of deterministic time; a new deal when the proof does
not finish or the maximum is below MIN_MAXIMUM), and prints per date the deals needed, the
proven maximum, the deterministic work of the winning proof and the wall time of the whole
choice, then the slowest dates. Every answer is replayed by the rules engine.

With `--json FILE` the rows are also written to FILE.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.daily.mini import choose_mini  # noqa: E402
from generator.rules.replay import replay  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default="2026-12-01", help="first date (default 2026-12-01)")
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--cities", default="brugge,antwerpen")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    first = dt.date.fromisoformat(args.start)
    rows = []
    print(f"{'city':10} {'date':10} {'tries':>5} {'max':>4} {'work':>6} {'sec':>6}  all proofs (work)")
    for city in args.cities.split(","):
        for d in range(args.days):
            day = first + dt.timedelta(days=d)
            log = []
            started = time.monotonic()
            chosen = choose_mini(city, day, log=log)
            seconds = time.monotonic() - started
            proofs = [(round(r.work, 2), round(r.seconds, 2), r.proven, r.score) for _, r in log]
            if chosen is None:
                print(f"{city:10} {day} NO MINI after {len(proofs)} deals, {seconds:.1f} s", flush=True)
                rows.append({"city": city, "date": day.isoformat(), "attempts": len(proofs), "max": None,
                             "seconds": round(seconds, 2), "proofs": proofs})
                continue
            puzzle, result, attempt = chosen
            assert replay(puzzle, result.plan).score == result.score
            row = {"city": city, "date": day.isoformat(), "attempts": attempt + 1, "max": result.score,
                   "work": proofs[-1][0], "proof_seconds": proofs[-1][1], "seconds": round(seconds, 2),
                   "district": str(puzzle.district), "start": puzzle.start_card, "proofs": proofs}
            rows.append(row)
            print(f"{city:10} {row['date']:10} {row['attempts']:5} {row['max']:4} {row['work']:6.1f} {seconds:6.1f}  "
                  + " ".join(f"{w:.1f}{'' if ok else '✗'}" for w, _, ok, _ in proofs), flush=True)
    rows.sort(key=lambda r: -r["seconds"])
    print("\nslowest (wall seconds for the date, all attempts):")
    for row in rows[:8]:
        print(f"  {row['city']:10} {row['date']} {row['seconds']:6.1f} s, {row['attempts']} deal(s), max {row['max']}")
    found = [r for r in rows if r["max"] is not None]
    print(f"a proven mini on {len(found)} of {len(rows)} dates; re-dealt: {sum(r['attempts'] > 1 for r in rows)}; "
          f"deals per date at most {max(r['attempts'] for r in rows)}; proofs that did not finish: "
          f"{sum(not ok for r in rows for _, _, ok, _ in r['proofs'])} of {sum(len(r['proofs']) for r in rows)}")
    maxima = sorted(r["max"] for r in found)
    if maxima:
        print(f"proven maxima: {maxima[0]} to {maxima[-1]}, median {maxima[len(maxima) // 2]}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
