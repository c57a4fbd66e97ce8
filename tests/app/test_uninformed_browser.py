"""The uninformed-search lesson in headless Chromium: the film player on its page (stepping,
playing, links, the screen's layout) and the film as an offline page.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import itertools

import pytest

from search_viz.lessons.shared.graph_cases import MAZE, NOTES_TREE, RANDOM
from search_viz.lessons.uninformed.inputs import MAX_DEPTH
from search_viz.lessons.uninformed.page import cached_film
from tests.app.film_browser import (
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
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

UNINFORMED = "uninformed-search"


def notes_iddfs():
    return cached_film(NOTES_TREE, ("A", "R", True), "IDDFS", MAX_DEPTH)


def on_screen(page, selector: str, width: int, height: int) -> bool:
    """Whether the first element matching ``selector`` lies wholly inside the viewport."""
    box = page.locator(selector).first.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 1
        and box["y"] + box["height"] <= height + 1
    )


def test_uninformed_steps_in_the_browser_and_every_step_is_a_new_picture(page, app_url):
    sent = watch_frames(page)
    page.goto(f"{app_url}/{UNINFORMED}?step=55")
    wait_for_player(page)
    film = notes_iddfs()
    assert last_step(page) == len(film) - 1
    assert sentence(page) == f"Step 55. {film.state(55).sentence}"
    before = sent["count"]
    pictures = [picture_state(page)]
    for k in range(56, 62):
        press(page, "forward")
        assert sentence(page) == f"Step {k}. {film.state(k).sentence}"
        pictures.append(picture_state(page))
    assert len(set(pictures)) == len(pictures)  # each step changed the picture
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 60
    assert picture_state(page) == pictures[-2]  # back: exactly the picture before
    press(page, "last")
    assert sentence(page) == "Step 103. Found: A → C → G → L → R (4 steps)."
    assert "A B E I F J K O P C G L R" in page.locator(".sv-iddfs").inner_text()
    page.wait_for_timeout(500)
    assert sent["count"] == before, "stepping reran the page"
    assert page.console_errors == []


def test_a_mazes_tables_read_back_whole_in_every_chunk(page, app_url):
    """Iterative deepening on the 7 x 7 maze (1,071 steps, three chunks): each step's tables are
    sent as edits of the step before's, and the player shows them whole, in every chunk,
    whether it is opened at the step or stepped to it."""
    film = cached_film(MAZE, (7, 0.25, 1), "IDDFS", MAX_DEPTH)
    assert film.n_chunks == 3

    def shown_tables(k: int) -> None:
        html = "".join(film.state(k).panel["h"].values())
        expected = page.evaluate("(h) => { const d = document.createElement('div');"
                                 " d.innerHTML = h; return d.textContent; }", html)  # fmt: skip
        assert page.locator(".svp-tables").first.text_content() == expected, k

    for opened in (700, 1040):
        page.goto(f"{app_url}/{UNINFORMED}?problem=Grid+maze&step={opened}")
        wait_for_player(page)
        assert last_step(page) == len(film) - 1
        shown_tables(opened)
        for k in range(opened + 1, opened + 4):
            press(page, "forward")
            assert shown_step(page) == k
            shown_tables(k)
    press(page, "first")
    shown_tables(0)
    assert page.console_errors == []


@pytest.mark.parametrize("speed", [4, 30])
def test_uninformed_playback_only_goes_forward(page, app_url, speed):
    page.goto(f"{app_url}/{UNINFORMED}?step=0")
    wait_for_player(page)
    set_speed(page, speed)
    press(page, "play")
    seen = record_steps(page, 5.0)
    assert all(a <= b for a, b in itertools.pairwise(seen)), "a step went backwards"
    if speed == 30:
        assert seen[-1] >= 60  # about 30 a second, even on a busy machine
        page.locator(".svp-count").filter(has_text="Step 103 of 103").wait_for(timeout=10_000)
        page.locator(".svp-play").filter(has_text="Replay").wait_for()  # stopped at the end
    else:
        assert 14 <= seen[-1] <= 24
        press(page, "play")
    assert page.console_errors == []


def test_a_random_graphs_share_link_reproduces_the_screen(page, app_url, browser):
    page.goto(f"{app_url}/{UNINFORMED}?problem=Random+graph&algorithm=BFS")
    wait_for_player(page)
    seed = page.get_by_label("Seed")
    seed.fill("42")
    seed.press("Enter")
    page.get_by_text("(seed 42), from 0 to 5.").wait_for()
    wait_for_player(page)
    film = cached_film(RANDOM, (24, 2.5, 42, False, 0, None), "BFS", None)
    assert len(film) != len(cached_film(RANDOM, (24, 2.5, 1, False, 0, None), "BFS", None))
    page.locator(".svp-count").filter(has_text=f"of {len(film) - 1}").wait_for()  # it is in
    page.wait_for_timeout(500)
    for _ in range(7):
        press(page, "forward")
    assert shown_step(page) == 7
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    assert "seed=42" in link
    assert "step=7" in link
    shown, drawn = sentence(page), picture_state(page)
    fresh = browser.new_context(viewport={"width": 1400, "height": 1000})
    other = fresh.new_page()
    other.goto(link)
    wait_for_player(other)
    assert sentence(other) == shown
    assert picture_state(other) == drawn
    fresh.close()


@pytest.mark.parametrize(
    ("width", "height", "query", "name"),
    [
        (1280, 800, "", "uninformed-1280x800"),
        (1280, 720, "&present=1", "uninformed-presenter-1280x720"),
    ],
)
def test_picture_and_sentence_fit_the_first_screen(page, app_url, width, height, query, name):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{app_url}/{UNINFORMED}?step=60{query}")
    wait_for_player(page)
    page.wait_for_timeout(800)
    assert on_screen(page, ".svp-picture svg", width, height)
    assert on_screen(page, ".svp-note", width, height)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    assert page.console_errors == []


def test_every_algorithms_default_fits_the_first_screen_with_the_sidebar_open(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    for algorithm in ("BFS", "DFS", "DLS", "UCS"):
        page.goto(f"{app_url}/{UNINFORMED}?algorithm={algorithm}&step=8")
        wait_for_player(page)
        assert sentence(page).startswith("Step 8."), algorithm
        assert on_screen(page, ".svp-picture svg", 1280, 800), algorithm
        assert on_screen(page, ".svp-note", 1280, 800), algorithm
    page.goto(f"{app_url}/{UNINFORMED}?problem=8-puzzle&step=30")
    wait_for_player(page)
    assert on_screen(page, ".svp-picture svg", 1280, 800)
    assert on_screen(page, ".svp-note", 1280, 800)
    page.screenshot(path=str(ARTIFACTS / "uninformed-8-puzzle-1280x800.png"))


def test_the_uninformed_film_steps_offline_from_a_file(page, tmp_path):
    path = tmp_path / "iddfs.html"
    path.write_text(notes_iddfs().to_html(), encoding="utf-8")
    fetched = []
    page.route("http*://**", lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(f"file://{path}?step=102")
    page.locator(".svp-count").filter(has_text="Step 102 of 103").wait_for(timeout=10_000)
    page.keyboard.press("ArrowRight")
    assert sentence(page) == "Step 103. Found: A → C → G → L → R (4 steps)."
    assert fetched == []
    assert page.console_errors == []
