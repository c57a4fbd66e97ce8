"""The Uninformed search page, driven through AppTest: which film it plays, its messages, bad input.

What the player does in the browser is tested in ``test_browser_graph_search.py``; here
the page's side: the film it hands the player (its digest, the film built in this process
for the same inputs), the sidebar's defaults, and what the page says around the player.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from search_viz.lessons.shared.graph_cases import MAZE, NOTES_TREE, OWN_MAZE, RANDOM
from search_viz.lessons.uninformed.inputs import MAX_DEPTH, new_problem
from search_viz.lessons.uninformed.page import MEMORY, cached_film
from tests.app import pages

PAGE = "app_pages/uninformed_search.py"


def open_page(query: dict | None = None) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=90)
    assert not at.exception, [e.value for e in at.exception]
    return at


def player(at: AppTest) -> dict:
    """What the page handed the film player (films, titles)."""
    [found] = pages.players(at)
    return found


def markdown(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


def test_the_default_is_the_notes_iddfs_example_and_its_film():
    at = open_page()
    assert at.segmented_control(key="algorithm").value == "IDDFS"
    assert at.selectbox(key="problem").value == NOTES_TREE
    assert at.number_input(key="max_depth").value == MAX_DEPTH
    data = player(at)
    film = cached_film(NOTES_TREE, ("A", "R", True), "IDDFS", MAX_DEPTH)
    assert [f["id"] for f in data["films"]] == [film.digest]
    assert data["titles"] == ["Iterative deepening from A to R"]
    assert film.state(-1).sentence == "Found: A → C → G → L → R (4 steps)."
    text = markdown(at)
    assert "**4**: A B E I F J K O P C G L R D H M N S" in text
    assert "having visited A B E I F J K O P C G L R" in text
    assert not at.warning


@pytest.mark.parametrize("problem", ["The notes' tree", "Grid maze", "Random graph",
                                     "Edge list", "8-puzzle"])  # fmt: skip
def test_every_algorithm_runs_on_every_problem_and_ends(problem):
    at = open_page({"problem": problem})
    for algorithm in ["BFS", "DFS", "DLS", "IDDFS", "UCS"]:
        at.segmented_control(key="algorithm").set_value(algorithm).run()
        assert not at.exception, (problem, algorithm, [e.value for e in at.exception])
        assert not at.error, (problem, algorithm)
        assert not at.warning, (problem, algorithm)  # no default search is stopped
        assert len(player(at)["films"]) == 1


def test_the_8_puzzle_bounded_at_level_6_is_solved_in_5_moves():
    at = open_page({"problem": "8-puzzle", "algorithm": "DFS"})
    assert at.slider(key="bound").value == 6
    film = cached_film("8-puzzle", ("the notes' (5 moves)", 0, 0), "DFS", 6)
    assert player(at)["films"][0]["id"] == film.digest
    assert film.state(-1).sentence.endswith("(5 steps).")


def test_ucs_on_the_typed_example_reports_the_cheapest_cost():
    at = open_page({"problem": "Edge list", "algorithm": "UCS"})
    film_id = player(at)["films"][0]["id"]
    text = at.text_area(key="edges").value
    film = cached_film("Edge list", (text, False, None, None), "UCS", None)
    assert film_id == film.digest
    assert film.state(-1).sentence == "Found: S → A → C → D → G (4 steps, cost 8)."


def test_iterative_deepening_on_the_default_maze_finds_the_goal():
    at = open_page({"problem": "Grid maze"})
    assert at.slider(key="size").value == 7
    assert not at.warning
    film = cached_film(MAZE, (7, 0.25, 1), "IDDFS", MAX_DEPTH)
    assert player(at)["films"][0]["id"] == film.digest
    assert film.state(-1).sentence.startswith("Found:")


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


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("S..\n..G", "A maze is square: 2 lines of 3 cells"),
        ("S...\n....\n....\n..X.", "Line 4, cell 3: 'X' is not a cell"),
        ("S...\n....\n....\n....", "A maze has one goal, G; this one has 0"),
        ("S.\n.G", "A maze has 4 to 30 cells a side, not 2"),
        ("", "one line per row"),
    ],
)
def test_a_bad_typed_maze_gets_a_message_and_keeps_the_text(typed, message):
    at = open_page({"problem": OWN_MAZE, "algorithm": "BFS"})
    at.text_area(key="maze").set_value(typed).run()
    assert not at.exception
    assert any(message in e.value for e in at.error), [e.value for e in at.error]
    assert at.text_area(key="maze").value == typed


def test_a_typed_maze_is_searched_around_its_walls():
    typed = "S.#.\n..#.\n....\n##.G"
    at = open_page({"problem": OWN_MAZE, "algorithm": "BFS"})
    at.text_area(key="maze").set_value(typed).run()
    assert not at.exception
    assert not at.error
    film = cached_film(OWN_MAZE, (typed,), "BFS", None)
    assert player(at)["films"][0]["id"] == film.digest
    found = film.state(-1).sentence
    assert found.startswith("Found: (0, 0) →")
    assert found.endswith("→ (3, 3) (6 steps).")
    assert not any(wall in found for wall in ("(0, 2)", "(1, 2)", "(3, 0)", "(3, 1)"))


def test_odd_node_names_are_a_graph_like_any_other():
    at = open_page({"problem": "Edge list", "algorithm": "BFS"})
    at.text_area(key="edges").set_value("$x$ \\foo\n\\foo a_{1}").run()
    assert not at.exception
    assert not at.error
    assert at.selectbox(key="goal").proto.placeholder == "the last node typed: a_{1}"


def test_start_equal_to_goal_and_an_unreachable_goal_say_so():
    at = open_page({"goal": "A"})
    assert any("The start is the goal" in i.value for i in at.info)
    at = open_page({"start": "B", "goal": "R", "algorithm": "BFS"})
    assert any("No path" in i.value for i in at.info)
    film = cached_film(NOTES_TREE, ("B", "R", True), "BFS", None)
    assert "cannot be reached" in film.state(-1).sentence


def test_a_random_graphs_goal_left_empty_is_the_farthest_node_for_any_seed():
    at = open_page({"problem": "Random graph", "seed": "42"})
    assert at.selectbox(key="goal").value is None
    assert at.selectbox(key="goal").proto.placeholder == "the farthest from the start: 5"
    assert "(seed 42), from 0 to 5." in at.caption[0].value
    at.number_input(key="seed").set_value(7).run()
    assert at.selectbox(key="goal").value is None  # still "the farthest", for the new graph
    placeholder = at.selectbox(key="goal").proto.placeholder
    assert placeholder.startswith("the farthest from the start: ")
    assert at.caption[0].value.endswith(f"to {placeholder.rsplit(' ', 1)[1]}.")


def test_a_link_with_a_limit_beyond_the_bound_is_refused_with_a_message():
    at = open_page({"algorithm": "IDDFS", "max_depth": "99"})
    assert at.number_input(key="max_depth").value == MAX_DEPTH
    assert any("max_depth='99'" in w.value for w in at.warning)


def test_a_search_stopped_by_the_cap_says_what_to_change():
    at = open_page({"problem": "Grid maze", "size": "12"})
    assert any(
        "stopped after 20,000 steps" in w.value and "Choose a smaller maze (7 x 7 works)" in w.value
        for w in at.warning
    )
    at.segmented_control(key="algorithm").set_value("BFS").run()
    assert not at.warning


# ------------------------------------------------------------ the memory chart
MEMORY_LABEL = "Memory: how big does the frontier get? BFS against DFS"
NOTES_PEAKS = "Here BFS kept up to 6 nodes waiting and DFS up to 4"


def memory(at: AppTest):
    """The memory expander (BFS against DFS)."""
    [expander] = [e for e in at.expander if e.label == MEMORY_LABEL]
    return expander


def memory_shown(at: AppTest) -> bool:
    """Whether the memory expander is open and holds its chart and its caption."""
    expander = memory(at)
    captions = [c.value for c in expander.caption]
    if not expander.proto.expanded:
        assert not expander.image  # closed: nothing computed, nothing sent
        assert not captions
        return False
    assert len(expander.image) == 1
    assert expander.image[0].proto.imgs[0].url  # the PNG
    assert len(captions) == 1
    assert NOTES_PEAKS in captions[0]
    return True


def test_the_memory_chart_is_computed_only_when_its_expander_is_opened():
    at = open_page()  # IDDFS: the expander starts closed
    assert not memory_shown(at)
    assert len(at.image) == 1  # the iterations chart only
    at.session_state[MEMORY] = True  # what a click on the expander does
    at.run()
    assert memory_shown(at)
    assert len(at.image) == 2
    at.run()  # it stays open while nothing changes
    assert memory_shown(at)


def test_the_memory_expander_follows_its_default_when_the_algorithm_changes_it():
    at = open_page({"algorithm": "BFS"})
    assert memory_shown(at)  # open by default for BFS and DFS
    at.session_state[MEMORY] = False
    at.run()
    assert not memory_shown(at)
    at.segmented_control(key="algorithm").set_value("DFS").run()
    assert not memory_shown(at)  # same default: the student's click stands
    at.segmented_control(key="algorithm").set_value("UCS").run()
    assert not memory_shown(at)
    at.session_state[MEMORY] = True
    at.run()
    assert memory_shown(at)
    at.segmented_control(key="algorithm").set_value("IDDFS").run()
    assert memory_shown(at)  # same default (closed): the student's click stands
    at.segmented_control(key="algorithm").set_value("BFS").run()
    assert memory_shown(at)  # BFS's default
    at.segmented_control(key="algorithm").set_value("DLS").run()
    assert not memory_shown(at)  # DLS's default


# ------------------------------------------------------------------- practice
def test_new_problem_turns_the_notes_tree_into_a_random_graph_and_plays_its_film():
    at = open_page()
    assert player(at)["newProblem"] is True  # the player offers "New problem"
    before = player(at)["films"][0]["id"]
    new_problem(at.session_state)  # what the player calls when "New problem" is clicked
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="problem").value == RANDOM
    assert at.segmented_control(key="algorithm").value == "IDDFS"  # the algorithm stays
    seed = int(at.number_input(key="seed").value)
    assert seed != 1
    film = cached_film(RANDOM, (24, 2.5, seed, False, 0, None), "IDDFS", MAX_DEPTH)
    assert [f["id"] for f in player(at)["films"]] == [film.digest] != [before]
    assert film.asked_steps  # a practice film
    assert at.query_params["seed"] == str(seed)  # a link gives the same graph


def test_new_problem_keeps_a_maze_a_maze_with_another_seed():
    at = open_page({"problem": "Grid maze", "algorithm": "BFS"})
    new_problem(at.session_state)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="problem").value == MAZE
    seed = int(at.number_input(key="seed").value)
    assert seed != 1
    film = cached_film(MAZE, (7, 0.25, seed), "BFS", None)
    assert [f["id"] for f in player(at)["films"]] == [film.digest]
