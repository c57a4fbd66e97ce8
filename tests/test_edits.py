"""Edit mode's changes, lesson by lesson (game trees, the 8-puzzle, n-queens, graphs, mazes): what
each film offers, the changed problem, and the film of an edited problem equal to the film of the
same problem typed into (or chosen in) the page's fields.

The pages' part (the widgets, the link, Undo) is tested in the browser:
``tests/app/test_edit_browser.py``.
"""

from __future__ import annotations

import json
import math
import re

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film.edits import Edit, apply_change, editable_data
from search_viz.lessons.bidirectional.drawing import plain_film
from search_viz.lessons.game_trees import edits as tree_edits
from search_viz.lessons.game_trees.drawing import game_film
from search_viz.lessons.game_trees.inputs import MAX_DEPTH, MAX_NODES, typed_tree_widgets
from search_viz.lessons.informed import edits as puzzle_edits
from search_viz.lessons.informed.inputs import TYPED, build_instance, typed_widgets
from search_viz.lessons.local_search import edits as queen_edits
from search_viz.lessons.local_search.board import square_name
from search_viz.lessons.local_search.drawing import film_of as queens_film
from search_viz.lessons.local_search.inputs import BoardChoice, make_problem, own_board_widgets
from search_viz.lessons.shared import graph_edits, maze_edits
from search_viz.lessons.shared.game_view import letters
from search_viz.lessons.shared.graph_cases import MAZE, OWN_MAZE, RANDOM, build_case
from search_viz.lessons.shared.graph_inputs import maze_widgets, start_goal_widgets
from search_viz.problems.eight_puzzle import MOVES, NOTES_GOAL, NOTES_START, scramble
from search_viz.problems.game_tree import EXAMPLES, GameTree
from search_viz.problems.graph_examples import notes_tree
from search_viz.problems.maze_text import maze_graph, maze_text, walls_of

NOTES_AB = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]

numbers = st.integers(-9, 9)
trees = st.recursive(
    numbers, lambda children: st.lists(children, min_size=1, max_size=3), max_leaves=8
).filter(lambda nested: isinstance(nested, list))


# ------------------------------------------------------------------ the record
def test_an_edit_is_plain_data_and_a_number_within_its_bounds():
    edit = Edit("Set the value", {"do": "value", "node": [0]}, number=2.5, low=-9, high=9)
    assert edit.data() == {
        "l": "Set the value", "c": {"do": "value", "node": [0]}, "n": 2.5, "lo": -9, "hi": 9
    }  # fmt: skip
    with pytest.raises(ValueError, match="outside"):
        Edit("Set the value", {}, number=10, low=-9, high=9)
    with pytest.raises(ValueError, match="label"):
        Edit("", {})
    with pytest.raises(TypeError):
        Edit("Slide", {"tile": object()})  # not JSON: the browser could not read it
    with pytest.raises(ValueError, match="at least one edit"):
        editable_data("tile 5", ())


JSON_ISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3)
    | st.sampled_from([object(), b"x", 1j, frozenset()]),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner)
    | st.dictionaries(st.text(max_size=2) | st.integers() | st.floats(), inner, max_size=2),
    max_leaves=6,
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.text(max_size=3) | st.integers() | st.none(), JSON_ISH, max_size=3))
def test_an_edit_takes_a_change_exactly_when_json_writes_it_without_nan(change):
    try:
        json.dumps(change, allow_nan=False)
        written = True
    except (TypeError, ValueError):
        written = False
    try:
        Edit("Change", change)
        taken = True
    except (TypeError, ValueError):
        taken = False
    assert taken == written


def test_films_of_lessons_without_edits_carry_none():
    film = sv.film(sv.alphabeta, sv.TicTacToe("XOXOXO..."))  # a game, not a problem to edit
    assert "edits" not in film.header()


# ------------------------------------------------------------------ game trees
def offered(film, name) -> dict[str, Edit]:
    return {edit.change["do"]: edit for edit in film.edits_of(name)}


def test_each_node_offers_its_changes_in_the_film_in_its_own_terms():
    film = game_film(NOTES_AB, pruning=True)
    leaf, inner = (0, 0, 1), (1,)
    assert offered(film, ("leaf value", "plain", leaf))["value"].number == 3
    assert offered(film, ("node", "unreached", leaf))["value"].change == {
        "do": "value", "node": [0, 0, 1]
    }  # fmt: skip
    assert set(offered(film, ("letter", "faded", inner))) == {"add", "remove"}
    assert set(offered(film, ("node", "unreached", ()))) == {"add"}  # the root stays
    records = film.header()["edits"]
    assert len(records) == len(NOTES_AB)  # one per node, each a few items
    assert records[0][1]["w"] == "the root A (MAX)"


def some_change(tree: GameTree, data) -> dict:
    node = data.draw(st.sampled_from(tree.nodes))
    kinds = ["add"] + (["value"] if tree.is_leaf(node) else [])
    if node and len(tree.children(node[:-1])) > 1:
        kinds.append("remove")
    do = data.draw(st.sampled_from(kinds))
    change = {"do": do, "node": list(node)}
    if do != "remove":
        change["value"] = data.draw(
            st.integers(-99, 99) | st.floats(-99, 99).map(lambda x: round(x, 1))
        )
    return change


@settings(max_examples=12)
@given(trees, st.data())
def test_an_edited_trees_film_is_the_film_of_the_same_tree_typed_in(nested, data):
    tree = GameTree.from_nested(nested)
    change = some_change(tree, data)
    new = tree_edits.edited(tree, change, max_nodes=MAX_NODES, max_depth=MAX_DEPTH)
    widgets = typed_tree_widgets(new)
    typed = GameTree.parse(widgets["text"], root=widgets["root"], max_nodes=MAX_NODES)
    assert typed == new
    assert game_film(new, pruning=True).digest == game_film(typed, pruning=True).digest
    node = tuple(change["node"])
    if change["do"] == "value":
        assert new.value(node) == change["value"]
        assert len(new) == len(tree)
    elif change["do"] == "add":
        added = (*node, len(tree.children(node)) if not tree.is_leaf(node) else 1)
        assert new.value(added) == change["value"]
        assert len(new) == len(tree) + (2 if tree.is_leaf(node) else 1)
    else:
        assert len(new) == len(tree) - len(tree.subtree(node))


@settings(max_examples=8)
@given(trees)
def test_every_change_a_tree_film_offers_makes_a_tree_or_says_why_not(nested):
    tree = GameTree.from_nested(nested)
    film = game_film(tree, pruning=False)
    for _, what, edits, _, _ in film._editable:
        assert what
        for edit in edits:
            change = dict(edit.change)
            if edit.asks_number:
                change["value"] = edit.number
            node = tuple(change["node"])
            if change["do"] == "remove" and len(tree.children(node[:-1])) == 1:
                with pytest.raises(ValueError, match="needs at least one"):
                    tree_edits.edited(tree, change, max_nodes=MAX_NODES, max_depth=MAX_DEPTH)
            else:
                tree_edits.edited(tree, change, max_nodes=MAX_NODES, max_depth=MAX_DEPTH)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"do": "remove", "node": [1, 0]}, "C would be left with no child"),
        ({"do": "remove", "node": []}, "The root cannot be removed"),
        ({"do": "value", "node": [0]}, "B is not a leaf"),
        ({"do": "value", "node": [1, 0], "value": "ten"}, "must be a number"),
        ({"do": "value", "node": [1, 0], "value": math.inf}, "must be a number"),
        ({"do": "value", "node": [1, 0], "value": 10**16}, "must be a number"),
        ({"do": "value", "node": [1, 0], "value": True}, "must be a number"),
        ({"do": "value", "node": [5], "value": 1}, "no node at [5]"),
        ({"do": "value", "node": "0", "value": 1}, "list of child positions"),
        ({"do": "grow", "node": [0]}, "'value', 'add' or 'remove'"),
        ("remove B", "An edit is a record"),
    ],
)
def test_a_change_that_cannot_be_made_says_what_is_allowed(change, message):
    tree = GameTree.from_nested([[3, 12], [2]])
    with pytest.raises(ValueError, match=re.escape(message)):
        tree_edits.edited(tree, change)


def test_a_tree_kept_within_the_pages_bounds():
    deep = GameTree.from_nested([[[1]]])  # the leaf 3 levels down
    with pytest.raises(ValueError, match="4 levels below the root; this page draws at most 3"):
        tree_edits.edited(deep, {"do": "add", "node": [0, 0, 0], "value": 1}, max_depth=3)
    big = GameTree.random(2, 3, seed=1)  # 15 nodes
    with pytest.raises(ValueError, match="16 nodes; this page draws at most 15"):
        tree_edits.edited(big, {"do": "add", "node": [0], "value": 1}, max_nodes=15)


def test_a_leaf_given_a_child_keeps_its_value_beside_it():
    new = tree_edits.edited(NOTES_AB, {"do": "add", "node": [0, 0, 1], "value": 4})
    assert new.to_nested((0, 0, 1)) == [3, 4]
    assert letters(new)[(0, 0, 1)] == "I"


# ------------------------------------------------------------------ the 8-puzzle
@settings(max_examples=5)
@given(st.integers(0, 8), st.integers(0, 10_000), st.data())
def test_an_edited_puzzles_film_is_the_film_of_the_same_start_typed_in(moves, seed, data):
    start = scramble(NOTES_GOAL, moves, seed)
    puzzle = sv.EightPuzzle(start)
    film = sv.film(sv.astar, puzzle, heuristic="misplaced")
    tiles = {edit.change["tile"]: name for name in film.names() for edit in film.edits_of(name)}
    assert sorted(tiles) == list(range(1, 9))  # every tile of the start, as the board shows it
    assert all(film.shows(0, name) for name in tiles.values())
    beside = [start[square] for _, square in MOVES[start.index(0)]]
    tile = data.draw(st.sampled_from(beside))
    new = puzzle_edits.edited(puzzle, {"do": "slide", "tile": tile})
    assert new.initial.index(0) == start.index(tile)
    assert new.initial.index(tile) == start.index(0)
    widgets = typed_widgets(new)
    typed = build_instance(TYPED, (widgets["start_board"], widgets["goal_board"]))
    assert typed.error is None
    assert (typed.start, typed.goal) == (new.initial, NOTES_GOAL)
    same = sv.EightPuzzle(typed.start, goal=typed.goal)
    assert (
        sv.film(sv.astar, new, heuristic="misplaced").digest
        == sv.film(sv.astar, same, heuristic="misplaced").digest
    )
    away = data.draw(st.sampled_from([t for t in range(1, 9) if t not in beside]))
    with pytest.raises(ValueError, match=f"Tile {away} is not next to the blank: only "):
        puzzle_edits.edited(puzzle, {"do": "slide", "tile": away})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"do": "slide", "tile": 0}, "from 1 to 8"),
        ({"do": "slide", "tile": "6"}, "from 1 to 8"),
        ({"do": "swap", "tile": 6}, "slides a tile"),
        (None, "slides a tile"),
    ],
)
def test_a_slide_that_cannot_be_made_says_what_is_allowed(change, message):
    with pytest.raises(ValueError, match=message):
        puzzle_edits.edited(sv.EightPuzzle(NOTES_START), change)


# ------------------------------------------------------------------ n-queens
CLIMBING = {"variant": "steepest", "sideways": 0, "restarts": 0, "seed": 1}


@settings(max_examples=5)
@given(st.integers(4, 8), st.integers(0, 1000), st.data())
def test_an_edited_boards_film_is_the_film_of_the_same_board_typed_in(n, seed, data):
    problem = sv.NQueens(n, seed=seed)
    column = data.draw(st.integers(0, n - 1))
    row = data.draw(st.integers(0, n - 1).filter(lambda r: r != problem.state[column]))
    change = {"do": "move", "column": column, "row": row}
    film = queens_film(sv.hill_climbing, problem, **CLIMBING)
    assert film.edits_of(square_name(column, row))[0].change == change
    new = queen_edits.edited(problem, change)
    assert new.state[column] == row
    assert new.state[:column] + new.state[column + 1 :] == (
        problem.state[:column] + problem.state[column + 1 :]
    )
    widgets = own_board_widgets(new)
    typed = make_problem(BoardChoice(widgets["board"], 8, 0, widgets["rows"]))
    assert typed.state == new.state
    assert (
        queens_film(sv.hill_climbing, new, **CLIMBING).digest
        == queens_film(sv.hill_climbing, typed, **CLIMBING).digest
    )
    with pytest.raises(ValueError, match=f"already stands on row {problem.state[column]}"):
        queen_edits.edited(problem, {**change, "row": problem.state[column]})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"do": "move", "column": 8, "row": 0}, "column is a whole number from 0 to 7"),
        ({"do": "move", "column": 0, "row": -1}, "row is a whole number from 0 to 7"),
        ({"do": "move", "column": 0.0, "row": 1}, "column is a whole number"),
        ({"do": "swap", "column": 0, "row": 1}, "moves a queen"),
    ],
)
def test_a_move_that_cannot_be_made_says_what_is_allowed(change, message):
    with pytest.raises(ValueError, match=message):
        queen_edits.edited(sv.NQueens(8, seed=0), change)


def test_the_genetic_algorithms_film_offers_no_edits():
    # its board shows the fittest of each population, not the start board
    film = queens_film(sv.genetic, sv.NQueens(8, seed=0), population=4, generations=2, seed=1)
    assert "edits" not in film.header()


# ------------------------------------------------------------------ graphs
@pytest.mark.parametrize("search", [sv.bfs, sv.bidirectional_bfs], ids=["uninformed", "bidir"])
@settings(max_examples=6, deadline=None)
@given(st.integers(6, 14), st.integers(0, 9999), st.booleans(), st.data())
def test_an_edited_graphs_film_is_the_film_of_the_same_start_and_goal_chosen(
    search, nodes, seed, directed, data
):
    case = build_case(RANDOM, (nodes, 2.5, seed, directed, None, None))
    problem = case.problem
    role = data.draw(st.sampled_from(["start", "goal"]))
    taken = {problem.initial, problem.goal}
    node = data.draw(st.sampled_from([n for n in problem.graph.nodes if n not in taken]))
    film = sv.film(search, problem)
    assert [edit.change for edit in film.edits_of(("node", "unvisited", node))] == [
        {"do": "start", "node": node},
        {"do": "goal", "node": node},
    ]
    new = graph_edits.edited(problem, {"do": role, "node": node})
    assert (new.initial, new.goal) == (
        (node, problem.goal) if role == "start" else (problem.initial, node)
    )
    widgets = start_goal_widgets(new)
    typed = build_case(RANDOM, (nodes, 2.5, seed, directed, widgets["start"], widgets["goal"]))
    assert (typed.problem.initial, typed.problem.goal) == (new.initial, new.goal)
    assert sv.film(search, new).digest == sv.film(search, typed.problem).digest
    with pytest.raises(ValueError, match=f"is the {role} already"):
        graph_edits.edited(new, {"do": role, "node": node})


def test_each_node_of_a_graph_offers_its_changes_in_both_compare_films():
    case = build_case(RANDOM, (8, 2.5, 3, False, 0, 5))
    both = sv.film(sv.bidirectional_bfs, case.problem)
    plain = plain_film(sv.Trace.record(sv.bfs(case.problem)), case.view)
    for film in (both, plain):
        for node in case.problem.graph.nodes:
            offered = [e.change for e in film.edits_of(("node", "unvisited", node))]
            assert offered == [{"do": "start", "node": node}, {"do": "goal", "node": node}]
        assert len(film.header()["edits"]) == 8


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"do": "start", "node": "R"}, "R is the goal: it cannot be the start too"),
        ({"do": "goal", "node": "A"}, "A is the start: it cannot be the goal too"),
        ({"do": "goal", "node": "Z"}, "no node 'Z'"),
        ({"do": "goal", "node": ["K"]}, "no node"),
        ({"do": "root", "node": "K"}, "the start or the goal"),
    ],
)
def test_a_start_or_goal_that_cannot_be_chosen_says_what_is_allowed(change, message):
    problem = sv.GraphProblem(notes_tree(), "A", "R")
    with pytest.raises(ValueError, match=re.escape(message)):
        graph_edits.edited(problem, change)


# ------------------------------------------------------------------ mazes
MAZE_FILMS = {
    "uninformed": (sv.bfs, maze_widgets),
    "bidirectional": (sv.bidirectional_bfs, maze_widgets),
}


def typed_maze(widgets: dict) -> sv.GraphProblem:
    """The problem a page builds from its widgets' values for a typed maze."""
    assert widgets["problem"] == OWN_MAZE
    case = build_case(OWN_MAZE, (widgets["maze"],))
    assert case.error is None
    return case.problem


@settings(max_examples=12, deadline=None)
@given(st.integers(4, 9), st.sampled_from([0.0, 0.2, 0.35]), st.integers(0, 9999), st.data())
def test_an_edited_mazes_film_is_the_film_of_the_same_maze_typed_in(size, walls, seed, data):
    lesson = data.draw(st.sampled_from(sorted(MAZE_FILMS)))
    algorithm, widgets_of = MAZE_FILMS[lesson]
    problem = build_case(MAZE, (size, walls, seed)).problem
    film = sv.film(algorithm, problem)
    cells = [(r, c) for r in range(size) for c in range(size)]
    cell = data.draw(st.sampled_from(cells))
    offered_here = film.edits_of(("target", cell))
    edit = data.draw(st.sampled_from(offered_here))
    walls_before = set(walls_of(problem.graph))
    do = edit.change["do"]
    expected_walls = {
        "wall": walls_before | {cell}, "open": walls_before - {cell}
    }.get(do, walls_before)  # fmt: skip
    expected_ends = {
        "start": (cell, problem.goal),
        "goal": (problem.initial, cell),
        "swap": (problem.goal, problem.initial),
    }.get(do, (problem.initial, problem.goal))
    expected = maze_graph(size, expected_walls)
    if nx.has_path(problem.graph, problem.initial, problem.goal) and not nx.has_path(
        expected, *expected_ends
    ):  # a change that cuts the goal off is refused
        with pytest.raises(ValueError, match="cannot be reached from the start"):
            maze_edits.edited(problem, edit.change)
        return
    new = maze_edits.edited(problem, edit.change)
    assert set(walls_of(new.graph)) == expected_walls
    assert (new.initial, new.goal) == expected_ends
    typed = typed_maze(widgets_of(new))
    assert sv.film(algorithm, new).digest == sv.film(algorithm, typed).digest


@pytest.mark.parametrize("lesson", sorted(MAZE_FILMS))
def test_a_seeded_maze_typed_in_gives_the_same_film(lesson):
    # the first edit of a seeded maze turns it into typed text: nothing else may change
    algorithm, widgets_of = MAZE_FILMS[lesson]
    problem = build_case(MAZE, (7, 0.25, 1)).problem
    typed = typed_maze(widgets_of(problem))
    assert sv.film(algorithm, problem).digest == sv.film(algorithm, typed).digest


def test_each_cell_of_a_maze_offers_its_changes_in_both_compare_films():
    problem = sv.GraphProblem(maze_graph(4, [(1, 1), (3, 0)]), (0, 0), (3, 3))
    case = build_case(OWN_MAZE, (maze_text(problem.graph, (0, 0), (3, 3)),))
    both = sv.film(sv.bidirectional_bfs, case.problem)
    plain = plain_film(sv.Trace.record(sv.bfs(case.problem)), case.view)
    for film in (both, plain, sv.film(sv.dfs, case.problem)):
        assert [e.change for e in film.edits_of(("target", (1, 1)))] == [
            {"do": "open", "cell": [1, 1]}
        ]
        assert [e.label for e in film.edits_of(("target", (2, 1)))] == [
            "Put a wall here", "Make (2, 1) the start", "Make (2, 1) the goal"
        ]  # fmt: skip
        assert [e.change for e in film.edits_of(("target", (0, 0)))] == [{"do": "swap"}]
        assert [e.change for e in film.edits_of(("target", (3, 3)))] == [{"do": "swap"}]
        assert len(film.header()["edits"]) == 16  # every cell, walls too


@settings(max_examples=12, deadline=None)
@given(st.integers(4, 8), st.sampled_from([0.0, 0.2, 0.35]), st.integers(0, 9999), st.data())
def test_a_sweep_of_the_mouse_makes_what_its_cells_offer_in_turn_or_nothing(
    size, walls, seed, data
):
    problem = build_case(MAZE, (size, walls, seed)).problem
    film = sv.film(sv.bfs, problem)
    records = {part[0][0]: part[1] for part in film.header()["edits"]}
    start_record = records[film.item(("target", problem.initial))]
    assert (start_record.get("g"), records[film.item(("target", problem.goal))].get("g")) == (
        "start",
        "goal",
    )
    free = [c for c in problem.graph.nodes if c not in (problem.initial, problem.goal)]
    if not free:
        return
    swept = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=6, unique=True))
    # what the player sends: each swept cell's edit doing the sweep's role, in the order swept
    record = records[film.item(("target", swept[0]))]
    assert record["p"] == "wall"
    changes = [
        next(a["c"] for a in records[film.item(("target", c))]["a"] if a["c"]["do"] == "wall")
        for c in swept
    ]
    expected = maze_graph(size, set(walls_of(problem.graph)) | set(swept))
    if not nx.has_path(expected, problem.initial, problem.goal) and nx.has_path(
        problem.graph, problem.initial, problem.goal
    ):  # refused whole: one of its walls cuts the goal off
        with pytest.raises(ValueError, match="cannot be reached from the start"):
            apply_change(maze_edits.edited, problem, {"all": changes})
        return
    new = apply_change(maze_edits.edited, problem, {"all": changes})
    assert set(walls_of(new.graph)) == set(walls_of(problem.graph)) | set(swept)
    rubbed = apply_change(maze_edits.edited, new, {"all": [{**c, "do": "open"} for c in changes]})
    assert set(walls_of(rubbed.graph)) == set(walls_of(problem.graph))  # a sweep back rubs out


@pytest.mark.parametrize("changes", [[], "wall", [{"do": "wall", "cell": [0, 1]}] * 201])
def test_a_sweep_of_nothing_or_too_much_says_what_is_allowed(changes):
    problem = sv.GraphProblem(maze_graph(3, []), (0, 0), (2, 2))
    with pytest.raises(ValueError, match="A sweep makes 1 to 200 changes at once"):
        apply_change(maze_edits.edited, problem, {"all": changes})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"do": "wall", "cell": [0, 0]}, "(0, 0) is the start: a wall cannot go there"),
        ({"do": "wall", "cell": [2, 2]}, "(2, 2) is the goal: a wall cannot go there"),
        ({"do": "wall", "cell": [0, 1]}, "(0, 1) is a wall already"),
        ({"do": "open", "cell": [1, 0]}, "(1, 0) has no wall to take away"),
        ({"do": "start", "cell": [0, 1]}, "(0, 1) is a wall: take the wall away first"),
        ({"do": "goal", "cell": [0, 0]}, "(0, 0) is the start: it cannot be the goal too"),
        ({"do": "start", "cell": [0, 0]}, "(0, 0) is the start already"),
        (
            {"do": "wall", "cell": [1, 0]},
            "With a wall on (1, 0) the goal (2, 2) cannot be reached from the start (0, 0): "
            "the maze stays as it was.",
        ),
        ({"do": "wall", "cell": [3, 0]}, "This 3 x 3 maze has no cell [3, 0]"),
        ({"do": "wall", "cell": [True, 0]}, "no cell"),
        ({"do": "wall", "cell": "1 0"}, "no cell"),
        ({"do": "slide", "cell": [1, 0]}, "puts up or takes away a wall"),
        ("wall", "puts up or takes away a wall"),
    ],
)
def test_a_maze_change_that_cannot_be_made_says_what_is_allowed(change, message):
    # S # .
    # . # .      the only way round is down the left and along the bottom
    # . . G
    problem = sv.GraphProblem(maze_graph(3, [(0, 1), (1, 1)]), (0, 0), (2, 2))
    with pytest.raises(ValueError, match=re.escape(message)):
        maze_edits.edited(problem, change)


def test_a_goal_moved_behind_walls_is_refused_but_a_maze_without_a_path_can_be_mended():
    cut_off = sv.GraphProblem(maze_graph(3, [(0, 1), (1, 1), (1, 2)]), (0, 0), (2, 2))
    with pytest.raises(ValueError, match=re.escape("With the goal on (0, 2) the goal (0, 2)")):
        maze_edits.edited(cut_off, {"do": "goal", "cell": [0, 2]})
    # a typed maze may have no path; a wall taken away may leave it without one still
    typed = typed_maze({"problem": OWN_MAZE, "maze": "S#..\n##..\n....\n...G"})
    still = maze_edits.edited(typed, {"do": "open", "cell": [1, 1]})
    assert maze_text(still.graph, still.initial, still.goal) == "S#..\n#...\n....\n...G"
    assert sv.run(sv.bfs(still)).path is None
    mended = maze_edits.edited(still, {"do": "open", "cell": [1, 0]})
    assert sv.run(sv.bfs(mended)).path[-1] == (3, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("S.\n.", "Line 2 has 1 cells, line 1 has 2"),
        ("S..\n..G", "A maze is square: 2 lines of 3 cells"),
        ("S.x\n...\n..G", "Line 1, cell 3: 'X' is not a cell"),
        ("S...\n....\n....\n....", "A maze has one goal, G; this one has 0"),
        ("SS..\n....\n....\n...G", "A maze has one start, S; this one has 2"),
        ("S", "A maze has 4 to 30 cells a side, not 1"),
        ("", "Type one line per row"),
    ],
)
def test_a_typed_maze_that_cannot_be_read_says_what_to_change(text, message):
    assert message in build_case(OWN_MAZE, (text,)).error
