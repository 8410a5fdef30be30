"""Puzzle page benchmark (run by hand, not a timed test): `python benchmarks/site.py [--site DIR]`.

Builds the site of one date and city (`citytrip site`, or uses a built one with --site), serves it
on 127.0.0.1 with the standard library's HTTP server, and drives each puzzle page (the daily and
the mini) in Debian's Chromium under Playwright:

- cold load: a fresh browser context (empty cache) per load; the time from navigation start to
  `data-state="ready"`, and how much of it Pyodide's own start-up takes (performance marks set by
  play.js); median and slowest of --loads loads;
- taps: the answer key played by taps; per tap, the engine's judgement (the Python call and its
  JSON) and judgement plus redrawing; median and slowest;
- bytes: what the server sends for one cold load, file by file, the service worker's first copy
  of the shared files included (the server does not compress; a static host that gzips sends less).
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from chromium_pages import CHROMIUM_ARGS, PHONE, chromium, open_page, play_plan, served  # noqa: E402
from generator.data.puzzles import load_plan  # noqa: E402

MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


def cold_loads(browser, url: str, loads: int, traffic: list, worker: bool = True) -> list[dict]:
    """Each load in a new context (empty cache); the bytes the server sent for it, the service
    worker's copies included. `worker=False` blocks the service worker (Playwright's option), to
    measure what it costs in the same run."""
    rows = []
    for _ in range(loads):
        traffic.clear()
        context = browser.new_context(viewport=PHONE, service_workers="allow" if worker else "block")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-state=ready]", timeout=60_000)
        marks = page.evaluate(MARKS)
        ready = page.evaluate("() => performance.now()")
        if worker:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        rows.append({"ready": ready, **marks, "bytes": list(traffic)})
        context.close()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by `citytrip site` (default: build one)")
    parser.add_argument("--date", default="2026-11-30")
    parser.add_argument("--city", default="antwerpen")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    day = dt.date.fromisoformat(args.date)
    folder = args.site or Path(tempfile.mkdtemp(prefix="citytrip-site-"))
    if args.site is None:
        subprocess.run([sys.executable, "-m", "generator", "site", "--out", str(folder), "--from", args.date,
                        "--city", args.city, "--work", "0.5"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    from playwright.sync_api import sync_playwright

    stem = f"citytrip-{args.city}-{day.isoformat()}"
    traffic: list = []
    with sync_playwright() as playwright, served(folder, traffic) as base:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for name, page_path, answer in [("daily", "", f"{stem}-answer.yaml"), ("mini", "mini.html", f"{stem}-mini-answer.yaml")]:
            url = f"{base}/{args.city}/{day.isoformat()}/{page_path}"
            rows, blocked = [], []
            for _ in range(args.loads):  # alternated, so that the machine's load falls on both alike
                rows += cold_loads(browser, url, 1, traffic)
                blocked += cold_loads(browser, url, 1, traffic, worker=False)
            ready = [row["ready"] for row in rows]
            pyodide = [row["citytrip-pyodide"] - row["citytrip-loader"] for row in rows]
            worker = [row["citytrip-worker"] for row in rows]
            print(f"{name}: cold load to ready, {len(rows)} loads: median {statistics.median(ready):.0f} ms, "
                  f"slowest {max(ready):.0f} ms; of which Pyodide's start-up median {statistics.median(pyodide):.0f} ms; "
                  f"the service worker in control at median {statistics.median(worker):.0f} ms")
            print(f"{name}: the same loads with the service worker blocked: median "
                  f"{statistics.median(row['ready'] for row in blocked):.0f} ms")
            sent = rows[0]["bytes"]
            print(f"{name}: one cold load downloads {sum(size for _, size in sent):,} bytes in {len(sent)} files:")
            for file, size in sorted(sent, key=lambda r: (-r[1], r[0])):
                print(f"    {size:>11,}  {file}")
            page = open_page(browser, url)
            plan = load_plan(folder / args.city / day.isoformat() / answer)
            play_plan(page, plan)
            timings = page.evaluate("() => window.citytripTimings")
            judge = [t["judge"] for t in timings]
            whole = [t["total"] for t in timings]
            print(f"{name}: {len(timings)} taps of the answer key: judged in median {statistics.median(judge):.1f} ms "
                  f"(slowest {max(judge):.1f}); judged and drawn in median {statistics.median(whole):.1f} ms "
                  f"(slowest {max(whole):.1f}); final score {page.text_content('#score')}")
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
