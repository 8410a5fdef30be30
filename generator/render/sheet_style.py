"""templates/sheet/style.yaml: the colours of the map and the icons of eateries and sheet marks."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from generator.render import template as t
from generator.render.icon_scheme import MIN_CONTRAST, contrast_on_white

SHEET_STYLE = t.TEMPLATES / "sheet" / "style.yaml"

# Background colours are allowed to be light (icons sit on them); ink colours must stay readable
# on white in greyscale, like the icon colours of templates/icons.yaml.
BACKGROUNDS = ("water", "water_edge", "link")
INKS = ("node", "special", "route")
MARKS = ("basic", "advanced", "hunted", "bonus", "assignment", "total", "start")
FALLBACK_EATERY_ICON = "mug-hot"

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


@dataclass(frozen=True)
class SheetStyle:
    colours: Mapping[str, str]   # name → "#RRGGBB"
    eateries: Mapping[str, str]  # eatery kind → icon name
    marks: Mapping[str, str]     # mark → icon name

    def eatery_icon(self, kind: str | None) -> str:
        """The icon of an eatery kind; unknown kinds share the plain eat icon."""
        return self.eateries.get(kind or "", FALLBACK_EATERY_ICON)


@functools.cache
def load_sheet_style(file: Path = SHEET_STYLE) -> SheetStyle:
    """Read and check the sheet style; every complaint names the file and key path."""
    data, where = t.load_yaml(file)
    top = t.mapping(data, where, ("colours", "eateries", "marks"))
    colours_at = where.key("colours")
    colours = t.mapping(top["colours"], colours_at, BACKGROUNDS + INKS)
    checked: dict[str, str] = {}
    for key, value in colours.items():
        if not isinstance(value, str) or not _HEX.match(value):
            raise colours_at.key(key).error(f'expected a colour like "#1F5F8B", got {value!r}')
        if key in INKS and contrast_on_white(value) < MIN_CONTRAST:
            raise colours_at.key(key).error(f"{value} is too light to read in greyscale (need {MIN_CONTRAST}:1 on white)")
        checked[key] = value.upper()
    eateries_at = where.key("eateries")
    if not isinstance(top["eateries"], dict) or not top["eateries"]:
        raise eateries_at.error("expected a mapping from eatery kind to icon")
    eateries = {str(kind): t.icon(icon, eateries_at.key(str(kind))) for kind, icon in top["eateries"].items()}
    marks_at = where.key("marks")
    marks = t.mapping(top["marks"], marks_at, MARKS)
    return SheetStyle(checked, eateries, {key: t.icon(value, marks_at.key(key)) for key, value in marks.items()})
