"""The site's HTML: a page per puzzle, the index by date and city, and how to play.

Pages are filled from templates/site/*.html with `string.Template`; every text from data is
escaped here (`html.escape`), and the puzzle's data goes into the page as JSON in a
`<script type="application/json">` element, which the browser never runs. The words are the
printed sheet's (generator/render/daily_text.py), so page and paper say the same thing.

Everything is written in the language in use (generator/language.py): the templates' own
`[[messages]]` (generator/site/template_messages.py), the messages here, the city's words
(generator/render/wording.py), and `<html lang>`.
"""

from __future__ import annotations

import datetime as dt
import html
import json
from dataclasses import dataclass
from string import Template

from generator.browser.game import action_words
from generator.browser.puzzle_json import puzzle_to_json
from generator.browser.table import ALPHABET, CODE_LENGTH, cards_to_json, level_puzzle as table_level_puzzle
from generator.data.cities import data_digest
from generator.daily.job import Daily
from generator.language import _, current, weekday_name
from generator.render.daily_text import (
    certificate_line, date_text, describe, goal_text, level_text, setup_text, statement_lines, target_par_text, title_text,
    turn_rules_text,
)
from generator.render.icon_scheme import load_icon_scheme
from generator.render.icons import icon_width
from generator.render.svg import icon_outline
from generator.render.sheet import legend_notes, legend_rows
from generator.render.sheet_style import load_sheet_style
from generator.render.cards import kind_title
from generator.render.wording import capital, category_label, location_name, location_url, start_description
from generator.rules.city import City
from generator.rules.city import ADVANCED
from generator.rules.puzzle import Puzzle
from generator.rules.city import city_words
from generator.daily.addresses import page_link
from generator.site.assets import STATIC
from generator.site.map_svg import page_map
from generator.site.template_messages import translated

@dataclass(frozen=True)
class Listed:
    """A puzzle as the index lists it."""

    city_key: str
    city_name: str
    day: dt.date
    mini: bool
    summary: str  # target and par, as the sheet states them


def _template(name: str) -> Template:
    """A page template with its own messages in the language in use (its $fields still open)."""
    return Template(translated((STATIC / name).read_text(encoding="utf-8"), name))


def _page(name: str, title: str, root: str, **fields: str) -> str:
    """The page template `name` filled in: its head (templates/site/head.html: the language, the
    title, the style sheet, no referrer sent) and `fields`; `root` leads back to the site's top."""
    head = _template("head.html").substitute(lang=current(), title=_e(title), root=root)
    return _template(name).substitute(head=head, lang=current(), root=root, **fields)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _root(depth: int) -> str:
    return "../" * depth


def icon_symbols(names: dict[str, str]) -> str:
    """An inline sprite of Font Awesome icons (`<use href="#icon-KEY">`), keyed by `names`' keys:
    the outlines the map's SVG canvas draws, in the font's 512-unit grid."""
    symbols, notice = [], ""
    for key, icon in sorted(names.items()):
        data, notice = icon_outline(icon)
        width = round(icon_width(icon, 512))
        symbols.append(f'<symbol id="icon-{_e(key)}" viewBox="0 0 {width} 512"><path d="{_e(data)}"/></symbol>')
    return f'<svg class="sprite" aria-hidden="true"><!-- {_e(notice)} -->{"".join(symbols)}</svg>'


def weekday(day: dt.date) -> str:
    """"Tuesday", "Dinsdag", "Mardi": the day's name in the language in use, capitalised."""
    return capital(weekday_name(day))


def _data_json(data: object) -> str:
    """JSON that cannot close its <script> element early."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def puzzle_page(daily: Daily, files: dict[str, str], results_url: str | None = None) -> str:
    """The page of a daily puzzle or mini; `files` are its PDFs' names, next to the page. With
    `results_url` (`citytrip site --results-url`) the page sends the finished play there and shows
    the standing (templates/site/results.js)."""
    puzzle = daily.puzzle
    drawn = page_map(puzzle)
    heading, lines = statement_lines(puzzle)
    mini = puzzle.is_mini
    data = {
        "puzzle": puzzle_to_json(puzzle),
        "page": {
            "title": f"{title_text(daily)} · {daily.day.isoformat()}",
            "par": daily.par,
            "code": daily.code,
            "mini": mini,
            # for the player's record of days played (templates/site/record.js)
            "city": puzzle.city.key,
            "city_name": puzzle.city.name,
            "date": daily.day.isoformat(),
            # where `citytrip serve` answers; absent: the page sends nothing (templates/site/results.js)
            **({"results": results_url} if results_url else {}),
        },
        "colours": {name: action.colour for name, action in load_icon_scheme().actions.items()},
        **_game_data(puzzle.city, drawn, puzzle.mode),
    }
    certificate = certificate_line(daily)
    return _page(
        "puzzle.html",
        f"{title_text(daily)} · {date_text(daily)}",
        _root(2),
        heading=_e(title_text(daily)),
        date=_e(date_text(daily)),
        level=_e(level_text(daily)),
        setup=_e(setup_text(puzzle)),
        target_par=_e(target_par_text(daily)),
        goal=_e(goal_text(daily)),
        certificate=f'<p class="certificate">{_e(certificate)}</p>' if certificate else "",
        statement_heading=_e(heading),
        statement="".join(f"<li>{_e(line)}</li>" for line in lines),
        game=game_part(puzzle.city, daily.code, drawn.svg, puzzle.mode),
        sprite=_game_sprite(puzzle.city, puzzle.mode),
        turn_table=_turn_table(daily),
        code=_e(daily.code),
        sheet=_e(files["sheet"]),
        answer_key=_e(files["answer_key"]),
        data=_data_json(data),
    )


def _game_sprite(city: City, mode: str) -> str:
    """The icons a page played by taps draws: the five actions, the rush turn's and the bonus's
    marks, and the legend's goal icons (`goal-ICON`)."""
    style = load_sheet_style()
    icons = {name: action.icon for name, action in load_icon_scheme().actions.items()}
    goals = {f"goal-{icon}": icon for goal, _price, _label in legend_rows(city, mode) for icon, _colour in goal}
    return icon_symbols({**icons, **goals, "hunted": style.marks["hunted"], "bonus": style.marks["bonus"]})


def place_names(city: City, mode: str) -> dict[str, str]:
    """Each location's node ("K12") → what a screen reader and the map's tooltip say of it: its
    name in the page's language, what it offers and what that costs in the puzzle's `mode`
    ("Belfort: Photograph famous historical buildings, 2 photo"); a special location of the
    advanced game (R14) names each of its goals."""
    actions = action_words()
    categories = city.rules.categories
    names = {}
    for location in city.locations.values():
        special = (location.choice or location.combo) if mode == ADVANCED else ()
        goals = [categories[name] for name in (special or (location.category,)) if name in categories]
        offers = [_("{goal}, {cost} {action}").format(goal=category_label(category), cost=category.cost(mode),
                                                      action=actions[category.action.value]) for category in goals]
        joined = (_(" or ") if location.choice else _(" and ")).join(offers)
        names[str(location.at)] = _("{name}: {offers}").format(name=location_name(location), offers=joined)
    return names


def legend_html(city: City, mode: str) -> str:
    """The printed sheet's legend for the page (basic or advanced as the puzzle is): each goal's
    icons, its price in action icons and its label; the sheet's notes on the plan, bridges and
    special locations; and the page's own marks on the map."""
    actions = action_words()
    scheme = load_icon_scheme()
    action_of = {action.icon: name for name, action in scheme.actions.items()}

    def use(key: str, colour: str) -> str:
        return f'<svg class="icon" aria-hidden="true" style="color: {_e(colour)}"><use href="#{_e(key)}"/></svg>'

    rows = []
    for goal, price, label in legend_rows(city, mode):
        cost = _("{cost} {action}").format(cost=len(price), action=actions[action_of[price[0][0]]]) if price else ""
        rows.append(f'<li><span class="legend-goal">{"".join(use("icon-goal-" + icon, colour) for icon, colour in goal)}</span>'
                    f'<span class="legend-price" role="img" aria-label="{_e(cost)}">'
                    f'{"".join(use("icon-" + action_of[icon], colour) for icon, colour in price)}</span>'
                    f'<span class="legend-label">{_e(label)}</span></li>')
    notes = [text for mark, text in legend_notes(city, mode) if mark != "bonus"]  # the page explains bonus actions below
    marks = [("route", _("the path drawn so far; a ring: the end you extend")),
             ("unpaid", _("dashed orange: a step or place your actions do not pay yet")),
             ("tickable", _("a yellow ring: a place your path touched this turn, tap it to tick it"))]
    title = _("Legend")  # outside the f-string: Babel's extractor does not look into one
    return (f'<details class="legend" id="legend"><summary>{_e(title)}</summary><ul>{"".join(rows)}</ul>'
            f'<ul class="legend-notes">{"".join(f"<li>{_e(text)}</li>" for text in notes)}'
            f'{"".join(f"<li><span class=mark-{mark} aria-hidden=true></span>{_e(text)}</li>" for mark, text in marks)}'
            f'</ul></details>')


def _game_data(city: City, drawn, mode: str) -> dict:
    """What play.js needs of the city and the page's map (`drawn`, page_map's), on every page it
    plays: the nodes' places named for the puzzle's `mode`."""
    return {
        "map": {"cell": round(drawn.cell, 2), "nodes": drawn.nodes, "places": place_names(city, mode)},
        "labels": {name: category_label(category) for name, category in city.rules.categories.items()},
        "words": vars(city_words(city)),
        "actions": action_words(),
    }


def game_part(city: City, code: str, map_svg: str, mode: str) -> str:
    """The game's part of a page played by taps (templates/site/game.html, in puzzle.html and
    levels.html): the status, map, this turn's controls, the end of the game and the score, by the
    ids play.js draws into; with the puzzle's `code` in the line that says how to verify a play
    (empty on the levels page, where play.js writes the deal's), and the map's drawing."""
    return _template("game.html").substitute(turn_rules=_e(turn_rules_text(city_words(city))), code=_e(code), map=map_svg,
                                             legend=legend_html(city, mode))


def _turn_table(daily: Daily) -> str:
    """Every turn's open boxes, as the printed turn table shows them (the deal is known ahead)."""
    rows = []
    actions = action_words()
    for t, faces in enumerate(daily.puzzle.turns, start=1):
        cells = []
        for name, box in faces.boxes().items():
            title = _("{box}: {action} {value}").format(box=name, action=actions[box.type.value], value=box.value)
            cells.append(f'<td class="box type-{box.type.value}" data-box="{name}" title="{_e(title)}">'
                         f'<svg class="icon" aria-hidden="true"><use href="#icon-{box.type.value}"/></svg>'
                         f'<span>{box.value}</span></td>')
        rows.append(f'<tr data-turn="{t}"><th scope="row">{t}</th>{"".join(cells)}</tr>')
    turn = _("Turn")
    head = f"<tr><th>{_e(turn)}</th>" + "".join(f"<th>{name}</th>" for name in ("L1", "L2", "L3", "R1", "R2", "R3")) + "</tr>"
    return f'<table id="turn-table"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def index_page(listed: list[Listed], games: list[tuple[str, str]] = ()) -> str:
    """Every puzzle of the site, newest date first, a city per column; and each city of `games`
    (key, name)'s table and levels pages."""
    days = sorted({item.day for item in listed}, reverse=True)
    cities = sorted({(item.city_key, item.city_name) for item in listed})
    kinds = {False: _("Daily puzzle"), True: _("Mini")}
    rows = []
    for day in days:
        cells = []
        for key, _name in cities:
            links = [
                f'<a href="{page_link(key, day, item.mini)}">{_e(kinds[item.mini])}</a>'
                f'<span class="summary">{_e(item.summary)}</span>'
                for item in sorted(listed, key=lambda i: i.mini) if item.city_key == key and item.day == day
            ]
            cells.append(f"<td>{'<br>'.join(links) or '–'}</td>")
        rows.append(f'<tr><th scope="row">{_e(weekday(day))} <span class="date">{day.isoformat()}</span></th>'
                    f'{"".join(cells)}</tr>')
    date = _("Date")
    head = f"<tr><th>{_e(date)}</th>" + "".join(f"<th>{_e(name)}</th>" for _key, name in cities) + "</tr>"
    table = f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
    names = {key: name for key, name in cities}  # for the player's record (templates/site/index.js)
    table_game, levels = _("A game at the table"), _("Solo levels")  # outside the f-string, for Babel
    links = "".join(
        f'<li><strong>{_e(name)}</strong>: <a href="{_e(key)}/table.html">{_e(table_game)}</a> · '
        f'<a href="{_e(key)}/levels.html">{_e(levels)}</a></li>' for key, name in games)
    games_list = f'<ul class="games">{links}</ul>' if links else ""
    if not days:
        table = ""
    return _page("index.html", _("Citytrip daily puzzles"), "", table=table, cities=_data_json(names), games=games_list)


def how_to_play_page(results_url: str | None = None) -> str:
    """How to play; with `results_url`, what a finished play sends to the results service and what
    it does not (a site built without one sends nothing, and says nothing about it)."""
    results = ""
    if results_url:
        heading = _("What this site sends")
        results = (f'<h2>{_e(heading)}</h2><p id="results-sent">'
                   + _e(_("When you finish a daily puzzle or a mini, this site sends your play to its results service "
                          "at {address}: the puzzle code, your route in the one-line notation, whether you opened the "
                          "answer key, and a random id this browser made up for you, so that a puzzle counts once per "
                          "player. Nothing else: no name, no e-mail or postal address, no account, and your internet "
                          "address is not stored. The service replays your route with the rules and answers with how "
                          "you did against the other players of that puzzle. Without a network, the play waits in "
                          "this browser and is sent on your next visit.").format(address=results_url))
                   + "</p>")
    return _page("how-to-play.html", _("How to play the Citytrip daily puzzle"), "", results=results)


# --- the table page and the levels page (generator/browser/table.py deals in the browser) -----------

def _deal_data(city: City) -> tuple[Puzzle, dict]:
    """A placeholder puzzle of `city` (its map and rules for the browser's engine; its own deal is
    never shown) and what the browser's dealer needs: that puzzle's JSON and the city's cards."""
    base = table_level_puzzle(city, "AAAAAA", min(city.levels), 16)
    return base, {"base": puzzle_to_json(base), "cards": cards_to_json(city, data_digest(city)),
                  "alphabet": ALPHABET, "code_length": CODE_LENGTH}


def _assignment_texts(city: City, base: Puzzle) -> dict[str, dict[str, object]]:
    """Every assignment card as the table page shows it: title, what it asks, its points."""
    texts = {}
    for key, card in sorted(city.assignments.items()):
        if card.is_drawn_starts:
            continue
        texts[key] = {"title": kind_title(card), "what": describe(base, card), "type": card.type,
                      "values": list(card.values), "race": card.is_race}
    return texts


def _start_texts(city: City) -> dict[str, dict[str, str]]:
    return {str(n): {"name": location_name(card.location), "at": str(card.location.at),
                     "url": location_url(card.location), "description": start_description(card)}
            for n, card in sorted(city.start_cards.items())}


def _box_icons() -> str:
    scheme = load_icon_scheme()
    return icon_symbols({name: action.icon for name, action in scheme.actions.items()})


def table_page(city: City) -> str:
    """`CITY/table.html`: a group's game on printed sheets, dealt from a table code in the browser."""
    base, deal = _deal_data(city)
    data = {
        "deal": deal,
        "city": city.key,
        "starts": _start_texts(city),
        "assignments": _assignment_texts(city, base),
        "actions": action_words(),
        "words": vars(city_words(city)),
    }
    title = _("{city}: a game at the table").format(city=city.name)
    # The city's own word for its assignment cards (Antwerpen's missions), as the cards print it.
    footer = _("Everyone who enters the same code and game sees the same start card, {assignments} and cards. "
               "Nothing is sent anywhere.").format(assignments=city_words(city).assignments)
    return _page("table.html", title, _root(1), heading=_e(title), sprite=_box_icons(), footer=_e(footer),
                 data=_data_json(data))


def levels_page(city: City) -> str:
    """`CITY/levels.html`: a solo level of the city's table played by taps, its deck dealt from a
    code in the browser and hidden as the cards are at a table."""
    base, deal = _deal_data(city)
    drawn = page_map(base, ringed=False)
    levels = {}
    for number in sorted(city.levels):
        puzzle = table_level_puzzle(city, "AAAAAA", number, 16)
        heading, lines = statement_lines(puzzle)
        start = city.start_cards[city.levels[number].start].location
        levels[str(number)] = {
            "target": puzzle.target, "heading": heading, "lines": lines,
            "start": _("Start: {name} ({at})").format(name=location_name(start), at=start.at),
        }
    title = _("{city}: solo levels").format(city=city.name)
    data = {
        "deal": deal,
        "levels": levels,
        "puzzle": None,
        "page": {"title": title, "par": None, "code": "", "mini": False, "level": True, "city": city.key,
                 "city_name": city.name},
        **_game_data(city, drawn, base.mode),
    }
    return _page("levels.html", title, _root(1), heading=_e(title), sprite=_game_sprite(city, base.mode),
                 game=game_part(city, "", drawn.svg, base.mode), data=_data_json(data))
