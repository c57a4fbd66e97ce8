"""The Bidirectional search page, driven through AppTest."""

from streamlit.testing.v1 import AppTest

from tests.app import pages
from tests.app.pages import html_text

PAGE = "app_pages/bidirectional_search.py"


def open_page(query: dict | None = None) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=90)
    assert not at.exception, [e.value for e in at.exception]
    return at


def go_to(at: AppTest, step: int) -> AppTest:
    return at.slider(key="bidirectional.slider").set_value(step).run()


def last(at: AppTest) -> AppTest:
    return at.button(key="bidirectional.last").click().run()


def markdown_text(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


def test_the_default_maze_shows_both_searches_plain_bfs_and_the_argument():
    at = last(open_page())
    assert not at.error
    assert "Stop:" in html_text(at)
    assert "forward expanded" in html_text(at)
    assert "effective branching factor" in markdown_text(at)


def test_one_node_at_a_time_the_trap_shows_why_the_first_touch_is_careless():
    at = open_page({"problem": "First-touch trap", "turns": "one node"})
    assert any("one edge too long" in i.value for i in at.info)
    at = last(at)
    assert "s → b → d → t (3 steps)" in html_text(at)
    # The first touch, at x, is explained as careless.
    for step in range(1, 30):
        at = go_to(at, step)
        if "Touch at x" in html_text(at):
            assert "careless" in html_text(at)
            assert "1 + 1 + 1 = 3" in html_text(at)
            break
    else:
        raise AssertionError("no touch at x")


def test_the_notes_tree_between_two_leaves():
    at = last(open_page({"problem": "The notes' tree"}))
    assert at.selectbox(key="start").value == "O"
    assert at.selectbox(key="goal").value == "S"
    assert "O → K → F → B → A → D → H → N → S (8 steps)" in html_text(at)


def test_the_31_move_8_puzzle_headline():
    at = last(open_page({"problem": "8-puzzle"}))
    text = html_text(at) + markdown_text(at)
    assert "181,439" in text  # plain BFS
    assert "12,452" in text  # the two searches
    assert "(31 steps)" in html_text(at)


def test_start_equal_to_goal_and_unreachable_goals_say_so():
    at = open_page({"problem": "The notes' tree", "start": "S", "goal": "S"})
    assert any("The start is the goal" in i.value for i in at.info)
    at = open_page({"problem": "Edge list"})
    at.text_area(key="edges").set_value("A B\nC D").run()
    at.selectbox(key="goal").set_value("D").run()
    assert any("No path" in i.value for i in at.info)
    at = last(at)
    assert "cannot be reached" in html_text(at)


def test_on_a_directed_graph_the_backward_search_follows_edges_in_reverse():
    at = open_page({"problem": "Edge list", "directed": "true"})
    at.text_area(key="edges").set_value("s a\na t\nt s").run()
    at.selectbox(key="start").set_value("s").run()
    at.selectbox(key="goal").set_value("t").run()
    at = last(at)
    assert "s → a → t (2 steps)" in html_text(at)


def test_bad_input_keeps_the_text_and_explains():
    at = open_page({"problem": "Edge list"})
    at.text_area(key="edges").set_value("A B C D").run()
    assert any("has 4 words" in e.value for e in at.error)
    assert at.text_area(key="edges").value == "A B C D"
