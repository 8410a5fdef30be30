"""The exact solver (the only package that imports ortools) and the beam-search player.

`solve(puzzle, …) -> SolveResult` finds the best plan and proves it optimal, or answers whether a
target can be won; `beam_search(puzzle, width, seed) -> Plan` is the fast player without CP-SAT.
"""

from generator.solver.beam import beam_search
from generator.solver.solve import Progress, SolveResult, SolverBug, Status, solve

__all__ = ["Progress", "SolveResult", "SolverBug", "Status", "beam_search", "solve"]
