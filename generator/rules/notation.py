"""The one-line-per-turn plan notation, in the spirit of chess move notation.

    1. L1 L2 a:F11,G12 @G12 @F11
    2. L2 R2 R3 b:E9 @E9=event +2plan
    3. R1 R2

Each line: the turn number and a dot, the boxes (two, or three for a hunted turn), the nodes each
end enters (`a:` and `b:`), the goals achieved after `@` (with `=GOAL` for a choice location, R14)
and the bonus actions used after `+` (value and type, R9). `#` starts a comment.
`parse_plan(format_plan(plan)) == plan` for every plan.
"""

from __future__ import annotations

import re

from generator.errors import CitytripError, shown
from generator.rules.cards import BOX_NAMES, ActionType
from generator.rules.grid import Coord
from generator.rules.plan import BonusUse, GoalClaim, Plan, Turn

_TURN_NUMBER = re.compile(r"^(\d+)\.$")
_BONUS = re.compile(r"^\+([123])([a-z]+)$")


class NotationError(CitytripError):
    """Malformed notation text; the message names the line and the token."""


def parse_goal(text: str) -> GoalClaim:
    """"F10" or "F10=event"; raises ValueError."""
    at, _, goal = text.partition("=")
    if "=" in text and not re.fullmatch(r"[A-Za-z_]+", goal):
        raise ValueError(f"goal {shown(text)}: after '=' comes the name of the chosen goal, like F10=event")
    return GoalClaim(Coord.parse(at), goal.lower() or None)


def parse_bonus(value: str, action: str) -> BonusUse:
    if value not in ("1", "2", "3"):
        raise ValueError(f"bonus value {shown(value)} is not 1, 2 or 3")
    try:
        return BonusUse(int(value), ActionType(action.lower()))
    except ValueError:
        raise ValueError(f"bonus action type {shown(action)} is not one of plan, souvenir, photo, visit, eat") from None


def parse_turn(line: str) -> tuple[int, Turn]:
    """Parse one notation line into (turn number, Turn); raises ValueError."""
    tokens = line.split()
    if not tokens:
        raise ValueError("empty turn")
    match = _TURN_NUMBER.match(tokens[0])
    if not match:
        raise ValueError(f"a turn starts with its number and a dot, like '1.', not {shown(tokens[0])}")
    number = int(match.group(1))
    boxes: list[str] = []
    moves: list[tuple[Coord, ...]] = [(), ()]
    goals: list[GoalClaim] = []
    bonus: list[BonusUse] = []
    for token in tokens[1:]:
        upper = token.upper()
        if upper in BOX_NAMES:
            if moves != [(), ()] or goals or bonus:
                raise ValueError(f"box {shown(token)} must come before the moves, goals and bonus actions")
            boxes.append(upper)
        elif token[:2].lower() in ("a:", "b:"):
            end = 0 if token[0].lower() == "a" else 1
            if moves[end]:
                raise ValueError(f"end {shown(token[0])} is given twice")
            nodes = [n for n in token[2:].split(",") if n]
            if not nodes:
                raise ValueError(f"{shown(token)} names no node")
            moves[end] = tuple(Coord.parse(n) for n in nodes)
        elif token.startswith("@"):
            goals.append(parse_goal(token[1:]))
        elif token.startswith("+"):
            found = _BONUS.match(token.lower())
            if not found:
                raise ValueError(f"bonus {shown(token)} is not like +2plan")
            bonus.append(parse_bonus(*found.groups()))
        else:
            raise ValueError(f"cannot read {shown(token)} (expected a box L1–R3, a:/b: moves, @goal or +bonus)")
    if not boxes:
        raise ValueError("no boxes chosen")
    return number, Turn(tuple(boxes), (moves[0], moves[1]), tuple(goals), tuple(bonus))


def parse_plan(text: str) -> Plan:
    """Parse a whole plan; turn numbers must run 1, 2, 3, … Raises NotationError."""
    turns: list[Turn] = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            number, turn = parse_turn(line)
        except ValueError as error:
            raise NotationError(f"line {line_number}: {error}") from None
        if number != len(turns) + 1:
            raise NotationError(f"line {line_number}: turn {number} where turn {len(turns) + 1} was expected")
        turns.append(turn)
    return Plan(tuple(turns))


def format_turn(number: int, turn: Turn) -> str:
    parts = [f"{number}."]
    parts.extend(turn.boxes)
    for end, nodes in zip("ab", turn.moves):
        if nodes:
            parts.append(f"{end}:" + ",".join(str(n) for n in nodes))
    parts.extend(f"@{goal}" for goal in turn.goals)
    parts.extend(f"+{use}" for use in turn.bonus)
    return " ".join(parts)


def format_plan(plan: Plan) -> str:
    return "".join(format_turn(i, turn) + "\n" for i, turn in enumerate(plan.turns, start=1))
