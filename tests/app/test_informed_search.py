"""The Informed search page, driven through AppTest: the notes' answers on the page, bad input."""

import pytest
from streamlit.testing.v1 import AppTest

from tests.app import pages
from tests.app.pages import html_text

PAGE = "app_pages/informed_search.py"


def open_page(query: dict | None = None) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=90)
    assert not at.exception, [e.value for e in at.exception]
    return at


def last(at: AppTest) -> AppTest:
    return at.button(key="informed.last").click().run()


def compare_table(at: AppTest) -> dict[str, dict]:
    frame = at.dataframe[0].value
    return {row["search"]: row for row in frame.to_dict("records")}


def test_the_notes_instance_starts_at_h_4_and_a_star_solves_it_in_5_moves():
    at = open_page()
    assert at.selectbox(key="instance").value == "the notes' (5 moves)"
    assert at.segmented_control(key="algorithm").value == "A*"
    assert at.segmented_control(key="heuristic").value == "misplaced"
    text = html_text(at)
    assert "Step 0." in text
    assert "g = 0, h = 4, so f = g + h = 0 + 4 = 4 (h counts the misplaced tiles)" in text
    at = last(at)
    assert "Found a solution of 5 moves after expanding 7 nodes." in html_text(at)
    assert at.subheader[0].value == "The solution A* found: 5 moves"
    rows = compare_table(at)
    assert {rows[name]["path length"] for name in rows} == {5}
    assert rows["A*, misplaced"]["nodes expanded"] == 7
    assert rows["BFS"]["nodes expanded"] == 35


@pytest.mark.parametrize("heuristic", ["manhattan", "linear conflict"])
def test_a_star_with_the_other_heuristics_also_takes_5_moves(heuristic):
    at = open_page({"heuristic": heuristic})
    at = last(at)
    assert "Found a solution of 5 moves" in html_text(at)


def test_greedy_on_the_notes_instance_and_the_callout_with_a_longer_greedy_path():
    at = open_page({"algorithm": "greedy"})
    info = " ".join(i.value for i in at.info)
    assert "is greedy best-first search" in info
    assert "greedy's solution has **15 moves**, A*'s **11**" in info
    text = html_text(at)
    assert "so f = h = 4 (greedy ignores the cost so far, g = 0)" in text
    at = last(at)
    assert "Found a solution of 5 moves" in html_text(at)


def test_the_detour_shows_greedy_longer_than_a_star_in_the_comparison():
    at = open_page({"instance": "greedy's detour: 712/483/6_5"})
    rows = compare_table(at)
    assert rows["A*, misplaced"]["path length"] == 11
    assert rows["greedy, misplaced"]["path length"] == 15
    assert all(b.key != "open_detour" for b in at.button)


def test_the_frontier_table_is_sorted_by_f_and_names_the_tie_rule():
    at = open_page({"tie": "deeper first", "step": "9"})
    frontier = next(h.value for h in at.html if "sv-frontier" in h.value)
    assert "sorted by f = g + h, then larger g, then first in, first out" in frontier
    assert "Ties among equal f: deeper first." in [c.value for c in at.caption]


def test_an_unsolvable_typed_start_explains_the_parity_and_keeps_the_text():
    at = open_page({"instance": "typed: your own start and goal"})
    at.text_input(key="start_board").input("823164705").run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1
    assert errors[0].startswith("This start cannot reach this goal")
    assert "inversion" in errors[0]
    assert "Swap two tiles" in errors[0]
    assert at.text_input(key="start_board").value == "823164705"


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
    at = open_page({"instance": "typed: your own start and goal"})
    at.text_input(key="start_board").input(typed).run()
    assert not at.exception
    assert says in at.error[0].value
    assert at.text_input(key="start_board").value == typed


def test_a_typed_puzzle_is_solved():
    at = open_page({"instance": "typed: your own start and goal"})
    at.text_input(key="start_board").input("2 8 3 / 1 0 4 / 7 6 5").run()
    at = last(at)
    assert not at.error
    assert "Found a solution of 4 moves" in html_text(at)


def test_a_scrambled_instance_by_depth_and_seed():
    scrambled = "scrambled: random moves from a goal"
    at = open_page({"instance": scrambled, "scramble": "8", "seed": "3"})
    assert at.slider(key="scramble").value == 8
    assert "8 random moves from the goal (seed 3)" in " ".join(c.value for c in at.caption)
    at = last(at)
    assert "Found a solution of" in html_text(at)


def test_a_long_search_is_replayed_in_part_and_says_so():
    at = open_page({"instance": "31 moves: 867/254/3_1", "heuristic": "misplaced"})
    warning = at.warning[0].value
    assert "first 60,000 steps" in warning
    assert "expanded 143,840 nodes and found a solution of 31 moves" in warning
    rows = compare_table(at)
    assert rows["A*, manhattan"]["path length"] == 31
    assert rows["greedy, manhattan"]["path length"] == 47
    ties = at.dataframe[1].value.to_dict("records")
    manhattan = next(row for row in ties if row["heuristic"] == "manhattan")
    assert (manhattan["first in, first out"], manhattan["deeper first"]) == (
        20_291,
        6_745,
    )


def test_a_start_that_is_already_the_goal():
    at = open_page({"instance": "typed: your own start and goal"})
    at.text_input(key="start_board").input("123804765").run()
    at = last(at)
    assert not at.exception
    assert not at.error
    assert "Found a solution of 0 moves" in html_text(at)
    assert any("The start is the goal" in i.value for i in at.info)
    assert compare_table(at)["A*, manhattan"]["b*"] == "–"


def test_every_search_option_runs_on_the_detour():
    at = open_page({"instance": "greedy's detour: 712/483/6_5"})
    for tie in ["first in, first out", "deeper first"]:
        at.radio(key="tie").set_value(tie).run()
        for algorithm in ["A*", "greedy"]:
            at.segmented_control(key="algorithm").set_value(algorithm).run()
            for heuristic in ["misplaced", "manhattan", "linear conflict"]:
                at.segmented_control(key="heuristic").set_value(heuristic).run()
                at = last(at)
                options = (tie, algorithm, heuristic)
                assert not at.exception, (options, [e.value for e in at.exception])
                assert not at.error, options
                assert "Found a solution of" in html_text(at), options
