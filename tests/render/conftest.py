"""Helpers for the render tests: read PDFs back (the `run` fixture is in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdf
import pytest


PAPER_POINTS = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}




def read_pdf(path: Path) -> pypdf.PdfReader:
    """Open `path` with pypdf in strict mode (a malformed PDF raises)."""
    return pypdf.PdfReader(path, strict=True)


def assert_print_ready(reader: pypdf.PdfReader, paper: str, pages: int) -> None:
    """`pages` pages, each of the paper's size, and the viewer asked not to scale when printing."""
    assert len(reader.pages) == pages
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAPER_POINTS[paper], abs=0.01)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def page_text(path: Path, page: int = 0) -> str:
    with pdfplumber.open(path) as pdf:
        return pdf.pages[page].extract_text() or ""


def all_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(p.extract_text() or "" for p in pdf.pages)


def words_of(text: str) -> str:
    """`text` with all whitespace collapsed, so wrapped lines compare like the template text."""
    return " ".join(text.split())
