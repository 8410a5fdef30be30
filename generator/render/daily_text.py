"""The words printed on a daily puzzle's sheet and answer key, as plain strings (no drawing here).

Kept apart from the drawing so that the sheet, the answer key and the tests say the par the same
way: "par 118, proven optimal" only when the solver proved it, otherwise the best score found
and its certificate (no better plan changes at most w consecutive turns, solver/lns.py).
"""

from __future__ import annotations


from generator.daily.job import Daily
from generator.render.wording import capital
from generator.rules.city import ADVANCED, Words
from generator.rules.grid import Coord
from generator.rules.plan import Turn
from generator.rules.puzzle import Puzzle

def par_text(daily: Daily) -> str:
    """The par as the sheet states it: "proven optimal" only when it is. A bound several times the
    par means nothing to a player, so it stays in the YAML files and `solve --json`."""
    if daily.puzzle.is_mini:
        return f"proven maximum {daily.par}"
    if daily.proven:
        return f"par {daily.par}, proven optimal"
    return f"par {daily.par}"


def target_par_text(daily: Daily) -> str:
    """"Target 65  ·  par 118", or a mini's "Proven maximum 4" (its target is its maximum)."""
    if daily.puzzle.is_mini:
        return capital(par_text(daily))
    target = f"Target {daily.puzzle.target}" if daily.puzzle.target is not None else "No target"
    return f"{target}  ·  {par_text(daily)}"


def total_label(daily: Daily) -> str:
    """What the answer plan's total equals: "par 118", or a mini's "maximum 4"."""
    return f"maximum {daily.par}" if daily.puzzle.is_mini else f"par {daily.par}"


def certificate_line(daily: Daily) -> str:
    """What is known about an unproven par, in a player's words ("" when nothing is)."""
    if daily.proven or not daily.certificate:
        return ""
    return f"The par is the best plan found: {daily.certificate}."


def title_text(daily: Daily) -> str:
    """"Citytrip Brugge daily puzzle" (or "daily mini"): the big line of both documents."""
    kind = "daily mini" if daily.puzzle.is_mini else "daily puzzle"
    return f"Citytrip {daily.puzzle.city.name} {kind}"


def date_text(daily: Daily) -> str:
    """The date with its weekday, which names the difficulty (Monday easiest, Sunday hardest)."""
    return f"{daily.day.strftime('%A')} {daily.day.day} {daily.day.strftime('%B %Y')}"


def setup_text(puzzle: Puzzle) -> str:
    """Mode, turns and directions (R6, R7): what makes the weekday's level harder or easier."""
    mode = "advanced game" if puzzle.mode == ADVANCED else "basic game"
    directions = "two directions" if puzzle.directions == 2 else "one direction"
    return f"{mode} · {len(puzzle.turns) + 1} cards, {len(puzzle.turns)} turns · path from the start in {directions}"


def level_text(daily: Daily) -> str:
    """The weekday's difficulty on a scale of seven: Monday easiest, Sunday hardest; a mini's square."""
    district = daily.puzzle.district
    if district is not None:
        return f"mini: the {district.columns} × {district.rows} square {district.printed}"
    return f"difficulty {daily.day.weekday() + 1} of 7"


def goal_text(daily: Daily) -> str:
    """The solo win condition (RULINGS "Solo"): every assignment achieved and the target reached."""
    target = daily.puzzle.target
    if daily.puzzle.is_mini:
        return f"Find a plan that scores {target}: no plan scores more"
    if daily.puzzle.assignments:
        return f"Win: achieve every {daily.puzzle.city.words.assignment} and score at least {target}"
    return f"Win: score at least {target}"


def turn_rules_text(words: Words) -> str:
    """How to play a turn, in the city's words (the turn table's heading; wrapped by the caller)."""
    return (f"Each turn, tick 2 boxes that share a side; boxes of one type add up. Or, as a {words.hunted_turn}, "
            f"tick 3 connected boxes and cross off the next number on the {words.hunted_actions} row (at most once "
            f"a turn). Then extend the path on the map (plan actions) and cross the goals you pay for in full "
            f"this turn on the strips. Unused actions are lost.")


def assignment_lines(puzzle: Puzzle) -> list[str]:
    """One line per assignment: card id, what it asks (locations by name too) and its solo points."""
    lines = []
    for assignment in puzzle.assignments:
        if assignment.is_race and assignment.locations:
            names = ", ".join(_place(puzzle, at) for at in assignment.locations)
            what = f"first to {names}"
        else:
            what = assignment.describe()
        # RULINGS "Solo": a race scores its highest value once achieved; type 2 already says
        # its points per set.
        points = "" if assignment.is_set else f" ({assignment.values[0]} points)"
        lines.append(f"{assignment.id}: {what}{points}")
    return lines


def statement_lines(puzzle: Puzzle) -> tuple[str, list[str]]:
    """The heading and lines under the target: the assignments, or a mini's square."""
    words = puzzle.city.words
    if puzzle.district is not None:
        return "Mini", [f"The map shows only the square {puzzle.district.printed}: "
                        "the path stays inside it.",
                        f"No {words.assignments}: only the score counts."]
    return capital(words.assignments), assignment_lines(puzzle) or ["none today: only the target counts"]


def _place(puzzle: Puzzle, at: Coord) -> str:
    location = puzzle.city.locations.get(at)
    return f"{location.name} ({at})" if location else str(at)


def box_text(puzzle: Puzzle, turn_index: int, name: str) -> str:
    """A box of turn `turn_index` as "L1 plan 2"."""
    box = puzzle.turns[turn_index].box(name)
    return f"{name} {box.type.value} {box.value}"


def moves_text(turn: Turn) -> str:
    """The nodes entered this turn, per path end (R6): "a: Q17 P16 · b: C4", or "–"."""
    parts = []
    for end, nodes in zip("ab", turn.moves):
        if nodes:
            parts.append(f"{end}: {' '.join(str(n) for n in nodes)}")
    return " · ".join(parts) or "–"


def goals_text(puzzle: Puzzle, turn: Turn) -> str:
    """The goals achieved this turn: location name and coordinate, and the chosen goal of a choice (R14)."""
    parts = []
    for claim in turn.goals:
        name = _place(puzzle, claim.at)
        parts.append(f"{name} = {claim.goal}" if claim.goal else name)
    return "; ".join(parts) or "–"


def code_lines(code: str, width_chars: int) -> list[str]:
    """The puzzle code broken after "/", "+" or a deck card's "." into lines of at most `width_chars` characters."""
    lines: list[str] = []
    current = ""
    token = ""
    for i, char in enumerate(code):
        token += char
        # A "." breaks between deck cards (7A.12B), never inside an assignment id (1.02).
        if char in "/+" or (char == "." and code[i - 1] in "AB"):
            if current and len(current) + len(token) > width_chars:
                lines.append(current)
                current = ""
            current += token
            token = ""
    if token:
        if current and len(current) + len(token) > width_chars:
            lines.append(current)
            current = ""
        current += token
    if current:
        lines.append(current)
    return lines
