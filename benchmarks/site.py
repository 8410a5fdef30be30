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

With --phone (`python benchmarks/site.py --phone [--plain] [--loads N] [--pages 1]`), each page is
measured like a phone on mobile data instead (`phone_visits`): Chromium's DevTools protocol slows
the network to 9 Mbit/s down, 2 Mbit/s up with a 150 ms round trip, and the page's CPU 4 times.
Throttling is per target: the page's session does not slow the service worker's own fetches (and
on a first visit the worker, in control after a fraction of a second, fetches Pyodide's files: a
first visit then took 3 s for 20 MB), so the page's session also attaches to its worker and slows
its network (not its CPU). Per load: a first visit (new context, empty cache), the bytes the server
sent for it, a repeat visit in the same context (the worker in control, its copies kept), then the
answer key's taps; with --plain, the same on the site without its snapshot.
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

from chromium_pages import CHROMIUM_ARGS, PHONE, chromium, open_page, play_plan, served  # noqa: E402
from generator.data.puzzles import load_plan, load_puzzle  # noqa: E402

# A phone on mobile data: Chromium's DevTools protocol (Network.emulateNetworkConditions, bytes per
# second) and its CPU throttling (Emulation.setCPUThrottlingRate).
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8, "uploadThroughput": 2e6 / 8}
PHONE_CPU = 4
# What the service worker has kept once a first visit is over (sw.js caches each answer as it arrives).
KEPT = """async (names) => {
    for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        const urls = (await cache.keys()).map((r) => r.url);
        if (names.every((name) => urls.some((url) => url.endsWith(name)))) return true;
    }
    return false;
}"""
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


def phone_page(context):
    """A new page of `context` slowed like a phone (network and CPU), before it navigates."""
    page = context.new_page()
    page.phone = PhoneSession(context, page)  # kept: a session collected by Python is detached
    return page


def ready_time(page, url: str) -> tuple[float, str]:
    """Navigate; milliseconds from navigation start to data-state="ready", and the engine's path."""
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    return page.evaluate("() => performance.now()"), page.get_attribute("body", "data-engine")


def phone_visits(browser, url: str, traffic: list, kept: list[str]) -> dict:
    """A first visit on the phone profile, the bytes the server sent for it, and a repeat visit
    once the service worker has kept `kept` (the engine's files)."""
    traffic.clear()
    context = browser.new_context(viewport=PHONE)
    page = phone_page(context)
    first, engine = ready_time(page, url)
    worker = page.evaluate(MARKS)["citytrip-worker"]
    assert page.phone.workers == 1, "the service worker was not throttled"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    for _ in range(600):  # the worker keeps each file once its answer has arrived in full
        if page.evaluate(KEPT, kept):
            break
        page.wait_for_timeout(100)
    sent = list(traffic)
    page.close()
    traffic.clear()
    page = phone_page(context)
    repeat, repeat_engine = ready_time(page, url)
    return {"first": first, "worker": worker, "engine": engine, "bytes": sent, "repeat": repeat, "repeat_engine": repeat_engine,
            "repeat_bytes": list(traffic), "page": page, "context": context}


def puzzle_pages(stem: str) -> list[tuple[str, str, str]]:
    """The date's puzzle pages: (name, page under the date's folder, answer file)."""
    return [("daily", "", f"{stem}-answer.yaml"), ("mini", "mini.html", f"{stem}-mini-answer.yaml")]


def taps_of(page, files: Path, answer: str) -> tuple[list[float], list[float]]:
    """The answer key played by taps: per tap, the engine's judgement and judgement plus drawing (ms)."""
    play_plan(page, load_plan(files / answer), load_puzzle(files / answer.replace("-answer", "-puzzle")))
    timings = page.evaluate("() => window.citytripTimings")
    return [t["judge"] for t in timings], [t["total"] for t in timings]


def phone_report(browser, folder: Path, base: str, bare_base: str, traffic: list, args) -> None:
    """--phone: each page's first and repeat visits, bytes and taps on the phone profile; and the
    first visit without the snapshot (the plain start: fewer bytes, more CPU)."""
    day = dt.date.fromisoformat(args.date)
    stem = f"citytrip-{args.city}-{day.isoformat()}"
    kept = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"]
    for name, page_path, answer in puzzle_pages(stem)[:args.pages]:
        where = f"{args.city}/{day.isoformat()}/{page_path}"
        rows, plain = [], []
        judge, whole = [], []
        for _ in range(args.loads):
            row = phone_visits(browser, f"{base}/{where}", traffic, kept)
            j, w = taps_of(row["page"], folder / args.city / day.isoformat(), answer)
            judge += j
            whole += w
            row["context"].close()
            rows.append(row)
            if args.plain:
                plain.append(phone_visits(browser, f"{bare_base}/{where}", traffic, kept))
                plain[-1]["context"].close()
        for kind, kind_rows in [("as built", rows), ("without the snapshot", plain)]:
            if not kind_rows:
                continue
            first = [row["first"] for row in kind_rows]
            repeat = [row["repeat"] for row in kind_rows]
            paths = sorted({row["engine"] for row in kind_rows} | {row["repeat_engine"] for row in kind_rows})
            sent = kind_rows[0]["bytes"]
            print(f"{name} on the phone profile, {kind} ({len(kind_rows)} loads, engine {'/'.join(paths)}): "
                  f"first visit ready in median {statistics.median(first):.0f} ms, slowest {max(first):.0f} "
                  f"(all {[round(f) for f in first]}); repeat visit median {statistics.median(repeat):.0f} ms, slowest "
                  f"{max(repeat):.0f} (all {[round(r) for r in repeat]}); first visit {sum(s for _, s in sent):,} bytes "
                  f"in {len(sent)} files, repeat {sum(s for _, s in kind_rows[0]['repeat_bytes']):,} bytes; the "
                  f"worker in control at {[round(row['worker']) for row in kind_rows]} ms")
            for file, size in sorted(sent, key=lambda r: (-r[1], r[0]))[:8]:
                print(f"    {size:>11,}  {file}")
        print(f"{name} on the phone profile: {len(judge)} taps judged in median {statistics.median(judge):.1f} ms "
              f"(slowest {max(judge):.1f}); judged and drawn in median {statistics.median(whole):.1f} ms "
              f"(slowest {max(whole):.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by `citytrip site` (default: build one)")
    parser.add_argument("--date", default="2026-11-30")
    parser.add_argument("--city", default="antwerpen")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--phone", action="store_true", help="measure on the phone profile (see the docstring)")
    parser.add_argument("--plain", action="store_true", help="with --phone: also the site without its snapshot")
    parser.add_argument("--pages", type=int, default=2, help="with --phone: 1 for the daily only")
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
        if args.phone:
            phone_report(browser, folder, base, bare_base, traffic, args)
            browser.close()
            return 0
        for name, page_path, answer in puzzle_pages(stem):
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
            judge, whole = taps_of(page, folder / args.city / day.isoformat(), answer)
            print(f"{name}: {len(judge)} taps of the answer key: judged in median {statistics.median(judge):.1f} ms "
                  f"(slowest {max(judge):.1f}); judged and drawn in median {statistics.median(whole):.1f} ms "
                  f"(slowest {max(whole):.1f}); final score {page.text_content('#score')}")
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
