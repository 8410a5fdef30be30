"""What `citytrip daily` prints about a date's puzzle and its mini (one batch's job prints the same)."""

from __future__ import annotations


def summary(daily) -> str:
    """The daily puzzle: level, start, assignments, target and par, code, page and files."""
    from generator.daily.deal import difficulty
    from generator.rules.city import city_words

    level = difficulty(daily.day)
    puzzle = daily.puzzle
    words = city_words(puzzle.city)  # Antwerpen's missions
    note = daily.par_note(bound="the solver's proven bound is {bound}, {gap} above it")  # the YAML header's is terser
    lines = [
        f"Citytrip {puzzle.city.name} daily puzzle for {daily.day.isoformat()} ({level.name}: "
        f"{len(puzzle.turns)} turns, {puzzle.mode} game, {puzzle.directions} direction(s))",
        f"  start: {puzzle.start_location.name} ({puzzle.start})",
        f"  {words.assignments}: {', '.join(a.id + ' ' + a.describe() for a in puzzle.assignments) or 'none'}",
        f"  target {puzzle.target}{_panel(daily)}, par {daily.par} ({note}); the honest player scores {daily.honest}",
        f"  code: {daily.code}",
    ]
    return _with_files(lines, daily)


def _panel(daily) -> str:
    """" (reached by 7 of 8 players of the panel)": the panel that set the target (docs/calibration.md)."""
    if not daily.panel:
        return ""
    from generator.daily.job import panel_line

    return f" (reached by {panel_line(daily.panel, daily.puzzle.target)})"


def mini_summary(mini) -> str:
    """The mini: its square, start, proven maximum, code, page and files."""
    puzzle = mini.puzzle
    lines = [
        f"Citytrip {puzzle.city.name} daily mini for {mini.day.isoformat()} ({len(puzzle.turns)} turns, "
        f"{puzzle.mode} game, one direction, the square {puzzle.district}; deal {mini.attempt + 1})",
        f"  start: {puzzle.start_location.name} ({puzzle.start})",
        f"  proven maximum {mini.par} (the target); the honest player scores {mini.honest}",
        f"  code: {mini.code}",
    ]
    return _with_files(lines, mini)


def _with_files(lines: list[str], daily) -> str:
    page = [f"  page (in the QR code): {daily.address}"] if daily.address else []
    return "\n".join([*lines, *page, *(f"  wrote {path}" for path in daily.files)])
