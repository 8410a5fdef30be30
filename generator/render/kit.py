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
from generator.rules.city import City, city_words

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
# The city's table page (issue 37): with --base-url its address, and the sheets' QR code opens it.
TABLE_PAGE = N_("""
The table page: {table}
  No action cards at hand? On a phone, this page turns them for a game on these sheets: everyone
  who enters the same table code sees the same start card, {assignments} and action cards. The QR
  code in each sheet's header opens it.
The levels page: {levels}
  The solo levels of the player aid, played on a phone: the deck is shuffled and the game judged
  for you. The QR code beside the aid's level table opens it.
""")
NO_TABLE_PAGE = N_("""
No action cards at hand? The website that  citytrip site  writes has a table page for {name}
({key}/table.html) that turns them on a phone: everyone who enters the same table code sees the
same cards. Print the kit with  --base-url  and the website's address, and the sheets carry a QR
code to it.
""")
FILES = ("sheets-basic", "sheets-advanced", "start-cards", "action-cards", "assignment-cards", "card-alignment",
         "scorepad", "reference")


@dataclass(frozen=True)
class KitOptions:
    count: int = 50
    offset_mm: tuple[float, float] = (0.0, 0.0)  # the action card backs' shift (right, up)
    base_url: str | None = None  # the site's address (checked): QR codes to the city's pages


def kit_file(slug: str, name: str, extension: str = ".pdf") -> str:
    """The name of one of the kit's files in the language in use: brugge-sheets-basic-nl.pdf."""
    return f"{slug}-{name}{file_suffix(current())}{extension}"


def write_kit(city: City, slug: str, paper: Paper, folder: Path, options: KitOptions) -> list[Path]:
    """Write the kit's PDFs into `folder` (made if missing), in the language in use, and return their paths."""
    from generator.render.card_alignment import render_alignment_test, reprint_command
    from generator.render.cards import render_action_cards, render_assignment_cards, render_start_cards
    from generator.daily.addresses import levels_address, table_address
    from generator.render.sheet import render_sheets

    table = table_address(options.base_url, city.key) if options.base_url else None
    written = [
        render_sheets(city, "basic", options.count, paper, folder / kit_file(slug, "sheets-basic"), table_url=table),
        render_sheets(city, "advanced", options.count, paper, folder / kit_file(slug, "sheets-advanced"),
                      table_url=table),
        render_start_cards(city, paper, folder / kit_file(slug, "start-cards")),
        render_action_cards(city, paper, folder / kit_file(slug, "action-cards"), options.offset_mm),
        render_assignment_cards(city, paper, folder / kit_file(slug, "assignment-cards")),
        render_alignment_test(city, paper, folder / kit_file(slug, "card-alignment"), options.offset_mm),
    ]
    aids = _player_aids(city, slug, paper, folder, options.base_url)
    written += aids
    names = {name.replace("-", "_"): kit_file(slug, name) for name in FILES}
    readme = _(README).format(name=city.name, command=reprint_command(city, paper), **names)
    if aids:
        readme += _(AIDS).format(**names)
    if table:
        readme += _(TABLE_PAGE).format(table=table, levels=levels_address(options.base_url, city.key),
                                       assignments=city_words(city).assignments)
    elif "/" not in city.key and "\\" not in city.key:  # the site has pages for the shipped cities only
        readme += _(NO_TABLE_PAGE).format(name=city.name, key=city.key)
    write_text(folder / f"README{file_suffix(current())}.txt", readme)
    return written


def _player_aids(city: City, slug: str, paper: Paper, folder: Path, base_url: str | None) -> list[Path]:
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
        written.append(render_reference(reference, paper, folder / kit_file(slug, "reference"), base_url))
    return written
