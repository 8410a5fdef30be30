"""The exact solver (the only package that imports ortools).

`solve(puzzle, …) -> SolveResult` finds the best plan and proves it optimal, or answers whether a
target can be won. (The beam-search player the tests and benchmarks compare with lives in
tests/support/beam.py: nothing here plays it.)

OR-Tools is imported only where it is used: by the CP-SAT modules (solve, model, window, lns),
which this package loads when one of their names is first asked for. `generator.solver.facts` and
this package itself import without it (tests/solver/test_imports.py).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

_FROM_SOLVE = ("Progress", "SolveResult", "SolverBug", "Status", "solve")

__all__ = ["Progress", "SolveResult", "SolverBug", "Status", "solve"]


def _from_solve(name: str) -> property:
    def get(package: ModuleType) -> Any:
        return getattr(importlib.import_module("generator.solver.solve"), name)

    def keep(package: ModuleType, value: Any) -> None:
        # Loading the submodule generator.solver.solve binds it as this package's `solve`; the
        # package's `solve` stays the function, as when this package imported it at once.
        pass

    return property(get, keep if name == "solve" else None)


class _SolverPackage(ModuleType):
    """This package, with the names of generator.solver.solve (and ortools) loaded on first use."""


for _name in _FROM_SOLVE:
    setattr(_SolverPackage, _name, _from_solve(_name))
sys.modules[__name__].__class__ = _SolverPackage
