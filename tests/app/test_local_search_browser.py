"""The local-search page in Chromium: stepping shows the film's steps, playback, the link,
the layout at laptop and projector sizes, and the film's own page offline."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest

import search_viz as sv
from search_viz.film import MIDDLE_STEPS, OPENING_STEPS
from search_viz.lessons.local_search.drawing import film_of, run_film
from search_viz.lessons.local_search.runs import Run
from search_viz.problems.nqueens import EXAMPLES
from tests.app.film_browser import (
    end_from_the_start,
    last_step,
    picture_state,
    press,
    record_steps,
    sentence,
    set_speed,
    shown_step,
    wait_for_player,
    watch_frames,
)
from tests.app.lesson_films import page_film_ids
from tests.app.test_local_search import ANNEALING
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

AIMA = "board=AIMA+figure+4.3(a):+17+attacking+pairs&algorithm=Hill+climbing"
#: The default board with column 0's queen in row 2: annealing makes 3,715 steps of it.
LONG_BOARD = (2, 6, 0, 4, 7, 6, 4, 7)
LONG = "board=Your+own+board&n=8&rows=" + "+".join(map(str, LONG_BOARD))


@cache
def default_film():
    """The film the default page plays (its options are the page's defaults)."""
    return film_of(sv.simulated_annealing, sv.NQueens(8, seed=0), **ANNEALING)


@cache
def long_films():
    """The opening and the whole film of the page's annealing from :data:`LONG_BOARD`."""
    run = Run.record(sv.NQueens(8, state=LONG_BOARD), "simulated_annealing", ANNEALING)
    return run_film(run, opening=True), run_film(run)


def queen_style(page, film, k: int, column: int) -> str:
    """The style of the queen of ``column`` in the browser, and its move in the film at ``k``."""
    scene = film.scene()
    number = scene.item(f"board queen {column}")
    style = page.locator(".svp-picture").evaluate(
        f"(box) => box.querySelector('[id$=\"-sv{number}\"]').getAttribute('style') || ''"
    )
    return style, film.state(k).moves.get(number)


def test_buttons_and_keys_step_through_the_film_in_the_browser(page, app_url):
    film = default_film()
    sent = watch_frames(page)
    page.goto(f"{app_url}/local-search?step=0")
    wait_for_player(page)
    assert last_step(page) == len(film) - 1 == 1826
    assert sentence(page) == f"Step 0. {film.state(0).sentence}"
    assert sentence(page).startswith("Step 0. T = 1000. Try moving")
    before = sent["count"]
    pictures = {picture_state(page)}
    for k in range(1, 5):
        if k % 2:
            press(page, "forward")
        else:
            page.keyboard.press("ArrowRight")
        assert shown_step(page) == k
        assert sentence(page) == f"Step {k}. {film.state(k).sentence}"
        pictures.add(picture_state(page))
    assert len(pictures) == 5  # every step changed the picture
    assert sentence(page).startswith("Step 4. T = 980.")  # 1000 · 0.99²
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 3
    page.wait_for_timeout(500)
    assert sent["count"] == before, "stepping reran the page"
    # a step in the fourth chunk of 500: the queens stand where the film puts them
    page.goto(f"{app_url}/local-search?step=1700")
    wait_for_player(page)
    assert sentence(page) == f"Step 1700. {film.state(1700).sentence}"
    for column in range(8):
        style, move = queen_style(page, film, 1700, column)
        if move:
            assert f"transform:translate({move[0]:g}px,{move[1]:g}px)" in style
        else:
            assert "translate" not in style
    press(page, "last")
    assert "Solved: no two queens attack each other." in sentence(page)
    press(page, "export")  # export comes from the film, at the step shown
    dialog = page.get_by_role("dialog")
    dialog.get_by_text("Step 1826 as a picture").wait_for(timeout=30_000)
    assert page.console_errors == []


def test_a_long_run_shows_its_opening_at_once_and_its_rest_when_the_student_goes_on(page, app_url):
    """The page sends a long walk's first 100 steps, under the whole run's step count; going
    past them has the rest sent (the whole film), and the player goes on where it was."""
    opening, whole = long_films()
    sent = watch_frames(page)
    page.goto(f"{app_url}/local-search?{LONG}")
    wait_for_player(page)
    assert page_film_ids(page) == [opening.digest]
    assert last_step(page) == len(whole) - 1 == 3_714
    before = sent["count"]
    for k in range(1, 4):
        press(page, "forward")
        assert sentence(page) == f"Step {k}. {whole.state(k).sentence}"
    page.wait_for_timeout(500)
    assert sent["count"] == before, "stepping inside the opening reran the page"
    assert page_film_ids(page) == [opening.digest]
    press(page, "last")  # past the opening: its rest is asked for, then shown
    page.locator(".svp-count").filter(has_text=re.compile("^Step 3714 of 3714$")).wait_for(
        timeout=60_000
    )
    assert sentence(page) == f"Step 3714. {whole.state(3714).sentence}"
    assert page_film_ids(page) == [whole.digest]
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 3_713
    assert sentence(page) == f"Step 3713. {whole.state(3713).sentence}"
    assert page.console_errors == []


#: A hot annealing on 20 queens that runs its 4,000 steps: a replay of 8,001 steps, shown in
#: three stages (its opening, its middle, its whole film), its far steps in parts.
HOT = dict(ANNEALING, t0=1e9, cooling=0.9999, max_steps=4000, seed=3)
HOT_LINK = (
    "board=A+random+board+(choose+a+seed)&n=20&board_seed=2&t0=1000000000&cooling=0.9999"
    "&max_steps=4000&seed=3"
)


def test_end_on_a_very_long_walk_shows_its_last_step_from_a_part_of_its_film(page, app_url):
    """End on a very long walk's opening: the last step comes in a part of the film (the
    chunks around it, made without the steps before them) while the player holds the middle;
    the sentences are the whole film's."""
    run = Run.record(sv.NQueens(20, seed=2), "simulated_annealing", HOT)
    whole, middle = run_film(run), run_film(run, first=MIDDLE_STEPS)
    assert len(whole) == 8_001
    page.goto(f"{app_url}/local-search?{HOT_LINK}")
    wait_for_player(page)
    end_from_the_start(page, 8000)
    assert sentence(page) == f"Step 8000. {whole.state(8000).sentence}"
    assert page_film_ids(page) == [middle.digest]
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 7_999
    assert sentence(page) == f"Step 7999. {whole.state(7999).sentence}"
    assert page.console_errors == []


def test_playing_across_an_openings_end_goes_on_and_a_link_opens_in_its_rest(page, app_url):
    _, whole = long_films()
    page.goto(f"{app_url}/local-search?{LONG}&step=70")  # the rest is asked for ahead of need
    wait_for_player(page)
    set_speed(page, 30)
    press(page, "play")
    seen = record_steps(page, 3.0)
    press(page, "play")
    assert all(a <= b for a, b in itertools.pairwise(seen)), "a step went backwards"
    assert seen[0] < OPENING_STEPS < seen[-1], seen[-1]
    assert page_film_ids(page) == [whole.digest]
    k = shown_step(page)
    assert sentence(page) == f"Step {k}. {whole.state(k).sentence}"
    page.goto(f"{app_url}/local-search?{LONG}&step=2600")  # a link into the rest
    wait_for_player(page)
    assert shown_step(page) == 2_600
    assert sentence(page) == f"Step 2600. {whole.state(2600).sentence}"
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("query", "speed"), [("", 4), (AIMA, 30)], ids=["annealing at 4/s", "hill climbing at 30/s"]
)
def test_playback_only_goes_forward_and_a_short_film_ends_at_its_last_step(
    page, app_url, query, speed
):
    page.goto(f"{app_url}/local-search?{query}")
    wait_for_player(page)
    set_speed(page, speed)
    press(page, "play")
    seen = record_steps(page, 5.0)
    assert all(a <= b for a, b in itertools.pairwise(seen)), "a step went backwards"
    if speed == 30:
        assert seen[-1] == last_step(page) == 10  # 11 steps at 30 a second
        assert page.locator(".svp-play").inner_text().strip().endswith("Replay")
    else:
        assert 14 <= seen[-1] <= 22  # about 4 a second, never stopping by itself
        press(page, "play")
    assert page.console_errors == []


def test_a_share_link_reopens_the_same_run_at_the_same_step(browser, app_url):
    query = (
        "board=A+random+board+(choose+a+seed)&n=10&board_seed=4&t0=500&cooling=0.98"
        "&neighbour=Random+queen+(classic)&max_steps=3000&seed=9"
    )
    first = browser.new_context(viewport={"width": 1280, "height": 800})
    page = first.new_page()
    page.goto(f"{app_url}/local-search?{query}&step=40")
    wait_for_player(page)
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 41
    said, drawn = sentence(page), picture_state(page)
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    first.close()
    assert "step=41" in link
    second = browser.new_context(viewport={"width": 1280, "height": 800})
    again = second.new_page()
    again.goto(link)
    wait_for_player(again)
    assert shown_step(again) == 41
    assert sentence(again) == said
    assert picture_state(again) == drawn
    assert again.get_by_label("Board size n (4–50 queens)").input_value() == "10"
    second.close()


def visible(page, selector: str, height: int) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0, (selector, box)
    assert box["y"] + box["height"] <= height, (selector, box)
    return box


@pytest.mark.parametrize(
    ("name", "width", "height", "query"),
    [
        ("local-search-1280x800", 1280, 800, "step=100"),
        ("local-search-presenter-1280x720", 1280, 720, "present=1&step=100"),
        ("local-search-genetic-1280x800", 1280, 800, "algorithm=Genetic+algorithm&step=60"),
        (
            "local-search-genetic-presenter-1280x720",
            1280,
            720,
            "present=1&algorithm=Genetic+algorithm&step=60",
        ),
        ("local-search-hill-climbing-1280x800", 1280, 800, AIMA),
    ],
)
def test_the_picture_and_the_sentence_fit_the_screen(browser, app_url, name, width, height, query):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{app_url}/local-search?{query}")
    wait_for_player(page)
    page.wait_for_timeout(600)  # the picture's size settles
    picture = visible(page, ".svp-picture svg", height)
    visible(page, ".svp-note", height)
    if "present" in query:
        assert picture["width"] >= 600  # the picture uses the width on a projector
    else:
        assert page.locator('[data-testid="stSidebar"]').is_visible()
    assert page.locator('[data-testid="stException"]').count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    context.close()


def test_the_film_s_own_page_steps_offline(page, tmp_path):
    film = film_of(sv.hill_climbing, sv.NQueens(8, state=EXAMPLES["aima-4.3a"]), numbers=True)
    path = tmp_path / "hill-climbing.html"
    path.write_text(film.to_html(), encoding="utf-8")
    fetched = []
    page.route("http*://**", lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(f"file://{path}?step=2")
    page.locator(".svp-count").filter(has_text="Step 2 of 10").wait_for(timeout=10_000)
    assert sentence(page) == f"Step 2. {film.state(2).sentence}"
    page.keyboard.press("ArrowRight")
    assert sentence(page) == f"Step 3. {film.state(3).sentence}"
    press(page, "last")
    assert "Stuck" in sentence(page)
    assert fetched == []
    assert page.console_errors == []


def test_turning_the_numbers_off_keeps_the_step_and_the_keys_still_step(page, app_url):
    page.goto(f"{app_url}/local-search?{AIMA}&step=4")
    wait_for_player(page)
    said, drawn = sentence(page), picture_state(page)
    assert said.startswith("Step 4. The best move")
    page.get_by_text("Write each move's conflicts in the squares").click()
    for _ in range(120):  # until the new film arrives (a rerun, then the player fetches it)
        if picture_state(page) != drawn:
            break
        page.wait_for_timeout(250)
    assert picture_state(page) != drawn  # the numbers are gone
    assert shown_step(page) == 4
    assert sentence(page) == said
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 5
    assert "numbers=false" in page.url
