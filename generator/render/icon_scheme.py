"""templates/icons.yaml: the icon and colour of each Citytrip goal category and action type."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from generator.data.reader import Field
from generator.render import template as t

ICON_SCHEME = t.TEMPLATES / "icons.yaml"
ACTION_TYPES = ("plan", "souvenir", "photo", "visit", "eat")  # fixed by the game (R7)


@dataclass(frozen=True)
class IconStyle:
    icon: str
    colour: str  # "#RRGGBB"


@dataclass(frozen=True)
class IconScheme:
    categories: dict[str, IconStyle]
    actions: dict[str, IconStyle]


@functools.cache  # every card draws with it: read the file once per process, as the sheet style
def load_icon_scheme(file: Path = ICON_SCHEME) -> IconScheme:
    """Read and check the icon scheme: real icons, dark colours, every action type present."""
    top = Field.read(file).mapping(("categories", "actions"))
    categories = _styles(top["categories"])
    actions = _styles(top["actions"])
    for action in ACTION_TYPES:
        if action not in actions:
            raise top["actions"].fail(f"missing action type {action!r}")
    for action in actions:
        if action not in ACTION_TYPES:
            raise top["actions"].child(action, None).fail(f"unknown action type: use {', '.join(ACTION_TYPES)}")
    icons = [style.icon for style in categories.values()]
    for category, style in categories.items():
        if icons.count(style.icon) > 1:
            # In greyscale the shape is all that tells two categories apart.
            raise top["categories"].child(category, None).fail(f"icon {style.icon!r} is used by another category")
    return IconScheme(categories, actions)


def _styles(field: Field) -> dict[str, IconStyle]:
    return t.named(field, "from name to {icon, colour}", _style)


def _style(field: Field) -> IconStyle:
    body = field.mapping(("icon", "colour"))
    colour = t.colour(body["colour"], ink=True)
    return IconStyle(t.icon(body["icon"]), colour)
