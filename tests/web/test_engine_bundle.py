"""The engine the site ships to the browser: standard library only, and complete.

Pyodide runs the files of `engine_sources()` with nothing installed. Both tests would catch a
rules module that starts importing a package (PyYAML, ReportLab) or a module left out of the bundle.
The game speaks the page's language through generator/language.py and the compiled catalog the
page hands it; Babel, which language.py imports only inside `long_date`, is never reached.
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

import generator

from generator.browser.puzzle_json import puzzle_to_json
from generator.daily.deal import deal
from generator.data.cities import load_city
from generator.players.honest import honest_plan
from generator.rules.notation import format_plan
from generator.rules.replay import replay
from generator.language import LOCALE_DIR
from generator.site import assets
from generator.site.assets import catalog_file, engine_sources
from tests.web.days import MONDAY

# Imports inside a function the game never calls: (file, module).
# Babel, imported inside the functions that the builder and the PDFs call (dates, ordinals, lists);
# the page's game never calls them, so the bundle runs without Babel.
LAZY = {("generator/language.py", "babel.dates"), ("generator/language.py", "babel"),
        ("generator/language.py", "babel.lists")}


def test_the_bundle_imports_only_the_standard_library_and_itself():
    bundled = {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in engine_sources()}
    assert {"generator.rules.sheet", "generator.browser.game", "generator.errors", "generator.language"} <= bundled
    for path, text in engine_sources().items():
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            for name in names:
                if (path, name) in LAZY:
                    continue
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or name in bundled or top == "__future__", (path, name)


def test_the_bundle_leaves_out_what_no_page_runs():
    """Multiplayer scoring (R17) is engine code no page runs: not shipped; every other module of
    the engine and its browser bridge is (the test above catches a bundled module importing it)."""
    root = Path(generator.__file__).resolve().parent
    engine = {f"generator/{path.relative_to(root).as_posix()}"
              for package in assets.ENGINE_PACKAGES for path in (root / package).glob("*.py")}
    assert set(engine_sources()) >= engine - {"generator/rules/multiplayer.py"}
    assert "generator/rules/multiplayer.py" in engine and "generator/rules/multiplayer.py" not in engine_sources()


def test_every_standard_module_the_bundle_imports_is_in_the_sites_trimmed_standard_library():
    """The site's python_stdlib.zip holds only the files of generator/site/stdlib.txt: each module
    the bundle imports that is a file of Pyodide's standard library zip (not built into the
    runtime, like sys or math) is listed. (The browser tests then play with only that zip.)"""
    import zipfile

    full = set(zipfile.ZipFile(assets.PYODIDE / assets.STDLIB).namelist())
    listed = set(assets.stdlib_files())
    assert listed <= full and "encodings/utf_8.py" in listed
    bundled = {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in engine_sources()}
    imported = set()
    for path, text in engine_sources().items():
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            imported |= {name for name in names if (path, name) not in LAZY and name not in bundled}
    assert {"json", "random", "gettext"} <= imported
    for name in imported:
        files = {name.replace(".", "/") + ".py", name.replace(".", "/") + "/__init__.py"} & full
        assert files <= listed, (name, files)


def test_the_bundle_plays_a_game_in_an_interpreter_without_site_packages(tmp_path):
    """English, and Dutch with the catalog where the page writes it: the game's messages are
    translated with nothing but the bundle and the .mo file."""
    for path, text in engine_sources().items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    catalog = tmp_path / "generator" / catalog_file("nl")
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes((LOCALE_DIR.parent / catalog_file("nl")).read_bytes())
    puzzle = deal(load_city("brugge"), MONDAY)
    plan = honest_plan(puzzle)
    (tmp_path / "game.json").write_text(json.dumps({"puzzle": puzzle_to_json(puzzle), "page": {"par": 1}}))
    (tmp_path / "plan.txt").write_text(format_plan(plan))
    for lang, refusal in [("en", "That is not a box of this turn."), ("nl", "Dat is geen vakje van deze beurt.")]:
        script = (
            "import json, sys; sys.path.insert(0, '.');"
            "from generator.browser.game import Game;"
            f"game = Game.from_json(open('game.json').read(), {lang!r});"
            "print(json.loads(game.tap_box('X9'))['message']);"
            "print(json.loads(game.load_plan(open('plan.txt').read()))['score']['total']);"
            "print(sorted(m.split('.')[0] for m in sys.modules if m.split('.')[0] not in sys.stdlib_module_names))"
        )
        done = subprocess.run([sys.executable, "-I", "-S", "-c", script], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        message, score, modules = done.stdout.splitlines()
        assert message == refusal
        assert int(score) == replay(puzzle, plan).score
        assert set(eval(modules)) - {"__main__"} == {"generator"}
