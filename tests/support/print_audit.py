"""What a print shop's preflight and a player's eye check on every page: type size and margins.

`audit(pdf)` lists, page by page, every glyph set under 6 pt and every glyph, line, box or image
that comes within 5 mm of the paper's edge (home printers cannot print there, so a mark there is
lost or a cut line lies), every page without its 50-mm scale ruler (the player's check that the
page printed at actual size), and every font the PDF uses without embedding it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf

MM = 72 / 25.4
MIN_POINTS = 6.0
MARGIN = 5 * MM


@dataclass(frozen=True)
class Fault:
    page: int  # 1-based
    what: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.what}"


def audit(pdf: Path) -> list[Fault]:
    """Every fault of `pdf`, one per kind of object and page (a page of tiny text is one fault)."""
    faults = _unembedded_fonts(pdf)
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages, start=1):
            faults += _page_faults(number, page)
    return faults


def _page_faults(number: int, page) -> list[Fault]:
    faults = []
    small = [c for c in page.chars if c["text"].strip() and _type_size(c) < MIN_POINTS - 0.01]
    if small:
        sizes = sorted({round(_type_size(c), 2) for c in small})
        sample = "".join(c["text"] for c in small[:40])
        faults.append(Fault(number, f"{len(small)} glyphs under {MIN_POINTS:g} pt ({sizes}): {sample!r}"))
    for kind, objects in (("glyph", [c for c in page.chars if c["text"].strip()]), ("line", page.lines),
                          ("box", page.rects), ("curve", page.curves), ("image", page.images)):
        near = [o for o in objects if _too_near(o, page.width, page.height)]
        if near:
            first = near[0]
            where = (f"x {first['x0'] / MM:.1f}–{first['x1'] / MM:.1f} mm, "
                     f"y {first['top'] / MM:.1f}–{first['bottom'] / MM:.1f} mm from the top")
            label = f" {first['text']!r}" if kind == "glyph" else ""
            faults.append(Fault(number, f"{len(near)} {kind}(s) within 5 mm of the edge, e.g.{label} at {where}"))
    if not _has_ruler(page.lines):
        faults.append(Fault(number, "no 50-mm ruler (a 50-mm line with 11 ticks, one every 5 mm)"))
    return faults


def _has_ruler(lines: list[dict]) -> bool:
    """A 50-mm line, horizontal or standing, with a short tick across it every 5 mm."""
    for base in lines:
        across = base["x1"] - base["x0"] > base["bottom"] - base["top"]
        start, end = (base["x0"], base["x1"]) if across else (base["top"], base["bottom"])
        if abs(end - start - 50 * MM) > 0.2:
            continue
        ticks = set()
        for tick in lines:
            if across and abs(tick["x1"] - tick["x0"]) < 0.1 and tick["top"] - 0.5 <= base["top"] <= tick["bottom"] + 0.5:
                ticks.add(round((tick["x0"] - start) / (5 * MM), 2))
            elif not across and abs(tick["bottom"] - tick["top"]) < 0.1 and tick["x0"] - 0.5 <= base["x0"] <= tick["x1"] + 0.5:
                ticks.add(round((tick["top"] - start) / (5 * MM), 2))
        if set(map(float, range(11))) <= ticks:
            return True
    return False


def _type_size(char: dict) -> float:
    # pdfminer's "size" is the glyph box's height on the page; for text turned a quarter (a ruler
    # standing in a side margin) that is the glyph's advance, and the type size is the box's width.
    return char["size"] if char["upright"] else char["width"]


def _too_near(obj: dict, width: float, height: float) -> bool:
    # A white box filling the page (a background) is not a mark.
    if obj.get("object_type") == "rect" and not obj.get("stroke") and obj.get("non_stroking_color") in (
            (1,), (1, 1, 1), [1], [1, 1, 1], 1):
        return False
    return (obj["x0"] < MARGIN - 0.01 or obj["top"] < MARGIN - 0.01
            or obj["x1"] > width - MARGIN + 0.01 or obj["bottom"] > height - MARGIN + 0.01)


def _unembedded_fonts(pdf: Path) -> list[Fault]:
    faults = []
    reader = pypdf.PdfReader(pdf)
    for number, page in enumerate(reader.pages, start=1):
        fonts = (page.get("/Resources") or {}).get("/Font") or {}
        for font in fonts.values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if font.get("/Subtype") == "/Type0":
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                faults.append(Fault(number, f"font {font.get('/BaseFont')} is not embedded"))
    return faults
