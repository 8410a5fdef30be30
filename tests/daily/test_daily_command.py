"""citytrip daily end to end, with the real solver: files, summary, reproducibility, verification.
The single date is run by the installed wheel (tests/support/installed.py): the main job as a user
who installed the tool runs it; the batch by this checkout, on Dask workers."""

from pathlib import Path

import pytest

from generator.cli import main
from installed import run

PINNED = Path(__file__).resolve().parents[1] / "data" / "daily"
STEM = "citytrip-antwerpen-2026-12-14"
ONE_DATE = ["daily", "--city", "antwerpen", "--work", "0.5"]


@pytest.fixture(scope="module")
def antwerpen_monday(installed, tmp_path_factory):
    """The wheel's `daily --date 2026-12-14 --city antwerpen --work 0.5 --lang fr` (with its mini),
    run from an empty folder: the folder and the summary. In French, so that the pinned YAML files,
    made by an English run of the checkout, also pin that the puzzle and its answer are the same in
    every language and from the wheel. (A Monday whose first deal is taken at this budget: its
    daily solves one deal.)"""
    out = tmp_path_factory.mktemp("antwerpen")
    printed = run([str(installed)], [*ONE_DATE, "--date", "2026-12-14", "--lang", "fr", "--out", "."], out)
    return out, printed


def test_the_daily_writes_pinned_files_whose_answers_verify(antwerpen_monday, capsys):
    """Eight files of one permission; the puzzle and answer files are the pinned ones, whatever the
    language; the answer plan verifies against the puzzle code at the par, the mini's at its
    proven maximum. (That two runs write the same bytes is checked by the batch against this
    run, below.)"""
    out, summary = antwerpen_monday
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        f"{STEM}-answer-key-fr.pdf",
        f"{STEM}-answer.yaml",
        f"{STEM}-mini-answer-key-fr.pdf",
        f"{STEM}-mini-answer.yaml",
        f"{STEM}-mini-puzzle.yaml",
        f"{STEM}-mini-sheet-fr.pdf",
        f"{STEM}-puzzle.yaml",
        f"{STEM}-sheet-fr.pdf",
    ]
    # One writer for every file: the YAML files get a new file's permissions like the PDFs (they
    # were private, 0600, when the daily wrote them itself).
    modes = {name: (out / name).stat().st_mode & 0o777 for name in names}
    assert len(set(modes.values())) == 1, modes
    # This date's YAML files are pinned: a change to the deal, the data or the solver's answer
    # shows up here (regenerate them on purpose, and bump GENERATOR_VERSION if deals change).
    for name in names:
        if name.endswith(".yaml"):
            assert (out / name).read_text() == (PINNED / name).read_text(), name
    code, mini_code = [line.split("code: ")[1] for line in summary.splitlines() if "code: " in line]
    par = int(summary.split(" par ")[1].split()[0])
    assert main(["verify", "--json", code, str(out / f"{STEM}-answer.yaml")]) == 0
    assert f'"score": {par}' in capsys.readouterr().out
    # The mini's answer verifies against its code at the proven maximum, which is its target.
    maximum = int(summary.split("proven maximum ")[1].split()[0])
    assert mini_code.startswith("CT2M/") and mini_code.endswith(f"/T{maximum}")
    assert main(["verify", "--json", mini_code, str(out / f"{STEM}-mini-answer.yaml")]) == 0
    assert f'"score": {maximum}' in capsys.readouterr().out


# --- issue 19: the PDFs in Dutch or French, the YAML files the same in every language ------------------


def _pdf_text(pdf: Path) -> str:
    import pypdf

    return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages).split())


def test_a_bad_language_is_refused(tmp_path, capsys):
    """--lang de: exit code 2 and a one-paragraph message naming the languages, no traceback, no file."""
    assert main([*ONE_DATE, "--date", "2026-12-14", "--lang", "de", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "unknown language 'de'" in err and "nl (Dutch)" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_french_run_words_its_pdfs_in_french(antwerpen_monday):
    """The PDFs of a French run are named (above) and worded for French; the YAML files are the
    English run's (above). (The English words: tests/render/test_daily_render.py.)"""
    out, _ = antwerpen_monday
    french = _pdf_text(out / f"{STEM}-sheet-fr.pdf")
    assert "Citytrip Antwerpen : puzzle du jour" in french and "Lundi 14 décembre 2026" in french
    assert "daily puzzle" not in french and "Monday" not in french


def test_a_french_batch_on_dask_workers_writes_the_single_runs_bytes(antwerpen_monday, tmp_path, capsys):
    """`daily --from --to --lang fr --no-mini --cluster local:2`: each DailyJob carries the language
    and the choice of no mini, so the worker processes (which never heard of either option) render
    in French the very files of the wheel's `daily --date --lang fr`, write no mini and say none,
    and the summaries come in date order. Two runs in other processes, one of them installed from
    the wheel, writing the same bytes: the daily is reproducible."""
    single, _ = antwerpen_monday
    args = [*ONE_DATE, "--from", "2026-12-14", "--to", "2026-12-15", "--lang", "fr", "--no-mini",
            "--cluster", "local:2", "--out", str(tmp_path)]
    capsys.readouterr()
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "daily mini" not in printed
    names = sorted(p.name for p in tmp_path.iterdir())
    daily_files = sorted(p.name for p in single.iterdir() if "-mini-" not in p.name)
    assert len(names) == 8 and len([n for n in names if n.endswith("-fr.pdf")]) == 4
    assert [n for n in names if n.startswith(STEM)] == daily_files
    assert sorted(n.replace("2026-12-15", "2026-12-14") for n in names if "2026-12-15" in n) == daily_files
    for name in daily_files:
        assert (tmp_path / name).read_bytes() == (single / name).read_bytes(), name
    assert printed.index("2026-12-14 (Monday") < printed.index("2026-12-15 (Tuesday")


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
