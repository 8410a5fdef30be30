"""citytrip installed from its wheel into a fresh virtualenv, as `pipx install .` would, for the
tests of the wheel (tests/test_wheel.py) and of the main job run from it (tests/daily).

The wheel is built from a copy of the checkout's files: setuptools builds in the source's build/
folder, where a module deleted since an earlier build would linger and ship. The fresh virtualenv
borrows this environment's packages (the wheel's dependencies, which pip resolves from the same
pyproject.toml for `.ci/run`) through a .pth line, which adds their folder and nothing else: the
checkout's editable hook, itself a .pth file in that folder, is not run (`installed` asserts that
`generator` is the wheel's).
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build_wheel(source: Path, out: Path) -> Path:
    """The wheel of this checkout's files (committed or not, but for what git ignores)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        original, copy = ROOT / name, source / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if original.is_symlink():  # generator/_shipped's links to maps/ and templates/
            copy.symlink_to(os.readlink(original))
        elif original.is_file():  # a file deleted but not yet committed is listed and absent
            shutil.copy2(original, copy)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)],
                   check=True, capture_output=True)
    (built,) = out.glob("citytrip-*.whl")
    return built


def install(wheel: Path, venv: Path) -> Path:
    """`wheel` installed into a new virtualenv at `venv`; its `citytrip` command."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", str(wheel)], check=True, capture_output=True)
    (own,) = (venv / "lib").glob("python*/site-packages")
    (own / "borrowed-dependencies.pth").write_text("".join(f"{folder}\n" for folder in site.getsitepackages()))
    found = run([str(venv / "bin" / "python"), "-c"], ["import generator; print(generator.__file__)"], venv)
    assert Path(found.strip()).is_relative_to(own), found
    return venv / "bin" / "citytrip"


def run(command: list[str], args: list[str], folder: Path) -> str:
    """What `command args` prints on stdout, run in `folder` outside the checkout; it must exit 0
    without a traceback."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(command + args, cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (args, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    return done.stdout
