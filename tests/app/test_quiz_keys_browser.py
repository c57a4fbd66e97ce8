"""The quiz (practice on the quiz tree) from the keyboard alone: after each answer the arrows
and Space go on working, without a click on the replay first (issue 20).

The field of the next question has the keyboard after an answer; while it is empty the
arrows step and Space plays. Where a step asks nothing, Forward has it (Space presses it).
Stepping back from a question and forward to it again gives its field the keyboard back.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

from search_viz.lessons.game_trees.drawing import game_film
from search_viz.lessons.game_trees.quiz import LEVEL_QUESTIONS, LEVELS, SHAPES, quiz_tree
from tests.app.film_browser import practice_prompt, shown_step, wait_for_player

pytestmark = pytest.mark.browser

#: The innermost focused element's classes (the player sits in a shadow root).
FOCUSED = """() => { let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a ? a.className : ''; }"""


def focused(page) -> str:
    return page.evaluate(FOCUSED)


def typed(answer: float) -> str:
    return ("inf" if answer > 0 else "-inf") if abs(answer) == float("inf") else str(answer)


def test_after_each_answer_the_arrows_and_space_step_without_a_click(page, app_url):
    tree = quiz_tree(next(iter(SHAPES)), 1)
    film = game_film(tree, pruning=True, questions=LEVEL_QUESTIONS[LEVELS[1]])
    asked = film.asked_steps
    # the first two questions ask values at steps 1 and 2; step 3 asks nothing
    assert asked[:2] == [1, 2]
    assert 3 not in asked
    assert film.question(1).kind == film.question(2).kind == "value"
    page.goto(f"{app_url}/game-trees?mode=Quiz&qlevel={quote(LEVELS[1])}")
    wait_for_player(page)
    assert "(step 1)" in practice_prompt(page)
    page.locator(".svp-value").first.click()
    page.keyboard.type(typed(film.question(1).answer))
    page.keyboard.press("Enter")
    page.locator(".svp-prompt").filter(has_text="(step 2)").wait_for()
    assert shown_step(page) == 1
    assert "svp-value" in focused(page)  # the next question's field has the keyboard
    page.keyboard.press("ArrowLeft")  # it is empty: the arrows step
    page.locator(".svp-count").filter(has_text="Step 0 of").wait_for()
    page.keyboard.press("ArrowRight")
    page.locator(".svp-count").filter(has_text="Step 1 of").wait_for()
    page.locator(".svp-prompt").filter(has_text="(step 2)").wait_for()
    assert "svp-value" in focused(page)  # back at the question: its field has it again
    page.keyboard.type(typed(film.question(2).answer))
    page.keyboard.press("ArrowLeft")  # with a number typed, the arrows move in the text
    assert shown_step(page) == 1
    page.keyboard.press("Enter")
    page.locator(".svp-count").filter(has_text="Step 2 of").wait_for()
    assert "asks nothing" in practice_prompt(page)
    assert "svp-forward" in focused(page)
    page.keyboard.press("Space")  # presses Forward
    page.locator(".svp-count").filter(has_text="Step 3 of").wait_for()
    page.keyboard.press("ArrowLeft")
    page.locator(".svp-count").filter(has_text="Step 2 of").wait_for()
    page.keyboard.press("ArrowRight")
    page.locator(".svp-count").filter(has_text="Step 3 of").wait_for()
    assert page.console_errors == []
