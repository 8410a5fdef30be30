"""An independent recount of a plan's appreciation, for the property tests."""

from __future__ import annotations

from generator.rules.city import ADVANCED, EAT, RESTAURANT
from generator.rules.plan import Plan
from generator.rules.puzzle import Puzzle


def recount(puzzle: Puzzle, plan: Plan) -> int:
    """The appreciation of a legal plan, counted straight from the data (not via the engine)."""
    city = puzzle.city
    crossings: dict[str, int] = {}
    circled: dict[str, int] = {}
    kinds: set = set()
    achieved = set()
    restaurant = False

    def credit(location, goal):
        nonlocal restaurant
        achieved.add(location.at)
        categories = location.combo if puzzle.mode == ADVANCED and location.combo else (goal,)
        for category in categories:
            circled[category] = circled.get(category, 0) + 1
            if category == RESTAURANT:
                restaurant = True
            elif category == EAT:
                if location.eatery not in kinds:
                    kinds.add(location.eatery)
                    crossings[EAT] = crossings.get(EAT, 0) + 1
            else:
                crossings[category] = crossings.get(category, 0) + 1

    start = city.locations[puzzle.start]
    credit(start, start.category)
    hunted = 0
    for turn in plan.turns:
        hunted += len(turn.boxes) == 3
        for claim in turn.goals:
            location = city.locations[claim.at]
            credit(location, claim.goal or location.category)
    total = 0
    for name, strip in city.rules.strips.items():
        value = strip.numbers[min(crossings.get(name, 0), len(strip.numbers) - 1)]
        total += value * 2 if name == EAT and restaurant else value
    for a in puzzle.assignments:
        if a.type == 1:
            total += a.values[0] if circled.get(a.category, 0) >= a.count else 0
        elif a.type == 2:
            total += a.values[0] * min(3, *(circled.get(c, 0) for c in a.categories))
        elif a.type in (4, 5):
            total += a.values[0] if all(at in achieved for at in a.locations) else 0
    total += city.rules.hunted[min(hunted, len(city.rules.hunted) - 1)]
    return total
