"""One site for the site tests, built once: Antwerpen's Monday (basic game) and Friday (advanced
game), each with its mini, and Saturday without one, made by the daily job with stand-ins for its
search and its panel (tests/support/stand_in.py: the pages, not the par's quality, are tested
here; the real ones run in tests/daily/test_daily_command.py) and the real mini prover; the
same puzzles' site in Dutch and French; and a browser."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.daily.job import Daily
from generator.daily.job import Pages
from generator.daily.mini import make_mini
from generator.language import speaking
from generator.site.build import build_site
from generator.render.daily import render_daily
from stand_in import stand_in_daily
from tests.web.days import SATURDAY, SITE_DAYS

BASE_URL = "https://example.org/citytrip"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("CITYTRIP_ARTIFACTS", ROOT / "output" / "test-artifacts")) / "site"


@dataclass
class Site:
    folder: Path
    written: list[Path]
    puzzles: dict[tuple[str, bool], Daily]  # (date, mini) → the daily or mini on the site


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Site:
    puzzles: dict[tuple[str, bool], Daily] = {}
    def recorded(city, day, folder):
        daily = stand_in_daily(city, day, folder, render_daily, BASE_URL)
        mini = make_mini(city, day, Pages(folder, render_daily, BASE_URL)) if day != SATURDAY else None
        puzzles[(day.isoformat(), False)] = daily
        if mini is not None:
            puzzles[(day.isoformat(), True)] = mini
        return daily, mini

    folder = tmp_path_factory.mktemp("site")
    written = build_site(folder, ["antwerpen"], SITE_DAYS, recorded)
    return Site(folder, written, puzzles)


@pytest.fixture(scope="session")
def site_in(site, tmp_path_factory):
    """`site_in("nl")`: the site of the same puzzles built in another language, once per session
    (its pages and shared files; the daily job is not run again, so it has no PDFs of its own)."""
    built: dict[str, Site] = {}

    def same_puzzles(city, day, folder):
        return site.puzzles[(day.isoformat(), False)], site.puzzles.get((day.isoformat(), True))

    def build(lang: str) -> Site:
        if lang not in built:
            folder = tmp_path_factory.mktemp(f"site-{lang}")
            with speaking(lang):
                written = build_site(folder, ["antwerpen"], SITE_DAYS, same_puzzles)
            built[lang] = Site(folder, written, site.puzzles)
        return built[lang]

    return build


@pytest.fixture(scope="module")
def base(site):
    """The session's site served on 127.0.0.1 while a module's tests run; its address."""
    from chromium_pages import served

    with served(site.folder) as address:
        yield address


# True once every one of `urls` is in the worker's caches, false after 10 s.
KEPT_WITHIN_10_S = """async (urls) => {
  for (let tries = 0; tries < 100; tries++) {
    if ((await Promise.all(urls.map((url) => caches.match(url)))).every(Boolean)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def controlled_page(context, url: str):
    """A new page of `context` at `url`, once ready and in the service worker's control: what an
    offline reload needs first."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    return page


def shot(page, name: str, full: bool = False) -> None:
    """A screenshot of `page` into the test artifacts (output/test-artifacts/site/NAME.png)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright; skipped where it is not installed, unless
    CITYTRIP_REQUIRE_BROWSER is set (CI sets it: there a missing browser is a failure)."""
    from chromium_pages import CHROMIUM_ARGS, chromium

    executable = chromium()
    if executable is None:
        if os.environ.get("CITYTRIP_REQUIRE_BROWSER"):
            pytest.fail("CITYTRIP_REQUIRE_BROWSER is set but no chromium is installed (apt-get install chromium)")
        pytest.skip("no chromium: install Debian's package (apt-get install chromium) to run the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
