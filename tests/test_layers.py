"""The package's layers, read from every module's imports: no package imports one above it or
beside it, each third-party library stays with its owner, and no module takes another module's
private names (issues 39 and 57).

The layers and the owners are the two tables of the README's "Layout", read from there: the rule a
reader sees is the rule this test checks. Every form of import counts: `import generator.x`,
`from generator.x import y`, `from generator import x`, relative imports (`from ..x import y`) and
`importlib.import_module("generator.x")` with a literal (or an f-string's literal start).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"


def readme_tables(text: str) -> tuple[list[set[str]], dict[str, set[str]]]:
    """The README's layer table (its packages, bottom up) and owner table (library → packages)."""
    layers: list[set[str]] = []
    owners: dict[str, set[str]] = {}
    header = None
    for line in text.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells[0]
            continue
        names = [re.findall(r"`([^`]+)`", cell) for cell in cells]
        if header == "layer (bottom up)" and names[1]:
            layers.append(set(names[1]))
        elif header == "library" and names[0]:
            owners.update({library: set(names[1]) for library in names[0]})
    return layers, owners


LAYERS, OWNERS = readme_tables((ROOT / "README.md").read_text(encoding="utf-8"))
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def package_of(module: str) -> str:
    """`generator.render.cards` → `render`; `generator.errors` → `errors`; `generator` → ``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def imported_names(module: str, is_package: bool, source: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each (module name, names taken from it) that `module`'s source imports, in every form:
    relative imports resolved against `module`, `from generator import x` as `generator.x` when x
    is a package or module, and import_module's literal argument."""
    found = []
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module
            names = tuple(alias.name for alias in node.names)
            if base == "generator":  # `from generator import rules`: the package rules, not a name
                found.extend((f"generator.{name}", ()) for name in names if name in RANK)
                names = tuple(name for name in names if name not in RANK)
            found.append((base, names))
        elif isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__") and node.args:
            first = node.args[0]
            if isinstance(first, ast.JoinedStr) and first.values and isinstance(first.values[0], ast.Constant):
                first = first.values[0]  # f"generator.cli.{name}": its literal start names the package
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((first.value.rstrip("."), ()))
    return found


def _called(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def violations(module: str, source: str, is_package: bool = False) -> list[str]:
    """What `module` (its dotted name and source) imports against the layers."""
    own = package_of(module)
    found = []
    for name, names in imported_names(module, is_package, source):
        top = name.split(".")[0]
        if top in OWNERS and own not in OWNERS[top]:
            found.append(f"{module} imports {name}: only {_owners(top)} may")
        if top != "generator" or name == "generator":
            continue
        target = package_of(name)
        if target != own and (own not in RANK or target not in RANK or RANK[target] >= RANK[own]):
            found.append(f"{module} imports {name}: {target} is not in a layer below {own}")
        private = [n for n in names if n.startswith("_") and n != "_" and not n.startswith("__")]
        if private:
            found.append(f"{module} imports the private {', '.join(private)} of {name}")
    return found


def _owners(library: str) -> str:
    return " and ".join(f"generator.{p}" for p in sorted(OWNERS[library])) or "the tests"


def modules(package: Path = PACKAGE) -> list[tuple[str, bool, str]]:
    """Every module under `package` (a folder named generator): dotted name, whether it is a
    package's __init__, source."""
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        found.append((".".join(parts[:-1] if is_package else parts), is_package, path.read_text(encoding="utf-8")))
    return found


def layer_problems(package: Path = PACKAGE) -> list[str]:
    return [problem for name, is_package, source in modules(package) for problem in violations(name, source, is_package)]


def test_the_readme_tables_are_read():
    """The README's tables parse into layers and owners (an edit that broke their form would
    otherwise leave the test checking nothing)."""
    assert len(LAYERS) >= 10 and {"rules", "solver", "cli"} <= set(RANK) and RANK["errors"] == 0
    assert OWNERS["ortools"] == {"solver"} and OWNERS["playwright"] == set()


def test_every_package_has_a_layer() -> None:
    packages = {package_of(name) for name, _, _ in modules()} - {""}
    assert packages == set(RANK), packages ^ set(RANK)


def test_every_library_the_package_imports_has_an_owner() -> None:
    """A new third-party import (not the standard library) needs its row in the owner table."""
    libraries = {name.split(".")[0] for module, is_package, source in modules()
                 for name, _ in imported_names(module, is_package, source)}
    unowned = libraries - set(sys.stdlib_module_names) - {"generator", "__future__"} - set(OWNERS)
    assert unowned == set()


def test_no_module_imports_against_the_layers() -> None:
    assert layer_problems() == []


@pytest.mark.parametrize("module, source, problem", [
    ("generator.daily.batch", "from generator.render.daily import render_daily\n",
     "generator.daily.batch imports generator.render.daily: render is not in a layer below daily"),
    ("generator.render.sheet", "from generator.render.cards import x\nfrom generator.data.cities import y\n", None),
    ("generator.data.cities", "def f():\n    from generator.site.pages import page\n",
     "generator.data.cities imports generator.site.pages: site is not in a layer below data"),
    ("generator.levels.report", "from generator.daily.job import Daily\n",
     "generator.levels.report imports generator.daily.job: daily is not in a layer below levels"),
    ("generator.site.assets", "import reportlab\n", "generator.site.assets imports reportlab: only generator.render may"),
    ("generator.render.sheet", "from babel import Locale\n",
     "generator.render.sheet imports babel: only generator.language may"),
    ("generator.solver.window", "from generator.solver.model import PLAN, _bonus\n",
     "generator.solver.window imports the private _bonus of generator.solver.model"),
    ("generator.render.cards", "from generator.language import _\n", None),
    ("generator.daily.job", "def f():\n    from tqdm import tqdm\n",
     "generator.daily.job imports tqdm: only generator.cli may"),
    ("generator.rules.sheet", "from ..render import pdf\n",
     "generator.rules.sheet imports generator.render: render is not in a layer below rules"),
    ("generator.data.cities", "from generator import solver\n",
     "generator.data.cities imports generator.solver: solver is not in a layer below data"),
    ("generator.players.panel", "import importlib\nimportlib.import_module('generator.daily.job')\n",
     "generator.players.panel imports generator.daily.job: daily is not in a layer below players"),
    ("generator.render.icons", "import fontawesomefree\nimport numpy\n",
     "generator.render.icons imports numpy: only generator.solver may"),
    ("generator.site.build", "from playwright.sync_api import sync_playwright\n",
     "generator.site.build imports playwright.sync_api: only the tests may"),
])
def test_a_planted_import_against_the_layers_is_found(module: str, source: str, problem: str | None) -> None:
    """The checker itself: each kind of bad import planted in a module is reported, a good one is not."""
    assert violations(module, source) == ([problem] if problem else [])


@pytest.mark.parametrize("module, is_package, source, imported", [
    ("generator.rules.sheet", False, "from .grid import Grid\nfrom . import cards\n",
     [("generator.rules.grid", ("Grid",)), ("generator.rules", ("cards",))]),
    ("generator.rules", True, "from ..cli import main\n", [("generator.cli", ("main",))]),
    ("generator.rules.sheet", False, "from .. import solver, __version__\n",
     [("generator.solver", ()), ("generator", ("__version__",))]),
    ("generator.rules.city", False, "from importlib import import_module\nimport_module(f'generator.site.{name}')\n",
     [("importlib", ("import_module",)), ("generator.site", ())]),
])
def test_every_form_of_import_is_resolved_to_a_module(module, is_package, source, imported):
    """Relative imports against the module (a package's __init__ counts as the package itself),
    `from generator import x` as the package x, import_module by its literal start."""
    assert imported_names(module, is_package, source) == imported


def test_a_planted_relative_import_in_a_module_file_is_caught(tmp_path):
    """A module written to disk in a package tree, `from ..render.cards import draw` in the rules
    engine, is found by the same walk over files that checks the real package."""
    for folder in ("rules", "render"):
        (tmp_path / "generator" / folder).mkdir(parents=True)
        (tmp_path / "generator" / folder / "__init__.py").write_text('"""A layer."""\n')
    (tmp_path / "generator" / "render" / "cards.py").write_text("def draw():\n    pass\n")
    (tmp_path / "generator" / "rules" / "planted.py").write_text("from ..render.cards import draw\n")
    assert layer_problems(tmp_path / "generator") == [
        "generator.rules.planted imports generator.render.cards: render is not in a layer below rules"]
