"""The one file writer: atomic, never half a file, a new file's usual permissions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.errors import UsageError
from generator.files import atomic_output, write_text


def test_atomic_output_leaves_nothing_on_error(tmp_path: Path) -> None:
    """A failure while writing removes the temporary file and keeps the old target untouched."""
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with atomic_output(target) as temp:
            temp.write_bytes(b"half a pdf")
            raise RuntimeError("drawing failed")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf"]


def test_atomic_output_replaces_on_success(tmp_path: Path) -> None:
    """On success the target holds the new content and no temporary file remains."""
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with atomic_output(target) as temp:
        temp.write_bytes(b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_atomic_output_refuses_missing_folder_and_folder_target(tmp_path: Path) -> None:
    """A target in a missing folder, or a folder as target, is a UsageError before any writing."""
    with pytest.raises(UsageError, match="does not exist"):
        with atomic_output(tmp_path / "nope" / "x.pdf"):
            pass
    with pytest.raises(UsageError, match="is a folder"):
        with atomic_output(tmp_path):
            pass


def test_new_files_get_the_permissions_the_umask_allows(tmp_path: Path) -> None:
    """Not the temporary file's private 0600: a PDF, a YAML answer or a CSV is as readable as any
    new file (the daily's YAML files and solve's plan file were 0600 before one writer did all)."""
    umask = os.umask(0o022)
    try:
        path = write_text(tmp_path / "answer.yaml", "turns: []\n")
    finally:
        os.umask(umask)
    assert path.read_text(encoding="utf-8") == "turns: []\n"
    assert path.stat().st_mode & 0o777 == 0o644
