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
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.daily import job
from generator.daily.code import decode, encode
from generator.daily.deal import deal
from generator.data.cities import load_city
from generator.errors import CitytripError
from generator.language import speaking
from generator.render.answer_key import badge_discs, badge_size, layout_key, route_of, start_mark, turn_marks
from generator.render.citymap import DISC, map_geometry
from generator.render.daily import answer_key_path, render_answer_key, render_daily, render_puzzle_sheet, sheet_path
from generator.render.daily_sheet import CODE_SIZE, QR_COLUMN, STATEMENT, code_rows, layout_puzzle_sheet
from generator.render.daily_text import bonus_text
from generator.render.icon_scheme import load_icon_scheme
from generator.render.icons import icon_text
from generator.render.key_marks import Circle
from generator.render.pdf import FONT, MIN_TEXT, PAPERS, RULER_CAPTION, RULER_LENGTH
from generator.render.sheet import MARGIN
from generator.rules.grid import Coord
from generator.rules.replay import replay
from heard import Heard
from print_audit import audit
from stand_in import stand_in_daily

from .conftest import PAPER_POINTS, read_pdf, words_of

MONDAY = dt.date(2026, 11, 23)  # basic game, 19 turns, two directions, one assignment
SUNDAY = dt.date(2026, 11, 29)  # advanced game, 15 turns, one direction, four assignments
# A Sunday whose narrow-beam plan completes its mission, so make_daily keeps it, and uses bonus
# actions and two rush turns: 2026-11-29's beam plan misses a mission and the deal drops them.
ADVANCED = dt.date(2026, 12, 6)


@pytest.fixture(scope="module")
def monday_stages() -> Heard:
    return Heard()


@pytest.fixture(scope="module")
def daily(tmp_path_factory: pytest.TempPathFactory, monday_stages) -> job.Daily:
    """Monday's Brugge puzzle through make_daily, rendered on A4 by render_daily."""
    out = tmp_path_factory.mktemp("daily")
    return stand_in_daily("brugge", MONDAY, out, render=partial(render_daily, paper="a4"), stages=monday_stages)


def test_make_daily_tells_its_stages_in_order(daily, monday_stages):
    """The deal (searched), the panel that sets the target, then the files: what `citytrip daily`
    shows on a terminal (its first deal's plan completes the assignment, so it is the only deal)."""
    assert monday_stages.stages == ["deal 1", "panel", "pages"]


@pytest.fixture(scope="module")
def sunday(tmp_path_factory: pytest.TempPathFactory) -> job.Daily:
    """Sunday's Antwerpen puzzle (advanced game, missions, rush turns in the beam's plan), on Letter."""
    out = tmp_path_factory.mktemp("sunday")
    return stand_in_daily("antwerpen", ADVANCED, out, render=partial(render_daily, paper="letter"))


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
    """The lines set in the code's size in the band under page 1's statement, top to bottom: the
    printed puzzle code (a statement line shrunk to fit can have the same size)."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        band = (MARGIN + STATEMENT, page.height / 4)
        chars = [c for c in page.chars if abs(c["size"] - CODE_SIZE) < 0.01 and band[0] < c["top"] < band[1]]
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


def test_two_runs_give_identical_bytes(daily: job.Daily, tmp_path: Path) -> None:
    """A second make_daily run for the same date and city (the module's daily is the first) writes
    byte-identical YAML and PDFs."""
    again = stand_in_daily("brugge", MONDAY, tmp_path, render=partial(render_daily, paper="a4"))
    names = [[p.name for p in run.files] for run in (daily, again)]
    assert names[0] == names[1] and len(names[0]) == 4
    for first, second in zip(daily.files, again.files):
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


def test_bonus_column_only_where_bonus_actions_exist(daily: job.Daily, sunday: job.Daily) -> None:
    """The basic game has no bonus actions (R9): its plan table has no Bonus column of dashes; the
    advanced game's has one, listing each bonus the plan uses."""
    monday = _text(answer_key_path(_stem(daily)), (1,))
    assert "Turn Boxes Nodes entered Goals achieved" in monday
    assert "Bonus" not in monday
    stem = sunday.files[0].parent / job.file_stem("antwerpen", ADVANCED)
    advanced = _text(answer_key_path(stem), (1,))
    assert "Turn Boxes Bonus Nodes entered Goals achieved" in advanced
    uses = [use for turn in sunday.answer.turns for use in turn.bonus]
    assert uses, "the Sunday plan was expected to use a bonus action"
    for use in uses:
        assert bonus_text(use.value, use.action) in advanced


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


# --- issue 15: type sizes, margins, wording, ruler, badges -------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", ["daily", "sunday"])
def test_daily_pages_pass_the_print_audit(which: str, paper: str, request: pytest.FixtureRequest,
                                          tmp_path: Path) -> None:
    """The answer key and the turn table have no text under 6 pt, nothing within 5 mm of the edge
    and every font embedded; page 1's header (statement, QR code, code, ruler) neither, and its
    printed code is set at CODE_SIZE. Page 1's map, legend and strips are sheet.py's and audited there."""
    daily = request.getfixturevalue(which)
    sheet, key = render_daily(daily, tmp_path / "d", paper=paper)
    assert audit(key) == []
    assert [f for f in audit(sheet) if f.page > 1] == []
    assert [f for f in audit(sheet) if "glyphs under" not in f.what] == []
    header = layout_puzzle_sheet(daily, PAPERS[paper]).header
    with pdfplumber.open(sheet) as document:
        page = document.pages[0]
        # The header's lowest line (the code's last) may reach a descender's depth under it.
        in_header = [c for c in page.chars if c["text"].strip() and c["top"] < page.height - header.y]
    assert in_header and min(c["size"] for c in in_header) >= MIN_TEXT - 0.01
    assert CODE_SIZE >= MIN_TEXT and "".join(_code_lines(sheet)) == daily.code
    assert len(_code_lines(sheet)) <= 2


def test_every_page_carries_the_scale_ruler(daily: job.Daily, sunday: job.Daily, tmp_path: Path) -> None:
    """Each page of the daily sheet and the answer key has the 50-mm ruler: its caption and a
    50-mm base line, at least 5 mm inside the paper; so does the plan table's continuation page,
    which long goal lists bring about."""
    claims = tuple(claim for turn in daily.answer.turns for claim in turn.goals)[:12]
    wordy = replace(daily, answer=replace(daily.answer, turns=tuple(replace(turn, goals=claims)
                                                                    for turn in daily.answer.turns)))
    long_key = render_answer_key(wordy, tmp_path / "long-key.pdf", PAPERS["letter"])
    assert len(read_pdf(long_key).pages) >= 3 and audit(long_key) == []
    pdfs = [long_key]
    for which, paper in ((daily, "a4"), (sunday, "letter")):
        pdfs += render_daily(which, tmp_path / paper, paper=paper)
    for pdf in pdfs:
        with pdfplumber.open(pdf) as document:
            for page in document.pages:
                assert RULER_CAPTION in words_of(page.extract_text()), (pdf.name, page.page_number)
                bases = [line for line in page.lines if line["width"] == pytest.approx(RULER_LENGTH, abs=0.01)]
                assert len(bases) == 1, (pdf.name, page.page_number)


def _header_text(pdf: Path, header_bottom: float) -> str:
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        return page.crop((0, 0, page.width, page.height - header_bottom)).extract_text()


def test_antwerpen_pages_speak_antwerpen(sunday: job.Daily) -> None:
    """Antwerpen's key and turn table, and its sheet's header, say missions, rush actions, rush
    turns and rating (City.words), never Brugge's assignments, hunted actions or appreciation."""
    stem = sunday.files[0].parent / job.file_stem("antwerpen", ADVANCED)
    key = _text(answer_key_path(stem))
    rush = sum(turn.hunted for turn in sunday.answer.turns)
    assert rush and sunday.puzzle.assignments
    assert f"Mission {sunday.puzzle.assignments[0].id}" in key
    assert f"Rush actions {rush} rush turns" in key and "(rush turn)" in key
    assert f"Rating = par {sunday.par}" in key and f"Total rating {sunday.par}" in key
    turns = _text(sheet_path(stem), (1,))
    assert "as a rush turn, tick 3 connected boxes" in turns and "on the rush actions row" in turns
    header = _header_text(sheet_path(stem), layout_puzzle_sheet(sunday, PAPERS["letter"]).header.y)
    assert "Missions" in header and "every mission" in header
    for text in (key, turns, header):
        for brugge in ("hunted", "assignment", "appreciation"):
            assert brugge not in text.lower(), brugge


def test_brugge_pages_speak_brugge(daily: job.Daily) -> None:
    """Brugge's key, turn table and sheet header keep the Brugge rulebook's words."""
    stem = _stem(daily)
    key = _text(answer_key_path(stem))
    hunts = daily.report.sheet.hunted
    assert f"Assignment {daily.puzzle.assignments[0].id}" in key
    assert f"Hunted actions {hunts} hunted turn{'s' if hunts != 1 else ''}" in key
    assert f"Total appreciation {daily.par}" in key
    turns = _text(sheet_path(stem), (1,))
    assert "as a hunted turn, tick 3 connected boxes" in turns and "on the hunted actions row" in turns
    header = _header_text(sheet_path(stem), layout_puzzle_sheet(daily, PAPERS["a4"]).header.y)
    assert "Assignments" in header
    for text in (key, turns, header):
        for antwerpen in ("rush", "mission", "rating"):
            assert antwerpen not in text.lower(), antwerpen


def _key_geometry(daily: job.Daily, paper: str = "a4"):
    box = layout_key(daily, PAPERS[paper]).map
    return map_geometry(daily.puzzle.city.grid.columns, daily.puzzle.city.grid.rows, box)


def test_start_mark_is_where_the_map_draws_it(daily: job.Daily) -> None:
    """The keep-out the badges respect holds the "S" the map actually prints next to the start."""
    geometry = _key_geometry(daily)
    ring, letter = start_mark(geometry, daily.puzzle.start)
    with pdfplumber.open(answer_key_path(_stem(daily))) as document:
        page = document.pages[0]
        marks = [c for c in page.chars if c["text"] == "S" and c["size"] == pytest.approx(geometry.cell * 0.42)]
    assert len(marks) == 1
    s = marks[0]
    baseline = s["matrix"][5]
    assert (letter.x0, letter.x1) == pytest.approx((s["x0"], s["x1"]), abs=0.01)
    assert letter.y0 < baseline < baseline + 0.7 * s["size"] < letter.y1 <= s["y1"] + 0.01
    x, y = geometry.point(daily.puzzle.start)
    assert (ring.x, ring.y) == pytest.approx((x, y)) and ring.r > DISC * geometry.cell


def _ending_at(daily: job.Daily, nodes: list[Coord]) -> job.Daily:
    """`daily` with an answer whose turn t ends (end a) at nodes[t]: only the badges read it."""
    turns = tuple(replace(turn, moves=((node,), ())) for turn, node in zip(daily.answer.turns, nodes))
    return replace(daily, answer=replace(daily.answer, turns=turns))


def test_turn_badges_never_cover_the_start_or_each_other(daily: job.Daily) -> None:
    """A turn ending just right of the start (its badge's usual spot is on the "S", issue 15,
    Brugge 2025-03-14), one ending just above it, and two ending on one node: every badge keeps
    clear of the start's ring and S and of every other badge; a badge with room keeps its spot."""
    start = daily.puzzle.start
    right, above = Coord(start.col + 1, start.row), Coord(start.col, start.row - 1)
    far = Coord(start.col + 5, start.row + 5)
    crowded = _ending_at(daily, [right, above, right, far])
    geometry = _key_geometry(crowded)
    keep_out = start_mark(geometry, start)
    placed = badge_discs(crowded, geometry, keep_out)
    assert [n for _, n in placed] == [1, 2, 3, 4]
    discs = [disc for disc, _ in placed]
    for i, disc in enumerate(discs):
        assert not any(disc.meets(mark, 0) for mark in keep_out), i + 1
        assert not any(disc.meets(other, 0) for other in discs[:i]), i + 1
        radius, size = badge_size(geometry, placed[i][1])
        assert disc.r == radius and size >= MIN_TEXT
    # Turn 4 has room at its node's upper left: it stays where the key always puts a badge.
    x, y = geometry.point(far)
    corner = DISC * geometry.cell * 0.72
    assert (discs[3].x, discs[3].y) == pytest.approx((x - corner, y + corner))
    # Without the start mark in the way, turn 1 would have sat on the S: the rule is what moved it.
    naive = Circle(geometry.point(right)[0] - corner, geometry.point(right)[1] + corner, discs[0].r)
    assert naive.meets(keep_out[1], 0)


def test_code_rows_are_few_even_and_whole_fields(daily: job.Daily) -> None:
    """The printed code takes the fewest lines that fit, about equally long, each line ending
    after a "/", "+" or a deck card's "." (a typed line never splits a field)."""
    code = daily.code
    width = stringWidth(code, FONT, CODE_SIZE)
    assert code_rows(code, width + 1) == [code]
    two = code_rows(code, width * 0.6)
    assert len(two) == 2 and "".join(two) == code
    assert two[0][-1] in "/+." and abs(len(two[0]) - len(two[1])) < len(code) * 0.25
    assert all(stringWidth(line, FONT, CODE_SIZE) <= width * 0.6 for line in two)


# --- issue 19: Dutch and French ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def spoken(daily: job.Daily, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    """Monday's Brugge daily, its par unproven (certificate window 3), rendered in Dutch and in French."""
    out = tmp_path_factory.mktemp("spoken")
    unproven = replace(daily, proven=False, window=3)
    files = {}
    for lang in ("nl", "fr"):
        with speaking(lang):
            files[lang] = render_daily(unproven, out / "d", paper="a4")
    return files


def _pypdf_text(pdf: Path) -> str:
    return words_of(" ".join(page.extract_text() for page in read_pdf(pdf).pages))


def test_dutch_and_french_pdfs_are_named_for_their_language(spoken: dict[str, list[Path]]) -> None:
    """A Dutch or French run writes <stem>-sheet-nl.pdf, <stem>-answer-key-fr.pdf...: never over the English files."""
    assert [p.name for p in spoken["nl"]] == ["d-sheet-nl.pdf", "d-answer-key-nl.pdf"]
    assert [p.name for p in spoken["fr"]] == ["d-sheet-fr.pdf", "d-answer-key-fr.pdf"]
    assert sheet_path(Path("d"), "en") == Path("d-sheet.pdf") and answer_key_path(Path("d"), "fr") == Path("d-answer-key-fr.pdf")


def test_the_english_sheet_names_the_city_and_the_date(daily: job.Daily) -> None:
    """The English sheet's title and date (the Dutch and French ones: below)."""
    (sheet,) = [p for p in daily.files if p.name.endswith("-sheet.pdf")]
    text = _pypdf_text(sheet)
    assert "Citytrip Brugge daily puzzle" in text and "Monday 23 November 2026" in text


@pytest.mark.parametrize("lang, words", [
    ("nl", ["Citytrip Brugge dagpuzzel", "Maandag 23 november 2026", "moeilijkheid 1 van 7", "basisspel",
            "pad vanaf de start in twee richtingen",
            "De par is het beste plan dat gevonden is: geen beter plan verschilt er in hoogstens 3 opeenvolgende "
            "beurten van.", "Beurt", "Links L1–L3", "oplossing", "Puntentelling", "Behaalde doelen", "Vakjes"]),
    ("fr", ["Citytrip Brugge : puzzle du jour", "Lundi 23 novembre 2026", "difficulté 1 sur 7", "jeu de base",
            "chemin depuis le départ dans deux directions",
            "Le par est le meilleur plan trouvé : aucun plan meilleur n’en diffère sur au plus 3 tours consécutifs.",
            "Tour", "Gauche L1–L3", "solution", "Détail des points", "Objectifs atteints", "Cases"]),
])
def test_dutch_and_french_pages_speak_their_language(spoken: dict[str, list[Path]], lang: str, words: list[str]) -> None:
    """The sheet and the key, read back with pypdf, print the language's words (the date by Babel,
    the certificate from its window) and none of the English messages they replace."""
    sheet, key = spoken[lang]
    text = _pypdf_text(sheet) + " " + _pypdf_text(key)
    assert [w for w in words if w not in text] == []
    for english in ("daily puzzle", "Monday", "difficulty", "basic game", "Target", "The par is", "answer key",
                    "Score breakdown", "Goals achieved", "Nodes entered", "Left face", "this plan scores"):
        assert english not in text, english


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_dutch_and_french_reruns_give_identical_bytes(daily: job.Daily, tmp_path: Path, lang: str) -> None:
    """The same daily rendered twice in one language gives the same bytes."""
    with speaking(lang):
        runs = [render_daily(daily, tmp_path / name) for name in ("one", "two")]
    for first, second in zip(*runs):
        assert first.read_bytes() == second.read_bytes(), first.name


# In Dutch and French, both papers: these dailies' print audit (Monday unproven, Sunday) is
# tests/render/test_print_audit.py's, which renders them in every language.


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_lines_keep_clear_of_the_qr_code(daily: job.Daily, tmp_path: Path, lang: str, paper: str) -> None:
    """Three long location names in a Dutch or French assignment line (Antwerpen's 4.03: "premier à
    atteindre Musée Plantin-Moretus (D11), Maison des Bouchers (D6), DIVA (musée du diamant) (C8)")
    shrink, wrap or condense: no letter of the statement reaches into the QR code's column."""
    city = load_city("antwerpen")
    long_race = city.assignments["4.03"]
    puzzle = replace(deal(city, SUNDAY), target=135)
    puzzle = replace(puzzle, assignments=(long_race, *puzzle.assignments[1:]))
    sunday = replace(daily, day=SUNDAY, puzzle=puzzle, code=encode(puzzle), proven=False, window=2)
    with speaking(lang):
        sheet = render_puzzle_sheet(sunday, tmp_path / "sheet.pdf", PAPERS[paper])
    header = layout_puzzle_sheet(sunday, PAPERS[paper]).header
    qr_left = header.x + header.width - QR_COLUMN
    with pdfplumber.open(sheet) as document:
        page = document.pages[0]
        statement = [c for c in page.chars if c["text"].strip() and c["top"] < page.height - header.top + STATEMENT
                     and c["size"] != pytest.approx(CODE_SIZE)]
    assert statement and max(c["x1"] for c in statement) <= qr_left
    assert min(c["size"] for c in statement) >= MIN_TEXT - 0.01
    assert "4.03" in _text(sheet)
