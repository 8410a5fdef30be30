"""The table page's QR code on screen, made in the browser by the encoder the print uses.

The printed QR codes come from the `qrcode` package (generator/render/qr.py). The table page's
link is only known in the browser (a new code each game, on whatever address the site is served
from), so the page runs the same encoder under Pyodide: `qr_sources` are the package's own
pure-Python encoder files, unchanged, with stubs for its image modules (the matrix never draws an
image, and they would need pypng), and this file; the site writes them as assets/qr.json
(generator/site/assets.py), which table.js loads after the engine. It lives with the print's QR
code because only generator/render uses the qrcode package (tests/test_layers.py); its top level
imports nothing, so the browser runs it as it is. `matrix_rows` is called there
and in the print's way: error correction M, the print's fixed mask pattern, no border.
"""

from __future__ import annotations

QR_FILES = ("main.py", "util.py", "base.py", "LUT.py", "constants.py", "exceptions.py")
STUBS = {  # the package's __init__ and image modules, which import what a matrix does not need
    "qrcode/__init__.py": "",
    "qrcode/image/__init__.py": "",
    "qrcode/image/base.py": "class BaseImage:\n    pass\n",
    "qrcode/image/pure.py": "PyPNGImage = None\n",
}
MASK_PATTERN = 0  # fixed (generator/render/qr.py uses it too): qrcode releases after 8.2 choose masks otherwise


def matrix_rows(data: str) -> str:
    """The dark modules of `data`'s QR code, one string of 0 and 1 per row, rows joined by "/"."""
    from qrcode.constants import ERROR_CORRECT_M
    from qrcode.main import QRCode

    code = QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK_PATTERN)
    code.add_data(data)
    code.make(fit=True)
    return "/".join("".join("1" if cell else "0" for cell in row) for row in code.get_matrix())


def qr_sources() -> dict[str, str]:
    """The files the page writes under /qr: the encoder's, the stubs, and this module."""
    from pathlib import Path

    import qrcode

    package = Path(qrcode.__file__).resolve().parent
    sources = {f"qrcode/{name}": (package / name).read_text(encoding="utf-8") for name in QR_FILES}
    sources.update(STUBS)
    sources["screen_qr.py"] = Path(__file__).read_text(encoding="utf-8")
    return dict(sorted(sources.items()))
