"""Driving a puzzle page in a real browser: Debian's Chromium under Playwright, the site served
on 127.0.0.1 by the standard library's HTTP server (as any static host would serve it).

Used by tests/web and benchmarks/site.py. Playwright's own browser download is not used (this
machine cannot fetch it): the browser is the system's /usr/bin/chromium, installed with apt-get.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from pathlib import Path
from typing import Iterator

from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle
from taps import judged, plan_taps

# The flags the machine needs: no sandbox as root, no GPU, and no background calls to Google's
# services, which a closed network refuses by the dozen.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def chromium() -> str | None:
    return os.environ.get("CITYTRIP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    traffic: list[tuple[str, int]] | None = None  # (path, body bytes) of each file sent, when kept

    def log_message(self, *args) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        if self.traffic is not None:
            self.traffic.append((self.path, source.tell() - start))


@contextlib.contextmanager
def served(folder: Path, traffic: list[tuple[str, int]] | None = None) -> Iterator[str]:
    """The folder served over HTTP on a free port of 127.0.0.1; yields the base address. With
    `traffic`, each file sent is appended to it as (path, bytes)."""
    handler = functools.partial(type("Handler", (_Quiet,), {"traffic": traffic}), directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def open_page(browser, url: str, viewport: dict = PHONE, timeout: float = 180_000):
    """A new page at `url`, once the engine is loaded (data-state="ready"); page errors collected
    in `page.errors`. The wait is generous: the suite's other worker may be solving a daily on
    the same two cores (how fast a page opens is benchmarks/site.py's to measure)."""
    page = browser.new_page(viewport=viewport)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=timeout)
    return page


def change_fragment(page, fragment: str) -> None:
    """Set the address's fragment ("#plan=…") of an open page, and return once the page has handled
    it (its own hashchange listener, added first, runs before this one's): a second route on one
    page, without loading the engine again."""
    page.evaluate("""fragment => new Promise(done => {
        window.addEventListener("hashchange", () => setTimeout(done), {once: true});
        location.hash = fragment;
    })""", fragment)


def tap_node(page, at: str) -> None:
    page.click(f'circle.target[data-at="{at}"]')


def game_state(page) -> dict:
    """What a player sees of a game (a daily's or a level's): turn, score, the route and ticks on
    the map, the boxes chosen, the actions left and the score's rows."""
    return page.evaluate("""() => ({
        turn: document.getElementById("turn").textContent,
        score: document.getElementById("score").textContent,
        route: [...document.querySelectorAll("#map .overlay polyline")].map(l => l.getAttribute("class") + " " + l.getAttribute("points")),
        rings: [...document.querySelectorAll("#map .overlay circle:not(.target)")].map(c => c.getAttribute("class") + " " + c.getAttribute("cx") + "," + c.getAttribute("cy")),
        boxes: [...document.querySelectorAll("#this-turn button[aria-pressed=true]")].map(b => b.dataset.box),
        left: document.getElementById("left").textContent,
        breakdown: document.getElementById("breakdown").textContent,
    })""")


def refused(page) -> str:
    """The page's explanation of a refused tap ("" when the last tap was taken)."""
    return page.text_content("#message.illegal") or "" if page.query_selector("#message.illegal") else ""


def _taken(page, what: str) -> None:
    message = refused(page)
    if message:
        raise AssertionError(f"{what} was refused: {message}")


def as_played(plan: Plan) -> list:
    """Each turn's boxes, walk, goals and bonus uses, goals and bonus uses in any order: a player
    may tick a goal before another to earn the bonus that pays for the rest of the walk
    (tests/support/taps.py), and the page writes the goals in the order they were ticked."""
    return [(t.boxes, t.moves, sorted(map(str, t.goals)), sorted(map(str, t.bonus))) for t in plan.turns]


def play_plan(page, plan: Plan, puzzle: Puzzle) -> None:
    """Write a plan by taps, as a player would (tests/support/taps.py finds the order the page takes:
    boxes, bonus actions as soon as offered, the walk, the goals, Next turn); AssertionError when
    the page refuses a tap."""
    for number, taps in enumerate(plan_taps(puzzle, plan), start=1):
        for tap, must_be_taken in judged(taps):
            _click(page, tap)
            if must_be_taken:
                _taken(page, f"turn {number}: {' '.join(map(str, tap))}")


def _click(page, tap) -> None:
    kind, *args = tap
    if kind == "box":
        page.click(f'#this-turn button[data-box="{args[0]}"]')
    elif kind == "end":
        if page.is_visible("#ends"):
            page.click(f'#ends button[data-end="{args[0]}"]')
    elif kind == "step":
        tap_node(page, args[0])
    elif kind == "goal":
        tap_node(page, args[0])
        if args[1] is not None:
            page.click(f'#choice button[data-goal="{args[1]}"]')
    elif kind == "bonus":
        page.click(f'#bonus button[aria-label="bonus {args[0]} {args[1]}"]')
    else:
        page.click("#next")
