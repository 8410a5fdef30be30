"""The package's layers, read from every module's imports: no package imports one above it or
beside it, each third-party library stays with its owner, and no module takes another module's
private names (issue 39).

The layers, bottom up (a package may import only from layers below its own):
    errors
    language, files, resources, cluster          text, files, package data, the Dask connection
    rules, bruges                                the engines (Citytrip's also runs in the browser)
    data, browser                                reading files; the engine's browser bridge
    messages, players                            the engine's message table; the player models
    solver                                       OR-Tools
    levels, daily                                what the solver and the players are used for
    render, results                              every PDF (ReportLab); the results service (citytrip serve)
    site                                         the static website
    cli                                          the commands, which hand the layers to each other
    __main__                                     python -m generator
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "generator"

LAYERS = [
    {"errors"},
    {"language", "files", "resources", "cluster"},
    {"rules", "bruges"},
    {"data", "browser"},
    {"messages", "players"},
    {"solver"},
    {"levels", "daily"},
    {"render", "results"},
    {"site"},
    {"cli"},
    {"__main__"},
]
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}

# Third-party libraries that one package wraps for all the others.
OWNERS = {"ortools": "solver", "reportlab": "render", "babel": "language", "dask": "cluster",
          "distributed": "cluster", "qrcode": "render", "pypdfium2": "render", "tqdm": "cli",
          "starlette": "results", "uvicorn": "results", "sqlalchemy": "results", "psycopg": "results",
          "alembic": "results"}


def package_of(module: str) -> str:
    """`generator.render.cards` → `render`; `generator.errors` → `errors`; `generator` → ``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def violations(module: str, source: str) -> list[str]:
    """What `module` (its dotted name and source) imports against the layers."""
    own = package_of(module)
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported = [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported = [(node.module, tuple(alias.name for alias in node.names))]
        else:
            continue
        for name, names in imported:
            top = name.split(".")[0]
            if top in OWNERS and OWNERS[top] != own:
                found.append(f"{module} imports {name}: only generator.{OWNERS[top]} may")
            if top != "generator" or name == "generator":
                continue
            target = package_of(name)
            if target != own and (own not in RANK or target not in RANK or RANK[target] >= RANK[own]):
                found.append(f"{module} imports {name}: {target} is not in a layer below {own}")
            private = [n for n in names if n.startswith("_") and n != "_" and not n.startswith("__")]
            if private:
                found.append(f"{module} imports the private {', '.join(private)} of {name}")
    return found


def modules() -> list[tuple[str, str]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.append((name, path.read_text(encoding="utf-8")))
    return found


def test_every_package_has_a_layer() -> None:
    packages = {package_of(name) for name, _ in modules()} - {""}
    assert packages == set(RANK), packages ^ set(RANK)


def test_no_module_imports_against_the_layers() -> None:
    found = [problem for name, source in modules() for problem in violations(name, source)]
    assert found == []


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
])
def test_a_planted_import_against_the_layers_is_found(module: str, source: str, problem: str | None) -> None:
    """The checker itself: each kind of bad import planted in a module is reported, a good one is not."""
    assert violations(module, source) == ([problem] if problem else [])
