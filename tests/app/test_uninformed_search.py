"""The Uninformed search page, driven through AppTest: the notes' answers on the page, bad input."""

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app import pages
from tests.app.pages import html_text

PAGE = "app_pages/uninformed_search.py"

NOTES_TABLE = [
    "A",
    "A B C D",
    "A B E F C G D H",
    "A B E I F J K C G L D H M N",
]


def open_page(query: dict | None = None) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=60)
    assert not at.exception, [e.value for e in at.exception]
    return at


def last(at: AppTest) -> AppTest:
    return at.button(key="uninformed.last").click().run()


def table_rows(at: AppTest) -> list[str]:
    table = next(h.value for h in at.html if "sv-iddfs" in h.value)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", table)
    return [re.sub(r"<[^>]+>", "", cell) for cell in cells[1::2]]


def test_the_notes_iddfs_table_grows_row_by_row_and_stops_at_r():
    at = open_page()
    assert at.segmented_control(key="algorithm").value == "IDDFS"
    assert at.selectbox(key="problem").value == "The notes' tree"
    at = last(at)
    rows = table_rows(at)
    assert rows[:4] == NOTES_TABLE
    assert rows[4] == "A B E I F J K O P C G L R"
    assert "Found: A → C → G → L → R (4 steps)." in html_text(at)
    # Halfway, the table holds only the limits begun so far.
    at.slider(key="uninformed.slider").set_value(20).run()
    assert len(table_rows(at)) < 5


def test_every_algorithm_runs_on_every_problem():
    at = open_page()
    for problem in ["The notes' tree", "Grid maze", "Random graph", "Edge list", "8-puzzle"]:
        at.selectbox(key="problem").set_value(problem).run()
        for algorithm in ["BFS", "DFS", "DLS", "IDDFS", "UCS"]:
            at.segmented_control(key="algorithm").set_value(algorithm).run()
            at = last(at)
            assert not at.exception, (problem, algorithm, [e.value for e in at.exception])
            assert not at.error, (problem, algorithm)
            assert at.image, (problem, algorithm)


def test_the_8_puzzle_bounded_at_level_6_is_solved_in_5_moves():
    at = open_page({"problem": "8-puzzle", "algorithm": "DFS"})
    assert at.slider(key="bound").value == 6
    at = last(at)
    assert "(5 steps)" in html_text(at)


def test_ucs_on_the_typed_example_reports_the_cheapest_cost():
    at = open_page({"problem": "Edge list", "algorithm": "UCS"})
    at = last(at)
    text = html_text(at)
    assert "Found: S → A → C → D → G (4 steps, cost 8)." in text


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("A B\nC", "line 2: 'C' is one name"),
        ("A B x", "the cost 'x' is not a number"),
        ("", "no edges"),
    ],
)
def test_a_bad_edge_list_gets_a_message_and_keeps_the_text(typed, message):
    at = open_page({"problem": "Edge list"})
    at.text_area(key="edges").set_value(typed).run()
    assert not at.exception
    assert any(message in e.value for e in at.error)
    assert at.text_area(key="edges").value == typed


def test_start_equal_to_goal_and_an_unreachable_goal_say_so():
    at = open_page({"goal": "A"})
    assert any("The start is the goal" in i.value for i in at.info)
    at = open_page({"start": "B", "goal": "R", "algorithm": "BFS"})
    assert any("No path" in i.value for i in at.info)
    at = last(at)
    assert "cannot be reached" in html_text(at)


def test_a_link_with_a_limit_beyond_the_bound_is_refused_with_a_message():
    at = open_page({"algorithm": "IDDFS", "max_depth": "99"})
    assert at.number_input(key="max_depth").value == 10
    assert any("max_depth='99'" in w.value for w in at.warning)


def test_a_dls_too_deep_for_the_graph_is_stopped_with_a_message():
    # Every simple path of a complete graph on 9 nodes, looking for a goal it cannot reach.
    complete = "\n".join(f"n{a} n{b}" for a in range(9) for b in range(a + 1, 9))
    at = open_page({"problem": "Edge list", "algorithm": "DLS"})
    at.text_area(key="edges").set_value(complete + "\nfar away").run()
    at.selectbox(key="goal").set_value("away").run()
    at.number_input(key="limit").set_value(40).run()
    assert not at.exception
    assert any("stopped after 60,000 steps" in w.value for w in at.warning)
