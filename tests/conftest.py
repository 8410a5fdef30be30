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
