"""citytrip daily end to end, with the real solver: files, summary, reproducibility, verification."""

import pytest

from pathlib import Path

from generator.cli import main

PINNED = Path(__file__).resolve().parents[1] / "data" / "daily" / "citytrip-antwerpen-2026-11-30-puzzle.yaml"
PINNED_MINI = PINNED.with_name("citytrip-antwerpen-2026-11-30-mini-puzzle.yaml")


@pytest.mark.slow
def test_daily_twice_gives_identical_files_whose_answer_verifies(tmp_path, capsys):
    """Two runs write the same bytes; the answer plan verifies against the puzzle code at the par."""
    args = ["daily", "--date", "2026-11-30", "--city", "antwerpen", "--work", "0.5"]
    assert main([*args, "--out", str(tmp_path / "one")]) == 0
    summary = capsys.readouterr().out
    assert main([*args, "--out", str(tmp_path / "two")]) == 0
    capsys.readouterr()
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == [
        "citytrip-antwerpen-2026-11-30-answer-key.pdf",
        "citytrip-antwerpen-2026-11-30-answer.yaml",
        "citytrip-antwerpen-2026-11-30-mini-answer-key.pdf",
        "citytrip-antwerpen-2026-11-30-mini-answer.yaml",
        "citytrip-antwerpen-2026-11-30-mini-puzzle.yaml",
        "citytrip-antwerpen-2026-11-30-mini-sheet.pdf",
        "citytrip-antwerpen-2026-11-30-puzzle.yaml",
        "citytrip-antwerpen-2026-11-30-sheet.pdf",
    ]
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    # One writer for every file: the YAML files get a new file's permissions like the PDFs (they
    # were private, 0600, when the daily wrote them itself).
    modes = {name: (tmp_path / "one" / name).stat().st_mode & 0o777 for name in names}
    assert len(set(modes.values())) == 1, modes
    # The puzzle file of this date is pinned: a change to the deal, the data or the solver's
    # answer shows up here (regenerate it on purpose, and bump GENERATOR_VERSION if deals change).
    assert (tmp_path / "one" / names[6]).read_text() == PINNED.read_text()
    assert (tmp_path / "one" / names[4]).read_text() == PINNED_MINI.read_text()
    code, mini_code = [line.split("code: ")[1] for line in summary.splitlines() if "code: " in line]
    par = int(summary.split(" par ")[1].split()[0])
    assert main(["verify", "--json", code, str(tmp_path / "one" / names[1])]) == 0
    assert f'"score": {par}' in capsys.readouterr().out
    # The mini's answer verifies against its code at the proven maximum, which is its target.
    maximum = int(summary.split("proven maximum ")[1].split()[0])
    assert mini_code.startswith("CT2M/") and mini_code.endswith(f"/T{maximum}")
    assert main(["verify", "--json", mini_code, str(tmp_path / "one" / names[3])]) == 0
    assert f'"score": {maximum}' in capsys.readouterr().out


def test_no_mini_skips_the_mini(tmp_path, capsys):
    args = ["daily", "--date", "2026-11-30", "--city", "brugge", "--work", "0.5", "--no-mini", "--out", str(tmp_path)]
    assert main(args) == 0
    assert "daily mini" not in capsys.readouterr().out
    assert not [p for p in tmp_path.iterdir() if "-mini-" in p.name]
    assert len(list(tmp_path.iterdir())) == 4
