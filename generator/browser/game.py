"""One solo game played by taps on the web page: the engine judges every tap and every turn.

The page's JavaScript draws and forwards taps; it decides nothing. Each tap becomes a change of
the turn being written (the *draft*: boxes, the nodes each path end enters, goals ticked, bonus
actions used). A player taps a turn in any order, as the paper writes it (boxes, the walk, the
places, the bonus actions last), so a tap is refused only for what nothing later in the turn can
mend (`Sheet.draft_problems`: boxes that share no side, a step off the map's links, a place the
path does not touch, a third bonus action...). A step or goal that the actions chosen so far do
not pay yet is kept and drawn as unpaid, with a running count of the actions against what the
draft asks of them; a bonus action earned by a place ticked later is offered at once, since the
turn is judged whole. "Next turn" asks the engine for that whole verdict (`Sheet.check`: some order
of the steps, goals and bonus uses pays everything when it happens) and plays the draft with
`Sheet.play`, or says in one sentence what is missing. So the page can only ever show a position
that the rules engine reached, and the one-line notation it prints (generator/rules/notation.py)
replays to the same score in `citytrip verify`.

Every public method returns the whole view as a JSON string (the state the page draws), so the
JavaScript side needs no knowledge of the engine's objects. Standard library only: this module
runs under Pyodide with generator/rules.

The game speaks the page's language: its messages are marked with `_()` and every public method
runs inside `speaking(lang)` (generator/language.py, bundled with the engine), which reads the
compiled catalog the page put next to the sources; the engine's reasons for refusing a turn
(generator/rules) are messages too, so they come in the same language.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generator.browser.puzzle_json import puzzle_from_json
from generator.errors import CitytripError
from generator.language import DEFAULT, _, ngettext, pgettext, speaking
from generator.rules.cards import BOX_NAMES, PAIRS, TRIPLES, ActionType, normalise_boxes
from generator.rules.city import ADVANCED, Words
from generator.rules.grid import Coord
from generator.rules.notation import format_plan, format_turn, parse_plan, parse_turn
from generator.rules.plan import BonusUse, GoalClaim, Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import solo_won
from generator.rules.sheet import MAX_BONUS_PER_TURN, Sheet

MEDALS = ("bronze", "silver", "gold")


def action_words() -> dict[str, str]:
    """The five kinds of action as the page names them ("2 plan", "photo 3"): the site's pages
    (generator/site/pages.py) and the game's own sentences use the same words."""
    return {
        "plan": pgettext("action", "plan"),
        "souvenir": pgettext("action", "souvenir"),
        "photo": pgettext("action", "photo"),
        "visit": pgettext("action", "visit"),
        "eat": pgettext("action", "eat"),
    }


def medal(score: int, target: int | None, par: int, won: bool) -> str | None:
    """Bronze at the target, silver half way from the target to the par, gold at the par.

    Only a won game earns one (every assignment achieved, target reached: RULINGS "Solo").
    """
    if not won or target is None:
        return None
    if score >= par:
        return "gold"
    if 2 * score >= target + par:  # half way, without rounding
        return "silver"
    return "bronze" if score >= target else None


def spoken(method):
    """A public method of the Game, run in the game's language (its messages and the view)."""

    @functools.wraps(method)
    def in_language(self, *args):
        with speaking(self.lang):
            return method(self, *args)

    return in_language


@dataclass
class Draft:
    """The turn being written, as the list of taps that built it (undo pops the last one)."""

    taps: list[tuple[str, Any]] = field(default_factory=list)

    def turn(self) -> Turn:
        boxes: list[str] = []
        moves: list[list[Coord]] = [[], []]
        goals: list[GoalClaim] = []
        bonus: list[BonusUse] = []
        for kind, value in self.taps:
            if kind == "box" and value in boxes:
                boxes.remove(value)  # a second tap on a box un-chooses it
            elif kind == "box":
                boxes.append(value)
            elif kind == "step":
                moves[value[0]].append(value[1])
            elif kind == "goal":
                goals.append(value)
            elif kind == "bonus":
                bonus.append(value)
        return Turn(normalise_boxes(boxes), (tuple(moves[0]), tuple(moves[1])), tuple(goals), tuple(bonus))

    def with_tap(self, kind: str, value: Any) -> "Draft":
        return Draft(self.taps + [(kind, value)])


class Game:
    """A puzzle page's game: the turns played, the draft, and the last message for the player."""

    def __init__(self, puzzle: Puzzle, page: dict[str, Any], lang: str = DEFAULT, words: Words | None = None) -> None:
        self.puzzle = puzzle
        self.page = page  # what the page knows beyond the rules: title, par, code
        self.lang = lang
        self.words = words or puzzle.city.words  # the city's words in the page's language
        self.played: list[Turn] = []
        self.sheet = Sheet(puzzle)
        self.draft = Draft()
        self.active_end = 0
        self.message: str | None = None
        self.choosing: Coord | None = None  # a choice location waiting for its goal (R14)

    @classmethod
    def from_json(cls, text: str, lang: str = DEFAULT) -> "Game":
        """The game of a page's data: its puzzle, its page facts and (optionally) the city's words
        as the page prints them; `lang` is the page's language."""
        data = json.loads(text)
        puzzle = puzzle_from_json(data["puzzle"])
        words = Words(**{**vars(puzzle.city.words), **data["words"]}) if data.get("words") else None
        with speaking(lang):  # an unknown language or a missing catalog fails here, not at a tap
            return cls(puzzle, data["page"], lang, words)

    # --- taps ---------------------------------------------------------------------------------

    @spoken
    def tap_box(self, name: str) -> str:
        """Choose or un-choose a box of the open faces (R8)."""
        name = str(name).upper()
        if name not in BOX_NAMES or self.sheet.over:
            return self._refuse(_("That is not a box of this turn."))
        candidate = self.draft.with_tap("box", name)
        boxes = candidate.turn().boxes
        problem = self._boxes_problem(boxes)
        if problem is not None and any(kind != "box" for kind, _ in candidate.taps):
            return self._refuse(_("Undo this turn's path and goals before you change its boxes."))
        if len(boxes) < 2:
            return self._accept(candidate)  # a first box: nothing to judge yet
        if len(boxes) == 2 and self._may_become_hunted(boxes):
            # Two boxes that do not touch may be the ends of a hunted triple the player is tapping:
            # keep them, with a word on what is missing.
            self._accept(candidate)
            return self._refuse(_("{problem}: add the box between them for a {hunted_turn}").format(
                problem=problem, hunted_turn=self.words.hunted_turn))
        if problem is not None:
            return self._refuse(problem)
        return self._judge(candidate)

    @spoken
    def tap_node(self, text: str) -> str:
        """Walk to a node from an end of the path (R4–R6), or tick a goal the path touches (R10)."""
        try:
            at = Coord.parse(text)
        except ValueError:
            return self._refuse(_("That is not a node of the map."))
        self.choosing = None
        turn = self.draft.turn()
        problem = self._no_choice(turn.boxes)
        if problem is not None:
            return self._refuse(problem)
        if at in self._touched(turn) and at not in {claim.at for claim in turn.goals}:
            options = self.sheet.goal_options(at)
            if len(options) > 1:
                self.choosing = at
                self.message = None
                return self.view()
            if options:
                return self._judge(self.draft.with_tap("goal", GoalClaim(at)))
        heads = self._heads(turn)
        if self.puzzle.directions == 2 and at in heads and heads[0] != heads[1]:
            return self.select_end(heads.index(at))  # a tap on an end picks it
        end = self._end_towards(at, turn)
        return self._judge(self.draft.with_tap("step", (end, at)))

    @spoken
    def choose_goal(self, text: str, goal: str) -> str:
        """The goal picked at a choice location (R14)."""
        self.choosing = None
        try:
            claim = GoalClaim(Coord.parse(text), str(goal))
        except ValueError:
            return self._refuse(_("That is not a node of the map."))
        return self._judge(self.draft.with_tap("goal", claim))

    @spoken
    def use_bonus(self, value: int, action: str) -> str:
        """A bonus action of `value` added to `action` this turn (R9): one held before the turn or
        earned by a place ticked this turn, whenever it was ticked (Next finds the order, R9b)."""
        try:
            use = BonusUse(int(value), ActionType(action))
        except ValueError:
            return self._refuse(_("That is not a bonus action."))
        return self._judge(self.draft.with_tap("bonus", use))

    @spoken
    def select_end(self, end: int) -> str:
        """Which end of a two-direction path a tap next to both ends extends (R6)."""
        self.active_end = 1 if int(end) == 1 and self.puzzle.directions == 2 else 0
        self.message = None
        return self.view()

    @spoken
    def next_turn(self) -> str:
        """Play the draft (R7: the turn is over) if some order of its taps pays every step and
        goal when it happens (R9b); otherwise say what is missing."""
        if self.sheet.over:
            return self._refuse(_("The game is over."))
        turn = self.draft.turn()
        problem = self._no_choice(turn.boxes)
        if problem is not None:
            return self._refuse(problem)
        problems = self.sheet.check(turn)
        if problems:
            return self._refuse(self._shortfall(turn) or problems[0].message)
        self.sheet.play(turn)
        self.played.append(turn)
        self.draft = Draft()
        self.choosing = None
        self.message = None
        return self.view()

    @spoken
    def undo(self) -> str:
        """Take back the last tap; with an empty draft, reopen the last turn played."""
        self.choosing = None
        self.message = None
        if self.draft.taps:
            self.draft = Draft(self.draft.taps[:-1])
        elif self.played:
            last = self.played.pop()
            self._replay(self.played)
            self.draft = Draft(_taps_of(last))
        return self.view()

    @spoken
    def restart(self) -> str:
        self._replay([])
        self.draft = Draft()
        self.message = self.choosing = None
        return self.view()

    @spoken
    def load_plan(self, text: str) -> str:
        """Replay a play written in the notation (a shared `#plan=`): as far as it is legal."""
        self.restart()
        try:
            plan = parse_plan(str(text))
        except CitytripError as error:
            return self._refuse(_("This shared play cannot be read: {problem}.").format(problem=error))
        for number, turn in enumerate(plan.turns, start=1):
            if self.sheet.over:
                return self._refuse(_("This shared play has {played} turns; the game has {turns}.").format(
                    played=len(plan.turns), turns=len(self.puzzle.turns)))
            problems = self.sheet.check(turn)
            if problems:
                return self._refuse(_("Turn {turn} of this shared play is not allowed: {problem}.").format(
                    turn=number, problem=problems[0].message))
            self.sheet.play(turn)
            self.played.append(turn)
        return self.view()

    @spoken
    def restore(self, plan: str, draft: str = "") -> str:
        """Take up a game a level page kept in its address: the turns played (`plan`) and the turn
        being written (`draft`, one line), both in the notation, as the view's "notation" and
        "draft" wrote them. The engine replays every turn and every tap of the draft as it judges
        a player's; anything it refuses starts the game afresh, with the reason."""
        problem = self._replayed(str(plan)) or self._redrafted(str(draft))
        if problem is None:
            self.message = None
            return self.view()
        self.restart()
        return self._refuse(_("{problem} The level starts from the beginning.").format(problem=problem))

    def _replayed(self, text: str) -> str | None:
        """Play the turns of `text` from the start; the first problem, or None."""
        self.restart()
        try:
            plan = parse_plan(text)
        except CitytripError as error:
            return _("The play in the address cannot be read: {problem}.").format(problem=error)
        for number, turn in enumerate(plan.turns, start=1):
            if self.sheet.over:
                reason: str | None = _("The game is over.")
            else:
                problems = self.sheet.check(turn)
                reason = problems[0].message if problems else None
            if reason is not None:
                return _("Turn {turn} of the play in the address is not allowed: {problem}.").format(
                    turn=number, problem=reason.rstrip("."))
            self.sheet.play(turn)
            self.played.append(turn)
        return None

    def _redrafted(self, line: str) -> str | None:
        """Tap the turn being written of `line` again, each tap judged as a player's; the first
        problem, or None."""
        if not line.strip():
            return None
        try:
            number, turn = parse_turn(line)
        except ValueError as error:
            return _("The play in the address cannot be read: {problem}.").format(problem=error)
        if number != len(self.played) + 1 or self.sheet.over:
            return _("The play in the address cannot be read: {problem}.").format(
                problem=_("its turn being written is not the next turn"))
        for kind, value in _taps_of(turn):
            before = len(self.draft.taps)
            if kind == "box":
                self.tap_box(value)
            else:
                self._judge(self.draft.with_tap(kind, value))
            if len(self.draft.taps) == before:
                return _("The turn being written in the address is not allowed: {problem}.").format(
                    problem=(self.message or "").rstrip("."))
        return None

    # --- judging ------------------------------------------------------------------------------

    def _judge(self, candidate: Draft) -> str:
        """Keep the candidate draft unless nothing later in the turn can make it legal: the engine's
        problems that no tap mends, then what no box of the turn can pay. A step or goal not paid
        yet is kept (the turn is judged whole at Next)."""
        if self.sheet.over:
            return self._refuse(_("The game is over."))
        turn = candidate.turn()
        problems = self.sheet.draft_problems(turn)
        if problems:
            return self._refuse(problems[0].message)
        problem = self._never_paid(turn, candidate.taps[-1])
        if problem is not None:
            return self._refuse(problem)
        return self._accept(candidate)

    def _never_paid(self, turn: Turn, tap: tuple[str, Any]) -> str | None:
        """Why the last tap of `turn` can never be paid, or None: a bonus adds only to a type of the
        chosen boxes (R9), so a step needs a plan box and a goal a box of its type; and a bonus
        action is used only if one of its value is held or earned by a place of the turn."""
        kind, value = tap
        chosen = self.sheet.budget(turn.boxes)
        if kind == "step" and chosen[ActionType.PLAN] <= 0:
            return _("No plan box is chosen this turn, so the path cannot grow.")
        if kind == "goal":
            action, cost = self.sheet.cost(self._goal(value))
            if cost > 0 and chosen[action] <= 0:
                return _("{location} ({at}) needs {action} actions, and no {action} box is chosen this turn.").format(
                    location=self.puzzle.city.locations[value.at].name, at=value.at, action=action_words()[action.value])
        if kind == "bonus":
            before = Turn(turn.boxes, turn.moves, turn.goals, turn.bonus[:-1])
            if self.sheet.bonus_available(before)[value.value] <= 0:
                return _("No bonus action of value {value} is held or earned by the places ticked this turn.").format(
                    value=value.value)
        return None

    def _goal(self, claim: GoalClaim) -> str:
        """The goal a claim achieves: the one named, or the location's only one (R14)."""
        return claim.goal or self.sheet.goal_options(claim.at)[0]

    def _accept(self, candidate: Draft) -> str:
        self.draft = candidate
        self.message = None
        last = candidate.taps[-1]
        if last[0] == "step":
            self.active_end = last[1][0]
        return self.view()

    def _refuse(self, message: str) -> str:
        self.message = message[:1].upper() + message[1:]
        return self.view()

    def _replay(self, turns: list[Turn]) -> None:
        self.sheet = Sheet(self.puzzle)
        self.played = []
        for turn in turns:
            self.sheet.play(turn)
            self.played.append(turn)

    def _no_choice(self, boxes: tuple[str, ...]) -> str | None:
        """Why the turn's boxes are not yet a choice to walk, tick or play from, or None."""
        if len(boxes) < 2:
            return _("Choose two boxes first (three for a {hunted_turn}).").format(hunted_turn=self.words.hunted_turn)
        return self._boxes_problem(boxes)

    def _boxes_problem(self, boxes: tuple[str, ...]) -> str | None:
        """What is wrong with these boxes as a choice (R8, R16), or None: in the page's words, which
        name a box by its action and number as the button shows it (the buttons carry no L1…R3)."""
        problems = self.sheet.check(Turn(boxes)) if not self.sheet.over else []
        if not problems:
            return None
        chosen = normalise_boxes(boxes)
        shown = self._box_words(chosen)
        if len(chosen) == 2 and chosen not in PAIRS:
            return _("the boxes {first} and {second} do not share a side").format(first=shown[0], second=shown[1])
        if len(chosen) == 3 and chosen not in TRIPLES:
            return _("a {hunted_turn} takes three connected boxes, not {boxes}").format(
                hunted_turn=self.words.hunted_turn, boxes=", ".join(shown))
        return problems[0].message

    def _box_words(self, names: tuple[str, ...]) -> list[str]:
        """Boxes of this turn as their buttons show them: "photo 3"."""
        faces = self.puzzle.turns[self.sheet.turn]
        words = action_words()
        return [_("{action} {value}").format(action=words[faces.box(name).type.value], value=faces.box(name).value)
                for name in names]

    def _may_become_hunted(self, boxes: tuple[str, ...]) -> bool:
        """Whether a third box would make these two a hunted triple the sheet still allows (R8, R16)."""
        return (self._boxes_problem(boxes) is not None and self.sheet.hunts_left() > 0
                and any(set(boxes) < set(triple) for triple in TRIPLES))

    def _heads(self, turn: Turn) -> list[Coord]:
        return [turn.moves[end][-1] if turn.moves[end] else self.sheet.head(end) for end in (0, 1)]

    def _touched(self, turn: Turn) -> set[Coord]:
        """The nodes a goal may be ticked at this turn: the ends at the turn's start and every node
        entered (R10), as Sheet._resolve counts them."""
        return set(self.sheet.ends()) | set(turn.moves[0]) | set(turn.moves[1])

    def _end_towards(self, at: Coord, turn: Turn) -> int:
        """The end a tap on `at` extends: the only end next to it, else the selected end."""
        if self.puzzle.directions == 1:
            return 0
        heads = self._heads(turn)
        near = [end for end in (0, 1) if at in self.puzzle.city.grid.neighbours(heads[end])]
        if heads[0] == heads[1] and not turn.moves[1]:
            return self.active_end if len(near) != 1 else near[0]
        return near[0] if len(near) == 1 else self.active_end

    # --- the view -------------------------------------------------------------------------------

    @spoken
    def view(self) -> str:
        return json.dumps(self.state(), sort_keys=True)

    @spoken
    def state(self) -> dict[str, Any]:
        sheet, turn = self.sheet, self.draft.turn()
        faces = self.puzzle.turns[min(sheet.turn, len(self.puzzle.turns) - 1)]
        shown = sheet.copy()
        ready = not sheet.over and self._boxes_problem(turn.boxes) is None
        complete = ready and sheet.allows(turn)
        if complete:
            shown.play(turn)  # the score as it would be after Next
        breakdown = shown.score()
        won, prize = self.result()
        return {
            "turn": min(sheet.turn + 1, len(self.puzzle.turns)),
            "turns": len(self.puzzle.turns),
            "over": sheet.over,
            "faces": {name: {"type": box.type.value, "value": box.value} for name, box in faces.boxes().items()},
            "next": [t.value for t in faces.next_half_icons or ()],  # the half icons of the next face (R7)
            "boxes": list(turn.boxes),
            "hunts_left": sheet.hunts_left(),
            "ready": ready,  # the boxes are a legal choice (every other tap was judged as it came)
            "complete": complete,  # the whole turn is legal: Next plays it
            "count": self._count(turn) if ready else [],
            "directions": self.puzzle.directions,
            "advanced": self.puzzle.mode == ADVANCED,  # bonus actions: the page's hint explains them
            "active_end": self.active_end,
            "start": str(self.puzzle.start),
            "path": [[str(at) for at in sheet.paths[end]] for end in (0, 1)],
            "draft_path": [[str(at) for at in turn.moves[end]] for end in (0, 1)],
            "heads": [str(at) for at in self._heads(turn)],
            "achieved": [{"at": str(a.at), "goal": a.goal, "turn": a.turn} for a in sheet.achievements],
            "ticked": [str(claim.at) for claim in turn.goals],
            **(self._unpaid(turn) if ready else {"unpaid_steps": [0, 0], "unpaid_goals": []}),
            "tickable": sorted(str(at) for at in self._touched(turn)
                               if sheet.goal_options(at) and at not in {c.at for c in turn.goals}),
            "choosing": {"at": str(self.choosing), "options": list(sheet.goal_options(self.choosing))}
            if self.choosing is not None else None,
            "bonus_options": self._bonus_options(turn) if ready else [],
            "score": breakdown.as_dict(),
            "target": self.puzzle.target,
            "par": self.page.get("par"),
            "won": won,
            "medal": prize,
            "message": self.message,
            "notation": format_plan(Plan(tuple(self.played))),
            # the turn being written, in the notation (a level page keeps it in its address)
            "draft": format_turn(len(self.played) + 1, turn) if turn.boxes and not sheet.over else "",
            "share": self.share_text() if sheet.over else None,
        }

    def _supply(self, turn: Turn) -> tuple[Counter, Counter, Counter]:
        """Per action type: what the chosen boxes give, what the turn's bonus uses add, and what its
        steps and goals ask (R5, R11; Sheet.actions_left counts all three)."""
        boxes = self.sheet.budget(turn.boxes)
        bonus: Counter = Counter()
        for use in turn.bonus:
            bonus[use.action] += use.value
        left = self.sheet.actions_left(turn)
        need = Counter({action: boxes[action] + bonus[action] - left[action] for action in ActionType})
        return boxes, bonus, need

    def _count(self, turn: Turn) -> list[dict[str, Any]]:
        """The running count beside the boxes, a line per action type chosen or asked for: "plan 2 +
        bonus 2 for 4 steps", "photo 1 for 2: 1 missing" (`short`). It counts totals only; whether
        every bonus comes in time for what it pays is the engine's verdict at Next (R9b)."""
        boxes, bonus, need = self._supply(turn)
        words = action_words()
        lines = []
        for action in ActionType:
            if not boxes[action] and not need[action]:
                continue
            actions = _("{action} {value}").format(action=words[action.value], value=boxes[action])
            if bonus[action]:
                actions = _("{actions} + bonus {value}").format(actions=actions, value=bonus[action])
            text = actions
            if action is ActionType.PLAN and need[action]:
                text = ngettext("{actions} for {count} step", "{actions} for {count} steps", need[action]).format(
                    actions=actions, count=need[action])
            elif need[action]:
                text = _("{actions} for {count}").format(actions=actions, count=need[action])
            missing = need[action] - boxes[action] - bonus[action]
            if missing > 0:
                text = _("{count}: {missing} missing").format(count=text, missing=missing)
            lines.append({"action": action.value, "text": text, "short": missing > 0})
        return lines

    def _shortfall(self, turn: Turn) -> str | None:
        """What the turn lacks in all, as the running count says it, or None when the totals pay."""
        short = [line["text"] for line in self._count(turn) if line["short"]]
        if not short:
            return None
        return _("This turn is not paid for: {count}.").format(count="; ".join(short))

    def _unpaid(self, turn: Turn) -> dict[str, Any]:
        """The steps and goals the turn's actions do not pay, in the order they were tapped (the
        page draws them dashed): per end, how many of its last steps; the goals' nodes."""
        boxes, bonus, _need = self._supply(turn)
        funds = boxes + bonus
        steps = [value[0] for kind, value in self.draft.taps if kind == "step"]
        unpaid_steps = [0, 0]
        for end in steps[max(funds[ActionType.PLAN], 0):]:
            unpaid_steps[end] += 1
        spent: Counter = Counter()
        unpaid_goals = []
        for claim in turn.goals:
            action, cost = self.sheet.cost(self._goal(claim))
            spent[action] += cost
            if spent[action] > funds[action]:
                unpaid_goals.append(str(claim.at))
        return {"unpaid_steps": unpaid_steps, "unpaid_goals": unpaid_goals}

    def _bonus_options(self, turn: Turn) -> list[dict[str, Any]]:
        """The bonus buttons (R9): every value held before the turn or earned by a place ticked in
        it, not used yet, on each action type of the chosen boxes, while fewer than two are used."""
        if self.puzzle.mode != ADVANCED or len(turn.bonus) >= MAX_BONUS_PER_TURN:
            return []
        available = self.sheet.bonus_available(turn)
        chosen = [action for action, value in self.sheet.budget(turn.boxes).items() if value > 0]
        return [{"value": value, "action": action.value}
                for value in sorted(available) if available[value] > 0
                for action in ActionType if action in chosen]

    def result(self) -> tuple[bool, str | None]:
        """Whether the finished game is won (RULINGS "Solo"), and its medal; (False, None) before
        the last turn is played."""
        if not self.sheet.over:
            return False, None
        breakdown = self.sheet.score()
        target, par = self.puzzle.target, self.page.get("par")
        won = solo_won(breakdown, target)
        return won, medal(breakdown.total, target, par, won) if par is not None else None

    @spoken
    def share_text(self) -> str:
        """A spoiler-free summary: the score and medal, and one square per turn (a goal or not)."""
        score = self.sheet.score().total
        par = self.page.get("par")
        prize = self.result()[1]
        badge = {"gold": "🥇", "silver": "🥈", "bronze": "🥉"}.get(prize or "", "")
        scored = {a.turn for a in self.sheet.achievements}
        squares = "".join("🟩" if t in scored else "⬜" for t in range(1, len(self.puzzle.turns) + 1))
        scores = (_("{score} · target {target} · par {par}").format(score=score, target=self.puzzle.target, par=par)
                  if par is not None else _("{score} · target {target}").format(score=score, target=self.puzzle.target))
        lines = [self.page.get("title", "Citytrip"), f"{badge} {scores}".strip(), squares]
        return "\n".join(lines)


def _taps_of(turn: Turn) -> list[tuple[str, Any]]:
    """The taps that write `turn` again (to reopen a played turn for editing)."""
    taps: list[tuple[str, Any]] = [("box", box) for box in turn.boxes]
    for end in (0, 1):
        taps.extend(("step", (end, at)) for at in turn.moves[end])
    taps.extend(("goal", claim) for claim in turn.goals)
    taps.extend(("bonus", use) for use in turn.bonus)
    return taps
