"""Lazy panels in headless Chromium: opening a tab or an expander computes its content on a
rerun, and the film player above neither remounts nor loses its step.

Issues 21 and 22: a collapsed expander or an unselected tab is computed only once it is
opened. That opening reruns the page; the film is cached, so the player must keep the
very film it had mounted (its page-wide prefix, ``svp3-``, is new for every mounting)
and the step the student had reached.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.app.film_browser import press, shown_step, wait_for_player
from tests.app.test_browser import assert_clean, shoot, wait_until_drawn
from tests.app.test_tictactoe_browser import mounted_film

pytestmark = pytest.mark.browser

STEP = 3


def step_to(page, url: str) -> str:
    """Open ``url``, step the film forward to :data:`STEP`; return the player's mounting."""
    page.goto(url)
    wait_for_player(page, timeout=120_000)
    wait_until_drawn(page)
    for _ in range(STEP):
        press(page, "forward")
    expect(page.locator(".svp-count").first).to_contain_text(f"Step {STEP} of")
    return mounted_film(page)


def assert_same_player(page, mounted: str, name: str) -> None:
    """After the panel's rerun: the same film at the same step, the step still in the link.

    The page is saved as tests/artifacts/<name>.png.
    """
    wait_until_drawn(page)
    shoot(page, name)
    assert mounted_film(page) == mounted  # not remounted
    assert shown_step(page) == STEP
    assert f"step={STEP}" in page.url
    assert_clean(page)


def test_uninformed_memory_expander_opened_by_keyboard(page, app_url):
    mounted = step_to(page, f"{app_url}/uninformed-search")  # IDDFS: the expander is closed
    expander = page.locator('[data-testid="stExpander"]').filter(has_text="Memory: how big")
    assert expander.get_by_role("img").count() == 0  # nothing computed while closed
    expander.locator("summary").focus()
    page.keyboard.press("Enter")
    chart = expander.get_by_role("img", name="Line chart of the frontier's size")
    chart.wait_for(timeout=60_000)
    expect(expander).to_contain_text("Here BFS kept up to 6 nodes waiting and DFS up to 4")
    assert chart.evaluate("(img) => img.complete && img.naturalWidth > 200")
    assert_same_player(page, mounted, "lazy-uninformed-memory")


def test_informed_solution_expander_then_its_strip_tab(page, app_url):
    mounted = step_to(page, f"{app_url}/informed-search")
    assert page.locator("iframe").count() == 0  # the solution's own film not made while shut
    page.get_by_text("The solution A* found: 5 moves").click()
    solution = page.frame_locator("iframe").first
    solution.locator(".svp-count").filter(has_text="Step 0 of 5").wait_for(timeout=60_000)
    assert "solution-open=true" in page.url
    tab = page.get_by_role("tab", name="Strip of boards")
    expect(tab).to_have_attribute("aria-selected", "false")
    strip = page.get_by_role("img", name="The solution board by board, from 2 8 3, 1 6 4")
    assert strip.count() == 0
    tab.click()
    strip.wait_for(timeout=60_000)
    expect(strip).to_have_attribute("alt", re.compile(r"5 moves: tile 6 down, .* tile 8 left\.$"))
    expect(tab).to_have_attribute("aria-selected", "true")
    assert "solution=Strip+of+boards" in page.url  # Share reopens the tab
    assert_same_player(page, mounted, "lazy-informed-strip")


def test_tictactoe_nodes_visited_tab(page, app_url):
    mounted = step_to(page, f"{app_url}/tictactoe?moves=40")
    counts = page.get_by_text("From this position minimax enters 55,505 nodes")
    assert counts.count() == 0
    page.get_by_role("tab", name="Nodes visited").click()
    counts.wait_for(timeout=60_000)
    assert page.get_by_role("img", name="Before the computer played").count() == 0  # closed
    assert "view=Nodes+visited" in page.url  # Share reopens the tab
    assert_same_player(page, mounted, "lazy-tictactoe-counts")


def test_game_trees_comparisons_expander(page, app_url):
    mounted = step_to(page, f"{app_url}/game-trees")  # the notes' tree: leaves 2 3 5 9 0 1 7 5
    end = page.get_by_role("img", name=re.compile(r"^Alpha-beta, the end of its search\."))
    assert end.count() == 0  # nothing searched or drawn while closed
    page.get_by_text("Compare on this tree", exact=False).click()
    end.wait_for(timeout=60_000)
    # Notes: the leaf 9 is pruned, then G and both its leaves (7, 5): 3 of 8 skipped
    expect(page.get_by_text("Here it skips 3 leaves that cannot change")).to_be_visible()
    assert end.evaluate("(img) => img.complete && img.naturalWidth > 200")
    assert "comparisons=true" in page.url  # Share reopens it
    assert_same_player(page, mounted, "lazy-game-trees-comparisons")
