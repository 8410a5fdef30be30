"""The daily puzzle's two PDFs: the puzzle sheet and the answer key.

`render_daily(daily, stem, paper)` is the render callable of generator/daily/job.py's `Pages`,
by which `make_daily` and `make_mini` write their PDFs (bind the paper with functools.partial). It
writes `<stem>-sheet.pdf` (the city sheet with the puzzle's header and QR code, then the turn
table) and `<stem>-answer-key.pdf` (the par plan on the map with the score breakdown, then the plan
turn by turn), each atomically through `atomic_output` and with ReportLab's invariant mode, so the
same daily gives the same bytes.

Both PDFs speak the language in use (generator/language.py `speaking`); in Dutch or French their
names gain its suffix (`<stem>-sheet-nl.pdf`), so the languages of one date sit side by side. The
YAML files keep their names: they are the same bytes in every language.
"""

from __future__ import annotations

from pathlib import Path

from generator.daily.job import Daily
from generator.render.answer_key import draw_key_page, draw_plan_table, layout_key
from generator.render.daily_sheet import draw_puzzle_page, draw_turn_table, layout_puzzle_sheet
from generator.render.daily_text import document_subject, document_title
from generator.files import atomic_output
from generator.language import current, file_suffix
from generator.render.pdf import new_canvas, paper as paper_named


def sheet_path(stem: Path, lang: str | None = None) -> Path:
    """The puzzle sheet's file in `lang` (default: the language in use)."""
    return Path(f"{stem}-sheet{file_suffix(lang or current())}.pdf")


def answer_key_path(stem: Path, lang: str | None = None) -> Path:
    """The answer key's file in `lang` (default: the language in use)."""
    return Path(f"{stem}-answer-key{file_suffix(lang or current())}.pdf")


def render_daily(daily: Daily, stem: Path, paper: str = "a4") -> list[Path]:
    """Write the puzzle sheet and the answer key next to `stem`; return their paths."""
    size = paper_named(paper)
    return [render_puzzle_sheet(daily, sheet_path(stem), size), render_answer_key(daily, answer_key_path(stem), size)]


def render_puzzle_sheet(daily: Daily, out: Path, paper) -> Path:
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=document_title(daily), subject=document_subject(daily))
        draw_puzzle_page(canvas, daily, layout_puzzle_sheet(daily, paper))
        canvas.showPage()
        draw_turn_table(canvas, daily, paper)
        canvas.showPage()
        canvas.save()
    return Path(out)


def render_answer_key(daily: Daily, out: Path, paper) -> Path:
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, paper, title=document_title(daily, key=True), subject=document_subject(daily, key=True))
        draw_key_page(canvas, daily, layout_key(daily, paper))
        canvas.showPage()
        draw_plan_table(canvas, daily, paper)
        canvas.showPage()
        canvas.save()
    return Path(out)
