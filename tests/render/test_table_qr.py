"""Issue 37, print side: with --base-url the fill-in sheets carry a QR code to the city's table page
and the player aid QR codes to its table and levels pages, checked as the print audit checks
every page; without it the sheets are as before and the kit says where the table page comes from."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from generator.language import speaking
from generator.render.kit import NO_TABLE_PAGE, TABLE_PAGE
from generator.render.reference import levels_caption
from generator.render.reference_template import no_site_text, site_text
from generator.render.sheet import qr_caption
from generator.rules.city import city_words
from print_audit import audit, audit_and_read, printed_qr_codes, qr_faults

from .conftest import words_of

BASE = "https://example.org/citytrip"
# `citytrip sheets --city brugge --mode both --count 1` (A4, English) as main wrote it before the
# table page's QR code: the same bytes, written by the code of both.
SHEETS_BEFORE = "3e11537dea2efbf1805033085d90271d78335f6db28ed40d0f043048eb2da8af"
CASES = [("en", "a4", "brugge"), ("en", "letter", "antwerpen"), ("nl", "a4", "antwerpen"),
         ("nl", "letter", "brugge"), ("fr", "a4", "brugge"), ("fr", "letter", "antwerpen")]


def _words(text: str) -> str:
    """A message as the page's text reads: no bold marks, every space one space."""
    return words_of(text.replace("**", "").replace("\u00a0", " "))


@pytest.mark.parametrize("lang,paper,city", CASES)
def test_sheets_and_aid_with_base_url_pass_the_audit_and_open_the_citys_pages(run, tmp_path: Path, lang: str,
                                                                               paper: str, city: str) -> None:
    """Every sheet's QR code decodes to BASE/CITY/table.html, the aid's to the table and levels pages;
    modules of 0.5 mm or more, code and quiet zone 5 mm from the edge and clear of every other mark,
    nothing under 6 pt, and the captions in the sheet's language."""
    sheets, aid = tmp_path / "sheets.pdf", tmp_path / "aid.pdf"
    assert run("sheets", "--city", city, "--mode", "both", "--paper", paper, "--lang", lang, "--base-url",
               BASE + "/", "--out", sheets)[0] == 0
    assert run("reference", "--game", "citytrip", "--city", city, "--paper", paper, "--lang", lang, "--base-url",
               BASE, "--out", aid)[0] == 0
    table, levels = f"{BASE}/{city}/table.html", f"{BASE}/{city}/levels.html"
    texts = {}
    for pdf, expected in ((sheets, [(1, table), (2, table)]), (aid, [(1, table), (1, levels)])):
        faults, codes = qr_faults(pdf)
        printed, texts[pdf] = audit_and_read(pdf)
        assert [str(f) for f in faults + printed] == []
        assert sorted((code.page, code.text) for code in codes) == sorted(expected)
        assert all(code.module >= 0.5 * mm - 0.05 * mm for code in codes)
    with speaking(lang):
        # The caption's lines stand beside the turn tracker's notes: its words, in the sheet's language.
        assert set(_words(qr_caption()).split()) <= set(words_of(texts[sheets]).split())
        aid_text = words_of(texts[aid])
        assert _words(site_text()) in aid_text
        assert set(_words(levels_caption()).split()) <= set(aid_text.split())
        assert table in aid_text.replace(" ", "")


def test_sheets_without_base_url_are_unchanged(run, tmp_path: Path) -> None:
    """Without --base-url a pad of sheets is byte for byte the pad main wrote before (SHEETS_BEFORE),
    with no QR code on it."""
    out = tmp_path / "sheets.pdf"
    assert run("sheets", "--city", "brugge", "--mode", "both", "--count", "1", "--out", out)[0] == 0
    assert hashlib.sha256(out.read_bytes()).hexdigest() == SHEETS_BEFORE
    assert printed_qr_codes(out) == []


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_kits_readme_and_aid_name_the_table_page(run, tmp_path: Path, lang: str) -> None:
    """With --base-url the kit's README gives the table and levels pages' addresses and the aid the
    table page's; without, both say in one sentence that `citytrip site` writes the page (in the
    kit's language), and the aid has no QR code."""
    suffix = "" if lang == "en" else f"-{lang}"
    with_url, without = tmp_path / "with", tmp_path / "without"
    assert run("kit", "--city", "antwerpen", "--count", "1", "--lang", lang, "--base-url", BASE, "--out", with_url)[0] == 0
    assert run("kit", "--city", "antwerpen", "--count", "1", "--lang", lang, "--out", without)[0] == 0
    readme = (with_url / f"README{suffix}.txt").read_text(encoding="utf-8")
    plain = (without / f"README{suffix}.txt").read_text(encoding="utf-8")
    from generator.data.cities import load_city

    with speaking(lang):
        words = city_words(load_city("antwerpen"))
        assert readme.endswith(_readme_part(TABLE_PAGE, table=f"{BASE}/antwerpen/table.html",
                                            levels=f"{BASE}/antwerpen/levels.html", assignments=words.assignments))
        assert plain.endswith(_readme_part(NO_TABLE_PAGE, name="Antwerpen", key="antwerpen"))
        assert "citytrip site" in plain and "citytrip site" not in readme
        aid_text = words_of(audit_and_read(without / f"antwerpen-reference{suffix}.pdf")[1])
        assert _words(no_site_text()) in aid_text
    assert printed_qr_codes(without / f"antwerpen-reference{suffix}.pdf") == []
    assert [code.text for code in printed_qr_codes(with_url / f"antwerpen-sheets-basic{suffix}.pdf")] == [
        f"{BASE}/antwerpen/table.html"]


def _readme_part(message: str, **fields: str) -> str:
    from generator.language import _

    return _(message).format(**fields)


def _page_with_qr(tmp_path: Path, x: float, y: float, module: float, caption: tuple[float, float] | None = None) -> Path:
    """An A4 page with a 50-mm ruler and one QR code (lower-left quiet-zone corner at x, y), and
    maybe a word at `caption`."""
    from generator.files import atomic_output
    from generator.render.pdf import FONT, PAPERS, draw_ruler, new_canvas
    from generator.render.qr import draw_qr

    out = tmp_path / f"qr-{x:.0f}-{y:.0f}-{module:.2f}-{bool(caption)}.pdf"
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, PAPERS["a4"], title="qr")
        draw_ruler(canvas, 20 * mm, 20 * mm)
        draw_qr(canvas, f"{BASE}/brugge/table.html", x, y, module)
        if caption:
            canvas.setFont(FONT, 7)
            canvas.drawString(*caption, "Scan")
        canvas.showPage()
        canvas.save()
    return out


def test_the_qr_audit_catches_a_code_near_the_edge_a_caption_on_it_and_small_modules(tmp_path: Path) -> None:
    """Planted faults: a code whose quiet zone reaches 3 mm from the edge (its modules 5 mm clear, which
    the general audit passes), a word set into a quiet zone, 0.4-mm modules; a code set right passes."""
    good = _page_with_qr(tmp_path, 100 * mm, 150 * mm, 0.5 * mm)
    assert qr_faults(good)[0] == [] and len(qr_faults(good)[1]) == 1
    near = _page_with_qr(tmp_path, 3 * mm, 150 * mm, 0.5 * mm)
    assert audit(near) == []
    assert ["within 5 mm of the edge" in str(f) for f in qr_faults(near)[0]] == [True]
    covered = _page_with_qr(tmp_path, 100 * mm, 150 * mm, 0.5 * mm, caption=(100.3 * mm, 150.4 * mm))
    assert ["reach into" in str(f) for f in qr_faults(covered)[0]] == [True]
    small = _page_with_qr(tmp_path, 100 * mm, 150 * mm, 0.4 * mm)
    assert ["0.40-mm modules" in str(f) for f in qr_faults(small)[0]] == [True]


@pytest.mark.parametrize("url", ["ftp://example.org", "https://exa mple.org", "example.org/citytrip",
                                 "https://example.org/?x=1", "https://" + "a" * 80 + ".org"])
def test_a_malformed_base_url_is_refused_as_the_daily_refuses_it(run, tmp_path: Path, url: str) -> None:
    """sheets, kit and reference give the daily's one-paragraph message for a bad --base-url, exit 2
    and write nothing."""
    daily = run("daily", "--base-url", url, "--out", tmp_path / "daily")
    assert daily[0] == 2 and "--base-url" in daily[2]
    for command in (["sheets", "--city", "brugge", "--out", tmp_path / "s.pdf"],
                    ["kit", "--city", "brugge", "--count", "1", "--out", tmp_path / "kit"],
                    ["reference", "--game", "citytrip", "--city", "brugge", "--out", tmp_path / "r.pdf"]):
        assert run(*command, "--base-url", url) == (2, "", daily[2]), command
    assert list(tmp_path.iterdir()) == []


def test_base_url_needs_a_city_with_pages_on_the_site(run, tmp_path: Path) -> None:
    """A city of one's own (a folder) has no pages on the site, nor does the Bruges aid: --base-url is
    refused for them in one paragraph, exit 2."""
    from tiny import TINY

    code, _, stderr = run("kit", "--city", TINY, "--base-url", BASE, "--out", tmp_path / "kit")
    assert code == 2 and "shipped cities only" in stderr
    code, _, stderr = run("reference", "--game", "bruges", "--base-url", BASE, "--out", tmp_path / "r.pdf")
    assert code == 2 and "--game citytrip" in stderr
    assert list(tmp_path.iterdir()) == []


def test_the_longest_base_url_still_fits_sheet_and_aid(run, tmp_path: Path) -> None:
    """An 80-character --base-url (the most it takes) gives 0.5-mm modules or more in the 25-mm
    header and on the aid, whose address breaks over lines; both pass the audit (French, Letter)."""
    base = "https://" + "a" * 68 + ".org"
    assert len(base) == 80
    sheets, aid = tmp_path / "sheets.pdf", tmp_path / "aid.pdf"
    assert run("sheets", "--city", "antwerpen", "--paper", "letter", "--lang", "fr", "--base-url", base,
               "--out", sheets)[0] == 0
    assert run("reference", "--game", "citytrip", "--city", "antwerpen", "--paper", "letter", "--lang", "fr",
               "--base-url", base, "--out", aid)[0] == 0
    for pdf in (sheets, aid):
        faults, codes = qr_faults(pdf)
        assert [str(f) for f in faults + audit(pdf)] == []
        assert codes and all(code.text.startswith(base + "/antwerpen/") for code in codes)
        assert all(code.module >= 0.5 * mm - 0.05 * mm for code in codes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_qr_headers_pieces_never_overlap(paper: str) -> None:
    """In every language, on both papers and for the shortest and longest address, the QR code, the
    title, the name field, the turn tracker and the caption of a sheet's header are apart, inside
    the header, and the code's modules are 0.5 to 0.75 mm."""
    from generator.data.cities import load_city
    from generator.render.pdf import PAPERS
    from generator.render.sheet import HEADER_QR, layout_sheet, qr_header_layout

    def apart(a, b) -> bool:
        return a.x + a.width <= b.x or b.x + b.width <= a.x or a.top <= b.y or b.top <= a.y

    for lang in ("en", "nl", "fr"):
        with speaking(lang):
            for city in ("brugge", "antwerpen"):
                for base in ("http://a.b", "https://" + "a" * 68 + ".org"):
                    layout = layout_sheet(load_city(city), PAPERS[paper], f"{base}/{city}/table.html")
                    header = layout.header
                    assert header.height == HEADER_QR and layout.map.top <= header.y
                    place = qr_header_layout(header, layout.table_url)
                    boxes = [place.qr, place.title, place.name, place.tracker, place.caption]
                    for i, box in enumerate(boxes):
                        assert header.x <= box.x and box.x + box.width <= header.x + header.width + 0.01
                        assert header.y <= box.y and box.top <= header.top + 0.01
                        assert box.width > 0 and box.height > 0
                        assert all(apart(box, other) for other in boxes[i + 1:]), (lang, city, base, i)
                    assert 0.5 * mm <= place.module <= 0.75 * mm
