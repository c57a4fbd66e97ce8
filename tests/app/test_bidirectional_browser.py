"""The bidirectional-search lesson in headless Chromium: compare mode is one player stepping two
films, plain BFS goes on after the two searches have met, links, the screen, the offline page.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import itertools
import re

import pytest

from search_viz.lessons.bidirectional.page import cached_films
from search_viz.lessons.shared.graph_cases import MAZE, TRAP
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

BIDIRECTIONAL = "bidirectional-search"


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


def test_one_player_steps_both_searches_and_plain_bfs_goes_on_after_the_meeting(page, app_url):
    sent = watch_frames(page)
    both, plain = cached_films(MAZE, (16, 0.25, 1), "layer")
    page.goto(f"{app_url}/{BIDIRECTIONAL}?step=10")
    wait_for_player(page)
    assert page.locator(".svp-title").all_inner_texts() == [both.title, plain.title]
    assert last_step(page) == len(plain) - 1
    before = sent["count"]
    pictures = [(picture_state(page, 0), picture_state(page, 1))]
    for k in range(11, 15):
        press(page, "forward")
        assert sentence(page, 0) == f"Step {k}. {both.state(k).sentence}"
        assert sentence(page, 1) == f"Step {k}. {plain.state(k).sentence}"
        pictures.append((picture_state(page, 0), picture_state(page, 1)))
    assert all(a[0] != b[0] and a[1] != b[1] for a, b in itertools.pairwise(pictures))
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 15
    page.locator(".svp-slider").fill(str(len(both) + 5))
    assert sentence(page, 0) == f"Step {len(both) - 1}. {both.state(-1).sentence}"
    assert page.locator(".svp-finished").first.inner_text() == f"Finished after {len(both)} steps."
    assert sentence(page, 1).startswith(f"Step {len(both) + 5}. Plain BFS")
    page.wait_for_timeout(500)
    assert sent["count"] == before, "stepping reran the page"
    assert page.console_errors == []


def test_playback_at_30_steps_a_second_only_goes_forward_and_ends(page, app_url):
    page.goto(f"{app_url}/{BIDIRECTIONAL}?problem={TRAP.replace(' ', '+')}&turns=one+node")
    wait_for_player(page)
    set_speed(page, 30)
    press(page, "play")
    seen = record_steps(page, 3.0)
    assert all(a <= b for a, b in itertools.pairwise(seen))
    page.locator(".svp-play").filter(has_text="Replay").wait_for(timeout=10_000)
    assert shown_step(page) == last_step(page)
    assert "s → b → d → t (3 steps)" in sentence(page, 0)


def test_a_share_link_reopens_the_same_step_of_both_films(page, app_url, browser):
    page.goto(f"{app_url}/{BIDIRECTIONAL}?problem=Random+graph&seed=5&step=12")
    wait_for_player(page)
    press(page, "forward")
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    assert "step=13" in link
    shown = [sentence(page, 0), sentence(page, 1), picture_state(page, 0), picture_state(page, 1)]
    fresh = browser.new_context(viewport={"width": 1400, "height": 1000})
    other = fresh.new_page()
    other.goto(link)
    wait_for_player(other)
    again = [sentence(other, 0), sentence(other, 1)]
    assert [*again, picture_state(other, 0), picture_state(other, 1)] == shown
    fresh.close()


@pytest.mark.parametrize(
    ("width", "height", "query", "name"),
    [
        (1280, 800, "step=40", "bidirectional-1280x800"),
        (1280, 720, "step=40&present=1", "bidirectional-presenter-1280x720"),
        (1280, 800, "problem=8-puzzle&step=20", "bidirectional-8-puzzle-1280x800"),
    ],
)
def test_pictures_and_sentences_fit_the_first_screen(page, app_url, width, height, query, name):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{app_url}/{BIDIRECTIONAL}?{query}")
    wait_for_player(page)
    page.wait_for_timeout(800)
    for film in range(page.locator(".svp-picture").count()):
        assert on_screen(page, f".svp-film:nth-child({film + 1}) .svp-picture svg", width, height)
        assert on_screen(page, f".svp-film:nth-child({film + 1}) .svp-note", width, height)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    assert page.console_errors == []


def test_the_bidirectional_film_steps_offline_from_a_file(page, tmp_path):
    both, _ = cached_films(TRAP, (), "node")
    path = tmp_path / "trap.html"
    path.write_text(both.to_html(), encoding="utf-8")
    fetched = []
    page.route("http*://**", lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(f"file://{path}?step=0")
    page.locator(".svp-count").filter(has_text="Step 0 of").wait_for(timeout=10_000)
    press(page, "last")
    assert "s → b → d → t (3 steps)" in sentence(page)
    assert fetched == []
    assert page.console_errors == []


def test_compare_mode_exports_either_film(page, app_url):
    page.goto(f"{app_url}/{BIDIRECTIONAL}?step=7")
    wait_for_player(page)
    press(page, "export")
    dialog = page.get_by_role("dialog")
    dialog.get_by_text("Step 7 as a picture").wait_for(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "bidirectional-export.png"))
    dialog.get_by_role("button", name=re.compile("PNG")).wait_for(timeout=30_000)
    assert dialog.get_by_text("Plain BFS: forward only").count() >= 1  # either film's picture
    assert page.console_errors == []
