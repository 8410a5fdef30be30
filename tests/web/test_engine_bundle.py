"""The engine the site ships to the browser: standard library only, and complete.

Pyodide runs the files of `engine_sources()` with nothing installed. Both tests would catch a
rules module that starts importing a package (PyYAML, ReportLab) or a module left out of the bundle.
"""

import ast
import json
import subprocess
import sys

from generator.browser.puzzle_json import puzzle_to_json
from generator.daily.deal import deal
from generator.data.cities import load_city
from generator.players.honest import honest_plan
from generator.rules.notation import format_plan
from generator.rules.replay import replay
from generator.site.assets import engine_sources
from tests.web.days import MONDAY


def test_the_bundle_imports_only_the_standard_library_and_itself():
    bundled = {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in engine_sources()}
    assert {"generator.rules.sheet", "generator.browser.game", "generator.errors"} <= bundled
    for path, text in engine_sources().items():
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or name in bundled or top == "__future__", (path, name)


def test_the_bundle_plays_a_game_in_an_interpreter_without_site_packages(tmp_path):
    for path, text in engine_sources().items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    puzzle = deal(load_city("brugge"), MONDAY)
    plan = honest_plan(puzzle)
    (tmp_path / "game.json").write_text(json.dumps({"puzzle": puzzle_to_json(puzzle), "page": {"par": 1}}))
    (tmp_path / "plan.txt").write_text(format_plan(plan))
    script = (
        "import json, sys; sys.path.insert(0, '.');"
        "from generator.browser.game import Game;"
        "game = Game.from_json(open('game.json').read());"
        "print(json.loads(game.load_plan(open('plan.txt').read()))['score']['total']);"
        "print(sorted(m.split('.')[0] for m in sys.modules if m.split('.')[0] not in sys.stdlib_module_names))"
    )
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    score, modules = done.stdout.splitlines()
    assert int(score) == replay(puzzle, plan).score
    assert set(eval(modules)) - {"__main__"} == {"generator"}
