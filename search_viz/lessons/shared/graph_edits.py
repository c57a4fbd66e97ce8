"""Changing a graph search's problem in its picture (uninformed and bidirectional search): click
a node to make it the start or the goal; in a maze, click a cell to put up or take away a wall,
or to move the start or the goal.

In the player's edit mode a click on a node of a graph or tree offers two
changes: make it the start, make it the goal. :func:`mark_editable` writes them
into a film (a maze's cells offer theirs: see
:mod:`search_viz.lessons.shared.maze_edits`); :func:`edited` makes the changed
problem, or raises a ``ValueError`` saying what is allowed (:func:`edited_maze`
for a maze). Both are pure: a page puts the new start and goal in its "Start"
and "Goal" fields (:func:`~search_viz.lessons.shared.graph_inputs.start_goal_widgets`),
and a changed maze in its "Your maze" text, so that the link holds them.

>>> from search_viz.problems.graph_examples import notes_tree
>>> problem = GraphProblem(notes_tree(), "A", "R")
>>> edited(problem, {"do": "goal", "node": "K"}).goal
'K'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from search_viz.film.builder import FilmBuilder
from search_viz.film.edits import Edit
from search_viz.lessons.shared import maze_edits
from search_viz.lessons.shared.graph_cases import node_label
from search_viz.lessons.shared.graph_drawing import GraphView
from search_viz.problems.graph_problem import GraphProblem

#: What the player says a click on a node does, for the page's edit mode.
HINT = "Click a node: make it the start or the goal."
#: What a change does, by its "do".
ROLES = ("start", "goal")
#: What the player says a click on a maze does.
MAZE_HINT = maze_edits.HINT
#: A maze with a change made (see :func:`search_viz.lessons.shared.maze_edits.edited`).
edited_maze = maze_edits.edited


def mark_editable(writer: FilmBuilder, view: GraphView) -> None:
    """Tell the film that a click on a node (in any look the scene draws it in) makes it the
    start or the goal. A maze (``view.kind == "grid"``) offers its cells' changes instead.

    >>> import search_viz as sv
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> film = sv.film(sv.bfs, GraphProblem(notes_tree(), "A", "R"))
    >>> [edit.label for edit in film.edits_of(("node", "unvisited", "K"))]
    ['Make K the start', 'Make K the goal']
    """
    if view.kind == "grid":
        maze_edits.mark_editable(writer, view)
        return
    looks: dict[Any, list] = {node: [] for node in view.graph.nodes}
    for name in writer.scene.names():  # ("node", status, node)
        if isinstance(name, tuple) and len(name) == 3 and name[0] == "node":
            looks[name[2]].append(name)
    for node, names in looks.items():
        if not names:
            continue
        label = node_label(node)
        role = {view.start: " (the start)", view.goal: " (the goal)"}.get(node, "")
        edits = [Edit(f"Make {label} the {r}", {"do": r, "node": node}) for r in ROLES]
        writer.editable(names, f"node {label}{role}", edits)


def edited(problem: GraphProblem, change: Any) -> GraphProblem:
    """``problem`` with a new start (``{"do": "start", "node": n}``) or goal (``"goal"``); a
    ValueError saying what is allowed.

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> edited(GraphProblem(notes_tree(), "A", "R"), {"do": "start", "node": "R"})
    Traceback (most recent call last):
    ...
    ValueError: R is the goal: it cannot be the start too. Make another node the goal first.
    """
    if not isinstance(change, Mapping) or change.get("do") not in ROLES:
        raise ValueError(
            "An edit of a graph search makes a node the start or the goal, e.g. "
            f"{{'do': 'goal', 'node': 'K'}}, not {change!r:.60}."
        )
    do, node = change["do"], change.get("node")
    G = problem.graph
    if isinstance(node, bool) or not isinstance(node, (str, int)) or node not in G:
        raise ValueError(f"This graph has no node {node!r:.30}.")
    start, goal = problem.initial, problem.goal
    label = node_label(node)
    if node == (start if do == "start" else goal):
        raise ValueError(f"{label} is the {do} already: click another node to make it the {do}.")
    if node == (goal if do == "start" else start):
        other = "goal" if do == "start" else "start"
        raise ValueError(
            f"{label} is the {other}: it cannot be the {do} too. Make another node the {other} "
            "first."
        )
    if do == "start":
        return GraphProblem(G, node, goal)
    return GraphProblem(G, start, node)
