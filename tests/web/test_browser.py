"""The puzzle pages in a real browser: Debian's Chromium, driven by Playwright, the site served on
127.0.0.1. The answer key is played by taps and reaches the par the page shows; an illegal tap is
explained; a shared route shows the score `citytrip verify` gives; a damaged address shows a
message. Screenshots at phone and desktop size go to output/test-artifacts/site/."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import urllib.parse

import pytest

from chromium_pages import (
    DESKTOP, PHONE, as_played, change_fragment, click, focus_by_keys, key_tap, key_to_node, open_page, play_plan, refused, served, tap_node,
)
from generator.players.honest import honest_plan
from generator.rules.notation import format_plan, parse_plan
from tests.web.conftest import KEPT_WITHIN_10_S, ROOT, controlled_page, shot
from tests.web.days import FRIDAY, MONDAY, SATURDAY
from tests.web.paper_order import paper_taps

PAGE = {(MONDAY.isoformat(), False): "antwerpen/2026-11-30/", (MONDAY.isoformat(), True): "antwerpen/2026-11-30/mini.html",
        (FRIDAY.isoformat(), False): "antwerpen/2026-12-04/", (FRIDAY.isoformat(), True): "antwerpen/2026-12-04/mini.html",
        (SATURDAY.isoformat(), False): "antwerpen/2026-12-05/"}


# Monday's daily is played by taps in tests/web/test_record.py, with these checks and its record.
@pytest.mark.parametrize("key", list(PAGE)[1:4], ids=["monday-mini", "friday", "friday-mini"])
def test_the_answer_key_played_by_taps_reaches_the_par_shown(site, browser, base, key):
    daily = site.puzzles[key]
    page = open_page(browser, f"{base}/{PAGE[key]}", PHONE)
    assert page.get_attribute("body", "data-state") == "ready" and not page.errors
    assert page.get_attribute("body", "data-engine") == "plain"  # a first visit starts CPython
    shown = page.text_content(".goal")
    par = int(re.search(r"(?:par|Proven maximum) (-?\d+)", shown).group(1))
    assert par == daily.par
    name = f"{key[0]}{'-mini' if key[1] else ''}"
    shot(page, f"{name}-phone-start")
    play_plan(page, daily.answer, daily.puzzle)
    assert int(page.text_content("#score")) == par
    assert page.text_content("#medal-text").startswith("Gold")
    assert as_played(parse_plan(page.text_content("#notation"))) == as_played(daily.answer)
    shot(page, f"{name}-phone-end", full=True)
    assert not page.errors
    page.close()


def test_a_saturdays_answer_key_tapped_as_the_paper_writes_it_reaches_the_par(site, browser, base):
    """Saturday's answer key (advanced game), each turn tapped as the paper writes it: boxes, end a,
    end b, the goals as listed, the bonus actions last, Next turn. No tap is refused and the game
    ends at the par with gold."""
    key = (SATURDAY.isoformat(), False)
    daily = site.puzzles[key]
    assert daily.puzzle.mode == "advanced" and any(turn.bonus for turn in daily.answer.turns)
    page = open_page(browser, f"{base}/{PAGE[key]}", PHONE)
    assert page.get_attribute("body", "data-state") == "ready" and not page.errors
    assert page.is_visible("#bonus-hint")
    for number, turn in enumerate(daily.answer.turns, start=1):
        taps = paper_taps(turn)
        for tap, after in zip(taps, taps[1:] + [None]):
            click(page, tap)
            if not (tap[0] == "box" and after and after[0] == "box"):  # two ends of a hunted triple wait
                assert not refused(page), (number, tap, refused(page))
    assert int(page.text_content("#score")) == daily.par
    assert page.text_content("#medal-text").startswith("Gold")
    assert not page.errors
    page.close()


def test_a_saturdays_answer_key_played_with_the_keyboard_alone_reaches_the_par(site, browser, base):
    """Issue 55: the map is one tab stop with a roving cursor. Saturday's answer key (advanced game,
    bonus actions) played with the keyboard alone, in paper order: Tab to each box, end, bonus
    action and Next, Enter there; the map's cursor moved by the arrow keys, Space taps its node. The
    focused node has a visible ring and a name (coordinate, place, what it offers and costs, its
    state), what a tap changed is said in the live region, and the game ends at the par with gold."""
    key = (SATURDAY.isoformat(), False)
    daily = site.puzzles[key]
    page = open_page(browser, f"{base}/{PAGE[key]}", PHONE)
    assert page.get_attribute("body", "data-state") == "ready" and not page.errors
    assert page.locator("#map .target[tabindex='0']").count() == 1  # one tab stop for the whole map
    start = str(daily.puzzle.start)
    focus_by_keys(page, "#map .target[tabindex='0']")
    assert page.evaluate("() => document.activeElement.dataset.at") == start
    name = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    location = next(loc for loc in daily.puzzle.city.locations.values() if loc.at == daily.puzzle.start)
    assert name.startswith(f"{start}, {location.name}: ") and "the start" in name
    assert page.text_content("#place") == name  # shown under the map too
    ring = page.evaluate("() => getComputedStyle(document.activeElement).stroke")
    assert ring not in ("", "none")
    for number, turn in enumerate(daily.answer.turns, start=1):
        taps = paper_taps(turn)
        for tap, after in zip(taps, taps[1:] + [None]):
            key_tap(page, tap)
            if not (tap[0] == "box" and after and after[0] == "box"):
                assert not refused(page), (number, tap, refused(page))
            if tap[0] == "step":
                said = page.text_content("#announce")
                assert said.startswith(f"{tap[1]}") and "a step of this turn" in said, said
        if number == 1:
            shot(page, "saturday-keyboard-phone")
    assert int(page.text_content("#score")) == daily.par
    assert page.text_content("#medal-text").startswith("Gold")
    assert page.text_content("#announce").startswith(page.text_content("#verdict"))
    assert not page.errors
    page.close()


def _bonus_needed_turn(daily):
    """The first turn of the answer key whose boxes alone do not pay its steps and goals: its bonus
    actions are needed (tapped last, as on paper)."""
    from generator.rules.plan import Turn
    from generator.rules.sheet import Sheet

    sheet = Sheet(daily.puzzle)
    for number, turn in enumerate(daily.answer.turns):
        bare = Turn(turn.boxes, turn.moves, turn.goals)
        if turn.bonus and min(sheet.actions_left(bare).values()) < 0:
            return number, turn
        sheet.play(turn)
    raise AssertionError("no turn of the answer key needs its bonus actions")


@pytest.mark.parametrize("lang, words", [
    ("en", {"count": "Actions this turn:", "unpaid": "This turn is not paid for:"}),
    ("fr", {"count": "Actions de ce tour", "unpaid": "Ce tour n’est pas payé"}),
])
def test_an_unpaid_turn_shows_its_count_and_next_says_what_is_missing(site, site_in, browser, lang, words):
    """Saturday's answer key up to a turn whose bonus actions pay part of it: that turn tapped as on
    paper but for the bonus actions shows its steps or places unpaid and a short line in the count;
    Next refuses it with one sentence in the page's language; with the bonus actions tapped, Next
    plays it. Phone screenshots of the count and of the refused Next (output/test-artifacts/site)."""
    built = site if lang == "en" else site_in(lang)
    key = (SATURDAY.isoformat(), False)
    daily = built.puzzles[key]
    number, turn = _bonus_needed_turn(daily)
    with served(built.folder) as address:
        page = open_page(browser, f"{address}/{PAGE[key]}", PHONE)
        assert page.get_attribute("body", "data-state") == "ready" and not page.errors
        for played in daily.answer.turns[:number]:
            for tap, after in zip(paper_taps(played), paper_taps(played)[1:] + [None]):
                click(page, tap)
        taps = [tap for tap in paper_taps(turn) if tap[0] not in ("bonus", "next")]
        for tap in taps:
            click(page, tap)
        assert not refused(page)
        assert page.text_content("#left").startswith(words["count"]) and page.locator("#left .count.short").count() >= 1
        assert page.locator("#map .unpaid").count() >= 1
        page.locator("#left").scroll_into_view_if_needed()
        shot(page, f"saturday-count-phone-{lang}")
        page.click("#next")
        assert refused(page).startswith(words["unpaid"]) and page.text_content("#turn") == str(number + 1)
        shot(page, f"saturday-refused-next-phone-{lang}")
        for tap in paper_taps(turn):
            if tap[0] in ("bonus", "next"):
                click(page, tap)
        last = number + 1 == len(daily.answer.turns)
        assert not refused(page) and (page.is_visible("#result") if last else page.text_content("#turn") == str(number + 2))
        assert not page.errors
        page.close()


def test_an_illegal_tap_shows_the_rule_it_breaks(site, browser, base):
    daily = site.puzzles[(MONDAY.isoformat(), False)]
    page = open_page(browser, f"{base}/{PAGE[(MONDAY.isoformat(), False)]}", PHONE)
    start = daily.puzzle.start
    tap_node(page, str(start._replace(row=start.row + 1)))
    assert refused(page).startswith("Choose two boxes first")
    page.click('#this-turn button[data-box="L1"]')
    page.click('#this-turn button[data-box="L2"]')
    far = next(n for n in daily.puzzle.city.grid.nodes() if max(abs(n.col - start.col), abs(n.row - start.row)) == 3)
    tap_node(page, str(far))
    assert refused(page) == f"Step {start}→{far}: {far} is not a neighbour of {start}"
    shot(page, "illegal-tap-phone")
    page.close()


def test_a_shared_route_shows_the_score_citytrip_verify_gives(site, browser, base, run, tmp_path):
    daily = site.puzzles[(FRIDAY.isoformat(), False)]
    for name, plan in [("whole", honest_plan(daily.puzzle, 5)), ("part", type(daily.answer)(daily.answer.turns[:6]))]:
        (tmp_path / f"{name}.txt").write_text(format_plan(plan))
        code, out, _ = run("verify", "--json", daily.code, tmp_path / f"{name}.txt")
        verified = json.loads(out)
        fragment = "#plan=" + urllib.parse.quote(format_plan(plan), safe="")
        page = open_page(browser, f"{base}/{PAGE[(FRIDAY.isoformat(), False)]}{fragment}", DESKTOP)
        assert int(page.text_content("#score")) == verified["score"], name
        assert "A shared route, replayed" in page.text_content("#message")
        if name == "part":
            shot(page, "shared-route-desktop")
        page.close()


@pytest.mark.parametrize("fragment,words", [
    ("#plan=1.%20L1%20L2%20a%3A%E0%A4%A", "damaged"),
    ("#plan=1.%20L1%20L9", "cannot be read: line 1"),
    ("#plan=1.%20L1%20R3", "Turn 1 of this shared play is not allowed: boxes L1 R3 do not share a side"),
    ("#steal=%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E", "a part this page does not know"),
    ("#plan=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E", "cannot be read"),
    ("#plan=" + "1.%20L1%20L2%0A" * 600, "too long"),
    ("#code=CT2/BRUGGE/000000/BASIC/2/S1/1A/-/T5", "another puzzle"),
])
def test_a_damaged_address_shows_a_message_and_runs_nothing(site, browser, base, fragment, words):
    page = open_page(browser, f"{base}/{PAGE[(MONDAY.isoformat(), False)]}{fragment}", PHONE)
    assert page.get_attribute("body", "data-state") == "ready"
    assert words in page.text_content("#message")
    assert page.evaluate("() => window.pwned") is None
    assert page.text_content("#score") and not page.errors  # the puzzle is there, from its start
    if "onerror" in fragment:
        shot(page, "damaged-address-phone")
    page.close()


def test_the_index_and_how_to_play_at_desktop_size(site, browser, base):
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{base}/index.html")
    assert page.locator("a[href='antwerpen/2026-12-04/mini.html']").count() == 1
    shot(page, "index-desktop")
    page.goto(f"{base}/{PAGE[(FRIDAY.isoformat(), False)]}")
    page.wait_for_selector("body[data-state=ready]")
    shot(page, "friday-desktop-start")
    page.close()


def snapshot_url(folder, address: str) -> str:
    """The address play.js asks for the snapshot by: the plain name, which the worker answers with
    the gzipped file unzipped, and the gzipped file's digest (filled in by the build)."""
    digest = hashlib.sha256((folder / "assets" / "engine-snapshot.bin.gz").read_bytes()).hexdigest()[:16]
    return f"{address}/assets/engine-snapshot.bin?v={digest}"


def test_a_first_visit_starts_cpython_and_the_next_restores_the_kept_snapshot(site_in, browser):
    """A first visit starts CPython (data-engine="plain"), then has the worker keep the snapshot;
    the next visit restores it from the worker's copy (data-engine="snapshot"), without a warning,
    without the engine's sources and without the network for either, and judges taps in the page's
    language (Dutch: the catalog is written after the restore)."""
    built = site_in("nl")
    traffic = []
    context = browser.new_context(viewport=PHONE)
    with served(built.folder, traffic) as address:
        page = context.new_page()
        page.goto(f"{address}/{PAGE[(MONDAY.isoformat(), False)]}")
        page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=90_000)
        assert page.get_attribute("body", "data-engine") == "plain"
        page.wait_for_selector("body[data-snapshot=kept]", timeout=60_000)
        assert page.evaluate(KEPT_WITHIN_10_S, [snapshot_url(built.folder, address)])
        page.close()
        traffic.clear()
        page = context.new_page()
        fetched, warnings = [], []
        page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
        page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
        page.goto(f"{address}/{PAGE[(MONDAY.isoformat(), False)]}")
        page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=90_000)
        assert page.get_attribute("body", "data-engine") == "snapshot" and not warnings
        engine = ("engine.json", "engine.zip", "engine-snapshot.bin")  # not engine.js, the page's script
        assert not [name for name in fetched if name.startswith(engine)], fetched
        assert not [path for path, _ in traffic if path.rsplit("/", 1)[-1].startswith(engine) or "/pyodide/" in path], traffic
        assert page.get_attribute("body", "data-snapshot") is None  # kept already: not asked for again
    start = built.puzzles[(MONDAY.isoformat(), False)].puzzle.start
    tap_node(page, str(start._replace(row=start.row + 1)))
    assert refused(page).startswith("Kies eerst twee vakjes")
    page.click('#this-turn button[data-box="L1"]')
    page.click('#this-turn button[data-box="L2"]')
    assert not refused(page) and page.text_content("#left").startswith("Acties deze beurt")
    context.close()


def _damaged(snapshot: bytes, how: str) -> bytes:
    """A damaged copy of the unzipped snapshot, as the worker would keep it."""
    unpacked = bytearray(gzip.decompress(snapshot))
    if how == "another-build":  # one byte of the BUILD_ID in the header changed
        unpacked[20] ^= 0xFF
        return bytes(unpacked)
    if how == "not-a-snapshot":
        return b"<html>a host's error page</html>"
    return bytes(unpacked[: len(unpacked) // 2])  # "truncated": the heap ends early


@pytest.mark.parametrize("how", ["another-build", "not-a-snapshot", "truncated"])
def test_a_damaged_kept_snapshot_falls_back_to_the_plain_start_and_plays(site, browser, base, how):
    """A kept copy of the snapshot that cannot be restored gives a console warning, and the page
    starts Pyodide and imports the engine as on a first visit (data-engine="plain"), and plays."""
    snapshot = (site.folder / "assets" / "engine-snapshot.bin.gz").read_bytes()
    context = browser.new_context(viewport=PHONE, service_workers="block")  # so that the route sees the request
    context.route("**/engine-snapshot.bin?*", lambda route: route.fulfill(status=200, body=_damaged(snapshot, how)))
    page = context.new_page()
    page.goto(f"{base}/how-to-play.html")  # the page's origin, to keep the damaged copy in its caches
    page.evaluate("async (url) => { await (await caches.open('citytrip-test')).add(url); }", snapshot_url(site.folder, base))
    warnings, errors = [], []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/{PAGE[(MONDAY.isoformat(), True)]}")
    page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=90_000)
    assert page.get_attribute("body", "data-state") == "ready" and not errors
    assert page.get_attribute("body", "data-engine") == "plain"
    assert any("snapshot could not be restored" in text for text in warnings)
    page.click('#this-turn button[data-box="L1"]')
    page.click('#this-turn button[data-box="L2"]')
    assert not refused(page) and page.text_content("#left").startswith("Actions this turn")
    context.close()


def test_a_page_opened_once_plays_without_the_network(site, browser):
    """The service worker keeps the site's files: with the server gone, the page reloads, the
    engine starts and taps are judged."""
    context = browser.new_context(viewport=PHONE)
    with served(site.folder) as address:
        page = controlled_page(context, f"{address}/{PAGE[(MONDAY.isoformat(), True)]}")
        # The scripts, style sheet and fonts the page fetched before the worker ran are kept by the
        # worker itself, not left to the browser's own cache.
        shared = [f"{address}/assets/{name}" for name in ("play.js", "record.js", "words.js", "style.css",
                                                          "fonts/CitytripSans.ttf")]
        assert page.evaluate(KEPT_WITHIN_10_S, shared), shared
        # and the snapshot, which the page asked it to keep once ready
        page.wait_for_selector("body[data-snapshot=kept]", timeout=60_000)
        assert page.evaluate(KEPT_WITHIN_10_S, [snapshot_url(site.folder, address)])
    page.reload()
    page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=60_000)
    assert page.get_attribute("body", "data-state") == "ready"
    assert page.get_attribute("body", "data-engine") == "snapshot"  # restored from the worker's copy
    page.click('#this-turn button[data-box="L1"]')
    page.click('#this-turn button[data-box="L2"]')
    assert not refused(page) and page.text_content("#left").startswith("Actions this turn")
    # The pages it links to were kept with it, though never visited.
    page.click("nav a[href$='how-to-play.html']")
    page.wait_for_selector("h1")
    assert page.url.endswith("/how-to-play.html") and "How to play" in page.text_content("h1")
    page.click("nav a[href$='index.html']")
    page.wait_for_selector(f"a[href='{PAGE[(MONDAY.isoformat(), True)]}']")
    context.close()


@pytest.mark.parametrize("how", ["intact", "missing-and-truncated"])
def test_the_worker_sends_pyodide_gzipped_and_falls_back_to_the_plain_files(site, browser, tmp_path, how):
    """With the service worker in control, the page's runtime and loader come from their gzipped
    copies (the plain files never leave the server); with one copy missing and the other truncated,
    the worker fetches those plain files instead, and the page restores the engine and plays."""
    folder = tmp_path / "site"
    shutil.copytree(site.folder / "assets", folder / "assets")
    for name in ("sw.js", "how-to-play.html", "index.html", PAGE[(MONDAY.isoformat(), True)]):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(site.folder / name, folder / name)
    pyodide = folder / "assets" / "pyodide"
    if how != "intact":
        (pyodide / "pyodide.asm.wasm.gz").unlink()
        loader = (pyodide / "pyodide.asm.mjs.gz").read_bytes()
        (pyodide / "pyodide.asm.mjs.gz").write_bytes(loader[: len(loader) // 2])
    traffic = []
    context = browser.new_context(viewport=PHONE)
    with served(folder, traffic) as address:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        # The worker in control before the puzzle page opens (a first visit waits a second at most for it).
        page.goto(f"{address}/how-to-play.html")
        page.evaluate("async () => { await navigator.serviceWorker.register('sw.js'); await navigator.serviceWorker.ready; }")
        page.goto(f"{address}/{PAGE[(MONDAY.isoformat(), True)]}")
        page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=90_000)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        assert page.get_attribute("body", "data-state") == "ready" and not errors
        assert page.get_attribute("body", "data-engine") == "plain"  # a first visit
    sent = {path.rsplit("/", 1)[-1] for path, _ in traffic}
    if how == "intact":
        assert {"pyodide.asm.wasm.gz", "pyodide.asm.mjs.gz"} <= sent
        assert not {"pyodide.asm.wasm", "pyodide.asm.mjs"} & sent
    else:
        assert {"pyodide.asm.mjs.gz", "pyodide.asm.wasm", "pyodide.asm.mjs"} <= sent
    page.click('#this-turn button[data-box="L1"]')
    page.click('#this-turn button[data-box="L2"]')
    assert not refused(page) and page.text_content("#left").startswith("Actions this turn")
    context.close()


@pytest.mark.parametrize("lang,words", [
    ("nl", {"next": "Volgende beurt", "undo": "Ongedaan maken", "refused": "Kies eerst twee vakjes",
            "left": "Acties deze beurt", "total": "Totaal"}),
    ("fr", {"next": "Tour suivant", "undo": "Annuler", "refused": "Choisissez d’abord deux cases",
            "left": "Actions de ce tour", "total": "Total"}),
])
def test_a_dutch_or_french_page_plays_in_its_language(site_in, browser, lang, words):
    """The page hands the language's catalog to the engine: it reaches ready, its buttons and the
    script's lines are in the language, and so is the game's own refusal of a tap."""
    built = site_in(lang)
    daily = built.puzzles[(MONDAY.isoformat(), False)]
    with served(built.folder) as address:
        page = open_page(browser, f"{address}/{PAGE[(MONDAY.isoformat(), False)]}", PHONE)
        assert page.get_attribute("body", "data-state") == "ready" and not page.errors
        assert page.get_attribute("body", "data-engine") == "plain"  # (after a restore: test_a_first_visit_starts…)
        assert page.get_attribute("html", "lang") == lang
        assert page.text_content("#next") == words["next"] and page.text_content("#undo") == words["undo"]
        start = daily.puzzle.start
        tap_node(page, str(start._replace(row=start.row + 1)))
        assert refused(page).startswith(words["refused"])
        page.click('#this-turn button[data-box="L1"]')
        page.click('#this-turn button[data-box="L2"]')
        assert not refused(page) and page.text_content("#left").startswith(words["left"])
        assert words["total"] in page.text_content("#breakdown")
        shot(page, f"monday-phone-{lang}", full=True)
        assert not page.errors
        page.close()


# Every target a thumb uses on a page played by taps, with its size and room (WCAG 2.2, 2.5.8):
# buttons, the legend's summary, selects and the map's nodes. Links in a line of text are left
# out (2.5.8's inline exception).
TARGETS = """() => {
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
  };
  return [...document.querySelectorAll("button, summary, select, input, #map .target")].filter(shown).map((element) => {
    const box = element.getBoundingClientRect();
    return { what: element.dataset.at || element.dataset.box || element.id || element.textContent.trim().slice(0, 30),
             x: box.left + box.width / 2, y: box.top + box.height / 2, width: box.width, height: box.height };
  });
}"""


def small_targets(page) -> list[str]:
    """The targets under 24 × 24 CSS px whose 24-px circle meets another target's (2.5.8's spacing)."""
    targets = page.evaluate(TARGETS)
    small = []
    for target in targets:
        if target["width"] >= 24 and target["height"] >= 24:
            continue
        crowded = [other for other in targets if other is not target
                   and ((other["x"] - target["x"]) ** 2 + (other["y"] - target["y"]) ** 2) ** 0.5 < 24]
        if crowded:
            small.append(f"{target['what']} {target['width']:.1f}×{target['height']:.1f}")
    return small


@pytest.mark.parametrize("where", ["daily", "mini", "levels"])
def test_every_target_of_a_page_played_by_taps_is_24_px_on_a_phone(site, browser, base, where):
    """Issue 55: at 390 × 844 every target (buttons, the legend, the map's nodes) is at least 24 × 24
    CSS px or has 24 px of room: the map opens zoomed (a phone's whole map has 15-px nodes), scrolled
    to the path's end, with *Whole map* one tap away; the boxes are one scroll away."""
    url = {"daily": PAGE[(SATURDAY.isoformat(), False)], "mini": PAGE[(MONDAY.isoformat(), True)],
           "levels": "antwerpen/levels.html#code=K7MPQR&level=1&cards=16"}[where]
    page = open_page(browser, f"{base}/{url}", PHONE)
    assert page.get_attribute("body", "data-state") == "ready" and not page.errors
    page.evaluate("() => document.getElementById('legend').open = true")
    assert small_targets(page) == []
    if where != "mini":
        assert page.get_attribute("#board", "class") == "board zoomed"
        head = page.locator("#map .overlay .head.active")
        board = page.locator("#board").bounding_box()
        ring = head.bounding_box()
        assert board["x"] <= ring["x"] and ring["x"] + ring["width"] <= board["x"] + board["width"]  # the end in sight
        assert board["y"] <= ring["y"] and ring["y"] + ring["height"] <= board["y"] + board["height"]
        shot(page, f"{where}-phone-zoomed")
        page.click("#zoom")  # the whole map, one tap away
        assert page.get_attribute("#board", "class") == "board"
        assert page.locator("#map").bounding_box()["width"] <= PHONE["width"]
    page.close()


# --- accessibility: axe-core (an npm dev dependency, pinned in package.json) on every page and state --

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page) -> list[str]:
    """axe-core's violations on the page as it is now, one line each (rule, impact, first targets)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations.map(v => "
                          "`${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)")
    return found


def _checked(page, where: str, found: dict) -> None:
    """axe at phone size and at desktop size, the results kept by `where`."""
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        problems = axe_violations(page)
        if problems:
            found[f"{where} {size}"] = problems
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_axe_finds_no_violation_on_any_page_or_state(site, site_in, browser, lang):
    """Issue 55: axe-core finds no violation on the index, how to play, an advanced daily (set up,
    mid-game with a turn being written, the end), a mini, the levels page (dealt, a box chosen) and
    the table page (set up, dealt, after Next), at phone and desktop size, in each language."""
    assert AXE.exists(), "run `npm ci`: axe-core is a dev dependency in package.json"
    built = site if lang == "en" else site_in(lang)
    key = (SATURDAY.isoformat(), False)
    daily = built.puzzles[key]
    found: dict[str, list[str]] = {}
    with served(built.folder) as address:
        for where in ("index.html", "how-to-play.html"):
            page = browser.new_page(viewport=PHONE)
            page.goto(f"{address}/{where}")
            _checked(page, where, found)
            page.close()
        page = open_page(browser, f"{address}/{PAGE[key]}", PHONE)
        _checked(page, "daily set up", found)
        page.click('#this-turn button[data-box="L1"]')
        page.keyboard.press("Tab")
        _checked(page, "daily a box chosen", found)
        half = format_plan(type(daily.answer)(daily.answer.turns[:7]))
        change_fragment(page, "#plan=" + urllib.parse.quote(half))
        _checked(page, "daily mid-game", found)
        change_fragment(page, "#plan=" + urllib.parse.quote(format_plan(daily.answer)))
        assert page.is_visible("#result")
        page.evaluate("() => document.getElementById('legend').open = true")
        _checked(page, "daily end", found)
        page.close()
        page = open_page(browser, f"{address}/{PAGE[(MONDAY.isoformat(), True)]}", PHONE)
        _checked(page, "mini", found)
        page.close()
        page = open_page(browser, f"{address}/antwerpen/levels.html#code=K7MPQR&level=1&cards=16", PHONE)
        _checked(page, "levels dealt", found)
        page.click('#this-turn button[data-box="L1"]')
        page.click('#this-turn button[data-box="L2"]')
        _checked(page, "levels a turn written", found)
        page.close()
        page = open_page(browser, f"{address}/antwerpen/table.html", PHONE)
        _checked(page, "table set up", found)
        page.close()
        page = open_page(browser, f"{address}/antwerpen/table.html#code=K7MPQR&game=advanced&cards=16&tasks=345", PHONE)
        _checked(page, "table dealt", found)
        page.click("#forward")
        _checked(page, "table after Next", found)
        assert not page.errors
        page.close()
    assert not found, found
