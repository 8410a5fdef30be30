"""The table page and the levels page in Chromium (issue 37): two browsers with one table code
see the deal `generator.browser.table` (the engine's one dealer) gives in Python, turn by turn;
Back, Next, reload and a reload without the network keep the game; damaged codes and fragments get
one line and a fresh setup, and run nothing; a level dealt from a code and played by taps ends
with the engine's score and verdict, and its play verifies with `citytrip verify`. Screenshots at
phone and desktop size, in English, Dutch and French, go to output/test-artifacts/site/."""

from __future__ import annotations

import json

import pytest

from chromium_pages import DESKTOP, PHONE, context_page, game_state, open_page, play_plan, refused, served
from generator.browser.table import level_puzzle, table_puzzle
from generator.data.cities import load_city
from generator.players.honest import honest_plan
from generator.render.qr import qr_matrix
from generator.rules.replay import replay
from tests.web.conftest import KEPT_WITHIN_10_S, controlled_page, shot

CODE = "K7MPQR"
TABLE = f"antwerpen/table.html#code={CODE}&game=advanced&cards=16&tasks=345"
LEVEL = 1  # with CODE and 16 cards the honest player wins level 1 of Antwerpen (84 against 66)
LEVELS = f"antwerpen/levels.html#code={CODE}&level={LEVEL}&cards=16"


def faces_shown(page) -> dict[str, tuple[str, int]]:
    return {cell.get_attribute("data-box"): (cell.get_attribute("class").split("type-")[1], int(cell.text_content()))
            for cell in page.query_selector_all("#faces [data-box]")}


def faces_dealt(faces) -> dict[str, tuple[str, int]]:
    return {name: (box.type.value, box.value) for name, box in faces.boxes().items()}


def test_two_browsers_with_one_code_see_the_dealers_deal_at_every_turn(browser, base):
    """Setup B–D and R7: one player deals with a typed code, another opens the link; both see the
    start card, assignments and, turn after turn, the open faces and next half icons that
    table_puzzle deals in Python; Back goes back, a reload keeps the turn and a race taken."""
    puzzle = table_puzzle(load_city("antwerpen"), CODE, "advanced", 16, "345")
    first, second = browser.new_context(viewport=PHONE), browser.new_context(viewport=DESKTOP)
    host = context_page(first, f"{base}/antwerpen/table.html")
    host.fill("#code-input", CODE.lower()[:3] + " " + CODE.lower()[3:])  # as heard: case and spaces do not matter
    host.check("input[name=game][value=advanced]")
    host.check("input[name=tasks][value='345']")
    host.click("#deal")
    host.wait_for_selector("#game:not([hidden])")
    link = host.get_attribute("#link", "href")
    guest = context_page(second, link)
    # The link's QR code on screen is the print's encoder's (generator/render/qr.py), run in the page.
    assert host.get_attribute("#qr svg", "data-rows") == "/".join(
        "".join("1" if dark else "0" for dark in row) for row in qr_matrix(link).rows)
    start = puzzle.city.start_cards[puzzle.start_card].location
    for page in (host, guest):
        assert page.text_content("#code") == CODE and not page.errors
        assert page.text_content("#start-name") == start.name and page.text_content("#start-at") == str(start.at)
        assert page.get_attribute("#start-url", "href") == start.url  # and its QR code, as the printed card's
        assert page.get_attribute("#start-qr svg", "data-rows") == "/".join(
            "".join("1" if dark else "0" for dark in row) for row in qr_matrix(start.url).rows)
        assert [li.get_attribute("data-id") for li in page.query_selector_all("#assignments li")] == \
            [a.id for a in puzzle.assignments]
    # The numbers are read across a table: at least 24 px on a phone.
    size = host.evaluate("parseFloat(getComputedStyle(document.querySelector('#faces .value')).fontSize)")
    assert size >= 24, size
    for turn, faces in enumerate(puzzle.turns, start=1):
        for page in (host, guest):
            assert page.text_content("#turn-label") == f"Turn {turn} of 15"
            assert faces_shown(page) == faces_dealt(faces), (turn, page)
            halves = [h.get_attribute("class").split("type-")[1] for h in page.query_selector_all("#next-icons .half")]
            assert halves == [t.value for t in faces.next_half_icons]
        if turn == 3:
            host.click(f'#assignments button.taken[data-id="{puzzle.assignments[1].id}"]')  # a type 4 race
            shot(host, "table-phone-en", full=True)
            shot(guest, "table-desktop-en")
        for page in (host, guest):
            page.click("#forward")
    for page in (host, guest):
        assert page.text_content("#turn-label") == "End of the game" and page.is_visible("#over")
        assert page.is_disabled("#forward")
        page.click("#back")
        assert page.text_content("#turn-label") == "Turn 15 of 15"
    host.reload()
    host.wait_for_selector("body[data-state=ready]")
    assert host.text_content("#turn-label") == "Turn 15 of 15" and faces_shown(host) == faces_dealt(puzzle.turns[14])
    assert host.get_attribute(f'#assignments button[data-id="{puzzle.assignments[1].id}"]', "aria-pressed") == "true"
    assert not host.errors and not guest.errors
    first.close()
    second.close()


DAMAGED = [
    "#code=K7MPQ0&game=basic&cards=16&tasks=123",  # a look-alike
    "#code=K7MPQ&game=basic&cards=16&tasks=123",
    "#code=K7MPQR&game=basic&cards=18&tasks=123",
    "#code=K7MPQR&game=basic&cards=16&tasks=123&turn=99",
    "#code=K7MPQR&game=basic&cards=16",
    "#code=K7MPQR&game=basic&cards=16&tasks=123&taken=3.01",  # not a race of this deal
    "#code=%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E&game=basic&cards=16&tasks=123",
    "#code=K7MPQR&game=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E&cards=16&tasks=123",
    "#code=K7MPQR&game=basic&cards=16&tasks=123&steal=1",
    "#" + "code=K7MPQR&" * 40,
]


def test_a_damaged_code_or_fragment_gets_one_line_and_a_fresh_setup(browser, base):
    page = open_page(browser, f"{base}/{TABLE}")
    assert page.is_visible("#game")
    for fragment in DAMAGED:
        page.evaluate("fragment => { location.hash = fragment; }", fragment)
        page.wait_for_selector("#setup:not([hidden])")
        message = page.text_content("#message")
        assert message.endswith("Choose a game to start.") and "\n" not in message and len(message) < 160, fragment
        assert page.evaluate("location.hash") == "" and page.is_hidden("#game")
        assert page.evaluate("window.pwned") is None, fragment
        page.goto(f"{base}/{TABLE}")  # a good one again, before the next damaged one
        page.wait_for_selector("#game:not([hidden])")
    levels = open_page(browser, f"{base}/antwerpen/levels.html#code=%3Cscript%3E&level=1&cards=16")
    assert levels.text_content("#message").startswith("A table code is 6") and levels.evaluate("window.pwned") is None
    assert levels.evaluate("location.hash").startswith("#code=") and not levels.errors
    # New game: another level, a new code, a new deal; the numbers at least 24 px on a phone.
    first = levels.text_content("#code")
    levels.select_option("#level", "2")
    levels.click("#new-game")
    levels.wait_for_function("first => document.getElementById('code').textContent !== first", arg=first)
    assert levels.text_content("#target-text").startswith("Level 2: target ")
    assert f"level=2&cards=16" in levels.evaluate("location.hash") and levels.text_content("#turn") == "1"
    size = levels.evaluate("parseFloat(getComputedStyle(document.querySelector('#this-turn button.box span')).fontSize)")
    assert size >= 24, size
    page.close()
    levels.close()


def test_a_level_played_by_taps_ends_with_the_engines_score_and_verdict(browser, base, run, tmp_path):
    """A level's deck dealt from a code, played by taps (the honest player's plan, known in Python):
    the page's score and verdict are the engine's, and the play with the deal's puzzle code scores
    the same in `citytrip verify`."""
    puzzle = level_puzzle(load_city("antwerpen"), CODE, LEVEL, 16)
    plan = honest_plan(puzzle)
    report = replay(puzzle, plan)
    assert report.won(puzzle.target)
    page = open_page(browser, f"{base}/{LEVELS}", DESKTOP)
    assert page.query_selector("#turn-table") is None  # the deck stays hidden
    play_plan(page, plan, puzzle)
    assert int(page.text_content("#score")) == report.score
    assert page.text_content("#verdict") == f"You won with {report.score}!"
    code = page.text_content("#verify-code")
    (tmp_path / "play.txt").write_text(page.text_content("#notation"))
    status, out, _ = run("verify", "--json", code, tmp_path / "play.txt")
    assert status == 0 and json.loads(out)["score"] == report.score
    assert page.input_value("#share").endswith(f"/antwerpen/levels.html#code={CODE}&level={LEVEL}&cards=16")
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "level-end-desktop-en")
    page.set_viewport_size(PHONE)
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "level-end-phone-en")
    assert not page.errors
    page.close()


def test_a_level_played_with_the_keyboard_alone_on_a_phone_ends_as_the_engine_says(browser, base):
    """Issue 55: the same level and plan played with the keyboard alone, in paper order, on a phone
    (the map opens zoomed there: its nodes 24 px at least): Tab and Enter for the buttons, the map's
    cursor moved by the arrow keys and Space. The score and verdict are the engine's."""
    from chromium_pages import key_tap
    from tests.web.paper_order import paper_taps

    puzzle = level_puzzle(load_city("antwerpen"), CODE, LEVEL, 16)
    plan = honest_plan(puzzle)
    report = replay(puzzle, plan)
    page = open_page(browser, f"{base}/{LEVELS}", PHONE)
    assert page.get_attribute("#board", "class") == "board zoomed"
    for number, turn in enumerate(plan.turns, start=1):
        taps = paper_taps(turn)
        for tap, after in zip(taps, taps[1:] + [None]):
            key_tap(page, tap)
            if not (tap[0] == "box" and after and after[0] == "box"):
                assert not page.query_selector("#message.illegal"), (number, tap, page.text_content("#message"))
    assert int(page.text_content("#score")) == report.score
    assert page.text_content("#verdict") == f"You won with {report.score}!"
    assert not page.errors
    page.close()


def test_a_levels_game_survives_a_reload(browser, base):
    """Issue: a reload restarted the level. The address keeps the deal, the turns played and the
    turn being written (the notation); a reload deals the same deck and the engine replays them, so
    the page shows the same route, ticks, boxes and score. A play the engine refuses, or a damaged
    one, starts the level afresh with one line, and no script error."""
    from urllib.parse import quote

    from generator.rules.notation import format_plan, format_turn
    from generator.rules.plan import Plan, Turn

    puzzle = level_puzzle(load_city("antwerpen"), CODE, LEVEL, 16)
    plan = honest_plan(puzzle)
    page = open_page(browser, f"{base}/{LEVELS}", DESKTOP)
    fresh = game_state(page)
    play_plan(page, Plan(plan.turns[:2]), puzzle)  # two turns played, Next turn tapped after each
    third = plan.turns[2]
    for box in third.boxes:  # the third turn being written: its boxes and its first step
        page.click(f'#this-turn button[data-box="{box}"]')
    end = 0 if third.moves[0] else 1
    if end == 1 and page.is_visible("#ends"):
        page.click('#ends button[data-end="1"]')
    page.click(f'circle.target[data-at="{third.moves[end][0]}"]')
    assert not refused(page)
    before = game_state(page)
    assert before["turn"] == "3" and before["boxes"] == list(third.boxes)
    assert any("draft" in line for line in before["route"])
    kept = page.evaluate("location.hash")
    assert kept == f"#code={CODE}&level={LEVEL}&cards=16&plan={quote(format_plan(Plan(plan.turns[:2])), safe='')}&draft=" + quote(
        format_turn(3, Turn(third.boxes, (third.moves[0][:1], ()) if end == 0 else ((), third.moves[1][:1]))), safe="")
    page.reload()
    page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=180_000)
    assert page.get_attribute("body", "data-state") == "ready"
    assert game_state(page) == before and page.evaluate("location.hash") == kept
    assert page.text_content("#message") == ""
    shot(page, "level-reloaded-desktop-en")
    # Undo and Next turn carry on from the restored game, and the address follows.
    page.click("#undo")
    assert page.evaluate("location.hash") != kept and "&draft=" in page.evaluate("location.hash")
    # A play the engine refuses, and a damaged one: the level from its start, one line, no error.
    for play, words in ((quote("1. L1 R3", safe=""), "The level starts from the beginning."),
                        (quote("1. L1 L2\n3. L1 L2", safe=""), "The level starts from the beginning."),
                        ("%ZZ%3Cscript%3E", "A new deal of level 1.")):
        page.goto("about:blank")  # a page loaded afresh with this address, not a hash change
        page.goto(f"{base}/{LEVELS}&plan={play}")
        page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=180_000)
        message = page.text_content("#message")
        assert message.endswith(words) and "\n" not in message and len(message) < 200, (play, message)
        assert game_state(page) == fresh
        assert "plan=" not in page.evaluate("location.hash") and page.evaluate("window.pwned") is None
    shot(page, "level-refused-play-desktop-en")
    assert not page.errors
    page.close()


def _quick_end(page) -> None:
    """Every turn L1 L2 and nothing else, to the end of the game."""
    for _ in range(15):
        page.click('#this-turn button[data-box="L1"]')
        page.click('#this-turn button[data-box="L2"]')
        page.click("#next")
    page.wait_for_selector("#result:not([hidden])")


@pytest.mark.parametrize("lang,words", [("nl", ("Beurt 3 van 15", "Eindscore")), ("fr", ("Tour 3 sur 15", "Score final"))])
def test_the_table_and_a_levels_end_in_dutch_and_french(site_in, browser, lang, words):
    built = site_in(lang)
    with served(built.folder) as address:
        for viewport, size in ((PHONE, "phone"), (DESKTOP, "desktop")):
            page = open_page(browser, f"{address}/{TABLE}&turn=3", viewport)
            assert page.text_content("#turn-label") == words[0] and not page.errors
            shot(page, f"table-{size}-{lang}", full=size == "phone")
            page.close()
            page = open_page(browser, f"{address}/{LEVELS}", viewport)
            _quick_end(page)
            assert page.text_content("#verdict").startswith(words[1]) and not page.errors
            page.locator("#result").scroll_into_view_if_needed()
            shot(page, f"level-end-{size}-{lang}")
            page.close()


def test_the_table_and_levels_pages_reload_without_the_network(site, browser):
    """Opened once, the table page reloads without the network at the turn its address names, and
    the levels page deals the same level from its code and judges taps."""
    context = browser.new_context(viewport=PHONE)
    with served(site.folder) as address:
        page = controlled_page(context, f"{address}/{TABLE}&turn=5")
        kept = [f"{address}/assets/{name}" for name in ("table.js", "engine.js", "tablecode.js", "words.js", "qr.json")]
        assert page.evaluate(KEPT_WITHIN_10_S, [*kept, page.url.split("#")[0]])
        levels = context.new_page()
        levels.goto(f"{address}/{LEVELS}")
        levels.wait_for_selector("body[data-state=ready]")
        assert levels.evaluate(KEPT_WITHIN_10_S, [levels.url.split("#")[0], f"{address}/assets/play.js"])
        dealt = levels.text_content("#verify-code")
    page.reload()
    page.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=60_000)
    assert page.get_attribute("body", "data-state") == "ready"
    assert page.text_content("#turn-label") == "Turn 5 of 15"
    page.click("#forward")
    assert page.text_content("#turn-label") == "Turn 6 of 15"
    levels.reload()
    levels.wait_for_selector("body[data-state=ready], body[data-state=failed]", timeout=60_000)
    assert levels.get_attribute("body", "data-state") == "ready" and levels.text_content("#verify-code") == dealt
    levels.click('#this-turn button[data-box="L1"]')
    levels.click('#this-turn button[data-box="L2"]')
    assert not refused(levels) and levels.text_content("#left").startswith("Actions this turn")
    context.close()
