"""Check a final state against the English rulebook (seed 002_…) before it is scored.

One helper per rule, each naming the rulebook section it follows. A state that passes
`check_game` never makes the scoring fail. Only what the rulebook states is checked; what person
benefits may bend ("Activating a person can override the normal rules") is left alone.
"""

from __future__ import annotations

from collections import Counter

from generator.bruges.errors import IllegalGameError
from generator.bruges.model import (
    COLOURS,
    GROUPS,
    MAJORITIES,
    MAX_PLAYERS,
    MAX_STATUES,
    MIN_PLAYERS,
    PRICE_PER_POINT,
    SECTION_SPACES,
    STATUE_VALUES,
    Game,
    Player,
)


def check_game(game: Game) -> None:
    """Raise IllegalGameError for the first rule the final state breaks."""
    _check_table(game)
    for index, player in enumerate(game.players):
        where = f"players[{index}]"
        _check_counts(player, where)
        _check_people(player, where)
        _check_majority_markers(player, where)
        _check_canal(player, where)
        _check_statues(player, where)
        _check_reputation(game, player, where)
    _check_statues_across_table(game)
    _check_reputation_points_agree(game)
    _check_final_majorities(game)


_ORDINALS = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


def _fail(where: str, player: Player | None, message: str) -> IllegalGameError:
    return IllegalGameError(where, player.name if player else "", message)


def _check_table(game: Game) -> None:
    # Components: 4 player emblems, two pawns per player; majorities need someone to compare with.
    count = len(game.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise _fail("players", None, f"{count} player(s); Bruges is played by {MIN_PLAYERS} to {MAX_PLAYERS}")
    seen: dict[str, int] = {}
    for index, player in enumerate(game.players):
        if not player.name.strip():
            raise _fail(f"players[{index}].name", None, "a player needs a non-empty name")
        if player.name in seen:
            raise _fail(f"players[{index}].name", player,
                        f"the same name as players[{seen[player.name]}]; names must tell players apart")
        seen[player.name] = index


def _check_counts(player: Player, where: str) -> None:
    # Counts of things on the table, and the scoring track ("a score cannot go below 0").
    counts = {
        "scoring_track": player.scoring_track,
        "houses": player.houses,
        "guilders": player.guilders,
        "workers": player.workers,
        "reputation.step": player.reputation.step,
    }
    for key, value in counts.items():
        if value < 0:
            raise _fail(f"{where}.{key}", player, f"{value} is negative; expected 0 or more")


def _check_people(player: Player, where: str) -> None:
    # Person cards and Recruiting people: points are a third of the price; each house holds one person.
    occupied: dict[int, int] = {}
    for index, person in enumerate(player.people):
        at = f"{where}.people[{index}]"
        label = f" ({person.name})" if person.name else ""
        if person.price < 0:
            raise _fail(f"{at}.price", player, f"{person.price} is negative{label}; expected a price in guilders")
        if person.price % PRICE_PER_POINT:
            raise _fail(f"{at}.price", player,
                        f"{person.price}{label} is not a multiple of 3; a person's points are always "
                        "one third of the price")
        if person.points is not None and person.points != person.value:
            raise _fail(f"{at}.points", player,
                        f"{person.points}{label} but the price {person.price} gives {person.value}; "
                        "a person's points are always one third of the price")
        if person.group not in GROUPS:
            raise _fail(f"{at}.group", player,
                        f"unknown group {person.group!r}{label}; expected one of {', '.join(GROUPS)}")
        if person.colour is not None and person.colour not in COLOURS:
            raise _fail(f"{at}.colour", player,
                        f"unknown colour {person.colour!r}{label}; expected one of {', '.join(COLOURS)}")
        if person.laurel is not None and person.laurel < 0:
            raise _fail(f"{at}.laurel", player, f"{person.laurel} is negative{label}; expected 0 or more")
        if person.house is None:
            raise _fail(f"{at}.house", player,
                        f"the person{label} is in no house; a recruited person lies on one of the "
                        "player's houses")
        if not 1 <= person.house <= player.houses:
            raise _fail(f"{at}.house", player,
                        f"house {person.house}{label} does not exist: the player built "
                        f"{player.houses} house(s), numbered 1 to {player.houses}")
        if person.house in occupied:
            raise _fail(f"{at}.house", player,
                        f"house {person.house}{label} already holds people[{occupied[person.house]}]; "
                        "each house holds exactly 1 person")
        occupied[person.house] = index


def _check_majority_markers(player: Player, where: str) -> None:
    # Components: three Majority markers per player, one per majority (Reputation, People, Canal).
    seen: set[str] = set()
    for index, marker in enumerate(player.majorities):
        at = f"{where}.majorities[{index}]"
        if marker not in MAJORITIES:
            raise _fail(at, player, f"unknown majority {marker!r}; expected one of {', '.join(MAJORITIES)}")
        if marker in seen:
            raise _fail(at, player, f"the {marker} marker is listed twice; a player has one marker per majority")
        seen.add(marker)


def _check_canal(player: Player, where: str) -> None:
    # Building canals: 2 sections of 5 spaces, started next to the guard house; "There can be no
    # gaps in a canal section" (Threat Events, notes).
    for section, spaces in player.canal.sections().items():
        at = f"{where}.canal.{section}"
        for index, space in enumerate(spaces):
            if not 1 <= space <= SECTION_SPACES:
                raise _fail(f"{at}[{index}]", player,
                            f"space {space} does not exist; a section has spaces 1 to {SECTION_SPACES}")
        duplicates = [space for space, n in Counter(spaces).items() if n > 1]
        if duplicates:
            raise _fail(at, player, f"space {duplicates[0]} holds two Canal tokens; a space holds one")
        built = set(spaces)
        for space in sorted(built):
            if space > 1 and space - 1 not in built:
                raise _fail(at, player,
                            f"a Canal token on space {space} with space {space - 1} empty; a section is "
                            "built without gaps from the guard house (space 1)")


def _check_statues(player: Player, where: str) -> None:
    # Components: statues valued 2 through 7; Building canals: at most 2 statues per player.
    for index, value in enumerate(player.statues):
        at = f"{where}.statues[{index}]"
        if index >= MAX_STATUES:
            raise _fail(at, player, f"a {_ORDINALS.get(index + 1, f'{index + 1}th')} statue (value "
                        f"{value}); a player may earn at most {MAX_STATUES} statues")
        if value not in STATUE_VALUES:
            raise _fail(at, player, f"no Statue token has the value {value}; they are valued 2 through 7")


def _check_statues_across_table(game: Game) -> None:
    # Components: 6 Statue tokens, one of each value: each is taken at most once across the table.
    owner: dict[int, str] = {}
    for index, player in enumerate(game.players):
        for slot, value in enumerate(player.statues):
            at = f"players[{index}].statues[{slot}]"
            if value in owner:
                raise _fail(at, player, f"the statue {value} is also held by {owner[value]}; there is "
                            "one Statue token of each value")
            owner[value] = f"players[{index}] ({player.name!r})"


def _check_reputation(game: Game, player: Player, where: str) -> None:
    # Final Scoring: "the points shown on the step the pawn has reached": from the board data when
    # known, else from the game file; both present must agree.
    step = player.reputation.step
    last = game.track.last_step
    if last is not None and step > last:
        raise _fail(f"{where}.reputation.step", player,
                    f"step {step} is past the end of the reputation track (step {last})")
    known = game.track.points.get(step)
    given = player.reputation.points
    if known is None and given is None:
        raise _fail(f"{where}.reputation.points", player,
                    f"the points of reputation step {step} are not in the board data "
                    "(templates/bruges/reputation.yaml); give them as reputation.points, read from the board")
    if known is not None and given is not None and known != given:
        raise _fail(f"{where}.reputation.points", player,
                    f"{given} but reputation step {step} shows {known} points on the board")


def _check_reputation_points_agree(game: Game) -> None:
    # One step shows one number: two pawns on the same step score the same.
    stated: dict[int, tuple[int, int]] = {}
    for index, player in enumerate(game.players):
        rep = player.reputation
        if rep.points is None:
            continue
        if rep.step in stated and stated[rep.step][1] != rep.points:
            other, points = stated[rep.step]
            raise _fail(f"players[{index}].reputation.points", player,
                        f"{rep.points} but players[{other}] scores {points} on the same step {rep.step}; "
                        "a step shows one number")
        stated.setdefault(rep.step, (index, rep.points))


def _check_final_majorities(game: Game) -> None:
    # Phase 4 of the final round is played before the final scoring ("after completing it, the game
    # ends"), so a sole majority holder at the end has flipped that marker.
    measures = {
        "reputation": lambda p: p.reputation.step,  # the single player farthest along
        "people": lambda p: len(p.people),           # more people than each other player
        "canal": lambda p: p.canal_tokens(),         # more Canal tokens, both sections combined
    }
    for marker, measure in measures.items():
        values = [measure(p) for p in game.players]
        best = max(values)
        if values.count(best) != 1:
            continue
        index = values.index(best)
        player = game.players[index]
        if marker not in player.majorities:
            raise _fail(f"players[{index}].majorities", player,
                        f"holds the sole {marker} majority at the end ({best}) but the {marker} marker "
                        "is not flipped; Phase 4 of the final round flips it before the final scoring")
