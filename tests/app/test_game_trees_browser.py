"""The game-trees page in headless Chromium: stepping, an option flipped at the cut, a shared
link, playback, presenter mode, compare mode and the quiz.

Screenshots land in tests/artifacts/game-trees-*.png for a person to look at.
"""

import itertools

import pytest

from search_viz.lessons.game_trees.drawing import game_film
from search_viz.problems.game_tree import EXAMPLES
from tests.app.film_browser import (
    picture_state,
    press,
    record_steps,
    sentence,
    set_speed,
    shoot_main,
    shown_step,
    stage_in_view,
    wait_for_player,
    watch_frames,
)
from tests.app.test_browser import assert_clean

pytestmark = pytest.mark.browser


def open_lesson(page, app_url, query: str = "") -> None:
    page.goto(f"{app_url}/game-trees{query}")
    wait_for_player(page)


def test_stepping_through_the_cut_happens_in_the_browser(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    sent = watch_frames(page)
    open_lesson(page, app_url, "?step=13")
    assert sentence(page).startswith("Step 13. J returns 5 to E.")
    before, picture = sent["count"], picture_state(page)
    press(page, "forward")
    assert sentence(page).startswith("Step 14. Prune the leaf 9 (K): at E, α = 5 ≥ β = 3.")
    assert picture_state(page) != picture
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 15
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 14
    page.wait_for_timeout(600)
    assert sent["count"] == before  # no rerun, no request: every step in the browser
    assert "step=14" in page.url
    fit = stage_in_view(page)
    assert fit["fits"], fit
    shoot_main(page, "game-trees-after-cutoff")
    assert_clean(page)


def test_flipping_fail_soft_at_the_cut_keeps_the_step_and_the_keys(page, app_url):
    open_lesson(page, app_url, "?step=15")
    assert "fail-soft returns the best value it saw" in sentence(page)
    page.get_by_text("Fail-soft (AIMA)").click()
    page.locator(".svp-note").filter(has_text="fail-hard").wait_for(timeout=60_000)
    assert shown_step(page) == 15
    assert "E was cut off and returns β = 3" in sentence(page)
    page.keyboard.press("ArrowRight")  # the keys step again without a click on the player
    assert shown_step(page) == 16
    assert_clean(page)


def test_a_shared_link_shows_the_same_moment_in_a_fresh_browser(page, app_url, browser):
    open_lesson(
        page,
        app_url,
        "?tree=Textbook%3A+%5B%5B3%2C+12%2C+8%5D%2C+%5B2%2C+4%2C+6%5D%2C+%5B14%2C+5%2C+2%5D%5D&order=worst+first",
    )
    for _ in range(9):
        press(page, "forward")
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    expected = (sentence(page), picture_state(page))
    fresh = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    fresh.goto(link)
    wait_for_player(fresh)
    assert (sentence(fresh), picture_state(fresh)) == expected
    fresh.context.close()


def test_playback_at_30_steps_a_second_runs_to_the_end(page, app_url):
    open_lesson(page, app_url)
    set_speed(page, 30)
    press(page, "play")
    seen = record_steps(page, 3.0)
    assert all(a <= b for a, b in itertools.pairwise(seen))
    assert (
        seen[-1] == len(game_film(EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"], pruning=True)) - 1
    )
    assert sentence(page).startswith("Step 29. Done: A = 3.")
    assert_clean(page)


def test_presenter_mode_fits_a_projector(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_lesson(page, app_url, "?present=1&step=14")
    fit = stage_in_view(page)
    assert fit["fits"], fit
    assert fit["width"] > 600  # the picture uses the room
    shoot_main(page, "game-trees-presenter")
    assert_clean(page)


def test_compare_mode_steps_both_and_alphabeta_finishes_first(page, app_url):
    open_lesson(page, app_url, "?both=true")
    press(page, "last")
    assert sentence(page, film=0).startswith("Step 38. Done: A = 3.")  # minimax
    assert sentence(page, film=1).startswith("Step 29. Done: A = 3.")  # alpha-beta, at its end
    assert page.locator(".svp-finished").nth(1).inner_text() == "Finished after 30 steps."
    shoot_main(page, "game-trees-compare")
    assert_clean(page)


def test_the_quiz_marks_clicked_branches_and_grades_them(page, app_url):
    page.goto(f"{app_url}/game-trees?mode=Quiz")
    page.locator(".svp-pickable").first.wait_for(timeout=90_000)
    page.locator('.svp-pickable[aria-label="K"]').first.click()
    page.get_by_text("You say never reached: K.").wait_for(timeout=30_000)
    page.locator('.svp-pickable[aria-label="G"]').first.click()
    page.get_by_text("You say never reached: G, K.").wait_for(timeout=30_000)
    page.get_by_label("Root A (MAX)").fill("7")
    page.keyboard.press("Tab")
    page.wait_for_timeout(800)
    page.get_by_role("button", name="Check").click()
    page.get_by_text("This tree:").wait_for(timeout=30_000)
    text = page.locator('[data-testid="stMain"]').inner_text()
    # tree 1: the root is 7; only O is pruned, at G (α = 7 ≥ β = 7); K and N are evaluated
    assert "This tree: 1 of 2." in text
    assert "At G: α = 7 ≥ β = 7, so O (7) is never evaluated." in text
    wait_for_player(page, index=1)
    assert sentence(page, film=1).startswith("Step 32. Prune the leaf 7 (O)")
    shoot_main(page, "game-trees-quiz-checked")
    assert_clean(page)
