"""The daily mini: beside each daily puzzle, a short puzzle whose maximum is proven (issue 16).

Six turns (7 cards), basic game, one direction, no assignments, on the 4 × 4 district around
the start (generator/rules/district.py). Its par is proven optimal by the full CP-SAT model
(`solver.full_model.prove`), and it is printed as the target: the player's task is to find the
maximum. A deal whose proof does not finish within PROOF_WORK units of deterministic work is
dealt again (attempt 1, 2, …), so no mini is ever published unproven, and every machine deals
and proves the same one. So is a deal whose maximum is below MIN_MAXIMUM: in six turns a
player cannot reach every category, whose strips start below zero, and "the best you can do is
−8" is a poor puzzle.

Like the daily, the mini is a pure function of (city, date, MINI_VERSION, PROOF_WORK): the seed
is a SHA-256, never Python's hash().
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import multiprocessing
import random
import signal
from dataclasses import replace
from typing import Callable

from generator.daily.job import Chosen, Daily, Pages, Solution, publish
from generator.daily.stages import QUIET, Stages
from generator.data.cities import load_city
from generator.errors import UsageError
from generator.players.honest import honest_score
from generator.rules.city import BASIC, City
from generator.rules.dealer import dealt_puzzle, shuffled_deck
from generator.rules.district import District
from generator.rules.puzzle import MINI_CARDS, Puzzle

# Bump when a change deals other minis (a printed mini code stays valid: it is the description).
MINI_VERSION = "1"
SIZE = 4              # the district is the 4 × 4 square around the start
MIN_LOCATIONS = 10    # start cards whose square holds fewer locations make thin minis
MIN_MAXIMUM = 1       # a deal whose best score is lower is dealt again
PROOF_WORK = 3.0      # units of CP-SAT deterministic time per deal (docs/solver-journal.md, "The daily mini")
ATTEMPTS = 40         # deals tried before giving up (docs/solver-journal.md: never reached in 120 dates)
WORKERS = 2           # deals proven at once, one per core
SEED = 0


def mini_seed(city_key: str, day: dt.date, attempt: int) -> int:
    text = f"citytrip/mini/v{MINI_VERSION}/{city_key}/{day.isoformat()}/{attempt}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def district_of(city: City, start_card: int) -> District:
    return District.around(city.start_cards[start_card].location.at, SIZE, city)


def mini_start_cards(city: City) -> list[int]:
    """The start cards whose district holds at least MIN_LOCATIONS locations, in number order."""
    return [n for n in sorted(city.start_cards)
            if len(district_of(city, n).crop(city).locations) >= MIN_LOCATIONS]


def deal_mini(city: City, day: dt.date, attempt: int = 0) -> Puzzle:
    """The `attempt`-th mini deal of `day` (without its target)."""
    cards = mini_start_cards(city)
    if not cards:
        raise UsageError(f"{city.name} has no start card with {MIN_LOCATIONS} locations in the {SIZE} × {SIZE} "
                         "square around it, so it has no daily mini")
    rng = random.Random(mini_seed(city.key, day, attempt))
    start_card = rng.choice(cards)
    deck = shuffled_deck(city, rng, MINI_CARDS)
    return dealt_puzzle(city, deck, start_card=start_card, assignments=(), mode=BASIC, directions=1,
                        district=district_of(city, start_card))


def prove_mini(puzzle: Puzzle, work: float = PROOF_WORK):
    from generator.solver.budget import Budget
    from generator.solver.full_model import prove

    # The wall clock only guards against a runaway: the proof stops on CP-SAT's deterministic time.
    return prove(puzzle, Budget(time_limit=900.0, workers=1, seed=SEED, cp_sat_work=work))


def _proof_of(job: tuple):
    """One deal's proof, in a worker process: (city key, day, attempt, prover) → (puzzle, result)."""
    city_key, day, attempt, prover = job
    puzzle = deal_mini(load_city(city_key), day, attempt)
    return puzzle, prover(puzzle)


def choose_mini(city_key: str, day: dt.date, prover: Callable = prove_mini, workers: int = WORKERS,
                log: list | None = None):
    """The first deal of `day` whose maximum is proven and at least MIN_MAXIMUM, with its proof;
    None when no deal of ATTEMPTS is (measured never to happen: docs/solver-journal.md).

    Deals are proven `workers` at a time, one per process (each proof is one deterministic CP-SAT
    worker), and the lowest attempt that qualifies wins, so the mini is the same for any number
    of workers. Each proof looked at is appended to `log` as (attempt, result), when given.
    """
    load_city(city_key)  # a bad city fails here, in this process
    with _pool(workers) as pool:
        for first in range(0, ATTEMPTS, workers):
            jobs = [(city_key, day, attempt, prover) for attempt in range(first, min(first + workers, ATTEMPTS))]
            proofs = pool.map(_proof_of, jobs) if pool is not None else map(_proof_of, jobs)
            for attempt, (puzzle, result) in zip(range(first, ATTEMPTS), proofs):
                if log is not None:
                    log.append((attempt, result))
                if result.proven and result.score >= MIN_MAXIMUM:
                    return puzzle, result, attempt
    return None


@contextlib.contextmanager
def _pool(workers: int):
    """Worker processes (forked: the city data is already loaded), none for one worker."""
    if workers <= 1:
        yield None
        return
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupts)
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def make_mini(city_key: str, day: dt.date, pages: Pages, prover: Callable = prove_mini, workers: int = WORKERS,
              stages: Stages = QUIET) -> Daily | None:
    """Deal and prove the mini of `day`, write its puzzle and answer YAML (and PDFs) as `pages`
    says; None, writing nothing, when no deal was proven (an unproven mini is never published)."""
    stages.begin("mini")
    chosen = choose_mini(city_key, day, prover, workers)
    if chosen is None:
        return None
    puzzle, result, attempt = chosen
    puzzle = replace(puzzle, target=result.score)  # the proven maximum is the target
    honest = honest_score(puzzle)
    stages.begin("mini pages")
    proof = Solution(plan=result.plan, score=result.score, bound=result.bound, proven=result.proven,
                     honest=honest)
    return publish(
        Chosen(puzzle, proof, attempt), pages, day=day,
        title=f"Citytrip daily mini, {puzzle.city.name}, {day.isoformat()}", notes=[f"mini version {MINI_VERSION}"],
    )
