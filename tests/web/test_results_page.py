"""The page's side of the results service (issue 56): a site built with `--results-url`, played in
Chromium against a real `citytrip serve` in a subprocess, on SQLite and on a throwaway PostgreSQL
cluster (tests/results/conftest.py), never a mock.

The site holds the pinned puzzles of Antwerpen's 2026-12-14 (tests/data/daily: the codes the server
publishes for that date at work 0.5), built once for the server's address. Both ways a site meets
its service are played: the page served by `citytrip serve --site` (one origin), and the same
folder served by a static server on another port, which the service takes by `--allow-origin`
(CORS). The daily is won by taps (about 20 s), the offline and second plays use the mini (6 turns).
Screenshots of the end of the game (en, fr) go to output/test-artifacts/site/."""

from __future__ import annotations

import contextlib
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from chromium_pages import DESKTOP, PHONE, context_page, play_plan, served
from generator.data.puzzles import load_plan, load_puzzle
from generator.language import speaking
from generator.players.honest import honest_plan
from generator.results.app import FIGURES_AGE
from generator.rules.notation import format_plan
from generator.rules.replay import replay
from generator.site.build import build_site
from tests.results.conftest import (  # noqa: F401 (postgres: the throwaway cluster's fixture)
    DATA, DAY, STEM, Server, free_port, fresh_database, pinned, pinned_dailies, postgres, published_rows,
)
from tests.web.conftest import shot
from tests.web.test_browser import AXE, axe_violations, small_targets

DAILY_PAGE = "antwerpen/2026-12-14/"
MINI_PAGE = "antwerpen/2026-12-14/mini.html"
QUEUE = "citytrip-results-v1"
PLAYER = "citytrip-player-v1"


@dataclass
class ResultsSite:
    folder: Path
    port: int  # where `citytrip serve` must listen: the address the site was built with
    static: str  # the same folder served by a static server, another origin ("": none)

    @property
    def service(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def build(tmp_path_factory, port: int, lang: str) -> Path:
    folder = tmp_path_factory.mktemp(f"results-site-{lang}")
    with speaking(lang):
        build_site(folder, ["antwerpen"], [DAY], pinned_dailies, results_url=f"http://127.0.0.1:{port}")
    return folder


@pytest.fixture(scope="module")
def results_site(tmp_path_factory):
    port = free_port()
    folder = build(tmp_path_factory, port, "en")
    with served(folder) as static:
        yield ResultsSite(folder, port, static)


@contextlib.contextmanager
def serving(site: ResultsSite, db: str, today: str = "2026-12-13"):
    """`citytrip serve` on the site's port, with the site (`--site`) and the static server's origin
    allowed, its database holding the pinned puzzles, `today` its date."""
    published_rows(db)
    allowed = ("--allow-origin", site.static) if site.static else ()
    server = Server(db, "--site", str(site.folder), *allowed, port=site.port, today=today).start()
    try:
        yield server
    finally:
        server.stop()


def sqlite_db(tmp_path) -> str:
    return str(tmp_path / "results.sqlite")


def posts(requests: list) -> list:
    return [r for r in requests if r.method == "POST" and r.url.endswith("/api/v1/plays")]


def recorded(context) -> list:
    requests: list = []
    context.on("request", lambda request: requests.append(request))
    return requests


def day_figures(server: Server, kind: str) -> dict:
    """The server's figures of the pinned `kind` as they are now (the server answers figures up to
    FIGURES_AGE old: this waits that long first)."""
    time.sleep(FIGURES_AGE + 0.1)
    status, figures = server.get(f"/api/v1/days/antwerpen/{DAY}?kind={kind}")
    assert status == 200, figures
    return figures


def kept(page) -> dict | None:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(QUEUE)}))")


def reopened(page) -> None:
    """The next visit: the page loaded again, its engine ready."""
    page.reload()
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)


def seeded(server: Server, kind: str, plans) -> None:
    """Other players' plays of the pinned `kind`, posted as their pages would."""
    code = pinned(kind)[0].code
    for n, plan in enumerate(plans):
        status, answer = server.post({"code": code, "plan": format_plan(plan), "player": f"other-player-{n}",
                                      "revealed": False})
        assert status == 201, answer


def pinned_game(kind: str):
    stem = STEM + ("-mini" if kind == "mini" else "")
    return load_puzzle(DATA / f"{stem}-puzzle.yaml"), load_plan(DATA / f"{stem}-answer.yaml")


def finish(page, kind: str) -> None:
    """The pinned answer played by taps, to the end, and the standing shown."""
    puzzle, plan = pinned_game(kind)
    play_plan(page, plan, puzzle)
    assert page.is_visible("#result")
    page.wait_for_selector("#standing:not([hidden])", timeout=30_000)


def test_the_site_names_its_results_service_and_how_to_play_says_what_is_sent(results_site):
    """Built with --results-url: each puzzle page's data names the service, and how to play says
    what a finished play sends (the code, the plan, a random id) and what it does not."""
    for page in (DAILY_PAGE + "index.html", MINI_PAGE):
        html = (results_site.folder / page).read_text(encoding="utf-8")
        data = json.loads(re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>', html, re.S).group(1))
        assert data["page"]["results"] == results_site.service
    assert '"assets/results.js"' in (results_site.folder / "sw.js").read_text()  # kept for a visit offline
    how = (results_site.folder / "how-to-play.html").read_text(encoding="utf-8")
    sent = re.search(r'<p id="results-sent">(.*?)</p>', how, re.S).group(1)
    for words in (results_site.service, "the puzzle code", "your route", "a random id", "no name",
                  "no e-mail or postal address", "no account"):
        assert words in sent, words


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_daily_won_by_taps_shows_the_standing_from_a_running_serve(results_site, browser, tmp_path, request, database):
    """Three other players' plays are on the server (the answer key once, the honest player's plan
    twice); the daily won by taps is posted once, and the page says the standing the engine's own
    replay of those plays gives ("96 points: better than 50 % of 4 players of this puzzle; 100 %
    won"), with the histogram's bar of 95–99 marked and its text alternative; the server counts 4
    plays. SQLite with
    the page served by `citytrip serve --site` (one origin); PostgreSQL with the page on another
    origin (CORS). The end passes axe-core and the 24-px target rule."""
    db = fresh_database(database, tmp_path, request, "page")
    puzzle, answer = pinned_game("daily")
    published, _ = pinned("daily")
    others = [answer, honest_plan(puzzle), honest_plan(puzzle)]
    with serving(results_site, db) as server:
        seeded(server, "daily", others)
        base = server.url if database == "sqlite" else results_site.static
        context = browser.new_context(viewport=PHONE)
        requests = recorded(context)
        page = context_page(context, f"{base}/{DAILY_PAGE}")
        finish(page, "daily")

        scores = [replay(puzzle, plan).score for plan in others] + [published.par]
        won = [replay(puzzle, plan).won(published.target) for plan in others] + [True]
        below = sum(score < published.par for score in scores)
        expected = (f"{published.par} points: better than {round(100 * below / len(scores))} % of {len(scores)} players "
                    f"of this puzzle; {round(100 * sum(won) / len(won))} % won.")
        assert page.text_content("#standing-text") == expected
        assert page.locator(".histogram .bar.mine").count() == 1
        label = page.get_attribute(".histogram .bars", "aria-label")
        mine = sum(95 <= score <= 99 for score in scores)
        assert f"95 to 99 points: {mine} (your score)" in label and label.startswith("Players by score: ")
        figures = day_figures(server, "daily")
        assert figures["plays"] == len(scores) == 4
        assert len(posts(requests)) == 1 and posts(requests)[0].url == f"{results_site.service}/api/v1/plays"
        assert kept(page)["queue"] == [] and kept(page)["sent"] == {f"antwerpen/{DAY}/daily": published.par}
        shot(page, f"results-daily-{database}-phone-end", full=True)
        page.locator("#standing").scroll_into_view_if_needed()
        shot(page, f"results-daily-{database}-phone-standing")
        assert AXE.exists(), "run `npm ci`: axe-core is a dev dependency in package.json"
        assert small_targets(page) == []
        for viewport in (PHONE, DESKTOP):
            page.set_viewport_size(viewport)
            assert axe_violations(page) == [], viewport
        assert not page.errors
        context.close()


def test_a_play_made_offline_is_sent_on_the_next_visit_and_counted_once(results_site, browser, tmp_path):
    """The mini finished without a network: the page says the result is kept, the server has no
    play; back online, the next visit sends it (the server counts 1 play); a visit after that sends
    nothing more."""
    with serving(results_site, sqlite_db(tmp_path)) as server:
        context = browser.new_context(viewport=PHONE)
        requests = recorded(context)
        page = context_page(context, f"{results_site.static}/{MINI_PAGE}")
        context.set_offline(True)
        finish(page, "mini")
        assert "kept in this browser" in page.text_content("#standing-text")
        assert [entry["key"] for entry in kept(page)["queue"]] == [f"antwerpen/{DAY}/mini"]
        assert day_figures(server, "mini")["plays"] == 0
        shot(page, "results-mini-offline-phone-end", full=True)

        context.set_offline(False)
        page.reload()
        page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(QUEUE)})).queue.length === 0",
                               timeout=30_000)
        assert day_figures(server, "mini")["plays"] == 1
        assert kept(page)["sent"] == {f"antwerpen/{DAY}/mini": pinned("mini")[0].par}
        sent = len(posts(requests))
        reopened(page)
        assert len(posts(requests)) == sent and day_figures(server, "mini")["plays"] == 1
        assert not page.errors
        context.close()


def test_a_second_play_of_the_same_puzzle_is_not_counted_twice(results_site, browser, tmp_path):
    """The mini played twice in one browser: the second finish posts nothing and says the first play
    is the one counted; with the page's record of what it sent lost (its player id kept), a third
    finish posts, the server answers "already counted" (200), and its figures still show 1 play."""
    with serving(results_site, sqlite_db(tmp_path)) as server:
        context = browser.new_context(viewport=PHONE)
        requests = recorded(context)
        page = context_page(context, f"{server.url}/{MINI_PAGE}")
        finish(page, "mini")
        assert page.text_content("#standing-text").startswith(f"{pinned('mini')[0].par} points: you are the first player")
        player = page.evaluate(f"() => localStorage.getItem({json.dumps(PLAYER)})")
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", player)

        reopened(page)  # a finished game is not kept: the puzzle starts again
        finish(page, "mini")
        assert page.text_content("#standing-text") == "Your first play of this puzzle is the one counted."
        assert page.locator(".histogram .bar.mine").count() == 1
        assert len(posts(requests)) == 1

        page.evaluate(f"() => localStorage.removeItem({json.dumps(QUEUE)})")
        reopened(page)
        with page.expect_response(lambda r: r.url.endswith("/api/v1/plays")) as answered:
            finish(page, "mini")
        assert answered.value.status == 200 and "already counted" in answered.value.json()["message"]
        assert page.text_content("#standing-text").startswith("Your first play of this puzzle is the one counted.")
        assert len(posts(requests)) == 2 and all(json.loads(r.post_data)["player"] == player for r in posts(requests))
        assert day_figures(server, "mini")["plays"] == 1
        assert not page.errors
        context.close()


def test_a_play_after_the_answer_key_was_opened_is_sent_as_revealed_and_not_counted(results_site, browser, tmp_path):
    """Opening the answer key before the end: the play is posted with revealed true, stored but not
    counted, and the page says so."""
    with serving(results_site, sqlite_db(tmp_path)) as server:
        context = browser.new_context(viewport=PHONE)
        requests = recorded(context)
        page = context_page(context, f"{server.url}/{MINI_PAGE}")
        page.click("#answer summary")
        finish(page, "mini")
        assert [json.loads(r.post_data)["revealed"] for r in posts(requests)] == [True]
        assert "not counted" in page.text_content("#standing-text")
        assert day_figures(server, "mini")["plays"] == 0
        assert kept(page) == {"version": 1, "queue": [], "sent": {f"antwerpen/{DAY}/mini": None},
                              "revealed": [f"antwerpen/{DAY}/mini"]}
        context.close()


def test_a_refused_play_leaves_the_queue_with_a_console_line_and_nothing_on_the_page(results_site, browser, tmp_path):
    """The server's today two weeks before the puzzle's date: it refuses the play (422, not
    published yet); the page drops it from its queue (it will never be taken), logs the refusal in
    the console and shows the player nothing about it."""
    with serving(results_site, sqlite_db(tmp_path), today="2026-11-30") as server:
        context = browser.new_context(viewport=PHONE)
        page = context_page(context, f"{server.url}/{MINI_PAGE}")
        logged: list[str] = []
        page.on("console", lambda line: logged.append(line.text))
        puzzle, plan = pinned_game("mini")
        with page.expect_response(lambda r: r.url.endswith("/api/v1/plays")) as answered:
            play_plan(page, plan, puzzle)
        assert answered.value.status == 422
        page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(QUEUE)})).queue.length === 0")
        assert kept(page)["sent"] == {f"antwerpen/{DAY}/mini": None}
        assert any("refused the play" in line for line in logged), logged
        assert page.is_visible("#result") and page.get_attribute("#standing", "hidden") is not None
        assert page.text_content("#standing") == "" and not page.errors
        context.close()


def test_the_standing_in_french(browser, tmp_path_factory, tmp_path):
    """A French site: the standing's line and the histogram's text alternative in French, the
    percentages written as the site's French writes them ("50 %", with a narrow no-break space)."""
    port = free_port()
    site = ResultsSite(build(tmp_path_factory, port, "fr"), port, "")
    puzzle, answer = pinned_game("mini")
    with serving(site, sqlite_db(tmp_path)) as server:
        seeded(server, "mini", [answer, honest_plan(puzzle), honest_plan(puzzle)])
        context = browser.new_context(viewport=PHONE)
        page = context_page(context, f"{server.url}/{MINI_PAGE}")
        finish(page, "mini")
        published = pinned("mini")[0]
        scores = [replay(puzzle, plan).score for plan in (answer, honest_plan(puzzle), honest_plan(puzzle))]
        below = sum(score < published.par for score in scores)
        won = 1 + sum(replay(puzzle, plan).won(published.target) for plan in (answer, honest_plan(puzzle), honest_plan(puzzle)))
        n = "\u202f"  # the site's French space before : ; ! ? and %
        assert page.text_content("#standing-text") == (
            f"{published.par} points{n}: mieux que {round(100 * below / 4)}{n}% des 4 joueurs de ce puzzle{n}; "
            f"{round(100 * won / 4)}{n}% ont gagné.")
        assert page.get_attribute(".histogram .bars", "aria-label").startswith("Joueurs par score")
        page.locator("#standing").scroll_into_view_if_needed()
        shot(page, "results-mini-fr-phone-standing")
        shot(page, "results-mini-fr-phone-end", full=True)
        assert axe_violations(page) == [] and small_targets(page) == []
        how = context.new_page()
        how.goto(f"{server.url}/how-to-play.html")
        assert "Ce que ce site envoie" in how.text_content("h2:last-of-type")
        shot(how, "results-how-to-play-fr-phone", full=True)
        assert axe_violations(how) == []
        assert not page.errors
        context.close()
