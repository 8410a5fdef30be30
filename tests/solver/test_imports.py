"""OR-Tools is imported where it is used (issue 14): the standard-library parts of the solver
package (its facts, the beam search) import without it."""

import subprocess
import sys


def _run(script: str) -> str:
    """Run `script` in a fresh interpreter (nothing imported yet) and return what it prints."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_facts_and_beam_import_without_ortools():
    """Importing generator.solver.facts and the package loads no ortools."""
    script = (
        "import sys\n"
        "import generator.solver, generator.solver.facts\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'ortools'))\n"
    )
    assert _run(script) == "[]"


def test_the_solver_names_load_ortools_on_first_use():
    """`from generator.solver import Status, solve` gives the solver's function and enum (PEP 562's
    module __getattr__), whether or not generator.solver.full_model was loaded first, and only
    then loads ortools; an unknown name is an AttributeError."""
    script = (
        "import sys\n"
        "import generator.solver\n"
        "before = 'ortools' in sys.modules\n"
        "from generator.solver.full_model import Status as S, solve as f\n"
        "from generator.solver import Status, solve\n"
        "print(before, 'ortools' in sys.modules, solve is f, Status is S, callable(solve), hasattr(generator.solver, 'nothing'))\n"
    )
    assert _run(script) == "False True True True True False"
