"""Helpers for the Bruges tests: build game files from small dicts and run the CLI on them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml


# The test modules share builders from bruges_helpers.py; make it importable whatever pytest's
# import mode (importlib mode does not put test folders on sys.path).
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture
def write_game(tmp_path: Path) -> Callable[[Any], Path]:
    """Write a game dict (or raw text) to a YAML file and return its path."""
    counter = iter(range(1000))

    def write(data: Any) -> Path:
        path = tmp_path / f"game{next(counter)}.yaml"
        text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
        path.write_text(text, encoding="utf-8")
        return path

    return write


