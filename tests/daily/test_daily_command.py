"""citytrip daily end to end, with the real solver: files, summary, reproducibility, verification."""

import pytest

from pathlib import Path

from generator.cli import main

PINNED = Path(__file__).resolve().parents[1] / "data" / "daily" / "citytrip-antwerpen-2026-11-30-puzzle.yaml"


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
    assert (tmp_path / "one" / names[2]).read_text() == PINNED.read_text()
    code = next(line.split("code: ")[1] for line in summary.splitlines() if "code: " in line)
    par = int(summary.split(" par ")[1].split()[0])
    assert main(["verify", "--json", code, str(tmp_path / "one" / names[1])]) == 0
    assert f'"score": {par}' in capsys.readouterr().out
