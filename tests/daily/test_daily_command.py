"""citytrip daily end to end, with the real solver: files, summary, reproducibility, verification."""

import contextlib
import io
from pathlib import Path

import pytest

from generator.cli import main

PINNED = Path(__file__).resolve().parents[1] / "data" / "daily" / "citytrip-antwerpen-2026-11-30-puzzle.yaml"
PINNED_MINI = PINNED.with_name("citytrip-antwerpen-2026-11-30-mini-puzzle.yaml")


@pytest.fixture(scope="module")
def antwerpen_monday(tmp_path_factory):
    """`daily --date 2026-11-30 --city antwerpen --work 0.5` (with its mini): the folder and the summary."""
    out = tmp_path_factory.mktemp("antwerpen")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["daily", "--date", "2026-11-30", "--city", "antwerpen", "--work", "0.5", "--out", str(out)]) == 0
    return out, printed.getvalue()


def test_the_daily_writes_pinned_files_whose_answers_verify(antwerpen_monday, capsys):
    """Eight files of one permission; the puzzle files are the pinned ones; the answer plan verifies
    against the puzzle code at the par, the mini's at its proven maximum. (That two runs write the
    same bytes is checked by the batch against single runs, below, minis included.)"""
    out, summary = antwerpen_monday
    names = sorted(p.name for p in out.iterdir())
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
    # One writer for every file: the YAML files get a new file's permissions like the PDFs (they
    # were private, 0600, when the daily wrote them itself).
    modes = {name: (out / name).stat().st_mode & 0o777 for name in names}
    assert len(set(modes.values())) == 1, modes
    # The puzzle file of this date is pinned: a change to the deal, the data or the solver's
    # answer shows up here (regenerate it on purpose, and bump GENERATOR_VERSION if deals change).
    assert (out / names[6]).read_text() == PINNED.read_text()
    assert (out / names[4]).read_text() == PINNED_MINI.read_text()
    code, mini_code = [line.split("code: ")[1] for line in summary.splitlines() if "code: " in line]
    par = int(summary.split(" par ")[1].split()[0])
    assert main(["verify", "--json", code, str(out / names[1])]) == 0
    assert f'"score": {par}' in capsys.readouterr().out
    # The mini's answer verifies against its code at the proven maximum, which is its target.
    maximum = int(summary.split("proven maximum ")[1].split()[0])
    assert mini_code.startswith("CT2M/") and mini_code.endswith(f"/T{maximum}")
    assert main(["verify", "--json", mini_code, str(out / names[3])]) == 0
    assert f'"score": {maximum}' in capsys.readouterr().out


# --- issue 19: the PDFs in Dutch or French, the YAML files the same in every language ------------------

ONE_DATE = ["daily", "--city", "brugge", "--work", "0.5"]


def _pdf_text(pdf: Path) -> str:
    import pypdf

    return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages).split())


@pytest.fixture(scope="module")
def french_singles(tmp_path_factory):
    """`daily --lang fr` for 2026-11-30 and 2026-12-01 (with their minis), one run per date, into one folder."""
    out = tmp_path_factory.mktemp("fr-singles")
    for day in ("2026-11-30", "2026-12-01"):
        assert main([*ONE_DATE, "--date", day, "--lang", "fr", "--out", str(out)]) == 0
    return out


def test_a_bad_language_is_refused(tmp_path, capsys):
    """--lang de: exit code 2 and a one-paragraph message naming the languages, no traceback, no file."""
    assert main([*ONE_DATE, "--date", "2026-11-30", "--lang", "de", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'de'" in err and "nl (Dutch)" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def english_no_mini(tmp_path_factory):
    """`daily --date 2026-11-30 --no-mini` in English: the folder and the summary."""
    out = tmp_path_factory.mktemp("en-no-mini")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main([*ONE_DATE, "--date", "2026-11-30", "--no-mini", "--out", str(out)]) == 0
    return out, printed.getvalue()


def test_no_mini_skips_the_mini(english_no_mini):
    out, summary = english_no_mini
    assert "daily mini" not in summary and "code: CT2/" in summary
    assert not [p for p in out.iterdir() if "-mini-" in p.name]
    assert len(list(out.iterdir())) == 4


def test_yaml_files_are_the_same_in_every_language(french_singles, english_no_mini):
    """An English and a French run write byte-identical puzzle and answer YAML under the same names
    (so the par, the deal and the code never depend on the language); the PDFs are named and
    worded for their language."""
    english_folder, _ = english_no_mini
    stem = "citytrip-brugge-2026-11-30"
    for name in (f"{stem}-puzzle.yaml", f"{stem}-answer.yaml"):
        assert (english_folder / name).read_bytes() == (french_singles / name).read_bytes(), name
    assert sorted(p.name for p in french_singles.iterdir() if stem in p.name and "-mini-" not in p.name) == [
        f"{stem}-answer-key-fr.pdf", f"{stem}-answer.yaml", f"{stem}-puzzle.yaml", f"{stem}-sheet-fr.pdf"]
    english = _pdf_text(english_folder / f"{stem}-sheet.pdf")
    french = _pdf_text(french_singles / f"{stem}-sheet-fr.pdf")
    assert "Citytrip Brugge daily puzzle" in english and "Monday 30 November 2026" in english
    assert "Citytrip Brugge : puzzle du jour" in french and "Lundi 30 novembre 2026" in french
    assert "daily puzzle" not in french and "Monday" not in french


def test_a_french_batch_on_dask_workers_writes_the_single_runs_bytes(french_singles, tmp_path, capsys):
    """`daily --from --to --lang fr --cluster local:2`: each DailyJob carries the language, so the
    worker processes (which never heard of --lang) render in French, the very files of
    `daily --date --lang fr`, minis included, and the summaries come in date order. Two runs in
    other processes writing the same bytes: the daily is reproducible."""
    args = [*ONE_DATE, "--from", "2026-11-30", "--to", "2026-12-01", "--lang", "fr", "--cluster", "local:2",
            "--out", str(tmp_path)]
    capsys.readouterr()
    assert main(args) == 0
    printed = capsys.readouterr().out
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(p.name for p in french_singles.iterdir()) and len(names) == 16
    assert len([n for n in names if n.endswith("-fr.pdf")]) == 8
    for name in names:
        assert (tmp_path / name).read_bytes() == (french_singles / name).read_bytes(), name
    assert printed.index("2026-11-30 (Monday") < printed.index("2026-12-01 (Tuesday")


def test_the_summary_names_the_citys_assignments():
    """`daily` prints Antwerpen's dealt cards as missions, Brugge's as assignments (words.yaml)."""
    import datetime as dt

    from generator.daily.deal import deal
    from generator.daily.job import Daily
    from generator.daily.summary import summary
    from generator.data.cities import load_city

    for city, word in (("antwerpen", "missions"), ("brugge", "assignments")):
        day = dt.date(2026, 11, 29)
        puzzle = deal(load_city(city), day)
        daily = Daily(day=day, puzzle=puzzle, code="CT2/…", par=100, bound=100, proven=True, honest=50, attempt=0,
                      answer=None, report=None, files=())  # what the summary reads; no plan needed
        lines = summary(daily).splitlines()
        assert lines[2].startswith(f"  {word}: ") and all(a.id in lines[2] for a in puzzle.assignments)
