"""The print-and-play kit: `citytrip kit` writes every PDF with a preview, reproducibly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import read_pdf

KIT = ["sheets-basic", "sheets-advanced", "start-cards", "action-cards", "assignment-cards", "card-alignment",
       "scorepad", "reference"]


def test_kit_writes_every_pdf_with_a_preview_identically_twice(run, tmp_path: Path) -> None:
    """Every kit PDF opens strictly, asks for 100 % printing, has a PNG, and a rerun gives the same bytes;
    the README names the alignment test's reprint command."""
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    code, stdout, stderr = run("kit", "--city", "antwerpen", "--count", "2", "--preview", "--out", first)
    assert (code, stderr) == (0, "")
    assert run("kit", "--city", "antwerpen", "--count", "2", "--out", second)[0] == 0
    for name in KIT:
        pdf = first / f"antwerpen-{name}.pdf"
        reader = read_pdf(pdf)
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None", name
        assert pdf.with_suffix(".png").read_bytes().startswith(b"\x89PNG"), name
        assert pdf.read_bytes() == (second / pdf.name).read_bytes(), name
    assert len(read_pdf(first / "antwerpen-sheets-basic.pdf").pages) == 2
    readme = (first / "README.txt").read_text(encoding="utf-8")
    assert "100 %" in readme and "citytrip cards --city antwerpen --back-offset-mm X,Y " in readme
    assert sorted(p.name for p in first.iterdir() if p.suffix == ".pdf") == sorted(f"antwerpen-{n}.pdf" for n in KIT)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_kits_cards_are_the_cards_commands_bytes(run, tmp_path: Path, lang: str) -> None:
    """`kit` and `cards` write the same card PDFs, in any language: so the print audit of every
    kit (tests/render/test_print_audit.py, every language and paper) audits what `cards` prints."""
    assert run("kit", "--city", "brugge", "--count", "1", "--paper", "letter", "--lang", lang, "--out", tmp_path / "kit")[0] == 0
    assert run("cards", "--city", "brugge", "--paper", "letter", "--lang", lang, "--out", tmp_path / "cards")[0] == 0
    cards = sorted((tmp_path / "cards").glob("*.pdf"))
    assert len(cards) == 4
    for pdf in cards:
        assert pdf.read_bytes() == (tmp_path / "kit" / pdf.name).read_bytes(), pdf.name


@pytest.mark.parametrize("args,message", [
    (["--city", "gent"], "unknown city"),
    (["--city", "brugge", "--count", "0"], "--count"),
    (["--city", "brugge", "--count", "10000000"], "--count"),
    (["--city", "brugge", "--back-offset-mm", "x"], "--back-offset-mm"),
])
def test_bad_options_exit_2_and_write_nothing(run, tmp_path: Path, args: list[str], message: str) -> None:
    """A bad kit option is reported before anything is written."""
    code, _, stderr = run("kit", *args, "--out", tmp_path)
    assert code == 2 and message in stderr
    assert list(tmp_path.iterdir()) == []


def test_a_kit_of_ones_own_city_lists_only_what_it_holds(run, tmp_path: Path) -> None:
    """A city of one's own (a folder) has no score pad or player aid template: its kit has the
    sheets and cards, and its README names no file the folder does not hold; a shipped city's
    README names its pad and aid."""
    from tiny import TINY

    out = tmp_path / "own"
    code, _, stderr = run("kit", "--city", TINY, "--count", "1", "--out", out)
    assert (code, stderr) == (0, "")
    pdfs = sorted(p.name for p in out.iterdir() if p.suffix == ".pdf")
    assert len(pdfs) == 6 and not any("scorepad" in name or "reference" in name for name in pdfs)
    readme = (out / "README.txt").read_text(encoding="utf-8")
    named = set(re.findall(r"[\w-]+\.pdf", readme))
    assert named == set(pdfs)
    shipped = tmp_path / "brugge"
    assert run("kit", "--city", "brugge", "--count", "1", "--lang", "nl", "--out", shipped)[0] == 0
    readme = (shipped / "README-nl.txt").read_text(encoding="utf-8")
    assert "brugge-scorepad-nl.pdf, brugge-reference-nl.pdf  scoreblok en spelhulp" in readme
    assert set(re.findall(r"[\w-]+\.pdf", readme)) == {p.name for p in shipped.iterdir() if p.suffix == ".pdf"}
