"""Fuzz: malformed files and arguments, derived from valid ones, never get past the door unnoticed.

Each case takes a valid input (a city folder, a puzzle, a plan, a Bruges game, a score pad
template, a puzzle code), breaks it with one seeded mutation (a hostile YAML value, a deleted,
doubled or cut line, a stray character) and runs the command a user would. Whatever happens, the
command ends with exit code 0, 1 or 2, never a traceback; an error is one readable paragraph; a
command that fails writes no file; and a city the loader accepts also prints its cards and sheets
(issue 14: "what the loader accepts, every command can use"). The cases are fixed by the seed, so a
failure here is reproducible with its case number.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from hostile_yaml import BILLION_LAUGHS, DEEP_FLOW
from tiny import TINY

ROOT = Path(__file__).resolve().parents[1]
CASES_PER_KIND = 100
MAX_ERROR = 1200  # characters of one error paragraph, however long the bad value was

HOSTILE_VALUES = [
    "2026-02-30", "!!int x", "!!float x", "!!binary aGk=", "!!set {a, b}", '"\\ud800"', '"a\\x00b"', "'²'",
    "x" * 100_000, "-1", "0", "99999999999999999999999", "1e400", ".nan", ".inf", "[]", "{}", "~", '""',
    "[[[]]]", DEEP_FLOW, "&a [1, 2]", "*nowhere", "https://example.org/" + "x" * 2500, "true", "A99", "16B",
    "{a: 1, a: 2}",
]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True) or ["\n"]
    k = rng.randrange(len(lines))
    kind = rng.randrange(7)
    if kind <= 2 and ":" in lines[k]:  # a hostile value where a value was
        key = lines[k].split(":", 1)[0]
        lines[k] = f"{key}: {rng.choice(HOSTILE_VALUES)}\n"
    elif kind == 3:
        del lines[k]
    elif kind == 4:
        lines.insert(k, lines[k])
    elif kind == 5:
        return text[: rng.randrange(len(text) + 1)]
    else:
        at = rng.randrange(len(lines[k]) + 1)
        lines[k] = lines[k][:at] + rng.choice(["\t", "\\", "'", '"', "&x ", "*x", "é", "\u00a0", "{", "- "]) + lines[k][at:]
    text = "".join(lines)
    if rng.random() < 0.05:
        text += BILLION_LAUGHS.replace("target:", "zz:")
    return text


def run(args: list, capsys) -> tuple[int, str]:
    code = main([str(a) for a in args])
    err = capsys.readouterr().err
    assert code in (0, 1, 2), (args, code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("citytrip") and len(err) < MAX_ERROR, err[:2000]
    return code, err


@pytest.fixture
def world(tmp_path: Path) -> Path:
    shutil.copytree(TINY, tmp_path / "city")
    puzzle = (ROOT / "tests" / "data" / "tiny-puzzle.yaml").read_text().replace("map: tiny", f"map: {tmp_path / 'city'}")
    (tmp_path / "puzzle.yaml").write_text(puzzle)
    (tmp_path / "plan.txt").write_text("1. L1 L2 a:A2\n2. L2 L3\n")
    (tmp_path / "out").mkdir()
    return tmp_path


@pytest.mark.parametrize("case", range(CASES_PER_KIND))
def test_a_broken_city_is_refused_or_prints(world, capsys, case):
    """A city file with one mutation: refused in one paragraph, or it plays and prints."""
    rng = random.Random(f"city {case}")
    name = rng.choice(["map.yaml", "rules.yaml", "cards.yaml", "assignments.yaml", "levels.yaml"])
    file = world / "city" / name
    file.write_text(mutate(file.read_text(), rng))
    code, _ = run(["verify", world / "puzzle.yaml", world / "plan.txt"], capsys)
    if code == 2:
        return
    out = world / "out"
    cards, _ = run(["cards", "--city", world / "city", "--out", out], capsys)
    sheets, _ = run(["sheets", "--city", world / "city", "--count", 1, "--out", out / "sheets.pdf"], capsys)
    assert (cards, sheets) == (0, 0), f"{name} loads and verifies, but does not print"


@pytest.mark.parametrize("case", range(CASES_PER_KIND))
def test_a_broken_puzzle_or_plan_is_refused_or_replayed(world, capsys, case):
    """A puzzle or plan with one mutation: refused in one paragraph, or replayed by the engine."""
    rng = random.Random(f"puzzle {case}")
    file = world / rng.choice(["puzzle.yaml", "plan.txt"])
    file.write_text(mutate(file.read_text(), rng))
    run(["verify", world / "puzzle.yaml", world / "plan.txt"], capsys)
    run(["show", world / "puzzle.yaml", world / "plan.txt"], capsys)


@pytest.mark.parametrize("case", range(CASES_PER_KIND))
def test_a_broken_bruges_game_or_template_is_refused_or_used(world, capsys, case):
    """A Bruges game or a score pad template with one mutation: refused, or scored and printed;
    a refused template leaves no PDF behind."""
    rng = random.Random(f"bruges {case}")
    game = world / "game.yaml"
    game.write_text(mutate((ROOT / "examples" / "bruges-game.yaml").read_text(), rng))
    run(["score", "bruges", game], capsys)
    template = world / "pad.yaml"
    template.write_text(mutate((ROOT / "templates" / "scorepad" / "bigcity.yaml").read_text(), rng))
    code, _ = run(["scorepad", "--game", template, "--out", world / "out" / "pad.pdf"], capsys)
    assert (world / "out" / "pad.pdf").exists() == (code == 0)


@pytest.mark.parametrize("case", range(CASES_PER_KIND))
def test_a_broken_puzzle_code_is_refused_or_decoded(world, capsys, case):
    """A printed puzzle code with one character changed, dropped or doubled: refused or decoded."""
    from generator.daily.code import encode
    from generator.daily.deal import deal
    from generator.data.cities import load_city
    import datetime as dt

    rng = random.Random(f"code {case}")
    code = encode(deal(load_city("brugge"), dt.date(2026, 12, 1) + dt.timedelta(days=case % 7)))
    at = rng.randrange(len(code))
    change = rng.choice(["drop", "double", "replace"])
    if change == "drop":
        code = code[:at] + code[at + 1:]
    elif change == "double":
        code = code[:at] + code[at] + code[at:]
    else:
        code = code[:at] + rng.choice("0123456789ABZ/+.-²٣x") + code[at + 1:]
    run(["verify", code, world / "plan.txt"], capsys)


# --- long and wide texts in every printed field, in each language (issue 40) ---------------------

SHAPES = {
    "long": " ".join(["Wonderful"] * 120),  # 1,199 characters of words: wraps, then runs out of room
    "wide": "W" * 38,  # one word of the widest letter: shrinks and breaks, or does not fit at all
    "huge": "x" * 10_000,
    "fair": "Wonderful Wonderful",  # what a real city writes: must print
}
LANGS = ("en", "nl", "fr")


def _set_text(city: Path, field: str, lang: str, text: str) -> None:
    """Give the tiny city's `field` the text `text` in `lang` (plain text for a field that has
    no languages), as a user editing their own city would."""
    import yaml

    def edit(name: str, change) -> None:
        data = yaml.safe_load((city / name).read_text())
        change(data)
        (city / name).write_text(yaml.safe_dump(data, allow_unicode=True, width=1_000_000))

    if field in ("city name", "location name", "assigned location name"):
        index = 0 if field == "location name" else 3  # Start Square starts card 1; Museum One is in 4.01
        old = yaml.safe_load((city / "map.yaml").read_text())["locations"][index]["name"]
        if field == "city name":
            edit("map.yaml", lambda data: data.update(name=text))
            return
        for name in ("cards.yaml", "assignments.yaml"):  # the cards name it too
            (city / name).write_text((city / name).read_text().replace(old, text))
        edit("map.yaml", lambda data: data["locations"][index].update(name=text))
    elif field == "location's own name":
        edit("map.yaml", lambda data: data["locations"][0].update(names={lang: text}))
    elif field == "legend label":
        edit("rules.yaml", lambda data: data["categories"]["museum"].update(label={"en": "Visit museums", lang: text}))
    elif field == "start card text":
        edit("cards.yaml", lambda data: data["start_cards"][0].update(description={"en": "A square.", lang: text}))
    else:  # a word of words.yaml
        (city / "words.yaml").write_text(yaml.safe_dump({field: {lang: text[:40]}}, allow_unicode=True))


TEXT_FIELDS = ["city name", "location name", "assigned location name", "location's own name", "legend label",
               "start card text", "assignment", "appreciation", "hunted_actions"]


@pytest.mark.parametrize("field", TEXT_FIELDS)
@pytest.mark.parametrize("shape", SHAPES)
def test_a_long_or_wide_text_is_refused_by_its_key_or_prints_whole(world, capsys, field: str, shape: str):
    """Every printed text of a city, long, wide or huge, in one of the three languages: refused
    with one paragraph naming its file, key and room, by every command alike (verify too, so no
    command accepts what another cannot print); or accepted, and then its cards and sheets print
    in that language with nothing out of its box, off the card or under 6 pt."""
    from print_audit import audit

    lang = LANGS[(TEXT_FIELDS.index(field) + list(SHAPES).index(shape)) % 3]
    _set_text(world / "city", field, lang, SHAPES[shape])
    code, err = run(["verify", world / "puzzle.yaml", world / "plan.txt"], capsys)
    if code == 2:
        assert shape != "fair", err
        assert any(name in err for name in ("map.yaml", "rules.yaml", "cards.yaml", "words.yaml")), err
        for command in (["cards", "--city", world / "city", "--out", world / "out"],
                        ["sheets", "--city", world / "city", "--out", world / "out" / "sheets.pdf"]):
            assert run(command + ["--lang", lang], capsys) == (2, err)
        assert list((world / "out").iterdir()) == []
        return
    assert code in (0, 1), err  # accepted: the plan is replayed (1: it does not win here)
    out = world / "out"
    assert run(["cards", "--city", world / "city", "--lang", lang, "--out", out], capsys)[0] == 0
    assert run(["sheets", "--city", world / "city", "--mode", "both", "--count", 1, "--lang", lang,
                "--out", out / "sheets.pdf"], capsys)[0] == 0
    for pdf in sorted(out.glob("*.pdf")):
        if "alignment" not in pdf.name and "action" not in pdf.name:
            assert [str(f) for f in audit(pdf)] == [], (pdf.name, field, shape, lang)
