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


def open_page(browser, url: str, viewport: dict = PHONE, timeout: float = 60_000):
    """A new page at `url`, once the engine is loaded (data-state="ready"); page errors collected
    in `page.errors`."""
    page = browser.new_page(viewport=viewport)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=timeout)
    return page


def tap_node(page, at: str) -> None:
    page.click(f'circle.target[data-at="{at}"]')


def refused(page) -> str:
    """The page's explanation of a refused tap ("" when the last tap was taken)."""
    return page.text_content("#message.illegal") or "" if page.query_selector("#message.illegal") else ""


def _taken(page, what: str) -> None:
    message = refused(page)
    if message:
        raise AssertionError(f"{what} was refused: {message}")


def play_turn(page, turn, number: int = 0) -> None:
    """Write one turn of a plan by taps, as a player would: boxes, walk, tick goals (bonus actions
    as soon as the page offers them), then Next turn; AssertionError when a tap is refused."""
    for box in turn.boxes:
        page.click(f'#this-turn button[data-box="{box}"]')
    _taken(page, f"turn {number}: boxes {' '.join(turn.boxes)}")
    pending = list(turn.bonus)

    def use_bonus() -> None:
        for use in list(pending):
            button = page.query_selector(f'#bonus button[aria-label="bonus {use.value} {use.action.value}"]')
            if button is not None:
                button.click()
                _taken(page, f"turn {number}: bonus {use}")
                pending.remove(use)

    use_bonus()
    for end in (0, 1):
        if turn.moves[end] and page.is_visible("#ends"):
            page.click(f'#ends button[data-end="{end}"]')
        for at in turn.moves[end]:
            tap_node(page, str(at))
            _taken(page, f"turn {number}: step to {at}")
    for claim in turn.goals:
        use_bonus()
        tap_node(page, str(claim.at))
        if claim.goal is not None:
            page.click(f'#choice button[data-goal="{claim.goal}"]')
        _taken(page, f"turn {number}: goal {claim}")
        use_bonus()
    if pending:
        raise AssertionError(f"turn {number}: the page never offered the bonus actions {pending}")
    page.click("#next")
    _taken(page, f"turn {number}: next turn")


def play_plan(page, plan: Plan) -> None:
    for number, turn in enumerate(plan.turns, start=1):
        play_turn(page, turn, number)
