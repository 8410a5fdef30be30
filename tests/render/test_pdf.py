"""The print foundation: paper sizes, invariant canvas."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import UsageError
from generator.files import atomic_output
from generator.render.pdf import PAPERS, missing_glyphs, new_canvas, paper

from .conftest import PAPER_POINTS, read_pdf


def _tiny_pdf(path: Path, size: str = "a4") -> None:
    with atomic_output(path) as temp:
        canvas = new_canvas(temp, PAPERS[size], title="Tiny")
        canvas.drawString(100, 100, "hello")
        canvas.showPage()
        canvas.save()


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_canvas_page_size_metadata_and_print_scaling(tmp_path: Path, size: str) -> None:
    """A new canvas has the paper's size, a title and the PrintScaling=None viewer preference."""
    out = tmp_path / "t.pdf"
    _tiny_pdf(out, size)
    reader = read_pdf(out)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPER_POINTS[size], abs=0.01)
    assert reader.metadata.title == "Tiny"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_invariant_canvas_gives_identical_bytes(tmp_path: Path) -> None:
    """Two PDFs drawn the same way are byte-identical (no dates or random ids)."""
    _tiny_pdf(tmp_path / "a.pdf")
    _tiny_pdf(tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_unknown_paper_is_a_usage_error() -> None:
    """Only a4 and letter are papers."""
    assert paper("letter").width == 612
    with pytest.raises(UsageError, match="a4, letter"):
        paper("a5")


def test_missing_glyphs_finds_characters_the_font_lacks() -> None:
    """The text font check reports characters that would print as boxes, and passes Latin-1."""
    assert missing_glyphs("Café – ×2 ≥ 5") == ""
    assert missing_glyphs("go → there") == "→"
