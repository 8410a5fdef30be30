"""Seeded synthetic cities in the project's city-folder format, for the solver benchmark.

The shipped maps (maps/brugge, maps/antwerpen) are used when they load; until then (and for more
variety) these cities imitate them: a ~20×18 grid with canals crossed by bridges, ~90 locations
of the Brugge categories, the legend and strips of docs/formats.md, 20 plan-heavy action cards.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import yaml

from generator.rules.grid import Grid

CATEGORIES = {  # name: (action, basic cost, advanced cost, how many on the map)
    "souvenir": ("souvenir", 1, 1, 14),
    "statue": ("photo", 1, 1, 12),
    "bridge": ("photo", 1, 1, 0),  # one per bridge node
    "religious": ("photo", 1, 1, 9),
    "historic": ("photo", 2, 2, 9),
    "museum": ("visit", 1, 2, 10),
    "event": ("visit", 2, 3, 7),
    "eat": ("eat", 1, 1, 14),
    "restaurant": ("eat", 2, 2, 3),
}
STRIPS = {
    "souvenir": {"numbers": [-5, 0, 2, 4, 7, 10, 13, 17, 21, 26, 31], "bonus": {3: 1, 6: 2, 9: 3}},
    "statue": {"numbers": [-5, 0, 2, 4, 7, 10, 14, 18, 23], "bonus": {3: 1, 6: 2}},
    "bridge": {"numbers": [-5, 0, 2, 4, 7, 10, 14, 18], "bonus": {3: 2, 6: 3}},
    "religious": {"numbers": [-5, 0, 3, 6, 10, 14, 19], "bonus": {3: 1}},
    "historic": {"numbers": [-5, 0, 4, 8, 13, 18, 24], "bonus": {3: 2}},
    "museum": {"numbers": [-5, 0, 3, 6, 10, 14, 19, 25], "bonus": {3: 2, 6: 3}},
    "event": {"numbers": [-5, 0, 5, 10, 16, 23], "bonus": {3: 3}},
    "eat": {"numbers": [-10, 0, 5, 10, 15], "bonus": {3: 2}},
}
EATERIES = ["aperitif", "fast_food", "ice_cream", "bistro"]
TYPES = ["plan", "souvenir", "photo", "visit", "eat"]


def _terrain(rng: random.Random, columns: int, rows: int) -> list[list[str]]:
    grid = [["." for _ in range(columns)] for _ in range(rows)]
    # A horizontal and a vertical canal, each crossed by a few bridges (R3).
    r = rng.randrange(5, rows - 5)
    for c in range(columns):
        grid[r][c] = "~"
    for c in rng.sample(range(1, columns - 1), 4):
        grid[r][c] = "="
    c0 = rng.randrange(6, columns - 6)
    for row in range(rows):
        if grid[row][c0] == ".":
            grid[row][c0] = "~"
    for row in rng.sample([x for x in range(1, rows - 1) if x != r], 3):
        grid[row][c0] = "="
    # Some holes (squares without dots) and a ragged outline.
    for _ in range(columns * rows // 25):
        rr, cc = rng.randrange(rows), rng.randrange(columns)
        if grid[rr][cc] == ".":
            grid[rr][cc] = "#"
    return grid


def _keep_largest_piece(grid: list[list[str]]) -> None:
    """Turn dots cut off from the largest connected piece into 'nothing' (the loader demands one piece)."""
    terrain = Grid(len(grid[0]), len(grid), tuple("".join(row) for row in grid))
    pieces: list[set] = []
    seen: set = set()
    for node in terrain.nodes():
        if node in seen:
            continue
        piece = {node}
        queue = deque([node])
        while queue:
            for other in terrain.neighbours(queue.popleft()):
                if other not in piece:
                    piece.add(other)
                    queue.append(other)
        seen |= piece
        pieces.append(piece)
    largest = max(pieces, key=len)
    for piece in pieces:
        if piece is not largest:
            for node in piece:
                grid[node.row][node.col] = "#" if grid[node.row][node.col] == "." else "~"


def write_city(folder: Path, seed: int, columns: int = 20, rows: int = 18) -> Path:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    grid = _terrain(rng, columns, rows)
    _keep_largest_piece(grid)
    dots = [(c, r) for r in range(rows) for c in range(columns) if grid[r][c] == "."]
    bridges = [(c, r) for r in range(rows) for c in range(columns) if grid[r][c] == "="]
    rng.shuffle(dots)
    locations = []

    def name_of(c: int, r: int) -> str:
        return f"{chr(65 + c)}{r + 1}"

    for i, (c, r) in enumerate(bridges):
        locations.append({"name": f"Bridge {i + 1}", "category": "bridge", "at": name_of(c, r), "url": "https://example.org"})
    k = 0
    for category, (_, _, _, count) in CATEGORIES.items():
        for j in range(count):
            c, r = dots[k]
            k += 1
            entry = {"name": f"{category.title()} {j + 1}", "category": category, "at": name_of(c, r), "url": "https://example.org"}
            if category == "eat":
                entry["eatery"] = EATERIES[j % len(EATERIES)]
            locations.append(entry)
    terrain = "\n".join("".join(row) for row in grid) + "\n"
    (folder / "map.yaml").write_text(
        yaml.safe_dump({"name": f"Synthetic {seed}", "columns": columns, "rows": rows, "terrain": terrain, "locations": locations}, sort_keys=False),
        encoding="utf-8",
    )
    categories = {
        name: {"action": a, "cost": {"basic": b, "advanced": adv}, "label": name.title()}
        for name, (a, b, adv, _) in CATEGORIES.items()
    }
    rules = {"eatery_kinds": EATERIES, "categories": categories, "strips": STRIPS, "hunted": [0, -2, -5, -9, -14, -20]}
    (folder / "rules.yaml").write_text(yaml.safe_dump(rules, sort_keys=False), encoding="utf-8")
    starts = [loc for loc in locations if loc["category"] not in ("bridge", "restaurant", "eat")]
    start_cards = [{"number": i + 1, "location": loc["name"], "description": "A start."} for i, loc in enumerate(rng.sample(starts, 23))]
    actions = []
    for n in range(1, 21):
        faces = []
        for _ in range(2):
            kinds = ["plan"] + rng.sample(TYPES, 2)
            rng.shuffle(kinds)
            faces.append([f"{t} {rng.choice((1, 2, 3))}" for t in kinds])
        actions.append({"number": n, "front": faces[0], "back": faces[1]})
    (folder / "cards.yaml").write_text(yaml.safe_dump({"start_cards": start_cards, "actions": actions}, sort_keys=False), encoding="utf-8")
    names = [loc["name"] for loc in locations]
    assignments = [
        {"id": "1.01", "category": "statue", "count": 5, "values": [10, 6, 3]},
        {"id": "1.02", "category": "souvenir", "count": 5, "values": [10, 6, 3]},
        {"id": "2.01", "set": ["museum", "souvenir"], "value": 5},
        {"id": "2.02", "set": ["statue", "eat"], "value": 4},
        {"id": "3.01", "category": "religious", "value": 8},
        {"id": "4.01", "locations": [n for n in names if n.startswith("Historic")][:3], "values": [16, 10, 5]},
        {"id": "5.01", "locations": [n for n in names if n.startswith("Souvenir")][:3], "values": [12, 8, 4]},
    ]
    (folder / "assignments.yaml").write_text(yaml.safe_dump({"assignments": assignments}, sort_keys=False), encoding="utf-8")
    levels = [{"level": 1, "start": 1, "assignments": ["1.01", "2.01"], "target": 60}]
    (folder / "levels.yaml").write_text(yaml.safe_dump({"levels": levels}, sort_keys=False), encoding="utf-8")
    return folder
