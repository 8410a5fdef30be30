"""The `citytrip` command line: a thin shell over plain functions.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a function
taking the parsed arguments and returning an exit code. The CLI turns every
CitytripError (bad input) and OSError (unwritable path, missing file) into one
paragraph on stderr and exit code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import textwrap
from typing import NoReturn

from generator import __version__
from generator.daily.deal import GENERATOR_VERSION
from generator.errors import CitytripError, UsageError
from generator.files import one_run

# The subcommand modules, in the order `citytrip --help` lists them.
COMMANDS = [
    "daily",
    "site",
    "verify",
    "serve",
    "show",
    "solve",
    "levels",
    "sheets",
    "cards",
    "kit",
    "scorepad",
    "reference",
    "score",
]

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusals (a missing argument, an unknown option, a number out of
    its range in generator/cli/ranges.py) are a UsageError: one paragraph and exit code 2 like every
    other bad input, not a usage dump. The subcommands' parsers are of the same class."""

    def error(self, message: str) -> NoReturn:
        # argparse writes "argument --workers: " before what a type said; ranges.number's own
        # message already starts with the option and its value.
        ours = re.sub(r"^argument [^:]+: (?=--)", "", message)
        if ours != message:
            raise UsageError(ours)
        raise UsageError(f"{message} (`{self.prog} --help` lists the options)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="citytrip",
        description="Printable game content and daily solo puzzles for Citytrip Brugge and Antwerpen. "
                    "Default paths (output/…) are relative to the folder you run citytrip from.",
    )
    # The generator version names the dailies a release deals: two installs that print the same
    # one make the same puzzle for a date (generator/daily/deal.py).
    parser.add_argument("--version", action="version",
                        version=f"citytrip {__version__} (daily puzzles: generator version {GENERATOR_VERSION})")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"generator.cli.{name}")
        module.register(subparsers)
    return parser


def fail(message: str) -> int:
    """Print one wrapped paragraph to stderr and return the usage exit code. Lines break only at
    spaces, so a file's path or an address stays whole, to copy."""
    print(textwrap.fill(message, width=100, initial_indent="citytrip: error: ", break_on_hyphens=False,
                        break_long_words=False), file=sys.stderr)
    return EXIT_USAGE


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        return fail(str(error))
    empty = [name for name, value in vars(args).items() if value == ""]
    if empty:  # Path("") is ".", the current folder: a typo should not become a folder
        return fail(f"the {empty[0].replace('_', '-')} argument is empty; give a file or folder name")
    try:
        with one_run():  # a command that fails midway keeps none of the files it wrote
            return int(args.func(args) or 0)
    except CitytripError as error:
        return fail(str(error))
    except OSError as error:
        name = f" {error.filename!r}" if getattr(error, "filename", None) else ""
        return fail(f"cannot use{name}: {error.strerror or error}")
    except KeyboardInterrupt:
        print("citytrip: interrupted", file=sys.stderr)
        return 130
