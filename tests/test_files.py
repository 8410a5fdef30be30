"""The one file writer: atomic, never half a file, a new file's usual permissions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.errors import UsageError
from generator.files import atomic_output, one_run, write_text


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


def test_atomic_output_creates_missing_folders_and_refuses_a_folder_target(tmp_path: Path) -> None:
    """A target in missing folders gets them made; a folder as target, or a file where a folder
    must be, is a UsageError before any writing."""
    with atomic_output(tmp_path / "new" / "deeper" / "x.pdf") as temp:
        temp.write_bytes(b"pdf")
    assert (tmp_path / "new" / "deeper" / "x.pdf").read_bytes() == b"pdf"
    with pytest.raises(UsageError, match="is a folder"):
        with atomic_output(tmp_path):
            pass
    (tmp_path / "plain").write_text("a file")
    with pytest.raises(UsageError, match="'.*plain' is a file, not a folder"):
        with atomic_output(tmp_path / "plain" / "x.pdf"):
            pass


def test_a_failed_run_removes_the_folders_it_created(tmp_path: Path) -> None:
    """A run that fails takes back the folders it made along with its files, and only those."""
    (tmp_path / "kept").mkdir()
    with pytest.raises(RuntimeError):
        with one_run():
            write_text(tmp_path / "kept" / "new" / "a.txt", "a")
            write_text(tmp_path / "other" / "b.txt", "b")
            raise RuntimeError("midway")
    assert [p.name for p in tmp_path.iterdir()] == ["kept"] and not any((tmp_path / "kept").iterdir())


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


def test_a_run_that_fails_keeps_none_of_its_files_and_restores_what_it_replaced(tmp_path):
    """Inside one_run, a failure midway removes the files written so far and puts back the old
    content of a file that was replaced; a run that succeeds keeps everything, with no backups."""
    kept = tmp_path / "kept.txt"
    kept.write_text("old")
    with pytest.raises(RuntimeError):
        with one_run():
            write_text(tmp_path / "new.pdf", "first")
            write_text(kept, "new")
            write_text(kept, "newer")
            raise RuntimeError("the third file failed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt"]
    assert kept.read_text() == "old"
    with one_run():
        write_text(tmp_path / "new.pdf", "first")
        write_text(kept, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt", "new.pdf"]
    assert kept.read_text() == "new"


def test_a_command_that_fails_midway_leaves_no_files(tmp_path, monkeypatch):
    """`citytrip cards` writes four PDFs; when the third fails, the first two are gone too."""
    from generator.cli import main
    from generator.render import cards

    def out_of_space(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cards, "render_assignment_cards", out_of_space)
    assert main(["cards", "--city", "brugge", "--out", str(tmp_path)]) == 2
    assert list(tmp_path.iterdir()) == []
