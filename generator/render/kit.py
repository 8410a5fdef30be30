"""The print-and-play kit: every PDF a game night needs for one city, in one folder.

The kit reuses each renderer as it is (sheets, cards, score pad, player aid), so a kit file is
byte for byte the file its own command writes with the same options.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.files import write_text
from generator.render.pdf import Paper
from generator.rules.city import City

README = """Citytrip {name}: print-and-play kit

Print every PDF at 100 % ("actual size"), never "fit to page": the cards are 63 x 88 mm and the
boxes of the sheets are measured in millimetres.

{slug}-sheets-basic.pdf, {slug}-sheets-advanced.pdf  fill-in sheets, one page per player per game
{slug}-start-cards.pdf, {slug}-assignment-cards.pdf  single-sided, cut along the crop marks
{slug}-action-cards.pdf  double-sided: flip on the LONG edge. Print {slug}-card-alignment.pdf
  first (one sheet, double-sided) and follow its steps: hold the side with the scales against the
  light and read where each cross shows through (X, Y in mm; right and up are +). If that is not
  0,0, run  {command}  with your reading.
{slug}-scorepad.pdf, {slug}-reference.pdf  score pad and player aid (when the city has them)
"""


@dataclass(frozen=True)
class KitOptions:
    count: int = 50
    offset_mm: tuple[float, float] = (0.0, 0.0)  # the action card backs' shift (right, up)


def write_kit(city: City, slug: str, paper: Paper, folder: Path, options: KitOptions) -> list[Path]:
    """Write the kit's PDFs into `folder` (made if missing) and return their paths."""
    from generator.render.card_alignment import render_alignment_test, reprint_command
    from generator.render.cards import render_action_cards, render_assignment_cards, render_start_cards
    from generator.render.sheet import render_sheets

    written = [
        render_sheets(city, "basic", options.count, paper, folder / f"{slug}-sheets-basic.pdf"),
        render_sheets(city, "advanced", options.count, paper, folder / f"{slug}-sheets-advanced.pdf"),
        render_start_cards(city, paper, folder / f"{slug}-start-cards.pdf"),
        render_action_cards(city, paper, folder / f"{slug}-action-cards.pdf", options.offset_mm),
        render_assignment_cards(city, paper, folder / f"{slug}-assignment-cards.pdf"),
        render_alignment_test(city, paper, folder / f"{slug}-card-alignment.pdf", options.offset_mm),
    ]
    written += _player_aids(city, slug, paper, folder)
    write_text(folder / "README.txt", README.format(name=city.name, slug=slug, command=reprint_command(city, paper)))
    return written


def _player_aids(city: City, slug: str, paper: Paper, folder: Path) -> list[Path]:
    """The Citytrip score pad and reference card, for the cities whose templates have a variant."""
    from generator.render.reference import render_reference
    from generator.render.reference_template import load_reference
    from generator.render.scorepad import render_scorepad
    from generator.render.scorepad_template import load_scorepad
    from generator.render.template import TEMPLATES

    written = []
    pad = load_scorepad(TEMPLATES / "scorepad" / "citytrip.yaml")
    if city.key in pad.variants:
        pad = load_scorepad(TEMPLATES / "scorepad" / "citytrip.yaml", city.key)
        written.append(render_scorepad(pad, pad.max_players, paper, folder / f"{slug}-scorepad.pdf"))
    reference = load_reference(TEMPLATES / "reference" / "citytrip.yaml")
    if city.key in reference.variants:
        reference = load_reference(TEMPLATES / "reference" / "citytrip.yaml", city.key)
        written.append(render_reference(reference, paper, folder / f"{slug}-reference.pdf"))
    return written
