"""Installed as a tool (issue 41): the wheel carries its cities and templates and runs from any folder.
The wheel (the `wheel` and `installed` fixtures, tests/support/installed.py) and this checkout's
editable install run the same commands, each from an empty folder outside the checkout; every file
they write must be byte-identical. The main job run by the wheel: tests/daily/test_daily_command.py.
"""

from __future__ import annotations

import filecmp
import json
import sys
import zipfile
from pathlib import Path

import pytest

from installed import run

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

# What a user would run first, in both cities and for every game with a template, run by both.
COMMANDS = [
    ["kit", "--city", "antwerpen", "--lang", "fr", "--count", "1"],
    *[[kind, "--game", game] for kind in ("scorepad", "reference") for game in ("citytrip", "bruges", "bigcity")],
    ["verify", str(EXAMPLES / "brugge-puzzle.yaml"), str(EXAMPLES / "brugge-plan.txt")],
    ["levels", "--city", "brugge", "--levels", "1", "--shuffles", "2", "--workers", "1"],
    ["site", "--help"],
    ["--version"],
]


@pytest.mark.slow  # building the wheel takes about 6 s
def test_the_wheel_carries_every_shipped_city_and_template(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("maps", "templates"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                assert f"generator/_shipped/{path.relative_to(ROOT).as_posix()}" in names, path
    assert "generator/_shipped/package.json" in names
    # the site's own data files: the Node scripts (snapshot, compiled standard library) and the library's list
    for path in (ROOT / "generator" / "site").iterdir():
        if path.is_file() and path.suffix not in (".py", ".pyc"):
            assert f"generator/site/{path.name}" in names, path
    assert {"generator/locale/nl/LC_MESSAGES/citytrip.mo", "generator/locale/fr/LC_MESSAGES/citytrip.mo"} <= names


@pytest.mark.slow
def test_an_installed_wheel_writes_what_the_checkout_writes(installed: Path, tmp_path: Path) -> None:
    """From an empty folder outside the checkout, the wheel's `citytrip` and the editable install
    print the same and write the same bytes, for every command of COMMANDS."""
    wheels, editable = tmp_path / "installed", tmp_path / "editable"
    for folder, command in ((wheels, [str(installed)]), (editable, [sys.executable, "-m", "generator"])):
        folder.mkdir()
        for args in COMMANDS:
            printed = run(command, args, folder)
            if args[0] != "levels":  # which prints how long its jobs took
                (folder / f"printed-{args[0].lstrip('-')}-{COMMANDS.index(args)}.txt").write_text(printed)
    assert "generator version" in (wheels / f"printed-version-{len(COMMANDS) - 1}.txt").read_text()
    written = sorted(p.relative_to(wheels) for p in wheels.rglob("*") if p.is_file())
    assert written == sorted(p.relative_to(editable) for p in editable.rglob("*") if p.is_file())
    assert any(p.suffix == ".pdf" for p in written) and len(written) > 20
    different = [str(p) for p in written if not _same(wheels / p, editable / p)]
    assert different == []


def _same(one: Path, other: Path) -> bool:
    """Byte-identical; the levels' outcome log alike but for how long each job took."""
    if one.suffix != ".jsonl":
        return filecmp.cmp(one, other, shallow=False)
    return _untimed(one) == _untimed(other)


def _untimed(log: Path) -> list:
    def drop(value):
        if isinstance(value, dict):
            return {k: drop(v) for k, v in value.items() if k != "seconds"}
        return [drop(v) for v in value] if isinstance(value, list) else value

    return [drop(json.loads(line)) for line in log.read_text().splitlines()]
