"""Random city folders in the documented format, for fuzzing the loader and what stands behind it."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import yaml

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny"
CATEGORIES = ["souvenir", "statue", "bridge", "religious", "historic", "museum", "event", "eat", "restaurant"]
KINDS = ["aperitif", "fast_food", "ice_cream", "bistro"]
# The tiny city's type 5 assignment names three souvenir shops (the loader checks their category).
FIXED = {"Lace Shop": "souvenir", "Shop Two": "souvenir", "Shop Three": "souvenir"}


def write_random_city(folder: Path, rng: random.Random) -> Path:
    """A city with random terrain, locations and strips; the tiny city's cards and levels files.

    Not every random city is valid (a location may land on water, the map may fall apart): the
    loader must then refuse it with a DataError, never crash.
    """
    folder.mkdir(parents=True, exist_ok=True)
    columns, rows = rng.randint(4, 12), rng.randint(4, 10)
    terrain = []
    for _ in range(rows):
        terrain.append("".join(rng.choices(".~=#", weights=[12, 2, 1, 1], k=columns)))
    nodes = [(c, r) for r in range(rows) for c in range(columns) if terrain[r][c] in ".="]
    rng.shuffle(nodes)
    locations = []
    names = ["Start Square", "Lace Shop", "Old Hall", "Museum One", "Museum Two", "Town Hall", "Shop Two", "Shop Three", "Start Museum"]
    for i, (c, r) in enumerate(nodes):
        bridge = terrain[r][c] == "="
        if not bridge and i >= len(names) and rng.random() < 0.6:
            continue
        name = names[i] if i < len(names) else f"Place {i}"
        category = "bridge" if bridge else FIXED.get(name) or rng.choice([x for x in CATEGORIES if x != "bridge"])
        entry = {"name": name, "category": category, "at": f"{chr(65 + c)}{r + 1}", "url": f"https://example.org/{i}"}
        if category == "eat":
            entry["eatery"] = rng.choice(KINDS)
        if category == "historic" and rng.random() < 0.3:
            entry["choice"] = ["historic", rng.choice(["event", "eat"])]
            if "eat" in entry["choice"]:
                entry["eatery"] = rng.choice(KINDS)
        if category == "bridge" and rng.random() < 0.3:
            entry["combo"] = ["bridge", "statue"]
        locations.append(entry)
    (folder / "map.yaml").write_text(
        yaml.safe_dump({"name": "Random", "columns": columns, "rows": rows, "terrain": "\n".join(terrain) + "\n", "locations": locations})
    )
    rules = yaml.safe_load((TINY / "rules.yaml").read_text())
    for strip in rules["strips"].values():
        n = rng.randint(1, 12)
        strip["numbers"] = sorted(rng.randint(-20, 40) for _ in range(n))
        strip["bonus"] = {k: rng.randint(1, 3) for k in range(3, n + 1, 3)}
    rules["hunted"] = sorted((rng.randint(-30, 0) for _ in range(rng.randint(1, 8))), reverse=True)
    (folder / "rules.yaml").write_text(yaml.safe_dump(rules))
    for name in ("cards.yaml", "assignments.yaml", "levels.yaml"):
        shutil.copy(TINY / name, folder / name)
    return folder
