"""Every page of the app runs without an exception (AppTest, no browser)."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from search_viz.ui.lessons import LESSONS

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


def test_home_page_says_what_the_app_is_and_links_every_lesson():
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    assert "search_viz" in at.title[0].value
    text = " ".join(m.value for m in at.markdown)
    for lesson in LESSONS:
        assert lesson.summary in " ".join(c.value for c in at.caption), lesson.title
    assert "one event at a time" in text


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.title for lesson in LESSONS])
def test_every_lesson_page_runs(lesson):
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(lesson.page).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
