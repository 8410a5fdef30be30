"""The words printed on a daily puzzle's sheet and answer key, as plain strings (no drawing here).

Kept apart from the drawing so that the sheet, the answer key, the site and the tests say the par
the same way: "par 118, proven optimal" only when the solver proved it, otherwise the best score
found and its certificate (no better plan changes at most w consecutive turns, solver/lns.py).

Every sentence is one message in the language in use (generator/language.py), with named
placeholders, so a Dutch or French sentence orders its words its own way; the city's own words
(its assignments, hunted actions, locations) come from generator/render/wording.py. The YAML files
and the console summary stay English: they are data and a log, the same in every language.
"""

from __future__ import annotations

from generator.daily.job import Daily
from generator.language import _, long_date, ngettext, pgettext
from generator.render.wording import capital, location_name
from generator.rules.assignments import MAX_SETS, Assignment, Kind
from generator.rules.cards import ActionType
from generator.rules.city import ADVANCED, Words, city_words
from generator.rules.grid import Coord
from generator.rules.plan import Turn
from generator.rules.puzzle import Puzzle


def par_text(daily: Daily) -> str:
    """The par as the sheet states it: "proven optimal" only when it is. A bound several times the
    par means nothing to a player, so it stays in the YAML files and `solve --json`."""
    if daily.puzzle.is_mini:
        return _("proven maximum {par}").format(par=daily.par)
    if daily.proven:
        return _("par {par}, proven optimal").format(par=daily.par)
    return _("par {par}").format(par=daily.par)


def target_par_text(daily: Daily) -> str:
    """"Target 65  ·  par 118", or a mini's "Proven maximum 4" (its target is its maximum)."""
    if daily.puzzle.is_mini:
        return capital(par_text(daily))
    target = daily.puzzle.target
    shown = _("Target {target}").format(target=target) if target is not None else _("No target")
    return f"{shown}  ·  {par_text(daily)}"


def total_label(daily: Daily) -> str:
    """What the answer plan's total equals: "par 118", or a mini's "maximum 4"."""
    if daily.puzzle.is_mini:
        return _("maximum {par}").format(par=daily.par)
    return _("par {par}").format(par=daily.par)


def certificate_line(daily: Daily) -> str:
    """What is known about an unproven par, in a player's words ("" when nothing is).

    Written from the certificate's window (how many consecutive turns a better plan would have to
    change at least), not from the solver's English sentence, which stays in the YAML header."""
    window = daily.window
    if daily.proven or window <= 0:
        return ""
    if window == 1:
        return _("The par is the best plan found: no better plan changes only one turn.")
    return ngettext("The par is the best plan found: no better plan changes at most {window} consecutive turn.",
                    "The par is the best plan found: no better plan changes at most {window} consecutive turns.",
                    window).format(window=window)


def title_text(daily: Daily) -> str:
    """"Citytrip Brugge daily puzzle" (or "daily mini"): the big line of both documents."""
    if daily.puzzle.is_mini:
        return _("Citytrip {city} daily mini").format(city=daily.puzzle.city.name)
    return _("Citytrip {city} daily puzzle").format(city=daily.puzzle.city.name)


def key_title_text(daily: Daily) -> str:
    """The answer key's big line: "Citytrip Brugge daily puzzle: answer key"."""
    return _("{title}: answer key").format(title=title_text(daily))


def turn_table_title(daily: Daily) -> str:
    """The heading of the sheet's page 2."""
    return _("{title}: the turns").format(title=title_text(daily))


def plan_table_title(daily: Daily) -> str:
    """The heading of the answer key's page 2."""
    return _("{title}: the answer turn by turn").format(title=title_text(daily))


def document_title(daily: Daily, key: bool = False) -> str:
    """The PDF's title (its metadata, what a viewer's title bar and a file list show)."""
    city, day = daily.puzzle.city.name, daily.day.isoformat()
    if key:
        return _("Citytrip {city} daily puzzle {date}: answer key").format(city=city, date=day)
    return _("Citytrip {city} daily puzzle {date}").format(city=city, date=day)


def document_subject(daily: Daily, key: bool = False) -> str:
    """The PDF's subject (metadata): the date, the target (sheet only) and the par."""
    if key:
        return f"{date_text(daily)}; {par_text(daily)}"
    return _("{date}; target {target}; {par}").format(date=date_text(daily), target=daily.puzzle.target,
                                                      par=par_text(daily))


def date_text(daily: Daily) -> str:
    """The date with its weekday, which names the difficulty (Monday easiest, Sunday hardest):
    "Tuesday 1 December 2026", "Dinsdag 1 december 2026", "Mardi 1 décembre 2026" (Babel)."""
    return capital(long_date(daily.day))


def setup_text(puzzle: Puzzle) -> str:
    """Mode, turns and directions (R6, R7): what makes the weekday's level harder or easier."""
    mode = _("advanced game") if puzzle.mode == ADVANCED else _("basic game")
    cards = _("{cards} cards, {turns} turns").format(cards=len(puzzle.turns) + 1, turns=len(puzzle.turns))
    if puzzle.directions == 2:
        directions = _("path from the start in two directions")
    else:
        directions = _("path from the start in one direction")
    return f"{mode} · {cards} · {directions}"


def level_text(daily: Daily) -> str:
    """The weekday's difficulty on a scale of seven: Monday easiest, Sunday hardest; a mini's square."""
    district = daily.puzzle.district
    if district is not None:
        return _("mini: the {columns} × {rows} square {square}").format(
            columns=district.columns, rows=district.rows, square=district.printed)
    return _("difficulty {level} of 7").format(level=daily.day.weekday() + 1)


def goal_text(daily: Daily) -> str:
    """The solo win condition (RULINGS "Solo"): every assignment achieved and the target reached."""
    target = daily.puzzle.target
    if daily.puzzle.is_mini:
        return _("Find a plan that scores {target}: no plan scores more").format(target=target)
    if daily.puzzle.assignments:
        words = city_words(daily.puzzle.city)
        return _("Win: achieve every {assignment} and score at least {target}").format(
            assignment=words.assignment, assignments=words.assignments, target=target)
    return _("Win: score at least {target}").format(target=target)


def turn_rules_text(words: Words) -> str:
    """How to play a turn, in the city's words (the turn table's heading; wrapped by the caller).
    `words` is the city's in the language in use: wording.city_words(city)."""
    return _("Each turn, tick 2 boxes that share a side; boxes of one type add up. Or, as a {hunted_turn}, "
             "tick 3 connected boxes and cross off the next number on the {hunted_actions} row (at most once "
             "a turn). Then extend the path on the map (plan actions) and cross the goals you pay for in full "
             "this turn on the strips. Unused actions are lost.").format(
        hunted_turn=words.hunted_turn, hunted_action=words.hunted_action, hunted_actions=words.hunted_actions)


def action_name(action: ActionType) -> str:
    """An action type as the answer key names it in a box ("L1 plan 2") and a bonus ("+1 photo")."""
    names = {
        ActionType.PLAN: pgettext("action type", "plan"),
        ActionType.SOUVENIR: pgettext("action type", "souvenir"),
        ActionType.PHOTO: pgettext("action type", "photo"),
        ActionType.VISIT: pgettext("action type", "visit"),
        ActionType.EAT: pgettext("action type", "eat"),
    }
    return names[action]


def category_name(key: str) -> str:
    """A goal category's short name, in lower case ("museum"): the legend's labels are too long
    for a line of the answer key. A city's own category without a message keeps its data key."""
    names = {
        "souvenir": pgettext("goal category", "souvenir"),
        "statue": pgettext("goal category", "statue"),
        "bridge": pgettext("goal category", "bridge"),
        "religious": pgettext("goal category", "religious"),
        "historic": pgettext("goal category", "historic"),
        "museum": pgettext("goal category", "museum"),
        "event": pgettext("goal category", "event"),
        "recreation": pgettext("goal category", "recreation"),
        "eat": pgettext("goal category", "eat"),
        "restaurant": pgettext("goal category", "restaurant"),
    }
    return names.get(key, key)


def most_text(key: str) -> str:
    """What a type 3 assignment asks, "most museums": each category in its language's plural,
    since a singular short name after "most" reads wrong ("le plus de : musée"). A city's own
    category without a message is named as it stands, after "most goals:"."""
    texts = {
        "souvenir": pgettext("type 3 assignment", "most souvenirs"),
        "statue": pgettext("type 3 assignment", "most statues"),
        "bridge": pgettext("type 3 assignment", "most bridges"),
        "religious": pgettext("type 3 assignment", "most religious buildings"),
        "historic": pgettext("type 3 assignment", "most historic buildings"),
        "museum": pgettext("type 3 assignment", "most museums"),
        "event": pgettext("type 3 assignment", "most events"),
        "recreation": pgettext("type 3 assignment", "most recreation spots"),
        "eat": pgettext("type 3 assignment", "most specialities"),
        "restaurant": pgettext("type 3 assignment", "most restaurants"),
    }
    return texts.get(key) or _("most goals: {category}").format(category=category_name(key))


def describe(puzzle: Puzzle, assignment: Assignment) -> str:
    """What an assignment asks (Assignment.describe, the engine's English, in the language in use),
    with the named locations by name."""
    kind = assignment.kind
    if kind is Kind.CATEGORY_RACE:
        return _("first to {count} × {category}").format(count=assignment.count,
                                                         category=category_name(assignment.category or ""))
    if kind is Kind.SETS:
        return _("{points} per set of {categories} (max {sets})").format(
            points=assignment.values[0], categories=" + ".join(category_name(c) for c in assignment.categories),
            sets=MAX_SETS)
    if kind is Kind.MOST:
        return most_text(assignment.category or "")
    if assignment.names_locations:
        names = ", ".join(_place(puzzle, at) for at in assignment.locations)
        return _("first to {places}").format(places=names)
    return _("drawn start locations: {places}").format(places=", ".join(str(c) for c in assignment.locations))


def assignment_lines(puzzle: Puzzle) -> list[str]:
    """One line per assignment: card id, what it asks (locations by name too) and its solo points."""
    lines = []
    for assignment in puzzle.assignments:
        what = describe(puzzle, assignment)
        # RULINGS "Solo": a race scores its highest value once achieved; type 2 already says
        # its points per set.
        if assignment.is_set:
            lines.append(_("{id}: {what}").format(id=assignment.id, what=what))
        else:
            points = assignment.values[0]
            lines.append(ngettext("{id}: {what} ({points} point)", "{id}: {what} ({points} points)", points)
                         .format(id=assignment.id, what=what, points=points))
    return lines


def statement_lines(puzzle: Puzzle) -> tuple[str, list[str]]:
    """The heading and lines under the target: the assignments, or a mini's square."""
    words = city_words(puzzle.city)
    if puzzle.district is not None:
        return pgettext("heading", "Mini"), [
            _("The map shows only the square {square}: the path stays inside it.").format(
                square=puzzle.district.printed),
            _("No {assignments}: only the score counts.").format(assignments=words.assignments)]
    return capital(words.assignments), assignment_lines(puzzle) or [_("none today: only the target counts")]


def _place(puzzle: Puzzle, at: Coord) -> str:
    location = puzzle.city.locations.get(at)
    return f"{location_name(location)} ({at})" if location else str(at)


def box_text(puzzle: Puzzle, turn_index: int, name: str) -> str:
    """A box of turn `turn_index` as "L1 plan 2"."""
    box = puzzle.turns[turn_index].box(name)
    return _("{box} {action} {value}").format(box=name, action=action_name(box.type), value=box.value)


def bonus_text(value: int, action: ActionType) -> str:
    """A bonus action used (R9): "+1 photo"."""
    return _("+{value} {action}").format(value=value, action=action_name(action))


def moves_text(turn: Turn) -> str:
    """The nodes entered this turn, per path end (R6): "a: Q17 P16 · b: C4", or "–"."""
    parts = []
    for end, nodes in zip("ab", turn.moves):
        if nodes:
            parts.append(pgettext("plan notation: a path end and its nodes", "{end}: {nodes}").format(
                end=end, nodes=" ".join(str(n) for n in nodes)))
    return " · ".join(parts) or "–"


def goals_text(puzzle: Puzzle, turn: Turn) -> str:
    """The goals achieved this turn: location name and coordinate, and the chosen goal of a choice (R14)."""
    parts = []
    for claim in turn.goals:
        name = _place(puzzle, claim.at)
        parts.append(f"{name} = {category_name(claim.goal)}" if claim.goal else name)
    # The separator between the goals of a turn: French puts a no-break space before ";".
    return pgettext("list separator between the goals of a turn", "; ").join(parts) or "–"


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
