"""Compare mode: two replays of one problem driven by one player, opened from a link."""

import pytest
from streamlit.testing.v1 import AppTest

from tests.app import pages


def open_page(page: str, query: dict[str, str]) -> AppTest:
    return pages.open_page(page, query, timeout=120)


@pytest.mark.parametrize(
    ("page", "player", "titles"),
    [
        ("app_pages/game_trees.py", "game", ["Minimax", "Alpha-beta"]),
    ],
)
def test_one_player_drives_both_searches_and_the_shorter_waits_at_its_end(page, player, titles):
    at = open_page(page, {"both": "true"})
    assert not at.exception
    assert [h.value for h in at.subheader][:2] == titles
    last = int(at.slider(key=f"{player}.slider").max)
    at.slider(key=f"{player}.slider").set_value(last).run()
    assert not at.exception
    notes = [h.value for h in at.html if "sv-note" in h.value]
    assert len(notes) == 2
    at_end = [f"Step {last}." in n for n in notes]
    assert any(at_end)  # the longer replay shows the player's last step
    finished = [c.value for c in at.caption if c.value.startswith("Finished after")]
    assert len(finished) == at_end.count(False)  # the shorter one holds at its own end


def test_alphabeta_finishes_first_on_the_notes_tree():
    at = open_page("app_pages/game_trees.py", {"both": "true"})
    at.slider(key="game.slider").set_value(at.slider(key="game.slider").max).run()
    finished = [c.value for c in at.caption if c.value.startswith("Finished after")]
    assert len(finished) == 1  # alpha-beta prunes, so its replay is the shorter one
