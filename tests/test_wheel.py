"""Installed as a tool (issue 41): the wheel carries its cities and templates and runs from any folder.

Builds the wheel, installs it into a fresh virtualenv, and runs the same commands with it and with
this checkout's editable install, each from an empty folder outside the checkout; every file they
write must be byte-identical. The fresh virtualenv borrows this environment's packages (the
wheel's dependencies, which pip resolves from the same pyproject.toml for `.ci/run`) through a
.pth line, which adds their folder and nothing else: the checkout's editable hook, itself a .pth
file in that folder, is not run, and the test asserts that `generator` is the wheel's.
"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

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
# The main job, run by the wheel alone: the checkout's run of this date is pinned
# (tests/daily/test_daily_command.py), so the wheel's must write the pinned puzzle and answer. Its
# PDFs draw with the renderers, fonts, icons and maps that `kit` compares above.
DAILY = ["daily", "--date", "2026-12-14", "--city", "antwerpen", "--work", "0.5", "--no-mini"]
PINNED = ROOT / "tests" / "data" / "daily"


def _run(command: list[str], args: list[str], folder: Path) -> str:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(command + args, cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (args, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel of this checkout's files (committed or not, but for what git ignores), built
    from a copy: setuptools builds in the source's build/ folder, where a module deleted since
    an earlier build would linger and ship."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        original, copy = ROOT / name, source / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if original.is_symlink():  # generator/_shipped's links to maps/ and templates/
            copy.symlink_to(os.readlink(original))
        elif original.is_file():  # a file deleted but not yet committed is listed and absent
            shutil.copy2(original, copy)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)],
                   check=True, capture_output=True)
    (built,) = out.glob("citytrip-*.whl")
    return built


@pytest.mark.slow  # building the wheel takes about 6 s
def test_the_wheel_carries_every_shipped_city_and_template(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("maps", "templates"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                assert f"generator/_shipped/{path.relative_to(ROOT).as_posix()}" in names, path
    assert "generator/_shipped/package.json" in names
    assert {"generator/locale/nl/LC_MESSAGES/citytrip.mo", "generator/locale/fr/LC_MESSAGES/citytrip.mo"} <= names


@pytest.mark.slow
def test_an_installed_wheel_writes_what_the_checkout_writes(wheel: Path, tmp_path: Path) -> None:
    """From an empty folder outside the checkout, the wheel's `citytrip` and the editable install
    print the same and write the same bytes, for every command of COMMANDS; the wheel's daily
    writes the pinned files."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", str(wheel)], check=True, capture_output=True)
    (own,) = (venv / "lib").glob("python*/site-packages")
    (own / "borrowed-dependencies.pth").write_text("".join(f"{folder}\n" for folder in site.getsitepackages()))
    found = _run([str(venv / "bin" / "python"), "-c"], ["import generator; print(generator.__file__)"], tmp_path)
    assert Path(found.strip()).is_relative_to(own), found
    installed, editable = tmp_path / "installed", tmp_path / "editable"
    for folder, command in ((installed, [str(venv / "bin" / "citytrip")]), (editable, [sys.executable, "-m", "generator"])):
        folder.mkdir()
        for args in COMMANDS:
            printed = _run(command, args, folder)
            if args[0] != "levels":  # which prints how long its jobs took
                (folder / f"printed-{args[0].lstrip('-')}-{COMMANDS.index(args)}.txt").write_text(printed)
    assert "generator version" in (installed / f"printed-version-{len(COMMANDS) - 1}.txt").read_text()
    written = sorted(p.relative_to(installed) for p in installed.rglob("*") if p.is_file())
    assert written == sorted(p.relative_to(editable) for p in editable.rglob("*") if p.is_file())
    assert any(p.suffix == ".pdf" for p in written) and len(written) > 20
    different = [str(p) for p in written if not _same(installed / p, editable / p)]
    assert different == []
    # `daily --no-mini`: the daily's four files, the pinned YAML, and no mini in the summary or on disk.
    (tmp_path / "daily").mkdir()
    printed = _run([str(venv / "bin" / "citytrip")], DAILY + ["--out", "."], tmp_path / "daily")
    assert "daily mini" not in printed
    daily = sorted((tmp_path / "daily").iterdir())
    assert [p.name for p in daily] == [f"citytrip-antwerpen-2026-12-14-{name}" for name in (
        "answer-key.pdf", "answer.yaml", "puzzle.yaml", "sheet.pdf")]
    for path in daily:
        if path.suffix == ".yaml":
            assert path.read_text() == (PINNED / path.name).read_text(), path.name
        else:
            assert path.read_bytes().startswith(b"%PDF-") and path.stat().st_size > 10_000, path.name


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
