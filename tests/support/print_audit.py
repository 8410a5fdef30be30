"""What a print shop's preflight and a player's eye check on every page: type size and margins.

`audit(pdf)` lists, page by page, every glyph set under 6 pt and every glyph, line, box or image
that comes within 5 mm of the paper's edge (home printers cannot print there, so a mark there is
lost or a cut line lies), every page without its 50-mm scale ruler (the player's check that the
page printed at actual size), every font the PDF uses without embedding it, every word that
starts inside a drawn box and runs out of it, and every two words that print over each other
(what a long Dutch or French word does when it neither shrinks nor wraps).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pdf_page import Page, pages

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
    return audit_and_read(pdf)[0]


def audit_and_read(pdf: Path) -> tuple[list[Fault], str]:
    """`audit(pdf)` and the PDF's text, from one reading of its pages."""
    faults, texts = [], []
    for number, page in enumerate(pages(pdf), start=1):
        faults += _page_faults(number, page)
        texts.append(page.text)
    return faults, "\n".join(texts)


def _page_faults(number: int, page: Page) -> list[Fault]:
    faults = [Fault(number, f"font {name} is not embedded") for name in page.unembedded_fonts]
    small = [c for c in page.chars if c["text"].strip() and c["size"] < MIN_POINTS - 0.01]
    if small:
        sizes = sorted({round(c["size"], 2) for c in small})
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
    faults += _text_out_of_place(number, page)
    if not _has_ruler(page.lines):
        faults.append(Fault(number, "no 50-mm ruler (a 50-mm line with 11 ticks, one every 5 mm)"))
    return faults


BOX_MIN = 2 * MM  # smaller closed shapes are icons and tick marks, not boxes that hold text
BOX_SLACK = 0.5  # points a glyph's box may touch past a box's edge (the glyph box includes its side bearings)


def _text_out_of_place(number: int, page: Page) -> list[Fault]:
    """Words leaving their box, and words overprinting each other, measured on the page itself.

    A word's box is the innermost drawn rectangle or closed curve (a card, a cell, a label's frame)
    that holds the start of its first letter: the word must end inside it too. Words are split at
    each change of size, so a label and its neighbour never count as one word. Icons (Font
    Awesome's private-use glyphs) are drawings, not words: a turn number may sit on one.
    """
    boxes = [o for o in list(page.rects) + list(page.curves)
             if o["x1"] - o["x0"] >= BOX_MIN and o["bottom"] - o["top"] >= BOX_MIN]
    words = [w for w in page.words if w["upright"] and not all(0xE000 <= ord(c) <= 0xF8FF for c in w["text"])]
    outside = []
    for word in words:
        x = word["x0"] + min(word["size"] * 0.3, (word["x1"] - word["x0"]) / 2)
        y = (word["top"] + word["bottom"]) / 2
        holders = [b for b in boxes if _holds(b, x, y)]
        if not holders:
            continue
        # The innermost boxes: those holding no other holder. Two that overlap without nesting (a
        # white panel laid over the cards' outlines) are both innermost; the word must fit one.
        inner = [b for b in holders if not any(_within(o, b) and not _within(b, o) for o in holders)]
        box = min(inner, key=lambda b: (b["x1"] - b["x0"]) * (b["bottom"] - b["top"]))
        if all(not _within(word, b, BOX_SLACK) for b in inner):
            outside.append(f"{word['text']!r} ({word['x0'] / MM:.1f}–{word['x1'] / MM:.1f} mm) leaves its box "
                           f"({box['x0'] / MM:.1f}–{box['x1'] / MM:.1f} mm)")
    # Letter by letter: two words printed over each other on one line read as one garbled word.
    chars = sorted((c for c in page.chars if c["text"].strip() and c["upright"] and not 0xE000 <= ord(c["text"]) <= 0xF8FF),
                   key=lambda c: c["x0"])
    overprinted = []
    for i, first in enumerate(chars):
        for second in chars[i + 1:]:
            if second["x0"] >= first["x1"]:
                break
            across = min(first["x1"], second["x1"]) - max(first["x0"], second["x0"])
            down = min(first["bottom"], second["bottom"]) - max(first["top"], second["top"])
            if (across > 0.3 * min(first["width"], second["width"])
                    and down > 0.5 * min(first["bottom"] - first["top"], second["bottom"] - second["top"])):
                overprinted.append(f"{first['text']!r} and {second['text']!r} at {first['x0'] / MM:.1f} mm, "
                                   f"{first['top'] / MM:.1f} mm from the top")
    faults = []
    if outside:
        faults.append(Fault(number, f"{len(outside)} word(s) out of their box, e.g. {outside[0]}"))
    if overprinted:
        faults.append(Fault(number, f"{len(overprinted)} pair(s) of letters printed over each other, e.g. {overprinted[0]}"))
    return faults


def _within(inner: dict, outer: dict, slack: float = 0.0) -> bool:
    """Whether the bounding box of `inner` lies inside that of `outer`, give or take `slack` points."""
    return (inner["x0"] >= outer["x0"] - slack and inner["x1"] <= outer["x1"] + slack
            and inner["top"] >= outer["top"] - slack and inner["bottom"] <= outer["bottom"] + slack)


def _holds(shape: dict, x: float, y: float) -> bool:
    """Whether (x, y) lies inside a rectangle, or inside a curve's outline (a ring's corner is not
    inside the ring: the start badge's letter sits there)."""
    if not (shape["x0"] <= x <= shape["x1"] and shape["top"] <= y <= shape["bottom"]):
        return False
    points = shape.get("pts") if shape["object_type"] == "curve" else None
    if not points:
        return True
    inside = False  # even-odd rule over the outline through the curve's points
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


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


def _too_near(obj: dict, width: float, height: float) -> bool:
    # A white box filling the page (a background) is not a mark.
    if obj.get("object_type") == "rect" and not obj["stroke"] and obj["non_stroking_color"] == (1, 1, 1):
        return False
    return (obj["x0"] < MARGIN - 0.01 or obj["top"] < MARGIN - 0.01
            or obj["x1"] > width - MARGIN + 0.01 or obj["bottom"] > height - MARGIN + 0.01)


# --- QR codes ------------------------------------------------------------------------------------

QR_DPI = 300
QR_MIN_MODULE = 0.5 * MM  # below this a phone camera misses modules in print (generator/render/qr.py)
QR_QUIET = 4  # modules of white around the code, as the QR specification asks


@dataclass(frozen=True)
class PrintedQr:
    """A QR code found on a page: its text and the symbol's box in points from the top left,
    without the quiet zone, with the side of one module."""

    page: int
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    module: float

    def quiet_box(self) -> tuple[float, float, float, float]:
        """The symbol's box grown by the quiet zone: (x0, top, x1, bottom)."""
        q = QR_QUIET * self.module
        return self.x0 - q, self.top - q, self.x1 + q, self.bottom + q


def printed_qr_codes(pdf: Path) -> list[PrintedQr]:
    """Every QR code of every page of `pdf`, read from the page rendered at 300 dpi."""
    import pypdfium2
    import zxingcpp

    scale = QR_DPI / 72
    found = []
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for number, page in enumerate(document, start=1):
            image = page.render(scale=scale, grayscale=True).to_pil()
            for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
                corners = [code.position.top_left, code.position.top_right, code.position.bottom_right,
                           code.position.bottom_left]
                xs, ys = [c.x / scale for c in corners], [c.y / scale for c in corners]
                modules = 17 + 4 * int(code.extra["Version"])
                x0, x1, top, bottom = min(xs), max(xs), min(ys), max(ys)
                found.append(PrintedQr(number, code.text, x0, top, x1, bottom, (x1 - x0) / modules))
    finally:
        document.close()
    return found


def qr_faults(pdf: Path) -> tuple[list[Fault], list[PrintedQr]]:
    """The QR codes of `pdf` and what is wrong with them: a module under 0.5 mm, the code with its
    quiet zone within 5 mm of the paper's edge, or a glyph, line or box of the page reaching into
    the code or its quiet zone (a caption set over it, a frame drawn through it)."""
    codes = printed_qr_codes(pdf)
    faults = []
    by_page = {number: page for number, page in enumerate(pages(pdf), start=1)}
    slack = 0.6  # points: the symbol's edges as read from the pixels
    for code in codes:
        page = by_page[code.page]
        name = f"the QR code of {code.text!r}"
        if code.module < QR_MIN_MODULE - 0.05 * MM:
            faults.append(Fault(code.page, f"{name} has {code.module / MM:.2f}-mm modules (at least 0.5 mm)"))
        x0, top, x1, bottom = code.quiet_box()
        if x0 < MARGIN - slack or top < MARGIN - slack or x1 > page.width - MARGIN + slack or bottom > page.height - MARGIN + slack:
            faults.append(Fault(code.page, f"{name} with its quiet zone comes within 5 mm of the edge "
                                           f"(x {x0 / MM:.1f}–{x1 / MM:.1f} mm, y {top / MM:.1f}–{bottom / MM:.1f} mm)"))
        area = {"x0": x0 + slack, "top": top + slack, "x1": x1 - slack, "bottom": bottom - slack}
        inside = {"x0": code.x0 - slack, "top": code.top - slack, "x1": code.x1 + slack, "bottom": code.bottom + slack}
        intruders = [c["text"] for c in page.chars if c["text"].strip() and _overlaps(c, area)]
        # The code's own modules are boxes inside the symbol; its white quiet zone is a white box.
        for kind, objects in (("line", page.lines), ("box", page.rects), ("curve", page.curves)):
            for o in objects:
                white = not o.get("stroke") and o.get("non_stroking_color") in ((1, 1, 1), (1,), [1, 1, 1], [1])
                # A frame round the whole code (the card it is printed on) does not reach into it.
                if _overlaps(o, area) and not _within(o, inside) and not _within(area, o) and not white:
                    intruders.append(kind)
        if intruders:
            faults.append(Fault(code.page, f"{len(intruders)} mark(s) reach into {name} or its quiet zone, "
                                           f"e.g. {intruders[0]!r}"))
    return faults, codes


def _overlaps(a: dict, b: dict) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]
