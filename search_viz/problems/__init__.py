"""WHAT is searched: graphs and trees, game trees, the 8-puzzle, n-queens, tic-tac-toe.

Problems know nothing of the algorithms that search them, nor of drawing.
"""

from search_viz.problems.eight_puzzle import EightPuzzle as EightPuzzle
from search_viz.problems.game import MAX as MAX
from search_viz.problems.game import MIN as MIN
from search_viz.problems.game import Game as Game
from search_viz.problems.game_tree import GameTree as GameTree
from search_viz.problems.graph_problem import GraphProblem as GraphProblem
from search_viz.problems.nqueens import NQueens as NQueens
from search_viz.problems.search_problem import Problem as Problem
from search_viz.problems.tictactoe import TicTacToe as TicTacToe
