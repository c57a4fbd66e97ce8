"""Edit mode in a real browser, lesson by lesson (game trees, the 8-puzzle, n-queens, the notes'
tree of uninformed search, a maze of uninformed search and of bidirectional search in compare
mode): a change made in the picture shows the film of the changed problem
(the page's film digest against the film built here), the link reopens it in a fresh browser,
a change the lesson refuses keeps the film and says why, Undo puts the previous problem back,
and a change can be made from the keyboard alone.

One app server for the file (the session's ``app_url``).
"""

from __future__ import annotations

import contextlib
import re
import time
import urllib.parse
from collections.abc import Callable

import pytest

import search_viz as sv
from search_viz.film.edits import apply_change
from search_viz.lessons.bidirectional.page import cached_films
from search_viz.lessons.game_trees import edits as tree_edits
from search_viz.lessons.informed import edits as puzzle_edits
from search_viz.lessons.informed.drawing import film_of as informed_film
from search_viz.lessons.local_search import edits as queen_edits
from search_viz.lessons.shared import maze_edits
from search_viz.lessons.shared.graph_cases import MAZE, NOTES_TREE, OWN_MAZE, build_case
from search_viz.lessons.shared.graph_cases import node_label as label
from search_viz.lessons.shared.graph_inputs import maze_widgets
from search_viz.problems.eight_puzzle import NOTES_START
from search_viz.problems.game_tree import EXAMPLES
from search_viz.problems.graph_examples import notes_tree
from tests.app.film_browser import shown_step, wait_for_player
from tests.app.lesson_films import LESSON_FILMS, page_film_ids
from tests.app.test_local_search import CLIMBING, film_of
from tests.app.test_local_search_browser import long_films

pytestmark = pytest.mark.browser

NOTES_AB = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]


def open_lesson(page, url: str) -> None:
    page.goto(url)
    wait_for_player(page)


def edit_mode(page) -> None:
    toggle = page.get_by_role("button", name="Edit the problem")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"


def films_become(page, before: list[str], timeout: float = 60) -> list[str]:
    """The page's film digests once they differ from ``before`` (a new problem's films) and
    the player has said how the edit went (not "Making the new replay…" any more): until
    then it holds back a next change, as a student sees."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = page_film_ids(page)
        if now and now != before and not page.locator(".svp-edit-status.svp-edit-busy").count():
            return now
        time.sleep(0.05)
    raise AssertionError(f"the films stayed {before} for {timeout} s")


def status(page) -> str:
    return page.locator(".svp-edit-status").inner_text()


def set_leaf(page, leaf: str, value: object) -> None:
    """Click the leaf named ``leaf`` ("I, value 3") and type ``value`` for it, then Enter."""
    page.get_by_role("button", name=f"leaf {leaf}: change it").click(force=True)
    field = page.get_by_role("textbox", name="Set the value: a number")
    field.fill(str(value))
    field.press("Enter")


def wait_for_status(page, pattern: str) -> str:
    page.locator(".svp-edit-status").filter(has_text=re.compile(pattern)).wait_for(timeout=60_000)
    return status(page)


def focused_label(page) -> str:
    """The accessible name (aria-label) of what has the keyboard, inside the player too."""
    return page.evaluate(
        """() => {
             let active = document.activeElement;
             while (active && active.shadowRoot && active.shadowRoot.activeElement) {
               active = active.shadowRoot.activeElement;
             }
             return (active && active.getAttribute("aria-label")) || "";
           }"""
    )


def link_holds(page, *parts: str) -> str:
    """The page's link once it holds every one of ``parts`` (an edit reruns the player first,
    then the rest of the page, whose widgets write the link)."""
    page.wait_for_function(
        "(parts) => parts.every((part) => window.location.href.includes(part))",
        arg=list(parts),
        timeout=30_000,
    )
    return page.url


def reopened(browser, url: str) -> list[str]:
    """The film digests a fresh browser shows at ``url`` (what Share's link gives a student)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        fresh = context.new_page()
        open_lesson(fresh, url)
        return page_film_ids(fresh)
    finally:
        context.close()


def test_a_leaf_changed_in_the_tree_from_mouse_and_keyboard(page, browser, app_url):
    open_lesson(page, f"{app_url}/game-trees")
    first = page_film_ids(page)
    assert first == [LESSON_FILMS["game-trees"]().digest]
    page.locator(".svp-forward").click()  # editing shows the problem as it starts
    edit_mode(page)
    assert shown_step(page) == 0
    assert page.locator(".svp-play").is_disabled()
    # a leaf's value: click it, type the new one (a value the browser refuses first)
    page.get_by_role("button", name="leaf I, value 3: change it").click(force=True)
    field = page.get_by_role("textbox", name="Set the value: a number")
    assert field.input_value() == "3"
    field.fill("ten")
    field.press("Enter")
    assert "is not a number this can take" in status(page)
    assert page_film_ids(page) == first
    field.fill("10")
    field.press("Enter")
    changed = films_become(page, first)
    tree = tree_edits.edited(NOTES_AB, {"do": "value", "node": [0, 0, 1], "value": 10})
    assert changed == [sv.film(sv.alphabeta, tree).digest]
    assert "Changed: leaf I, value 3: Set the value, 10" in status(page)
    # and what it changed where the search ends: D = 10, so B = min(10, 9) = 9 at the root
    assert "At the end: root value 3 → 9, nodes entered 11 → 12, " in status(page)
    link = link_holds(page, "text=", "tree=Type+your+own")
    assert reopened(browser, link) == changed  # Share's link holds the edited tree
    # from the keyboard: Tab to the root, Enter, type the new child's value, Enter
    page.get_by_role("button", name="Done editing").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused_label(page).startswith("the root"):
            break
    assert focused_label(page) == "the root A (MAX): change it"
    page.keyboard.press("Enter")
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    grown = films_become(page, changed)
    tree = tree_edits.edited(tree, {"do": "add", "node": [], "value": 4})
    assert grown == [sv.film(sv.alphabeta, tree).digest]
    # Undo, twice: the tree the page opened with
    page.get_by_role("button", name="Undo").click()
    assert films_become(page, grown) == changed
    undone = wait_for_status(page, "Undone")
    assert "At the end: nodes entered 13 → 12, " in undone  # without the root's child 4
    assert "root value" not in undone  # MAX at the root took 9 over 4: the value stays
    page.get_by_role("button", name="Undo").click()
    assert films_become(page, changed) == first
    # practice and edit mode: one at a time
    page.get_by_role("button", name="Practice").click()
    assert page.get_by_role("button", name="Edit the problem").get_attribute("aria-pressed") == (
        "false"
    )
    assert page.locator(".svp-edit").is_hidden()


def test_a_pruned_leaf_changed_changes_nothing_at_the_end(page, app_url):
    """Notes §6: E cuts off its leaf K (9) once J gives 5 ≥ β = 3, so any value of K leaves
    the search as it was; the player says so at once, with the root's value."""
    open_lesson(page, f"{app_url}/game-trees")
    edit_mode(page)
    first = page_film_ids(page)
    set_leaf(page, "K, value 9", 1)
    films_become(page, first)
    assert status(page).endswith("At the end, nothing changed: root value 3.")


def test_an_edit_s_film_comes_in_the_answer_to_the_edit(page, app_url):
    """An edit's films travel in the player's own answer: the new picture shows with no film
    file fetched from the server (one round trip fewer than a page's films)."""
    open_lesson(page, f"{app_url}/game-trees")
    edit_mode(page)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/media/" in r.url else None)
    before = page_film_ids(page)
    set_leaf(page, "I, value 3", 12)
    tree = tree_edits.edited(NOTES_AB, {"do": "value", "node": [0, 0, 1], "value": 12})
    assert films_become(page, before) == [sv.film(sv.alphabeta, tree).digest]
    wait_for_status(page, "Changed")
    assert fetched == []


def messages_received(page) -> list[str]:
    """What the app sends the page from now on, one entry per websocket message: its kind
    ("new_session", "script_finished", ...), a delta's own kind ("delta.new_transient",
    "delta.new_element", ...). Call before the page opens."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    kinds: list[str] = []

    def received(payload: bytes | str) -> None:
        message = ForwardMsg()
        message.ParseFromString(payload if isinstance(payload, bytes) else payload.encode())
        kind = message.WhichOneof("type")
        kinds.append(f"delta.{message.delta.WhichOneof('type')}" if kind == "delta" else kind)

    page.on("websocket", lambda ws: ws.on("framereceived", received))
    return kinds


@pytest.mark.parametrize("path", ["informed-search", "bidirectional-search"])
def test_an_edit_s_run_sends_no_spinner_and_the_link_in_one_message(page, app_url, path):
    """While an edit's films are made, the player says "Making the new replay…"; the page's
    own spinners stay quiet: Streamlit's would each start a thread and send a message that
    the page handles (renders again) before the new films, even for a search found in the
    cache. The link's new parameters go in one message, not one each."""
    received = messages_received(page)
    open_lesson(page, f"{app_url}/{path}")
    edit_mode(page)
    before = page_film_ids(page)
    received.clear()
    if path == "informed-search":
        page.get_by_role("button", name="tile 7, next to the blank: Slide 7 into the blank").click()
    else:
        page.get_by_role("button", name="cell (8, 7): change it").nth(1).click(force=True)
        page.get_by_role("button", name="Make (8, 7) the start").click()  # a new problem
    films_become(page, before)
    for _ in range(200):  # the frames' events reach this test while Playwright waits
        if "script_finished" in received:
            break
        page.wait_for_timeout(50)
    the_edit_s_run = received[: received.index("script_finished") + 1]
    assert "delta.new_element" in the_edit_s_run  # the player, with the new films
    assert "delta.new_transient" not in the_edit_s_run
    assert the_edit_s_run.count("page_info_changed") == 1


def hold_messages_after(page, letting: int) -> Callable[[], None]:
    """From now on, the page's websocket messages to the app after the next ``letting`` are
    held back; the function returned sends them on (and holds no more). Call before the
    page opens."""
    state: dict = {"letting": None, "held": [], "server": None}

    def route(ws) -> None:
        server = state["server"] = ws.connect_to_server()

        def up(message) -> None:
            if state["letting"] is None:
                server.send(message)
            elif state["letting"] > 0:
                state["letting"] -= 1
                server.send(message)
            else:
                state["held"].append(message)

        ws.on_message(up)

    page.route_web_socket(re.compile(r"/_stcore/stream"), route)

    def start() -> Callable[[], None]:
        state["letting"] = letting

        def release() -> None:
            state["letting"] = None
            for message in state["held"]:
                state["server"].send(message)

        return release

    return start


def test_share_just_after_an_edit_links_the_edited_problem(page, app_url):
    """Share opened the moment an edit's picture shows (before the rest of the page has run
    with the edit, which writes the link) waits for that run, then gives the edited tree's
    link. The run is held back here: the edit's message goes, the next one (the player's
    call for the page to catch up) waits until Share is open."""
    holding = hold_messages_after(page, letting=1)
    open_lesson(page, f"{app_url}/game-trees")
    edit_mode(page)
    release = holding()
    before = page_film_ids(page)
    set_leaf(page, "I, value 3", 13)
    films_become(page, before)
    page.locator(".svp-share").click()
    link = page.locator(".svp-link")
    assert link.input_value() == ""  # not the link of the tree before
    assert page.locator(".svp-copy").is_disabled()
    said = page.locator(".svp-share-text")
    assert said.get_attribute("aria-live") == "polite"  # a screen reader hears the link come
    assert said.inner_text() == "Updating the link to the edit…"
    release()
    page.wait_for_function("(el) => el.value !== ''", arg=link.element_handle(), timeout=30_000)
    assert said.inner_text().startswith("This link reopens step 0 with this problem")
    shared = urllib.parse.parse_qs(urllib.parse.urlsplit(link.input_value()).query)
    tree = tree_edits.edited(NOTES_AB, {"do": "value", "node": [0, 0, 1], "value": 13})
    assert shared["tree"] == ["Type your own"]
    assert shared["text"] == [tree.text()]
    assert page.locator(".svp-copy").is_enabled()


def test_the_page_around_the_player_catches_up_with_its_edits(page, app_url):
    """An edit reruns the player alone, then the rest of the page: the sidebar shows the
    edited tree, and a choice made there afterwards keeps it, even for two edits in a row
    (the second made before the page had caught up with the first)."""
    open_lesson(page, f"{app_url}/game-trees")
    first = page_film_ids(page)
    edit_mode(page)
    tree = NOTES_AB
    for leaf, value, node in (("I, value 3", 10, [0, 0, 1]), ("J, value 5", 11, [0, 1, 0])):
        before = page_film_ids(page)
        set_leaf(page, leaf, value)
        films_become(page, before)
        tree = tree_edits.edited(tree, {"do": "value", "node": node, "value": value})
    assert page_film_ids(page) == [sv.film(sv.alphabeta, tree).digest]
    sidebar = page.get_by_test_id("stSidebar")
    text = sidebar.get_by_role("textbox", name="Your tree")
    page.wait_for_function(
        "([el, want]) => el.value === want", arg=[text.element_handle(), tree.text()]
    )
    # a choice made in the sidebar now: the search changes, the edited tree stays
    before = page_film_ids(page)
    sidebar.get_by_text("Minimax", exact=True).click()
    assert films_become(page, before) == [sv.film(sv.minimax, tree).digest]
    assert text.input_value() == tree.text()
    assert first != page_film_ids(page)


def test_a_sidebar_choice_made_before_the_page_caught_up_keeps_the_edit(page, app_url):
    """A choice made in the sidebar at once after an edit, while only the player has run:
    the browser still sends the sidebar's old tree with it, and the edit must stay."""
    open_lesson(page, f"{app_url}/game-trees")
    first = page_film_ids(page)
    edit_mode(page)
    page.get_by_role("button", name="leaf I, value 3: change it").click(force=True)
    field = page.get_by_role("textbox", name="Set the value: a number")
    field.fill("10")
    sidebar = page.get_by_test_id("stSidebar")
    minimax = sidebar.get_by_text("Minimax", exact=True)
    field.press("Enter")
    minimax.click()  # before the new picture is painted, let alone the page caught up
    tree = tree_edits.edited(NOTES_AB, {"do": "value", "node": [0, 0, 1], "value": 10})
    want = [sv.film(sv.minimax, tree).digest]
    end = time.monotonic() + 60
    while page_film_ids(page) != want:
        assert time.monotonic() < end, f"the films are {page_film_ids(page)}, not {want}"
        time.sleep(0.05)
    text = sidebar.get_by_role("textbox", name="Your tree")
    page.wait_for_function(
        "([el, want]) => el.value === want", arg=[text.element_handle(), tree.text()]
    )
    assert first != want


def test_a_tile_slid_in_the_8_puzzle_sets_the_start(page, browser, app_url):
    open_lesson(page, f"{app_url}/informed-search")
    first = page_film_ids(page)
    assert first == [LESSON_FILMS["informed-search"]().digest]
    edit_mode(page)
    # a click on the tile's square beside its digit slides it, as a click on the digit does
    six = page.get_by_role("button", name="tile 6, next to the blank: Slide 6 into the blank")
    box = six.bounding_box()
    page.mouse.click(box["x"] - 0.6 * box["width"], box["y"] + box["height"] / 2)
    slid = films_become(page, first)
    puzzle = puzzle_edits.edited(sv.EightPuzzle(NOTES_START), {"do": "slide", "tile": 6})
    assert slid == [sv.film(sv.astar, puzzle, heuristic="misplaced").digest]
    link_holds(page, "start_board=283104765")
    # a tile away from the blank: refused, with the tiles that can slide
    page.get_by_role("button", name="tile 2, not next to the blank: Slide 2 into the blank").click()
    message = wait_for_status(page, "not next to the blank")
    assert message == "Tile 2 is not next to the blank: only 1, 4, 6 and 8 can slide into it."
    assert page_film_ids(page) == slid
    assert reopened(browser, page.url) == slid
    page.get_by_role("button", name="Undo").click()
    assert films_become(page, slid) == first


def test_a_tile_slid_in_compare_mode_sets_both_searches_start(page, browser, app_url):
    """Greedy and A* side by side: a tile slid on A*'s board (the right picture) makes both
    films the new start's, and the link holds it."""
    open_lesson(page, f"{app_url}/informed-search?both=true")
    notes = sv.EightPuzzle(NOTES_START)
    first = page_film_ids(page)
    assert first == [compared(search, notes).digest for search in (sv.greedy, sv.astar)]
    edit_mode(page)
    page.get_by_role("button", name="tile 6, next to the blank: Slide 6 into the blank").nth(
        1
    ).click()
    slid = films_become(page, first)
    puzzle = puzzle_edits.edited(notes, {"do": "slide", "tile": 6})
    assert slid == [compared(search, puzzle).digest for search in (sv.greedy, sv.astar)]
    link_holds(page, "start_board=283104765")
    assert reopened(browser, page.url) == slid


def compared(search, puzzle: sv.EightPuzzle):
    """``search``'s film on ``puzzle`` as half of informed search's compare mode."""
    return informed_film(search, puzzle, heuristic="misplaced", size="half")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_picture_stays_where_it_is_while_the_new_replay_is_made(page, app_url, width, height):
    """The status ("Making the new replay…", then "Changed: …") takes the hint's place, which
    keeps two lines (a phone's five) however short the hint, and Undo its place while it has
    nothing to take back: the first edit never moves the picture, on a desktop or on a phone
    (where "Changed: …" takes two lines)."""
    page.set_viewport_size({"width": width, "height": height})
    open_lesson(page, f"{app_url}/informed-search")
    edit_mode(page)
    first = page_film_ids(page)
    page.evaluate(
        """([stage, box]) => {
             // from the edit box's top: a click that scrolls the page to the tile moves both
             window.__tops = [];
             const watch = () => {
               const top = stage.getBoundingClientRect().top - box.getBoundingClientRect().top;
               window.__tops.push(top);
               if (window.__tops.length < 2000) requestAnimationFrame(watch);
             };
             watch();
           }""",
        [page.locator(".svp-stage").element_handle(), page.locator(".svp-edit").element_handle()],
    )
    page.get_by_role("button", name="tile 6, next to the blank: Slide 6 into the blank").click()
    films_become(page, first)
    wait_for_status(page, "Changed")
    page.wait_for_timeout(300)
    tops = page.evaluate("() => window.__tops")
    assert len(tops) > 5
    assert max(tops) - min(tops) < 0.5, sorted({round(top, 1) for top in tops})


def focused_look(page) -> dict[str, str]:
    """What has the keyboard (inside the player too): its name, outline and filter."""
    return page.evaluate(
        """() => {
             let active = document.activeElement;
             while (active && active.shadowRoot && active.shadowRoot.activeElement) {
               active = active.shadowRoot.activeElement;
             }
             const style = getComputedStyle(active);
             return { name: active.getAttribute("aria-label") || "",
                      outline: style.outlineStyle, filter: style.filter };
           }"""
    )


def test_a_part_clicked_is_not_ringed_and_one_reached_by_the_keyboard_is_tinted(page, app_url):
    """Chromium rings any focused part of an SVG, even one a mouse clicked: after a slide made
    with the mouse, the tile the focus stays on shows no ring; one reached with the keyboard
    has the edit's tint (and no ring)."""
    open_lesson(page, f"{app_url}/informed-search")
    first = page_film_ids(page)
    edit_mode(page)
    page.get_by_role("button", name="tile 6, next to the blank: Slide 6 into the blank").click()
    films_become(page, first)
    clicked = focused_look(page)
    assert clicked["name"].startswith("tile ")
    assert clicked["outline"] == "none"
    assert "drop-shadow" not in clicked["filter"]
    page.keyboard.press("Shift+Tab")
    reached = focused_look(page)
    assert reached["name"].startswith("tile ")
    assert reached["name"] != clicked["name"]
    assert reached["outline"] == "none"
    assert "drop-shadow" in reached["filter"]


def panel_room(page) -> dict[str, str]:
    """The room each of the player's panels holds (its min-height), by the panel's class."""
    return {
        name: page.locator(f".svp-{name}").first.evaluate("(box) => box.style.minHeight")
        for name in ("note", "counters", "tables")
    }


def test_an_edit_keeps_the_panels_room_until_edit_mode_ends(page, app_url):
    """While editing, the new problem's panels keep the room of the films before them (no
    hidden copies measured before its picture shows); leaving edit mode gives them their own
    room, as the link opens them. The notes' 8-puzzle reserves more room for its frontier
    table than the puzzle with tile 6 slid needs."""
    open_lesson(page, f"{app_url}/informed-search")
    before = panel_room(page)
    first = page_film_ids(page)
    edit_mode(page)
    page.get_by_role("button", name="tile 6, next to the blank: Slide 6 into the blank").click()
    slid = films_become(page, first)
    assert panel_room(page) == before
    page.get_by_role("button", name="Edit the problem").click()  # edit mode off
    own = panel_room(page)
    assert own != before  # the test's case: the rooms differ
    fresh = page.context.new_page()
    open_lesson(fresh, link_holds(page, "start_board=283104765", "instance="))
    assert page_film_ids(fresh) == slid
    assert panel_room(fresh) == own


def test_a_queen_moved_on_the_board_sets_the_start_board(page, browser, app_url):
    open_lesson(page, f"{app_url}/local-search?algorithm=Hill+climbing")  # short films
    first = page_film_ids(page)
    problem = sv.NQueens(8, seed=0)
    assert first == [film_of(problem, "hill_climbing", CLIMBING, numbers=True).digest]
    edit_mode(page)
    row = problem.state[2]
    page.get_by_role("button", name=re.compile(r"^column 2, row 5 ")).click()
    moved = films_become(page, first)
    board = queen_edits.edited(problem, {"do": "move", "column": 2, "row": 5})
    assert moved == [film_of(board, "hill_climbing", CLIMBING, numbers=True).digest]
    link_holds(page, "rows=")
    # the queen's own square: nothing to move, and the page says what to do
    page.get_by_role("button", name=re.compile(r"^column 2, row 5 \(its queen's square\)")).click()
    message = wait_for_status(page, "already stands")
    assert message.startswith("Column 2's queen already stands on row 5: click another square")
    assert page_film_ids(page) == moved
    assert reopened(browser, page.url) == moved
    page.get_by_role("button", name="Undo").click()
    assert films_become(page, moved) == first
    assert row != 5


def test_a_queen_moved_into_a_long_walk_shows_its_opening_then_its_rest(page, app_url):
    """The page's annealing from the default board, column 0's queen moved to row 2: 3,715
    steps, sent as their opening; out of edit mode, the last step brings the rest."""
    open_lesson(page, f"{app_url}/local-search")
    first = page_film_ids(page)
    opening, whole = long_films()
    edit_mode(page)
    page.get_by_role("button", name=re.compile(r"^column 0, row 2 ")).click()
    assert films_become(page, first) == [opening.digest]
    wait_for_status(page, "Changed")
    page.get_by_role("button", name="Edit the problem").click()  # edit mode off: step on
    page.locator(".svp-last").click()
    page.locator(".svp-count").filter(has_text=re.compile("^Step 3714 of 3714$")).wait_for(
        timeout=60_000
    )
    assert page_film_ids(page) == [whole.digest]
    link_holds(page, "rows=2+6+0+4+7+6+4+7")
    assert page.console_errors == []


def test_a_node_made_the_goal_in_the_graph(page, browser, app_url):
    open_lesson(page, f"{app_url}/uninformed-search")
    first = page_film_ids(page)
    assert first == [LESSON_FILMS["uninformed-search"]().digest]
    edit_mode(page)
    page.get_by_role("button", name="node K: change it").click(force=True)
    page.get_by_role("button", name="Make K the goal").click()
    changed = films_become(page, first)
    problem = sv.GraphProblem(notes_tree(), "A", "K")
    assert changed == [sv.film(sv.iddfs, problem, max_depth=20).digest]
    link_holds(page, "goal=K")
    # the start again: refused, and the page says what to do
    page.get_by_role("button", name="node A (the start): change it").click(force=True)
    page.get_by_role("button", name="Make A the start").click()
    message = wait_for_status(page, "already")
    assert message == "A is the start already: click another node to make it the start."
    assert page_film_ids(page) == changed
    assert reopened(browser, page.url) == changed
    page.get_by_role("button", name="Undo").click()
    assert films_become(page, changed) == first


# ------------------------------------------------------------------ mazes
def maze_wall_that_cuts_off(problem: sv.GraphProblem) -> tuple[int, int]:
    """The first free cell (reading order) where a wall would cut the goal off: refused."""
    for cell in problem.graph.nodes:
        if cell in (problem.initial, problem.goal):
            continue
        try:
            maze_edits.edited(problem, {"do": "wall", "cell": list(cell)})
        except ValueError:
            return cell
    raise AssertionError("no wall cuts this maze's goal off")


def test_a_wall_put_up_in_a_maze_and_one_taken_away_from_the_keyboard(page, browser, app_url):
    open_lesson(page, f"{app_url}/uninformed-search?problem=Grid+maze&algorithm=BFS")
    maze = build_case(MAZE, (7, 0.25, 1)).problem
    first = page_film_ids(page)
    assert first == [sv.film(sv.bfs, maze).digest]
    edit_mode(page)
    # a free cell: the form offers a wall, the start, the goal
    page.get_by_role("button", name="cell (3, 3): change it").click(force=True)
    page.get_by_role("button", name="Put a wall here").click()
    walled = films_become(page, first)
    maze = maze_edits.edited(maze, {"do": "wall", "cell": [3, 3]})
    assert walled == [sv.film(sv.bfs, maze).digest]
    link_holds(page, "problem=Your+maze", "maze=")
    # a wall that would cut the goal off: refused, the maze kept
    cell = label(maze_wall_that_cuts_off(maze))
    page.get_by_role("button", name=f"cell {cell}: change it").click(force=True)
    page.get_by_role("button", name="Put a wall here").click()
    message = wait_for_status(page, "cannot be reached")
    assert message.startswith(f"With a wall on {cell} the goal (6, 6) cannot be reached")
    assert page_film_ids(page) == walled
    assert reopened(browser, page.url) == walled  # Share's link holds the edited maze
    # from the keyboard: a wall's one change happens at Enter
    page.get_by_role("button", name="cell (1, 0), a wall: Take away the wall on (1, 0)").focus()
    page.keyboard.press("Enter")
    opened = films_become(page, walled)
    maze = maze_edits.edited(maze, {"do": "open", "cell": [1, 0]})
    assert opened == [sv.film(sv.bfs, maze).digest]
    assert focused_label(page) == "cell (1, 0): change it"  # the keyboard stays on the cell


def test_a_maze_edited_in_compare_mode_changes_both_films(page, browser, app_url):
    open_lesson(page, f"{app_url}/bidirectional-search")
    maze = build_case(MAZE, (16, 0.25, 1)).problem
    first = page_film_ids(page)
    assert first == [film.digest for film in cached_films(MAZE, (16, 0.25, 1), "layer")]
    edit_mode(page)
    # the goal moved, in plain BFS's picture (the right one): both films change
    page.get_by_role("button", name="cell (8, 7): change it").nth(1).click(force=True)
    page.get_by_role("button", name="Make (8, 7) the goal").click()
    moved = films_become(page, first)
    maze = maze_edits.edited(maze, {"do": "goal", "cell": [8, 7]})
    text = maze_widgets(maze)["maze"]
    assert moved == [film.digest for film in cached_films(OWN_MAZE, (text,), "layer")]
    assert len(moved) == 2
    # what the move changed where each search ends, each film's after its name
    said = status(page)
    before = cached_films(MAZE, (16, 0.25, 1), "layer")
    after = cached_films(OWN_MAZE, (text,), "layer")
    names = ("Bidirectional BFS", "Plain BFS")
    for name, old, new in zip(names, before, after, strict=True):
        was = dict(old.meta["outcome"])
        changes = [f"{n} {was[n]} → {v}" for n, v in new.meta["outcome"] if was[n] != v]
        assert changes
        assert f"{name}: {', '.join(changes)}" in said
    link_holds(page, "problem=Your+maze")
    # a wall that would cut the goal off: refused, the maze kept
    cell = label(maze_wall_that_cuts_off(maze))
    page.get_by_role("button", name=f"cell {cell}: change it").first.click(force=True)
    page.get_by_role("button", name="Put a wall here").click()
    message = wait_for_status(page, "cannot be reached")
    assert message.startswith(f"With a wall on {cell} the goal (8, 7) cannot be reached")
    assert page_film_ids(page) == moved
    assert reopened(browser, page.url) == moved


def test_a_graphs_goal_chosen_in_compare_mode_changes_both_films(page, browser, app_url):
    open_lesson(page, f"{app_url}/bidirectional-search?problem=The+notes%27+tree")
    first = page_film_ids(page)
    assert first == [film.digest for film in cached_films(NOTES_TREE, ("O", "S", False), "layer")]
    edit_mode(page)
    # K made the goal in plain BFS's picture (the right one): both films change
    page.get_by_role("button", name="node K: change it").nth(1).click(force=True)
    page.get_by_role("button", name="Make K the goal").click()
    moved = films_become(page, first)
    assert moved == [film.digest for film in cached_films(NOTES_TREE, ("O", "K", False), "layer")]
    link_holds(page, "goal=K")
    # the start cannot be made the goal too: refused with why, the films kept
    page.get_by_role("button", name="node O (the start): change it").first.click(force=True)
    page.get_by_role("button", name="Make O the goal").click()
    assert wait_for_status(page, "cannot be the goal too").startswith("O is the start")
    assert page_film_ids(page) == moved
    assert reopened(browser, page.url) == moved  # Share's link holds the new goal


def centre(page, name: str) -> tuple[float, float]:
    """Where on the screen the picture's part named ``name`` (its accessible name) is."""
    box = page.get_by_role("button", name=name).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page, names: list[str], held: Callable | None = None) -> None:
    """Press the mouse on the first part, move across the others in turn, let go on the last
    (``held(page)`` first, if given: while the button is still down)."""
    page.mouse.move(*centre(page, names[0]))
    page.mouse.down()
    for name in names[1:]:
        page.mouse.move(*centre(page, name), steps=4)
    if held is not None:
        held(page)
    page.mouse.up()


#: The tint of the cells a sweep of the mouse will change (player.css, ``.svp-swept``).
SWEPT_FILL = "rgb(213, 94, 0)"


def fills(page, names: list[str]) -> list[str]:
    """The fill the page paints each named part of the picture with now."""
    return [
        page.get_by_role("button", name=name).evaluate("(node) => getComputedStyle(node).fill")
        for name in names
    ]


def wall_run(maze: sv.GraphProblem, length: int) -> list[tuple[int, int]]:
    """``length`` free cells side by side in a row, neither the start nor the goal, that can
    all be walls with the goal still reached."""
    ends = (maze.initial, maze.goal)
    for r, c in sorted(maze.graph.nodes):
        run = [(r, c + i) for i in range(length)]
        if all(cell in maze.graph and cell not in ends for cell in run):
            with contextlib.suppress(ValueError):
                apply_change(maze_edits.edited, maze, {"all": [wall(cell) for cell in run]})
                return run
    raise AssertionError("no run of free cells can all be walls in this maze")


def wall(cell: tuple[int, int]) -> dict:
    return {"do": "wall", "cell": list(cell)}


def test_walls_drawn_and_the_goal_dragged_with_the_mouse(page, app_url):
    open_lesson(page, f"{app_url}/uninformed-search?problem=Grid+maze&algorithm=BFS")
    maze = build_case(MAZE, (7, 0.25, 1)).problem
    first = page_film_ids(page)
    edit_mode(page)
    # a sweep across three free cells: one change, three walls, each tinted while the mouse
    # is down (the cell under the pointer too, which a hover tints otherwise)
    run = wall_run(maze, 3)
    cells = [f"cell {label(cell)}: change it" for cell in run]
    tinted = []
    mouse_drag(page, cells, held=lambda page: tinted.extend(fills(page, cells)))
    assert tinted == [SWEPT_FILL] * 3
    walled = films_become(page, first)
    maze = apply_change(maze_edits.edited, maze, {"all": [wall(cell) for cell in run]})
    assert walled == [sv.film(sv.bfs, maze).digest]
    assert status(page).startswith(f"Changed: Put a wall here: cell {label(run[0])}")
    assert page.locator(".svp-edit-form").is_hidden()  # no form: a drag is not a click
    # the goal dragged onto a free cell
    free = next(
        c for c in sorted(maze.graph.nodes, reverse=True) if c not in (maze.initial, (6, 6))
    )
    goal = "cell (6, 6), the goal: Swap the start and the goal"
    mouse_drag(page, [goal, f"cell {label(free)}: change it"])
    moved = films_become(page, walled)
    maze = maze_edits.edited(maze, {"do": "goal", "cell": list(free)})
    assert moved == [sv.film(sv.bfs, maze).digest]
    link_holds(page, "problem=Your+maze")
    # the start dropped on the goal: refused with why, the maze kept
    start = f"cell {label(maze.initial)}, the start: Swap the start and the goal"
    goal = f"cell {label(maze.goal)}, the goal: Swap the start and the goal"
    mouse_drag(page, [start, goal])
    assert wait_for_status(page, "cannot be moved onto").startswith(
        f"Cell {label(maze.initial)}, the start cannot be moved onto cell {label(maze.goal)}"
    )
    assert page_film_ids(page) == moved
