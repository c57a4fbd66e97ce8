"""The game-trees page in headless Chromium: mid-replay, right after a cutoff, and the quiz.

Screenshots land in tests/artifacts/game-trees-*.png for a person to look at.
"""

import pytest

from tests.app.test_browser import assert_clean, shoot, wait_until_drawn

pytestmark = pytest.mark.browser


def open_lesson(page, app_url, query: str = "") -> None:
    page.goto(f"{app_url}/game-trees{query}")
    wait_until_drawn(page)


def note_text(page) -> str:
    return page.locator(".sv-note").first.inner_text()


def test_mid_replay_and_right_after_a_cutoff(page, app_url):
    open_lesson(page, app_url, "?step=12")
    assert "J is a leaf: its value is 5." in note_text(page)
    shoot(page, "game-trees-mid-replay")
    page.keyboard.press("ArrowRight")
    page.get_by_text("Step 13.").wait_for()
    page.keyboard.press("ArrowRight")
    page.get_by_text("Step 14.").wait_for()
    assert "α = 5 ≥ β = 3" in note_text(page)
    assert "step=14" in page.url
    page.wait_for_timeout(500)
    shoot(page, "game-trees-after-cutoff")
    assert_clean(page)


def test_the_end_shows_the_principal_variation_and_the_comparisons(page, app_url):
    open_lesson(page, app_url, "?step=29")
    assert "A → B → D → I" in note_text(page)
    page.get_by_role("tab", name="Move order").click()
    page.get_by_text("best first", exact=False).first.wait_for()
    page.wait_for_timeout(500)
    shoot(page, "game-trees-end")
    assert_clean(page)


def test_the_quiz_in_the_browser(page, app_url):
    open_lesson(page, app_url, "?mode=Quiz")
    page.get_by_role("button", name="O · 7").click()
    page.get_by_label("Value of the root").fill("7")
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Check").click()
    page.get_by_text("This tree:").wait_for()
    page.get_by_text("Now watch why").wait_for()
    wait_until_drawn(page)
    shoot(page, "game-trees-quiz-checked")
    assert "9 of 9" in page.locator('[data-testid="stMain"]').inner_text()
    assert_clean(page)
