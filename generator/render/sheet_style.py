"""templates/sheet/style.yaml: the colours of the map and the icons of eateries and sheet marks."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from generator.data.reader import Field
from generator.render import template as t

SHEET_STYLE = t.TEMPLATES / "sheet" / "style.yaml"

# Background colours are allowed to be light (icons sit on them); ink colours must stay readable
# on white in greyscale, like the icon colours of templates/icons.yaml.
BACKGROUNDS = ("water", "water_edge", "link")
INKS = ("node", "special", "route")
MARKS = ("basic", "advanced", "hunted", "bonus", "assignment", "total", "start")
FALLBACK_EATERY_ICON = "mug-hot"


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
    top = Field.read(file).mapping(("colours", "eateries", "marks"))
    colours = top["colours"].mapping(BACKGROUNDS + INKS)
    checked = {key: t.colour(value, ink=key in INKS) for key, value in colours.items()}
    eateries_field = top["eateries"]
    if not isinstance(eateries_field.value, dict) or not eateries_field.value:
        raise eateries_field.fail("expected a mapping from eatery kind to icon")
    eateries = {key: t.icon(value) for key, value in eateries_field.entries()}
    marks = top["marks"].mapping(MARKS)
    return SheetStyle(checked, eateries, {key: t.icon(value) for key, value in marks.items()})
