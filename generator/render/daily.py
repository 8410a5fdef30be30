"""The daily puzzle's two PDFs: the puzzle sheet and the answer key.

`render_daily(daily, stem, paper)` is the render callable of generator/daily/job.py's
`make_daily` (bind the paper with functools.partial). It writes `<stem>-sheet.pdf` (the city sheet
with the puzzle's header and QR code, then the turn table) and `<stem>-answer-key.pdf` (the par
plan on the map with the score breakdown, then the plan turn by turn), each atomically through
`atomic_output` and with ReportLab's invariant mode, so the same daily gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from generator.daily.job import Daily
from generator.render.answer_key import draw_key_page, draw_plan_table, layout_key
from generator.render.daily_sheet import draw_puzzle_page, draw_turn_table, layout_puzzle_sheet
from generator.render.daily_text import date_text, par_text
from generator.files import atomic_output
from generator.render.pdf import new_canvas, paper as paper_named


def sheet_path(stem: Path) -> Path:
    return Path(f"{stem}-sheet.pdf")


def answer_key_path(stem: Path) -> Path:
    return Path(f"{stem}-answer-key.pdf")


def render_daily(daily: Daily, stem: Path, paper: str = "a4") -> list[Path]:
    """Write the puzzle sheet and the answer key next to `stem`; return their paths."""
    size = paper_named(paper)
    return [render_puzzle_sheet(daily, sheet_path(stem), size), render_answer_key(daily, answer_key_path(stem), size)]


def render_puzzle_sheet(daily: Daily, out: Path, paper) -> Path:
    city = daily.puzzle.city
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=f"Citytrip {city.name} daily puzzle {daily.day.isoformat()}",
                            subject=f"{date_text(daily)}; target {daily.puzzle.target}; {par_text(daily)}")
        draw_puzzle_page(canvas, daily, layout_puzzle_sheet(daily, paper))
        canvas.showPage()
        draw_turn_table(canvas, daily, paper)
        canvas.showPage()
        canvas.save()
    return Path(out)


def render_answer_key(daily: Daily, out: Path, paper) -> Path:
    city = daily.puzzle.city
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=f"Citytrip {city.name} daily puzzle {daily.day.isoformat()}: answer key",
                            subject=f"{date_text(daily)}; {par_text(daily)}")
        draw_key_page(canvas, daily, layout_key(daily, paper))
        canvas.showPage()
        draw_plan_table(canvas, daily, paper)
        canvas.showPage()
        canvas.save()
    return Path(out)
