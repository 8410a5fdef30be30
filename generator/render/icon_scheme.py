"""templates/icons.yaml: the icon and colour of each Citytrip goal category and action type."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.render import template as t

ICON_SCHEME = t.TEMPLATES / "icons.yaml"
ACTION_TYPES = ("plan", "souvenir", "photo", "visit", "eat")  # fixed by the game (R7)
MIN_CONTRAST = 4.5  # WCAG AA for normal text: a dark icon on white stays legible in greyscale

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


@dataclass(frozen=True)
class IconStyle:
    icon: str
    colour: str  # "#RRGGBB"


@dataclass(frozen=True)
class IconScheme:
    categories: dict[str, IconStyle]
    actions: dict[str, IconStyle]


def contrast_on_white(colour: str) -> float:
    """The WCAG contrast ratio of `colour` ("#RRGGBB") against white paper."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i : i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    return 1.05 / (luminance + 0.05)


def load_icon_scheme(file: Path = ICON_SCHEME) -> IconScheme:
    """Read and check the icon scheme: real icons, dark colours, every action type present."""
    data, where = t.load_yaml(file)
    top = t.mapping(data, where, ("categories", "actions"))
    categories = _styles(top["categories"], where.key("categories"))
    actions = _styles(top["actions"], where.key("actions"))
    for action in ACTION_TYPES:
        if action not in actions:
            raise where.key("actions").error(f"missing action type {action!r}")
    for action in actions:
        if action not in ACTION_TYPES:
            raise where.key("actions").key(action).error(f"unknown action type: use {', '.join(ACTION_TYPES)}")
    icons = [style.icon for style in categories.values()]
    for category, style in categories.items():
        if icons.count(style.icon) > 1:
            # In greyscale the shape is all that tells two categories apart.
            raise where.key("categories").key(category).error(f"icon {style.icon!r} is used by another category")
    return IconScheme(categories, actions)


def _styles(value: Any, where: t.Where) -> dict[str, IconStyle]:
    if not isinstance(value, dict) or not value:
        raise where.error("expected a mapping from name to {icon, colour}")
    styles = {}
    for key, body in value.items():
        at = where.key(str(key))
        t.name(key, at)
        fields = t.mapping(body, at, ("icon", "colour"))
        colour = fields["colour"]
        if not isinstance(colour, str) or not _HEX.match(colour):
            raise at.key("colour").error(f"expected a colour like \"#1F5F8B\", got {colour!r}")
        if contrast_on_white(colour) < MIN_CONTRAST:
            raise at.key("colour").error(
                f"{colour} is too light to read in greyscale (contrast {contrast_on_white(colour):.1f}:1, need {MIN_CONTRAST}:1)"
            )
        styles[key] = IconStyle(t.icon(fields["icon"], at.key("icon")), colour.upper())
    return styles
