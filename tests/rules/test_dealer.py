"""One dealer (issue 14): the daily puzzle and the level sweep deal through generator/rules/dealer.py."""

import datetime as dt
import random

from generator.daily.deal import daily_seed, deal
from generator.data.cities import load_city
from generator.levels.sweep import SOLO_DIRECTIONS, level_puzzle, shuffle_seed
from generator.rules.dealer import dealt_puzzle, shuffled_deck

SATURDAY = dt.date(2026, 12, 12)
# Deals made before the dealer was one function (commit c5040f8): the same seeds deal the same cards.
SATURDAY_ANTWERPEN = "3B.5B.6B.4A.18A.19B.1B.2B.14B.7B.11A.17A.20A.16B.10A.9A"  # deal version 6 (daily_seed)
BRUGGE_LEVEL_10_SHUFFLE_3 = "14A.17B.13B.12A.4A.5B.6A.10B.19A.20A.2B.3B.9B.7B.1A.18A"


def _cards(puzzle) -> str:
    return ".".join(str(card) for card in puzzle.deck)


def test_the_daily_is_dealt_by_the_dealer():
    """The daily draws its start card, then the deck (shuffled_deck), then its assignments from
    one seeded generator, and dealt_puzzle builds the same puzzle as deal()."""
    city = load_city("antwerpen")
    daily = deal(city, SATURDAY)
    rng = random.Random(daily_seed(city.key, SATURDAY))
    start_card = rng.choice(sorted(city.start_cards))
    deck = shuffled_deck(city, rng, 16)
    again = dealt_puzzle(city, deck, start_card=start_card, assignments=[a.id for a in daily.assignments],
                         mode=daily.mode, directions=daily.directions)
    assert again == daily
    assert (daily.start_card, _cards(daily), [a.id for a in daily.assignments]) == (
        9, SATURDAY_ANTWERPEN, ["1.05", "2.01", "4.03", "5.07"])


def test_a_level_is_dealt_by_the_dealer():
    """A level's deal is shuffled_deck from the shuffle's seed, and dealt_puzzle with the level's
    start card, assignments and target builds the same puzzle as level_puzzle()."""
    city = load_city("brugge")
    spec = city.levels[10]
    deck = shuffled_deck(city, random.Random(shuffle_seed(city.key, 3)), 16)
    again = dealt_puzzle(city, deck, start_card=spec.start, assignments=spec.assignments, mode="basic",
                         directions=SOLO_DIRECTIONS, target=spec.target)
    assert again == level_puzzle("brugge", 10, 16, 3)
    assert _cards(again) == BRUGGE_LEVEL_10_SHUFFLE_3 and again.target == spec.target


def test_shuffled_deck_is_distinct_cards_with_a_side_up():
    """R7: a deal is distinct action cards of the city, each with side A or B up; 16 of them are
    the first 16 of the 20-card deal of the same seed."""
    city = load_city("brugge")
    twenty = shuffled_deck(city, random.Random(5), 20)
    sixteen = shuffled_deck(city, random.Random(5), 16)
    assert sorted(card.number for card in twenty) == sorted(city.action_cards)
    assert {card.side for card in twenty} <= {"A", "B"}
    assert [c.number for c in sixteen] == [c.number for c in twenty[:16]]
