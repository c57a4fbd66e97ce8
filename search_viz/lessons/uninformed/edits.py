"""Changing a graph search's problem in its picture: click a node to make it the start or the
goal; in a maze, click a cell to put up or take away a wall, or to move the start or the goal.

The uninformed and bidirectional pages offer the same changes: they are made in
:mod:`search_viz.lessons.shared.graph_edits`, and named here as every lesson
names them (:func:`mark_editable`, :func:`edited`, :data:`HINT`).

>>> from search_viz.problems.graph_examples import notes_tree
>>> from search_viz.problems.graph_problem import GraphProblem
>>> edited(GraphProblem(notes_tree(), "A", "R"), {"do": "goal", "node": "K"}).goal
'K'
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
