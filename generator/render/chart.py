"""The level-sweep chart: win rate per solo level, one line per player and deck size."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from generator.levels.report import Rate
from generator.files import atomic_output
from generator.render.pdf import FONT, FONT_BOLD, PAPERS, new_canvas

# Dark/light pairs stay apart in greyscale; dashes tell the players apart without colour.
SERIES = {
    ("honest", 16): ("#1f4e79", ()),
    ("honest", 20): ("#6fa8dc", ()),
    ("solver", 16): ("#7f3f00", (4, 2)),
    ("solver", 20): ("#e69138", (4, 2)),
}


def render_chart(table: list[Rate], title: str, out: Path) -> Path:
    page = PAPERS["a4"]
    width, height = page.height, page.width  # landscape
    levels = sorted({r.level for r in table})
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, page, title=title)
        canvas.setPageSize((width, height))
        left, bottom, right, top = 25 * mm, 25 * mm, width - 85 * mm, height - 25 * mm
        canvas.setFont(FONT_BOLD, 14)
        canvas.drawString(left, height - 15 * mm, title)
        canvas.setFont(FONT, 8)
        canvas.setStrokeColor("#999999")
        canvas.setLineWidth(0.3)
        for pct in range(0, 101, 10):
            y = bottom + (top - bottom) * pct / 100
            canvas.line(left, y, right, y)
            canvas.drawRightString(left - 2 * mm, y - 3, f"{pct} %")

        def x_of(level: int) -> float:
            if len(levels) == 1:
                return (left + right) / 2
            return left + (right - left) * (levels.index(level)) / (len(levels) - 1)

        for level in levels:
            canvas.drawCentredString(x_of(level), bottom - 5 * mm, str(level))
        canvas.drawCentredString((left + right) / 2, bottom - 11 * mm, "solo level")
        legend_y = top
        for (player, cards), (colour, dash) in SERIES.items():
            points = [(x_of(r.level), bottom + (top - bottom) * r.rate) for r in table if r.player == player and r.cards == cards]
            if not points:
                continue
            canvas.setStrokeColor(colour)
            canvas.setFillColor(colour)
            canvas.setLineWidth(1.5)
            canvas.setDash(*dash) if dash else canvas.setDash()
            path = canvas.beginPath()
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.setDash()
            for x, y in points:
                canvas.circle(x, y, 1.5, stroke=0, fill=1)
            canvas.line(right + 8 * mm, legend_y, right + 16 * mm, legend_y)
            canvas.setFillColor("#000000")
            label = "honest player" if player == "honest" else "solver (full knowledge)"
            canvas.drawString(right + 18 * mm, legend_y - 3, f"{label}, {cards} cards")
            legend_y -= 7 * mm
        canvas.showPage()
        canvas.save()
    return out
