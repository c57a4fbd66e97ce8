"""How an uninformed search's picture changes, event by event (graphs and the 8-puzzle alike).

:func:`walk` reads a trace once and tells a film's builder, step by step,
which look each node takes, so that every step changes the picture and the
picture says what the sentence says:

* ``generate``: the node turns pale blue with a dashed outline (on the
  frontier), its link to its parent is drawn, and the ring marks it;
* ``expand``: the node turns orange (a diamond: being expanded) until the next
  node is taken off, when it turns blue (expanded);
* ``cutoff``: the node is hatched at the step that says it is cut off;
* ``goal``: the node becomes a star; ``done``: the path is drawn, the ring goes;
* ``iterate``: the picture is cleared and the new depth limit shown.

>>> import search_viz as sv
>>> limit_caption(3), end_caption(sv.Trace.record(sv.bfs(sv.EightPuzzle(
...     (1, 2, 3, 8, 0, 4, 7, 6, 5)))), "BFS")
('depth limit 3', 'found: a path of 0 steps')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

import search_viz as sv
from search_viz.film.style import STATUS, Style, font_size
from search_viz.lessons.shared.figure import figure_caption
from search_viz.lessons.shared.graph_cases import steps_text, stopped
from search_viz.lessons.shared.graph_drawing import GraphLooks, Shown, path_links, search_reach

#: The algorithms of the lesson: their function, frontier, pseudocode and full name.
ALGORITHMS: dict[str, tuple[Callable, str, str, str]] = {
    "BFS": (sv.bfs, "queue", sv.algorithms.BFS_PSEUDOCODE, "breadth-first search"),
    "DFS": (sv.dfs, "stack", sv.algorithms.DFS_PSEUDOCODE, "depth-first search"),
    "DLS": (sv.dls, "stack", sv.algorithms.DLS_PSEUDOCODE, "depth-limited search"),
    "IDDFS": (sv.iddfs, "stack", sv.algorithms.IDDFS_PSEUDOCODE, "iterative deepening"),
    "UCS": (sv.ucs, "priority", sv.algorithms.UCS_PSEUDOCODE, "uniform-cost search"),
}
#: The algorithms that search a tree (a node may come back along another path).
TREE_SEARCH = ("DLS", "IDDFS")

#: Node looks, bottom to top, with the short names the legend gives them.
LOOKS: dict[str, Style] = {
    "unvisited": STATUS["unvisited"],
    "frontier": replace(STATUS["frontier"], label="frontier"),
    "explored": STATUS["explored"],
    "cutoff": replace(STATUS["cutoff"], label="cut off"),
    "current": replace(STATUS["current"], label="being expanded"),
    "goal": STATUS["goal"],
    "path": replace(STATUS["path"], label="on the path"),
}


def search_for(problem: sv.Problem, algorithm: str, depth: int | None, *, bounded_dfs: bool):
    """The generator of ``algorithm`` on ``problem``.

    ``depth`` is DLS's limit, IDDFS's largest limit, and DFS's bound when
    ``bounded_dfs`` (the notes bound DFS on the 8-puzzle).

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> p = sv.GraphProblem(notes_tree(), "A", "R")
    >>> sv.run(search_for(p, "DLS", 4, bounded_dfs=False)).path
    ['A', 'C', 'G', 'L', 'R']
    """
    search = ALGORITHMS[algorithm][0]
    if algorithm == "DFS":
        return search(problem, limit=depth if bounded_dfs else None)
    if algorithm in TREE_SEARCH:
        return search(problem, depth)
    return search(problem)


def statuses_of(algorithm: str, limit: int | None, *, unvisited: bool) -> tuple[str, ...]:
    """The looks a node can take in a film of ``algorithm`` (``unvisited``: drawn before the
    search reaches it).

    >>> statuses_of("BFS", None, unvisited=False)
    ('frontier', 'explored', 'current', 'goal', 'path')
    """
    names = list(LOOKS)
    if not unvisited:
        names.remove("unvisited")
    if algorithm not in TREE_SEARCH and not (algorithm == "DFS" and limit is not None):
        names.remove("cutoff")
    return tuple(names)


def limits_of(trace: sv.Trace, algorithm: str, limit: int | None) -> tuple[int, ...]:
    """The depth limits a film shows: each of IDDFS's, DLS's one, DFS's bound.

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> limits_of(sv.Trace.record(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "C"), 9)), "IDDFS", 9)
    (0, 1)
    """
    if algorithm == "IDDFS":
        return tuple(dict.fromkeys(e.value for e in trace.events if e.kind == "iterate"))
    if limit is not None and algorithm in ("DLS", "DFS"):
        return (limit,)
    return ()


# ---------------------------------------------------------------- captions
def limit_caption(limit: int) -> str:
    """The caption over the picture while depth limit ``limit`` holds."""
    return f"depth limit {limit}"


def end_caption(trace: sv.Trace, algorithm: str) -> str:
    """The caption over the picture at the last step: what the search found."""
    result = trace.result
    if stopped(trace):
        return f"stopped after {result.stats['stopped']:,} steps"
    if result.path:
        cost = ""
        if algorithm == "UCS" and result.value != len(result.path) - 1:
            cost = f", cost {sv.format_value(result.value)}"
        return f"found: a path of {steps_text(len(result.path) - 1)}{cost}"
    if result.value == "cutoff":
        return "no goal within the limit (nodes were cut off)"
    return "no path: the goal cannot be reached"


def captions_of(trace: sv.Trace, algorithm: str, limit: int | None) -> tuple[str, ...]:
    """Every caption a film's picture may show, in a fixed order."""
    texts = [limit_caption(n) for n in limits_of(trace, algorithm, limit)]
    texts.append(end_caption(trace, algorithm))
    return tuple(dict.fromkeys(texts))


def draw_captions(scene, fig, captions: tuple[str, ...]) -> None:
    """The captions at the top left of ``fig``, each an item ``("caption", text)``."""
    for text in captions:
        scene.tag(figure_caption(fig, text), ("caption", text))


def draw_limit_lines(scene, ax, limits: tuple[int, ...]) -> None:
    """A dashed line under the nodes of depth ``n`` for each limit ``n``, where y = -depth.

    Items ``("limit", n)`` and ``("limit label", n)``.
    """
    x0, x1 = ax.get_xlim()
    colour = STATUS["cutoff"].color
    for n in limits:
        y = -(n + 0.5)
        (line,) = ax.plot([x0, x1], [y, y], color=colour, linestyle="--", linewidth=1.6, zorder=1.2)
        scene.tag(line, ("limit", n))
        label = ax.text(
            x1,
            y,
            f"limit {n}",
            ha="right",
            va="center",
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"},
            fontsize=font_size("legend"),
            color=colour,
            fontstyle="italic",
        )
        scene.tag(label, ("limit label", n))


# ---------------------------------------------------------------- the steps
def walk(
    builder,
    trace: sv.Trace,
    algorithm: str,
    looks: GraphLooks,
    panels,
    *,
    place: Callable[[int, Any], Hashable] = lambda k, e: e.node,
    parent: Callable[[int, Any], Hashable] = lambda k, e: e.parent,
    path: list | None = None,
    lines: bool = False,
    on_event: Callable[[Any], None] | None = None,
    asker=None,
) -> None:
    """Close one builder step per event of ``trace``: the looks, then the panels.

    ``place(k, e)`` is where event ``k`` happens in the picture (the node, or
    in a search tree the tree node) and ``parent(k, e)`` the place it links
    to; ``path`` the places of the solution path (drawn at the last step);
    ``lines``: the picture has depth-limit lines. A state put on the
    frontier again at another place (graph search) leaves its old place, if
    it was still waiting there. ``on_event(e)`` adds what else the picture
    shows of the event (the 8-puzzle's board). ``asker`` (a
    :class:`~search_viz.lessons.uninformed.questions.Asker`) writes what each
    step asks the student. A search stopped by the cap gets one more step that
    says so.
    """
    tree_search = algorithm in TREE_SEARCH
    current: Hashable = None
    where: dict[Hashable, Hashable] = {}  # state -> its latest place
    if algorithm in ("DLS", "DFS") and panels.limit is not None:
        _show_limit(builder, panels.limit, lines, algorithm == "DLS")
    for k, e in enumerate(trace.events):
        kind = e.kind
        at = place(k, e)
        if asker is not None:
            asker.event(k, e, at)
        panels.see(e)
        if kind == "iterate":
            looks.clear()
            current = None
            where = {}
            _show_limit(builder, e.value, lines, True)
        elif kind == "generate":
            old = where.get(e.node)
            if old not in (None, at) and not tree_search and looks.shown(old) == "frontier":
                looks.status(old, None)
                looks.link(old, None)
            where[e.node] = at
            looks.status(at, "frontier")
            looks.link(at, parent(k, e))
            looks.focus(at)
        elif kind == "expand":
            if current is not None and looks.shown(current) == "current":
                looks.status(current, "explored")
            looks.status(at, "current")
            link = parent(k, e)
            if link is not None:
                looks.link(at, link)
            looks.focus(at)
            current = at
        elif kind in ("cutoff", "goal"):
            looks.status(at, kind)
            looks.focus(at)
            current = None
        elif kind == "done":
            if current is not None and looks.shown(current) == "current":
                looks.status(current, "explored")
            current = None
            if path:
                for step in path[:-1]:
                    looks.status(step, "path")
                looks.show_path(path)
            looks.focus(None)
            builder.choose("caption", ("caption", end_caption(trace, algorithm)))
        if on_event is not None:
            on_event(e)
        panels.step(builder, e)
    if stopped(trace):  # one more step: the search did not end, it was stopped
        looks.focus(None)
        builder.choose("caption", ("caption", end_caption(trace, algorithm)))
        builder.step(panels.stopped_sentence(), line=None)


def walk_shown(trace: sv.Trace) -> Shown:
    """What :func:`walk` can show of ``trace`` on a graph (each event at its node): a node's
    looks are those its events give it, the ring is on the nodes events happen at, a link
    joins a node to the parent it was reached or expanded from.

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> shown = walk_shown(sv.Trace.record(sv.bfs(sv.GraphProblem(notes_tree(), "A", "C"))))
    >>> sorted(shown.nodes["current"]), sorted(shown.nodes["goal"]), sorted(shown.nodes["path"])
    (['A', 'B', 'C'], ['C'], ['A'])
    """
    reach, links = search_reach(trace)
    nodes = {"frontier": reach["generate"], "current": reach["expand"]}
    nodes |= {"cutoff": reach["cutoff"], "goal": reach["goal"]}
    path = trace.result.path or []
    rings = set().union(*nodes.values())
    shown = nodes | {"explored": nodes["current"], "path": set(path[:-1])}
    return Shown(shown, rings, links, set(path_links(path)))


def _show_limit(builder, limit: int, lines: bool, caption: bool) -> None:
    """Show depth limit ``limit``: its caption (``caption``), and its line (``lines``)."""
    if caption:
        builder.choose("caption", ("caption", limit_caption(limit)))
    if lines:
        builder.choose("limit", ("limit", limit))
        builder.choose("limit label", ("limit label", limit))
