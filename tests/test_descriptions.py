"""Each lesson's default film describes its picture in words, step by step, for a screen reader.

On the lecture notes' examples (the films each page opens with), the descriptions name the
right current node, frontier and values: checked against the notes' answers and against a
fold of the trace written here independently of the lessons' own.
"""

from __future__ import annotations

import re
from itertools import combinations

import networkx as nx
import pytest

import search_viz as sv
from search_viz.lessons.bidirectional.drawing import bidirectional_film
from search_viz.lessons.informed.frontier import frontier_rows
from search_viz.lessons.local_search.drawing import run_film
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.shared.graph_cases import MAZE, build_case, node_label
from search_viz.lessons.shared.word_lists import board_words
from search_viz.problems.eight_puzzle import NOTES_GOAL, NOTES_START
from search_viz.problems.game_tree import EXAMPLES
from search_viz.problems.graph_examples import notes_tree


def descriptions(film) -> list[str]:
    return [film.state(k).description for k in range(len(film))]


def named_list(description: str, heading: str, separator: str = ", ") -> list[str]:
    """The names listed after ``heading`` up to the sentence's end ("A, B and 3 more": A, B);
    ``separator``: "; " for names holding commas (maze cells)."""
    match = re.search(re.escape(heading) + r": (.*?)(?:\.$|\. [A-Z])", description)
    assert match, (heading, description)
    text = re.sub(r" and \d+ more$", "", match.group(1))
    return [] if text in ("empty", "none") else text.split(separator)


# ------------------------------------------------------------------ uninformed search
def test_iddfs_on_the_notes_tree_names_the_stack_and_the_iteration_of_every_step():
    problem = sv.GraphProblem(notes_tree(), "A", "R")
    trace = sv.Trace.record(sv.iddfs(problem, max_depth=20))
    film = sv.film(sv.iddfs, problem, max_depth=20)
    said = descriptions(film)
    assert len(said) == len(trace.events)
    stack: list[str] = []
    for e, description in zip(trace.events, said, strict=True):
        if e.kind == "iterate":
            stack = []
        elif e.kind == "generate":
            stack.append(e.node)
        elif e.kind == "expand":
            stack.remove(e.node)
            assert description.startswith(f"Current node: {e.node} (depth {e.depth})")
        if e.kind != "done" and stack:
            top_first = stack[::-1]
            assert named_list(description, "The frontier, a stack, top first") == top_first[:12]
        elif e.kind != "done":
            assert description.endswith("The frontier is empty.")
    # the notes' table, limit 4: the search stops when it reaches R
    goal_step = next(k for k, e in enumerate(trace.events) if e.kind == "goal")
    assert said[goal_step].startswith("Goal found: R. Depth limit 4;")
    assert "in order: A, B, E, I, F, J, K, O, P, C, G, L, R." in said[goal_step]
    assert (
        said[-1]
        == "The search is over. The path, drawn in the picture: A → C → G → L → R (4 steps)."
    )


def test_a_long_iddfs_iteration_names_its_first_visits_and_counts_the_rest():
    graph = nx.grid_2d_graph(5, 5)  # 25 cells: the last iteration visits more than are named
    problem = sv.GraphProblem(graph, (0, 0), (4, 4))
    trace = sv.Trace.record(sv.iddfs(problem, max_depth=8))
    said = descriptions(sv.film(sv.iddfs, problem, max_depth=8))
    visits: list = []
    long_ones = 0
    for e, description in zip(trace.events, said, strict=True):
        if e.kind == "iterate":
            visits = []
        elif e.kind == "expand":
            visits.append(e.node)
        if e.kind in ("expand", "generate") and len(visits) > 24:
            long_ones += 1
            first = "; ".join(node_label(n) for n in visits[:24])
            assert f"in order: {first} and {len(visits) - 24} more." in description
    assert long_ones > 100


# --------------------------------------------------------------- bidirectional search
def test_bidirectional_search_names_both_queues_and_the_shortest_path_in_the_default_maze():
    case = build_case(MAZE, (16, 0.25, 1))
    problem = case.problem
    trace = sv.Trace.record(sv.bidirectional_bfs(problem, step="layer"))
    said = descriptions(bidirectional_film(trace, case.view, "layer"))
    queues: dict[str, dict] = {"forward": {}, "backward": {}}
    for e, description in zip(trace.events, said, strict=False):
        if e.kind == "generate":
            queues[e.data][e.node] = None
        elif e.kind == "expand":
            queues[e.data].pop(e.node)
            assert description.startswith(
                f"Current node: {node_label(e.node)}, expanded by the {e.data} search"
            )
        if e.kind != "done":
            for side in ("forward", "backward"):
                heading = f"{side.capitalize()} queue, front first"
                named = named_list(description, heading, separator="; ")
                assert named == [node_label(n) for n in list(queues[side])[:12]]
    shortest = nx.shortest_path_length(problem.graph, problem.initial, problem.goal)
    assert f"({shortest} steps), through the meeting node" in said[-1]


# -------------------------------------------------------------------- informed search
def test_astar_on_the_notes_puzzle_names_the_board_its_misplaced_tiles_and_the_next_board():
    problem = sv.EightPuzzle(NOTES_START)
    trace = sv.Trace.record(sv.astar(problem, heuristic="misplaced"))
    said = descriptions(sv.film(sv.astar, problem, heuristic="misplaced"))
    assert said[5].startswith(
        "Taken off the frontier to expand: 2 8 3, 1 blank 4, 7 6 5 (g 1, h 3, f 4). "
        "Its h: tiles 1, 2 and 8 add 1 each."
    )
    for k, (e, description) in enumerate(zip(trace.events, said, strict=True)):
        if e.kind in ("generate", "expand"):
            misplaced = sorted(t for i, t in enumerate(e.node) if t and t != NOTES_GOAL[i])
            assert len(misplaced) == e.h
            if len(misplaced) > 1:
                tiles = ", ".join(map(str, misplaced[:-1])) + f" and {misplaced[-1]}"
                assert f"Its h: tiles {tiles} add 1 each." in description
        rows = frontier_rows(trace, k)
        if rows:
            nxt = f"The frontier's next board: {board_words(rows[0].node)} (f {rows[0].f})."
            assert description.endswith(nxt)
    assert said[-1].startswith("Solution drawn in the tree, 5 moves: tile 6 down, tile 8 down,")


# ----------------------------------------------------------------------- local search
def brute_force_pairs(board) -> list[tuple[int, int]]:
    return [
        (a, b)
        for a, b in combinations(range(len(board)), 2)
        if board[a] == board[b] or abs(board[a] - board[b]) == b - a
    ]


@pytest.mark.parametrize("algorithm", ["simulated_annealing", "hill_climbing"])
def test_local_search_names_every_queen_and_its_attacking_pairs(algorithm):
    options = {"seed": 1} if algorithm == "simulated_annealing" else {}
    run = Run.record(sv.NQueens(8, seed=0), algorithm, options)
    said = descriptions(run_film(run))
    story = run.story
    for k, description in enumerate(said):
        board = story.boards[story.board_index[k]]
        assert f"queens in rows {', '.join(map(str, board))} (columns 0 to 7)" in description
        pairs = brute_force_pairs(board)
        if pairs:
            assert f"; {len(pairs)} attacking pair" in description
            named = named_list(
                description, f"{len(pairs)} attacking pair{'s' if len(pairs) > 1 else ''}"
            )
            assert named[0].removeprefix("columns ") == f"{pairs[0][0]} with {pairs[0][1]}"
        else:
            assert "solved: no attacking pair" in description
    first = run.trace.events[0]
    assert said[0].startswith(
        f"Being tried: the queen of column {first.data[0]} from row {first.data[1]} to row "
        f"{first.data[2]}"
    )


# ------------------------------------------------------------------------- game trees
def test_alphabeta_on_the_notes_tree_names_the_cut_the_values_and_the_best_line():
    tree = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]
    said = descriptions(sv.film(sv.alphabeta, tree))
    assert said[3].startswith("Current node: the leaf H, reached.")
    assert said[13].startswith("Current node: J, decided: 5, passed up to E.")
    assert (
        "Open from the root: A (MAX, α = −∞, β = +∞); B (MIN, α = −∞, β = 3); "
        "E (MAX, α = 5, β = 3)." in said[13]
    )
    assert said[14].startswith("Just pruned: the leaf K (9) under E, since α = 5 ≥ β = 3 there.")
    assert said[26].startswith("Just pruned: G (leaves 7, 5) under C, since α = 3 ≥ β = 1 there.")
    assert said[-1] == (
        "The search is over: the root A is worth 3; the best line is A → B → D → I. "
        "Values decided: A = 3, B = 3, C ≤ 1 (cut), D = 3, E ≥ 5 (cut), F = 1. "
        "Leaves evaluated: H = 2, I = 3, J = 5, L = 0, M = 1. Pruned: K (9); G (leaves 7, 5)."
    )


# ------------------------------------------------------------------------ tic-tac-toe
def test_alphabeta_on_the_empty_board_names_the_moves_values_and_the_draw():
    said = descriptions(sv.film(sv.alphabeta, sv.TicTacToe(".........")))
    assert said[0].startswith(
        "The searched position: the empty board; X to move; the root: window −∞ to +∞. "
        "Current node: the root"
    )
    assert said[1].startswith(
        "The searched position: the empty board; X to move; the root: window −∞ to +∞. "
        "Current node: X top left, window −∞ to +∞."
    )
    assert "Replies under top left: decided: top middle +3;" in said[3]
    # the empty board is a draw: X's first move is worth 0, every other at most 0 (cut)
    assert "The search is over: worth 0, a draw with best play" in said[-1]
    moves = named_list(said[-1], "X's moves: decided")
    assert moves[0] == "top left 0"
    assert len(moves) == 9
    assert all(move.endswith("at most 0") for move in moves[1:])
