"""`citytrip verify` and `citytrip show` on the tiny city: text, JSON and exit codes."""

import json
from pathlib import Path

from tiny import TINY
from generator.cli import main

PUZZLE = TINY.parent / "tiny-puzzle.yaml"


def write_plan(tmp_path: Path, text: str) -> str:
    path = tmp_path / "plan.txt"
    path.write_text(text)
    return str(path)


def legal_plan_text() -> str:
    # Card 1 up on side A flips to its back (left) … every turn: L-column pairs exist.
    return "".join(f"{t}. L1 L2\n" for t in range(1, 16))


def test_verify_prints_a_breakdown_and_exits_0(tmp_path, capsys):
    """A legal plan: 'valid plan', a line per category and the appreciation."""
    code = main(["verify", str(PUZZLE), write_plan(tmp_path, legal_plan_text())])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("valid plan: 15 turns")
    assert "statue" in out and "appreciation" in out


def test_verify_names_the_lines_in_the_citys_words(tmp_path, capsys):
    """An Antwerpen puzzle's breakdown says mission, rush actions and rating, as its sheet does;
    a Brugge one assignment, hunted actions and appreciation (R17)."""
    import datetime as dt

    from generator.daily.code import encode
    from generator.daily.deal import deal
    from generator.data.cities import load_city

    sunday = dt.date(2026, 11, 29)  # four assignments, one direction, 15 turns
    for city, words in (("antwerpen", ("mission 1.", "rush actions", "rating")),
                        ("brugge", ("assignment 1.", "hunted actions", "appreciation"))):
        puzzle = deal(load_city(city), sunday)
        plan = "".join(f"{t}. L1 L2\n" for t in range(1, len(puzzle.turns) + 1))
        code = main(["verify", encode(puzzle), write_plan(tmp_path, plan)])
        out = capsys.readouterr().out
        assert code == 0, out
        lines = [line.strip() for line in out.splitlines()]
        for word in words:
            assert any(line.startswith(word) for line in lines), (city, word, out)
        other = {"antwerpen": ("assignment", "hunted", "appreciation"), "brugge": ("mission", "rush", "rating")}[city]
        assert not any(w in out for w in other), (city, out)


def test_verify_json_reports_violations_with_turn_and_rule(tmp_path, capsys):
    """--json: {"valid", "score", "breakdown", "errors": [{"turn", "rule", "message"}]}."""
    code = main(["verify", "--json", str(PUZZLE), write_plan(tmp_path, "1. L1 L2 a:A3\n")])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["valid"] is False
    assert data["errors"] == [{"turn": 1, "rule": "R3", "message": data["errors"][0]["message"]}]
    assert "A3" in data["errors"][0]["message"]
    assert set(data) >= {"valid", "score", "breakdown", "errors"}


def test_verify_reports_a_plan_that_stops_early(tmp_path, capsys):
    """R7: a plan must cover every turn of the game."""
    code = main(["verify", str(PUZZLE), write_plan(tmp_path, "1. L1 L2\n")])
    assert code == 1 and "stops after 1 of 15 turns" in capsys.readouterr().out


def test_show_draws_the_map_with_start_and_path(tmp_path, capsys):
    """show: coordinates along the edges, (S) at the start, [ ] around path nodes."""
    code = main(["show", str(PUZZLE), write_plan(tmp_path, "1. L1 L2 a:A2,B2\n")])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == list("ABCDEFG")
    assert lines[1].split()[:2] == ["1", "(S)"]
    assert "[.]" in lines[2] and "[r]" in lines[2]  # A2 white dot and B2 chapel on the path


def test_shipped_example_plan_verifies(capsys):
    """The README's first command: the example Brugge plan is legal and scores what it says."""
    root = TINY.parents[2]
    code = main(["verify", "--json", str(root / "examples" / "brugge-puzzle.yaml"), str(root / "examples" / "brugge-plan.txt")])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["valid"] is True and data["errors"] == []
    assert data["score"] == 59 and data["target"] == 65 and data["won"] is False
