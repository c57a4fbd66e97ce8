"""WHAT is searched: graphs and trees, game trees, the 8-puzzle, n-queens, tic-tac-toe.

Problems know nothing of the algorithms that search them, nor of drawing.
"""

from search_viz.problems.eight_puzzle import EightPuzzle
from search_viz.problems.graph_problem import GraphProblem
from search_viz.problems.search_problem import Problem

__all__ = ["EightPuzzle", "GraphProblem", "Problem"]
