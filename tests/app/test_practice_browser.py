"""Practice mode in a real browser, on the demo film: grading, the score, keys, the link, offline.

Each lesson's own browser test plays its default film to the end with every answer
right (``tests/app/test_*_practice_browser.py``); this one holds what every lesson
shares: a wrong answer never advances, Show me, Retry, New problem, Tab and Enter, no
server message per answer, and the standalone page with the network off.
"""

from __future__ import annotations

import pytest

from search_viz.film.demo import demo_film
from tests.app.film_browser import (
    answer_in_browser,
    feedback,
    practice_prompt,
    press,
    right_answers,
    sentence,
    shown_step,
    wait_for_player,
    watch_frames,
)

pytestmark = pytest.mark.browser


def test_a_wrong_pick_never_advances_and_says_the_rule(page, film_url):
    sent = watch_frames(page)
    page.goto(f"{film_url}/?dots=6&practice=1")
    wait_for_player(page)
    assert "(step 1)" in practice_prompt(page)
    assert page.locator(".svp-forward").is_disabled()
    before = sent["count"]
    for wrong in ("D", "A", "F"):
        page.locator(f'.svp-choice:text-is("{wrong}")').click()
        assert shown_step(page) == 0
        assert feedback(page).endswith(f"Not {wrong}. Dots light left to right.")
    page.keyboard.press("ArrowRight")  # the keys cannot skip the question
    assert shown_step(page) == 0
    # the right dot, clicked in the picture
    page.locator('.svp-picture svg .svp-pickable[aria-label="B"]').click()
    page.locator(".svp-count").filter(has_text="Step 1 of 5").wait_for()
    assert sentence(page).startswith("Step 1. B joins")
    assert "0 of 1 right first time" in page.locator(".svp-score").inner_text()
    page.wait_for_timeout(300)
    assert sent["count"] == before, "answering sent a message to the server"
    assert page.console_errors == []


def test_keyboard_show_me_and_a_perfect_run(page, film_url):
    film = demo_film(5)
    page.goto(f"{film_url}/?dots=5&practice=1")
    wait_for_player(page)
    # Tab reaches the choices; Enter answers
    page.locator(".svp-show-me").focus()
    page.keyboard.press("Shift+Tab")
    for _ in range(10):
        focused = page.evaluate(
            "() => { let a = document.activeElement;"
            " while (a && a.shadowRoot && a.shadowRoot.activeElement)"
            " a = a.shadowRoot.activeElement;"
            " return a ? a.textContent : ''; }"
        )
        if focused == "B":
            break
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    page.locator(".svp-count").filter(has_text="Step 1 of 4").wait_for()
    # Show me plays the step and counts it as shown
    press(page, "show-me")
    page.locator(".svp-count").filter(has_text="Step 2 of 4").wait_for()
    assert "The answer: C." in feedback(page)
    result = answer_in_browser(page, right_answers(film)[2:])
    assert result["step"] == 4
    assert "3 of 4 right first time" in result["summary"]
    assert "1 shown" in result["summary"]
    # Retry starts again from the first step, the score cleared
    press(page, "retry")
    page.locator(".svp-count").filter(has_text="Step 0 of 4").wait_for()
    result = answer_in_browser(page, right_answers(film))
    assert result["summary"].startswith("Finished: 4 of 4 right first time")
    assert "A perfect run" in result["summary"]
    assert page.console_errors == []


def test_the_toggle_keeps_practice_in_the_link_and_new_problem_asks_the_page(page, film_url):
    page.goto(f"{film_url}/?dots=3&step=2")
    wait_for_player(page)
    assert shown_step(page) == 2
    press(page, "practice-toggle")
    assert "practice=1" in page.url
    assert shown_step(page) == 0  # practice starts from the first step
    page.reload()
    wait_for_player(page)
    assert page.locator(".svp-practice-toggle").get_attribute("aria-pressed") == "true"
    assert "(step 1)" in practice_prompt(page)
    press(page, "new-problem")  # the page's callback lights one dot more
    page.locator(".svp-count").filter(has_text="Step 0 of 3").wait_for(timeout=20_000)
    assert "dots=4" in page.url
    assert page.locator(".svp-practice-toggle").get_attribute("aria-pressed") == "true"
    press(page, "practice-toggle")
    assert "practice" not in page.url
    assert page.locator(".svp-practice").count() == 0
    press(page, "last")
    assert shown_step(page) == 3


def test_the_standalone_page_grades_offline(browser, tmp_path):
    film = demo_film(4)
    path = tmp_path / "dots.html"
    path.write_text(film.to_html(practice=True), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_offline(True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"file://{path}")
    page.locator(".svp-count").filter(has_text="Step 0 of 3").wait_for(timeout=10_000)
    page.locator('.svp-choice:text-is("A")').click()
    assert shown_step(page) == 0
    page.locator('.svp-choice:text-is("B")').click()
    page.locator(".svp-count").filter(has_text="Step 1 of 3").wait_for()
    result = answer_in_browser(page, right_answers(film)[1:])
    assert result["step"] == 3
    assert "2 of 3 right first time" in result["summary"]
    assert errors == []
    context.close()


def test_a_notebook_cell_opens_in_practice_mode_and_grades(browser):
    import search_viz as sv

    film = sv.film(sv.alphabeta, sv.GameTree.from_nested([[3, 12, 8], [2, 4, 6]]), practice=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_content(f"<html><body>{film._repr_html_()}</body></html>")
    cell = page.frame_locator("iframe")
    cell.locator(".svp-count").filter(has_text="Step 0 of").wait_for(timeout=20_000)
    assert cell.locator(".svp-practice-toggle").get_attribute("aria-pressed") == "true"
    first = film.asked_steps[0]
    question = film.question(first)
    while f"(step {first})" not in cell.locator(".svp-prompt").inner_text():
        cell.locator(".svp-forward").click()
    if question.kind == "value":
        cell.locator(".svp-value").fill(str(question.answer))
        cell.locator(".svp-value").press("Enter")
    else:
        cell.locator(
            f'.svp-choice[data-choice="{question.choices.index(question.answer)}"]'
        ).click()
    cell.locator(".svp-count").filter(has_text=f"Step {first} of").wait_for()
    assert "Right" in cell.locator(".svp-feedback").inner_text()
    context.close()


def test_the_next_questions_choice_under_a_still_pointer_does_not_look_chosen(page, film_url):
    """B answered with the mouse: the next question's choices come in the same places, B's
    under the pointer, and look as the others do until the pointer moves (then B's hover
    look shows)."""
    page.goto(f"{film_url}/?dots=6&practice=1")
    wait_for_player(page)
    choice = page.locator('.svp-choice:text-is("B")')
    choice.click()
    page.locator(".svp-prompt").filter(has_text="(step 2)").wait_for()
    look = "(b) => [b.matches(':hover'), getComputedStyle(b).color]"
    plain = page.locator('.svp-choice:text-is("A")').evaluate("(b) => getComputedStyle(b).color")
    assert choice.evaluate(look) == [True, plain]
    box = choice.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2 + 2, box["y"] + box["height"] / 2)
    hovered, colour = choice.evaluate(look)
    assert hovered
    assert colour != plain
