"""citytrip site: the files of the site, their contents, their language, and the QR code that leads to a page."""

import gzip
import hashlib
import json
import re
import struct

import pypdfium2
import pytest
import zxingcpp

from generator.browser.puzzle_json import puzzle_from_json
from generator.daily.code import encode
from generator.language import LOCALE_DIR, speaking
from generator.site import assets, template_messages
from generator.daily.addresses import page_address
from generator.site.build import build_site
from tests.web.conftest import BASE_URL
from tests.web.days import FRIDAY, MONDAY, SITE_DAYS

PAGES = ["antwerpen/2026-11-30/index.html", "antwerpen/2026-11-30/mini.html",
         "antwerpen/2026-12-04/index.html", "antwerpen/2026-12-04/mini.html"]


def page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def test_without_a_results_url_the_pages_name_no_results_service(site):
    """A site built without --results-url: no page names a results service, the site has no
    results script, and how to play says nothing about results."""
    for page in PAGES:
        assert "results" not in page_data((site.folder / page).read_text())["page"]
    how = (site.folder / "how-to-play.html").read_text()
    assert "results-sent" not in how and "results service" not in how
    assert not (site.folder / "assets" / "results.js").exists() and "assets/results.js" not in (site.folder / "sw.js").read_text()


def test_a_page_per_puzzle_an_index_and_the_shared_files(site):
    for name in [*PAGES, "index.html", "how-to-play.html", "sw.js", "assets/play.js", "assets/style.css",
                 "assets/record.js", "assets/index.js", "assets/words.js",
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
    again = build_site(tmp_path, ["antwerpen"], SITE_DAYS,
                       lambda city, day, folder: (site.puzzles[(day.isoformat(), False)], site.puzzles.get((day.isoformat(), True))))
    first = {path.relative_to(site.folder): path.read_bytes() for path in site.written}
    second = {path.relative_to(tmp_path): path.read_bytes() for path in again}
    assert first.keys() == second.keys() and len(first) > 10
    for name in first:
        assert first[name] == second[name], name


def test_without_pyodide_the_site_says_to_run_npm_ci(tmp_path, monkeypatch, run):
    monkeypatch.setattr(assets, "PYODIDE", tmp_path / "nowhere")
    code, _, err = run("site", "--out", tmp_path / "out", "--from", "2026-11-30", "--city", "brugge")
    # The message is a wrapped paragraph: where its lines break depends on the folder's name.
    assert code == 2 and "npm ci" in " ".join(err.split()) and "Pyodide" in err
    assert not (tmp_path / "out").exists()  # nothing half-written


def test_without_node_the_site_says_to_install_it(tmp_path, monkeypatch, run):
    """The engine's snapshot is made with Node.js: without `node`, one paragraph, exit 2, nothing written."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    code, _, err = run("site", "--out", tmp_path / "out", "--from", "2026-11-30", "--city", "brugge")
    assert code == 2 and "Node.js" in err and "snapshot" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_engine_snapshot_is_for_the_pinned_pyodide_and_fits_its_memory(site):
    """assets/engine-snapshot.bin.gz: a gzip without time stamp, a Pyodide snapshot of the pinned
    build (its BUILD_ID in the header) whose heap fits the 30 MiB a restore gets (Pyodide #6254)."""
    packed = (site.folder / "assets" / assets.SNAPSHOT).read_bytes()
    assert packed[:2] == b"\x1f\x8b" and packed[4:8] == b"\0\0\0\0"  # gzip, mtime 0
    snapshot = gzip.decompress(packed)
    magic, heap_start, json_length, _ = struct.unpack_from("<4I", snapshot)
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (assets.PYODIDE / "pyodide.mjs").read_text()).group(1)
    assert struct.unpack_from("<8I", snapshot, 16) == tuple(int(build_id[i:i + 8], 16) for i in range(0, 64, 8))
    assert json.loads(snapshot[48:48 + json_length])  # the JS side's state
    assert 0 < len(snapshot) - heap_start <= assets.SNAPSHOT_HEAP_LIMIT
    # engine.js asks for it with its digest, so that a copy kept of another build is never restored
    script = (site.folder / "assets" / "engine.js").read_text()
    assert assets.SNAPSHOT_DIGEST not in script
    assert f'"engine-snapshot.bin?v={hashlib.sha256(packed).hexdigest()[:16]}"' in script


def test_pyodides_largest_files_are_also_written_gzipped_for_the_service_worker(site):
    """assets/pyodide/pyodide.asm.wasm.gz, pyodide.asm.mjs.gz and pyodide-lock.json.gz: gzips without
    time stamp that unzip to the plain files, byte for byte; sw.js names them with the type the page
    expects."""
    pyodide = site.folder / "assets" / "pyodide"
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json"):
        packed = (pyodide / f"{name}.gz").read_bytes()
        assert packed[:2] == b"\x1f\x8b" and packed[4:8] == b"\0\0\0\0"
        assert gzip.decompress(packed) == (pyodide / name).read_bytes()
        assert len(packed) < (pyodide / name).stat().st_size / 2.5
    worker = (site.folder / "sw.js").read_text()
    assert ('const PACKED = {"pyodide-lock.json": "application/json", "pyodide.asm.mjs": "text/javascript", '
            '"pyodide.asm.wasm": "application/wasm"};') in worker


def test_the_sites_standard_library_holds_only_what_a_page_imports_compiled(site):
    """assets/pyodide/python_stdlib.zip: the files of generator/site/stdlib.txt and nothing else,
    each compiled by the pinned Pyodide (compile.mjs) into an unchecked hash-based pyc (PEP 552: no
    source needed, no time stamp), of Pyodide's Python (its magic number, not this interpreter's),
    with its code named as Pyodide's own zip names the source; 1.5 MB instead of 2.5 MB of sources.
    (The browser tests then play with only that zip.)"""
    import importlib.util
    import zipfile

    trimmed = zipfile.ZipFile(site.folder / "assets" / "pyodide" / assets.STDLIB)
    assert trimmed.namelist() == [name + "c" for name in assets.stdlib_files()]
    magics = set()
    for name in trimmed.namelist():
        pyc = trimmed.read(name)
        magics.add(pyc[:4])
        assert pyc[2:4] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b01, name  # hash-based, unchecked
        assert f"/lib/python314.zip/{name[:-1]}".encode() in pyc, name
    assert len(magics) == 1 and magics != {importlib.util.MAGIC_NUMBER}
    assert (site.folder / "assets" / "pyodide" / assets.STDLIB).stat().st_size < 1_600_000
    # The engine, compiled the same way for a page that starts CPython: each of engine.json's files,
    # a pyc of Pyodide's Python (no source beside it, so neither time stamp nor hash is checked).
    engine = zipfile.ZipFile(site.folder / "assets" / assets.ENGINE_ZIP)
    assert engine.namelist() == sorted(name + "c" for name in json.loads((site.folder / "assets/engine.json").read_text()))
    for name in engine.namelist():
        pyc = engine.read(name)
        assert pyc[:4] in magics and pyc[4:16] == bytes(12) and f"/engine/{name[:-1]}".encode() in pyc, name


@pytest.mark.parametrize("args,words", [
    (["--from", "2026-12-05", "--to", "2026-12-01"], "is before"),
    (["--from", "2026-01-01", "--to", "2027-12-31"], "at most 366"),
    (["--from", "30-11-2026"], "YYYY-MM-DD"),
    (["--city", "paris"], "unknown city"),
    (["--base-url", "javascript:alert(1)"], "is not a web address"),
    (["--base-url", "https://example.org/a b"], "is not a web address"),
    (["--base-url", "https://example.org/#x"], "is not a web address"),
    (["--work", "0"], "--work"),
    (["--lang", "de"], "unknown language 'de'"),
    (["--results-url", "ftp://results.example.org"], "is not the address"),
    (["--results-url", "javascript:alert(1)"], "is not the address"),
    (["--results-url", "https://results.example.org/?x=1"], "is not the address"),
    (["--results-url", "results.example.org"], "is not the address"),
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
    from generator.daily.addresses import MAX_BASE_URL, checked_base_url

    daily = site.puzzles[(FRIDAY.isoformat(), False)]
    longest = checked_base_url("https://" + "x" * (MAX_BASE_URL - len("https://")))
    daily = replace(daily, address=page_address(longest, "antwerpen", FRIDAY, False, daily.code))
    header = layout_puzzle_sheet(daily, paper("a4")).header
    placement = qr_placement(daily, header)
    size = (qr_matrix(daily.qr_text).modules + 8) * placement.module
    assert placement.module >= MIN_MODULE
    assert size <= STATEMENT - BAND_GAP and placement.y >= header.top - (STATEMENT - BAND_GAP) - 1e-6


# Words only a page of that language prints, per file (and the English they replace).
SPOKEN = {
    "nl": {"antwerpen/2026-11-30/index.html": ["Volgende beurt", "Alle puzzels", "Score tot nu", "Puzzelcode"],
           "index.html": ["Citytrip-dagpuzzels", "Dagpuzzel", "Jouw dagen", "Maandag <span class=\"date\">2026-11-30", "Vrijdag"],
           "how-to-play.html": ["Spelregels", "Op deze site"],
           "assets/play.js": ['"Acties deze beurt:"', '"Afronden"', '"Hele kaart"']},
    "fr": {"antwerpen/2026-11-30/index.html": ["Tour suivant", "Tous les puzzles", "Score actuel", "Code du puzzle"],
           "index.html": ["Puzzles du jour Citytrip", "Puzzle du jour", "Vos jours", "Lundi <span class=\"date\">2026-11-30", "Vendredi"],
           "how-to-play.html": ["Comment jouer", "Sur ce site"],
           "assets/play.js": ['"Actions de ce tour\u202f:"', '"Terminer"', '"Toute la carte"']},
}
ENGLISH = {"antwerpen/2026-11-30/index.html": ["Next turn", "All puzzles", "Score so far"],
           "index.html": ["Citytrip daily puzzles", "Your days", "Monday <span class=\"date\">2026-11-30"], "how-to-play.html": ["On this site"],
           "assets/play.js": ['"Actions this turn:"', '"Whole map"']}


def _visible(html: str) -> str:
    return re.sub(r"<script.*?</script>|<svg.*?</svg>", "", html, flags=re.S)


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_a_dutch_or_french_site_speaks_its_language_on_every_page(site, site_in, lang):
    """`<html lang>` on every page; the templates', the script's and the page builder's words in
    the language, none of the English ones left, no [[message]] marker left; the language's
    catalog ships for the engine, the same engine as the English site's."""
    built = site_in(lang)
    for name in [*PAGES, "index.html", "how-to-play.html"]:
        html = (built.folder / name).read_text()
        assert f'<html lang="{lang}">' in html, name
        assert "[[" not in _visible(html), name
    for name, words in SPOKEN[lang].items():
        text = (built.folder / name).read_text()
        for word in words:
            assert word in text, (name, word)
        for word in ENGLISH[name]:
            assert word not in text and word in (site.folder / name).read_text(), (name, word)
    for script in ("play.js", "index.js"):
        assert '"[[' not in (built.folder / "assets" / script).read_text(), script
    data = page_data((built.folder / PAGES[0]).read_text())
    assert data["actions"]["plan"] == {"nl": "wandelen", "fr": "marcher"}[lang]
    shipped = built.folder / "assets/locale" / lang / "LC_MESSAGES/citytrip.mo"
    assert shipped.read_bytes() == (LOCALE_DIR / lang / "LC_MESSAGES/citytrip.mo").read_bytes()
    assert (built.folder / "assets/engine.json").read_bytes() == (site.folder / "assets/engine.json").read_bytes()
    assert not (site.folder / "assets/locale").exists()
    assert '<html lang="en">' in (site.folder / PAGES[0]).read_text()


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_a_site_in_another_language_builds_byte_identically(site, site_in, lang, tmp_path):
    """A second build in the same language writes the same bytes, file by file."""
    first = site_in(lang)
    with speaking(lang):
        again = build_site(tmp_path, ["antwerpen"], SITE_DAYS,
                           lambda city, day, folder: (site.puzzles[(day.isoformat(), False)],
                                                      site.puzzles.get((day.isoformat(), True))))
    assert [p.relative_to(tmp_path) for p in again] == [p.relative_to(first.folder) for p in first.written]
    for path in again:
        assert path.read_bytes() == (first.folder / path.relative_to(tmp_path)).read_bytes(), path


def test_a_translation_cannot_break_the_script(monkeypatch):
    """In play.js a message becomes a JSON string, whatever its translation holds; in English the
    template is written without its brackets."""
    source = 'say("[[The game is over.]]"); x = [[1, 2]];'
    assert template_messages.translated(source, "play.js") == 'say("The game is over."); x = [[1, 2]];'
    monkeypatch.setattr(template_messages, "_", lambda text: 'Fin "du jeu" \\ </script>')
    written = template_messages.translated(source, "play.js")
    assert json.loads(written[len("say("):written.index(");")]) == 'Fin "du jeu" \\ </script>'
    assert template_messages.translated("<p>[[Score]] <b>$x</b></p>", "page.html") == '<p>Fin "du jeu" \\ </script> <b>$x</b></p>'


def test_the_summary_counts_every_file_the_site_command_writes(tmp_path, run, monkeypatch):
    """`citytrip site` for one date: the "N files" of its summary are the files in the folder, the
    daily's and the mini's YAML and PDFs among them (it once counted only the pages and assets)."""
    import functools

    import generator.daily.batch
    from generator.daily.job import Pages
    from generator.daily.mini import make_mini
    from stand_in import stand_in_daily

    def stand_in(job, folder, stages=None):  # batch.make_date's signature: the job names its city and day
        render = functools.partial(job.render, paper=job.paper)
        return (stand_in_daily(job.city, job.day, folder, render, job.base_url),
                make_mini(job.city, job.day, Pages(folder, render, job.base_url)))

    monkeypatch.setattr(generator.daily.batch, "make_date", stand_in)
    code, out, err = run("site", "--out", tmp_path / "site", "--from", MONDAY.isoformat(), "--city", "antwerpen")
    assert code == 0, err
    on_disk = [path for path in (tmp_path / "site").rglob("*") if path.is_file()]
    assert sum(path.suffix in (".pdf", ".yaml") for path in on_disk) == 8  # a daily's four files and its mini's
    assert out.rstrip().endswith(f"; {len(on_disk)} files")
