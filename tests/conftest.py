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


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout's wheel (tests/support/installed.py)."""
    from installed import build_wheel

    return build_wheel(tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `citytrip` command of the wheel installed into a fresh virtualenv."""
    from installed import install

    return install(wheel, tmp_path_factory.mktemp("installed") / "venv")


# The fast tier (`pytest -m "not slow"`, README "Development") leaves out whole modules that start
# a Dask cluster, run full daily jobs, build a site and drive Chromium, or render every printable
# in every language and paper; single tests carry @pytest.mark.slow where they stand.
SLOW_MODULES = (
    "levels/test_cluster.py",          # local clusters, a batch of dailies against single runs
    "daily/test_daily_command.py",     # the daily command from the wheel and on Dask workers
    "web/",                            # a site build with real dailies, Chromium
    "render/test_print_audit.py",      # every printable, audited
    "render/test_daily_render.py",     # dailies rendered in three languages
    "render/test_languages_cards.py",  # every card set and pad in Dutch and French
    "render/test_cards.py",            # every card set on A4 and Letter, QR codes decoded
    "test_fuzz_inputs.py",             # hundreds of broken inputs through every command
)

# Single tests of 5 s and more in the fast tier's own durations (searches to the end of their
# budget, brute force over every turn); a parametrised test's cases all at once.
SLOW_TESTS = (
    "solver/test_lns.py::test_certificate_is_true_of_the_final_plan",
    "solver/test_lns.py::test_same_plan_every_run_also_with_a_busy_core",
    "solver/test_lns.py::test_target_search_stops_at_the_first_winning_plan",
    "solver/test_walk_bound.py::test_the_bound_is_at_least_the_brute_force_best[3-",
    "solver/test_walk_bound.py::test_two_directions_are_bounded_by_the_proven_optimum",
    "solver/test_walk_bound.py::test_solve_reports_the_walk_bound_and_proves_with_it",
    "solver/test_count_bound.py::test_the_count_bound_is_at_least_the_brute_force_best[False-two",
    "solver/test_count_bound.py::test_prove_states_optimal_feasible_and_the_target_verdicts",
    "solver/test_count_bound.py::test_the_cli_proves_prints_progress_and_json",
    "solver/test_count_bound.py::test_a_bound_below_the_replayed_plan_raises",
    "solver/test_solve_cli.py::test_the_certificate_is_stated_in_text_and_json",
    "solver/test_solver_exact.py::test_engine_rescore_equals_objective[advanced-2]",
    "rules/test_moves.py::test_basic_turns_are_exactly_the_brute_force_ones[1-3]",
    "daily/test_mini.py::test_solve_proves_the_same_maximum",
    "render/test_mini_render.py",
)


# The suite runs on three pytest-xdist workers (pyproject.toml: `-n 3`; on two cores a third keeps
# them busy while a test waits on Chromium, a cluster or a subprocess). A module is one unit of
# work, so its module fixtures are made once; the modules that share the session's site build (the
# `site` fixture of tests/web/conftest.py) are one unit, and so are those that share the installed
# wheel (the `installed` fixture above). The longest units go first (measured with
# --durations), so that no worker is left with a long one at the end while the others idle.
SITE_MODULES = ("web/test_browser.py", "web/test_site_build.py", "web/test_targets.py", "web/test_record.py",
                "web/test_table.py")
WHEEL_MODULES = ("test_wheel.py", "daily/test_daily_command.py")
LONGEST_FIRST = (
    "web/site",
    "wheel",
    "render/test_print_audit.py",
    "solver/test_lns.py",
    "test_fuzz_inputs.py",
    "rules/test_moves.py",
    "render/test_daily_render.py",
    "solver/test_walk_bound.py",
    "levels/test_cluster.py",
)


def _unit(where: str) -> str:
    """The unit of work of a test file (its path under tests/)."""
    return "web/site" if where in SITE_MODULES else "wheel" if where in WHEEL_MODULES else where


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        where = Path(str(item.fspath)).relative_to(tests).as_posix()
        test = f"{where}::{item.name}"
        if where.startswith(SLOW_MODULES) or test.startswith(SLOW_TESTS) or where in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
    rank = {unit: i for i, unit in enumerate(LONGEST_FIRST)}
    # A stable sort: the tests of a unit, and the units not listed, keep their order.
    items.sort(key=lambda item: rank.get(_unit(Path(str(item.fspath)).relative_to(tests).as_posix()), len(rank)))


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Units of work as _unit says, in collection order (xdist's loadgroup marks cannot rename
    tests under pytest 9, and its loadscope would build the site once per module)."""
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _unit(nodeid.split("::")[0].removeprefix("tests/"))

    return Units(config, log)
