"""The print foundation: paper sizes, invariant canvas, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import UsageError
from generator.render.pdf import PAPERS, atomic_output, missing_glyphs, new_canvas, paper

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


def test_atomic_output_leaves_nothing_on_error(tmp_path: Path) -> None:
    """A failure while writing removes the temporary file and keeps the old target untouched."""
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with atomic_output(target) as temp:
            temp.write_bytes(b"half a pdf")
            raise RuntimeError("drawing failed")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf"]


def test_atomic_output_replaces_on_success(tmp_path: Path) -> None:
    """On success the target holds the new content and no temporary file remains."""
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with atomic_output(target) as temp:
        temp.write_bytes(b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_atomic_output_refuses_missing_folder_and_folder_target(tmp_path: Path) -> None:
    """A target in a missing folder, or a folder as target, is a UsageError before any writing."""
    with pytest.raises(UsageError, match="does not exist"):
        with atomic_output(tmp_path / "nope" / "x.pdf"):
            pass
    with pytest.raises(UsageError, match="is a folder"):
        with atomic_output(tmp_path):
            pass


def test_unknown_paper_is_a_usage_error() -> None:
    """Only a4 and letter are papers."""
    assert paper("letter").width == 612
    with pytest.raises(UsageError, match="a4, letter"):
        paper("a5")


def test_missing_glyphs_finds_characters_the_font_lacks() -> None:
    """The text font check reports characters that would print as boxes, and passes Latin-1."""
    assert missing_glyphs("Café – ×2 ≥ 5") == ""
    assert missing_glyphs("go → there") == "→"
