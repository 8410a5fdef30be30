"""Builders of small Bruges game dicts for the tests (a module name no other test folder uses)."""

from __future__ import annotations

import copy
from typing import Any


def player(name: str, **fields: Any) -> dict:
    """A player entry with nothing built and nothing owned, overridden by `fields`."""
    entry = {
        "name": name,
        "scoring_track": 0,
        "houses": 0,
        "reputation": {"step": 0, "points": 0},
        "guilders": 0,
        "workers": 0,
    }
    entry.update(copy.deepcopy(fields))
    return entry


def game(*players: dict) -> dict:
    return {"game": "bruges", "players": list(players)}
