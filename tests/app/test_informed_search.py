"""The Informed search page, driven through AppTest: the notes' answers on the page, bad input.

AppTest runs no JavaScript: it sees the player's data (the films' fingerprints
and titles). A fingerprint equal to that of a film built here means the page
shows exactly that film, whose steps the film tests read.
"""

import json

import pytest
from streamlit.testing.v1 import AppTest

import search_viz as sv
from search_viz.algorithms.measures import effective_branching, tree_size
from search_viz.lessons.informed.drawing import film_of
from search_viz.lessons.informed.inputs import SCRAMBLED, new_problem
from search_viz.lessons.informed.page import (
    COMPARING,
    COMPARISON,
    COMPARISON_TABS,
    SOLUTION,
    SOLUTION_OPEN,
    SOLUTION_TABS,
    TIES_ALONE,
    cached_opening,
    cached_recording,
    cached_trace,
    comparison,
    finishing_text,
    searched_to_its_end,
)
from search_viz.problems.eight_puzzle import (
    HARDEST_STARTS,
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    scramble,
)
from search_viz.ui import background
from tests.app import pages

PAGE = "app_pages/informed_search.py"
DETOUR = (7, 1, 2, 4, 8, 3, 6, 0, 5)
TYPED = "typed: your own start and goal"


def open_page(query: dict | None = None) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=180)
    assert not at.exception, [e.value for e in at.exception]
    return at


def player(at: AppTest) -> dict:
    """The data the page gave the replay's player."""
    [element] = [e for e in at.main if getattr(e, "key", None) == "informed"]
    return json.loads(element.proto.json)


def shown_film(at: AppTest, search=sv.astar, start=NOTES_START, goal=NOTES_GOAL, **options):
    """The film the page shows, checked to be the one these options make."""
    options = {"heuristic": "misplaced", "tie": "fifo", **options}
    film = film_of(search, sv.EightPuzzle(start, goal), **options)
    assert [spec["id"] for spec in player(at)["films"]] == [film.digest]
    return film


def compare_table(at: AppTest) -> dict[str, dict]:
    frame = at.dataframe[0].value
    return {row["search"]: row for row in frame.to_dict("records")}


def test_the_notes_instance_starts_at_h_4_and_a_star_solves_it_in_5_moves():
    at = open_page()
    assert at.selectbox(key="instance").value == "the notes' (5 moves)"
    assert at.segmented_control(key="algorithm").value == "A*"
    assert at.segmented_control(key="heuristic").value == "misplaced"
    film = shown_film(at)
    assert "g = 0, h = 4, so f = g + h = 0 + 4 = 4 (h counts the misplaced tiles)" in (
        film.state(0).sentence
    )
    assert film.state(-1).sentence == "Found a solution of 5 moves after expanding 7 nodes."
    assert solution_title(at) == "The solution A* found: 5 moves"
    rows = compare_table(at)
    assert {rows[name]["d (path length)"] for name in rows} == {5}
    assert rows["A*, misplaced"]["nodes expanded"] == 7
    assert rows["BFS"]["nodes expanded"] == 35


def test_every_b_star_is_what_its_definition_gives_from_the_numbers_beside_it():
    at = open_page({"instance": "greedy's detour: 712/483/6_5"})
    caption = " ".join(c.value for c in at.caption)
    assert "N = b* + b*² + … + b*^d" in caption
    for row in compare_table(at).values():
        n, d, b = row["N (generated, start not counted)"], row["d (path length)"], row["b*"]
        assert b == f"{effective_branching(n, d):.2f}"
        # the printed b* (2 decimals) gives back N to within its rounding
        low, high = float(b) - 0.005, float(b) + 0.005
        assert tree_size(low, d) <= n <= tree_size(high, d)


@pytest.mark.parametrize("heuristic", ["manhattan", "linear conflict"])
def test_a_star_with_the_other_heuristics_also_takes_5_moves(heuristic):
    at = open_page({"heuristic": heuristic})
    film = shown_film(at, heuristic=heuristic)
    assert film.state(-1).sentence.startswith("Found a solution of 5 moves")


def test_greedy_on_the_notes_instance_and_the_callout_with_a_longer_greedy_path():
    at = open_page({"algorithm": "greedy"})
    info = " ".join(i.value for i in at.info)
    assert "is greedy best-first search" in info
    assert "greedy's solution has **15 moves**, A*'s **11**" in info
    film = shown_film(at, sv.greedy)
    assert "so f = h = 4 (greedy ignores the cost so far, g = 0; h counts" in film.state(0).sentence
    assert film.state(-1).sentence.startswith("Found a solution of 5 moves")


def test_the_detour_shows_greedy_longer_than_a_star_in_the_comparison():
    at = open_page({"instance": "greedy's detour: 712/483/6_5"})
    rows = compare_table(at)
    assert rows["A*, misplaced"]["d (path length)"] == 11
    assert rows["greedy, misplaced"]["d (path length)"] == 15
    assert all(b.key != "open_detour" for b in at.button)
    shown_film(at, start=DETOUR)


def test_the_frontier_table_follows_the_tie_rule():
    at = open_page({"tie": "deeper first"})
    film = shown_film(at, tie="deeper")
    table = film.state(9).panel["h"]["frontier"]
    assert "by f = g + h, then larger g, then first in, first out" in table


def test_compare_mode_is_one_player_with_greedys_film_and_a_stars():
    at = open_page({"both": "true", "heuristic": "manhattan"})
    data = player(at)
    assert data["titles"] == ["Greedy best-first: f = h", "A*: f = g + h"]
    wanted = [
        film_of(search, sv.EightPuzzle(NOTES_START), heuristic="manhattan", size="half")
        for search in (sv.greedy, sv.astar)
    ]
    assert [spec["id"] for spec in data["films"]] == [film.digest for film in wanted]


def test_an_unsolvable_typed_start_explains_the_parity_and_keeps_the_text():
    at = open_page({"instance": TYPED})
    at.text_input(key="start_board").input("823164705").run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1
    assert errors[0].startswith("This start cannot reach this goal")
    assert "inversion" in errors[0]
    assert "Swap two tiles" in errors[0]
    assert at.text_input(key="start_board").value == "823164705"
    assert not [e for e in at.main if getattr(e, "key", None) == "informed"]


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("12345", "The start has 5 tiles; a board has 9"),
        ("2831647x5", "The start has 'x', which is not a tile"),
        ("283164775", "7 appears more than once and the blank is missing"),
        ("", "Type the start"),
    ],
)
def test_malformed_input_gets_a_message_and_stays_in_the_field(typed, says):
    at = open_page({"instance": TYPED})
    at.text_input(key="start_board").input(typed).run()
    assert not at.exception
    assert says in at.error[0].value
    assert at.text_input(key="start_board").value == typed


def test_a_typed_puzzle_is_solved():
    at = open_page({"instance": TYPED})
    at.text_input(key="start_board").input("2 8 3 / 1 0 4 / 7 6 5").run()
    assert not at.error
    film = shown_film(at, start=(2, 8, 3, 1, 0, 4, 7, 6, 5))
    assert film.state(-1).sentence.startswith("Found a solution of 4 moves")
    assert solution_title(at) == "The solution A* found: 4 moves"


def test_a_scrambled_instance_by_depth_and_seed():
    scrambled = "scrambled: random moves from a goal"
    at = open_page({"instance": scrambled, "scramble": "8", "seed": "3"})
    assert at.slider(key="scramble").value == 8
    assert "8 random moves from the goal (seed 3)" in " ".join(c.value for c in at.caption)
    assert solution_title(at).startswith("The solution A* found:")


def test_a_long_search_is_replayed_in_part_and_says_so():
    """The 31-move puzzle: its opening shows at once, and the page's run ends without waiting
    for the search to end or for the comparison (notes say they are coming: they are made in
    the background); the next run shows them."""
    key = (HARDEST_STARTS[0], ORDERED_GOAL, "A*", "misplaced", "fifo")
    # This process may have searched it already (a search run to its end stays so in its
    # recording): the page searches anew.
    cached_recording.clear()
    cached_trace.clear()
    background._MADE.clear()
    at = open_page({"instance": "31 moves: 867/254/3_1", "heuristic": "misplaced"})
    shown = player(at)["films"][0]  # the opening first: the first 100 of 60,000 steps
    opening = cached_opening(*key, "wide")
    assert shown["id"] == opening.digest
    assert shown["chunks"] == []  # the other 59,900 steps are sent when asked for
    assert (len(opening), opening.whole) == (100, 60_000)
    notes = [note.value for note in at.info]
    assert finishing_text("A*") in notes
    assert COMPARING in notes
    assert not at.warning
    assert not at.dataframe
    searched_to_its_end(key, background=True).result(timeout=600)
    comparison(*key[:2], "fifo", background=True).result(timeout=600)
    at.run()
    notes = [note.value for note in at.info]
    assert finishing_text("A*") not in notes
    assert COMPARING not in notes
    warning = at.warning[0].value
    assert "first 60,000 steps" in warning
    assert "expanded 143,840 nodes and found a solution of 31 moves" in warning
    assert "Manhattan" in warning  # what to change
    rows = compare_table(at)
    assert rows["A*, manhattan"]["d (path length)"] == 31
    assert rows["greedy, manhattan"]["d (path length)"] == 47
    assert len(at.dataframe) == 1  # the tie rule's table waits, closed
    at.session_state[TIES_ALONE] = True  # what a click on its expander does
    at.run()
    ties = at.dataframe[1].value.to_dict("records")
    manhattan = next(row for row in ties if row["heuristic"] == "manhattan")
    assert (manhattan["first in, first out"], manhattan["deeper first"]) == (20_291, 6_745)
    assert player(at)["films"][0]["id"] == opening.digest
    assert HARDEST_STARTS[0] != ORDERED_GOAL


def test_a_start_that_is_already_the_goal():
    at = open_page({"instance": TYPED})
    at.text_input(key="start_board").input("123804765").run()
    assert not at.exception
    assert not at.error
    film = shown_film(at, start=NOTES_GOAL)
    assert film.state(-1).sentence == "Found a solution of 0 moves after expanding 1 node."
    assert any("The start is the goal" in i.value for i in at.info)
    assert compare_table(at)["A*, manhattan"]["b*"] == "–"


def test_every_search_option_runs_on_the_detour():
    at = open_page({"instance": "greedy's detour: 712/483/6_5"})
    for tie, code in [("first in, first out", "fifo"), ("deeper first", "deeper")]:
        at.radio(key="tie").set_value(tie).run()
        for algorithm, search in [("A*", sv.astar), ("greedy", sv.greedy)]:
            at.segmented_control(key="algorithm").set_value(algorithm).run()
            for heuristic in ["misplaced", "manhattan", "linear conflict"]:
                at.segmented_control(key="heuristic").set_value(heuristic).run()
                options = (tie, algorithm, heuristic)
                assert not at.exception, (options, [e.value for e in at.exception])
                assert not at.error, options
                film = shown_film(at, search, DETOUR, heuristic=heuristic, tie=code)
                assert film.state(-1).sentence.startswith("Found a solution of"), options


# --------------------------------------------------- what is computed only when open
NOTES_STRIP_ALT = (
    "The solution board by board, from 2 8 3, 1 6 4, 7 blank 5 to 1 2 3, 8 blank 4, 7 6 5: "
    "5 moves: tile 6 down, tile 8 down, tile 2 right, tile 1 up, tile 8 left."
)


def tab_contents(at: AppTest, labels: list[str]) -> dict[str, list[str]]:
    """The tabs named ``labels``: label -> the kinds of element each holds."""
    tabs = [tab for tab in at.tabs if tab.label in labels]
    assert [tab.label for tab in tabs] == labels
    return {tab.label: [getattr(e, "type", "") for e in tab.children.values()] for tab in tabs}


def solution_tabs(at: AppTest) -> dict[str, list[str]]:
    return tab_contents(at, SOLUTION_TABS)


def solution_title(at: AppTest) -> str:
    """The solution's expander's title: "The solution A* found: 5 moves"."""
    return expander(at, "The solution").label.split(", move by move")[0]


def test_the_solution_is_computed_only_when_its_expander_is_opened():
    at = open_page()
    panel = expander(at, "The solution")
    assert panel.label == "The solution A* found: 5 moves, move by move or as a strip of boards"
    assert not panel.children  # neither its film nor its page made
    assert not at.get("iframe")
    at.session_state[SOLUTION_OPEN] = True  # what a click on it does
    at.run()
    assert expander(at, "The solution").children
    assert at.get("iframe")
    again = open_page({SOLUTION_OPEN: "true"})  # the link holds it open: Share reopens it
    assert expander(again, "The solution").children


def test_only_the_open_solution_tab_is_computed_and_the_link_names_it():
    at = open_page({SOLUTION_OPEN: "true"})
    assert solution_tabs(at) == {
        "Move by move": ["iframe", "download_button"],
        "Strip of boards": [],
    }
    [frame] = at.tabs[0].get("iframe")
    assert "Move 5 of 5" in str(frame.proto)  # the solution's own film, in its page
    assert SOLUTION not in at.query_params  # the default tab leaves the link clean
    at.session_state[SOLUTION] = "Strip of boards"  # what a click on the tab does
    at.run()
    assert solution_tabs(at) == {"Move by move": [], "Strip of boards": ["image"]}
    [strip] = at.tabs[1].image
    assert strip.proto.imgs[0].alt == NOTES_STRIP_ALT
    # a link names the tab: Share reopens it
    again = open_page({SOLUTION_OPEN: "true", SOLUTION: "Strip of boards"})
    assert solution_tabs(again) == {"Move by move": [], "Strip of boards": ["image"]}


def comparison_tabs(at: AppTest) -> dict[str, list[str]]:
    return tab_contents(at, COMPARISON_TABS)


def test_the_comparisons_chart_is_drawn_only_in_its_tab_and_the_link_names_it():
    at = open_page()
    assert comparison_tabs(at) == {"Table": ["dataframe", "caption"], "Chart": []}
    assert COMPARISON not in at.query_params  # the default tab leaves the link clean
    again = open_page({COMPARISON: "Chart"})  # a click on the tab, or a link naming it
    assert comparison_tabs(again) == {"Table": [], "Chart": ["image"]}
    [chart] = next(tab for tab in again.tabs if tab.label == "Chart").image
    alt = chart.proto.imgs[0].alt
    assert alt.startswith("Bar chart of the nodes each search expanded (log scale)")
    # the notes' instance: A* with Manhattan distance solves it in 5 moves
    assert "A*, manhattan 6 nodes, 5 moves" in alt  # the goal is expanded too


def expander(at: AppTest, starting: str):
    [found] = [e for e in at.expander if e.label.startswith(starting)]
    return found


def test_the_tie_rules_table_is_computed_only_when_its_expander_is_opened():
    at = open_page()
    ties = expander(at, "The tie rule alone")
    assert ties.label == "The tie rule alone: nodes A\\* expands"
    assert not ties.proto.expanded
    assert not ties.children
    assert len(at.dataframe) == 1  # the comparison, always shown
    at.session_state[TIES_ALONE] = True
    at.run()
    ties = expander(at, "The tie rule alone")
    assert ties.proto.expanded
    rows = {row["heuristic"]: row for row in ties.dataframe[0].value.to_dict("records")}
    assert (rows["misplaced"]["first in, first out"], rows["misplaced"]["deeper first"]) == (7, 6)


# ------------------------------------------------------------------- practice
def test_new_problem_turns_the_notes_into_a_scramble_then_takes_the_next_seed():
    at = open_page()
    assert player(at)["newProblem"] is True
    new_problem(at.session_state)  # what the player calls when "New problem" is clicked
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="instance").value == SCRAMBLED
    assert at.number_input(key="seed").value == 1
    shown_film(at, start=scramble(NOTES_GOAL, 12, 1))
    new_problem(at.session_state)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.number_input(key="seed").value == 2
    film = shown_film(at, start=scramble(NOTES_GOAL, 12, 2))
    assert film.asked_steps  # the new problem has its questions too
