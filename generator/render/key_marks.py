"""Where the answer key puts its turn badges: next to their node, never over the start or each other.

A badge (the turn number in a disc) sits by default at the upper left of the node where an end
stopped that turn (how far out is the caller's: answer_key.badge_corner). That corner can be
taken: the start's "S" is written at the upper right of the start node, so a turn ending just
right of the start would hide it (issue 15, Brugge 2025-03-14); two badges can also meet.
`place_badges` tries the corners in a fixed order, then further out, and takes the first spot
that touches no mark already on the map. Pure geometry in points, no drawing, so the rule is
tested without a PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import count

CLEARANCE = 0.4  # points between a badge and any other mark: they read as separate marks

# Where to try a badge around its node, in order: the upper-left corner first (the answer key's
# habit), then the other free corners, then the sides; the lower right is last because the
# achieved goal's tick sits there.
DIRECTIONS = (135, 45, 225, 90, 180, 0, 270, 315)


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float

    def meets(self, other: Circle | Rect, clearance: float = CLEARANCE) -> bool:
        if isinstance(other, Rect):
            return other.meets(self, clearance)
        return math.hypot(self.x - other.x, self.y - other.y) < self.r + other.r + clearance


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def meets(self, other: Circle | Rect, clearance: float = CLEARANCE) -> bool:
        if isinstance(other, Rect):
            return (self.x0 < other.x1 + clearance and other.x0 < self.x1 + clearance
                    and self.y0 < other.y1 + clearance and other.y0 < self.y1 + clearance)
        nearest_x = min(max(other.x, self.x0), self.x1)
        nearest_y = min(max(other.y, self.y0), self.y1)
        return math.hypot(other.x - nearest_x, other.y - nearest_y) < other.r + clearance


def place_badges(badges: list[tuple[float, float, float, float]], marks: list[Circle | Rect]) -> list[Circle]:
    """A disc per badge (node x, node y, radius, corner), in order, clear of `marks` and of
    earlier badges.

    `corner` is the badge's default offset of its centre from its node along each axis. Rings
    further out are tried until a spot is free; there always is one, as the marks are finite.
    """
    taken = list(marks)
    placed = []
    for x, y, r, corner in badges:
        spot = next(candidate for ring in count() for candidate in _ring(x, y, r, corner, ring)
                    if not any(candidate.meets(mark) for mark in taken))
        placed.append(spot)
        taken.append(spot)
    return placed


def _ring(x: float, y: float, r: float, corner: float, ring: int) -> list[Circle]:
    distance = corner * math.sqrt(2) + ring * r
    return [Circle(x + distance * math.cos(math.radians(a)), y + distance * math.sin(math.radians(a)), r)
            for a in DIRECTIONS]
