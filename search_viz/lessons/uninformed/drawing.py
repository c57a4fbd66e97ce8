"""Uninformed search as a film: a graph, tree or maze (or the 8-puzzle's search tree), step by step.

The scene is the whole graph drawn once, every node in every look it can
take; :func:`~search_viz.lessons.uninformed.looks.walk` then says, event by
event, which look each node shows (see there). The frontier (a queue, a
stack or a priority queue) and iterative deepening's table of the notes are
the step's tables. The 8-puzzle, too big to draw as a graph, is drawn as
its search tree (:mod:`search_viz.lessons.uninformed.puzzle_tree`).

>>> import search_viz as sv
>>> from search_viz.problems.graph_examples import notes_tree
>>> film = sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=10)
>>> len(film), film.state(-1).sentence
(104, 'Found: A → C → G → L → R (4 steps).')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from matplotlib.figure import Figure

import search_viz as sv
from search_viz.film import Film, FilmBuilder, Scene
from search_viz.film.sketch import Sketch
from search_viz.lessons.shared.graph_cases import node_label, record
from search_viz.lessons.shared.graph_drawing import (
    COST_LIMIT,
    GraphLooks,
    GraphView,
    Shown,
    draw_graph,
    draw_targets,
    graph_figure,
    graph_legend_handle,
    graph_sketch,
    legend_entries,
    needs_matplotlib,
)
from search_viz.lessons.shared.outcome import at_the_end
from search_viz.lessons.uninformed.edits import mark_editable
from search_viz.lessons.uninformed.looks import (
    ALGORITHMS,
    LOOKS,
    TREE_SEARCH,
    captions_of,
    draw_captions,
    draw_limit_lines,
    limits_of,
    statuses_of,
    walk,
    walk_shown,
)
from search_viz.lessons.uninformed.panels import Panels
from search_viz.lessons.uninformed.puzzle_tree import puzzle_film
from search_viz.lessons.uninformed.questions import Asker, clickable
from search_viz.problems.eight_puzzle import EightPuzzle
from search_viz.problems.graph_examples import notes_tree
from search_viz.problems.graph_problem import GraphProblem

#: The picture's size in inches.
FIGURE = (6.0, 4.8)


def films(algorithm: Any, problem: Any) -> bool:
    """Whether this lesson films ``algorithm`` on ``problem``.

    >>> films(sv.bfs, sv.GraphProblem(notes_tree(), "A", "R")), films(sv.astar, None)
    (True, False)
    """
    ours = any(algorithm is entry[0] for entry in ALGORITHMS.values())
    return ours and isinstance(problem, (GraphProblem, EightPuzzle))


def film_of(algorithm: Callable, problem: sv.Problem, **options: Any) -> Film:
    """The film of an uninformed ``algorithm`` on ``problem`` (``sv.film`` calls this).

    ``options`` are the algorithm's own: ``limit`` for DFS and DLS,
    ``max_depth`` for IDDFS, ``tie`` for UCS. The search is stopped after
    ``MAX_EVENTS`` events; the film then says so at its last step.

    >>> film = film_of(sv.dfs, sv.EightPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5)), limit=6)
    >>> film.state(-1).sentence[-36:]
    '123/_84/765 → 123/8_4/765 (5 steps).'
    """
    name = next(key for key, entry in ALGORITHMS.items() if entry[0] is algorithm)
    limit = options.get("limit", options.get("max_depth"))
    trace = record(algorithm(problem, **options))
    if isinstance(problem, EightPuzzle):
        return uninformed_film(trace, name, None, limit=limit, goal_board=problem.goal)
    view = GraphView.guess(problem.graph, problem.initial, problem.goal)
    return uninformed_film(trace, name, view, limit=limit)


def uninformed_film(
    trace: sv.Trace,
    algorithm: str,
    view: GraphView | None,
    *,
    limit: int | None = None,
    goal_board: tuple | None = None,
) -> Film:
    """The film of ``trace``, a run of ``algorithm`` ("BFS", "DFS", "DLS", "IDDFS", "UCS").

    ``view``: the graph's drawing, or None for the 8-puzzle (drawn as its
    search tree, with the current board and ``goal_board``). ``limit``: the
    depth limit (DLS), largest limit (IDDFS) or bound (DFS).
    """
    if view is None:
        return puzzle_film(trace, algorithm, goal=goal_board, limit=limit)
    return graph_film(trace, algorithm, view, limit=limit)


def graph_scene(
    view: GraphView,
    statuses: tuple[str, ...],
    captions: tuple[str, ...],
    limits: tuple[int, ...],
    shown: Shown | None = None,
) -> Scene | Sketch:
    """The picture every step of a graph film restyles (``shown``: the parts of the graph
    its film can show; None: every node in every look).

    Items besides :func:`~search_viz.lessons.shared.graph_drawing.draw_graph`'s:
    ``("caption", text)`` over the picture, the lines of the depth
    ``limits`` on a tree hung from the start, and on a maze ``("target",
    cell)`` over each cell, walls too (see
    :func:`~search_viz.lessons.shared.graph_drawing.draw_targets`).
    """
    entries = legend_entries(LOOKS[s] for s in statuses)
    if needs_matplotlib(view):
        handles = [graph_legend_handle(entry) for entry in entries]
        fig, ax = graph_figure(*FIGURE, handles, ncols=4, top=0.3)
        scene = Scene(fig)
    else:  # sketched: written as SVG without matplotlib's artists (see search_viz.film.sketch)
        scene, ax = graph_sketch(*FIGURE, entries, ncols=4, top=0.3)
    base = "unvisited" if view.kind != "grid" else None
    draw_graph(scene, ax, view, statuses, LOOKS, base=base, shown=shown)
    if view.kind == "grid":
        draw_targets(scene, ax, view)
    draw_captions(scene, scene.figure, captions)
    if view.depth_rows:
        draw_limit_lines(scene, ax, limits)
    return scene


def graph_film(trace: sv.Trace, algorithm: str, view: GraphView, *, limit: int | None) -> Film:
    """The film of ``trace`` on the graph of ``view`` (see :func:`uninformed_film`)."""
    discipline, code, long_name = ALGORITHMS[algorithm][1:]
    statuses = statuses_of(algorithm, limit, unvisited=view.kind != "grid")
    limits = limits_of(trace, algorithm, limit)
    captions = captions_of(trace, algorithm, limit)
    draw = partial(graph_scene, view, statuses, captions, limits, walk_shown(trace))
    title = f"{long_name.capitalize()} from {node_label(view.start)} to {node_label(view.goal)}"
    builder = FilmBuilder(draw, title=title, pseudocode=code, layout="side")
    mark_editable(builder, view)  # what a click changes in edit mode
    looks = GraphLooks(builder, base="unvisited" if "unvisited" in statuses else None)
    panels = Panels(trace, algorithm, discipline, limit=limit, start=view.start, label=node_label)
    adjacency = view.graph.adj
    asker = Asker(
        builder,
        algorithm,
        discipline,
        label=node_label,
        looks_of=clickable(looks, target=view.kind == "grid"),
        children=lambda node: list(adjacency[node]),
        kin="children" if view.kind == "tree" and view.graph.is_directed() else "neighbours",
        limit=limit if algorithm in ("DFS", "DLS", "IDDFS") else None,
        tree_search=algorithm in TREE_SEARCH,
        path=trace.result.path,
        costs_shown=view.graph.number_of_edges() <= COST_LIMIT,
    )
    walk(
        builder,
        trace,
        algorithm,
        looks,
        panels,
        path=trace.result.path,
        lines=view.depth_rows,
        asker=asker,
    )
    builder.outcome(at_the_end(builder.counters))  # what edit mode says an edit changed
    return builder.film()


@lru_cache(maxsize=1)
def _thumbnail_film() -> Film:
    view = GraphView.of(notes_tree(), "A", "R", kind="tree")
    trace = sv.Trace.record(sv.bfs(sv.GraphProblem(view.graph, "A", "R")))
    return graph_film(trace, "BFS", view, limit=None)


def thumbnail() -> Figure:
    """The home page's card: BFS halfway through the notes' tree.

    >>> thumbnail().get_size_inches().tolist()
    [6.0, 4.8]
    """
    return _thumbnail_film().figure(16)
