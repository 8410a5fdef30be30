"""benchmarks/weekdays.py --results: real players' plays (citytrip serve's export) beside the panel."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
_path = list(sys.path)
sys.path.insert(0, str(BENCHMARKS))
try:
    import weekdays
finally:
    sys.path[:] = _path  # the scripts' folder stays off the path of every other test


def _row(city: str, day: str, weekday: int, wins: list[bool]) -> dict:
    players = {f"player {i}": {"score": 100, "complete": True, "wins": won} for i, won in enumerate(wins)}
    return {"city": city, "day": day, "weekday": weekday, "target": 100, "par": 120, "players": players}


def test_people_are_counted_per_weekday_and_date_beside_the_panel(tmp_path):
    """Only the daily's counted plays (not the mini's), joined on city and date; the service writes
    `won` as True/False. Monday: the panel wins 1 of 2 seats, people 2 of 3; Tuesday: no plays."""
    export = tmp_path / "plays.csv"
    export.write_text(
        "date,city,kind,version,score,won,medal,plan,received\n"
        "2026-12-07,brugge,daily,7,120,True,gold,1. L1 L2,t\n"
        "2026-12-07,brugge,daily,7,110,True,silver,1. L1 L2,t\n"
        "2026-12-07,brugge,daily,7,80,False,,1. L1 L2,t\n"
        "2026-12-07,brugge,mini,7,3,True,gold,1. L1 L2,t\n"
        "2026-12-08,antwerpen,mini,7,3,True,gold,1. L1 L2,t\n", encoding="utf-8")
    rows = [_row("brugge", "2026-12-07", 0, [True, False]), _row("antwerpen", "2026-12-08", 1, [True, True])]
    text = weekdays.people(rows, export)
    assert "| Monday | 1 | 50% | 1 | 3 | 67% |" in text
    assert "| Tuesday | 1 | 100% | 0 | 0 | – |" in text
    assert "| 2026-12-07 | brugge | Monday | 100 | 1/2 | 3 | 2 (67%) |" in text
    assert "2026-12-08" not in text  # a date without daily plays has no row of its own
