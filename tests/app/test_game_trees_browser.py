"""The game-trees page in headless Chromium: stepping, an option flipped at the cut, a shared
link, playback, presenter mode, compare mode and the quiz.

Screenshots land in tests/artifacts/game-trees-*.png for a person to look at.
"""

import itertools
from urllib.parse import quote

import pytest

from search_viz.lessons.game_trees.drawing import game_film
from search_viz.lessons.game_trees.questions import NO_CUT, NO_MORE
from search_viz.lessons.game_trees.quiz import LEVEL_QUESTIONS, LEVELS, SHAPES, quiz_tree
from search_viz.problems.game_tree import EXAMPLES
from tests.app.film_browser import (
    answer_in_browser,
    feedback,
    picture_state,
    press,
    record_steps,
    right_answers,
    sentence,
    set_speed,
    shoot_main,
    shown_step,
    stage_in_view,
    wait_for_player,
    wait_for_question,
    watch_frames,
)
from tests.app.lesson_films import page_film_ids
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


def test_the_quiz_is_practice_and_a_cut_is_marked_by_clicking_the_pruned_leaf(page, app_url):
    # quiz tree 1 (binary, depth 3): the root is 7; only O is pruned, at G (α = 7 ≥ β = 7)
    tree = quiz_tree(next(iter(SHAPES)), 1)
    film = game_film(tree, pruning=True, questions=LEVEL_QUESTIONS[LEVELS[0]])
    page.goto(f"{app_url}/game-trees?mode=Quiz")
    wait_for_player(page)
    assert page_film_ids(page) == [film.digest]
    assert page.locator(".svp-practice-toggle").get_attribute("aria-pressed") == "true"
    answers = right_answers(film)
    cut = next(k for k in film.asked_steps if film.question(k).answer not in (NO_CUT, NO_MORE)
               and film.question(k).kind == "pick")  # fmt: skip
    assert film.question(cut).label(film.question(cut).answer).startswith("O")
    answer_in_browser(page, [a for a in answers if a[0] < cut], to_end=False)
    wait_for_question(page, cut)
    page.locator(f'.svp-choice:text-is("{NO_CUT}")').click()  # wrong: there is a cut here
    assert "α = 7 ≥ β = 7" in feedback(page)
    assert shown_step(page) == cut - 1
    page.locator('.svp-picture svg .svp-pickable[aria-label^="O"]').first.click()
    page.locator(".svp-count").filter(has_text=f"Step {cut} of").wait_for()
    assert sentence(page).startswith(f"Step {cut}. Prune the leaf 7 (O)")
    shoot_main(page, "game-trees-quiz-cut")
    result = answer_in_browser(page, [a for a in answers if a[0] > cut])
    assert result["summary"].startswith(f"Finished: {len(answers) - 1} of {len(answers)} right")
    assert_clean(page)


def test_the_harder_quiz_asks_every_inner_node(page, app_url):
    tree = quiz_tree(next(iter(SHAPES)), 1)
    film = game_film(tree, pruning=True, questions=LEVEL_QUESTIONS[LEVELS[1]])
    asked = {film.question(k).prompt for k in film.asked_steps}
    inner = [n for n in tree.nodes if not tree.is_leaf(n)]
    assert (
        len([p for p in asked if "What value does" in p or "value of the root" in p])
        >= len(inner) - 1
    )  # every inner node the search finishes (a pruned one returns nothing)
    page.goto(f"{app_url}/game-trees?mode=Quiz&qlevel={quote(LEVELS[1])}")
    wait_for_player(page)
    assert page_film_ids(page) == [film.digest]
    result = answer_in_browser(page, right_answers(film))
    n = len(film.asked_steps)
    assert result["summary"].startswith(f"Finished: {n} of {n} right first time")
    assert_clean(page)
