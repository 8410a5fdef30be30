"""QR codes drawn as vector rectangles, for the links on start cards and sheets.

The `qrcode` package only supplies the module matrix (border 0); the quiet zone is ours, so the
caller knows the exact printed size. The mask pattern is fixed because qrcode releases after 8.2
change the automatic mask choice, which would change the printed code and break byte-identical
output.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

from generator.render.screen_qr import MASK_PATTERN  # one fixed mask for paper and screen

QUIET_ZONE = 4  # modules of white around the code, as the QR specification asks


@dataclass(frozen=True)
class QrMatrix:
    """The dark modules of one QR code, row by row from the top, without quiet zone."""

    rows: tuple[tuple[bool, ...], ...]

    @property
    def modules(self) -> int:
        return len(self.rows)

    def printed_size(self, module: float) -> float:
        """Width (= height) in points including the quiet zone, for `module` points per module."""
        return (self.modules + 2 * QUIET_ZONE) * module


@functools.lru_cache(maxsize=512)  # a start card sizes its code, then draws it: one encoding
def qr_matrix(data: str, error_correction: int = ERROR_CORRECT_M) -> QrMatrix:
    """The module matrix for `data` at the smallest version that holds it."""
    code = qrcode.QRCode(error_correction=error_correction, border=0, mask_pattern=MASK_PATTERN)
    code.add_data(data)
    code.make(fit=True)
    return QrMatrix(tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix()))


def draw_qr(canvas: Canvas, data: str, x: float, y: float, module: float) -> float:
    """Draw the QR code of `data` with its lower-left quiet-zone corner at (x, y).

    `module` is the side of one module in points (at least 0.5 mm to scan reliably from print).
    Returns the printed size including the quiet zone. Each horizontal run of dark modules is one
    rectangle, and all of them form a single filled path, which keeps the PDF small and leaves no
    hairline gaps between modules in viewers that anti-alias each rectangle separately.
    """
    matrix = qr_matrix(data)
    size = matrix.printed_size(module)
    top = y + size - QUIET_ZONE * module
    path = canvas.beginPath()
    for r, row in enumerate(matrix.rows):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            path.rect(x + (QUIET_ZONE + start) * module, top - (r + 1) * module, (c - start) * module, module)
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, y, size, size, stroke=0, fill=1)  # the quiet zone must be white even on a tint
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
    return size
