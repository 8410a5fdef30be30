"""Fill-in sheets: `citytrip sheets` PDFs, their layout, the reusable map, and bad options."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from print_audit import audit
from reportlab.lib.units import mm

from generator.data.cities import load_city
from generator.render.citymap import EDGE_BAND, Box, draw_map, map_geometry
from generator.render.icon_scheme import load_icon_scheme
from generator.render.icons import icon_text
from generator.files import atomic_output
from generator.render.pdf import PAPERS, RULER_CAPTION, new_canvas
from generator.render.sheet import MARGIN, TURN_BOX, layout_sheet
from generator.render.sheet_strips import ROW, SCORE_COLUMN, TICK, strip_grid
from generator.render.sheet_style import load_sheet_style
from generator.rules.city import ADVANCED, BASIC, EAT
from generator.rules.puzzle import TURNS_BY_CARDS
from generator.rules.grid import Coord, column_name

from .conftest import assert_print_ready, read_pdf, words_of

CITIES = ["antwerpen", "brugge"]


def _words(path: Path, page: int = 0) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [w["text"] for w in pdf.pages[page].extract_words()]


def _text(path: Path, page: int = 0) -> str:
    """The page's text in drawing order, whitespace collapsed."""
    # pdfplumber interleaves the lines of two small texts set side by side at different heights
    # (the legend's labels and the hunted strip's note); pdfium keeps each line whole.
    document = pypdfium2.PdfDocument(str(path))
    try:
        return words_of(document[page].get_textpage().get_text_range())
    finally:
        document.close()


def _sizes(objects: list[dict]) -> list[tuple[float, float]]:
    """Width and height of each object in mm, to one decimal: how a kind of box is recognised."""
    return [(round((o["x1"] - o["x0"]) / mm, 1), round((o["bottom"] - o["top"]) / mm, 1)) for o in objects]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode", [BASIC, ADVANCED])
@pytest.mark.parametrize("city_key", CITIES)
def test_sheet_shows_every_coordinate_category_and_label(run, tmp_path: Path, city_key: str, mode: str, paper: str) -> None:
    """A sheet opens strictly at the paper's size and prints every coordinate, goal icon and legend label."""
    out = tmp_path / "sheet.pdf"
    code, _, stderr = run("sheets", "--city", city_key, "--mode", mode, "--paper", paper, "--out", out)
    assert (code, stderr) == (0, "")
    reader = read_pdf(out)
    assert_print_ready(reader, paper, pages=1)
    city = load_city(city_key)
    words = _words(out)
    text = " ".join(words)
    # R1: letters on the top and bottom edge, numbers on the left and right edge.
    for col in range(city.grid.columns):
        assert words.count(column_name(col)) >= 2, column_name(col)
    for row in range(city.grid.rows):
        assert words.count(str(row + 1)) >= 2, row + 1
    scheme, style = load_icon_scheme(), load_sheet_style()
    for location in city.locations.values():
        icon = style.eatery_icon(location.eatery) if location.category == EAT else scheme.categories[location.category].icon
        assert icon_text(icon) in text, (location.name, icon)
    legend = layout_sheet(city, PAPERS[paper]).legend
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        crop = page.crop((legend.x, page.height - legend.top, legend.x + legend.width, page.height - legend.y))
        legend_text = words_of(crop.extract_text() or "")
    for category in city.rules.categories.values():
        assert category.label in legend_text
    assert ("advanced" in text) == (mode == ADVANCED)
    # What every printable promises: no text under 6 pt, nothing within 5 mm of the edge, fonts
    # embedded; a 50-mm ruler to check the print scale; no rule numbers, seeds or bounds.
    assert [str(fault) for fault in audit(out)] == []
    full = _text(out)
    assert RULER_CAPTION in full
    assert not re.findall(r"\(R\d+|\bR\d+\)|\bseed\b|\bbound\b", full, re.IGNORECASE)


def test_legend_costs_follow_the_mode(tmp_path: Path, run) -> None:
    """R11: the advanced legend asks one more visit action for museums and events than the basic one."""
    visit = icon_text(load_icon_scheme().actions["visit"].icon)
    counts = {}
    for mode in (BASIC, ADVANCED):
        run("sheets", "--city", "antwerpen", "--mode", mode, "--out", tmp_path / f"{mode}.pdf")
        counts[mode] = "".join(_words(tmp_path / f"{mode}.pdf")).count(visit)
    city = load_city("antwerpen")
    expected = {m: sum(c.cost(m) for c in city.rules.categories.values() if c.action.value == "visit") for m in counts}
    assert counts == expected
    assert counts[ADVANCED] == counts[BASIC] + 2


@pytest.mark.parametrize("city_key", CITIES)
def test_advanced_sheet_tracks_each_bonus_action_apart_from_its_goal(tmp_path: Path, run, city_key: str) -> None:
    """R9: each advanced bonus has an earned and a used box outside the number cells; basic has none."""
    for mode in (BASIC, ADVANCED):
        run("sheets", "--city", city_key, "--mode", mode, "--out", tmp_path / f"{mode}.pdf")
    city = load_city(city_key)
    bonuses = sum(len(s.bonus) for s in city.rules.strips.values())
    tick = (round(TICK / mm, 1),) * 2
    counts = {}
    for mode in (BASIC, ADVANCED):
        with pdfplumber.open(tmp_path / f"{mode}.pdf") as pdf:
            page = pdf.pages[0]
            ticks = [r for r in page.rects if _sizes([r])[0] == tick]
            counts[mode] = len(ticks)
            cells = [r for r in page.rects if round((r["bottom"] - r["top"]) / mm, 1) == round(ROW / mm, 1)]
            # No tick box lies inside a number cell.
            for box in ticks:
                assert not any(c["x0"] <= box["x0"] and box["x1"] <= c["x1"] and c["top"] <= box["top"]
                               and box["bottom"] <= c["bottom"] for c in cells)
    # Two boxes per bonus on the strips, and the legend's example ticket.
    assert counts == {BASIC: 0, ADVANCED: 2 * bonuses + 2}
    values = sorted({v for s in city.rules.strips.values() for v in s.bonus.values()})
    assert f"Bonus action (value {values[0]}–{values[-1]})" in _text(tmp_path / "advanced.pdf")
    assert "Bonus action" not in _text(tmp_path / "basic.pdf")


@pytest.mark.parametrize("city_key", CITIES)
def test_sheet_speaks_the_city_words(tmp_path: Path, run, city_key: str) -> None:
    """Each sheet says hunted actions, assignments, appreciation in its city's words, never the other's."""
    city = load_city(city_key)
    other = load_city(next(c for c in CITIES if c != city_key)).words
    for mode in (BASIC, ADVANCED):
        run("sheets", "--city", city_key, "--mode", mode, "--out", tmp_path / f"{mode}.pdf")
        text = _text(tmp_path / f"{mode}.pdf").lower()
        for word in (city.words.hunted_actions, city.words.assignment, city.words.appreciation):
            assert word in text, word
        for word in (other.hunted_action.split()[0], other.assignment, other.appreciation):
            assert word not in text, word


@pytest.mark.parametrize("city_key", CITIES)
def test_hunted_strip_starts_unboxed_and_prints_its_limit(tmp_path: Path, run, city_key: str) -> None:
    """R16: the start value is no box, one box per allowed hunt, the limit printed ("At most 6 rush actions")."""
    out = tmp_path / "sheet.pdf"
    run("sheets", "--city", city_key, "--mode", ADVANCED, "--out", out)
    city = load_city(city_key)
    limit = len(city.rules.hunted) - 1
    assert f"At most {limit} {city.words.hunted_actions}" in _text(out)
    grid = strip_grid(city, ADVANCED, layout_sheet(city, PAPERS["a4"]).strips)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        # The start value is drawn just before its caption "start" (the content stream's order).
        chars = page.chars
        drawn = "".join(c["text"] for c in chars)
        value = str(city.rules.hunted[0])
        at = drawn.index(value + "start")
        first, caption = chars[at], chars[at + len(value)]
        row = [r for r in page.rects if r["top"] - 1 <= caption["top"] <= r["bottom"]
               and round((r["x1"] - r["x0"]) / mm, 1) == round(grid.hunted_cell / mm, 1)]
    assert len(row) == limit
    assert not any(r["x0"] <= first["x0"] <= r["x1"] for r in row)


@pytest.mark.parametrize("mode", [BASIC, ADVANCED])
def test_sheet_has_subtotal_cells_and_a_turn_tracker(tmp_path: Path, run, mode: str) -> None:
    """R17, R7: a subtotal cell per strip and the hunted strip; a box per turn and each deck's turn count."""
    out = tmp_path / "sheet.pdf"
    run("sheets", "--city", "antwerpen", "--mode", mode, "--paper", "letter", "--out", out)
    city = load_city("antwerpen")
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        layout = layout_sheet(city, PAPERS["letter"]).strips
        # The subtotal cells stand in one column at the right edge of the score area.
        cells = [c for c in page.curves if _sizes([c])[0][0] == round(SCORE_COLUMN / mm, 1)
                 and abs(c["x1"] - (layout.x + layout.width)) < 1]
        turns = [r for r in page.rects if _sizes([r])[0] == (round(TURN_BOX / mm, 1),) * 2]
    assert len(cells) == len(city.rules.strips) + 1
    assert len(turns) == max(TURNS_BY_CARDS.values())
    text = _text(out)
    assert "score" in text and city.words.appreciation.capitalize() in text
    for cards, count in TURNS_BY_CARDS.items():
        assert f"{cards} cards: {count} turns" in text


def test_map_symbols_are_explained_and_told_apart() -> None:
    """Goal-less bridges (Antwerpen) get a legend line; no eatery kind shares the eat strip's icon."""
    from generator.render.sheet import legend_notes

    for city_key, bridges in (("antwerpen", True), ("brugge", False)):
        for mode in (BASIC, ADVANCED):
            marks = [mark for mark, _ in legend_notes(load_city(city_key), mode)]
            assert ("bridge" in marks) == bridges
    eat = load_icon_scheme().categories[EAT].icon
    assert eat not in load_sheet_style().eateries.values()


@pytest.mark.parametrize("args,pages,first", [
    (["--mode", "both", "--count", "3"], 6, ["Basic"] * 3 + ["advanced"] * 3),
    (["--duplex", "--count", "2"], 4, ["Basic", "advanced", "Basic", "advanced"]),
    (["--mode", "advanced", "--count", "2"], 2, ["advanced", "advanced"]),
])
def test_pad_page_order(run, tmp_path: Path, args: list[str], pages: int, first: list[str]) -> None:
    """--mode both prints basics then advanced; --duplex alternates them (advanced on the back)."""
    out = tmp_path / "pad.pdf"
    assert run("sheets", "--city", "antwerpen", *args, "--out", out)[0] == 0
    reader = read_pdf(out)
    assert len(reader.pages) == pages
    titles = [page.extract_text() for page in reader.pages]
    assert ["Game for advanced players" in t for t in titles] == [f == "advanced" for f in first]


def test_fifty_sheets_cost_little_more_than_one(run, tmp_path: Path) -> None:
    """The static art is one reused form: a 50-sheet pad is at most 1.5 × one sheet."""
    run("sheets", "--city", "brugge", "--mode", "advanced", "--count", "1", "--out", tmp_path / "one.pdf")
    run("sheets", "--city", "brugge", "--mode", "advanced", "--count", "50", "--out", tmp_path / "fifty.pdf")
    assert len(read_pdf(tmp_path / "fifty.pdf").pages) == 50
    assert (tmp_path / "fifty.pdf").stat().st_size <= 1.5 * (tmp_path / "one.pdf").stat().st_size


def test_two_runs_give_identical_bytes(run, tmp_path: Path) -> None:
    """The same command twice writes the same bytes (invariant mode), --preview adds a PNG."""
    run("sheets", "--city", "brugge", "--duplex", "--out", tmp_path / "a.pdf", "--preview")
    run("sheets", "--city", "brugge", "--duplex", "--out", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("city_key", CITIES)
def test_layout_stays_on_the_page_without_overlaps(city_key: str, paper: str) -> None:
    """Header, map, legend and strips lie inside the margins and apart; the map fits its box."""
    size = PAPERS[paper]
    city = load_city(city_key)
    layout = layout_sheet(city, size)
    boxes = [layout.header, layout.map, layout.legend, layout.strips]
    for box in boxes:
        assert box.width > 0 and box.height > 0
        assert MARGIN - 0.01 <= box.x and box.x + box.width <= size.width - MARGIN + 0.01
        assert MARGIN - 0.01 <= box.y and box.top <= size.height - MARGIN + 0.01
    for a, b in itertools.combinations(boxes, 2):
        assert a.x + a.width <= b.x + 0.01 or b.x + b.width <= a.x + 0.01 or a.top <= b.y + 0.01 or b.top <= a.y + 0.01
    # The grid plus the coordinate bands: everything draw_map puts on the page.
    inner = map_geometry(city.grid.columns, city.grid.rows, layout.map).grid_box
    outer = Box(inner.x - EDGE_BAND, inner.y - EDGE_BAND, inner.width + 2 * EDGE_BAND, inner.height + 2 * EDGE_BAND)
    assert layout.map.x - 0.01 <= outer.x and outer.x + outer.width <= layout.map.x + layout.map.width + 0.01
    assert layout.map.y - 0.01 <= outer.y and outer.top <= layout.map.top + 0.01
    # Cells big enough to draw a path and circle a goal in pencil.
    assert map_geometry(city.grid.columns, city.grid.rows, layout.map).cell >= 6.5 * mm


def test_draw_map_is_reusable_with_a_start_and_a_route(tmp_path: Path) -> None:
    """draw_map places row 1 / column A top left and draws a route in the route colour over the map."""
    city = load_city("antwerpen")
    box = Box(40, 40, 500, 500)
    route = [[Coord.parse("H8"), Coord.parse("I9"), Coord.parse("J9")], [Coord.parse("H8"), Coord.parse("G7")]]
    out = tmp_path / "key.pdf"
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, PAPERS["a4"], title="answer key")
        geometry = draw_map(canvas, city, BASIC, box, start=Coord.parse("H8"), route=route)
        canvas.showPage()
        canvas.save()
    (ax, ay), (bx, by) = geometry.point(Coord(0, 0)), geometry.point(Coord(1, 1))
    assert bx > ax and by < ay  # columns run right, rows run down (R1)
    colour = load_sheet_style().colours["route"]
    want = tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    with pdfplumber.open(out) as pdf:
        strokes = [c for c in pdf.pages[0].curves + pdf.pages[0].lines
                   if tuple(round(v, 3) for v in (c.get("stroking_color") or ())) == tuple(round(v, 3) for v in want)]
    assert len(strokes) >= 3  # two route segments and the start circle


@pytest.mark.parametrize("args,message", [
    (["--city", "gent"], "unknown city 'gent'"),
    (["--city", "brugge", "--count", "0"], "--count"),
    (["--city", "brugge", "--count", "10000000"], "--count"),
    (["--city", "brugge", "--mode", "expert"], "unknown mode"),
    (["--city", "brugge", "--mode", "basic", "--duplex"], "--duplex"),
    (["--city", "brugge", "--paper", "a3"], "unknown paper"),
])
def test_bad_options_exit_2_without_output(run, tmp_path: Path, args: list[str], message: str) -> None:
    """Bad options print one error paragraph, exit 2, and leave no PDF or temporary file."""
    code, stdout, stderr = run("sheets", *args, "--out", tmp_path / "sheet.pdf")
    assert code == 2 and stdout == ""
    assert message in stderr.replace("\n", " ") and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_unwritable_output_path_exits_2(run, tmp_path: Path) -> None:
    """A file where a folder must be, or a folder as the output file, is a usage error, not a traceback."""
    # The paragraph is wrapped at the terminal width, so where a line breaks depends on how long
    # the temporary path is: compare with the line breaks folded to spaces.
    (tmp_path / "plain").write_text("")
    code, _, stderr = run("sheets", "--city", "brugge", "--out", tmp_path / "plain" / "s.pdf")
    assert code == 2 and "is a file, not a folder" in " ".join(stderr.split())
    (tmp_path / "plain").unlink()
    code, _, stderr = run("sheets", "--city", "brugge", "--out", tmp_path)
    assert code == 2 and "is a folder" in " ".join(stderr.split())
    assert list(tmp_path.iterdir()) == []
