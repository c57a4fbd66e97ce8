"""The tic-tac-toe page in headless Chromium: a game, and the why-tree film stepped in the browser.

Screenshots land in tests/artifacts/tictactoe-*.png for a person to look at.
"""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import expect

import search_viz as sv
from search_viz.problems.tictactoe import TicTacToe
from tests.app.film_browser import (
    last_step,
    picture_state,
    press,
    record_steps,
    sentence,
    set_speed,
    shown_step,
    wait_for_player,
)
from tests.app.lesson_films import LESSON_FILMS, page_film_ids
from tests.app.test_browser import assert_clean, shoot, wait_until_drawn
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

# The player's picture and sentence: their boxes on the screen (the player is in a shadow root).
_BOXES = """() => {
  const roots = [...document.querySelectorAll('*')].map((el) => el.shadowRoot).filter(Boolean);
  const find = (css) => roots.map((root) => root.querySelector(css)).find(Boolean);
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {picture: box(find('.svp-picture svg')), note: box(find('.svp-note'))};
}"""


def picture(page) -> str:
    """``picture_state``, without the player's page-wide prefix (``url(#svp3-h…)``): two
    players drawing the same picture give the same string."""
    return re.sub(r"svp\d+-", "", picture_state(page))


def cell(page, n: int):
    """Cell ``n``'s button (Streamlit also keeps a hidden copy of a button with a tooltip)."""
    return page.locator(f".st-key-ttt-cell-{n} button:visible")


def mounted_film(page) -> str:
    """Which mounting of a film the player shows: its page-wide prefix (``svp3-``), new for
    every film the player mounts."""
    return page.locator(".svp-picture").first.evaluate(
        "(box) => box.querySelector('[id*=\"-sv\"]').id.split('-')[0]"
    )


def new_film(page, mounted: str) -> None:
    """Wait until the player has mounted a new film (``mounted``: the old ``mounted_film``)."""
    wait_for_player(page)
    for _ in range(100):
        if mounted_film(page) != mounted:
            wait_for_player(page)
            return
        page.wait_for_timeout(200)
    raise AssertionError("the player still shows the old film")


def open_node(page, cell: str, name: str) -> None:
    """Open the move to ``cell`` (its pill), and wait for the film of node ``name``."""
    mounted = mounted_film(page)
    page.locator(".st-key-ttt-open").get_by_role("radio", name=cell, exact=True).click()
    # The caption, not the player's spoken description, which names the node too.
    page.locator("p", has_text=f"opened at {name}").wait_for()
    new_film(page, mounted)


def test_a_game_in_progress(page, app_url):
    page.goto(f"{app_url}/tictactoe")
    wait_until_drawn(page)
    cell(page, 4).click()
    page.get_by_test_id("stAlertContentInfo").get_by_text("The computer played").wait_for()
    wait_until_drawn(page)
    assert "moves=4" in page.url
    assert cell(page, 4).inner_text() == "X"
    assert cell(page, 4).is_disabled()
    replies = [n for n in range(9) if cell(page, n).inner_text() == "O"]
    assert len(replies) == 1
    cell(page, 8 if replies != [8] else 6).click()
    page.wait_for_function(  # two moves each: the computer has answered
        """() => [...document.querySelectorAll('.st-key-ttt-board button')]
            .filter(b => b.offsetParent && /^[XO]$/.test(b.innerText.trim())).length >= 4"""
    )
    wait_until_drawn(page)
    wait_for_player(page)
    shoot(page, "tictactoe-game")
    assert_clean(page)


def test_the_share_link_reopens_the_same_search_and_step_in_a_fresh_browser(page, app_url, browser):
    """Issue 13: moves=40, "Your move now", open a node, Forward 5 times, Share (here with
    the sidebar's options changed too)."""
    page.goto(f"{app_url}/tictactoe?moves=40")
    wait_for_player(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    mounted = mounted_film(page)
    sidebar.get_by_text("Minimax", exact=True).click()
    page.wait_for_url("**ai=Minimax**")
    new_film(page, mounted)
    mounted = mounted_film(page)
    sidebar.get_by_text("Win fast, lose slowly").click()
    page.wait_for_url("**decay=false**")
    new_film(page, mounted)
    mounted = mounted_film(page)
    page.locator('[data-testid="stMain"] [data-testid="stRadio"]').get_by_text(
        "Your move now"
    ).click()
    page.get_by_text("Your move now ·").wait_for()
    new_film(page, mounted)
    open_node(page, "top middle", "X top middle")
    pictures = {picture(page)}
    for _ in range(5):
        press(page, "forward")
        pictures.add(picture(page))
    assert shown_step(page) == 5
    assert len(pictures) == 6  # every step changed the picture
    said, seen = sentence(page), picture(page)
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    for part in ("ai=Minimax", "decay=false", "moves=40", "explain=now", "open=1", "step=5"):
        assert part in link, (part, link)
    fresh = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other = fresh.new_page()
        other.goto(link)
        wait_for_player(other)
        assert shown_step(other) == 5
        assert sentence(other) == said
        assert picture(other) == seen
    finally:
        fresh.close()
    assert_clean(page)


def test_steps_play_in_the_browser_and_keys_work_after_an_option_change(page, app_url):
    page.goto(f"{app_url}/tictactoe?moves=40&explain=now")
    wait_for_player(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 2
    mounted = mounted_film(page)
    page.locator('[data-testid="stMain"] [data-testid="stRadio"]').get_by_text(
        "The computer's last move"
    ).click()
    page.get_by_text("Before the computer played top left ·").wait_for()
    new_film(page, mounted)
    page.keyboard.press("ArrowRight")  # no click on the player first
    assert shown_step(page) == 1
    open_node(page, "top right", "O top right")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 2
    set_speed(page, 30)
    press(page, "play")
    seen = record_steps(page, 5.0)
    assert all(a <= b for a, b in itertools.pairwise(seen)), "a step went backwards"
    assert seen[-1] == last_step(page)
    assert page.locator(".svp-play").inner_text().strip().endswith("Replay")
    press(page, "first")
    set_speed(page, 4)
    press(page, "play")
    seen = record_steps(page, 5.0)
    assert all(a <= b for a, b in itertools.pairwise(seen))
    assert 14 <= seen[-1] <= 23  # about 4 a second, never stopping by itself
    press(page, "play")
    assert_clean(page)


def test_an_option_that_keeps_the_replay_keeps_the_step(page, app_url):
    """Minimax with and without the decay enters the same nodes in the same order."""
    page.goto(f"{app_url}/tictactoe?moves=014&ai=Minimax&step=30")  # explains XO..X....
    wait_for_player(page)
    assert shown_step(page) == 30
    mounted = mounted_film(page)
    page.locator('[data-testid="stSidebar"]').get_by_text("Win fast, lose slowly").click()
    page.wait_for_url("**decay=false**")
    new_film(page, mounted)
    assert shown_step(page) == 30
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 31
    press(page, "last")
    assert "the position is worth 10: X wins with best play" in sentence(page)
    assert_clean(page)


def marks(page) -> int:
    """How many marks the board holds."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.st-key-ttt-board button')]
            .filter(b => b.offsetParent && /^[XO]$/.test(b.innerText.trim())).length"""
    )


def test_where_the_depth_limited_player_went_wrong(page, app_url):
    """Issue 13: depth 3, you play 1, 3, 0, 6 and win; the page shows the move that lost."""
    page.goto(f"{app_url}/tictactoe?ai=Depth-limited+alpha-beta&depth=3")
    wait_until_drawn(page)
    for turn, n in enumerate((1, 3, 0, 6)):
        cell(page, n).click()
        page.wait_for_function(  # your move, and the computer's reply (none after the last)
            f"""() => [...document.querySelectorAll('.st-key-ttt-board button')]
                .filter(b => b.offsetParent && /^[XO]$/.test(b.innerText.trim())).length
                >= {min(2 * turn + 2, 7)}"""
        )
        wait_until_drawn(page)
    assert marks(page) == 7
    page.get_by_text("You win!").wait_for()
    page.get_by_text("Where the computer went wrong: before it played bottom right ·").wait_for()
    wait_for_player(page)
    press(page, "last")
    assert "Done: the position is worth −110" in sentence(page)
    page.get_by_role("tab", name="Every move's value").click()
    page.get_by_text("beyond its horizon").wait_for()
    shoot(page, "tictactoe-went-wrong")
    assert_clean(page)


@pytest.mark.parametrize(
    ("query", "size", "name"),
    [
        ("moves=40&step=20", (1280, 800), "tictactoe-why-1280x800"),
        ("moves=40&step=20&present=1", (1280, 720), "tictactoe-why-presenter-1280x720"),
    ],
)
def test_the_picture_and_the_sentence_fit_one_screen(page, app_url, query, size, name):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{app_url}/tictactoe?{query}")
    wait_for_player(page)
    wait_until_drawn(page)
    boxes = page.evaluate(_BOXES)
    for part in ("picture", "note"):
        assert boxes[part]["top"] >= 0, part
        assert boxes[part]["bottom"] <= size[1], (part, boxes[part])
        assert boxes[part]["right"] <= size[0], (part, boxes[part])
    assert boxes["picture"]["right"] - boxes["picture"]["left"] >= 300
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    assert_clean(page)


def test_the_standalone_page_steps_offline(page, tmp_path):
    path = tmp_path / "why.html"
    film = sv.film(sv.alphabeta, TicTacToe("O...X...."), focus=(1,))
    path.write_text(film.to_html(), encoding="utf-8")
    fetched = []
    page.route("http*://**", lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(f"file://{path}?step=4")
    page.locator(".svp-count").filter(has_text=f"Step 4 of {len(film) - 1}").wait_for()
    press(page, "forward")
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 6
    assert sentence(page) == f"Step 6. {film.state(6).sentence}"
    press(page, "last")
    assert film.state(-1).sentence in sentence(page)
    assert fetched == []
    assert page.console_errors == []


def test_a_counter_writes_a_large_number_as_its_label_does(page, app_url):
    """Alpha-beta from the empty board enters 20,866 nodes: at the last step its counter says
    "20,866", as its label's total ("nodes entered (of 20,866)"), not "20866"."""
    film = LESSON_FILMS["tictactoe"]()
    counters = dict(film.state(len(film) - 1).counters)
    assert counters["nodes entered (of 20,866)"] == 20_866
    page.goto(f"{app_url}/tictactoe")
    wait_for_player(page)
    assert page_film_ids(page) == [film.digest]
    press(page, "last")
    chip = page.locator(".svp-chip").filter(has_text="nodes entered")
    expect(chip.locator(".svp-chip-value")).to_have_text("20,866")
    assert_clean(page)
