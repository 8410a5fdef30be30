"""The exact solver (the only package that imports ortools).

`solve(puzzle, budget, …) -> SolveResult` (full_model.py) finds the best plan and proves it optimal, or answers whether a
target can be won. (The beam-search player the tests and benchmarks compare with lives in
tests/support/beam.py: nothing here plays it.)

OR-Tools is imported only where it is used: by the CP-SAT modules (full_model, model, lns_model, lns),
which this package loads when one of their names is first asked for. `generator.solver.facts` and
this package itself import without it (tests/solver/test_imports.py).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Progress", "SolveResult", "SolverBug", "Status", "solve"]


def __getattr__(name: str) -> Any:
    """The names of generator.solver.full_model, loaded (with ortools) on first use (PEP 562)."""
    if name in __all__:
        return getattr(importlib.import_module("generator.solver.full_model"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
