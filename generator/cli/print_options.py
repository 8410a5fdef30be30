"""Options shared by the print commands (scorepad, reference): game, variant, paper, output."""

from __future__ import annotations

import argparse
from pathlib import Path

DEFAULT_FOLDER = Path("output")


def add_print_options(parser: argparse.ArgumentParser, kind: str) -> None:
    # Game, variant and paper are checked by the command rather than by argparse `choices`, so a
    # wrong one gets the same one-paragraph error as every other bad input.
    parser.add_argument(
        "--game", required=True, metavar="GAME",
        help=f"citytrip, bruges or bigcity (a templates/{kind}/ file name), or the path of your own .yaml template",
    )
    parser.add_argument(
        "--variant", "--city", dest="variant", metavar="NAME",
        help="a variant of the template: brugge or antwerpen for citytrip, en or fr for bruges (default: the first)",
    )
    parser.add_argument("--paper", default="a4", metavar="PAPER", help="a4 (default) or letter")
    parser.add_argument("--out", metavar="PATH", help=f"the PDF to write (default: output/GAME-{kind}.pdf)")
    parser.add_argument("--preview", action="store_true", help="also write a PNG of the first page next to the PDF")


def output_path(args: argparse.Namespace, kind: str, game: str, variant: str, default_variant: str) -> Path:
    """--out, or output/<game>[-<variant>]-<kind>.pdf (creating output/ for the default only)."""
    if args.out:
        return Path(args.out)
    DEFAULT_FOLDER.mkdir(exist_ok=True)
    stem = game if variant == default_variant else f"{game}-{variant}"
    return DEFAULT_FOLDER / f"{stem}-{kind}.pdf"


def finish(args: argparse.Namespace, pdf: Path) -> None:
    """Write the preview if asked, and tell the user what was written."""
    print(pdf)
    if args.preview:
        from generator.render.preview import preview_path, write_preview

        print(write_preview(pdf, preview_path(pdf)))
