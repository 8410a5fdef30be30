"""Texts that do not fit their room: what the renderers report while `citytrip` checks a city.

A renderer that fits a city's text into a box (shrinking it to the 6-pt minimum, wrapping it into
more lines) calls `report` with what the text needs and the room the box gives. Outside a check
nothing is recorded and the page is drawn as before; inside `recording()` (generator/render/
text_room.py renders every printable of a city into a scratch file that way) each text that does
not fit is kept, so the city can be refused before anything is printed, with the file and key of
the text to shorten.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

# Below this the difference is rounding, not a text running out of its box.
TOLERANCE = 0.01


@dataclass(frozen=True)
class Overflow:
    """A text that needs more than its room: widths or heights in points, or lines."""

    text: str
    needed: float
    room: float
    where: str  # the printable and the spot on it, in words: "the band of a start card"


_found: ContextVar[list[Overflow] | None] = ContextVar("overflows", default=None)


def report(text: str, needed: float, room: float, where: str) -> None:
    """Record `text` when it needs more than `room` and a check is recording."""
    found = _found.get()
    if found is not None and needed > room + TOLERANCE:
        found.append(Overflow(text, needed, room, where))


@contextmanager
def recording() -> Iterator[list[Overflow]]:
    """Collect the overflows reported inside the block."""
    found: list[Overflow] = []
    token = _found.set(found)
    try:
        yield found
    finally:
        _found.reset(token)
