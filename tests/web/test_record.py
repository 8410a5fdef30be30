"""The player's record of days played ("Your days", templates/site/record.js): kept in the
browser's own storage, added to when a game is finished by taps, never by a shared route; shown on
the index (per city: played, won, streaks, medals) and at the end of a game; a damaged record is
ignored with a console warning; one button clears it. The statistics are checked in Node too.

One daily is played by taps (about 10 s); the other states are the record that play wrote, read
back from storage and edited, as a player's later days would have written it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.parse
from pathlib import Path

import pytest

from chromium_pages import PHONE, as_played, change_fragment, game_state, open_page, play_plan, served
from generator.rules.notation import format_plan, parse_plan
from generator.rules.plan import Plan
from tests.web.conftest import shot
from tests.web.days import MONDAY

KEY = "citytrip-days-v1"
RECORD_JS = Path(__file__).resolve().parents[2] / "templates" / "site" / "record.js"
MONDAY_PAGE = "antwerpen/2026-11-30/"
MONDAY_MINI = "antwerpen/2026-11-30/mini.html"


def shot_result(page, name: str) -> None:
    """The end of the game in sight, its verdict below the sticky score line."""
    page.evaluate("() => { document.getElementById('result').scrollIntoView(); window.scrollBy(0, -60); }")
    shot(page, name)


def stored(page) -> dict | None:
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return None if text is None else json.loads(text)


def store(page, record) -> None:
    text = record if isinstance(record, str) else json.dumps(record)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, text])


def stat(page, name: str, kind: str = "daily") -> str:
    return page.text_content(f'table.days[data-city="antwerpen"] tr[data-stat="{name}"] td.{kind}')


def days_shown(page) -> dict[str, str]:
    return {name: stat(page, name) for name in ("played", "won", "current", "longest", "gold")}


def game(date: str, won: bool, medal: str | None = None, mini: bool = False) -> dict:
    return {"city": "antwerpen", "date": date, "mini": mini, "won": won, "medal": medal, "score": 40}


# --- the statistics, in Node ----------------------------------------------------------------------

NODE_CHECK = """
import * as days from %s;
const game = (date, won, mini = false) => ({city: "antwerpen", date, mini, won, medal: won ? "gold" : null, score: 40});
const stats = (games) => {
  let record = days.emptyRecord();
  for (const g of games) record = days.withGame(record, g);
  const {daily, mini} = days.cityStats(record, "antwerpen");
  return [daily.played, daily.won, daily.current, daily.longest, mini.played];
};
const warnings = [];
console.warn = (text) => warnings.push(text);
const parsed = (value) => JSON.stringify(days.parseRecord(value));
console.log(JSON.stringify({
  none: stats([]),
  three: stats([game("2026-11-30", true), game("2026-12-01", true), game("2026-12-02", true)]),
  unordered: stats([game("2026-12-02", true), game("2026-11-30", true), game("2026-12-01", true)]),
  gap: stats([game("2026-11-29", true), game("2026-11-30", true), game("2026-12-02", true)]),
  lost_last: stats([game("2026-11-30", true), game("2026-12-01", false)]),
  month_end: stats([game("2026-02-28", true), game("2026-03-01", true)]),
  mini_apart: stats([game("2026-11-30", true), game("2026-12-01", false, true), game("2026-12-02", true)]),
  first_kept: stats([game("2026-11-30", false), game("2026-11-30", true)]),
  bad: [
    "{", "null", "[]", '{"version": 2, "games": []}', '{"version": 1}', '{"version": 1, "games": {}, "x": 1}',
    JSON.stringify({version: 1, games: [game("2026-02-29", true)]}),
    JSON.stringify({version: 1, games: [{...game("2026-11-30", true), score: "40"}]}),
    JSON.stringify({version: 1, games: [{...game("2026-11-30", false), medal: "gold"}]}),
    JSON.stringify({version: 1, games: [{...game("2026-11-30", true), run: "alert(1)"}]}),
    JSON.stringify({version: 1, games: [game("2026-11-30", true), game("2026-11-30", false)]}),
  ].map(parsed),
  good: parsed(JSON.stringify({version: 1, games: [game("2026-11-30", true)]})),
  warnings: warnings.length,
}));
"""


def test_the_streaks_and_the_check_of_a_stored_record_in_node():
    """Streaks by puzzle date, per city, dailies only: a gap or a loss ends a run, the first play
    of a date is kept; anything not exactly a record reads as an empty one, with one warning."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    script = NODE_CHECK % json.dumps(RECORD_JS.as_uri())
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # [dailies played, won, current streak, longest streak, minis played]
    assert out["none"] == [0, 0, 0, 0, 0]
    assert out["three"] == out["unordered"] == [3, 3, 3, 3, 0]
    assert out["gap"] == [3, 3, 1, 2, 0]
    assert out["lost_last"] == [2, 1, 0, 1, 0]
    assert out["month_end"] == [2, 2, 2, 2, 0]
    assert out["mini_apart"] == [2, 2, 1, 1, 1]  # a mini is no daily date: 11-30 and 12-02 are apart
    assert out["first_kept"] == [1, 0, 0, 0, 0]
    assert set(out["bad"]) == {'{"version":1,"games":[]}'}
    assert json.loads(out["good"])["games"][0]["date"] == "2026-11-30"
    assert out["warnings"] == 1  # once per page, however many reads


# --- in the browser ------------------------------------------------------------------------------

def test_a_daily_won_by_taps_counts_a_shared_route_does_not_and_the_index_shows_the_days(site, browser, base):
    """The answer key replayed from a #plan= address adds nothing; played by taps it reaches the
    par shown, with gold and the answer's notation, and adds the game, sending nothing anywhere
    (the site has no --results-url); the end of the game says the streak, and the index shows it
    (without a network too, from the service worker's copies); the record edited as later
    days would have left it gives a streak of 2, then 1 after a gap with the longest still 2."""
    daily = site.puzzles[(MONDAY.isoformat(), False)]
    context = browser.new_context(viewport=PHONE)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    fragment = "#plan=" + urllib.parse.quote(format_plan(daily.answer), safe="")
    page.goto(f"{base}/{MONDAY_PAGE}{fragment}")
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    assert page.is_visible("#result") and "not added to your record" in page.text_content("#days")
    assert stored(page) is None

    change_fragment(page, "")  # the puzzle from its start, played by the player
    assert not page.is_visible("#result")
    # The answer key by taps reaches the par the page shows (as test_browser.py's answer-key test
    # checks the other pages), with CPython started, as on a first visit.
    assert page.get_attribute("body", "data-engine") == "plain"
    par = int(re.search(r"par (-?\d+)", page.text_content(".goal")).group(1))
    assert par == daily.par
    shot(page, "2026-11-30-phone-start")
    play_plan(page, daily.answer, daily.puzzle)
    assert int(page.text_content("#score")) == par and page.text_content("#medal-text").startswith("Gold")
    assert as_played(parse_plan(page.text_content("#notation"))) == as_played(daily.answer)
    shot(page, "2026-11-30-phone-end", full=True)
    assert stored(page) == {"version": 1, "games": [
        {"city": "antwerpen", "date": "2026-11-30", "mini": False, "won": True, "medal": "gold", "score": daily.par}]}
    assert page.text_content("#days") == "Your days in Antwerpen: current streak 1, longest 1; 1 played, 100 % won."
    shot_result(page, "record-monday-phone-end")
    # Built without --results-url: the game went nowhere but this site, and the end says nothing of results.
    assert requested and all(url.startswith(base + "/") for url in requested), [u for u in requested if not u.startswith(base)]
    assert not any("/api/" in url or url.endswith("/results.js") for url in requested)
    assert page.get_attribute("#standing", "hidden") is not None and page.text_content("#standing") == ""

    # The index, without a network: the service worker kept it and its script (sw.js).
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    page.goto(f"{base}/index.html")
    page.wait_for_selector("#your-days:not([hidden])")
    assert days_shown(page) == {"played": "1", "won": "1 (100 %)", "current": "1", "longest": "1", "gold": "1"}
    context.set_offline(False)
    assert stat(page, "played", "mini") == "0"

    record = stored(page)
    previous = dict(record["games"][0], date="2026-11-29")
    store(page, {"version": 1, "games": [*record["games"], previous]})
    page.reload()
    page.wait_for_selector("#your-days:not([hidden])")
    assert (stat(page, "current"), stat(page, "longest"), stat(page, "played")) == ("2", "2", "2")

    after_gap = dict(record["games"][0], date="2026-12-02", medal="bronze")
    mini = dict(record["games"][0], mini=True)
    store(page, {"version": 1, "games": [*record["games"], previous, after_gap, mini]})
    page.reload()
    page.wait_for_selector("#your-days:not([hidden])")
    assert days_shown(page) == {"played": "3", "won": "3 (100 %)", "current": "1", "longest": "2", "gold": "2"}
    assert (stat(page, "played", "mini"), stat(page, "bronze")) == ("1", "1")
    shot(page, "record-index-phone")
    assert not errors
    context.close()


def test_a_daily_game_in_progress_survives_a_reload(site, browser, base):
    """A reload used to start the daily afresh. The turns played and the turn being written are
    kept in this browser (one key per puzzle, in the notation); a reload takes the game up, says so,
    and shows the same route, ticks, boxes and score. A shared route neither takes it up nor
    overwrites it; a kept game the engine refuses starts the puzzle afresh with one line and is
    dropped; a finished game is dropped too, its result in the record."""
    daily = site.puzzles[(MONDAY.isoformat(), False)]
    key = "citytrip-play-v1:antwerpen:2026-11-30:daily"
    context = browser.new_context(viewport=PHONE)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    page = context.new_page()
    page.goto(f"{base}/{MONDAY_PAGE}")
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    fresh = game_state(page)
    play_plan(page, Plan(daily.answer.turns[:2]), daily.puzzle)
    for box in daily.answer.turns[2].boxes:  # the third turn being written
        page.click(f'#this-turn button[data-box="{box}"]')
    before = game_state(page)
    assert before["turn"] == "3" and before["boxes"] == list(daily.answer.turns[2].boxes)
    kept = json.loads(page.evaluate(f"localStorage.getItem('{key}')"))
    assert parse_plan(kept["plan"]).turns == daily.answer.turns[:2] and kept["draft"].startswith("3.")

    page.reload()
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    assert game_state(page) == before
    assert page.text_content("#message") == "Your game so far, taken up where you left it."
    assert not page.query_selector("#message.illegal")
    shot(page, "daily-taken-up-phone")

    # A shared route is replayed without touching the kept game; back to the page, it is taken up.
    change_fragment(page, "#plan=" + urllib.parse.quote(format_plan(daily.answer), safe=""))
    assert page.is_visible("#result")
    assert json.loads(page.evaluate(f"localStorage.getItem('{key}')")) == kept
    change_fragment(page, "")
    assert game_state(page) == before

    # A kept game the engine refuses (two boxes that share no side): afresh, one line, dropped.
    page.evaluate(f"localStorage.setItem('{key}', JSON.stringify({{plan: '1. L1 R3', draft: ''}}))")
    page.reload()
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    assert game_state(page) == fresh
    assert page.text_content("#message.illegal") == (
        "The game this browser kept could not be taken up, so the puzzle starts from the beginning.")
    assert page.evaluate(f"localStorage.getItem('{key}')") is None

    # Played to the end: the record has it, and the kept game is gone.
    play_plan(page, daily.answer, daily.puzzle)
    assert page.is_visible("#result") and page.evaluate(f"localStorage.getItem('{key}')") is None
    assert stored(page)["games"][0]["score"] == daily.par
    assert not errors
    context.close()


def test_a_damaged_record_is_ignored_with_a_warning_and_the_clear_button_asks_first(site, browser, base):
    """Garbage in storage: a console warning, no record shown, the index and a puzzle page work,
    and the next finished game would write a fresh record. Clearing asks; "Cancel" keeps it."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    warnings, errors = [], []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/index.html")
    assert page.is_hidden("#your-days")  # nothing played yet
    for garbage in ['{"version": 1, "games": [{"city": "antwerpen", "date": "2026-13-45"}]}', "<script>window.pwned=1</script>"]:
        store(page, garbage)
        page.reload()
        page.wait_for_load_state()
        assert page.is_hidden("#your-days") and page.locator("a[href='antwerpen/2026-12-04/mini.html']").count() == 1
        assert any("record of days played in this browser is ignored" in text for text in warnings), garbage
        warnings.clear()
    assert page.evaluate("() => window.pwned") is None and not errors

    store(page, {"version": 1, "games": [game("2026-11-30", True, "silver")]})
    page.reload()
    page.wait_for_selector("#your-days:not([hidden])")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#clear-days")
    assert asked and "cannot be undone" in asked[0]
    assert page.is_visible("#your-days") and stored(page) is not None
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#clear-days")
    assert page.is_hidden("#your-days") and stored(page) is None
    assert not errors
    context.close()


@pytest.mark.parametrize("lang,words", [
    ("nl", {"heading": "Jouw dagen", "line": "Jouw dagmini’s in Antwerpen: 1 gespeeld, 1 gewonnen. Je reeks dagpuzzels daar: 2."}),
    ("fr", {"heading": "Vos jours", "line": "Vos minis à Antwerpen\u202f: parties jouées 1, gagnées 1. Votre série de puzzles du jour là-bas\u202f: 2."}),
])
def test_the_record_in_dutch_and_french(site_in, browser, lang, words):
    """With two dailies won on consecutive dates in the record, a mini played by taps adds itself,
    its end says the minis and the daily streak, and the index shows the days, in the site's
    language (English: the tests above). Screenshots at phone size."""
    built = site_in(lang)
    mini = built.puzzles[(MONDAY.isoformat(), True)]
    with served(built.folder) as address:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(f"{address}/index.html")
        store(page, {"version": 1, "games": [game("2026-11-29", True, "gold"), game("2026-11-30", True, "silver")]})
        page.goto(f"{address}/{MONDAY_MINI}")
        page.wait_for_selector("body[data-state=ready]", timeout=180_000)
        play_plan(page, mini.answer, mini.puzzle)
        assert page.text_content("#days") == words["line"]
        shot_result(page, f"record-mini-end-phone-{lang}")
        page.goto(f"{address}/index.html")
        page.wait_for_selector("#your-days:not([hidden])")
        assert page.text_content("#your-days h2") == words["heading"]
        assert (stat(page, "current"), stat(page, "played", "mini"), stat(page, "gold", "mini")) == ("2", "1", "1")
        shot(page, f"record-index-phone-{lang}")
        context.close()
