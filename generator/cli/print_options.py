"""Options shared by the print commands: game, variant, language, paper and output (scorepad,
reference), and the checks of the numbers the print commands take (--count, --pages, --back-offset-mm).

The renderers take plain values (a count of sheets, an offset in mm); the option names and their
ranges are the command line's, so they are checked and worded here.
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from generator.cli.common import add_language_option, language_of
from generator.errors import UsageError
from generator.language import DEFAULT, file_suffix, speaking

T = TypeVar("T")  # a loaded score pad or reference template

DEFAULT_FOLDER = Path("output")
MAX_COUNT = 1000  # --count: fill-in sheets per mode
MAX_PAGES = 100  # --pages: score pad pages
MAX_OFFSET_MM = 10.0  # --back-offset-mm: each shift within ±10 mm


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
    add_language_option(parser)
    parser.add_argument("--paper", default="a4", metavar="PAPER", help="a4 (default) or letter")
    parser.add_argument(
        "--out", metavar="PATH",
        help=f"the PDF to write (default: output/GAME-{kind}.pdf, GAME-{kind}-nl.pdf in Dutch, -fr in French)",
    )
    parser.add_argument("--preview", action="store_true", help="also write a PNG of the first page next to the PDF")


def template_language(args: argparse.Namespace, template) -> str:
    """The language to print a template in: --lang (checked), else the language its variant's
    city names as its own (cli.common.language_of), else English. `template` is a loaded score
    pad or reference template; a variant without a city has no language of its own."""
    city = None
    if getattr(args, "lang", None) is None and template.city:
        from generator.data.cities import load_city

        city = load_city(template.city, relative_to=Path(template.file).parent)
    return language_of(args, city)


@contextlib.contextmanager
def template_to_print(args: argparse.Namespace, kind: str, load: Callable[[Path, str | None], T],
                      check: Callable[[T], object] = lambda template: None) -> Iterator[tuple[T, object, Path]]:
    """The template of --game and --variant (templates/<kind>/), loaded again in the players'
    language (`template_language`: its texts are translated on loading), with the paper and the
    output path; the body renders within that language. `check` refuses options the template
    does not allow before anything else is decided."""
    from generator.render.pdf import paper
    from generator.render.template import template_file

    size = paper(args.paper)
    file = template_file(kind, args.game)
    template = load(file, args.variant)
    check(template)
    lang = template_language(args, template)
    out = output_path(args, kind, template.game, template.variant, template.variants[0], lang)
    with speaking(lang):
        yield load(file, args.variant), size, out


def output_path(args: argparse.Namespace, kind: str, game: str, variant: str, default_variant: str,
                lang: str = DEFAULT) -> Path:
    """--out, or output/<game>[-<variant>]-<kind>[-<lang>].pdf (no suffix in English; a missing
    folder is made when written)."""
    if args.out:
        return Path(args.out)
    stem = game if variant == default_variant else f"{game}-{variant}"
    return DEFAULT_FOLDER / f"{stem}-{kind}{file_suffix(lang)}.pdf"


def finish(args: argparse.Namespace, pdf: Path) -> None:
    """Write the preview if asked, and tell the user what was written."""
    print(pdf)
    if args.preview:
        from generator.render.preview import preview_path, write_preview

        print(write_preview(pdf, preview_path(pdf)))


def check_count(count: int) -> int:
    """--count N (sheets per mode); UsageError outside 1–MAX_COUNT."""
    if not 1 <= count <= MAX_COUNT:
        raise UsageError(f"--count must be 1–{MAX_COUNT} sheets, not {count}")
    return count


def check_pages(pages: int) -> int:
    """--pages N (score pad pages); UsageError outside 1–MAX_PAGES."""
    if not 1 <= pages <= MAX_PAGES:
        raise UsageError(f"--pages must be 1–{MAX_PAGES}, not {pages}")
    return pages


def parse_offset(text: str | None) -> tuple[float, float]:
    """--back-offset-mm "X,Y": the shift of the card backs in millimetres (right, up); UsageError
    for anything else."""
    if text is None:
        return (0.0, 0.0)
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        dx, dy = float(parts[0]), float(parts[1])
    except ValueError:
        raise UsageError(f"--back-offset-mm {text!r}: expected two numbers in mm, like 0.5,-1") from None
    if not all(abs(v) <= MAX_OFFSET_MM for v in (dx, dy)) or dx != dx or dy != dy:
        raise UsageError(f"--back-offset-mm {text!r}: each shift must be within ±{MAX_OFFSET_MM:g} mm")
    return (dx, dy)
