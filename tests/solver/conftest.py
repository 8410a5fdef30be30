"""The solver tests import their small puzzles from solver_helpers (this folder)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
