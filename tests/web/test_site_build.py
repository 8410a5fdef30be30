"""citytrip site: the files of the site, their contents, and the QR code that leads to a page."""

import json
import re

import pypdfium2
import pytest
import zxingcpp

from generator.browser.puzzle_json import puzzle_from_json
from generator.daily.code import encode
from generator.site import assets
from generator.site.addresses import page_address
from generator.site.build import build_site
from tests.web.conftest import BASE_URL
from tests.web.days import FRIDAY, MONDAY

PAGES = ["antwerpen/2026-11-30/index.html", "antwerpen/2026-11-30/mini.html",
         "antwerpen/2026-12-04/index.html", "antwerpen/2026-12-04/mini.html"]


def page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def test_a_page_per_puzzle_an_index_and_the_shared_files(site):
    for name in [*PAGES, "index.html", "how-to-play.html", "sw.js", "assets/play.js", "assets/style.css",
                 "assets/engine.json", "assets/fonts/CitytripSans.ttf", *(f"assets/pyodide/{f}" for f in assets.PYODIDE_FILES)]:
        assert (site.folder / name).is_file(), name
    index = (site.folder / "index.html").read_text()
    for link in ["antwerpen/2026-11-30/", "antwerpen/2026-11-30/mini.html", "antwerpen/2026-12-04/"]:
        assert f'href="{link}"' in index
    engine = json.loads((site.folder / "assets/engine.json").read_text())
    assert engine == assets.engine_sources()


@pytest.mark.parametrize("name", PAGES)
def test_each_page_holds_its_puzzle_par_and_code(site, name):
    day, mini = name.split("/")[1], name.endswith("mini.html")
    daily = site.puzzles[(day, mini)]
    html = (site.folder / name).read_text()
    data = page_data(html)
    puzzle = puzzle_from_json(data["puzzle"])
    assert puzzle.turns == daily.puzzle.turns and puzzle.target == daily.puzzle.target
    assert data["page"]["par"] == daily.par and data["page"]["code"] == daily.code
    assert encode(puzzle) == daily.code  # the page's puzzle is the code's puzzle
    assert set(data["map"]["nodes"]) == {str(node) for node in daily.puzzle.city.grid.nodes()}
    assert f'<code id="code">{daily.code}</code>' in html
    assert ("Proven maximum" if mini else f"par {daily.par}") in html
    # The player's words only: no internal terms, no rule numbers.
    text = re.sub(r"<script.*?</script>|<svg.*?</svg>", "", html, flags=re.S)
    for word in ("seed", "bound", "solver"):
        assert word not in text.lower(), word
    assert not re.search(r"\bR([4-9]|1[0-9])\b", text)  # R1–R3 are the boxes' names, not rules


def test_the_printed_qr_code_opens_the_puzzles_page(site):
    """With a base address, the sheet's QR code holds the page's address with the code in its
    fragment; the code is still printed under it."""
    daily = site.puzzles[(MONDAY.isoformat(), False)]
    sheet = site.folder / "antwerpen/2026-11-30/citytrip-antwerpen-2026-11-30-sheet.pdf"
    document = pypdfium2.PdfDocument(str(sheet))
    try:
        image = document[0].render(scale=300 / 72).to_pil()
        page_text = document[0].get_textpage().get_text_range()
    finally:
        document.close()
    found = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
    assert found == [page_address(BASE_URL, "antwerpen", MONDAY, False, daily.code)]
    assert found[0] == f"{BASE_URL}/antwerpen/2026-11-30/#code={daily.code}"
    assert daily.code.split("/")[0] in page_text


def test_the_site_builds_byte_identically(site, tmp_path):
    """A second build of the same puzzles writes the same bytes, page by page and asset by asset."""
    again = build_site(tmp_path, ["antwerpen"], [MONDAY, FRIDAY],
                       lambda city, day, folder: (site.puzzles[(day.isoformat(), False)], site.puzzles.get((day.isoformat(), True))))
    first = {path.relative_to(site.folder): path.read_bytes() for path in site.written}
    second = {path.relative_to(tmp_path): path.read_bytes() for path in again}
    assert first.keys() == second.keys() and len(first) > 10
    for name in first:
        assert first[name] == second[name], name


def test_without_pyodide_the_site_says_to_run_npm_ci(tmp_path, monkeypatch, run):
    monkeypatch.setattr(assets, "PYODIDE", tmp_path / "nowhere")
    code, _, err = run("site", "--out", tmp_path / "out", "--from", "2026-11-30", "--city", "brugge")
    assert code == 2 and "npm ci" in err and "Pyodide" in err
    assert not (tmp_path / "out").exists()  # nothing half-written


@pytest.mark.parametrize("args,words", [
    (["--from", "2026-12-05", "--to", "2026-12-01"], "is before"),
    (["--from", "2026-01-01", "--to", "2027-12-31"], "at most 366"),
    (["--from", "30-11-2026"], "YYYY-MM-DD"),
    (["--city", "paris"], "unknown city"),
    (["--base-url", "javascript:alert(1)"], "is not a web address"),
    (["--base-url", "https://example.org/a b"], "is not a web address"),
    (["--base-url", "https://example.org/#x"], "is not a web address"),
    (["--work", "0"], "--work"),
])
def test_bad_arguments_get_one_paragraph_and_exit_2(tmp_path, run, args, words):
    code, out, err = run("site", "--out", tmp_path / "out", *args)
    assert code == 2 and words in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_daily_refuses_a_bad_base_url(tmp_path, run):
    code, _, err = run("daily", "--base-url", "ftp://example.org", "--out", tmp_path)
    assert code == 2 and "--base-url 'ftp://example.org'" in err


def test_the_longest_base_url_still_prints_a_readable_qr_code(site):
    """The longest address --base-url takes, with Friday's long code (three assignment cards):
    the QR code keeps 0.5-mm modules and stays above the band of the code lines."""
    from dataclasses import replace

    from generator.render.daily_sheet import BAND_GAP, MIN_MODULE, STATEMENT, layout_puzzle_sheet, qr_placement
    from generator.render.pdf import paper
    from generator.render.qr import qr_matrix
    from generator.site.addresses import MAX_BASE_URL, checked_base_url

    daily = site.puzzles[(FRIDAY.isoformat(), False)]
    longest = checked_base_url("https://" + "x" * (MAX_BASE_URL - len("https://")))
    daily = replace(daily, address=page_address(longest, "antwerpen", FRIDAY, False, daily.code))
    header = layout_puzzle_sheet(daily, paper("a4")).header
    placement = qr_placement(daily, header)
    size = (qr_matrix(daily.qr_text).modules + 8) * placement.module
    assert placement.module >= MIN_MODULE
    assert size <= STATEMENT - BAND_GAP and placement.y >= header.top - (STATEMENT - BAND_GAP) - 1e-6
