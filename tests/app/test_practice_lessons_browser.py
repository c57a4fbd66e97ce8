"""Every lesson's practice film played in a real browser, every answer right.

The answers are read in Python from ``film.question(k)`` of the film the page shows
(``tests/app/lesson_films.py``; the page's film is checked to be that one), and given
in Chromium as a student gives them: a pick clicked in the picture, a choice clicked, a
value typed and Enter. A wrong answer first never advances the step. Each lesson's
default film is played to its last step with a perfect score, except local search's:
its annealing film asks 1,826 questions (about two minutes of CI), so its first
:data:`ANNEALING_ANSWERS` are given and the running score checked, and the lesson's
hill-climbing film (its link ``?algorithm=Hill+climbing``) is played to the end instead.
Screenshots of each lesson in practice mode (1280 x 800, and presenter mode at
1280 x 720) go to tests/artifacts/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from search_viz.film.film import CHUNK_STEPS, HIDDEN, read_chunk
from tests.app.film_browser import (
    answer_in_browser,
    feedback,
    last_step,
    right_answers,
    shoot_main,
    shown_step,
    wait_for_player,
    wait_for_question,
)
from tests.app.lesson_films import LESSON_FILMS, LINKED_FILMS, OPENINGS, page_film_ids

pytestmark = pytest.mark.browser

#: How many of the default annealing film's questions are answered in the browser.
ANNEALING_ANSWERS = 60

#: (the page's path and link, its film, how many answers are given: None for all, to the end)
CASES = [
    (path, make, None) for path, make in sorted(LESSON_FILMS.items()) if path != "local-search"
]
CASES += [("local-search", LESSON_FILMS["local-search"], ANNEALING_ANSWERS)]
CASES += [(link, make, None) for link, make in sorted(LINKED_FILMS.items())]


def _wrong(film, step: int):
    """A wrong answer to the question of ``step`` that a student can give at the step before.

    As right_answers writes answers: a number as typed, or a choice's place.
    """
    q = film.question(step)
    if q.kind == "value":
        return str(q.answer + 1 if abs(q.answer) != float("inf") else 0)
    data = dict(read_chunk(film.chunk(step // CHUNK_STEPS))["q"])[step]
    before = film.state(step - 1)
    for place in range(len(q.choices)):
        items = data.get("i", [[]] * len(q.choices))[place]
        shown = any(before.looks.get(n, int(film.base[n])) != HIDDEN for n in items)
        if place != data["a"] and (shown or not items):
            return place
    raise AssertionError(f"step {step}: no wrong answer can be clicked")


@pytest.mark.parametrize(("link", "make", "how_many"), CASES, ids=[c[0] for c in CASES])
def test_every_answer_right_plays_the_film_to_a_perfect_score(
    browser, app_url, link, make, how_many
):
    film = make()
    answers = right_answers(film)[:how_many]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    joiner = "&" if "?" in link else "?"
    page.goto(f"{app_url}/{link}{joiner}practice=1")
    wait_for_player(page, timeout=120_000)
    # the film practised is the first (compare mode shows another beside it); a long one is
    # shown by its opening, whose questions are the whole film's first ones
    shown = OPENINGS[link]() if link in OPENINGS else film
    assert page_film_ids(page)[0] == shown.digest, "the page shows another film than expected"
    name = link.replace("?", "-").replace("=", "-").replace("+", "-")
    first = answers[0][0]
    wait_for_question(page, first)
    shoot_main(page, f"practice-{name}")
    # a wrong answer first: the step stays, the rule is shown
    wrong = _wrong(film, first)
    answer_in_browser(page, [[first, answers[0][1], wrong]], to_end=False)
    assert shown_step(page) == first - 1
    assert film.question(first).why in feedback(page)
    shoot_main(page, f"practice-{name}-wrong")
    result = answer_in_browser(page, answers, to_end=how_many is None)
    assert "error" not in result, result
    assert result["asked"] == [k for k, _, _ in answers]
    n = len(answers)
    if how_many is None:
        assert result["step"] == last_step(page) >= len(film) - 1  # compare: the longer film's end
        assert result["summary"].startswith(f"Finished: {n - 1} of {n} right first time")
        assert "1 right after a mistake" in result["summary"]
        shoot_main(page, f"practice-{name}-end")
    else:
        # an opening counts the questions of its first steps until its rest comes: these
        # answers go far enough into the opening for the rest to be asked for, and the score
        # then counts the whole film's (the last verdict is painted a frame after the click)
        assert shown.is_opening
        score = f"{n - 1} of {n} right first time · {len(film.asked_steps) - n} to go"
        expect(page.locator(".svp-score").first).to_have_text(score, timeout=30_000)
    assert errors == []
    context.close()


# the two places the question can sit above a picture: beside the sentence over a wide
# picture (informed), above two films compared (bidirectional); beside a picture the side
# column holds it (every other lesson, and the demo film's tests)
@pytest.mark.parametrize("path", ["informed-search", "bidirectional-search"])
def test_practice_in_presenter_mode_fits_the_projector(browser, app_url, path):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/{path}?practice=1&present=1")
    wait_for_player(page, timeout=120_000)
    box = page.locator(".svp-practice").bounding_box()
    assert box is not None
    assert box["y"] + 40 <= 720, "the question is below the projector's screen"
    shoot_main(page, f"practice-{path}-presenter")
    context.close()


#: What the practice box holds, each to be seen whole in it.
BOX_PARTS = [".svp-score", ".svp-prompt", ".svp-answers", ".svp-feedback", ".svp-show-me"]


#: The widest screen the player lays out as a phone's (player.js's PHONE_WIDTH), px.
PHONE_WIDTH = 640


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1280, 720), (700, 800), (390, 844)])
def test_above_a_wide_picture_the_question_and_its_verdict_show_whole(
    browser, app_url, width, height
):
    """Informed search practises above its wide tree, in the row of the sentence: the box
    keeps one height, worked out for the longest question and verdict, so a wrong answer's
    verdict and Show me show whole in it (no part hidden in a scrolled box) and the picture
    does not move. On a narrow screen it stands under the sentence, at its own height (it was
    a column's share of nothing: 16 px). On a phone it is as tall as what it says (it sticks
    under the bar as the page scrolls: a height kept for the longest verdict would leave
    little of the picture under it), so a verdict moves the picture down there."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    present = "&present=1" if height == 720 else ""
    page.goto(f"{app_url}/informed-search?practice=1{present}")
    wait_for_player(page, timeout=120_000)
    wait_for_question(page, 2)
    picture = page.locator(".svp-picture svg").first.bounding_box()
    page.locator(".svp-value").first.fill("9")
    page.keyboard.press("Enter")
    expect(page.locator(".svp-feedback").first).to_contain_text("Not 9.")
    box = page.locator(".svp-practice").first
    sizes = box.evaluate("(b) => [b.scrollHeight, b.clientHeight]")
    assert sizes[0] <= sizes[1] + 1, f"the box hides part of what it says: {sizes}"
    outer = box.bounding_box()
    for part in BOX_PARTS:
        inner = page.locator(f".svp-practice {part}").first.bounding_box()
        assert inner is not None, part
        assert inner["height"] > 0, part
        assert outer["y"] <= inner["y"], part
        assert inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1, part
    moved = page.locator(".svp-picture svg").first.bounding_box() != picture
    assert moved == (width <= PHONE_WIDTH), (width, picture)
    shoot_main(page, f"practice-informed-verdict-{width}x{height}")
    context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1280, 720), (700, 800)])
def test_above_a_wide_picture_a_choice_s_verdict_does_not_move_the_picture(
    browser, app_url, width, height
):
    """The box's one height holds a row of choices with the tools wrapped under it: neither
    a wrong choice's verdict nor Show me's (the next question asked at once beside it) moves
    the picture. A* on the notes' puzzle takes 283/1_4/765 off the frontier at step 5; its
    choices are boards (in presenter mode, each with its g + h = f: the tree draws markers)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    present = "&present=1" if height == 720 else ""
    page.goto(f"{app_url}/informed-search?practice=1{present}")
    wait_for_player(page, timeout=120_000)
    prompt = page.locator(".svp-prompt").first
    for _ in range(30):  # Show me over the questions before it
        if "(step 5)" in prompt.inner_text():
            break
        if page.locator(".svp-show-me").first.is_visible():
            page.locator(".svp-show-me").first.click()
        else:
            page.locator(".svp-forward").first.click()
        page.wait_for_timeout(100)
    expect(prompt).to_contain_text("Which board does A* take off the frontier next?")
    picture = page.locator(".svp-picture svg").first.bounding_box()
    wrong = page.locator(".svp-choice").filter(has_not_text="283/1_4/765").first
    wrong.click()
    expect(page.locator(".svp-feedback").first).to_contain_text("Not ")
    assert page.locator(".svp-picture svg").first.bounding_box() == picture
    page.locator(".svp-show-me").first.click()
    expect(page.locator(".svp-feedback").first).to_contain_text("The answer: 283/1_4/765")
    expect(prompt).to_contain_text("(step 6)")
    assert page.locator(".svp-picture svg").first.bounding_box() == picture
    box = page.locator(".svp-practice").first
    sizes = box.evaluate("(b) => [b.scrollHeight, b.clientHeight]")
    assert sizes[0] <= sizes[1] + 1, f"the box hides part of what it says: {sizes}"
    for part in (".svp-feedback", ".svp-score"):  # whole inside the box's padding
        inner = page.locator(f".svp-practice {part}").first.bounding_box()
        assert (
            inner["x"] + inner["width"] <= box.bounding_box()["x"] + box.bounding_box()["width"] - 4
        ), part
    shoot_main(page, f"practice-informed-choice-{width}x{height}")
    context.close()


def test_a_verdict_goes_once_the_student_steps_past_the_step_it_unlocked(page, app_url):
    """IDDFS on the notes' tree asks at steps 2, 3 and 4, not at 5, then at 6: the verdict on
    step 4's question shows with step 4; at step 5, where step 6's question is asked, it has
    gone (beside that question it would seem to answer it)."""
    film = LESSON_FILMS["uninformed-search"]()
    assert list(film.asked_steps)[:4] == [2, 3, 4, 6]
    page.goto(f"{app_url}/uninformed-search?practice=1")
    wait_for_player(page)
    assert page_film_ids(page) == [film.digest]
    answer_in_browser(page, right_answers(film)[:3], to_end=False)
    expect(page.locator(".svp-count").first).to_have_text("Step 4 of 103")
    assert feedback(page).startswith("Right")
    wait_for_question(page, 6)
    assert shown_step(page) == 5
    assert feedback(page) == ""
