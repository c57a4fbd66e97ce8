"""The Bidirectional search page, driven through AppTest: which films it plays (compare mode is
one player with two films), its messages, the saving's numbers, bad input."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from search_viz.lessons.bidirectional.drawing import TITLES
from search_viz.lessons.bidirectional.inputs import SCRAMBLED, new_problem
from search_viz.lessons.bidirectional.page import cached_films
from search_viz.lessons.shared.graph_cases import MAZE, NOTES_TREE, PUZZLE, RANDOM, TRAP
from tests.app import pages

PAGE = "app_pages/bidirectional_search.py"


def open_page(query: dict | None = None) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=120)
    assert not at.exception, [e.value for e in at.exception]
    return at


def player(at: AppTest) -> dict:
    """What the page handed the film player (films, titles)."""
    [found] = pages.players(at)
    return found


def markdown(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


def test_the_default_maze_compares_both_searches_with_plain_bfs_in_one_player():
    at = open_page()
    assert at.toggle(key="compare").value is True
    data = player(at)
    both, plain = cached_films(MAZE, (16, 0.25, 1), "layer")
    assert [f["id"] for f in data["films"]] == [both.digest, plain.digest]
    assert data["titles"] == list(TITLES)
    assert both.state(-1).sentence.startswith("Stop:")
    assert len(plain) > len(both)  # plain BFS goes on after the two searches have met
    assert "effective branching factor" in markdown(at)
    at.toggle(key="compare").set_value(False).run()
    assert [f["id"] for f in player(at)["films"]] == [both.digest]


def test_one_node_at_a_time_the_trap_shows_why_the_first_touch_is_careless():
    at = open_page({"problem": TRAP, "turns": "one node"})
    assert any("one edge too long" in i.value for i in at.info)
    both, _ = cached_films(TRAP, (), "node")
    assert player(at)["films"][0]["id"] == both.digest
    sentences = [both.state(k).sentence for k in range(len(both))]
    touch = next(s for s in sentences if s.startswith("Touch at x"))
    assert "careless" in touch
    assert "1 + 1 + 1 = 3" in touch
    assert "s → b → d → t (3 steps)" in sentences[-1]


def test_the_notes_tree_between_two_leaves():
    at = open_page({"problem": NOTES_TREE})
    assert at.selectbox(key="start").value == "O"
    assert at.selectbox(key="goal").value == "S"
    both, _ = cached_films(NOTES_TREE, ("O", "S", False), "layer")
    assert player(at)["films"][0]["id"] == both.digest
    assert both.state(-1).sentence.endswith("O → K → F → B → A → D → H → N → S (8 steps).")


def test_the_31_move_8_puzzle_headline():
    at = open_page({"problem": PUZZLE})
    data = player(at)
    assert len(data["films"]) == 1  # plain BFS's 360,000 events are no film: its layers are
    both, _ = cached_films(PUZZLE, ("31 moves: 867 254 3_1", 0, 0), "layer")
    assert data["films"][0]["id"] == both.digest
    assert both.state(-1).sentence.endswith("(31 steps).")
    text = markdown(at)
    assert "**181,439** nodes" in text  # plain BFS
    assert "**12,452** (5,173 + 7,279)" in text  # the two searches
    assert "**b\\* = 1.42**" in text


def test_start_equal_to_goal_and_unreachable_goals_say_so():
    at = open_page({"problem": NOTES_TREE, "start": "S", "goal": "S"})
    assert any("The start is the goal" in i.value for i in at.info)
    at = open_page({"problem": "Edge list"})
    at.text_area(key="edges").set_value("A B\nC D").run()
    at.selectbox(key="goal").set_value("D").run()
    assert any("No path" in i.value for i in at.info)
    both, _ = cached_films("Edge list", ("A B\nC D", False, None, "D"), "layer")
    assert "cannot be reached" in both.state(-1).sentence


def test_on_a_directed_graph_the_backward_search_follows_edges_in_reverse():
    at = open_page({"problem": "Edge list", "directed": "true"})
    at.text_area(key="edges").set_value("s a\na t\nt s").run()
    at.selectbox(key="start").set_value("s").run()
    at.selectbox(key="goal").set_value("t").run()
    both, _ = cached_films("Edge list", ("s a\na t\nt s", True, "s", "t"), "layer")
    assert player(at)["films"][0]["id"] == both.digest
    assert both.state(-1).sentence.endswith("s → a → t (2 steps).")


def test_bad_input_keeps_the_text_and_explains():
    at = open_page({"problem": "Edge list"})
    at.text_area(key="edges").set_value("A B C D").run()
    assert any("has 4 words" in e.value for e in at.error)
    assert at.text_area(key="edges").value == "A B C D"


def test_odd_node_names_are_drawn_without_error():
    at = open_page({"problem": "Edge list"})
    at.text_area(key="edges").set_value("$x$ \\foo\n\\foo $$").run()
    assert not at.error
    assert not at.exception


# ------------------------------------------------------------------- practice
def test_new_problem_gives_the_next_maze_and_the_page_plays_its_films():
    at = open_page()
    before = player(at)["films"][0]["id"]
    new_problem(at.session_state)  # what the player calls when "New problem" is clicked
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.number_input(key="seed").value == 2
    both, plain = cached_films(MAZE, (16, 0.25, 2), "layer")
    assert [f["id"] for f in player(at)["films"]] == [both.digest, plain.digest]
    assert both.digest != before
    assert player(at)["newProblem"] is True


def test_new_problem_turns_the_trap_into_a_random_graph_and_a_puzzle_into_a_scramble():
    at = open_page({"problem": TRAP})
    new_problem(at.session_state)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="problem").value == RANDOM
    assert len(player(at)["films"]) == 2
    at = open_page({"problem": PUZZLE})
    new_problem(at.session_state)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="instance").value == SCRAMBLED
    assert len(player(at)["films"]) == 1
