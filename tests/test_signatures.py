"""Issue 57: no function of the searches' packages takes more than six parameters; a search takes
one Budget (generator/solver/budget.py) instead of loose seconds, units and workers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GENERATOR = Path(__file__).resolve().parents[1] / "generator"
PACKAGES = ("solver", "daily", "levels", "players")
MOST = 6


def parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """A function's parameters as a caller sees them (`self` and `cls` left out)."""
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return [name for name in names if name not in ("self", "cls")]


def too_long() -> dict[tuple[str, str], int]:
    """(module path under generator/, function name) → its parameter count, for those over MOST."""
    found = {}
    for package in PACKAGES:
        for path in sorted((GENERATOR / package).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and len(parameters(node)) > MOST:
                    found[(path.relative_to(GENERATOR).as_posix(), node.name)] = len(parameters(node))
    return found


def test_no_search_function_takes_more_than_six_parameters() -> None:
    """Every function in solver/, daily/, levels/ and players/ takes at most six parameters: more
    are a value waiting to be named (a Budget, a Pages, an Effort)."""
    assert too_long() == {}


@pytest.mark.parametrize("source, count", [
    ("def f(a, b, c, d, e, f): pass", 6),
    ("def f(self, a, *, b, c=1, **rest): pass", 4),
    ("class C:\n    def m(cls, a, *args, b): pass", 3),
])
def test_the_count_is_what_a_caller_passes(source: str, count: int) -> None:
    """The checker counts positional, keyword-only, * and ** parameters, not self or cls."""
    node = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef))
    assert len(parameters(node)) == count
