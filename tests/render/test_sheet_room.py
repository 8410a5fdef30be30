"""A city of one's own whose legend label is too long for the sheet (issue 40): refused with the
file, the key and the room, never a traceback, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.data.cities import MAPS_DIR


@pytest.fixture
def long_label(tmp_path: Path) -> Path:
    city = tmp_path / "longcity"
    shutil.copytree(MAPS_DIR / "brugge", city)
    rules = city / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "      en: Buy souvenirs\n" in text
    rules.write_text(text.replace("      en: Buy souvenirs\n", f"      en: '{'x' * 10_000}'\n", 1), encoding="utf-8")
    return city


@pytest.mark.parametrize("command", [["sheets", "--out", "{out}/sheets.pdf"], ["kit", "--out", "{out}/kit"]])
def test_a_label_too_long_for_the_sheet_is_refused_with_its_file_and_key(long_label, tmp_path, capsys, command):
    out = tmp_path / "out"
    args = [part.format(out=out) for part in command]
    assert main([args[0], "--city", str(long_label), *args[1:]]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{long_label / 'rules.yaml'}, at categories.souvenir.label: the label is 10,000 characters long" in err
    assert "cells smaller than 3.5 mm" in err and "Traceback" not in err
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_the_shipped_cities_leave_the_map_its_room():
    """Both shipped cities get cells of at least twice the limit on A4 and Letter: the check
    refuses a broken sheet, not a shipped one."""
    from generator.data.cities import load_city
    from generator.render.citymap import cell_size
    from generator.render.pdf import PAPERS
    from generator.render.sheet import MIN_CELL, layout_sheet

    for key in ("brugge", "antwerpen"):
        city = load_city(key)
        for paper in PAPERS.values():
            assert cell_size(city.grid.columns, city.grid.rows, layout_sheet(city, paper).map) >= 2 * MIN_CELL
