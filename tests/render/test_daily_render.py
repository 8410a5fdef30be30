"""The daily puzzle's PDFs: the puzzle sheet (QR code that rebuilds the puzzle) and the answer key."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import replace
from functools import partial
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
import zxingcpp

from generator.daily import job
from generator.daily.code import decode, encode
from generator.daily.deal import deal
from generator.data.cities import load_city
from generator.errors import CitytripError
from generator.render.answer_key import route_of, turn_marks
from generator.render.daily import answer_key_path, render_daily, render_puzzle_sheet, sheet_path
from generator.render.daily_sheet import CODE_SIZE
from generator.render.icon_scheme import load_icon_scheme
from generator.render.icons import icon_text
from generator.render.pdf import PAPERS
from generator.rules.replay import replay
from generator.solver.beam import beam_search

from .conftest import PAPER_POINTS, read_pdf, words_of

MONDAY = dt.date(2026, 11, 23)  # basic game, 19 turns, two directions, one assignment
SUNDAY = dt.date(2026, 11, 29)  # advanced game, 15 turns, one direction, four assignments


@pytest.fixture(scope="module")
def solver():
    """A stand-in for the CP-SAT solver: a narrow beam (pure Python), remembered per deal."""
    plans = {}

    def solve(puzzle):
        key = encode(puzzle)
        if key not in plans:
            plans[key] = beam_search(puzzle, width=2)
        plan = plans[key]
        score = replay(puzzle, plan).score
        return job.Solution(plan, score, score, True, score - 4)

    return solve


@pytest.fixture(scope="module")
def daily(solver, tmp_path_factory: pytest.TempPathFactory) -> job.Daily:
    """Monday's Brugge puzzle through make_daily, rendered on A4 by render_daily."""
    out = tmp_path_factory.mktemp("daily")
    return job.make_daily("brugge", MONDAY, out, solver, render=partial(render_daily, paper="a4"))


def _stem(daily: job.Daily) -> Path:
    return daily.files[0].parent / job.file_stem("brugge", MONDAY)


def _text(pdf: Path, pages: tuple[int, ...] | None = None) -> str:
    """The text of `pages` (default all), whitespace collapsed; pdfium is fast on map pages."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        chosen = range(len(document)) if pages is None else pages
        return words_of(" ".join(document[i].get_textpage().get_text_range() for i in chosen))
    finally:
        document.close()


def _qr_texts(pdf: Path) -> list[str]:
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        image = document[0].render(scale=200 / 72).to_pil()
    finally:
        document.close()
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def _code_lines(pdf: Path) -> list[str]:
    """The lines set in the code's size in page 1's header, top to bottom: the printed puzzle code."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        chars = [c for c in page.chars if abs(c["size"] - CODE_SIZE) < 0.01 and c["top"] < page.height / 4]
    rows: dict[float, list[dict]] = {}
    for char in chars:
        rows.setdefault(round(char["top"], 1), []).append(char)
    return ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])) for _, row in sorted(rows.items())]


def test_make_daily_writes_both_pdfs(daily: job.Daily) -> None:
    """The render callable adds <stem>-sheet.pdf and <stem>-answer-key.pdf to the daily's files."""
    stem = _stem(daily)
    assert [p.name for p in daily.files] == [f"{stem.name}-puzzle.yaml", f"{stem.name}-answer.yaml",
                                             f"{stem.name}-sheet.pdf", f"{stem.name}-answer-key.pdf"]
    assert all(p.is_file() for p in daily.files)
    assert not [p for p in stem.parent.iterdir() if p.name.startswith(".")]  # no temp file left


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdfs_open_strictly_at_the_paper_size(daily: job.Daily, tmp_path: Path, paper: str) -> None:
    """Both PDFs open in pypdf strict mode, two pages each, at the chosen paper's size, print at 100 %."""
    files = render_daily(daily, tmp_path / "d", paper=paper)
    assert files == [sheet_path(tmp_path / "d"), answer_key_path(tmp_path / "d")]
    for pdf in files:
        reader = read_pdf(pdf)
        assert len(reader.pages) == 2
        for page in reader.pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAPER_POINTS[paper], abs=0.01)
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def _same_puzzle(rebuilt, puzzle) -> None:
    assert rebuilt.city.key == puzzle.city.key
    assert (rebuilt.mode, rebuilt.directions, rebuilt.start, rebuilt.start_card) == (
        puzzle.mode, puzzle.directions, puzzle.start, puzzle.start_card)
    assert rebuilt.deck == puzzle.deck
    assert [a.id for a in rebuilt.assignments] == [a.id for a in puzzle.assignments]
    assert rebuilt.assignments == puzzle.assignments
    assert rebuilt.target == puzzle.target
    assert rebuilt.turns == puzzle.turns


def test_qr_code_on_the_sheet_rebuilds_the_puzzle(daily: job.Daily) -> None:
    """The QR code read from the rendered page 1 is daily.code, and decoding it gives the same puzzle."""
    texts = _qr_texts(sheet_path(_stem(daily)))
    assert texts == [daily.code]
    _same_puzzle(decode(texts[0]), daily.puzzle)
    # The code is also printed under the QR code, for a reader without a camera.
    assert "".join(_code_lines(sheet_path(_stem(daily)))) == daily.code


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_longest_code_still_scans(daily: job.Daily, tmp_path: Path, paper: str) -> None:
    """A Sunday Antwerpen deal (four assignments, the longest codes) scans from the sheet on both papers."""
    puzzle = replace(deal(load_city("antwerpen"), SUNDAY), target=135)
    sunday = replace(daily, day=SUNDAY, puzzle=puzzle, code=encode(puzzle))
    assert len(puzzle.assignments) == 4
    # Only the sheet: the answer key would need Sunday's plan, and the sheet never reads the plan.
    sheet = render_puzzle_sheet(sunday, tmp_path / "sunday-sheet.pdf", PAPERS[paper])
    texts = _qr_texts(sheet)
    assert texts == [sunday.code]
    _same_puzzle(decode(texts[0]), puzzle)
    text = _text(sheet)
    for assignment in puzzle.assignments:
        assert f"{assignment.id}:" in text


def test_two_runs_give_identical_bytes(solver, tmp_path: Path) -> None:
    """Two make_daily runs for the same date and city write byte-identical YAML and PDFs."""
    runs = [job.make_daily("brugge", MONDAY, tmp_path / name, solver, render=render_daily) for name in ("one", "two")]
    names = [[p.name for p in run.files] for run in runs]
    assert names[0] == names[1] and len(names[0]) == 4
    for first, second in zip(runs[0].files, runs[1].files):
        assert first.read_bytes() == second.read_bytes(), first.name


def test_answer_key_plan_verifies_and_scores_the_par(daily: job.Daily) -> None:
    """The key's plan replays legally to the par, and the key prints that par and total."""
    report = replay(daily.puzzle, daily.answer)
    assert report.valid and report.score == daily.par
    text = _text(answer_key_path(_stem(daily)))
    assert f"Appreciation = par {daily.par} {daily.par}" in text
    assert f"par {daily.par}, proven optimal" in text


def test_answer_key_lists_every_turn(daily: job.Daily) -> None:
    """Page 2 of the key names each turn's boxes, the nodes entered and the goals achieved."""
    text = _text(answer_key_path(_stem(daily)), (1,))
    city = daily.puzzle.city
    for t, turn in enumerate(daily.answer.turns):
        for name in turn.boxes:
            box = daily.puzzle.turns[t].box(name)
            assert f"{name} {box.type.value} {box.value}" in text, (t, name)
        for nodes in turn.moves:
            for node in nodes:
                assert str(node) in text
        for claim in turn.goals:
            assert f"{city.locations[claim.at].name} ({claim.at})" in text
    assert f"{daily.puzzle.start_location.name} ({daily.puzzle.start})" in text


def test_route_and_turn_marks_follow_the_plan(daily: job.Daily) -> None:
    """The drawn route walks every entered node from the start, and each moving turn marks its end node."""
    route = route_of(daily.puzzle, daily)
    walked = sum(turn.steps for turn in daily.answer.turns)
    assert all(end[0] == daily.puzzle.start for end in route)
    assert sum(len(end) - 1 for end in route) == walked > 0
    marks = turn_marks(daily)
    moving = [t + 1 for t, turn in enumerate(daily.answer.turns) for nodes in turn.moves if nodes]
    assert [n for _, n in marks] == moving
    for at, number in marks:
        assert at in daily.answer.turns[number - 1].moves[0] + daily.answer.turns[number - 1].moves[1]


def test_par_is_stated_honestly(daily: job.Daily, tmp_path: Path) -> None:
    """An unproven par is printed with its certificate, never as optimal and without the bound
    (a bound several times the par means nothing to a player); a proven one says so."""
    unproven = replace(daily, proven=False, bound=daily.par + 297, window=3)
    for pdf in render_daily(unproven, tmp_path / "unproven"):
        text = _text(pdf)
        assert f"par {daily.par}" in text
        assert "The par is the best plan found: no better plan changes at most 3 consecutive turns." in text
        assert "optimal" not in text and "bound" not in text and str(daily.par + 297) not in text
    bare = replace(daily, proven=False, window=0)
    for pdf in render_daily(bare, tmp_path / "bare"):
        assert "no better plan" not in _text(pdf)
    proven = replace(daily, proven=True, window=0)
    for pdf in render_daily(proven, tmp_path / "proven"):
        assert f"Target {daily.puzzle.target} · par {daily.par}, proven optimal" in _text(pdf)


def test_turn_table_shows_every_open_box(daily: job.Daily) -> None:
    """Page 2 of the sheet shows each turn's six boxes: one action icon per point of value, per type."""
    scheme = load_icon_scheme()
    with pdfplumber.open(sheet_path(_stem(daily))) as pdf:
        text = "".join(w["text"] for w in pdf.pages[1].extract_words())
    expected = Counter()
    for faces in daily.puzzle.turns:
        for box in faces.left + faces.right:
            expected[box.type.value] += box.value
    found = {kind: text.count(icon_text(style.icon)) for kind, style in scheme.actions.items()}
    assert found == dict(expected) | {k: 0 for k in scheme.actions if k not in expected}
    for n in range(1, len(daily.puzzle.turns) + 1):
        assert str(n) in text


def test_bad_output_folder_or_paper_is_a_user_error(daily: job.Daily, tmp_path: Path) -> None:
    """A file where the output folder must be, or an unknown paper, raises a CitytripError and
    leaves no file behind."""
    (tmp_path / "plain").write_text("")
    with pytest.raises(CitytripError, match="is a file, not a folder"):
        render_daily(daily, tmp_path / "plain" / "d")
    (tmp_path / "plain").unlink()
    with pytest.raises(CitytripError, match="unknown paper"):
        render_daily(daily, tmp_path / "d", paper="a5")
    assert list(tmp_path.iterdir()) == []


def test_player_pages_speak_no_jargon(daily: job.Daily, tmp_path: Path) -> None:
    """The daily sheet and answer key, and the French-variant Bruges pad and aid, cite no rule
    numbers ("(R8)") and say nothing of seeds or bounds: players read them, not developers."""
    import re

    from generator.cli import main

    assert main(["scorepad", "--game", "bruges", "--variant", "fr", "--out", str(tmp_path / "pad.pdf")]) == 0
    assert main(["reference", "--game", "bruges", "--variant", "fr", "--out", str(tmp_path / "aid.pdf")]) == 0
    pdfs = [p for p in daily.files if p.suffix == ".pdf"] + [tmp_path / "pad.pdf", tmp_path / "aid.pdf"]
    assert len(pdfs) == 4
    for pdf in pdfs:
        with pdfplumber.open(pdf) as document:
            text = " ".join(page.extract_text() or "" for page in document.pages)
        assert text.strip(), pdf
        # "(R8)", "(R5, R6)": a ruling cited; the box names L1–R3 alone are the sheet's own words.
        found = re.findall(r"\(R\d+|\bR\d+\)|\bseed\b|\bbound\b", text, re.IGNORECASE)
        assert not found, (pdf.name, found)
