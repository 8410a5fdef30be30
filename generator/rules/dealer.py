"""The dealer: a puzzle from a city's cards and a shuffled deck (R7), written once.

The daily puzzle (generator/daily/deal.py) and the level sweep (generator/levels/sweep.py) each
derive their own seed and choose their own start card and assignments; drawing the deck from the
seeded generator and building the Puzzle from (city, start card, assignments, deck) is done here,
so both deal alike.
"""

from __future__ import annotations

import random
from typing import Sequence

from generator.rules.cards import DeckCard, turn_faces
from generator.rules.city import City
from generator.rules.district import District
from generator.rules.puzzle import Puzzle

SIDES = "AB"


def shuffled_deck(city: City, rng: random.Random, cards: int) -> tuple[DeckCard, ...]:
    """The first `cards` of the city's action cards in `rng`'s order, each with a side up drawn
    from `rng` (R7). The draws are: one shuffle of the card numbers, then one side per card."""
    numbers = sorted(city.action_cards)
    rng.shuffle(numbers)
    return tuple(DeckCard(n, rng.choice(SIDES)) for n in numbers[:cards])


def dealt_puzzle(city: City, deck: Sequence[DeckCard], *, start_card: int, assignments: Sequence[str], mode: str,
                 directions: int, target: int | None = None, district: District | None = None) -> Puzzle:
    """The puzzle of a dealt `deck` that starts on start card `start_card` (R12) with the
    assignment cards of the given ids: the open faces of each turn come from the deck (R7).
    A mini's `district` crops the map (generator/rules/district.py)."""
    deck = tuple(deck)
    return Puzzle(
        city=district.crop(city) if district is not None else city,
        mode=mode,
        directions=directions,
        start=city.start_cards[start_card].location.at,
        turns=turn_faces(deck, dict(city.action_cards)),
        deck=deck,
        start_card=start_card,
        assignments=tuple(city.assignments[i] for i in assignments),
        target=target,
        district=district,
    )
