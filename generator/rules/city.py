"""The game data of one city: map locations, legend, score strips, cards and levels.

These are plain frozen values built by the loader (generator/data), which has already checked
every reference; the engine trusts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from generator.language import current
from generator.rules.assignments import Assignment
from generator.rules.cards import ActionCard, ActionType
from generator.rules.grid import Coord, Grid

BASIC = "basic"
ADVANCED = "advanced"
MODES = (BASIC, ADVANCED)

# The two categories the engine knows by name (R13).
EAT = "eat"                # its strip counts distinct eatery kinds
RESTAURANT = "restaurant"  # crosses no number; doubles the final eat score

# A print-only text in the languages the city data gives it, as (language, text) pairs in the
# file's order: (("nl", "Belfort"), ("fr", "Beffroi")). Pairs, not a dict, so the frozen values
# stay hashable. The engine never reads them; generator/render/wording.py picks the language in use.
Texts = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Location:
    """A node with a goal icon (R1). `choice` and `combo` are the advanced special locations (R14).

    `name` is the location's identity: cards and assignments name it, the data digest counts it,
    the engine's messages print it, and so does a language without a name of its own. `names`
    gives a language's own name (Dutch "Belfort", French "Beffroi" for "Belfort (Belfry)"), and
    `urls` a language's own link for the start card's QR code (the French article for a French
    card), `url` serving every language without one.
    """

    name: str
    category: str
    at: Coord
    url: str
    eatery: str | None = None
    choice: tuple[str, ...] = ()
    combo: tuple[str, ...] = ()
    names: Texts = ()  # print only: not part of the digest
    urls: Texts = ()  # print only: a language's own link (a French page for a French card)

    def goals(self, mode: str) -> tuple[str, ...]:
        """The goals a player may pick from here (exactly one is achieved, R14)."""
        if mode == ADVANCED and self.choice:
            return self.choice
        return (self.category,)

    def crossed(self, goal: str, mode: str) -> tuple[str, ...]:
        """The categories whose strips this achievement counts for (the combo counts for each)."""
        if mode == ADVANCED and self.combo:
            return self.combo
        return (goal,)


@dataclass(frozen=True)
class Category:
    """A goal category of the legend: which action type achieves it and how many (R11).

    `label` is the legend's English label (the engine's); `labels` the label in each language the
    city data gives (empty when one text serves every language).
    """

    name: str
    action: ActionType
    cost_basic: int
    cost_advanced: int
    label: str
    labels: Texts = ()  # print only: the digest counts the English label alone

    def cost(self, mode: str) -> int:
        return self.cost_advanced if mode == ADVANCED else self.cost_basic


@dataclass(frozen=True)
class Strip:
    """A score strip (R15, R16): numbers[k] is the score after k achievements.

    `bonus` maps an achievement count (3, 6, 9, …) to the value of the bonus action printed
    there (R9, advanced game).
    """

    numbers: tuple[int, ...]
    bonus: Mapping[int, int] = field(default_factory=dict)

    def score(self, count: int) -> int:
        numbers = self.numbers  # the last number once every number is crossed (no min(): a hot path)
        return numbers[count] if count < len(numbers) else numbers[-1]


@dataclass(frozen=True)
class CityRules:
    """rules.yaml: the legend, eatery kinds, strips and the hunted strip."""

    categories: Mapping[str, Category]
    eatery_kinds: tuple[str, ...]
    strips: Mapping[str, Strip]
    hunted: tuple[int, ...]

    @property
    def max_hunts(self) -> int:
        """How many hunted turns a game allows: one per number after the strip's start value (R16)."""
        return len(self.hunted) - 1


@dataclass(frozen=True)
class StartCard:
    """A start card: its location and the background text printed on it, in English
    (`description`) and in each language the city data gives (`descriptions`, empty when one text
    serves every language)."""

    number: int
    location: Location
    description: str
    descriptions: Texts = ()  # print only: the digest counts the English text alone


@dataclass(frozen=True)
class Level:
    """A solo level: start card, assignments and the appreciation target."""

    level: int
    start: int
    assignments: tuple[str, ...]
    target: int


@dataclass(frozen=True)
class Words:
    """words.yaml: what this city's rulebook calls its own concepts, in lower case.

    The two editions name the same rules differently (Brugge's hunted actions, assignments and
    appreciation are Antwerpen's rush actions, missions and rating). Every printable and the
    engine's messages take these words from here (`city_words`), so a player never meets two
    vocabularies; the rules themselves never read them.
    """

    assignment: str = "assignment"
    assignments: str = "assignments"
    hunted_action: str = "hunted action"
    hunted_actions: str = "hunted actions"
    hunted_turn: str = "hunted turn"
    appreciation: str = "appreciation"


@dataclass(frozen=True)
class City:
    """Everything a city folder holds, validated."""

    key: str                 # "brugge", or the folder path of a user's own city
    name: str
    grid: Grid
    locations: Mapping[Coord, Location]
    rules: CityRules
    start_cards: Mapping[int, StartCard]
    action_cards: Mapping[int, ActionCard]
    assignments: Mapping[str, Assignment]
    levels: Mapping[int, Level]
    # SHA-256 of the map, rules, cards and assignments as read (not levels): a puzzle code records
    # it, so a code is never read with other card contents than it was printed with.
    digest: str = ""
    words: Words = Words()  # print only: not part of the digest; English
    # Print only, from words.yaml: the city's words in every language the printables speak (en,
    # nl, fr), and the language its printables speak unless told otherwise (None: English).
    words_by_language: Mapping[str, Words] = field(default_factory=dict)
    language: str | None = None


def city_words(city: City) -> Words:
    """The rulebook's terms for `city` ("assignment", "hunted action"...) in the language in use
    (generator/language.py); words.yaml gives them per language, and the loader has filled in
    every language."""
    return city.words_by_language.get(current(), city.words)
