"""The reputation track's board data (templates/bruges/reputation.yaml) and how game files use it."""

from __future__ import annotations

import pytest

from generator.bruges import ReputationTrack, score_game
from generator.data.bruges import REPUTATION_FILE, load_game, load_reputation_track
from generator.errors import DataError

from bruges_helpers import game, player


def test_shipped_track_is_marked_to_fill():
    """The shipped data claims no numbers it cannot back: status to-fill, no steps listed."""
    assert REPUTATION_FILE.exists()
    text = REPUTATION_FILE.read_text(encoding="utf-8")
    assert "status: to-fill" in text
    assert load_reputation_track() == ReputationTrack(points={}, last_step=None)


def test_filled_track_is_read(tmp_path):
    """A filled track gives its points per step and its last step."""
    file = tmp_path / "reputation.yaml"
    file.write_text("status: board\nsource: test\nlast_step: 3\npoints: {0: 0, 1: 1, 2: 1, 3: 2}\n")
    assert load_reputation_track(file) == ReputationTrack(points={0: 0, 1: 1, 2: 1, 3: 2}, last_step=3)


@pytest.mark.parametrize(
    "text, path",
    [
        ("status: board\nlast_step: 3\npoints: {1: 1, 2: 1}\n", "points"),   # step 3 missing
        ("status: board\nlast_step: 2\npoints: {1: 1, 5: 1}\n", "points.5"),  # past the end
        ("status: maybe\npoints: {}\n", "status"),
        ("status: to-fill\npoints: {1: lots}\n", "points.1"),
    ],
    ids=["missing step", "step past the end", "unknown status", "points not a number"],
)
def test_bad_track_file_is_refused(tmp_path, text, path):
    """A malformed track file is a DataError naming the key path."""
    file = tmp_path / "reputation.yaml"
    file.write_text(text)
    with pytest.raises(DataError) as caught:
        load_reputation_track(file)
    assert caught.value.path == path


def test_game_file_agrees_with_the_board(write_game):
    """With board data, a file may omit a step's points; if it states them, they must match."""
    track = ReputationTrack(points={0: 0, 4: 3}, last_step=10)
    omitted = game(player("A", reputation={"step": 4}, majorities=["reputation"]), player("B"))
    assert score_game(load_game(write_game(omitted), track)).players[0].as_dict()["reputation"] == 3
    wrong = game(player("A", reputation={"step": 4, "points": 5}, majorities=["reputation"]), player("B"))
    with pytest.raises(DataError, match="shows 3 points on the board") as caught:
        load_game(write_game(wrong), track)
    assert caught.value.path == "players[0].reputation.points"
    beyond = game(player("A", reputation={"step": 11, "points": 9}, majorities=["reputation"]), player("B"))
    with pytest.raises(DataError, match="past the end") as caught:
        load_game(write_game(beyond), track)
    assert caught.value.path == "players[0].reputation.step"
