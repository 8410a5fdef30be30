"""A PNG of a PDF's first page, for people who would rather look than open a PDF."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from generator.files import atomic_output

PREVIEW_DPI = 100


def preview_path(pdf: Path) -> Path:
    """Where the preview of `pdf` goes: the same name with .png."""
    return Path(pdf).with_suffix(".png")


def write_preview(pdf: Path, png: Path, dpi: int = PREVIEW_DPI) -> Path:
    """Render the first page of `pdf` to `png` at `dpi`, written atomically."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[0]
        image = page.render(scale=dpi / 72).to_pil()
        page.close()
    finally:
        document.close()
    with atomic_output(png) as temp:
        image.save(temp, format="PNG")
    return Path(png)
