"""The graph-search lessons in headless Chromium: stepping with the keyboard, the end of a search.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

import pytest

from tests.app.test_browser import assert_clean, shoot, wait_until_drawn

pytestmark = pytest.mark.browser


def open_lesson(page, app_url: str, path: str) -> None:
    """Open a lesson by its own URL (its url_path is its file's name, see ui/lessons.py)."""
    page.goto(f"{app_url}/{path}")
    wait_until_drawn(page)


def test_uninformed_search_steps_with_the_keys_and_ends_with_the_notes_answer(page, app_url):
    open_lesson(page, app_url, "uninformed-search")
    note = page.locator(".sv-note")
    assert note.inner_text().startswith("Step 0.")
    # The player's key listeners attach a moment after the first paint: press until one lands.
    for _ in range(10):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(1000)
        if not note.inner_text().startswith("Step 0."):
            break
    assert note.inner_text().startswith(("Step 1.", "Step 2."))
    page.get_by_role("button", name="Last").click()
    page.get_by_text("Found: A → C → G → L → R (4 steps).").wait_for()
    assert page.get_by_text("A B E I F J K O P C G L R", exact=True).count() == 1
    wait_until_drawn(page)
    shoot(page, "uninformed-search-end")
    assert_clean(page)


def test_bidirectional_search_on_the_8_puzzle_at_a_projector_size(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_lesson(page, app_url, "bidirectional-search?problem=8-puzzle")
    page.get_by_role("button", name="Last").click()
    page.get_by_text("(31 steps)", exact=False).first.wait_for()
    wait_until_drawn(page)
    shoot(page, "bidirectional-search-8-puzzle-end")
    assert_clean(page)
