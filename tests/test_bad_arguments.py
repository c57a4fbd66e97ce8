"""Every public constructor and algorithm names a bad argument and says what is allowed."""

from __future__ import annotations

import itertools
import re

import networkx as nx
import numpy as np
import pytest

import search_viz as sv
from search_viz.problems.eight_puzzle import NOTES_START

PATH = nx.path_graph(4)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        # GraphProblem
        (lambda: sv.GraphProblem("ABC", "A", "C"), "G must be a networkx graph"),
        (lambda: sv.GraphProblem({0: [1]}, 0, 1), "not {0: [1]} (a dict)"),
        (lambda: sv.GraphProblem(PATH, [0], 1), "the start [0] is not a node of the graph"),
        (lambda: sv.GraphProblem(PATH, 0, float("nan")), "the goal nan is not a node"),
        # EightPuzzle
        (lambda: sv.EightPuzzle(itertools.count()), "the start must be the 9 numbers 0-8"),
        (lambda: sv.EightPuzzle(set(range(9))), "the start must be the 9 numbers 0-8"),
        (lambda: sv.EightPuzzle(NOTES_START, goal="123804765"), "the goal must be the 9 numbers"),
        (lambda: sv.EightPuzzle([True, *range(1, 9)]), "the start must be the 9 numbers"),
        # TicTacToe
        (lambda: sv.TicTacToe(None), "a board is a string of 9 characters, not NoneType"),
        (lambda: sv.TicTacToe("." * 10**6), "a board has 9 cells, row by row, not 1000000"),
        (lambda: sv.TicTacToe(decay="no"), "decay must be True or False, not 'no' (a str)"),
        (lambda: sv.TicTacToe(first=["X"]), "first must be 'X' or 'O', not ['X']"),
        (lambda: sv.TicTacToe(win=10**400), "win (what a win is worth) must be a whole number"),
        (lambda: sv.TicTacToe(win=5), "from 10 to 1,000,000,000, not 5"),
        (lambda: sv.TicTacToe(win=2.5, decay=False), "from 1 to 1,000,000,000, not 2.5"),
        # NQueens
        (lambda: sv.NQueens(10**400), "n must be a whole number from 4 to 50, not <a whole"),
        (lambda: sv.NQueens(8, seed="x"), "seed must be a whole number, not 'x' (a str)"),
        (lambda: sv.NQueens(8, seed=1.5), "seed must be a whole number, not 1.5"),
        (lambda: sv.NQueens(4, state=[0, 1, 2, 10**400]), "The row <a whole number of about"),
    ],
)
def test_a_bad_problem_is_refused_naming_the_argument(make, says):
    with pytest.raises((TypeError, ValueError), match=re.escape(says)):
        make()


def test_numpy_values_are_accepted_where_numbers_are():
    assert sv.EightPuzzle(np.array(NOTES_START)).initial == NOTES_START
    assert sv.NQueens(np.int64(8), seed=np.int64(3)).state == sv.NQueens(8, seed=3).state
    assert sv.TicTacToe(decay=np.bool_(False)).decay is False


def test_a_wrong_type_is_a_type_error_and_still_a_value_error():
    # Pages catch ValueError for every bad input; a wrong type is a TypeError as well.
    with pytest.raises(TypeError) as error:
        sv.GraphProblem("ABC", "A", "C")
    assert isinstance(error.value, ValueError)


GRAPH = sv.GraphProblem(PATH, 0, 3)
PUZZLE = sv.EightPuzzle(NOTES_START)
TREE = sv.GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
QUEENS = sv.NQueens(8, seed=1)


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: sv.bfs("ABC"), "the problem of bfs must be a search problem"),
        (lambda: sv.dfs(None), "the problem of dfs must be a search problem"),
        (lambda: sv.dfs(GRAPH, limit="3"), "the depth limit must be a whole number"),
        (lambda: sv.dls(GRAPH, limit=-1), "the depth limit must be a whole number of at least 0"),
        (lambda: sv.iddfs(GRAPH, max_depth=2.0), "the depth max_depth must be a whole number"),
        (lambda: sv.ucs(TREE), "the problem of ucs must be a search problem"),
        (lambda: sv.ucs(GRAPH, tie=["fifo"]), "tie must be one of fifo, deeper, not ['fifo']"),
        (lambda: sv.greedy([1, 2]), "the problem of greedy must be a search problem"),
        (lambda: sv.astar(PUZZLE, heuristic=3), "a heuristic is a name or a function"),
        (lambda: sv.astar(PUZZLE, heuristic="euclid"), "unknown heuristic 'euclid'"),
        (lambda: sv.best_first_search(GRAPH, f=3), "f must be a function of (g, h)"),
        (lambda: sv.best_first_search(GRAPH, f=min, h=3), "h must be a function of a state"),
        (lambda: sv.bidirectional_bfs(GRAPH, step=None), "step must be one of layer, node"),
        (lambda: sv.bidirectional_bfs(QUEENS), "the problem of bidirectional_bfs must be"),
        (lambda: sv.minimax([[3, 12], [2, 4]]), "the game of minimax must be a game"),
        (lambda: sv.alphabeta(TREE, fail_soft="yes"), "fail_soft must be True or False"),
        (lambda: sv.alphabeta(TREE, ordering=3), "ordering must be one of given, best, worst"),
        (lambda: sv.alphabeta(TREE, ordering="random"), "ordering must be one of given, best"),
        (lambda: sv.minimax(TREE, limit="2", evaluate=abs), "the depth limit must be a whole"),
        (lambda: sv.minimax(TREE, limit=1, evaluate=5), "evaluate must be a function of a state"),
        (lambda: sv.hill_climbing(GRAPH), "hill climbing needs an NQueens problem"),
        (lambda: sv.hill_climbing(QUEENS, variant=None), "variant must be one of 'steepest'"),
        (lambda: sv.hill_climbing(QUEENS, seed=[1]), "seed must be a whole number, not [1]"),
        (lambda: sv.simulated_annealing(QUEENS, t0=10**400), "t0 (the starting temperature)"),
        (lambda: sv.simulated_annealing(QUEENS, t0="hot"), "must be a number above 0, not 'hot'"),
        (lambda: sv.simulated_annealing(QUEENS, cooling=float("nan")), "cooling must be a"),
        (
            lambda: sv.simulated_annealing(QUEENS, stop_when_solved=None),
            "stop_when_solved must be True or False",
        ),
        (lambda: sv.genetic(QUEENS, population=10**9), "population must be at most 10,000"),
        (lambda: sv.genetic(QUEENS, mutation="often"), "mutation must be a probability"),
        (lambda: sv.genetic(TREE), "the genetic algorithm needs an NQueens problem"),
        (lambda: sv.run(sv.bfs), "not the function bfs itself: call it with its problem"),
        (lambda: sv.run(GRAPH), "run needs an algorithm's generator of events"),
    ],
)
def test_a_bad_option_is_refused_when_the_algorithm_is_called(call, says):
    # At the call, not when the generator is first run: the error points at the line that erred.
    with pytest.raises((TypeError, ValueError), match=re.escape(says)):
        call()


@pytest.mark.parametrize("cost", [-1, float("nan"), float("inf"), "3", None])
def test_a_step_cost_that_is_not_a_finite_number_of_0_or_more_is_named(cost):
    G = nx.Graph()
    G.add_edge("a", "b", weight=cost)
    with pytest.raises(ValueError, match=r"the step from 'a' to 'b' costs .*: best-first search"):
        sv.run(sv.ucs(sv.GraphProblem(G, "a", "b")))
