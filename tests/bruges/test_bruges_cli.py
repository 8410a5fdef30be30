"""`citytrip score bruges`: impossible inputs are refused with one clear paragraph and exit code 2;
the table and --json output of a valid game."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bruges_helpers import game, player

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bruges-game.yaml"

# A legal final state to break one rule at a time. Anna holds all three sole majorities
# (2 reputation steps to 1, 1 person to 0, 5 Canal tokens to 0) and so has flipped all three.
BASE = game(
    player("Anna", scoring_track=12, houses=2,
           people=[{"name": "Priest", "price": 6, "group": "Church", "house": 1}],
           majorities=["people", "canal", "reputation"],
           canal={"left": [1, 2, 3, 4, 5]}, statues=[7],
           reputation={"step": 2, "points": 1}, guilders=4, workers=1),
    player("Bert", scoring_track=20, houses=1, reputation={"step": 1, "points": 0}, guilders=3),
)


def broken(change) -> dict:
    data = copy.deepcopy(BASE)
    change(data["players"][0], data["players"][1], data)
    return data


def one_paragraph(err: str) -> str:
    """Check stderr is one error paragraph without a traceback; return it on one line."""
    assert err.startswith("citytrip: error: ")
    assert err.count("citytrip: error:") == 1
    assert "Traceback" not in err
    assert "\n\n" not in err.strip()
    return " ".join(err.split())


def test_base_game_is_legal(write_game, run):
    """The game the impossible inputs are made from scores without complaint."""
    code, out, err = run("score", "bruges", write_game(BASE))
    assert (code, err) == (0, "")
    # Anna: 12 + people 2 + houses 2 + 3 majorities 12 + third space 3 + statue 7 + reputation 1 = 39
    assert "Winner: Anna" in out and " 39 " in out


IMPOSSIBLE = {
    # name: (change to BASE, key path named, words of the explanation, player named)
    "person in no house": (
        lambda a, b, g: a["people"][0].pop("house"), "players[0].people[0].house", "in no house", "Anna"),
    "third statue": (
        lambda a, b, g: a.update(statues=[7, 6, 5]), "players[0].statues[2]", "at most 2 statues", "Anna"),
    "statue value 8": (
        lambda a, b, g: a.update(statues=[8]), "players[0].statues[0]", "valued 2 through 7", "Anna"),
    "canal token on space 4 with space 3 empty": (
        lambda a, b, g: a.update(canal={"left": [1, 2, 4]}), "players[0].canal.left",
        "space 4 with space 3 empty", "Anna"),
    "negative guilders": (
        lambda a, b, g: b.update(guilders=-1), "players[1].guilders", "negative", "Bert"),
    "negative workers": (
        lambda a, b, g: b.update(workers=-2), "players[1].workers", "negative", "Bert"),
    "negative houses": (
        lambda a, b, g: b.update(houses=-1), "players[1].houses", "negative", "Bert"),
    "negative scoring track": (
        lambda a, b, g: b.update(scoring_track=-3), "players[1].scoring_track", "negative", "Bert"),
    "negative reputation step": (
        lambda a, b, g: b.update(reputation={"step": -1, "points": 0}), "players[1].reputation.step",
        "negative", "Bert"),
    "negative laurel": (
        lambda a, b, g: a["people"][0].update(laurel=-2), "players[0].people[0].laurel", "negative", "Anna"),
    "statue held by two players": (
        lambda a, b, g: b.update(statues=[7]), "players[1].statues[0]", "also held by players[0]", "Bert"),
    "two people in one house": (
        lambda a, b, g: a["people"].append({"price": 3, "group": "Artist", "house": 1}),
        "players[0].people[1].house", "already holds", "Anna"),
    "house that was not built": (
        lambda a, b, g: a["people"][0].update(house=3), "players[0].people[0].house", "does not exist", "Anna"),
    "price not a multiple of 3": (
        lambda a, b, g: a["people"][0].update(price=7), "players[0].people[0].price", "multiple of 3", "Anna"),
    "points not a third of the price": (
        lambda a, b, g: a["people"][0].update(points=3), "players[0].people[0].points", "one third", "Anna"),
    "unknown group": (
        lambda a, b, g: a["people"][0].update(group="Pirate"), "players[0].people[0].group", "unknown group",
        "Anna"),
    "majority marker twice": (
        lambda a, b, g: a.update(majorities=["people", "canal", "reputation", "canal"]),
        "players[0].majorities[3]", "listed twice", "Anna"),
    "unknown majority": (
        lambda a, b, g: b.update(majorities=["money"]), "players[1].majorities[0]", "unknown majority", "Bert"),
    "sole majority not flipped": (
        lambda a, b, g: a.update(majorities=["people", "reputation"]), "players[0].majorities",
        "sole canal majority", "Anna"),
    "reputation points unknown": (
        lambda a, b, g: b.update(reputation={"step": 1}), "players[1].reputation.points",
        "read from the board", "Bert"),
    "one step, two point values": (
        lambda a, b, g: b.update(reputation={"step": 2, "points": 5}), "players[1].reputation.points",
        "same step 2", "Bert"),
    "canal space 6": (
        lambda a, b, g: b.update(canal={"right": [1, 6]}), "players[1].canal.right[1]", "spaces 1 to 5", "Bert"),
    "two players with one name": (
        lambda a, b, g: b.update(name="Anna"), "players[1].name", "same name", "Anna"),
}


@pytest.mark.parametrize("case", IMPOSSIBLE, ids=list(IMPOSSIBLE))
def test_impossible_state_is_refused(case, write_game, run):
    """Each rule-breaking final state gives exit code 2 and one paragraph naming file, field and player."""
    change, path, words, name = IMPOSSIBLE[case]
    file = write_game(broken(change))
    code, out, err = run("score", "bruges", file)
    assert code == 2 and out == ""
    message = one_paragraph(err)
    assert str(file) in message
    assert f"at {path}:" in message
    assert words in message
    assert f"player {name!r}" in message


MALFORMED = {
    "unknown key": (lambda a, b, g: a.update(gold=3), "players[0].gold", "unknown key"),
    "text for a count": (lambda a, b, g: a.update(guilders="many"), "players[0].guilders", "whole number"),
    "yes for a count": (lambda a, b, g: a.update(houses=True), "players[0].houses", "whole number"),
    "missing key": (lambda a, b, g: b.pop("workers"), "players[1]", "missing key 'workers'"),
    "one player": (lambda a, b, g: g["players"].pop(), "players", "2 to 4"),
    "five players": (
        lambda a, b, g: g["players"].extend(player(n) for n in "CDE"), "players", "2 to 4"),
    "another game": (lambda a, b, g: g.update(game="bigcity"), "game", "expected 'bruges'"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed_file_is_refused(case, write_game, run):
    """A file of the wrong shape gives exit code 2 and one paragraph naming the key path."""
    change, path, words = MALFORMED[case]
    code, out, err = run("score", "bruges", write_game(broken(change)))
    message = one_paragraph(err)
    assert code == 2 and out == ""
    assert f"at {path}:" in message and words in message


@pytest.mark.parametrize(
    "text, words",
    [
        ("players: [\n", "not valid YAML"),
        ("players: []\nplayers: []\n", "given twice"),
        ("- just a list\n", "expected a mapping"),
        ('players:\n  - name: "Anna\\ud800"\n', "U+D800, which cannot be printed"),
        ("notes: 2026-02-30\nplayers: []\n", "day is out of range"),
    ],
    ids=["syntax", "duplicate key", "not a mapping", "lone surrogate in a name", "impossible date"],
)
def test_unreadable_yaml_is_refused(text, words, write_game, run):
    """Broken YAML, a key given twice and a top level that is not a mapping are errors, not crashes."""
    code, out, err = run("score", "bruges", write_game(text))
    assert code == 2 and out == ""
    assert words in one_paragraph(err)


@pytest.mark.parametrize(
    "args, words",
    [
        (["score", "bigcity", "x.yaml"], "unknown game 'bigcity'"),
        (["score", "bruges", "EXAMPLE", "--variant", "de"], "unknown variant 'de'"),
        (["score", "bruges", "no/such/game.yaml"], "no/such/game.yaml"),
    ],
    ids=["game", "variant", "missing file"],
)
def test_bad_arguments_are_refused(args, words, run):
    """An unknown game or variant and a missing file give exit code 2 and one paragraph."""
    code, out, err = run(*[str(EXAMPLE) if a == "EXAMPLE" else a for a in args])
    assert code == 2 and out == ""
    assert words in one_paragraph(err)


def test_json_output(write_game, run):
    """--json prints variant, per-player points, total and tie-break value, and the winners."""
    code, out, err = run("score", "bruges", write_game(BASE), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["variant"] == "en"
    assert data["winners"] == ["Anna"]
    anna, bert = data["players"]
    assert anna == {
        "name": "Anna",
        "points": {"scoring_track": 12, "people": 2, "houses": 2, "laurel": 0, "majorities": 12,
                   "canal": 3, "statues": 7, "reputation": 1},
        "total": 39,
        "tiebreak": 4,
    }
    # Bert: 20 + houses 1 + reputation 0 = 21; tie-break: his 3 guilders
    assert (bert["total"], bert["tiebreak"]) == (21, 3)


def test_json_output_french_variant(write_game, run):
    """--variant fr adds the leftover groups and reports the reputation step as the tie-break."""
    code, out, _ = run("score", "bruges", write_game(BASE), "--variant", "fr", "--json")
    data = json.loads(out)
    assert code == 0 and data["variant"] == "fr"
    anna = data["players"][0]
    # Anna: 4 // 3 + 1 // 3 = 1 leftover point → 40; tie-break: reputation step 2
    assert (anna["points"]["leftovers"], anna["total"], anna["tiebreak"]) == (1, 40, 2)


def test_table_names_categories_total_and_shared_victory(write_game, run):
    """The table lists every category, the totals, and says when a victory is shared."""
    tied = broken(lambda a, b, g: b.update(scoring_track=38, guilders=4))  # Bert: 38 + 1 + 0 = 39
    code, out, _ = run("score", "bruges", write_game(tied))
    assert code == 0
    for label in ("people", "houses", "laurel", "majority", "canal", "statues", "reputation",
                  "total", "tie-break: guilders"):
        assert label in out
    assert out.rstrip().endswith("Shared victory: Anna and Bert")


def test_shipped_example_scores_as_documented(run):
    """examples/bruges-game.yaml gives the totals worked out in docs/bruges.md."""
    code, out, _ = run("score", "bruges", EXAMPLE, "--json")
    data = json.loads(out)
    assert code == 0
    assert {p["name"]: p["total"] for p in data["players"]} == {"Anna": 84, "Bert": 82, "Cleo": 65}
    assert data["winners"] == ["Anna"]
