"""The table code's deal (generator/browser/table.py), in Python: the page calls the same functions
under Pyodide. A code and its options determine the deal through the engine's one dealer; a
damaged fragment is refused at the door with one line; a level deal's puzzle code verifies."""

import json
import random

import pytest

from generator.browser.puzzle_json import puzzle_to_json
from generator.browser.table import (
    ALPHABET, BadCode, cards_to_json, clean_code, level_deal, level_puzzle, parse_fragment, table_puzzle, table_seed,
    table_view,
)
from generator.daily.code import decode, encode
from generator.data.cities import data_digest, load_city
from generator.rules.dealer import dealt_puzzle, shuffled_deck
from generator.rules.notation import format_plan
from generator.players.honest import honest_plan
from generator.rules.replay import replay

DAMAGED = [
    "", "code=K7MPQR", "code=K7MPQ0&game=basic&cards=16&tasks=123", "code=K7MPQR&game=basic&cards=17&tasks=123",
    "code=K7MPQR&game=expert&cards=16&tasks=123", "code=K7MPQR&game=basic&cards=16&tasks=12",
    "code=K7MPQR&game=basic&cards=16&tasks=123&turn=17", "code=K7MPQR&game=basic&cards=16&tasks=123&x=1",
    "code=K7MPQR&code=K7MPQR&game=basic&cards=16&tasks=123", "code=%3Cscript%3E&game=basic&cards=16&tasks=123",
    "code=K7MPQR&game=basic&cards=016&tasks=123", "code=K7MPQR&game=basic&cards=16&tasks=123&taken=1.2", "code=K7MPQR&game=basic&cards=16&tasks=123&turn=" + "9" * 300,
]


def test_a_code_is_read_as_typed_or_heard():
    assert clean_code(" k7m-pqr ") == "K7MPQR"
    for bad in ("K7MPQ", "K7MPQRR", "K7MPQO", "I7MPQR", "K7M PQ1", "K7MPQ²"):
        with pytest.raises(BadCode):
            clean_code(bad)
    assert not set("0O1IL2Z5S8B") & set(ALPHABET)


@pytest.mark.parametrize("fragment", DAMAGED)
def test_a_damaged_fragment_is_refused_with_one_line(fragment):
    with pytest.raises(BadCode) as refused:
        parse_fragment(fragment)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 120


def test_the_fragment_gives_every_option():
    assert parse_fragment("code=k7mpqr&game=advanced&cards=20&tasks=345&turn=19") == {
        "code": "K7MPQR", "game": "advanced", "cards": 20, "tasks": "345", "turn": 19, "taken": []}
    assert parse_fragment("code=K7MPQR&level=5&cards=16", levels=True) == {
        "code": "K7MPQR", "level": 5, "cards": 16, "turn": 1, "plan": "", "draft": ""}
    assert parse_fragment("code=K7MPQR&level=5&cards=16&plan=1.%20L1%20L2%0A&draft=2.%20R1", levels=True) == {
        "code": "K7MPQR", "level": 5, "cards": 16, "turn": 1, "plan": "1. L1 L2\n", "draft": "2. R1"}


@pytest.mark.parametrize("play", ["plan=1.%ZZ", "plan=1. L1", "plan=%E2%82%AC", "plan=<b>", "plan=1&plan=1",
                                  "draft=" + "A" * 16000])
def test_a_levels_damaged_play_is_refused_at_the_door(play):
    """A level's address keeps its play as encodeURIComponent wrote it (ASCII notation); any other
    text, a key twice or an address too long is one line, before the engine reads anything."""
    with pytest.raises(BadCode) as refused:
        parse_fragment(f"code=K7MPQR&level=5&cards=16&{play}", levels=True)
    assert "\n" not in str(refused.value)
    with pytest.raises(BadCode):
        parse_fragment(f"code=K7MPQR&game=basic&cards=16&tasks=123&{play.replace('draft', 'plan')}")


def test_a_levels_kept_play_is_replayed_by_the_engine_or_refused_whole():
    """Game.restore: the view's notation and draft give back the same game (turns played, the
    turn being written, the score); a play the engine refuses, a turn out of order or a draft
    that is not the next turn starts the level afresh, with the engine's reason."""
    from generator.browser.game import Game

    puzzle = level_puzzle(load_city("antwerpen"), "K7MPQR", 1, 16)
    plan = honest_plan(puzzle)
    game = Game(puzzle, {"par": None})
    played = format_plan(type(plan)(plan.turns[:3]))
    third = plan.turns[3]
    draft = f"4. {' '.join(third.boxes)} a:{third.moves[0][0]}" if third.moves[0] else f"4. {' '.join(third.boxes)}"
    view = json.loads(game.restore(played, draft))
    assert view["message"] is None and view["notation"] == played and view["draft"] == draft and view["turn"] == 4
    fresh = json.loads(Game(puzzle, {"par": None}).view())
    for bad_plan, bad_draft, reason in (("1. L1 R3", "", "Turn 1 of the play in the address is not allowed"),
                                        ("2. L1 L2", "", "The play in the address cannot be read"),
                                        (played, "2. L1 L2", "The play in the address cannot be read"),
                                        (played, "4. L1 R3", "The turn being written in the address is not allowed")):
        view = json.loads(game.restore(bad_plan, bad_draft))
        assert view["message"].startswith(reason) and view["message"].endswith("The level starts from the beginning.")
        assert {**view, "message": None} == fresh


def test_the_table_deal_is_the_dealers_with_the_codes_seed():
    """R7, setup B–D: a start card, the deck by dealer.shuffled_deck, one assignment per type."""
    city = load_city("brugge")
    puzzle = table_puzzle(city, "K7MPQR", "advanced", 20, "345")
    rng = random.Random(table_seed("brugge", "K7MPQR", "advanced", 20, "345"))
    start = rng.choice(sorted(city.start_cards))
    assert puzzle.deck == shuffled_deck(city, rng, 20) and puzzle.start_card == start
    assert [a.type for a in puzzle.assignments] == [3, 4, 5] and len(puzzle.turns) == 19
    assert table_puzzle(city, "K7MPQR", "advanced", 16, "345").deck != puzzle.deck[:16]  # options are in the seed
    assert table_puzzle(city, "K7MPQS".replace("S", "T"), "advanced", 20, "345").deck != puzzle.deck


def test_the_pages_call_gives_the_same_deal_from_json():
    city = load_city("antwerpen")
    base = json.dumps(puzzle_to_json(table_puzzle(city, "AAAAAA", "basic", 16, "none")))
    cards = json.dumps(cards_to_json(city, data_digest(city)))
    view = json.loads(table_view(base, cards, "code=K7MPQR&game=basic&cards=16&tasks=123&turn=4"))
    puzzle = table_puzzle(city, "K7MPQR", "basic", 16, "123")
    assert view["deck"] == [str(c) for c in puzzle.deck] and view["start_card"] == puzzle.start_card
    assert view["assignments"] == [a.id for a in puzzle.assignments] and view["options"]["turn"] == 4
    assert view["turns"][3]["boxes"]["L1"] == {"type": puzzle.turns[3].left[0].type.value,
                                                "value": puzzle.turns[3].left[0].value}
    assert json.loads(table_view(base, cards, "code=K7MPQR&game=basic"))["error"]


def test_a_level_deal_has_a_code_that_citytrip_verify_replays(run, tmp_path):
    city = load_city("brugge")
    base = json.dumps(puzzle_to_json(level_puzzle(city, "AAAAAA", 1, 16)))
    cards = json.dumps(cards_to_json(city, data_digest(city)))
    dealt = json.loads(level_deal(base, cards, "code=K7MPQR&level=7&cards=16"))
    puzzle = level_puzzle(city, "K7MPQR", 7, 16)
    spec = city.levels[7]
    assert puzzle == dealt_puzzle(city, puzzle.deck, start_card=spec.start, assignments=spec.assignments,
                                  mode="basic", directions=2, target=spec.target)
    assert dealt["code"] == encode(puzzle) and decode(dealt["code"]) == puzzle
    plan = honest_plan(puzzle)
    (tmp_path / "play.txt").write_text(format_plan(plan))
    code, out, _ = run("verify", "--json", dealt["code"], tmp_path / "play.txt")
    assert json.loads(out)["score"] == replay(puzzle, plan).score
    assert json.loads(level_deal(base, cards, "code=K7MPQR&level=99&cards=16"))["error"]


def test_the_table_and_levels_pages_are_built_without_dates(run, tmp_path):
    """`citytrip site --no-dailies`: the pages that need no date, the index and how to play."""
    status, out, err = run("site", "--out", tmp_path / "site", "--no-dailies", "--city", "brugge")
    assert status == 0, err
    assert (tmp_path / "site/brugge/table.html").is_file() and (tmp_path / "site/brugge/levels.html").is_file()
    assert sorted(p.name for p in (tmp_path / "site/brugge").iterdir()) == ["levels.html", "table.html"]
    assert 'href="brugge/table.html"' in (tmp_path / "site/index.html").read_text()
    status, _, err = run("site", "--out", tmp_path / "other", "--no-dailies", "--from", "2026-12-01")
    assert status == 2 and "--no-dailies" in err and not (tmp_path / "other").exists()


def test_the_screen_qr_code_is_the_prints():
    """The table page's QR encoder (the qrcode package's files and stubs, run in the browser) gives
    the matrix generator/render/qr.py prints, with no package outside the standard library."""
    import subprocess
    import sys

    from generator.render.qr import MASK_PATTERN, qr_matrix
    from generator.render import screen_qr

    assert screen_qr.MASK_PATTERN == MASK_PATTERN
    link = "https://example.org/citytrip/antwerpen/table.html#code=K7MPQR&game=advanced&cards=20&tasks=345&turn=19"
    folder = __import__("tempfile").mkdtemp()
    for path, text in screen_qr.qr_sources().items():
        target = __import__("pathlib").Path(folder, path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    script = f"import sys; sys.path.insert(0, {folder!r}); import screen_qr; print(screen_qr.matrix_rows({link!r}))"
    rows = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=True).stdout.strip()
    assert rows == "/".join("".join("1" if dark else "0" for dark in row) for row in qr_matrix(link).rows)


# Each city's word for its assignment cards in each language (maps/*/words.yaml), and the other city's.
CARD_WORDS = {("antwerpen", "nl"): "missies", ("brugge", "nl"): "opdrachten",
              ("antwerpen", "fr"): "missions", ("brugge", "fr"): "tâches",
              ("antwerpen", "en"): "missions", ("brugge", "en"): "assignments"}


@pytest.mark.parametrize("city,lang", sorted(CARD_WORDS))
def test_the_table_pages_footer_says_the_citys_word_for_its_cards(city, lang):
    """The table page's footer names the cards as the city's edition does (Antwerpen: missies /
    missions; Brugge: opdrachten / tâches / assignments), never the other city's word."""
    import re

    from generator.language import speaking
    from generator.site.pages import table_page

    with speaking(lang):
        html = table_page(load_city(city))
    footer = re.search(r"<footer>\s*<p>(.*?)</p>", html, re.S).group(1)
    other = "brugge" if city == "antwerpen" else "antwerpen"
    assert CARD_WORDS[(city, lang)] in footer
    assert CARD_WORDS[(other, lang)] not in footer and "{" not in footer


@pytest.mark.parametrize("lang,words", [("nl", ("opdrachten", "missies in Antwerpen")),
                                        ("fr", ("tâches", "missions à Anvers")),
                                        ("en", ("assignments", "missions in Antwerpen"))])
def test_how_to_play_names_both_cities_words_for_the_cards(lang, words):
    """The how-to-play page serves both cities: it names Brugge's cards and Antwerpen's missions."""
    from generator.language import speaking
    from generator.site.pages import how_to_play_page

    with speaking(lang):
        html = how_to_play_page()
    assert all(word in html for word in words), words
