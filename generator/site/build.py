"""`build_site`: the daily puzzles and minis of some dates and cities, as a static website.

For each city and date the daily job runs as `citytrip daily` would (same deal, same par, same
files), writing its YAML and PDFs into the date's folder, and the page is written next to them:

    index.html                      every puzzle, by date and city
    how-to-play.html
    assets/                         Pyodide, the engine's sources, fonts, play.js, record.js, index.js, words.js, style.css
                                    (and results.js, with a results service)
    brugge/2026-12-01/index.html    the daily puzzle's page
    brugge/2026-12-01/mini.html     the daily mini's page
    brugge/2026-12-01/citytrip-brugge-2026-12-01-sheet.pdf, …-answer-key.pdf, …-puzzle.yaml, …
    brugge/table.html               a group's game at the table, dealt from a table code
    brugge/levels.html              the city's solo levels, played by taps on a deck dealt from a code

The table and levels pages need no date: with no dates (`citytrip site --no-dailies`) the site
has only them, the index and how to play.

Every file goes through generator.files, and nothing depends on the clock or the machine: the
same dates, cities, base address and language give the same bytes. A site is in one language, the
one in use when it is built (`citytrip site --lang`, generator/language.py): its pages, its
script's words and, as the daily job writes them, its PDFs.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Callable, Iterable

from generator.daily.job import Daily, file_stem
from generator.files import write_text
from generator.render.daily import answer_key_path, sheet_path
from generator.render.daily_text import target_par_text
from generator.daily.addresses import page_folder, page_path
from generator.site.assets import write_assets
from generator.data.cities import load_city
from generator.site.pages import Listed, how_to_play_page, index_page, levels_page, puzzle_page, table_page

# (city key, date, the date's folder) → the daily and its mini (None when no mini was proven),
# with their files written into the folder. The CLI binds the real solver; tests bind a cheap one.
Maker = Callable[[str, dt.date, Path], tuple[Daily, Daily | None]]


def build_site(out: Path, cities: Iterable[str], days: Iterable[dt.date], make: Maker,
               progress: Callable[[str], None] = lambda line: None, results_url: str | None = None) -> list[Path]:
    """Write the site into `out`; returns the files written (pages and assets, not the PDFs). With
    `results_url` (where `citytrip serve` answers, checked by the CLI) the puzzle pages send a
    finished play there and show the standing, and how to play says what is sent; without it
    nothing is sent and nothing is said about it."""
    days = list(days)
    cities = list(cities)
    written = write_assets(out, results=bool(results_url))
    listed: list[Listed] = []
    for city in cities:
        for day in days:
            folder = out / page_folder(city, day)
            daily, mini = make(city, day, folder)
            for puzzle in (daily, mini):
                if puzzle is None:
                    continue
                stem = Path(file_stem(city, day) + ("-mini" if puzzle.puzzle.is_mini else ""))
                files = {"sheet": sheet_path(stem).name, "answer_key": answer_key_path(stem).name}
                page = out / page_path(city, day, puzzle.puzzle.is_mini)
                written.append(write_text(page, puzzle_page(puzzle, files, results_url)))
                listed.append(Listed(city, puzzle.puzzle.city.name, day, puzzle.puzzle.is_mini,
                                     target_par_text(puzzle)))
                progress(f"wrote {page}")
    games = []
    for city in cities:
        loaded = load_city(city)
        written.append(write_text(out / city / "table.html", table_page(loaded)))
        written.append(write_text(out / city / "levels.html", levels_page(loaded)))
        games.append((city, loaded.name))
        progress(f"wrote {out / city / 'table.html'} and levels.html")
    written.append(write_text(out / "index.html", index_page(listed, games)))
    written.append(write_text(out / "how-to-play.html", how_to_play_page(results_url)))
    return written
