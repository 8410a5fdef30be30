"""A PDF page as the print audit reads it, from pdfium (C++): its glyphs, words, lines, boxes,
curves, images, text, and the fonts it does not embed.

The objects are dicts with pdfplumber's names and geometry (x0, x1, top and bottom in points from
the page's top-left corner), so that the audit's checks read like pdfplumber's documentation; on
this project's PDFs pdfium finds the same objects as pdfplumber, at the same places to 0.1 pt,
and the audit of the 180 printables of tests/render/test_print_audit.py takes 22 s instead of
about 80 (pdfplumber's pure-Python parsing was most of it).
Two differences, both pdfium's: a glyph's `size` is its type size whichever way it is turned
(pdfplumber gives a quarter-turned glyph's advance), and every font is seen, also those of the
form XObjects the sheets are drawn in.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pypdfium2 as pdfium
import pypdfium2.raw as raw

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

X_TOLERANCE = 1.5  # points between two glyphs of one word at most (pdfplumber's x_tolerance, as the audit used it)
Y_TOLERANCE = 3.0  # points a word's glyphs may step up or down (pdfplumber's default)


@dataclass
class Page:
    width: float
    height: float
    chars: list[dict]  # glyphs in the order they are drawn; "size" is the type size
    words: list[dict]
    lines: list[dict]  # straight strokes from one point to another
    rects: list[dict]  # closed shapes of four right-angled sides
    curves: list[dict]  # every other shape, with its outline's points ("pts")
    images: list[dict]
    text: str
    unembedded_fonts: list[str]


def pages(pdf: Path) -> Iterator[Page]:
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                yield _read(page)
            finally:
                page.close()
    finally:
        document.close()


def _read(page: pdfium.PdfPage) -> Page:
    width, height = page.get_size()
    shapes, images, fonts = [], [], set()
    for kind, obj, outer in _objects(page.raw):
        if kind == raw.FPDF_PAGEOBJ_PATH:
            shapes += _shapes(obj, outer, height)
        elif kind == raw.FPDF_PAGEOBJ_IMAGE:
            images.append(_image(obj, outer, height))
        elif kind == raw.FPDF_PAGEOBJ_TEXT:
            font = raw.FPDFTextObj_GetFont(obj)
            if font and not raw.FPDFFont_GetIsEmbedded(font):
                fonts.add(_font_name(font))
    textpage = page.get_textpage()
    try:
        stream = _chars(textpage.raw, height)  # with the spaces and line ends pdfium inferred
        text = textpage.get_text_range()
    finally:
        textpage.close()
    by_kind = {kind: [s for s in shapes if s["object_type"] == kind] for kind in ("line", "rect", "curve")}
    chars = [c for c in stream if not c["generated"]]
    return Page(width, height, chars, _words(stream), by_kind["line"], by_kind["rect"], by_kind["curve"], images,
                text.replace("\r\n", "\n"), sorted(fonts))


def _objects(page) -> Iterator[tuple[int, object, Matrix]]:
    """Every page object that is not a form, with the matrix of the forms around it (pdfium gives
    an object's own matrix relative to its form)."""
    def walk(objects, outer: Matrix):
        for obj in objects:
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                inner = [raw.FPDFFormObj_GetObject(obj, i) for i in range(raw.FPDFFormObj_CountObjects(obj))]
                yield from walk(inner, _times(_matrix(obj), outer))
            else:
                yield kind, obj, outer

    yield from walk([raw.FPDFPage_GetObject(page, i) for i in range(raw.FPDFPage_CountObjects(page))], IDENTITY)


def _shapes(path, outer: Matrix, height: float) -> list[dict]:
    """One shape per subpath, as pdfminer splits them (a QR code is one path of many squares)."""
    matrix = _times(_matrix(path), outer)
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(path, fill, stroke)
    colour = None
    if fill.value:
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(path, r, g, b, a)
        colour = (r.value / 255, g.value / 255, b.value / 255)
    subpaths: list[tuple[list[tuple[float, float]], bool]] = []
    controls: list[tuple[float, float]] = []  # a Bézier's first points: pdfium gives one per segment
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFPath_CountSegments(path)):
        segment = raw.FPDFPath_GetPathSegment(path, i)
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        kind = raw.FPDFPathSegment_GetType(segment)
        if kind == raw.FPDF_SEGMENT_MOVETO or not subpaths:
            subpaths.append(([], False))
        points, closed = subpaths[-1]
        point = _apply(matrix, x.value, y.value)
        if kind == raw.FPDF_SEGMENT_BEZIERTO and len(controls) < 2:
            controls.append(point)
            continue
        if kind == raw.FPDF_SEGMENT_BEZIERTO:
            points += _flattened(points[-1], *controls, point)
            controls = []
        else:
            points.append(point)
        if raw.FPDFPathSegment_GetClose(segment) and not closed:
            subpaths[-1] = (points, True)
    shapes = []
    for points, closed in subpaths:
        shape = _box(points, height)
        shape.update(object_type=_kind(points, closed), pts=[(px, height - py) for px, py in points],
                     stroke=bool(stroke.value), non_stroking_color=colour)
        shapes.append(shape)
    return shapes


def _flattened(start, first, second, end, steps: int = 8) -> list[tuple[float, float]]:
    """Points along a cubic Bézier (after `start`): a ring's outline, not its control polygon,
    decides whether a letter beside it is inside it."""
    def at(t: float, axis: int) -> float:
        u = 1 - t
        return u * u * u * start[axis] + 3 * u * u * t * first[axis] + 3 * u * t * t * second[axis] + t * t * t * end[axis]

    return [(at(k / steps, 0), at(k / steps, 1)) for k in range(1, steps + 1)]


def _kind(points: list[tuple[float, float]], closed: bool) -> str:
    if len(points) == 2 and not closed:
        return "line"
    corners = points[:4]
    if len(points) in (4, 5) and (closed or points[0] == points[-1]) and all(
            abs(a[0] - b[0]) < 1e-3 or abs(a[1] - b[1]) < 1e-3 for a, b in zip(corners, corners[1:] + corners[:1])):
        return "rect"
    return "curve"


def _image(image, outer: Matrix, height: float) -> dict:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(image, left, bottom, right, top)
    corners = [_apply(outer, x.value, y.value) for x in (left, right) for y in (bottom, top)]
    return {**_box(corners, height), "object_type": "image"}


def _chars(textpage, height: float) -> list[dict]:
    chars = []
    box = raw.FS_RECTF()
    for i in range(raw.FPDFText_CountChars(textpage)):
        if raw.FPDFText_IsGenerated(textpage, i) == 1:  # a space or line end pdfium inferred
            chars.append({"text": " ", "generated": True})
            continue
        raw.FPDFText_GetLooseCharBox(textpage, i, box)  # the advance by the font's height, like pdfminer's
        angle = raw.FPDFText_GetCharAngle(textpage, i)
        chars.append({
            "text": chr(raw.FPDFText_GetUnicode(textpage, i)), "generated": False,
            "x0": box.left, "x1": box.right, "top": height - box.top, "bottom": height - box.bottom,
            "width": box.right - box.left, "size": raw.FPDFText_GetFontSize(textpage, i),
            "upright": min(angle % (2 * math.pi), -angle % (2 * math.pi)) < 1e-3,
        })
    return chars


def _words(chars: list[dict]) -> list[dict]:
    """Words as pdfplumber's extract_words splits them (at a space, a gap wider than X_TOLERANCE,
    a step back, a new line, a change of size or of direction), in the order they are drawn."""
    words, current = [], []
    for char in chars:
        if char["generated"] or not char["text"].strip():
            current = _close(current, words)
            continue
        if current:
            last = current[-1]
            if (char["x0"] > last["x1"] + X_TOLERANCE or char["x0"] < last["x0"]
                    or abs(char["top"] - last["top"]) > Y_TOLERANCE
                    or abs(char["size"] - last["size"]) > 1e-3 or char["upright"] != last["upright"]):
                current = _close(current, words)
        current.append(char)
    _close(current, words)
    return words


def _close(current: list[dict], words: list[dict]) -> list[dict]:
    if current:
        words.append({"text": "".join(c["text"] for c in current), "size": current[0]["size"],
                      "upright": current[0]["upright"], "x0": min(c["x0"] for c in current),
                      "x1": max(c["x1"] for c in current), "top": min(c["top"] for c in current),
                      "bottom": max(c["bottom"] for c in current)})
    return []


def _font_name(font) -> str:
    size = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(size)
    raw.FPDFFont_GetBaseFontName(font, buffer, size)
    return buffer.value.decode("utf-8", "replace")


def _matrix(obj) -> Matrix:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n, in PDF's row-vector convention."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _box(points: list[tuple[float, float]], height: float) -> dict:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return {"x0": min(xs), "x1": max(xs), "top": height - max(ys), "bottom": height - min(ys)}
