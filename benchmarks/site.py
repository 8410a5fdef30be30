"""Puzzle page benchmark (run by hand, not a timed test): `python benchmarks/site.py [--site DIR]`.

Builds the site of one date and city (`citytrip site`, or uses a built one with --site), serves it
on 127.0.0.1 with the standard library's HTTP server (no compression: a static host that gzips
sends less), and drives each puzzle page (the daily and, unless --pages 1, the mini) in Debian's
Chromium under Playwright. Per load (--loads N, `visits`):

- a first visit (a new browser context: empty caches): the time from navigation start to
  `data-state="ready"`, the path the engine came by (`data-engine`: "plain" when Pyodide started
  and imported the engine, as a first visit does; "snapshot" when restored from the service
  worker's unzipped copy of assets/engine-snapshot.bin.gz), the bytes the server sent until `ready`, file by
  file, and the bytes it sent after (the snapshot, which play.js asks for once the page is ready,
  to have the worker keep it for later visits);
- a repeat visit in the same context, once the worker has kept its files: time and bytes;
- the answer key played by taps: per tap, the engine's judgement (the Python call and its JSON)
  and judgement plus redrawing; median and slowest.

With --plain, the same on a copy of the site without its snapshot (every visit starts CPython).

With --phone (`python benchmarks/site.py --phone [--plain] [--loads N] [--pages 1]`), each visit
is measured like a phone on mobile data: Chromium's DevTools protocol slows the network to
9 Mbit/s down, 2 Mbit/s up with a 150 ms round trip, and the page's CPU 4 times. Throttling is
per target: the page's session does not slow the service worker's own fetches (and on a first
visit the worker, in control after a fraction of a second, fetches Pyodide's files: a first visit
then took 3 s for 20 MB), so the page's session also attaches to its worker and slows its network
(not its CPU).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import itertools
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from chromium_pages import CHROMIUM_ARGS, PHONE, chromium, play_plan, served  # noqa: E402
from generator.data.puzzles import load_plan, load_puzzle  # noqa: E402

# A phone on mobile data: Chromium's DevTools protocol (Network.emulateNetworkConditions, bytes per
# second) and its CPU throttling (Emulation.setCPUThrottlingRate).
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8, "uploadThroughput": 2e6 / 8}
PHONE_CPU = 4
# What the service worker has kept once a first visit is over (sw.js caches each answer as it
# arrives; the snapshot once the page has asked for it, after `ready`), by path, whatever the query.
KEPT = """async (names) => {
    for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        const paths = (await cache.keys()).map((r) => new URL(r.url).pathname);
        // a site built before the worker kept the snapshot unzipped kept the gzipped file
        if (names.every((name) => paths.some((path) => path.endsWith(name) || path.endsWith(name + ".gz")))) return true;
    }
    return false;
}"""
# The files a first visit leaves in the worker's cache for the next: the runtime, the standard
# library and (but on the site without its snapshot) the snapshot.
KEPT_FILES = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "engine-snapshot.bin"]
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


class PhoneSession:
    """A page's DevTools session slowing it like the phone (network and CPU), and the service
    workers it starts: throttling is per target, and the page's does not slow its worker's own
    fetches (on a first visit the worker, in control after a fraction of a second, fetches
    Pyodide's files). Playwright's CDP sessions attach to pages only, so this session auto-attaches
    to the page's workers, each held at its start until its throttling is set, and speaks to them
    through Target.sendMessageToTarget. `workers` counts the workers it throttled."""

    def __init__(self, context, page):
        self.session = context.new_cdp_session(page)
        self.ids = itertools.count(1)
        self.workers = 0
        self.session.on("Target.attachedToTarget", self._attached)
        self.session.send("Network.enable")
        self.session.send("Network.emulateNetworkConditions", PHONE_NETWORK)
        self.session.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
        self.session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    def _send(self, session_id: str, method: str, params: dict) -> None:
        message = json.dumps({"id": next(self.ids), "method": method, "params": params})
        self.session.send("Target.sendMessageToTarget", {"sessionId": session_id, "message": message})

    def _attached(self, event: dict) -> None:
        if event["targetInfo"]["type"] in ("service_worker", "worker"):
            self._send(event["sessionId"], "Network.enable", {})
            self._send(event["sessionId"], "Network.emulateNetworkConditions", PHONE_NETWORK)
            self.workers += 1
        if event.get("waitingForDebugger"):
            self._send(event["sessionId"], "Runtime.runIfWaitingForDebugger", {})


def visit_page(context, phone: bool):
    """A new page of `context`, slowed like a phone (network and CPU) before it navigates if `phone`."""
    page = context.new_page()
    if phone:
        page.phone = PhoneSession(context, page)  # kept: a session collected by Python is detached
    return page


def ready_time(page, url: str) -> tuple[float, str]:
    """Navigate; milliseconds from navigation start to data-state="ready", and the engine's path."""
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    return page.evaluate("() => performance.now()"), page.get_attribute("body", "data-engine")


def visits(browser, url: str, traffic: list, kept: list[str], phone: bool = True) -> dict:
    """A first visit (a new context: empty caches), the bytes the server sent until it was ready
    and after (what the worker then keeps for later visits), and a repeat visit once the service
    worker has kept `kept`; on the phone profile unless `phone` is false."""
    traffic.clear()
    context = browser.new_context(viewport=PHONE)
    page = visit_page(context, phone)
    first, engine = ready_time(page, url)
    marks = page.evaluate(MARKS)
    assert not phone or page.phone.workers == 1, "the service worker was not throttled"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    for _ in range(600):  # the worker keeps each file once its answer has arrived in full
        if page.evaluate(KEPT, kept):
            break
        page.wait_for_timeout(100)
    else:
        raise SystemExit(f"the service worker did not keep {kept} within a minute of {url}'s first visit")
    # play.js asks for the snapshot once the page is ready (unthrottled, it has often arrived by the
    # time this script sees `ready`): the bytes until ready are the others.
    at_ready = [(file, size) for file, size in traffic if "engine-snapshot" not in file]
    after = [(file, size) for file, size in traffic if "engine-snapshot" in file]
    page.close()
    traffic.clear()
    page = visit_page(context, phone)
    repeat, repeat_engine = ready_time(page, url)
    return {"first": first, "worker": marks["citytrip-worker"], "marks": marks, "engine": engine, "bytes": at_ready, "after": after,
            "repeat": repeat, "repeat_marks": page.evaluate(MARKS), "repeat_engine": repeat_engine, "repeat_bytes": list(traffic), "page": page,
            "context": context}


def puzzle_pages(stem: str) -> list[tuple[str, str, str]]:
    """The date's puzzle pages: (name, page under the date's folder, answer file)."""
    return [("daily", "", f"{stem}-answer.yaml"), ("mini", "mini.html", f"{stem}-mini-answer.yaml")]


def taps_of(page, files: Path, answer: str) -> tuple[list[float], list[float]]:
    """The answer key played by taps: per tap, the engine's judgement and judgement plus drawing (ms)."""
    play_plan(page, load_plan(files / answer), load_puzzle(files / answer.replace("-answer", "-puzzle")))
    timings = page.evaluate("() => window.citytripTimings")
    return [t["judge"] for t in timings], [t["total"] for t in timings]


def report(browser, folder: Path, base: str, bare_base: str, traffic: list, args) -> None:
    """Each page's first and repeat visits (bytes until ready, bytes the worker then keeps, time to
    ready) and its taps, on the phone profile with --phone; with --plain, the same for the site
    without its snapshot (every visit starts CPython)."""
    day = dt.date.fromisoformat(args.date)
    stem = f"citytrip-{args.city}-{day.isoformat()}"
    profile = "on the phone profile" if args.phone else "unthrottled"
    for name, page_path, answer in puzzle_pages(stem)[:args.pages]:
        where = f"{args.city}/{day.isoformat()}/{page_path}"
        rows, plain = [], []
        judge, whole = [], []
        for _ in range(args.loads):  # alternated, so that the machine's load falls on both alike
            row = visits(browser, f"{base}/{where}", traffic, KEPT_FILES, args.phone)
            j, w = taps_of(row["page"], folder / args.city / day.isoformat(), answer)
            judge += j
            whole += w
            row["context"].close()
            rows.append(row)
            if args.plain:
                plain.append(visits(browser, f"{bare_base}/{where}", traffic, KEPT_FILES[:2], args.phone))
                plain[-1]["context"].close()
        for kind, kind_rows in [("as built", rows), ("without the snapshot", plain)]:
            if not kind_rows:
                continue
            first = [row["first"] for row in kind_rows]
            repeat = [row["repeat"] for row in kind_rows]
            engines = sorted({row["engine"] for row in kind_rows}), sorted({row["repeat_engine"] for row in kind_rows})
            sent, after = kind_rows[0]["bytes"], kind_rows[0]["after"]
            print(f"{name} {profile}, {kind} ({len(kind_rows)} loads): first visit ({'/'.join(engines[0])}) ready in "
                  f"median {statistics.median(first):.0f} ms, slowest {max(first):.0f} (all {[round(f) for f in first]}); "
                  f"repeat visit ({'/'.join(engines[1])}) median {statistics.median(repeat):.0f} ms, slowest "
                  f"{max(repeat):.0f} (all {[round(r) for r in repeat]}); first visit {sum(s for _, s in sent):,} bytes "
                  f"in {len(sent)} files until ready, then {sum(s for _, s in after):,} bytes kept for later "
                  f"({', '.join(f for f, _ in after) or 'nothing'}); repeat visit "
                  f"{sum(s for _, s in kind_rows[0]['repeat_bytes']):,} bytes; the worker in control at "
                  f"{[round(row['worker']) for row in kind_rows]} ms")
            steps = [("the worker in control", "citytrip-worker"), ("Pyodide's loader", "citytrip-loader"),
                     ("CPython started", "citytrip-pyodide"), ("the engine and the puzzle loaded", "citytrip-engine"),
                     ("the game drawn", "citytrip-drawn")]
            for visit, key in (("first", "marks"), ("repeat", "repeat_marks")):
                print(f"    {visit} visit, median ms from navigation: " + "; ".join(
                    f"{words} {statistics.median(row[key][mark] for row in kind_rows):.0f}" for words, mark in steps
                    if all(mark in row[key] for row in kind_rows)))  # a site built before a mark lacks it
            for file, size in sorted(sent, key=lambda r: (-r[1], r[0]))[:8]:
                print(f"    {size:>11,}  {file}")
        print(f"{name} {profile}: {len(judge)} taps judged in median {statistics.median(judge):.1f} ms "
              f"(slowest {max(judge):.1f}); judged and drawn in median {statistics.median(whole):.1f} ms "
              f"(slowest {max(whole):.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by `citytrip site` (default: build one)")
    parser.add_argument("--date", default="2026-11-30")
    parser.add_argument("--city", default="antwerpen")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--phone", action="store_true", help="measure on the phone profile (see the docstring)")
    parser.add_argument("--plain", action="store_true", help="also the site without its snapshot")
    parser.add_argument("--pages", type=int, default=2, help="1 for the daily only")
    args = parser.parse_args()
    day = dt.date.fromisoformat(args.date)
    folder = args.site or Path(tempfile.mkdtemp(prefix="citytrip-site-"))
    if args.site is None:
        subprocess.run([sys.executable, "-m", "generator", "site", "--out", str(folder), "--from", args.date,
                        "--city", args.city, "--work", "0.5"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    from playwright.sync_api import sync_playwright

    traffic: list = []
    bare = Path(tempfile.mkdtemp(prefix="citytrip-site-bare-"))  # the same site without its snapshot
    shutil.copytree(folder, bare, dirs_exist_ok=True, ignore=shutil.ignore_patterns("engine-snapshot.bin.gz"))
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, bare)
        playwright = stack.enter_context(sync_playwright())
        base = stack.enter_context(served(folder, traffic))
        bare_base = stack.enter_context(served(bare, traffic))
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        report(browser, folder, base, bare_base, traffic, args)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
