"""Score pads: `citytrip scorepad` PDFs, their layout, and their templates."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from print_audit import audit
from ruler_check import ruler_faults

from generator.errors import DataError
from generator.render.pdf import FONT, FONT_BOLD, PAPERS
from generator.render.scorepad import FOOT, GAP, MARGIN, MAX_ROW_HEIGHT, MIN_TEXT, layout_scorepad
from generator.render.scorepad_template import load_scorepad
from generator.render.template import TEMPLATES

from .conftest import assert_print_ready, page_text, read_pdf, words_of

MM = 72 / 25.4

GAMES = {  # game: (variants, min players, max players)
    "citytrip": (["brugge", "antwerpen"], 1, 6),
    "bruges": (["en", "fr"], 2, 4),
    "bigcity": (["standard"], 2, 5),
}
CASES = [(g, v) for g, (variants, _, _) in GAMES.items() for v in variants]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,variant", CASES)
def test_pad_pdf_is_valid_and_shows_every_row(run, tmp_path: Path, game: str, variant: str, paper: str) -> None:
    """Each pad opens strictly, has one page of the paper's size and prints every row label."""
    out = tmp_path / "pad.pdf"
    code, stdout, stderr = run("scorepad", "--game", game, "--variant", variant, "--paper", paper, "--out", out)
    assert (code, stderr) == (0, "")
    reader = read_pdf(out)
    assert_print_ready(reader, paper, pages=1)
    text = words_of(page_text(out))
    template = load_scorepad(TEMPLATES / "scorepad" / f"{game}.yaml", variant)
    for row in template.rows:
        assert row.label in text
        if row.hint:
            assert row.hint in text
    assert template.label in text


def test_citytrip_pads_use_each_citys_categories(run, tmp_path: Path) -> None:
    """Brugge pads have bridges and no recreation; Antwerpen the reverse (the cities' legends)."""
    run("scorepad", "--game", "citytrip", "--city", "brugge", "--out", tmp_path / "b.pdf")
    run("scorepad", "--game", "citytrip", "--city", "antwerpen", "--out", tmp_path / "a.pdf")
    brugge, antwerpen = page_text(tmp_path / "b.pdf"), page_text(tmp_path / "a.pdf")
    assert "Photograph on bridges" in brugge and "Recreation" not in brugge
    assert "Recreation" in antwerpen and "Photograph on bridges" not in antwerpen
    assert "Tie-break" in brugge and "fewest" in brugge


@pytest.mark.parametrize("city", ["brugge", "antwerpen"])
def test_citytrip_pad_rows_are_the_sheets_legend_labels(city: str) -> None:
    """Issue 15, item 2: a pad's goal rows are the city's own legend labels (rules.yaml), so
    Antwerpen's event row says 'theatre, film and events' like its sheet, not Brugge's wording."""
    from generator.data.cities import load_city

    labels = {category.label for category in load_city(city).rules.categories.values()}
    template = load_scorepad(TEMPLATES / "scorepad" / "citytrip.yaml", city)
    goal_rows = [row.label for row in template.rows if row.icon not in ("crown", "person-running", "star", None)]
    assert len(goal_rows) == {"brugge": 8, "antwerpen": 8}[city]
    assert set(goal_rows) <= labels
    event = load_city(city).rules.categories["event"].label
    assert event in goal_rows and event.endswith({"brugge": "concerts and events", "antwerpen": "film and events"}[city])


@pytest.mark.parametrize(
    "body,where,message",
    [
        ("city: brugge\n    rows: [{label: '{hunted}', kind: score}]", "variants.v.rows[0].label", "unknown placeholder {hunted}"),
        ("rows: [{label: '{Assignments}', kind: score}]", "variants.v.rows[0].label", "give the variant a city"),
        ("city: gent\n    rows: [{label: A, kind: score}]", "variants.v.city", "unknown city 'gent'"),
    ],
)
def test_city_placeholder_errors_name_the_key(tmp_path: Path, body: str, where: str, message: str) -> None:
    """A placeholder the city does not have, one in a variant without a city, or an unknown city
    is a DataError at its key path, never '{hunted}' printed on a pad."""
    file = tmp_path / "bad.yaml"
    file.write_text(f"title: Bad\nplayers: {{min: 1, max: 2}}\nvariants:\n  v:\n    label: Bad\n    {body}\n")
    with pytest.raises(DataError) as caught:
        load_scorepad(file)
    assert caught.value.path == where and message in str(caught.value)


def test_two_runs_give_identical_bytes_and_a_preview(run, tmp_path: Path) -> None:
    """The same command twice writes the same bytes; --preview writes a first-page PNG."""
    run("scorepad", "--game", "bruges", "--out", tmp_path / "a.pdf", "--preview")
    run("scorepad", "--game", "bruges", "--out", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    png = (tmp_path / "a.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (pytest.approx(827, abs=1), pytest.approx(1169, abs=1))  # A4 at 100 dpi


def test_identical_bytes_across_processes(tmp_path: Path) -> None:
    """A fresh interpreter writes the same PDF as this one (no per-process state leaks in)."""
    from generator.cli import main

    main(["scorepad", "--game", "citytrip", "--out", str(tmp_path / "here.pdf")])
    subprocess.run(
        [sys.executable, "-m", "generator", "scorepad", "--game", "citytrip", "--out", str(tmp_path / "there.pdf")],
        check=True, capture_output=True, cwd=Path(__file__).resolve().parents[2],
    )
    assert (tmp_path / "here.pdf").read_bytes() == (tmp_path / "there.pdf").read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_pads_stay_on_the_page_and_apart(game: str, paper: str) -> None:
    """For every player count, every pad lies inside the margins, above the ruler's band, and no
    two pads overlap."""
    _, low, high = GAMES[game]
    size = PAPERS[paper]
    for variant in GAMES[game][0]:
        template = load_scorepad(TEMPLATES / "scorepad" / f"{game}.yaml", variant)
        for players in range(low, high + 1):
            layout = layout_scorepad(template, players, size)
            for x, y in layout.slots:
                assert MARGIN - 0.01 <= x and x + layout.width <= size.width - MARGIN + 0.01
                assert FOOT - 0.01 <= y and y + layout.height <= size.height - MARGIN + 0.01
            for (x1, y1), (x2, y2) in itertools.combinations(layout.slots, 2):
                assert abs(x1 - x2) >= layout.width or abs(y1 - y2) >= layout.height


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,variant", CASES)
def test_every_pad_passes_the_print_audit_and_has_a_clear_ruler(run, tmp_path: Path, game: str, variant: str,
                                                                paper: str) -> None:
    """Issue 15, items 1 and 7: at the fewest and the most players, no glyph under 6 pt, nothing
    within 5 mm of the edge, every font embedded, and on every page a 50-mm ruler no line crosses."""
    _, low, high = GAMES[game]
    for players in (low, high):
        out = tmp_path / f"pad-{players}.pdf"
        code, _, stderr = run("scorepad", "--game", game, "--variant", variant, "--paper", paper,
                              "--players", players, "--pages", 2, "--out", out)
        assert (code, stderr) == (0, "")
        assert [str(f) for f in audit(out)] == []
        assert ruler_faults(out) == []


@pytest.mark.parametrize("game,variant", CASES)
def test_a4_and_letter_tile_alike_and_use_the_page(game: str, variant: str) -> None:
    """Issue 15, item 5: a pad tiles the same on A4 and Letter (4-player Bruges was 2 against 4),
    and the page's spare height goes into taller rows until they reach their maximum."""
    _, low, high = GAMES[game]
    template = load_scorepad(TEMPLATES / "scorepad" / f"{game}.yaml", variant)
    for players in range(low, high + 1):
        layouts = {name: layout_scorepad(template, players, size) for name, size in PAPERS.items()}
        assert len({len(layout.slots) for layout in layouts.values()}) == 1
        for name, layout in layouts.items():
            down = len({y for _, y in layout.slots})
            usable = PAPERS[name].height - MARGIN - FOOT
            blank = usable - down * layout.height - (down - 1) * GAP
            assert blank >= -0.01
            assert layout.row_height == pytest.approx(MAX_ROW_HEIGHT) or blank < 0.5 * MM


def test_no_pad_text_under_the_print_floor() -> None:
    """A shrunk label never takes its hint under 6 pt (the French Bruges pad printed 5.62 pt)."""
    from generator.render.scorepad import hint_size

    for game, (variants, low, high) in GAMES.items():
        for variant in variants:
            template = load_scorepad(TEMPLATES / "scorepad" / f"{game}.yaml", variant)
            for paper in PAPERS.values():
                layout = layout_scorepad(template, high, paper)
                assert min(layout.label_sizes) >= MIN_TEXT
                assert min(hint_size(size) for size in layout.label_sizes) >= MIN_TEXT


def test_big_city_pad_keeps_a_running_score(run, tmp_path: Path) -> None:
    """Buildings score when placed (seed 004), so the Big City pad has a running-score grid: 26
    numbered lines (52 buildings, 2 players), each player's column split into points and total."""
    template = load_scorepad(TEMPLATES / "scorepad" / "bigcity.yaml")
    assert template.running is not None and template.running.rows == 26
    for players in range(2, 6):
        for paper in PAPERS.values():
            layout = layout_scorepad(template, players, paper)
            assert layout.running_rows == 26
            assert layout.player_width / 2 >= 9 * MM  # room for a three-digit number in each half
    run("scorepad", "--game", "bigcity", "--out", tmp_path / "b.pdf")
    text = words_of(page_text(tmp_path / "b.pdf"))
    assert "Running score" in text and "each building as it is placed" in text
    assert text.count("points total") == 5
    assert " 26 " in text and "new total" in text


def test_running_grid_template_errors_name_the_key(tmp_path: Path) -> None:
    """A running grid with no lines, more than a page holds, or a caption wider than its half
    column is a DataError at its key."""
    for rows in (0, 61):
        file = tmp_path / "run.yaml"
        file.write_text("title: R\nplayers: {min: 2, max: 3}\nvariants:\n  v:\n    label: R\n"
                        f"    rows: [{{label: A, kind: score}}]\n    running: {{label: Running, rows: {rows}}}\n")
        with pytest.raises(DataError) as caught:
            load_scorepad(file)
        assert caught.value.path == "variants.v.running.rows"
    file.write_text("title: R\nplayers: {min: 2, max: 3}\nvariants:\n  v:\n    label: R\n"
                    "    rows: [{label: A, kind: score}]\n"
                    "    running: {label: Running, rows: 5, columns: [points scored this turn, total]}\n")
    with pytest.raises(DataError) as caught:
        layout_scorepad(load_scorepad(file), 2, PAPERS["a4"])
    assert caught.value.path == "variants.v.running.columns"
    file.write_text("title: R\nplayers: {min: 2, max: 3}\nvariants:\n  v:\n    label: R\n"
                    "    rows: [{label: A, kind: score}]\n    running: {label: Running, rows: 60}\n")
    with pytest.raises(DataError) as caught:
        layout_scorepad(load_scorepad(file), 2, PAPERS["a4"])
    assert caught.value.path == "variants.v.running.rows" and "too many rows" in str(caught.value)


def test_several_pads_per_page_where_they_fit() -> None:
    """Narrow pads sit side by side: 2-player Bruges four to an A4 page; 6-player Citytrip twice."""
    bruges = load_scorepad(TEMPLATES / "scorepad" / "bruges.yaml")
    assert len(layout_scorepad(bruges, 2, PAPERS["a4"]).slots) == 4
    citytrip = load_scorepad(TEMPLATES / "scorepad" / "citytrip.yaml")
    assert len(layout_scorepad(citytrip, 6, PAPERS["a4"]).slots) == 2


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_long_labels_take_two_lines_to_keep_four_pads_to_a_page(lang: str) -> None:
    """The 1-player Citytrip pad is four to a page in every language: Dutch and French category
    names, a fifth longer than the English ones, wrap onto two lines (the room a hint takes)
    rather than widen the pad to two to a page; every line stays inside the label column at
    full size, and a label with a hint keeps one line."""
    from generator.language import speaking
    from generator.render.scorepad import ICON_SIZE, LABEL_SIZE, PAD

    with speaking(lang):
        for city in GAMES["citytrip"][0]:
            template = load_scorepad(TEMPLATES / "scorepad" / "citytrip.yaml", city)
            for paper in PAPERS.values():
                layout = layout_scorepad(template, 1, paper)
                assert len(layout.slots) == 4, (city, paper.name)
                for row, lines, size in zip(template.rows, layout.label_lines, layout.label_sizes):
                    assert " ".join(lines) == row.label and size == LABEL_SIZE
                    assert len(lines) == 1 or (len(lines) == 2 and row.hint is None)
                    room = layout.label_width - 2 * PAD - (ICON_SIZE + PAD if row.icon else 0)
                    font = FONT_BOLD if row.kind == "total" else FONT
                    assert all(stringWidth(line, font, size) <= room + 0.01 for line in lines), row.label


@pytest.mark.parametrize(
    "args,message",
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "citytrip", "--players", "0"], "1–6 players"),
        (["--game", "citytrip", "--players", "10000000"], "1–6 players"),
        (["--game", "bruges", "--players", "1"], "2–4 players"),
        (["--game", "bigcity", "--players", "6"], "2–5 players"),
        (["--game", "citytrip", "--paper", "a3"], "unknown paper"),
        (["--game", "citytrip", "--city", "gent"], "no variant 'gent'"),
        (["--game", "citytrip", "--pages", "0"], "--pages"),
        (["--game", "citytrip", "--pages", "10000000"], "--pages"),
    ],
)
def test_bad_options_exit_2_without_output(run, tmp_path: Path, args: list[str], message: str) -> None:
    """Bad options print one error paragraph, exit 2, and leave no PDF or temporary file."""
    code, stdout, stderr = run("scorepad", *args, "--out", tmp_path / "pad.pdf")
    assert code == 2
    assert stderr.startswith("citytrip: error:") and message in " ".join(stderr.split())
    assert "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_unwritable_output_exits_2(run, tmp_path: Path) -> None:
    """A file where a folder must be, or a folder as --out, is exit 2 with nothing written."""
    (tmp_path / "plain").write_text("")
    code, _, stderr = run("scorepad", "--game", "citytrip", "--out", tmp_path / "plain" / "pad.pdf")
    assert code == 2 and "is a file, not a folder" in " ".join(stderr.split())
    (tmp_path / "plain").unlink()
    code, _, stderr = run("scorepad", "--game", "citytrip", "--out", tmp_path)
    assert code == 2 and "folder" in " ".join(stderr.split())
    assert list(tmp_path.iterdir()) == []


def test_failure_while_drawing_leaves_no_file(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If drawing fails halfway, neither the PDF nor its temporary file is left behind."""
    from reportlab.pdfgen.canvas import Canvas

    def broken_save(self: Canvas) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Canvas, "save", broken_save)
    code, _, stderr = run("scorepad", "--game", "citytrip", "--out", tmp_path / "pad.pdf")
    assert code == 2 and "No space left" in " ".join(stderr.split())
    assert list(tmp_path.iterdir()) == []


def test_a_new_game_is_a_data_file(run, tmp_path: Path) -> None:
    """Any template file given as --game prints its own rows."""
    file = tmp_path / "kingdomino.yaml"
    file.write_text(
        "title: Kingdomino\nplayers: {min: 2, max: 4}\nvariants:\n  standard:\n    label: Kingdomino\n"
        "    rows:\n      - {label: Crowns times squares, kind: score, icon: crown}\n"
        "      - {label: Total, kind: total}\n"
    )
    code, _, stderr = run("scorepad", "--game", file, "--players", 3, "--out", tmp_path / "k.pdf")
    assert (code, stderr) == (0, "")
    text = page_text(tmp_path / "k.pdf")
    assert "Crowns times squares" in text and "Player 3" in text and "Player 4" not in text


@pytest.mark.parametrize(
    "body,where",
    [
        ("rows: [{label: A, kind: scor}]", "variants.v.rows[0].kind"),
        ("rows: [{label: A, kind: score, icon: nope}]", "variants.v.rows[0].icon"),
        ("rows: [{label: A, kind: score, colour: red}]", "variants.v.rows[0].colour"),
        ("rows: [{label: A, kind: score}, {label: a, kind: score}]", "variants.v.rows[1]"),
        ("rows: [{label: 'go → there', kind: score}]", "variants.v.rows[0].label"),
        ("rows: []", "variants.v.rows"),
        ("rows: [{label: T, kind: total}]", "variants.v.rows"),
    ],
)
def test_template_errors_name_file_and_key_path(tmp_path: Path, body: str, where: str) -> None:
    """Every template mistake is a DataError that names the file and the key path."""
    file = tmp_path / "bad.yaml"
    file.write_text(f"title: Bad\nplayers: {{min: 1, max: 2}}\nvariants:\n  v:\n    label: Bad\n    {body}\n")
    with pytest.raises(DataError) as caught:
        load_scorepad(file)
    assert caught.value.file == str(file)
    assert caught.value.path == where


def test_duplicate_keys_and_bad_yaml_are_data_errors(tmp_path: Path) -> None:
    """Duplicate keys (which PyYAML would silently merge) and broken YAML are reported."""
    file = tmp_path / "dup.yaml"
    file.write_text("title: A\ntitle: B\nplayers: {min: 1, max: 2}\nvariants: {}\n")
    with pytest.raises(DataError, match="duplicate key 'title'"):
        load_scorepad(file)
    file.write_text("title: [unclosed\n")
    with pytest.raises(DataError, match="not valid YAML"):
        load_scorepad(file)


def test_bad_template_through_the_cli_exits_2(run, tmp_path: Path) -> None:
    """A broken template given on the command line is exit 2 with the key path in the message."""
    file = tmp_path / "bad.yaml"
    file.write_text("title: Bad\nplayers: {min: 3, max: 2}\nvariants: {v: {label: B, rows: [{label: A, kind: score}]}}\n")
    code, _, stderr = run("scorepad", "--game", file, "--out", tmp_path / "x.pdf")
    assert code == 2 and "players" in " ".join(stderr.split()) and "below min" in " ".join(stderr.split())
    assert not (tmp_path / "x.pdf").exists()


# --- Languages (issue 19): the pad in English, Dutch and French --------------------------------

LANGUAGES = ("nl", "fr")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game,variant", CASES)
def test_pad_prints_its_rows_in_the_language_asked(run, tmp_path: Path, game: str, variant: str, lang: str) -> None:
    """Issue 19: with --lang every row label and hint is the translation (read back from the
    PDF), no English row label that the language words differently is left, the caption boxes
    say the language's 'Player', and the page passes the print audit (6 pt, the edge, no word out
    of its box)."""
    from generator.language import speaking

    out = tmp_path / "pad.pdf"
    code, _, stderr = run("scorepad", "--game", game, "--variant", variant, "--lang", lang, "--out", out)
    assert (code, stderr) == (0, "")
    text = words_of(page_text(out))
    english = load_scorepad(TEMPLATES / "scorepad" / f"{game}.yaml", variant)
    with speaking(lang):
        translated = load_scorepad(TEMPLATES / "scorepad" / f"{game}.yaml", variant)
    assert translated.label in text and f"{translated.player_label} 1" in text
    for mine, theirs in zip(translated.rows, english.rows):
        # words_of: a French hint keeps a number and its noun together with a no-break space.
        assert words_of(mine.label) in text and (mine.hint is None or words_of(mine.hint) in text)
        if theirs.label not in mine.label and mine.label != theirs.label and theirs.label not in translated.label:
            assert theirs.label not in text, (lang, theirs.label)
    assert english.player_label not in text and {"nl": "Naam", "fr": "Nom"}[lang] in text
    assert [str(f) for f in audit(out)] == []


def test_bruges_rules_variant_and_language_are_independent(run, tmp_path: Path) -> None:
    """Ruling B1 and issue 19: `--variant fr` is the French summary's scoring, `--lang` the words;
    the French-summary scoring reads in English, and the rulebook's scoring in French, with seed
    003's own words (piste de score, jetons de majorité, florins)."""
    run("scorepad", "--game", "bruges", "--variant", "fr", "--lang", "en", "--out", tmp_path / "fr-en.pdf")
    run("scorepad", "--game", "bruges", "--variant", "en", "--lang", "fr", "--out", tmp_path / "en-fr.pdf")
    summary_in_english = words_of(page_text(tmp_path / "fr-en.pdf"))
    rulebook_in_french = words_of(page_text(tmp_path / "en-fr.pdf"))
    assert "End bonus (variant)" in summary_in_english and "Reputation step" in summary_in_english
    for words in ("Piste de score", "Jetons de majorité", "Florins", "Personnages", "Maisons"):
        assert words in rulebook_in_french
    assert "Bonus final" not in rulebook_in_french and "Guilders" not in rulebook_in_french


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_each_language_reruns_to_the_same_bytes(run, tmp_path: Path, lang: str) -> None:
    """The same pad in the same language twice gives identical bytes; languages differ."""
    for name in ("a", "b"):
        run("scorepad", "--game", "bigcity", "--lang", lang, "--out", tmp_path / f"{name}.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    if lang != "en":
        run("scorepad", "--game", "bigcity", "--lang", "en", "--out", tmp_path / "en.pdf")
        assert (tmp_path / "a.pdf").read_bytes() != (tmp_path / "en.pdf").read_bytes()


@pytest.mark.parametrize("lang", ["de", "NLD", "../nl"])
def test_unknown_language_exits_2_without_output(run, tmp_path: Path, lang: str) -> None:
    """A --lang the project does not print in is one error paragraph naming the languages, exit 2,
    no traceback and no file."""
    code, _, stderr = run("scorepad", "--game", "bruges", "--lang", lang, "--out", tmp_path / "pad.pdf")
    assert code == 2 and "Traceback" not in stderr
    assert "use en (English), nl (Dutch) or fr (French)" in " ".join(stderr.split())
    assert list(tmp_path.iterdir()) == []


def test_default_file_names_carry_the_language(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --out a Dutch or French pad goes to output/<game>[-<variant>]-scorepad-<lang>.pdf,
    so it never overwrites the English one (no suffix)."""
    monkeypatch.chdir(tmp_path)
    for args in (["--lang", "en"], ["--lang", "nl"], ["--variant", "fr", "--lang", "fr"], ["--variant", "fr"]):
        code, stdout, _ = run("scorepad", "--game", "bruges", *args)
        assert code == 0
    names = sorted(path.name for path in (tmp_path / "output").iterdir())
    assert names == ["bruges-fr-scorepad-fr.pdf", "bruges-fr-scorepad.pdf", "bruges-scorepad-nl.pdf", "bruges-scorepad.pdf"]
