"""The commands share helpers through the CLI's shared modules (common, daily_options,
print_options, ranges, progress), never through each other: a command's module can change without
breaking another command (issue 57)."""

from __future__ import annotations

import ast
from pathlib import Path

from generator.cli import COMMANDS

CLI = Path(__file__).resolve().parents[2] / "generator" / "cli"


def test_no_command_imports_another_commands_module():
    """`kit` once took city_slug from cli/sheets and output_folder from cli/cards, `site` and
    `serve` their dates and work from cli/daily."""
    commands = {f"generator.cli.{name}" for name in COMMANDS}
    found = []
    for name in COMMANDS:
        for node in ast.walk(ast.parse((CLI / f"{name}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in commands - {f"generator.cli.{name}"}:
                found.append(f"cli/{name}.py imports {node.module}")
    assert found == []
    assert len(commands) == 13
