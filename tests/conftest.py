"""Test-wide set-up: shared helper modules live in tests/support."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
