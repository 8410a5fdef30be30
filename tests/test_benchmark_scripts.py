"""The benchmark scripts are run by hand, so nothing else notices when a rename elsewhere breaks
one (benchmarks/bounds.py failed at import for two days after the solver model's helpers were
renamed). Each must at least load and answer --help."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = sorted(path for path in BENCHMARKS.glob("*.py") if path.name != "synthetic_city.py")


def test_the_scripts_are_found():
    assert {"par_search.py", "solver.py", "verify.py"} <= {path.name for path in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_benchmark_script_loads_and_answers_help(script: Path):
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage:"), done.stdout[:500]
