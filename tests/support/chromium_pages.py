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
    return _opened(browser.new_page(viewport=viewport), url, timeout)


def context_page(context, url: str, timeout: float = 180_000):
    """`open_page` in a browser context of the test's own (its own storage and service worker)."""
    return _opened(context.new_page(), url, timeout)


def _opened(page, url: str, timeout: float):
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
            click(page, tap)
            if must_be_taken:
                _taken(page, f"turn {number}: {' '.join(map(str, tap))}")


def click(page, tap) -> None:
    """One tap of tests/support/taps.py's kind, by clicking what a player clicks."""
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
        page.click(f'#bonus button[data-value="{args[0]}"][data-action="{args[1]}"]')
    else:
        page.click("#next")


# --- the keyboard alone: Tab to a control, the map's cursor moved by the arrow keys ----------------

def focus_by_keys(page, selector: str, limit: int = 120) -> None:
    """Tab (or Shift+Tab, when `selector` comes earlier in the page) until the focused element
    matches `selector`, as a keyboard user does; AssertionError when it is never reached."""
    key = page.evaluate("""selector => {
        const wanted = document.querySelector(selector), active = document.activeElement;
        if (!wanted) return null;
        if (!active || active === document.body || active.matches(selector)) return "Tab";
        return active.compareDocumentPosition(wanted) & Node.DOCUMENT_POSITION_FOLLOWING ? "Tab" : "Shift+Tab";
    }""", selector)
    if key is None:
        raise AssertionError(f"nothing on the page matches {selector}")
    for _ in range(limit):
        if page.evaluate("selector => Boolean(document.activeElement?.matches(selector))", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} was not reached with {key}")


def press_on(page, selector: str, key: str = "Enter") -> None:
    """Tab to `selector` and press `key` there."""
    focus_by_keys(page, selector)
    page.keyboard.press(key)


def key_to_node(page, at: str) -> None:
    """Tab to the map's one tab stop (its cursor) and move the cursor to node `at` with the arrow keys."""
    focus_by_keys(page, "#map .target[tabindex='0']")
    nodes = page.evaluate("() => JSON.parse(document.getElementById('puzzle-data').textContent).map.nodes")
    for _ in range(200):
        now = page.evaluate("() => document.activeElement.dataset.at")
        if now == at:
            return
        (x, y), (to_x, to_y) = nodes[now], nodes[at]
        if abs(to_x - x) > 0.5:
            page.keyboard.press("ArrowRight" if to_x > x else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if to_y > y else "ArrowUp")
    raise AssertionError(f"the map's cursor did not reach {at}")


def key_tap(page, tap) -> None:
    """One tap of tests/support/taps.py's or tests/web/paper_order.py's kinds, made with the keyboard
    alone: Enter on a button reached by Tab, Space on a node reached by the map's cursor."""
    kind, *args = tap
    if kind == "box":
        press_on(page, f'#this-turn button[data-box="{args[0]}"]')
    elif kind == "end":
        if page.is_visible("#ends"):
            press_on(page, f'#ends button[data-end="{args[0]}"]')
    elif kind in ("step", "goal"):
        key_to_node(page, args[0])
        page.keyboard.press("Space")
        if kind == "goal" and page.is_visible("#choice"):
            press_on(page, f'#choice button[data-goal="{args[1]}"]')
    elif kind == "bonus":
        press_on(page, f'#bonus button[data-value="{args[0]}"][data-action="{args[1]}"]')
    else:
        press_on(page, "#next")
