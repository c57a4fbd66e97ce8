"""WHAT is searched: graphs and trees, game trees, the 8-puzzle, n-queens, tic-tac-toe.

Problems know nothing of the algorithms that search them, nor of drawing.
"""

from search_viz.problems.nqueens import NQueens

__all__ = ["NQueens"]
