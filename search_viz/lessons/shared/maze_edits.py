"""Changing a maze in its picture (uninformed and bidirectional search): a wall put up or taken
away, the start or the goal moved.

In the player's edit mode a click on a cell of a maze offers its changes: a
free cell can become a wall, the start or the goal; a wall can be taken away;
the start and the goal can swap. With a mouse, the start or the goal is dragged to
another cell, and a sweep across cells puts up walls (from a free cell) or takes
them away (from a wall). :func:`mark_editable` writes them into a film
(on the cells' ``("target", cell)`` items, see
:func:`~search_viz.lessons.shared.graph_drawing.draw_targets`); :func:`edited`
makes the changed problem, or raises a ``ValueError`` saying what is allowed.
A change that would leave no path from the start to the goal is refused (when
there was one). Both are pure: a page writes the changed maze into its "Your
maze" text (:func:`~search_viz.problems.maze_text.maze_text`), so that the link
holds it.

>>> from search_viz.problems.maze_text import maze_graph, maze_text
>>> problem = GraphProblem(maze_graph(3, []), (0, 0), (2, 2))
>>> print(maze_text(*ends(edited(problem, {"do": "wall", "cell": [1, 1]}))))
S..
.#.
..G
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import networkx as nx

from search_viz.film.builder import FilmBuilder
from search_viz.film.edits import Edit
from search_viz.lessons.shared.graph_cases import node_label
from search_viz.lessons.shared.graph_drawing import GraphView, grid_cells
from search_viz.problems.graph_problem import GraphProblem
from search_viz.problems.maze_text import maze_graph, maze_size, walls_of

#: What the player says a click does, for the page's edit mode.
HINT = (
    "Click a cell: a free cell can become a wall, the start or the goal; a wall can be taken "
    "away; the start and the goal can swap. With a mouse, drag the start or the goal to "
    "another cell, or sweep across cells to draw walls (from a free cell) or rub them out "
    "(from a wall)."
)
#: The changes, by their "do".
CHANGES = ("wall", "open", "start", "goal", "swap")


def ends(problem: GraphProblem) -> tuple[nx.Graph, Any, Any]:
    """The maze, its start and its goal (as :func:`~search_viz.problems.maze_text.maze_text`
    takes them).

    >>> ends(GraphProblem(maze_graph(2, []), (0, 0), (1, 1)))[1:]
    ((0, 0), (1, 1))
    """
    return problem.graph, problem.initial, problem.goal


def offers(view: GraphView, cell: tuple[int, int]) -> tuple[str, tuple[Edit, ...]]:
    """What a click on ``cell`` of the maze ``view`` offers: words for the cell, its edits.

    >>> view = GraphView.of(maze_graph(3, [(1, 1)]), (0, 0), (2, 2), "grid")
    >>> offers(view, (1, 1))
    ('cell (1, 1), a wall', (Edit(label='Take away the wall on (1, 1)', change={'do': 'open', \
'cell': [1, 1]}, number=None, low=-1000000000000000, high=1000000000000000),))
    >>> [edit.label for edit in offers(view, (0, 1))[1]]
    ['Put a wall here', 'Make (0, 1) the start', 'Make (0, 1) the goal']
    """
    label = node_label(cell)
    if cell not in view.graph:
        return f"cell {label}, a wall", _wall_edits(cell)
    if cell in (view.start, view.goal):
        name = "start" if cell == view.start else "goal"
        return f"cell {label}, the {name}", SWAP
    return f"cell {label}", _free_cell_edits(cell)


#: What the start and the goal offer.
SWAP = (Edit("Swap the start and the goal", {"do": "swap"}),)


# A cell's edits depend on the cell alone: made once per server, for every maze (a film of a
# 30 x 30 maze offers 2,000 of them).
@lru_cache(maxsize=1024)
def _wall_edits(cell: tuple[int, int]) -> tuple[Edit, ...]:
    return (Edit(f"Take away the wall on {node_label(cell)}", {"do": "open", "cell": list(cell)}),)


@lru_cache(maxsize=1024)
def _free_cell_edits(cell: tuple[int, int]) -> tuple[Edit, ...]:
    label, at = node_label(cell), {"cell": list(cell)}
    return (
        Edit("Put a wall here", {"do": "wall", **at}),
        Edit(f"Make {label} the start", {"do": "start", **at}),
        Edit(f"Make {label} the goal", {"do": "goal", **at}),
    )


def mark_editable(writer: FilmBuilder, view: GraphView) -> None:
    """Tell the film of a maze what a click on each of its cells changes (see :func:`offers`).

    The scene must have drawn the cells' targets
    (:func:`~search_viz.lessons.shared.graph_drawing.draw_targets`).

    >>> import search_viz as sv
    >>> film = sv.film(sv.bfs, GraphProblem(maze_graph(3, [(1, 1)]), (0, 0), (2, 2)))
    >>> [edit.label for edit in film.edits_of(("target", (1, 1)))]
    ['Take away the wall on (1, 1)']
    """
    for cell in grid_cells(view):
        what, edits = offers(view, cell)
        writer.editable([("target", cell)], what, edits, **_dragging(view, cell))


def _dragging(view: GraphView, cell: tuple[int, int]) -> dict[str, str]:
    """What a mouse drag from ``cell`` does: the start or the goal dropped on a free cell
    moves there; a sweep from a free cell puts up walls on the free cells it crosses, and one
    from a wall takes away the walls it crosses.

    >>> view = GraphView.of(maze_graph(3, [(1, 1)]), (0, 0), (2, 2), "grid")
    >>> _dragging(view, (0, 0)), _dragging(view, (0, 1)), _dragging(view, (1, 1))
    ({'drag': 'start'}, {'paint': 'wall'}, {'paint': 'open'})
    """
    if cell == view.start:
        return {"drag": "start"}
    if cell == view.goal:
        return {"drag": "goal"}
    return {"paint": "wall" if cell in view.graph else "open"}


def edited(problem: GraphProblem, change: Any) -> GraphProblem:
    """``problem`` (a maze) with ``change`` made; a ValueError saying what is allowed.

    ``change``: ``{"do": "wall" | "open" | "start" | "goal", "cell": [row, col]}`` or
    ``{"do": "swap"}``.

    >>> problem = GraphProblem(maze_graph(2, [(0, 1)]), (0, 0), (1, 1))
    >>> edited(problem, {"do": "wall", "cell": [1, 0]})
    Traceback (most recent call last):
    ...
    ValueError: With a wall on (1, 0) the goal (1, 1) cannot be reached from the start (0, 0): \
the maze stays as it was. Take another wall away first, or put this one elsewhere.
    """
    if not isinstance(change, Mapping) or change.get("do") not in CHANGES:
        raise ValueError(
            "An edit of a maze puts up or takes away a wall, or moves the start or the goal, "
            f"e.g. {{'do': 'wall', 'cell': [2, 3]}}, not {change!r:.60}."
        )
    G, start, goal = ends(problem)
    do = change["do"]
    if do == "swap":
        return GraphProblem(G, goal, start)
    cell = _cell(G, change.get("cell"))
    label = node_label(cell)
    walls = set(walls_of(G))
    if do == "open":
        if cell not in walls:
            raise ValueError(f"{label} has no wall to take away: click a dark cell.")
        return GraphProblem(maze_graph(maze_size(G), walls - {cell}), start, goal)
    if cell in walls:
        raise ValueError(
            f"{label} is a wall: take the wall away first (click it), then make it the {do}."
            if do != "wall"
            else f"{label} is a wall already: click it to take the wall away."
        )
    if do == "wall":
        if cell in (start, goal):
            name = "start" if cell == start else "goal"
            raise ValueError(
                f"{label} is the {name}: a wall cannot go there. Move the {name} first."
            )
        new = GraphProblem(maze_graph(maze_size(G), walls | {cell}), start, goal)
        why = f"With a wall on {label}"
        how = "Take another wall away first, or put this one elsewhere."
    else:
        if cell == (start if do == "start" else goal):
            raise ValueError(
                f"{label} is the {do} already: click another cell to make it the {do}."
            )
        if cell == (goal if do == "start" else start):
            other = "goal" if do == "start" else "start"
            raise ValueError(
                f"{label} is the {other}: it cannot be the {do} too. Swap them by clicking "
                f"the {other}, or make another cell the {other} first."
            )
        new = GraphProblem(G, cell, goal) if do == "start" else GraphProblem(G, start, cell)
        why = f"With the {do} on {label}"
        how = "Choose a cell the walls do not cut off, or take a wall away first."
    if nx.has_path(G, start, goal) and not nx.has_path(new.graph, new.initial, new.goal):
        raise ValueError(
            f"{why} the goal {node_label(new.goal)} cannot be reached from the start "
            f"{node_label(new.initial)}: the maze stays as it was. {how}"
        )
    return new


def _cell(G: nx.Graph, cell: Any) -> tuple[int, int]:
    """``cell`` (JSON: a list of two whole numbers) as a cell of the maze ``G``."""
    size = maze_size(G)
    if (
        not isinstance(cell, (list, tuple))
        or len(cell) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        or not all(0 <= x < size for x in cell)
    ):
        raise ValueError(f"This {size} x {size} maze has no cell {cell!r:.30}.")
    return (cell[0], cell[1])
