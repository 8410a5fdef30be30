"""Options shared by the print commands: city, paper, language, preview, the site's address and the
output folder (sheets, cards, kit), game and variant (scorepad, reference), and --back-offset-mm.

The renderers take plain values (an offset in mm, a folder); the option names are the command
line's, so they are read and worded here (the plain numbers, --count and --pages, in ranges.py).
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
MAX_OFFSET_MM = 10.0  # --back-offset-mm: each shift within ±10 mm


def add_city_options(parser: argparse.ArgumentParser) -> None:
    """--city, --paper, --lang and --preview, shared by sheets, cards and kit."""
    parser.add_argument("--city", required=True, metavar="CITY", help="brugge, antwerpen, or the folder of your own city")
    parser.add_argument("--paper", default="a4", metavar="PAPER", help="a4 (default) or letter")
    add_language_option(parser)
    parser.add_argument("--preview", action="store_true", help="also write a PNG of the first page next to each PDF")


def add_base_url_option(parser: argparse.ArgumentParser) -> None:
    """--base-url of the printing commands: the sheets' QR code to the city's table page."""
    parser.add_argument(
        "--base-url", metavar="URL",
        help="the address of the site that `citytrip site` built (like https://example.org/citytrip): each "
             "fill-in sheet's header then carries a QR code to the city's table page (URL/CITY/table.html), "
             "which turns the action cards on a phone (default: no QR code)")


def city_slug(city) -> str:
    """A file-name-safe name for a city: the shipped key, or its display name in lowercase."""
    text = city.key if "/" not in city.key and "\\" not in city.key else city.name
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-") or "city"


def output_folder(out: str | None, city) -> Path:
    """--out, or output/<city>/ (made when the first file is written, like any missing folder)."""
    return Path(out) if out else DEFAULT_FOLDER / city_slug(city)


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
