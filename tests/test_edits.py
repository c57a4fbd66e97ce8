"""Edit mode's changes, lesson by lesson (game trees, the 8-puzzle, n-queens, graphs): what each
film offers, the changed problem, and the film of an edited problem equal to the film of the
same problem typed into (or chosen in) the page's fields.

The pages' part (the widgets, the link, Undo) is tested in the browser:
``tests/app/test_edit_browser.py``.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.film.edits import Edit, editable_data
from search_viz.lessons.game_trees import edits as tree_edits
from search_viz.lessons.game_trees.drawing import game_film
from search_viz.lessons.game_trees.inputs import MAX_DEPTH, MAX_NODES, typed_tree_widgets
from search_viz.lessons.informed import edits as puzzle_edits
from search_viz.lessons.informed.inputs import TYPED, build_instance, typed_widgets
from search_viz.lessons.local_search import edits as queen_edits
from search_viz.lessons.local_search.board import square_name
from search_viz.lessons.local_search.drawing import film_of as queens_film
from search_viz.lessons.local_search.inputs import BoardChoice, make_problem, own_board_widgets
from search_viz.lessons.shared.game_view import letters
from search_viz.lessons.shared.graph_cases import RANDOM, build_case
from search_viz.lessons.uninformed import edits as graph_edits
from search_viz.lessons.uninformed.inputs import start_goal_widgets
from search_viz.problems.eight_puzzle import MOVES, NOTES_GOAL, NOTES_START, scramble
from search_viz.problems.game_tree import EXAMPLES, GameTree
from search_viz.problems.graph_examples import grid_maze, notes_tree

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
    for _, what, edits in film._editable:
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
    typed = make_problem(BoardChoice(widgets["board"], widgets["n"], 0, widgets["rows"]))
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
@settings(max_examples=6)
@given(st.integers(6, 14), st.integers(0, 9999), st.booleans(), st.data())
def test_an_edited_graphs_film_is_the_film_of_the_same_start_and_goal_chosen(
    nodes, seed, directed, data
):
    case = build_case(RANDOM, (nodes, 2.5, seed, directed, None, None))
    problem = case.problem
    role = data.draw(st.sampled_from(["start", "goal"]))
    taken = {problem.initial, problem.goal}
    node = data.draw(st.sampled_from([n for n in problem.graph.nodes if n not in taken]))
    film = sv.film(sv.bfs, problem)
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
    assert sv.film(sv.bfs, new).digest == sv.film(sv.bfs, typed.problem).digest
    with pytest.raises(ValueError, match=f"is the {role} already"):
        graph_edits.edited(new, {"do": role, "node": node})


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


def test_a_maze_offers_no_edits():
    # on these pages a maze's start and goal are its corners, chosen by no field
    film = sv.film(sv.bfs, sv.GraphProblem(grid_maze(4, 0.2, 1), (0, 0), (3, 3)))
    assert "edits" not in film.header()
