"""The tic-tac-toe page in headless Chromium: a game in progress, and the why-tree.

Screenshots land in tests/artifacts/tictactoe-*.png for a person to look at.
"""

import pytest
from playwright.sync_api import expect

from tests.app.test_browser import assert_clean, shoot, wait_until_drawn

pytestmark = pytest.mark.browser


def cell(page, n: int):
    """Cell ``n``'s button (Streamlit also keeps a hidden copy of a button with a tooltip)."""
    return page.locator(f".st-key-ttt-cell-{n} button:visible")


def test_a_game_in_progress(page, app_url):
    page.goto(f"{app_url}/tictactoe")
    wait_until_drawn(page)
    cell(page, 4).click()
    page.get_by_text("The computer played").wait_for()
    wait_until_drawn(page)
    assert "moves=4" in page.url
    assert cell(page, 4).inner_text() == "X"
    assert cell(page, 4).is_disabled()
    replies = [n for n in range(9) if cell(page, n).inner_text() == "O"]
    assert len(replies) == 1
    cell(page, 8 if replies != [8] else 6).click()
    page.wait_for_function(  # two moves each: the computer has answered
        """() => [...document.querySelectorAll('.st-key-ttt-board button')]
            .filter(b => b.offsetParent && /^[XO]$/.test(b.innerText.trim())).length >= 4"""
    )
    wait_until_drawn(page)
    shoot(page, "tictactoe-game")
    assert_clean(page)


def test_the_why_tree_replays_and_opens_a_node(page, app_url):
    page.goto(f"{app_url}/tictactoe?moves=40&step=30")
    wait_until_drawn(page)
    assert "Step 30." in page.locator(".sv-note").first.inner_text()
    page.locator('[data-testid="stSelectbox"]').filter(has_text="Open a node").get_by_role(
        "combobox"
    ).click()
    page.get_by_role("option", name="O top middle", exact=True).click()
    page.get_by_text("Shown: O top middle").wait_for()
    last = page.get_by_role("button", name="Last")
    expect(last).to_have_count(1, timeout=15_000)  # the rerun's old player may linger a moment
    last.click()
    page.get_by_text("Done: the position is worth").wait_for()
    wait_until_drawn(page)
    page.locator('[data-testid="stImage"]').nth(1).scroll_into_view_if_needed()
    shoot(page, "tictactoe-why-tree")
    assert_clean(page)
