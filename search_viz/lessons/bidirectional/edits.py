"""Changing bidirectional search's problem in its picture: click a node of a graph to make it
the start or the goal; in a maze, click a cell to put up or take away a wall, or to move the
start or the goal.

The same changes as the uninformed page's (made in
:mod:`search_viz.lessons.shared.graph_edits`), named here as every lesson names
them. The drawing marks both films editable, the bidirectional one and plain
BFS's beside it, so that compare mode offers the changes in both pictures.

>>> import search_viz as sv
>>> from search_viz.problems.maze_text import maze_graph
>>> problem = sv.GraphProblem(maze_graph(3, [(1, 1)]), (0, 0), (2, 2))
>>> edited_maze(problem, {"do": "goal", "cell": [0, 2]}).goal
(0, 2)
>>> film = sv.film(sv.bidirectional_bfs, sv.GraphProblem(maze_graph(3, []), (0, 0), (2, 2)))
>>> [edit.label for edit in film.edits_of(("target", (0, 0)))]
['Swap the start and the goal']
>>> import networkx as nx
>>> film = sv.film(sv.bidirectional_bfs, sv.GraphProblem(nx.path_graph(3), 0, 2))
>>> [edit.label for edit in film.edits_of(("node", "unvisited", 1))]
['Make 1 the start', 'Make 1 the goal']
"""

from __future__ import annotations

from search_viz.lessons.shared.graph_edits import (
    HINT,
    MAZE_HINT,
    ROLES,
    edited,
    edited_maze,
    mark_editable,
)

__all__ = ["HINT", "MAZE_HINT", "ROLES", "edited", "edited_maze", "mark_editable"]
