"""search_viz: classic AI search algorithms that explain themselves, one event at a time.

Every algorithm is a generator of :class:`Event` records that returns a
:class:`Result`; :func:`run` drains one, :class:`Trace` records one and
rebuilds any step of it for a picture.

>>> import search_viz as sv
>>> def countdown(n):
...     for i in range(n, 0, -1):
...         yield sv.Event("expand", i)
...     return sv.Result(value="lift-off")
>>> sv.run(countdown(3)).value
'lift-off'
"""

import search_viz.film as _films  # noqa: F401  (imported first: see below)
from search_viz.algorithms.adversarial import alphabeta, game_pseudocode, game_search, minimax
from search_viz.algorithms.best_first import best_first_search, ucs
from search_viz.algorithms.bidirectional import bidirectional_bfs
from search_viz.algorithms.genetic import genetic
from search_viz.algorithms.informed import astar, greedy
from search_viz.algorithms.local_search import hill_climbing, simulated_annealing
from search_viz.algorithms.uninformed import bfs, dfs, dls, iddfs
from search_viz.events import KINDS, Event, Result, explain, format_value, run
from search_viz.lessons import film  # the function; the package search_viz.film is _films
from search_viz.problems.eight_puzzle import EightPuzzle
from search_viz.problems.game import MAX, MIN, Game
from search_viz.problems.game_tree import GameTree
from search_viz.problems.graph_problem import GraphProblem
from search_viz.problems.nqueens import NQueens
from search_viz.problems.search_problem import Problem
from search_viz.problems.tictactoe import TicTacToe
from search_viz.trace import (
    DEFAULT_LIMIT,
    FINISH_WITHIN,
    MAX_LIMIT,
    State,
    Trace,
    Unfinished,
    UnfinishedSearchError,
)

__all__ = [
    "DEFAULT_LIMIT",
    "FINISH_WITHIN",
    "KINDS",
    "MAX",
    "MAX_LIMIT",
    "MIN",
    "EightPuzzle",
    "Event",
    "Film",
    "Game",
    "GameTree",
    "GraphProblem",
    "NQueens",
    "Problem",
    "Result",
    "State",
    "TicTacToe",
    "Trace",
    "Unfinished",
    "UnfinishedSearchError",
    "alphabeta",
    "astar",
    "best_first_search",
    "bfs",
    "bidirectional_bfs",
    "dfs",
    "dls",
    "explain",
    "film",
    "format_value",
    "game_pseudocode",
    "game_search",
    "genetic",
    "greedy",
    "hill_climbing",
    "iddfs",
    "minimax",
    "run",
    "simulated_annealing",
    "ucs",
]


def __getattr__(name: str):
    """``sv.Film`` is imported when first asked for: films need matplotlib, the rest does not."""
    if name == "Film":
        from search_viz.film.film import Film

        return Film
    raise AttributeError(f"module 'search_viz' has no attribute {name!r}")
