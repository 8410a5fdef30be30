"""Writing files: every file the project makes goes through `atomic_output`.

A failed or interrupted run never leaves half a file where the user expects one, and a new file
gets the permissions of any new file (what the umask allows), whether it is a PDF, a PNG, a YAML
answer, a plan or a CSV. Inside `one_run` (every command runs in one), a command that writes
several files keeps all of them or none: when it fails midway, the files it wrote are removed and
the ones it replaced are put back. A missing output folder is created (a user who names
`--out kits/brugge` wants it made), and removed again when the run fails.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.errors import UsageError


# The files written in the current `one_run` block: (path, the old file's backup or None); a
# folder the block created is noted as (folder, folder) so that it is removed like a new file.
_RUN: contextvars.ContextVar[list[tuple[Path, Path | None]] | None] = contextvars.ContextVar("run", default=None)


@contextlib.contextmanager
def one_run() -> Iterator[None]:
    """Keep the files written inside this block only if the whole block succeeds."""
    written: list[tuple[Path, Path | None]] = []
    token = _RUN.set(written)
    try:
        yield
    except BaseException:
        for path, backup in reversed(written):
            with contextlib.suppress(OSError):
                if backup == path:
                    path.rmdir()  # a folder this run created (empty again: its files went first)
                elif backup is None:
                    path.unlink()
                else:
                    os.replace(backup, path)
        raise
    else:
        for path, backup in written:
            if backup is not None and backup != path:
                with contextlib.suppress(OSError):
                    backup.unlink()
    finally:
        _RUN.reset(token)


def _remember(path: Path) -> None:
    """Before `path` is replaced inside a run: note it, with a backup of the file it replaces."""
    written = _RUN.get()
    if written is None or any(done == path for done, _ in written):
        return
    backup = None
    if path.exists():
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
        os.close(handle)
        backup = Path(name)
        backup.unlink()  # mkstemp chose a free name; the old file is linked under it
        try:
            os.link(path, backup)
        except OSError:
            shutil.copy2(path, backup)  # file systems without hard links
    written.append((path, backup))


def _make_folder(folder: Path, path: Path) -> None:
    """Create `folder` and its missing parents for `path`, noting each in the current run."""
    missing = []
    for parent in (folder, *folder.parents):
        if parent.is_dir():
            break
        if parent.exists() or parent.is_symlink():
            raise UsageError(f"cannot write {str(path)!r}: {str(parent)!r} is a file, not a folder")
        missing.append(parent)
    written = _RUN.get()
    for parent in reversed(missing):
        try:
            parent.mkdir()
        except OSError as error:
            raise UsageError(f"cannot write {str(path)!r}: cannot create folder {str(parent)!r} "
                             f"({error.strerror or error})") from None
        if written is not None:
            written.append((parent, parent))


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
    _make_folder(folder, path)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    os.close(handle)
    temp = Path(temp_name)
    try:
        yield temp
        # mkstemp makes the file private (0600); give it the permissions of a normal new file.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        _remember(path)
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
