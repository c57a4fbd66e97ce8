"""The film player in a real browser: buttons, keys, playback, the link, compare mode, offline.

Runs ``tests/app/film_app.py`` (the demo film of lit dots, and two films compared).
"""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import expect

from search_viz.film import MIDDLE_STEPS
from search_viz.film.demo import blinking_film, demo_film
from search_viz.film.pages import inline_data, player_assets, streamlit_loader
from tests.app.film_browser import (
    answer_in_browser,
    eased_items,
    end_from_the_start,
    last_step,
    picture_state,
    press,
    record_steps,
    right_answers,
    sentence,
    set_speed,
    shown_step,
    wait_for_player,
    watch_frames,
)
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser


def test_buttons_and_keys_step_in_the_browser_without_the_server(page, film_url):
    sent = watch_frames(page)
    page.goto(f"{film_url}/?dots=12&step=3")
    wait_for_player(page)
    assert shown_step(page) == 3
    assert last_step(page) == 11
    assert sentence(page) == "Step 3. D joins: 4 are lit."
    before = sent["count"]
    pictures = {picture_state(page)}
    for _ in range(4):
        press(page, "forward")
        pictures.add(picture_state(page))
    assert shown_step(page) == 7
    assert sentence(page).startswith("Step 7. H joins")
    assert len(pictures) == 5  # every step changed the picture
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 5
    press(page, "last")
    assert shown_step(page) == 11
    assert "all 12 are lit" in sentence(page)
    press(page, "first")
    assert shown_step(page) == 0
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 1
    page.keyboard.press("End")
    assert shown_step(page) == 11
    page.keyboard.press("Home")
    assert shown_step(page) == 0
    page.keyboard.press("Control+End")  # left to the page: it scrolls, the replay stays
    assert shown_step(page) == 0
    keys = page.locator(".svp-controls .svp-btn").evaluate_all(
        "buttons => buttons.map((b) => "
        "[b.getAttribute('aria-label'), b.getAttribute('aria-keyshortcuts')])"
    )
    assert keys == [["First step", "Home"], ["Back", "ArrowLeft"], ["Play", "Space"],
                    ["Forward", "ArrowRight"], ["Last step", "End"]]  # fmt: skip
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 1
    page.wait_for_timeout(500)
    assert sent["count"] == before, "stepping reran the page"
    assert "step=1" in page.url
    assert page.console_errors == []


def test_keys_leave_a_text_field_alone(page, film_url):
    page.goto(f"{film_url}/?dots=5&step=2")
    wait_for_player(page)
    field = page.get_by_label("A field to type in")
    field.click()
    field.type("ab")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    page.keyboard.press("Home")
    page.keyboard.press("End")
    assert shown_step(page) == 2
    assert field.input_value() == "a b" or field.input_value().startswith("a")


def test_one_step_at_a_time_eases_in_and_a_jump_does_not(page, browser, film_url):
    """A step forward or back eases its changes in (the changed items get a transition); a
    jump, playing faster than 8 steps a second, and reduced motion do not."""
    page.goto(f"{film_url}/?dots=12&step=3")
    wait_for_player(page)
    assert eased_items(page) == 0  # as it opens
    press(page, "last")
    assert shown_step(page) == 11
    assert eased_items(page) == 0
    press(page, "back")
    assert eased_items(page) > 0
    page.goto(f"{film_url}/?dots=12&step=3")
    wait_for_player(page)
    set_speed(page, 30)
    press(page, "play")
    page.locator(".svp-count").filter(has_text=re.compile(r"^Step 11 of 11$")).wait_for()
    assert eased_items(page) == 0
    still = browser.new_context(reduced_motion="reduce")
    try:
        calm = still.new_page()
        calm.goto(f"{film_url}/?dots=12&step=3")
        wait_for_player(calm)
        press(calm, "forward")
        assert shown_step(calm) == 4
        assert eased_items(calm) == 0
    finally:
        still.close()


@pytest.mark.parametrize("speed", [4, 30])
def test_playback_only_goes_forward_and_stops_at_the_end(page, film_url, speed):
    dots = 60
    page.goto(f"{film_url}/?dots={dots}")
    wait_for_player(page)
    set_speed(page, speed)
    press(page, "play")
    seen = record_steps(page, 5.0)
    assert all(a <= b for a, b in itertools.pairwise(seen)), "a step went backwards"
    if speed == 30:
        assert seen[-1] == dots - 1  # 60 steps at 30 a second: done within 5 s
        assert page.locator(".svp-play").inner_text().strip().endswith("Replay")
    else:
        assert 14 <= seen[-1] <= 22  # about 4 a second, never stopping by itself
        distinct = len(set(seen))
        assert distinct >= 15
        press(page, "play")  # pause
    assert page.console_errors == []


def test_a_link_reopens_the_step_and_a_bad_step_says_why(page, film_url):
    page.goto(f"{film_url}/?dots=8&step=5")
    wait_for_player(page)
    press(page, "forward")
    press(page, "share")
    link = page.locator(".svp-link").input_value()
    assert "step=6" in link
    assert "dots=8" in link
    assert "present" not in link
    page.goto(link)
    wait_for_player(page)
    assert shown_step(page) == 6
    page.goto(f"{film_url}/?dots=8&step=abc")
    wait_for_player(page)
    assert shown_step(page) == 0
    assert "not a whole number" in page.locator(".svp-message").inner_text()
    page.goto(f"{film_url}/?dots=8&step=99")
    wait_for_player(page)
    assert "outside 0–7" in page.locator(".svp-message").inner_text()


def test_compare_mode_steps_both_films_and_one_player_answers_a_key(page, film_url):
    page.goto(f"{film_url}/?dots=4&compare=true")
    wait_for_player(page, index=1)
    assert page.locator(".svp-title").all_inner_texts() == ["Left", "Right"]
    press(page, "forward", index=1)
    assert shown_step(page, index=1) == 1
    page.keyboard.press("ArrowRight")
    assert shown_step(page, index=1) == 2
    assert shown_step(page, index=0) == 0  # the other player did not move
    assert sentence(page, film=1).startswith("Step 2.")
    assert sentence(page, film=2).startswith("Step 2.")
    page.locator(".svp").nth(1).screenshot(path=str(ARTIFACTS / "film-compare.png"))


def test_export_opens_the_dialog_for_this_step(page, film_url):
    page.goto(f"{film_url}/?dots=5&step=2")
    wait_for_player(page)
    press(page, "export")
    dialog = page.get_by_role("dialog")
    dialog.get_by_text("Step 2 as a picture").wait_for(timeout=20_000)
    dialog.get_by_role("button", name=re.compile("PNG")).wait_for(timeout=20_000)


#: What the tests of the player's Streamlit entry share (JavaScript, in the page): ``file(text)``
#: makes a module of ``text``; ``component(data, element)`` is what Streamlit hands the entry;
#: ``ids(element)`` the films of the players in it; ``settled()`` waits for them to be drawn.
ENTRY_TOOLS = """
  const file = (text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  const component = (data, parentElement) => ({ data, parentElement,
    setTriggerValue() {}, setStateValue() {} });
  const ids = (element) => [...element.querySelectorAll(".svp")].map((box) => box.dataset.films);
  const settled = () => new Promise((done) => setTimeout(done, 300));
"""


def run_entry(page, script: str, *args) -> object:
    """``script`` (the body of an async function of ``args``, with :data:`ENTRY_TOOLS` and
    ``host``, an element on a blank page) run in ``page``; what it returns."""
    page.set_content("<!DOCTYPE html><html><body><div id='page'></div></body></html>")
    return page.evaluate(
        "async ([js, loader, ...args]) => {"
        + ENTRY_TOOLS
        + "const mount = (await import(file(js))).default;"
        + "const where = document.getElementById('page');"
        + "const element = () => where.appendChild(document.createElement('div'));"
        + "const host = element();"
        + script
        + "}",
        [player_assets()[0], streamlit_loader(), *args],
    )


def test_a_player_whose_element_left_the_page_ends_there(page):
    """Streamlit unmounts the component (its element leaves the page) and may mount it again
    in a new element: the old player ends (its box, timers and loads), the new one shows."""
    shown = run_entry(
        page,
        """const [first, second] = args;
           const cleanup = mount(component(first, host));
           await settled();
           const before = ids(host);
           host.remove();
           cleanup();
           const ended = ids(host);
           mount(component(second, element()));
           await settled();
           return [before, ended, ids(where)];""",
        inline_data([demo_film(5)]),
        inline_data([demo_film(7)]),
    )
    assert shown == [[demo_film(5).digest], [], [demo_film(7).digest]]  # before, ended, after


def test_the_cleanup_of_a_call_a_later_one_took_over_keeps_the_player(page):
    """Streamlit cleans up after a call whose data a newer message replaced while it was
    loading, its element still on the page: the player, which the newer call shows, stays,
    in edit mode as the student left it."""
    shown = run_entry(
        page,
        """const [first, second] = args;
           const stale = mount(component(first, host));
           await settled();
           host.querySelector(".svp-edit-toggle").click();
           mount(component(second, host));
           stale();
           await settled();
           const editing = host.querySelector(".svp-edit-toggle").getAttribute("aria-pressed");
           return [ids(host), editing, host.querySelectorAll(".svp").length];""",
        edit_data(tree_film([[3, 12], [2, 4]])),
        edit_data(tree_film([[3, 10], [2, 4]])),
    )
    # the newer film, still editing, one player
    assert shown == [[tree_film([[3, 10], [2, 4]]).digest], "true", 1]


def tree_film(leaves: list):
    """Alpha-beta's film of a small game tree, which offers edits."""
    from search_viz import GameTree
    from search_viz.lessons.game_trees.drawing import game_film

    return game_film(GameTree.from_nested(leaves), pruning=True)


def edit_data(film) -> dict:
    """What a page sends the player to offer edit mode on ``film``."""
    edit = {"hint": "Click a leaf.", "undo": False, "answer": None, "settle": False,
            "caughtUp": True}  # fmt: skip
    return inline_data([film]) | {"edit": edit}


def test_streamlit_s_loader_plays_the_player_from_the_file_its_data_names(page):
    """The component's script in a Streamlit page is the loader: it imports the player from
    the URL in its data and hands it the component (its cleanup is the player's: it ends the
    player once the element has left the page)."""
    shown = run_entry(
        page,
        """const load = (await import(file(loader))).default;
           const cleanup = await load(component({ ...args[0], player: file(js) }, host));
           await settled();
           const before = ids(host);
           host.remove();
           cleanup();
           return [before, ids(host)];""",
        inline_data([demo_film(5)]),
    )
    assert shown == [[demo_film(5).digest], []]


def test_the_standalone_page_steps_offline(page, tmp_path):
    path = tmp_path / "dots.html"
    path.write_text(demo_film(30).to_html(), encoding="utf-8")
    fetched = []
    page.route("http*://**", lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(f"file://{path}?step=4")
    page.locator(".svp-count").filter(has_text="Step 4 of 29").wait_for(timeout=10_000)
    press(page, "forward")
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 6
    assert sentence(page).startswith("Step 6. G joins")
    press(page, "last")
    assert "all 30 are lit" in sentence(page)
    assert fetched == []
    assert page.console_errors == []


def test_keyboard_and_screen_reader_details(page, film_url):
    page.goto(f"{film_url}/?dots=6&step=2")
    wait_for_player(page)
    assert page.locator(".svp-slider").get_attribute("aria-valuetext") == "step 2 of 5"
    page.locator(".svp-forward").focus()
    page.keyboard.press("Space")  # presses Forward, does not start playing
    assert shown_step(page) == 3
    assert page.locator(".svp-play").get_attribute("aria-label") == "Play"
    page.locator(".svp-share").click()
    assert page.locator(".svp-share-panel").is_visible()
    page.keyboard.press("Escape")
    assert page.locator(".svp-share-panel").is_hidden()
    code = page.get_by_role("region", name="Pseudocode, the line being executed marked")
    assert code.get_attribute("tabindex") == "0"
    assert page.console_errors == []


def test_practice_on_an_opening_counts_its_questions_until_the_rest_comes(page, film_url):
    """The score of an opening counts the questions of its first 100 steps "and more" (99+).
    The rest is not asked for at its first step; once practice goes on towards the opening's
    end, it is, and the score counts the whole film's questions (the later ones answered from
    the whole film's chunks)."""
    whole = blinking_film(1200, asks=True)
    page.goto(f"{film_url}/?opening=1200&practice=1")
    wait_for_player(page)
    score = page.locator(".svp-score")
    expect(score).to_have_text("99+ questions: answer each before its step plays.")
    page.wait_for_timeout(1500)  # a blinking film's rest takes milliseconds once asked for
    assert score.inner_text().startswith("99+ questions")
    answers = right_answers(whole)[:380]
    result = answer_in_browser(page, answers, to_end=False)
    assert "error" not in result, result
    expect(score).to_have_text("380 of 380 right first time · 819 to go", timeout=30_000)
    assert page.console_errors == []


def test_two_openings_whose_rests_come_in_turn_both_play_on_into_them(page, film_url):
    """Two openings side by side, the second's rest made more slowly than a run waits: the
    first's whole film comes, then comes again with the second's. The player keeps the
    chunks it took from the first (taking them anew would drop the one it shows), and Last
    shows both films' last steps."""
    page.goto(f"{film_url}/?opening=twice")
    wait_for_player(page)
    assert last_step(page) == 1399
    press(page, "last")
    count = page.locator(".svp-count").filter(has_text=re.compile("^Step 1399 of 1399$"))
    count.wait_for(timeout=30_000)
    assert sentence(page, 0) == "Step 1199. Step 1199: the dot is off."
    assert sentence(page, 1) == "Step 1399. Step 1399: the dot is off."
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 1398
    assert sentence(page, 0) == "Step 1199. Step 1199: the dot is off."
    assert sentence(page, 1) == "Step 1398. Step 1398: the dot is on."
    assert page.console_errors == []


def test_a_very_long_films_middle_plays_before_its_whole_film_is_made(page, film_url):
    """A 6,000-step film, its whole film held back: a link to step 950 asks past the opening,
    and the middle (its first 1,000 steps, made at once) shows that step; Last waits at the
    middle for the whole film, which shows the last step once it is made."""
    middle = blinking_film(MIDDLE_STEPS, whole=6000)
    page.goto(f"{film_url}/?opening=staged&step=950")
    wait_for_player(page)
    count = page.locator(".svp-count")
    expect(count).to_have_text("Step 950 of 5999", timeout=30_000)
    assert sentence(page) == "Step 950. Step 950: the dot is on."
    assert page.locator(".svp").get_attribute("data-films") == middle.digest
    press(page, "last")
    page.wait_for_timeout(1500)  # the whole film is held back: the player waits for it
    assert count.inner_text() == "Loading 5999…"
    assert sentence(page) == "Step 950. Step 950: the dot is on."
    releasing = page.context.new_page()
    releasing.goto(f"{film_url}/?release=1")
    wait_for_player(releasing)
    expect(count).to_have_text("Step 5999 of 5999", timeout=60_000)
    assert sentence(page) == "Step 5999. Step 5999: the dot is off."
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 5998
    assert page.locator(".svp").get_attribute("data-films") == blinking_film(6000).digest
    assert page.console_errors == []


def test_far_steps_of_a_very_long_film_come_in_parts_before_its_whole_film(page, film_url):
    """A 6,500-step film whose whole film is held back: End shows the last step from a part
    (the chunks around it, made without the steps before them), a step back is there too, and
    a link far into the film opens there; the middle stays the film the player holds."""
    middle = blinking_film(MIDDLE_STEPS, whole=6500)
    page.goto(f"{film_url}/?opening=parted")
    wait_for_player(page)
    end_from_the_start(page, 6499)
    assert sentence(page) == "Step 6499. Step 6499: the dot is off."
    assert page.locator(".svp").get_attribute("data-films") == middle.digest
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 6498
    assert sentence(page) == "Step 6498. Step 6498: the dot is on."
    page.keyboard.press("Home")
    assert shown_step(page) == 0
    page.goto(f"{film_url}/?opening=parted&step=3210")
    wait_for_player(page)
    expect(page.locator(".svp-count")).to_have_text("Step 3210 of 6499", timeout=30_000)
    assert sentence(page) == "Step 3210. Step 3210: the dot is on."
    assert page.locator(".svp").get_attribute("data-films") == middle.digest
    assert page.console_errors == []


def test_a_film_in_parts_plays_on_from_part_to_part_and_its_whole_film_is_never_made(
    page, film_url
):
    """The 6,500-step film whose steps past its middle come in parts: opened at step 3,195,
    the player holds the part around it (chunks 5 to 7, steps 2,500 to 3,499). Played on, it
    asks for the next part ahead and goes on into it without a step back, each step with its
    own sentence; its whole film is never asked for."""
    page.goto(f"{film_url}/?opening=parted&step=3195")
    wait_for_player(page)
    count = page.locator(".svp-count")
    expect(count).to_have_text("Step 3195 of 6499", timeout=30_000)
    page.keyboard.press("ArrowRight")
    expect(count).to_have_text("Step 3196 of 6499")
    assert sentence(page) == "Step 3196. Step 3196: the dot is on."
    set_speed(page, 30)
    press(page, "play")
    seen = record_steps(page, 13.0)
    press(page, "play")  # pause
    assert seen == sorted(seen), "the film stepped back"
    assert seen[-1] > 3540, seen[-10:]
    step = shown_step(page)
    on = "on" if step % 2 == 0 else "off"
    assert sentence(page) == f"Step {step}. Step {step}: the dot is {on}."
    middle = blinking_film(MIDDLE_STEPS, whole=6500)
    assert page.locator(".svp").get_attribute("data-films") == middle.digest
    counting = page.context.new_page()  # a run after all the asks: the count is theirs
    counting.goto(f"{film_url}/?opening=parted")
    wait_for_player(counting)
    expect(counting.get_by_text("Whole films asked for: 0")).to_be_visible()
    assert page.console_errors == []


def test_a_film_in_parts_has_its_whole_film_made_for_an_export_and_says_so(page, film_url):
    """Export on a film whose steps past its middle come in parts: a note says its whole film
    is being made (it has none until then), and the dialog opens once it is made, the note
    saying so."""
    page.goto(f"{film_url}/?opening=exported")
    wait_for_player(page)
    expect(page.get_by_text("Whole films asked for: 0")).to_be_visible()
    page.get_by_role("button", name="Export").first.click()
    note = "Making the whole replay (5,600 steps) to export it: a few seconds…"
    expect(page.get_by_text(note)).to_be_visible()
    releasing = page.context.new_page()
    releasing.goto(f"{film_url}/?release=exported")
    wait_for_player(releasing)
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("The whole replay as a web page")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Made: the whole replay, 5,600 steps.")).to_be_visible()
    expect(page.get_by_text(note)).to_have_count(0)
    expect(page.get_by_text("Whole films asked for: 1")).to_be_visible()
    assert page.console_errors == []


def test_a_step_left_before_it_came_is_not_jumped_to_when_it_comes(page, film_url):
    """End on a very long film's opening, its whole film held back (it has no parts): a step
    back goes from the step on its way, as the count says; Home then leaves it, and the film
    stays at step 0 when the whole film comes."""
    page.goto(f"{film_url}/?opening=held")
    wait_for_player(page)
    count = page.locator(".svp-count")
    expect(count).to_have_text("Step 0 of 6999")
    press(page, "last")
    expect(count).to_have_text("Loading 6999…")
    assert page.locator(".svp-slider").input_value() == "6999"  # where it was asked
    assert page.locator(".svp-last").is_disabled()  # as at that step
    page.keyboard.press("ArrowLeft")
    expect(count).to_have_text("Loading 6998…")
    press(page, "back")
    expect(count).to_have_text("Loading 6997…")
    page.keyboard.press("Home")
    expect(count).to_have_text("Step 0 of 6999")
    releasing = page.context.new_page()
    releasing.goto(f"{film_url}/?release=held")
    wait_for_player(releasing)
    whole = blinking_film(7000).digest
    expect(page.locator(".svp")).to_have_attribute("data-films", whole, timeout=60_000)
    page.wait_for_timeout(300)
    assert count.inner_text() == "Step 0 of 6999"
    assert page.console_errors == []


def test_an_opening_plays_on_into_its_rest_and_a_rest_that_cannot_be_made_says_so(page, film_url):
    """A blinking dot's 1,200 steps, sent as their first 100: Last brings the rest. When the
    rest cannot be made, the player says so and stays at its step instead of waiting."""
    page.goto(f"{film_url}/?opening=1200&step=10")
    wait_for_player(page)
    assert last_step(page) == 1199
    press(page, "last")
    page.locator(".svp-count").filter(has_text=re.compile("^Step 1199 of 1199$")).wait_for(
        timeout=30_000
    )
    assert sentence(page) == "Step 1199. Step 1199: the dot is off."
    page.goto(f"{film_url}/?opening=broken&step=10")
    wait_for_player(page)
    press(page, "last")
    message = page.locator(".svp-message").filter(has_text="could not be made")
    message.wait_for(timeout=30_000)
    assert "this film's rest is broken on purpose" in message.inner_text()
    assert shown_step(page) == 10
    assert page.locator(".svp-count").inner_text() == "Step 10 of 1299"
    assert page.console_errors == []
