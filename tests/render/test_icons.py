"""Icons: Font Awesome names to code points, drawing, and the Citytrip icon scheme."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import DataError
from generator.render.icon_scheme import ACTION_TYPES, load_icon_scheme
from generator.render.template import contrast_on_white
from generator.render.icons import code_point, draw_icon
from generator.files import atomic_output
from generator.render.pdf import PAPERS, new_canvas

from .conftest import page_text

BRUGGE = ["souvenir", "statue", "bridge", "religious", "historic", "museum", "event", "eat"]
ANTWERPEN = ["religious", "statue", "historic", "souvenir", "recreation", "museum", "event", "eat"]


def test_code_points_come_from_the_metadata() -> None:
    """Icon names map to the solid font's private-use code points."""
    assert code_point("house") == 0xF015
    assert code_point("camera") == 0xF030
    with pytest.raises(KeyError):
        code_point("no-such-icon")


def test_draw_icon_puts_the_glyph_on_the_page(tmp_path: Path) -> None:
    """A drawn icon is text in the icon font: extraction returns its code point."""
    out = tmp_path / "icon.pdf"
    with atomic_output(out) as temp:
        canvas = new_canvas(temp, PAPERS["a4"], title="icon")
        draw_icon(canvas, "camera", 100, 100, 20, "#1F5F8B")
        canvas.showPage()
        canvas.save()
    assert chr(0xF030) in page_text(out)


def test_scheme_covers_every_category_and_action() -> None:
    """templates/icons.yaml has an icon for each goal category of both cities and each action type."""
    scheme = load_icon_scheme()
    assert set(BRUGGE + ANTWERPEN + ["restaurant"]) <= set(scheme.categories)
    assert set(scheme.actions) == set(ACTION_TYPES)
    icons = [style.icon for style in scheme.categories.values()]
    assert len(icons) == len(set(icons)), "categories must differ by shape for greyscale prints"
    assert all(contrast_on_white(s.colour) >= 4.5 for s in [*scheme.categories.values(), *scheme.actions.values()])


def test_light_colour_is_rejected_with_its_key_path(tmp_path: Path) -> None:
    """A colour too pale for a greyscale print is a DataError naming the key."""
    file = tmp_path / "icons.yaml"
    actions = "\n".join(f"  {a}: {{icon: camera, colour: '#222222'}}" for a in ACTION_TYPES)
    file.write_text(f"categories:\n  statue: {{icon: monument, colour: '#FFDD00'}}\nactions:\n{actions}\n")
    with pytest.raises(DataError, match=r"categories\.statue\.colour.*too light"):
        load_icon_scheme(file)


def test_contrast_of_black_and_white() -> None:
    """The contrast formula gives 21:1 for black and 1:1 for white."""
    assert contrast_on_white("#000000") == pytest.approx(21.0)
    assert contrast_on_white("#FFFFFF") == pytest.approx(1.0)
