"""QR codes: vector modules with our own quiet zone, decodable from the printed page."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import zxingcpp
from reportlab.lib.units import mm

from generator.files import atomic_output
from generator.render.pdf import PAPERS, new_canvas
from generator.render.qr import QUIET_ZONE, draw_qr, qr_matrix

URL = "https://en.wikipedia.org/wiki/Belfry_of_Bruges"


def test_printed_size_includes_the_quiet_zone() -> None:
    """The drawn size is (modules + 2 × 4) × module size."""
    matrix = qr_matrix(URL)
    assert matrix.modules == len(matrix.rows[0]) >= 21
    assert matrix.printed_size(2.0) == (matrix.modules + 2 * QUIET_ZONE) * 2.0


def test_drawn_code_decodes_to_its_data(tmp_path: Path) -> None:
    """The vector QR code, rendered at 200 dpi, decodes back to the URL."""
    out = tmp_path / "qr.pdf"
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, PAPERS["a4"], title="qr")
        size = draw_qr(canvas, URL, 50, 500, 0.7 * mm)
        canvas.showPage()
        canvas.save()
    assert size == qr_matrix(URL).printed_size(0.7 * mm)
    document = pypdfium2.PdfDocument(str(out))
    image = document[0].render(scale=200 / 72).to_pil()
    document.close()
    assert [r.text for r in zxingcpp.read_barcodes(image)] == [URL]


def test_matrix_is_stable() -> None:
    """The fixed mask pattern gives the same modules every time."""
    assert qr_matrix(URL) == qr_matrix(URL)
