"""Action cards, the two open faces of a turn, and the box choices of R7–R8."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable, Sequence

from generator.errors import shown


class ActionType(str, Enum):
    """The five kinds of action on the cards (rulebook "Types of Actions" A–E)."""

    PLAN = "plan"          # plan the trip: extend the path (R5)
    SOUVENIR = "souvenir"  # buy souvenirs
    PHOTO = "photo"        # take photos
    VISIT = "visit"        # visit museums, attend events, recreation
    EAT = "eat"            # eat / drink

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class ActionBox:
    """One box of a card face: an action type and a value 1–3 (R7)."""

    type: ActionType
    value: int

    @classmethod
    def parse(cls, text: str) -> "ActionBox":
        """Parse "plan 2"; raises ValueError."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) != 2:
            raise ValueError(f"not an action box: {shown(text)} (expected TYPE VALUE, like 'plan 2')")
        kind, value = parts
        try:
            action = ActionType(kind.lower())
        except ValueError:
            raise ValueError(
                f"unknown action type {shown(kind)} (expected one of {', '.join(t.value for t in ActionType)})"
            ) from None
        if value not in ("1", "2", "3"):
            raise ValueError(f"box value {shown(value)} is not 1, 2 or 3")
        return cls(action, int(value))

    def __str__(self) -> str:
        return f"{self.type.value} {self.value}"


Face = tuple[ActionBox, ActionBox, ActionBox]
SIDES = ("A", "B")  # A = front, B = back


@dataclass(frozen=True)
class ActionCard:
    """A double-sided action card: each face shows 3 boxes, top to bottom (R7)."""

    number: int
    front: Face
    back: Face

    def face(self, side: str) -> Face:
        return self.front if side == "A" else self.back

    def half_icons(self, side: str) -> tuple[ActionType, ActionType, ActionType]:
        """The half icons printed on face `side`: the types of the other face's boxes (R7)."""
        other = self.back if side == "A" else self.front
        return tuple(box.type for box in other)  # type: ignore[return-value]


def other_side(side: str) -> str:
    return "B" if side == "A" else "A"


# --- The 3×2 grid of open boxes (R8) -----------------------------------------------------------
# A box is named by its column (L: the face just flipped, R: the face on top of the next card) and
# its row 1–3 from the top: "L1" … "R3".
BOX_NAMES = ("L1", "L2", "L3", "R1", "R2", "R3")


def _cell(name: str) -> tuple[int, int]:
    return (0 if name[0] == "L" else 1, int(name[1]) - 1)


def _share_side(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = _cell(a), _cell(b)
    return abs(ca - cb) + abs(ra - rb) == 1


def _connected(names: Sequence[str]) -> bool:
    seen = {names[0]}
    frontier = [names[0]]
    while frontier:
        current = frontier.pop()
        for other in names:
            if other not in seen and _share_side(current, other):
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(names)


def _choices(size: int) -> tuple[tuple[str, ...], ...]:
    from itertools import combinations

    return tuple(c for c in combinations(BOX_NAMES, size) if _connected(c))


# R8: the 7 pairs of boxes that share a side, and the 10 connected triples of a hunted turn.
PAIRS: tuple[tuple[str, ...], ...] = _choices(2)
TRIPLES: tuple[tuple[str, ...], ...] = _choices(3)
assert len(PAIRS) == 7 and len(TRIPLES) == 10


def normalise_boxes(boxes: Iterable[str]) -> tuple[str, ...]:
    """Boxes in canonical order (L before R, top to bottom)."""
    return tuple(sorted(set(b.upper() for b in boxes), key=BOX_NAMES.index))


@dataclass(frozen=True)
class OpenFaces:
    """The two faces open in one turn: left = card t flipped, right = top of card t+1 (R7)."""

    left: Face
    right: Face
    # The half icons on the right face announce the types of next turn's left face (R7);
    # None when the turn faces were given directly rather than by a deck.
    next_half_icons: tuple[ActionType, ActionType, ActionType] | None = None

    def box(self, name: str) -> ActionBox:
        column, row = _cell(name)
        return (self.left if column == 0 else self.right)[row]

    def boxes(self) -> dict[str, ActionBox]:
        return {name: self.box(name) for name in BOX_NAMES}


@dataclass(frozen=True)
class DeckCard:
    """A card of a game's deck and the side that lies up before it is flipped."""

    number: int
    side: str

    @classmethod
    def parse(cls, text: object) -> "DeckCard":
        """Parse "7A" / "12b"; raises ValueError."""
        s = str(text).strip().upper()
        if len(s) < 2 or s[-1] not in SIDES or not s[:-1].isdigit():
            raise ValueError(f"not a deck card: {shown(text)} (expected a card number and side A or B, like 7A)")
        return cls(int(s[:-1]), s[-1])

    def __str__(self) -> str:
        return f"{self.number}{self.side}"


def turn_faces(deck: Sequence[DeckCard], cards: dict[int, ActionCard]) -> tuple[OpenFaces, ...]:
    """The open faces of each turn of a deck (R7): n cards give n − 1 turns.

    Turn t flips card t, so its face that lay down is now up on the left; card t+1 shows the
    face that lies up on the right, with the half icons of its other face.
    """
    turns = []
    for this, following in zip(deck, deck[1:]):
        left = cards[this.number].face(other_side(this.side))
        right_card = cards[following.number]
        turns.append(
            OpenFaces(
                left=left,
                right=right_card.face(following.side),
                next_half_icons=right_card.half_icons(following.side),
            )
        )
    return tuple(turns)
