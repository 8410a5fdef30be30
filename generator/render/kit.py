"""The print-and-play kit: every PDF a game night needs for one city, in one folder.

The kit reuses each renderer as it is (sheets, cards, score pad, player aid), so a kit file is
byte for byte the file its own command writes with the same options. The kit speaks the language
in use (generator/language.py): its PDFs and README are in that language, and their names end in
its suffix ("-nl", "-fr"; none for English), so kits in three languages share a folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.files import write_text
from generator.language import N_, _, current, file_suffix
from generator.render.pdf import Paper
from generator.rules.city import City

README = N_("""Citytrip {name}: print-and-play kit

Print every PDF at 100 % ("actual size"), never "fit to page": the cards are 63 x 88 mm and the
boxes of the sheets are measured in millimetres.

{sheets_basic}, {sheets_advanced}  fill-in sheets, one page per player per game
{start_cards}, {assignment_cards}  single-sided, cut along the crop marks
{action_cards}  double-sided: flip on the LONG edge. Print {card_alignment}
  first (one sheet, double-sided) and follow its steps: hold the side with the scales against the
  light and read where each cross shows through (X, Y in mm; right and up are +). If that is not
  0,0, run  {command}  with your reading.
""")  # translated where written
# Only the shipped cities have a score pad and a player aid (templates/*/citytrip.yaml variants):
# a kit of a city of one's own says nothing of files it does not hold.
AIDS = N_("{scorepad}, {reference}  score pad and player aid\n")
FILES = ("sheets-basic", "sheets-advanced", "start-cards", "action-cards", "assignment-cards", "card-alignment",
         "scorepad", "reference")


@dataclass(frozen=True)
class KitOptions:
    count: int = 50
    offset_mm: tuple[float, float] = (0.0, 0.0)  # the action card backs' shift (right, up)


def kit_file(slug: str, name: str, extension: str = ".pdf") -> str:
    """The name of one of the kit's files in the language in use: brugge-sheets-basic-nl.pdf."""
    return f"{slug}-{name}{file_suffix(current())}{extension}"


def write_kit(city: City, slug: str, paper: Paper, folder: Path, options: KitOptions) -> list[Path]:
    """Write the kit's PDFs into `folder` (made if missing), in the language in use, and return their paths."""
    from generator.render.card_alignment import render_alignment_test, reprint_command
    from generator.render.cards import render_action_cards, render_assignment_cards, render_start_cards
    from generator.render.sheet import render_sheets

    written = [
        render_sheets(city, "basic", options.count, paper, folder / kit_file(slug, "sheets-basic")),
        render_sheets(city, "advanced", options.count, paper, folder / kit_file(slug, "sheets-advanced")),
        render_start_cards(city, paper, folder / kit_file(slug, "start-cards")),
        render_action_cards(city, paper, folder / kit_file(slug, "action-cards"), options.offset_mm),
        render_assignment_cards(city, paper, folder / kit_file(slug, "assignment-cards")),
        render_alignment_test(city, paper, folder / kit_file(slug, "card-alignment"), options.offset_mm),
    ]
    aids = _player_aids(city, slug, paper, folder)
    written += aids
    names = {name.replace("-", "_"): kit_file(slug, name) for name in FILES}
    readme = _(README).format(name=city.name, command=reprint_command(city, paper), **names)
    if aids:
        readme += _(AIDS).format(**names)
    write_text(folder / f"README{file_suffix(current())}.txt", readme)
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
        written.append(render_scorepad(pad, pad.max_players, paper, folder / kit_file(slug, "scorepad")))
    reference = load_reference(TEMPLATES / "reference" / "citytrip.yaml")
    if city.key in reference.variants:
        reference = load_reference(TEMPLATES / "reference" / "citytrip.yaml", city.key)
        written.append(render_reference(reference, paper, folder / kit_file(slug, "reference")))
    return written
