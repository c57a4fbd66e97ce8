"""The Informed search page in headless Chromium: stepping, the notes' answer, the detour button.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

import pytest
from playwright.sync_api import expect

from tests.app.test_browser import assert_clean, shoot, wait_until_drawn

pytestmark = pytest.mark.browser

DETOUR = "instance=greedy%27s+detour%3A+712%2F483%2F6_5"


def test_a_star_on_the_notes_instance_steps_with_the_keys_and_ends_in_5_moves(page, app_url):
    page.goto(f"{app_url}/informed-search")
    wait_until_drawn(page)
    note = page.locator(".sv-note")
    assert "h = 4" in note.inner_text()
    # The player's key listeners attach a moment after the first paint: press until one lands.
    for _ in range(10):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(1000)
        if not note.inner_text().startswith("Step 0."):
            break
    assert note.inner_text().startswith(("Step 1.", "Step 2."))
    page.get_by_role("button", name="Last").click()
    page.get_by_text("Found a solution of 5 moves after expanding 7 nodes.").wait_for()
    # The stage draws top to bottom: once the frontier below the picture is the last step's,
    # the picture is too.
    page.locator(".sv-frontier", has_text="7 nodes").wait_for()
    wait_until_drawn(page)
    shoot(page, "informed-search-end")
    assert_clean(page)


def test_the_detour_button_opens_the_instance_where_greedy_goes_astray(page, app_url):
    page.goto(f"{app_url}/informed-search?algorithm=greedy")
    wait_until_drawn(page)
    page.get_by_role("button", name="Open greedy's detour").click()
    page.get_by_text("The 8-puzzle from 712/483/6_5 to 123/8_4/765.").wait_for()
    wait_until_drawn(page)
    assert "instance=" in page.url
    # while the new instance's page replaces the old one, both players can be on screen
    last = page.get_by_role("button", name="Last")
    expect(last).to_have_count(1, timeout=15_000)
    last.click()
    page.get_by_text("Found a solution of 15 moves").wait_for()
    page.get_by_role("tab", name="Animation").click()
    page.get_by_text("The solution played move by move").wait_for()
    wait_until_drawn(page)
    assert page.get_by_role("button", name="Open greedy's detour").count() == 0


def test_presenter_mode_at_a_projector_size(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}/informed-search?{DETOUR}&present=1&step=40")
    wait_until_drawn(page)
    assert page.locator(".sv-note").inner_text().startswith("Step 40.")
    shoot(page, "informed-search-presenter")
    assert_clean(page)
