"""Writing files: every file the project makes goes through `atomic_output`.

A failed or interrupted run never leaves half a file where the user expects one, and a new file
gets the permissions of any new file (what the umask allows), whether it is a PDF, a PNG, a YAML
answer, a plan or a CSV.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.errors import UsageError


@contextlib.contextmanager
def atomic_output(path: Path) -> Iterator[Path]:
    """Yield a temporary path next to `path`; on success move it onto `path`, else delete it.

    The temporary file lives in the target folder so that os.replace is an atomic rename on the
    same file system: readers see either the old file or the complete new one, never a part.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise UsageError(f"output {str(path)!r} is a folder, not a file name")
    if not folder.is_dir():
        raise UsageError(f"cannot write {str(path)!r}: folder {str(folder)!r} does not exist")
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    os.close(handle)
    temp = Path(temp_name)
    try:
        yield temp
        # mkstemp makes the file private (0600); give it the permissions of a normal new file.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def write_text(path: Path, text: str) -> Path:
    """`text` written to `path` (UTF-8) through `atomic_output`; returns the path."""
    path = Path(path)
    with atomic_output(path) as temp:
        temp.write_text(text, encoding="utf-8")
    return path
