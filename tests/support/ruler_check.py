"""Where a page's scale ruler is and whether anything crosses it (score pads, player aids).

The ruler is found by its caption; its 50-mm base line must be there, and no other line (a cut
line, a grid line) may enter its box: a cut through the ruler ruins the one check a player has
that the page printed at actual size.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber

MM = 72 / 25.4
CAPTION = "50 mm if printed at 100 %"


def ruler_faults(pdf: Path) -> list[str]:
    """Every page without its ruler, with a ruler not 50 mm long, or with a line crossing it."""
    faults = []
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages, start=1):
            found = page.search(CAPTION, regex=False)
            if len(found) != 1:
                faults.append(f"page {number}: {len(found)} ruler captions")
                continue
            caption = found[0]
            # The ruler's box: from its caption up 6 mm, 50 mm wide (RULER_HEIGHT, RULER_LENGTH).
            x0, x1 = caption["x0"], caption["x0"] + 50 * MM
            top, bottom = caption["bottom"] - 6 * MM - 2, caption["bottom"]  # 2 pt: the caption's descent
            inside = [ln for ln in page.lines
                      if ln["x0"] >= x0 - 0.5 and ln["x1"] <= x1 + 0.5 and ln["top"] >= top and ln["bottom"] <= bottom]
            if not any(abs((ln["x1"] - ln["x0"]) - 50 * MM) < 0.2 and ln["top"] == ln["bottom"] for ln in inside):
                faults.append(f"page {number}: no 50-mm base line above the ruler's caption")
            crossing = [ln for ln in page.lines if ln not in inside and ln["x0"] < x1 and ln["x1"] > x0
                        and ln["top"] < bottom and ln["bottom"] > top]
            if crossing:
                faults.append(f"page {number}: {len(crossing)} line(s) cross the ruler")
    return faults
