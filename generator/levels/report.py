"""Summaries of a level sweep: win rates per level, cards and player, as rows and CSV."""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable

from generator.levels.sweep import HONEST, SOLVER, Outcome
from generator.solver.verdict import Status


@dataclass(frozen=True)
class Rate:
    city: str
    level: int
    cards: int
    player: str
    runs: int
    won: int
    unsolvable: int
    unknown: int
    mean_score: float | None
    by_planner: int = 0  # solver rows: wins first found by the planner / by CP-SAT / by the LNS
    by_cp_sat: int = 0   # (the rest: the honest player's own win on the same deal)
    won_shuffles: frozenset[int] | None = None  # which deals were won, for paired comparisons
    by_lns: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.runs if self.runs else 0.0


def rates(outcomes: Iterable[Outcome]) -> list[Rate]:
    groups: dict[tuple, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[(o.job.city, o.job.level, o.job.cards, o.job.player)].append(o)
    result = []
    for (city, level, cards, player), items in sorted(groups.items()):
        scores = [o.score for o in items if o.score is not None]
        result.append(
            Rate(
                city, level, cards, player, len(items),
                sum(o.won for o in items),
                sum(o.status is Status.UNSOLVABLE for o in items),
                sum(o.status is Status.UNKNOWN for o in items),
                sum(scores) / len(scores) if scores else None,
                sum(o.witness == "planner" for o in items),
                sum(o.witness == "cp-sat" for o in items),
                frozenset(o.job.shuffle for o in items if o.won),
                sum(o.witness == "lns" for o in items),
            )
        )
    return result


def to_csv(table: list[Rate]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([
        "city", "level", "cards", "player", "runs", "won", "win_rate", "unsolvable", "unknown", "mean_score",
        "won_by_planner", "won_by_lns", "won_by_cp_sat", "won_shuffles",
    ])
    for r in table:
        writer.writerow([
            r.city, r.level, r.cards, r.player, r.runs, r.won, f"{r.rate:.3f}", r.unsolvable, r.unknown,
            "" if r.mean_score is None else f"{r.mean_score:.1f}", r.by_planner, r.by_lns, r.by_cp_sat,
            "" if r.won_shuffles is None else ranges(r.won_shuffles),
        ])
    return out.getvalue()


def ranges(numbers: Iterable[int]) -> str:
    """Shuffle numbers as runs, "0-3 5 7-9": the CSV keeps which deals were won, so the paired
    comparisons of the ladder can be redone from the committed report alone."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return " ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def to_text(table: list[Rate]) -> str:
    lines = [f"{'level':>5} {'cards':>5} {'player':<7} {'runs':>5} {'win %':>6} {'unsolv.':>7} {'unknown':>7} {'mean':>6} {'planner':>7} {'lns':>4} {'cp-sat':>6}"]
    for r in table:
        mean = "" if r.mean_score is None else f"{r.mean_score:.1f}"
        lines.append(
            f"{r.level:>5} {r.cards:>5} {r.player:<7} {r.runs:>5} {100 * r.rate:>5.1f}% {r.unsolvable:>7} {r.unknown:>7} {mean:>6}"
            + (f" {r.by_planner:>7} {r.by_lns:>4} {r.by_cp_sat:>6}" if r.player == SOLVER else "")
        )
    return "\n".join(lines)


def ladder_problems(table: list[Rate], ladder: tuple[int, int] | None = None) -> list[str]:
    """The issue's ladder, checked over what `table` holds: honest 16-card rate falls from the
    first level (≥ 70 %) to the last (≤ 15 %), the solver wins each level in at least half the
    shuffles, 20 cards beat 16 at every level. `ladder` is the city's (first, last) level: a table
    of some levels only is held to the ends it ran (a run of levels 1–2 has no last level)."""
    by = {(r.level, r.cards, r.player): r for r in table}
    problems = []
    honest16 = [by[k] for k in sorted(by) if k[1] == 16 and k[2] == HONEST]
    if ladder is None:  # the table is the whole ladder
        ladder = (honest16[0].level, honest16[-1].level) if honest16 else (0, 0)
    first, last = ladder
    if honest16:
        if honest16[0].level == first and honest16[0].rate < 0.70:
            problems.append(f"level {honest16[0].level} honest 16-card win rate {honest16[0].rate:.0%} < 70 %")
        if honest16[-1].level == last and honest16[-1].rate > 0.15:
            problems.append(f"level {honest16[-1].level} honest 16-card win rate {honest16[-1].rate:.0%} > 15 %")
        for a, b in zip(honest16, honest16[1:]):
            if b.rate > a.rate:
                problems.append(
                    f"honest 16-card win rate rises from level {a.level} ({a.rate:.0%}) to {b.level} ({b.rate:.0%})"
                    f"{_noise(a, b)}"
                )
        problems.extend(_distant_rises(honest16))
    for (level, cards, player), r in sorted(by.items()):
        if player == SOLVER and r.rate < 0.5:
            problems.append(f"level {level} ({cards} cards): the solver wins only {r.rate:.0%} of shuffles")
        if player == HONEST and cards == 16 and (level, 20, HONEST) in by and by[(level, 20, HONEST)].rate < r.rate:
            twenty = by[(level, 20, HONEST)]
            problems.append(f"level {level}: 20 cards ({twenty.rate:.0%}) are not easier than 16 ({r.rate:.0%}){_noise(twenty, r)}")
    return problems


def _distant_rises(ladder: list[Rate]) -> list[str]:
    """A level that beats a level two or more steps below it, beyond sampling noise: a ladder of
    small rises within noise can still climb, e.g. level 14 clearly easier than level 10. Each
    level names the earlier level it beats by the largest z, if any beats it by 1.64 or more."""
    problems = []
    for j, b in enumerate(ladder):
        # Rates that differ always have a z (some deal tells them apart).
        rises = [(_z(a, b)[0], a) for a in ladder[: max(j - 1, 0)] if a.rate < b.rate]
        z, a = max(rises, key=lambda item: item[0], default=(0.0, None))
        if a is not None and z >= 1.64:
            problems.append(
                f"honest 16-card win rate at level {b.level} ({b.rate:.0%}) is above level {a.level} ({a.rate:.0%})"
                f"{_noise(a, b)}"
            )
    return problems


def _z(a: Rate, b: Rate) -> tuple[float | None, bool]:
    """How far b's rate lies above a's in standard errors (None when no deal tells them apart),
    and whether the comparison is paired. Rates over the same deals (the sweep deals shuffle k
    alike at every level) are compared deal by deal (McNemar: only the deals one side won and the
    other lost count); otherwise as two proportions."""
    if a.won_shuffles is not None and b.won_shuffles is not None and a.runs == b.runs:
        gained, lost = len(b.won_shuffles - a.won_shuffles), len(a.won_shuffles - b.won_shuffles)
        return ((gained - lost) / math.sqrt(gained + lost) if gained + lost else None), True
    pooled = (a.won + b.won) / (a.runs + b.runs)
    if not 0 < pooled < 1:
        return None, False
    return (b.rate - a.rate) / math.sqrt(pooled * (1 - pooled) * (1 / a.runs + 1 / b.runs)), False


def _noise(a: Rate, b: Rate) -> str:
    """How far b's rate lies above a's in standard errors: a rise of less than 1.64 could be
    sampling noise alone (one-sided 5 %), which the report says without hiding it."""
    z, paired = _z(a, b)
    if z is None:
        return ""
    return f" ({'paired ' if paired else ''}z = {z:.1f}{', within sampling noise' if z < 1.64 else ''})"
