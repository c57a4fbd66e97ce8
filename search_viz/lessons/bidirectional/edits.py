"""Changing bidirectional search's maze in its picture: click a cell to put up or take away a
wall, or to move the start or the goal.

Only a maze is edited on this page (the graphs' start and goal are chosen in the
sidebar). :func:`mark_editable` writes each cell's changes into a film of a maze
(the bidirectional film and plain BFS's beside it alike, so that compare mode
offers them in both pictures); :func:`edited` makes the changed maze, or raises
a ``ValueError`` saying what is allowed (see
:mod:`search_viz.lessons.shared.maze_edits`). The page writes the changed maze
into its "Your maze" text, so that the link holds it.

>>> import search_viz as sv
>>> from search_viz.problems.maze_text import maze_graph
>>> problem = sv.GraphProblem(maze_graph(3, [(1, 1)]), (0, 0), (2, 2))
>>> edited(problem, {"do": "goal", "cell": [0, 2]}).goal
(0, 2)
"""

from __future__ import annotations

from search_viz.film.builder import FilmBuilder
from search_viz.lessons.shared import maze_edits
from search_viz.lessons.shared.graph_drawing import GraphView

#: What the player says a click does, for the page's edit mode.
HINT = maze_edits.HINT
#: A maze with a change made, or a ValueError saying why not.
edited = maze_edits.edited


def mark_editable(writer: FilmBuilder, view: GraphView) -> None:
    """Tell a film of a maze what a click on each cell changes; a graph offers nothing.

    >>> import networkx as nx
    >>> from search_viz.problems.maze_text import maze_graph
    >>> import search_viz as sv
    >>> film = sv.film(sv.bidirectional_bfs, sv.GraphProblem(maze_graph(3, []), (0, 0), (2, 2)))
    >>> [edit.label for edit in film.edits_of(("target", (0, 0)))]
    ['Swap the start and the goal']
    >>> "edits" in sv.film(sv.bidirectional_bfs, sv.GraphProblem(nx.path_graph(3), 0, 2)).header()
    False
    """
    if view.kind == "grid":
        maze_edits.mark_editable(writer, view)
