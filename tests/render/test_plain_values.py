"""Command-line concerns stay in generator/cli (issue 14): the renderers take plain values and
never word an error in terms of command-line options."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.cli.print_options import parse_offset
from generator.data.cities import load_city
from generator.errors import UsageError
from generator.render.pdf import PAPERS
from generator.render.sheet import render_sheets

RENDER = Path(__file__).resolve().parents[2] / "generator" / "render"


def test_no_renderer_raises_a_message_about_an_option():
    """No `raise` in generator/render words its message with a --flag (printed instructions, such
    as the alignment test's "pass the shift as: citytrip cards --back-offset-mm", are content)."""
    offenders = []
    for path in RENDER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                texts = [n.value for n in ast.walk(node.exc) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
                if any("--" in text for text in texts):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_back_offset_is_parsed_by_the_cli_in_millimetres():
    """--back-offset-mm "X,Y" gives (X, Y) in mm (the renderer converts to points); no option is
    (0, 0); malformed or out-of-range text is a usage error naming the option."""
    assert parse_offset("1.5,-2") == (1.5, -2.0)
    assert parse_offset(None) == (0.0, 0.0)
    for text, message in (("1", "two numbers"), ("a,b", "two numbers"), ("20,0", "±10"), ("nan,0", "±10")):
        with pytest.raises(UsageError, match="--back-offset-mm"):
            parse_offset(text)
        with pytest.raises(UsageError, match=message):
            parse_offset(text)


def test_render_sheets_refuses_inconsistent_plain_values(tmp_path: Path):
    """Called directly, render_sheets refuses a duplex pad that is not of both modes, or no sheet,
    with a plain ValueError (not a usage error: no option was given) and writes nothing."""
    city = load_city("brugge")
    with pytest.raises(ValueError, match="duplex") as duplex:
        render_sheets(city, "basic", 1, PAPERS["a4"], tmp_path / "a.pdf", duplex=True)
    with pytest.raises(ValueError, match="at least one sheet") as empty:
        render_sheets(city, "basic", 0, PAPERS["a4"], tmp_path / "b.pdf")
    assert not isinstance(duplex.value, UsageError) and not isinstance(empty.value, UsageError)
    assert list(tmp_path.iterdir()) == []
