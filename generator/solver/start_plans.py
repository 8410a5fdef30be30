"""The cheap players' plans, in the form the CP-SAT models accept: the search's starts.

`start_plan` plays one of them: the full-knowledge planner (generator.players.planner, a beam over
the honest player's turn choices, with a given width and branch) or the honest player
(generator.players.honest). The large-neighbourhood search's portfolio (lns.STARTS) starts from
several of them, and its plan in turn is the full model's hint. Plans are rewritten into the
model's reduced form, because the models only contain one representative of each class of
equivalent or dominated plans:
- a dominated box choice (facts.turn_options) is replaced by a kept one that gives, type by type,
  at least the same actions at no higher hunted cost (R8; the plan stays legal, the score only rises),
- with two directions the arms are swapped when end b is the longer one (the model's R6 symmetry),
- each arm is cut back to its last achieved location (the model's dominance `model._trim`).
Every rewrite is replayed by the rules engine and kept only when it is legal and scores at least
as much as the original; otherwise the original plan is kept (its hint is then partial).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.players.panel import Member
from generator.rules.plan import Plan, Turn
from generator.rules.puzzle import Puzzle
from generator.rules.replay import replay
from generator.solver.facts import ACTION_TYPES, Facts, dominates

@dataclass(frozen=True)
class Candidate:
    """A complete legal plan, its engine score, and which player found it."""

    plan: Plan
    score: int
    source: str


def start_plan(puzzle: Puzzle, facts: Facts, player: Member, seed: int = 0) -> Candidate:
    """One cheap player's plan (played with `seed`), normalised."""
    plan = replace(player, seed=seed).play(puzzle)
    source = f"planner width {player.width} branch {player.branch}" if player.width else f"honest seed {seed}"
    candidate = _scored(puzzle, plan, source)
    if candidate is None:
        raise AssertionError(f"the {source} played an illegal plan")  # players play the engine's legal turns
    return normalise(puzzle, facts, candidate)


def _scored(puzzle: Puzzle, plan: Plan, source: str) -> Candidate | None:
    report = replay(puzzle, plan)
    if not report.valid:
        return None
    return Candidate(plan, report.score, source)


def normalise(puzzle: Puzzle, facts: Facts, candidate: Candidate) -> Candidate:
    """The candidate rewritten into the model's reduced form, when the engine agrees it is no worse."""
    plan = _swap_arms(_trim(_kept_boxes(puzzle, facts, candidate.plan)), puzzle.directions)
    report = replay(puzzle, plan)
    if report.valid and report.score >= candidate.score:
        return Candidate(plan, report.score, candidate.source)
    return candidate


def _kept_boxes(puzzle: Puzzle, facts: Facts, plan: Plan) -> Plan:
    """Each dominated box choice replaced by a kept one with at least its actions (R8)."""
    turns = []
    for k, turn in enumerate(plan.turns):
        options = facts.options[k]
        if any(o.boxes == tuple(turn.boxes) for o in options):
            turns.append(turn)
            continue
        faces = puzzle.turns[k]
        budget = [0] * len(ACTION_TYPES)
        for name in turn.boxes:
            box = faces.box(name)
            budget[ACTION_TYPES.index(box.type)] += box.value
        hunted = len(turn.boxes) == 3
        better = next((o for o in options if dominates(o.budget, tuple(budget)) and o.hunted <= hunted), None)
        turns.append(turn if better is None else Turn(better.boxes, turn.moves, turn.goals, turn.bonus))
    return Plan(tuple(turns))


def _trim(plan: Plan) -> Plan:
    """Each arm cut back to its last achieved location: later steps touch nothing that is claimed."""
    achieved = {claim.at for turn in plan.turns for claim in turn.goals}
    keep = []
    for e in range(2):
        arm = [node for turn in plan.turns for node in turn.moves[e]]
        keep.append(max((i + 1 for i, node in enumerate(arm) if node in achieved), default=0))
    done = [0, 0]
    turns = []
    for turn in plan.turns:
        moves = []
        for e in range(2):
            room = max(0, keep[e] - done[e])
            moves.append(tuple(turn.moves[e][:room]))
            done[e] += len(turn.moves[e])
        turns.append(Turn(turn.boxes, (moves[0], moves[1]), turn.goals, turn.bonus))
    return Plan(tuple(turns))


def _swap_arms(plan: Plan, directions: int) -> Plan:
    """With two directions, end a is the longer arm (R6: the ends are interchangeable)."""
    if directions < 2:
        return plan
    lengths = [sum(len(t.moves[e]) for t in plan.turns) for e in range(2)]
    if lengths[1] <= lengths[0]:
        return plan
    return Plan(tuple(Turn(t.boxes, (t.moves[1], t.moves[0]), t.goals, t.bonus) for t in plan.turns))
