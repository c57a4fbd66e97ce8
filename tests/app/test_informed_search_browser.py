"""The Informed search page in headless Chromium: the film player, the screen, the long replay.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import expect

import search_viz as sv
from search_viz.lessons.informed import page as informed_page
from search_viz.lessons.informed.drawing import film_of
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL
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
from tests.app.test_browser import assert_clean, wait_until_drawn
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

DETOUR = "instance=greedy%27s+detour%3A+712%2F483%2F6_5"
HARDEST = "instance=31+moves%3A+867%2F254%2F3_1&heuristic=manhattan&tie=deeper+first"
#: The same puzzle with misplaced tiles: a search of 143,840 expansions, its first 60,000
#: events replayed (no other test here opens it, so that this server makes it anew).
HARDEST_MISPLACED = "instance=31+moves%3A+867%2F254%2F3_1&heuristic=misplaced"
#: The same, deeper ties first: 60,000 events replayed too, opened by no other test here.
HARDEST_MISPLACED_DEEPER = f"{HARDEST_MISPLACED}&tie=deeper+first"
#: The same puzzle with linear conflict: 31,335 steps (9,837 with deeper ties first), opened
#: by no other test here.
HARDEST_LINEAR = "instance=31+moves%3A+867%2F254%2F3_1&heuristic=linear+conflict"

# Where the picture and the sentence are on screen (the player lives in a shadow root).
_BOXES = """() => {
  const roots = [document, ...[...document.querySelectorAll('*')].map((e) => e.shadowRoot)
    .filter(Boolean)];
  const find = (css) => roots.map((r) => r.querySelector(css)).find(Boolean);
  const box = (el) => el.getBoundingClientRect().toJSON();
  return {picture: box(find('.svp-picture svg')), note: box(find('.svp-note')),
          width: window.innerWidth, height: window.innerHeight};
}"""


def open_lesson(page, query: str = "") -> None:
    page.goto(f"{page.app_url}/informed-search?{query}")
    wait_for_player(page, timeout=120_000)


@pytest.fixture
def lesson(page, app_url):
    page.app_url = app_url
    return page


def test_buttons_and_keys_step_the_notes_example_in_the_browser(lesson):
    page = lesson
    sent = watch_frames(page)
    open_lesson(page)
    assert shown_step(page) == 0
    assert last_step(page) == 22
    assert "g = 0, h = 4, so f = g + h = 0 + 4 = 4" in sentence(page)
    before = sent["count"]
    pictures = [picture_state(page)]
    for _ in range(4):
        press(page, "forward")
        pictures.append(picture_state(page))
    assert shown_step(page) == 4
    assert len(set(pictures)) == 5  # every step changed the picture
    page.keyboard.press("ArrowRight")
    assert sentence(page).startswith("Step 5. Take 283/1_4/765 off the frontier: its f = 4")
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 4
    press(page, "last")
    assert sentence(page) == "Step 22. Found a solution of 5 moves after expanding 7 nodes."
    frontier = page.locator(".svp-tables").first.inner_text()
    assert "The frontier: 7 nodes, by f = g + h" in frontier
    page.wait_for_timeout(500)
    assert sent["count"] == before, "stepping reran the page"
    assert "step=22" in page.url
    press(page, "export")
    page.get_by_role("dialog").get_by_text("Step 22 as a picture").wait_for(timeout=30_000)
    assert_clean(page)


@pytest.mark.parametrize(("speed", "query"), [(4, DETOUR), (30, "")])
def test_playback_only_goes_forward_and_ends_at_the_last_step(lesson, speed, query):
    page = lesson
    open_lesson(page, query)
    set_speed(page, speed)
    press(page, "play")
    seen = record_steps(page, 5.0)
    assert all(a <= b for a, b in itertools.pairwise(seen)), "a step went backwards"
    if speed == 30:  # the notes' 23 steps: played through within 5 s, then it stops
        assert seen[-1] == last_step(page) == 22
        assert page.locator(".svp-play").first.inner_text().strip().endswith("Replay")
    else:  # about 4 a second (fewer on a loaded machine), never more, never stopping
        assert seen[-1] <= 24
        assert len(set(seen)) >= 8
        assert page.locator(".svp-play").first.inner_text().strip().endswith("Pause")
    assert_clean(page)


def test_a_share_link_reopens_the_step_with_the_same_options(lesson, browser):
    page = lesson
    open_lesson(page, "algorithm=greedy&tie=deeper+first&step=7")
    assert shown_step(page) == 7
    press(page, "forward")
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    assert "step=8" in link
    assert "algorithm=greedy" in link
    said, picture = sentence(page), picture_state(page)
    fresh = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    fresh.goto(link)
    wait_for_player(fresh, timeout=120_000)
    assert shown_step(fresh) == 8
    assert sentence(fresh) == said
    assert picture_state(fresh) == picture
    fresh.context.close()


def test_flipping_the_tie_rule_keeps_the_step_when_the_replay_keeps_its_length(lesson):
    page = lesson
    open_lesson(page, "heuristic=manhattan&step=11")  # 20 steps under both rules
    before = page.locator(".svp").first.get_attribute("data-films")
    page.get_by_test_id("stRadioGroup").get_by_text("deeper first").click()
    page.wait_for_function(
        "() => new URL(location.href).searchParams.get('tie') === 'deeper first'"
    )
    wait_for_player(page)
    # the new film shown (both count 20 steps: the count alone cannot tell them apart)
    expect(page.locator(".svp").first).not_to_have_attribute("data-films", before or "")
    expect(page.locator(".svp-count").first).to_have_text("Step 11 of 19")
    page.keyboard.press("ArrowRight")  # the keys answer again, with no click first
    assert shown_step(page) == 12


def test_the_page_fits_one_screen_with_the_sidebar_and_in_presenter_mode(lesson):
    page = lesson
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, "step=12")
    page.wait_for_timeout(800)
    boxes = page.evaluate(_BOXES)
    assert page.locator('[data-testid="stSidebar"]').is_visible()
    assert boxes["picture"]["top"] >= 0
    assert boxes["note"]["bottom"] <= 800, boxes
    assert boxes["picture"]["width"] >= 700  # the picture takes the width it has
    page.screenshot(path=str(ARTIFACTS / "informed-search-1280x800.png"))
    page.set_viewport_size({"width": 1280, "height": 720})
    open_lesson(page, "step=12&present=1")
    page.wait_for_timeout(800)
    boxes = page.evaluate(_BOXES)
    assert boxes["note"]["bottom"] <= 720, boxes
    assert boxes["picture"]["width"] >= 0.75 * 1280  # no longer capped, 40% of it empty
    page.screenshot(path=str(ARTIFACTS / "informed-search-presenter-1280x720.png"))
    assert_clean(page)


def test_compare_mode_steps_greedy_and_a_star_together(lesson):
    page = lesson
    open_lesson(page, f"{DETOUR}&both=true")
    assert page.locator(".svp-title").all_inner_texts() == [
        "Greedy best-first: f = h",
        "A*: f = g + h",
    ]
    press(page, "last")
    assert "Found a solution of 15 moves" in sentence(page, film=0)
    assert "Found a solution of 11 moves" in sentence(page, film=1)
    assert page.locator(".svp-finished").nth(1).is_visible()  # A* finishes first
    page.screenshot(path=str(ARTIFACTS / "informed-search-compare.png"))
    assert_clean(page)


def test_the_detour_button_and_the_solution_move_by_move(lesson):
    page = lesson
    open_lesson(page, "algorithm=greedy")
    page.get_by_role("button", name="Open greedy's detour").click()
    page.get_by_text("The 8-puzzle from 712/483/6_5 to 123/8_4/765.").wait_for(timeout=60_000)
    wait_for_player(page)
    expect(page.locator(".svp-count").first).to_have_text("Step 0 of 401")
    page.get_by_text("The solution greedy found: 15 moves").click()  # its expander
    solution = page.frame_locator("iframe").first
    solution.locator(".svp-count").filter(has_text="Step 0 of 15").wait_for(timeout=30_000)
    # Once the page's run has ended: on a busy machine a click made while the rest of the
    # page is still arriving can land where the frame was a moment before.
    wait_until_drawn(page)
    solution.locator(".svp-last").click()
    expect(solution.locator(".svp-note")).to_contain_text("Move 15 of 15")
    assert shown_step(page) == 0  # the replay above kept its own step
    page.screenshot(path=str(ARTIFACTS / "informed-search-detour.png"), full_page=True)


def test_a_long_replay_steps_at_once_across_its_chunks(lesson):
    """A* with Manhattan on a 31-move start, deeper ties first: 17,143 steps in chunks of 500."""
    page = lesson
    open_lesson(page, f"{HARDEST}&step=9998")
    assert shown_step(page) == 9998
    assert last_step(page) == 17142
    for step in range(9999, 10004):
        press(page, "forward")
        expect(page.locator(".svp-count").first).to_have_text(f"Step {step} of 17142")
    assert shown_step(page) == 10003  # across a chunk's end (10,000)
    press(page, "last")
    expect(page.locator(".svp-note").first).to_contain_text("Found a solution of 31 moves")
    page.screenshot(path=str(ARTIFACTS / "informed-search-longest.png"))
    assert_clean(page)


def test_a_long_replay_goes_on_while_the_page_below_it_is_still_being_made(lesson):
    """A* with misplaced tiles on the 31-move puzzle (60,000 steps), opened at step 500: the
    player shows that step (from the replay's middle) while the notes below still say the
    search and the comparison are being made; then, with no click, the page shows them."""
    page = lesson
    page.goto(f"{page.app_url}/informed-search?{HARDEST_MISPLACED}&step=500")
    comparing = page.get_by_text(informed_page.COMPARING)
    finishing = page.get_by_text(informed_page.finishing_text("A*"))
    count = page.locator(".svp-count").first
    expect(count).to_have_text("Step 500 of 59999", timeout=120_000)
    assert comparing.is_visible()
    assert finishing.is_visible()
    table = page.get_by_test_id("stDataFrame")
    expect(table).to_be_visible(timeout=120_000)  # the page ran again by itself
    assert comparing.count() == 0
    assert finishing.count() == 0
    assert "31 moves" in page.get_by_text("The solution A* found").inner_text()
    assert count.inner_text() == "Step 500 of 59999"
    assert_clean(page)


def watch_count(page) -> None:
    """From now on, keep every text the step count shows (``seen_counts`` reads them)."""
    page.locator(".svp-count").first.evaluate(
        """(count) => {
             window.__counts = [];
             new MutationObserver(() => window.__counts.push(count.textContent))
               .observe(count, { childList: true, characterData: true, subtree: true });
           }"""
    )


def seen_counts(page) -> list[str]:
    """The texts the step count has shown since :func:`watch_count`."""
    return page.evaluate("() => window.__counts")


def test_the_end_of_a_replay_still_being_made_says_loading_until_it_comes(lesson):
    """End on a long replay's opening: its middle (the first 1,000 steps) comes at once, the
    whole film a moment later; until then the count says which step is loading, and never
    shows the step the player was at as if nothing had been asked."""
    page = lesson
    open_lesson(page, f"{HARDEST_LINEAR}&tie=deeper+first")
    count = page.locator(".svp-count").first
    expect(count).to_have_text("Step 0 of 9836")
    watch_count(page)
    press(page, "last")
    expect(count).to_have_text("Step 9836 of 9836", timeout=60_000)
    seen = seen_counts(page)
    assert "Loading 9836…" in seen
    assert set(seen) <= {"Loading 9836…", "Step 9836 of 9836"}, seen
    assert_clean(page)


def test_end_on_the_longest_replay_shows_its_last_step_before_the_whole_film_is_made(lesson):
    """End on the opening of a 60,000-step replay (A*, misplaced tiles, 31 moves): its last
    step comes in a part of the film made without the steps before it, within seconds, while
    the whole film (6 s or more of a core) is not made yet; a step back is there too."""
    page = lesson
    open_lesson(page, HARDEST_MISPLACED_DEEPER)
    key = (HARDEST_STARTS[0], ORDERED_GOAL, "A*", "misplaced", "deeper", "wide")
    end_from_the_start(page, 59_999)
    middle = informed_page.middle_film(*key)
    assert page.locator(".svp").first.get_attribute("data-films") == middle.digest
    last = informed_page.film_part(*key, range(118, 120)).chunks[119]
    assert sentence(page) == f"Step 59999. {film_sentence(last, 59_999)}"
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 59_998
    assert sentence(page) == f"Step 59998. {film_sentence(last, 59_998)}"
    assert_clean(page)


def film_sentence(chunk: dict, step: int) -> str:
    """The sentence of ``step`` in ``chunk`` (as the browser reads it)."""
    from search_viz.film.film import read_chunk

    read = read_chunk(chunk)
    said = read["key"]["p"]["s"]
    for k, delta in enumerate(read["steps"], start=read["first"] + 1):
        if k > step:
            break
        said = delta.get("p", {}).get("s", said)
    return said


def test_compare_mode_shows_a_long_a_star_by_its_opening_and_steps_both_into_its_rest(lesson):
    """Greedy (1,246 steps) beside A* with misplaced tiles on a start 19 moves from the
    ordered goal (5,409 steps), each shown by its opening first: both step on past step 500,
    greedy into its whole film, A* (a very long film) into the part that holds its end."""
    page = lesson
    typed = "instance=typed%3A+your+own+start+and+goal&start_board=836257104&goal_board=123456780"
    open_lesson(page, f"{typed}&heuristic=misplaced&both=true")
    start = (8, 3, 6, 2, 5, 7, 1, 0, 4)
    keys = [(start, ORDERED_GOAL, name, "misplaced", "fifo", "half") for name in ("greedy", "A*")]
    assert page_film_ids(page) == [informed_page.cached_opening(*key).digest for key in keys]
    assert last_step(page) == 5_408
    press(page, "last")
    expect(page.locator(".svp-count").first).to_have_text("Step 5408 of 5408", timeout=60_000)
    greedy, a_star = keys
    whole, middle = informed_page.cached_film(*greedy), informed_page.middle_film(*a_star)
    assert page_film_ids(page) == [whole.digest, middle.digest]
    expect(page.locator(".svp-note").nth(1)).to_contain_text("Found a solution of 19 moves")
    assert_clean(page)


def test_the_films_own_page_steps_offline(page, tmp_path):
    path = tmp_path / "informed.html"
    film = film_of(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
    path.write_text(film.to_html(), encoding="utf-8")
    fetched = []
    page.route("http*://**", lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(f"file://{path}?step=4")
    page.locator(".svp-count").filter(has_text="Step 4 of 22").wait_for(timeout=10_000)
    press(page, "forward")
    assert sentence(page).startswith("Step 5. Take 283/1_4/765 off the frontier")
    press(page, "last")
    assert "Found a solution of 5 moves" in sentence(page)
    assert fetched == []
    assert page.console_errors == []
