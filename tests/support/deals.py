"""Random deals of any city for property tests: deck order and sides, mode, directions, start, assignments."""

from __future__ import annotations

import random

from generator.data.puzzles import puzzle_from_data


def dealt_puzzle(city: str, seed: int):
    """A random deal: deck order and sides, mode, directions, start card, type 1/2/4/5 assignments."""
    from generator.data.cities import load_city

    rng = random.Random(seed)
    loaded = load_city(city)
    cards = list(loaded.action_cards)
    rng.shuffle(cards)
    size = rng.choice([16, 20])
    assignments = [a for a in loaded.assignments if a[0] in "1245"]
    data = {
        "map": city,
        "mode": rng.choice(["basic", "advanced"]),
        "directions": rng.choice([1, 2]),
        "start": rng.choice(list(loaded.start_cards)),
        "deck": [f"{n}{rng.choice('AB')}" for n in cards[:size]],
        "assignments": rng.sample(assignments, k=min(2, len(assignments))),
    }
    return puzzle_from_data(data, source=f"seed {seed}")
