"""Benchmark: a 50-sheet pad against one sheet (file size ratio, render time).

    .venv/bin/python benchmarks/sheets.py [--city brugge] [--mode advanced]

The issue's bar: the 50-sheet PDF is at most 1.5 × the 1-sheet PDF of the same mode, and
rendering it takes under 2 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from generator.data.cities import load_city
from generator.render.pdf import paper
from generator.render.sheet import render_sheets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--city", default="brugge")
    parser.add_argument("--mode", default="advanced")
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    city = load_city(args.city)
    size = paper(args.paper)
    render_sheets(city, args.mode, 1, size, Path(tempfile.gettempdir()) / "warm-up.pdf")  # fonts, icon map
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for count in (1, 50):
            out = Path(folder) / f"{count}.pdf"
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                render_sheets(city, args.mode, count, size, out)
                best = min(best, time.perf_counter() - start)
            results[count] = (out.stat().st_size, best)
    (one, t1), (fifty, t50) = results[1], results[50]
    ratio = fifty / one
    print(f"{args.city} {args.mode} {args.paper}")
    print(f"  1 sheet:   {one:>8} bytes  {t1:.3f} s")
    print(f"  50 sheets: {fifty:>8} bytes  {t50:.3f} s")
    print(f"  size ratio {ratio:.2f} (bar 1.5), 50-sheet render {t50:.2f} s (bar 2 s)")
    return 0 if ratio <= 1.5 and t50 < 2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
