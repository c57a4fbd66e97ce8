"""Presenter mode: on from a link, off with its button (the toggle is tested in the browser)."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


def leave_button(at: AppTest):
    return [b for b in at.button if b.key == "presenter.leave"]


def test_off_by_default():
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not leave_button(at)
    assert at.sidebar.toggle(key="presenter.toggle").value is False


def test_a_link_with_present_1_turns_it_on_and_the_button_turns_it_off():
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["present"] = "1"
    at.run()
    assert leave_button(at)
    assert at.session_state["presenter"] is True
    leave_button(at)[0].click().run()
    assert not leave_button(at)
    assert "present" not in at.query_params
