"""The page takes a turn tapped as the paper writes it (issue 54): run by hand, not a timed test.

    python benchmarks/paper_order.py --dailies DIR [--from 2026-12-07] [--weeks 8] [--work 40] [--make]
    python benchmarks/paper_order.py --random 10000

With `--make`, the daily job (deal, search at `--work`, panel, target; no PDFs) writes the puzzle
and answer YAML of every date of the weekday report's weeks (benchmarks/weekdays.py) in both cities
into DIR, the advanced days (Friday to Sunday) first, skipping the files already there: at the
default work about a minute a date, so a stopped run resumes. Then every answer key found in DIR
is tapped into the page's game (generator/browser/game.py), turn by turn, in paper order (boxes,
end a's walk, end b's walk, the goals as listed, the bonus uses last, Next) and with the goals
reversed, and the page's verdict at Next is compared with the engine's (`Sheet.check`). It prints
per city and game the turns tapped, those the page refused on a tap, and every disagreement; exit
code 1 when there is one.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))  # taps.py, which tests/web/paper_order.py uses

from collections import Counter  # noqa: E402

from generator.daily.deal import difficulty  # noqa: E402
from generator.data.puzzles import load_plan, load_puzzle  # noqa: E402

CITIES = ("antwerpen", "brugge")


def dates(first: dt.date, weeks: int) -> list[dt.date]:
    """The weeks' dates, Friday to Sunday first (the advanced game, where the order of taps matters)."""
    days = [first + dt.timedelta(days=n) for n in range(7 * weeks)]
    return sorted(days, key=lambda day: (day.weekday() < 4, day))


def make(folder: Path, days: list[dt.date], work: float) -> None:
    from generator.daily.job import Pages, Par, file_stem, make_daily
    from generator.daily.par import solve_daily

    folder.mkdir(parents=True, exist_ok=True)
    for day in days:
        for city in CITIES:
            if (folder / f"{file_stem(city, day)}-answer.yaml").exists():
                continue
            started = time.perf_counter()
            with tempfile.TemporaryDirectory() as temp:
                daily = make_daily(city, day, Pages(Path(temp)), Par(partial(solve_daily, work=work)))
                for written in daily.files:
                    (folder / written.name).write_bytes(written.read_bytes())
            print(f"made {city} {day} ({difficulty(day).name}): par {daily.par} "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)


def tap_all(folder: Path) -> bool:
    from tests.web.paper_order import tapped_as_written

    agreed = True
    totals: dict[tuple[str, str], list[int]] = {}
    for answer in sorted(folder.glob("citytrip-*-answer.yaml")):
        if "-mini-" in answer.name:
            continue
        puzzle = load_puzzle(answer.with_name(answer.name.replace("-answer", "-puzzle")))
        plan = load_plan(answer)
        for reverse in (False, True):
            outcomes = tapped_as_written(puzzle, plan, reverse_goals=reverse)
            row = totals.setdefault((puzzle.city.key, puzzle.mode), [0, 0, 0, 0])
            for outcome in outcomes:
                row[0] += 1
                row[1] += outcome.engine_legal
                row[2] += outcome.refused_tap is not None
                row[3] += outcome.agrees
                if not outcome.agrees:
                    agreed = False
                    order = "reversed goals" if reverse else "paper order"
                    print(f"DISAGREE {answer.name} turn {outcome.number} ({order}): {outcome.describe()}")
    print("| city | game | turns tapped (x2 orders) | legal for the engine | a tap refused | page agrees |")
    print("|---|---|---|---|---|---|")
    for (city, mode), (turns, legal, refused, agrees) in sorted(totals.items()):
        print(f"| {city} | {mode} | {turns} | {legal} | {refused} | {agrees} |")
    return agreed


def tap_random(count: int) -> bool:
    """`count` random legal advanced turns of both cities, tapped in paper order and with the goals
    reversed: each a random player's turn perturbed (tests/support/random_player.py: more goals,
    bonus uses held or earned this turn, more steps) on a sheet set one or two goals short of a
    bonus, kept when the engine accepts it. The page must take every tap and play it at Next."""
    import random

    from deals import dealt_puzzle
    from random_player import near_bonuses, perturbed_turn, random_turn
    from taps import new_game
    from tests.web.paper_order import write_turn

    from generator.rules.city import ADVANCED
    from generator.rules.sheet import Sheet

    tapped = earned = refused = 0
    seed = 0
    while tapped < count:
        city = CITIES[seed % 2]
        puzzle, rng, seed = dealt_puzzle(city, seed), random.Random(seed), seed + 1
        if puzzle.mode != ADVANCED:
            continue
        sheet = Sheet(puzzle)
        while not sheet.over and tapped < count:
            base = random_turn(sheet, rng)
            near, likely = near_bonuses(sheet, rng, base)
            turn = perturbed_turn(near, rng, base, likely)
            if turn.bonus and near.allows(turn):
                tapped += 1
                earned += bool(Counter(use.value for use in turn.bonus) - near.bonus_pool)
                for reverse in (False, True):
                    game = new_game(puzzle)
                    game.sheet = near.copy()  # the page judges every tap against its sheet alone
                    outcome = write_turn(game, turn, reverse_goals=reverse)
                    if not outcome.agrees:
                        refused += 1
                        print(f"DISAGREE {city} seed {seed - 1} turn {outcome.number}: {outcome.describe()}")
            sheet.play(base)
    print(f"{tapped} random legal advanced turns with bonus uses ({earned} using a bonus earned in the turn), "
          f"tapped in paper order and with reversed goals: {refused} not taken")
    return refused == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dailies", type=Path)
    parser.add_argument("--from", dest="first", type=dt.date.fromisoformat, default=dt.date(2026, 12, 7))
    parser.add_argument("--weeks", type=int, default=8)
    parser.add_argument("--work", type=float, default=40)
    parser.add_argument("--make", action="store_true")
    parser.add_argument("--random", type=int, metavar="N", help="instead, N random legal advanced turns with bonus uses")
    args = parser.parse_args()
    if args.random:
        return 0 if tap_random(args.random) else 1
    if args.dailies is None:
        parser.error("--dailies DIR is needed (or --random N)")
    if args.make:
        make(args.dailies, dates(args.first, args.weeks), args.work)
        return 0
    return 0 if tap_all(args.dailies) else 1


if __name__ == "__main__":
    sys.exit(main())
