"""Puzzle page benchmark (run by hand, not a timed test): `python benchmarks/site.py [--site DIR]`.

Builds the site of one date and city (`citytrip site`, or uses a built one with --site), serves it
on 127.0.0.1 with the standard library's HTTP server, and drives each puzzle page (the daily and
the mini) in Debian's Chromium under Playwright:

- cold load: a fresh browser context (empty cache) per load; the time from navigation start to
  `data-state="ready"`, the path the engine came by (`data-engine`: "snapshot" when restored from
  assets/engine-snapshot.bin.gz, "plain" when Pyodide started and imported the engine), and how
  much of the time the engine's start takes (performance marks set by play.js); median and slowest
  of --loads loads. In the same run, alternated: the same site served without its snapshot (a 404,
  so the page takes the plain start as before the snapshot), and the snapshot with the service
  worker blocked;
- taps: the answer key played by taps; per tap, the engine's judgement (the Python call and its
  JSON) and judgement plus redrawing; median and slowest;
- bytes: what the server sends for one cold load, file by file, the service worker's first copy
  of the shared files included (the server does not compress; a static host that gzips sends less).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from chromium_pages import CHROMIUM_ARGS, PHONE, chromium, open_page, play_plan, served  # noqa: E402
from generator.data.puzzles import load_plan, load_puzzle  # noqa: E402

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
        engine = page.get_attribute("body", "data-engine")
        rows.append({"ready": ready, "engine": engine, **marks, "bytes": list(traffic)})
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
    bare = Path(tempfile.mkdtemp(prefix="citytrip-site-bare-"))  # the same site without its snapshot
    shutil.copytree(folder, bare, dirs_exist_ok=True, ignore=shutil.ignore_patterns("engine-snapshot.bin.gz"))
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, bare)
        playwright = stack.enter_context(sync_playwright())
        base = stack.enter_context(served(folder, traffic))
        bare_base = stack.enter_context(served(bare, traffic))
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for name, page_path, answer in [("daily", "", f"{stem}-answer.yaml"), ("mini", "mini.html", f"{stem}-mini-answer.yaml")]:
            url = f"{base}/{args.city}/{day.isoformat()}/{page_path}"
            bare_url = f"{bare_base}/{args.city}/{day.isoformat()}/{page_path}"
            kinds = {"with the snapshot": [], "without the snapshot": [], "with the snapshot, service worker blocked": []}
            for _ in range(args.loads):  # alternated, so that the machine's load falls on all alike
                kinds["with the snapshot"] += cold_loads(browser, url, 1, traffic)
                kinds["without the snapshot"] += cold_loads(browser, bare_url, 1, traffic)
                kinds["with the snapshot, service worker blocked"] += cold_loads(browser, url, 1, traffic, worker=False)
            for kind, rows in kinds.items():
                ready = [row["ready"] for row in rows]
                engine = [row["citytrip-pyodide"] - row["citytrip-loader"] for row in rows]
                paths = ", ".join(f"{sum(row['engine'] == p for row in rows)} {p}" for p in ("snapshot", "plain"))
                print(f"{name} {kind}: cold load to ready, {len(rows)} loads ({paths}): median "
                      f"{statistics.median(ready):.0f} ms, slowest {max(ready):.0f} ms (all {[round(r) for r in ready]}); "
                      f"of which the engine's start (Pyodide and the engine's import, or the restore) "
                      f"median {statistics.median(engine):.0f} ms")
                if "blocked" not in kind:
                    worker = [row["citytrip-worker"] for row in rows]
                    print(f"    the service worker in control at median {statistics.median(worker):.0f} ms")
            for kind in ("with the snapshot", "without the snapshot"):
                sent = kinds[kind][0]["bytes"]
                print(f"{name} {kind}: one cold load downloads {sum(size for _, size in sent):,} bytes in {len(sent)} files:")
                for file, size in sorted(sent, key=lambda r: (-r[1], r[0])):
                    print(f"    {size:>11,}  {file}")
            page = open_page(browser, url)
            files = folder / args.city / day.isoformat()
            plan = load_plan(files / answer)
            play_plan(page, plan, load_puzzle(files / answer.replace("-answer", "-puzzle")))
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
