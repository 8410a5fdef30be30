"""Test-wide set-up: shared helper modules live in tests/support; the `run` fixture calls the CLI."""

import sys
from pathlib import Path
from typing import Callable

import pytest

from generator.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))


@pytest.fixture
def run(capsys: pytest.CaptureFixture) -> Callable[..., tuple[int, str, str]]:
    """Run `citytrip ARGS…`; return the exit code, stdout and stderr."""

    def call(*args: object) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return call


# The fast tier (`pytest -m "not slow"`, README "Development") leaves out whole modules that start
# a Dask cluster, run full daily jobs, build a site and drive Chromium, or render every printable
# in every language and paper; single tests carry @pytest.mark.slow where they stand.
SLOW_MODULES = (
    "levels/test_cluster.py",          # local clusters, a batch of dailies against single runs
    "daily/test_daily_command.py",     # the daily command at full work, twice, and on Dask workers
    "web/",                            # a site build with real dailies, Chromium
    "render/test_print_audit.py",      # every printable, audited
    "render/test_daily_render.py",     # dailies rendered in three languages
    "render/test_languages_cards.py",  # every card set and pad in Dutch and French
    "render/test_cards.py",            # every card set on A4 and Letter, QR codes decoded
    "test_fuzz_inputs.py",             # hundreds of broken inputs through every command
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        where = Path(str(item.fspath)).relative_to(tests).as_posix()
        if where.startswith(SLOW_MODULES):
            item.add_marker(pytest.mark.slow)
