"""The shared player, driven through AppTest on a test-only page replaying the toy DFS."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from search_viz import Trace
from tests.toy import toy_dfs

APP = str(Path(__file__).with_name("player_app.py"))
LAST = len(Trace.record(toy_dfs())) - 1  # 12


def shown_step(at: AppTest) -> int:
    text = next(m.value for m in at.markdown if m.value.startswith("current step:"))
    return int(text.split(":")[1])


def open_app(query: dict | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update(query or {})
    return at.run()


def click(at: AppTest, name: str) -> AppTest:
    return at.button(key=f"toy.{name}").click().run()


def test_starts_paused_at_step_zero():
    at = open_app()
    assert not at.exception
    assert shown_step(at) == 0
    assert at.button(key="toy.play").label == "Play"
    assert at.button(key="toy.first").disabled
    assert at.button(key="toy.back").disabled


def test_buttons_move_the_step_and_the_url_follows():
    at = open_app()
    click(at, "forward")
    assert shown_step(at) == 1
    assert at.query_params["step"] == "1"
    click(at, "forward")
    click(at, "back")
    assert shown_step(at) == 1
    click(at, "last")
    assert shown_step(at) == LAST
    assert at.button(key="toy.forward").disabled
    click(at, "first")
    assert shown_step(at) == 0
    assert at.query_params["step"] == "0"


def test_the_slider_moves_the_step():
    at = open_app()
    at.slider(key="toy.slider").set_value(7).run()
    assert shown_step(at) == 7
    assert "Step 7." in at.html[0].value or any("Step 7." in h.value for h in at.html)


@pytest.mark.parametrize("step", ["0", "5", str(LAST)])
def test_a_link_with_a_step_reopens_that_step(step):
    at = open_app({"step": step})
    assert shown_step(at) == int(step)
    assert not at.warning


@pytest.mark.parametrize(
    ("raw", "says"), [("abc", "not a whole number"), ("99", "outside 0–12"), ("-1", "outside")]
)
def test_a_bad_step_in_the_link_falls_back_to_zero_with_a_message(raw, says):
    at = open_app({"step": raw})
    assert not at.exception
    assert shown_step(at) == 0
    assert says in at.warning[0].value


def test_play_advances_one_step_per_tick_and_stops_at_the_end():
    at = open_app({"step": str(LAST - 3)})
    click(at, "play")  # the run right after pressing play already shows the next step
    assert shown_step(at) == LAST - 2
    assert at.button(key="toy.play").label == "Pause"
    at.run()  # one timer tick
    assert shown_step(at) == LAST - 1
    at.run()
    assert shown_step(at) == LAST
    assert at.button(key="toy.play").label == "Replay"
    at.run()  # stopped: no further tick moves it
    assert shown_step(at) == LAST


def test_play_at_the_end_starts_again_from_the_beginning():
    at = open_app({"step": str(LAST)})
    click(at, "play")
    assert shown_step(at) == 1


def test_stepping_while_playing_pauses():
    at = open_app()
    click(at, "play")
    click(at, "back")
    assert at.button(key="toy.play").label == "Play"
    step = shown_step(at)
    at.run()
    assert shown_step(at) == step


def test_changing_the_problem_goes_back_to_step_zero_paused():
    at = open_app({"step": "6"})
    at.selectbox(key="goal").set_value("D").run()
    assert shown_step(at) == 0
    assert at.button(key="toy.play").label == "Play"


def test_a_link_holds_the_problem_and_the_step():
    at = open_app({"goal": "D", "step": "4"})
    assert at.selectbox(key="goal").value == "D"
    assert shown_step(at) == 4
    assert not at.warning


@pytest.mark.parametrize(
    ("query", "key", "shows"),
    [({"goal": "Z"}, "goal", "F"), ({"limit": "500"}, "limit", 50), ({"limit": "x"}, "limit", 50)],
)
def test_a_bad_link_parameter_falls_back_to_its_default_with_a_message(query, key, shows):
    at = open_app(query)
    assert not at.exception
    assert at.sidebar.selectbox(key="goal").value == "F" or key != "goal"
    messages = [w.value for w in at.warning]
    assert any(f"link's {key}=" in m and f"{key}={shows!r}" in m for m in messages), messages


def test_a_link_parameter_equal_to_the_default_is_not_reported():
    at = open_app({"goal": "F"})
    assert not at.warning


def test_compare_mode_drives_two_replays_and_holds_the_shorter_at_its_end():
    at = open_app()
    at.sidebar.toggle(key="compare").set_value(True).run()
    # goal F: 13 events; goal D: A, B, D reached after 8 events
    other_last = len(Trace.record(toy_dfs(goal="D"))) - 1
    assert other_last < LAST
    at.slider(key="toy.slider").set_value(LAST).run()
    assert shown_step(at) == LAST
    other = next(m.value for m in at.markdown if m.value.startswith("other step:"))
    assert other == f"other step: {other_last}"
    assert any("Finished after" in c.value for c in at.caption)
