"""The uninformed-search picture in words, step by step, for a screen reader.

The picture shows the graph (or the 8-puzzle's search tree) with each node's
status: on the frontier, current, explored, cut off at the depth limit, the
goal, and at the end the path. A description says what the step did to which
node, the depth limit and what this iteration has visited (IDDFS), and the
frontier in the order the search takes it, from the panels' own fold
(:class:`~search_viz.lessons.uninformed.panels.Panels`).

>>> import search_viz as sv
>>> from search_viz.problems.graph_examples import notes_tree
>>> film = sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=20)
>>> print(film.state(10).description)  # doctest: +NORMALIZE_WHITESPACE
Current node: B (depth 1), taken off the frontier. Depth limit 1; visited in this iteration,
in order: A, B. The frontier, a stack, top first: C, D.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from search_viz.events import Event, format_value
from search_viz.lessons.shared.graph_cases import path_text, steps_text
from search_viz.lessons.shared.word_lists import MOST_NAMED, board_words, listed

if TYPE_CHECKING:  # the panels import this module
    from search_viz.lessons.uninformed.panels import Panels

#: An IDDFS iteration's visits are named up to this many (the notes' table shows them all).
VISITED_NAMED = 24
#: How each frontier is read, next node first.
FRONTIER_WORDS = {
    "queue": "a queue, front first",
    "stack": "a stack, top first",
    "priority": "a priority queue, lowest g first",
}


def uninformed_description(e: Event, panels: Panels) -> str:
    """What the picture shows after the step of ``e`` (``panels`` has seen it).

    >>> import search_viz as sv
    >>> from search_viz.lessons.uninformed.panels import Panels
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> trace = sv.Trace.record(sv.bfs(sv.GraphProblem(notes_tree(), "A", "R")))
    >>> panels = Panels(trace, "BFS", "queue")
    >>> for e in trace.events[:5]:
    ...     panels.see(e)
    >>> print(uninformed_description(trace.events[4], panels))  # doctest: +NORMALIZE_WHITESPACE
    Just put on the frontier: D, a child of A (depth 1). The frontier, a queue, front first:
    B, C, D.
    """
    name = _namer(panels.label)
    parts = [_now(e, panels, name)]
    if panels.depth_limit is not None and e.kind != "done":
        limit = f"Depth limit {panels.depth_limit}"
        if panels.algorithm == "IDDFS" and panels.rows:
            visits = panels.rows[-1][1]  # only the named ones are read: a step costs little
            visited = listed(
                [name(n) for n in visits[:VISITED_NAMED]],
                most=VISITED_NAMED,
                empty="nothing yet",
                total=len(visits),
            )
            limit += f"; visited in this iteration, in order: {visited}"
        parts.append(limit)
    if e.kind != "done":
        parts.append(_frontier(panels, name))
    return ". ".join(parts) + "."


def _namer(label):
    """A node's name: an 8-puzzle board read row by row, any other node by its label."""

    def name(node: Hashable) -> str:
        if isinstance(node, tuple) and len(node) == 9:
            return board_words(node)
        return label(node)

    return name


def _now(e: Event, panels: Panels, name) -> str:
    """What the step did, to which node."""
    kind = e.kind
    if kind == "iterate":
        start = "" if panels.start is None else f" from {name(panels.start)}"
        return (
            f"A new iteration with depth limit {e.value}: the search starts again{start}, "
            "the picture cleared"
        )
    if kind == "done":
        path = panels.trace.result.path
        if not path:
            return "The search is over: no path to the goal"
        return f"The search is over. The path, drawn in the picture: {path_text(path, name)} " + (
            f"({steps_text(len(path) - 1)})"
        )
    n = name(e.node)
    cost = f", g = {format_value(e.g)}" if panels.algorithm == "UCS" and e.g is not None else ""
    if kind == "generate":
        if e.parent is None:
            return f"Just put on the frontier: {n}, the start{cost}"
        return f"Just put on the frontier: {n}, a child of {name(e.parent)} (depth {e.depth}{cost})"
    if kind == "expand":
        return f"Current node: {n} (depth {e.depth}{cost}), taken off the frontier"
    if kind == "cutoff":
        return f"{n} is at the depth limit: cut off, its children not generated"
    if kind == "goal":
        return f"Goal found: {n}"
    return f"{kind}: {n}"


def _frontier(panels: Panels, name) -> str:
    """The frontier in the order the search takes it (as the table beside the picture); only
    the first few are named, so that a step costs little however large the frontier."""
    waiting = panels.waiting()
    if not waiting:
        return "The frontier is empty"
    if panels.discipline == "stack":
        first = waiting[: -MOST_NAMED - 1 : -1]
    elif panels.discipline == "priority":
        costs = panels.frontier
        first = heapq.nsmallest(MOST_NAMED, waiting, key=lambda n: costs.get(n, 0))
    else:
        first = waiting[:MOST_NAMED]
    if panels.discipline == "priority":
        said = [f"{name(n)} (g {format_value(panels.frontier.get(n))})" for n in first]
    else:
        said = [name(n) for n in first]
    named = listed(said, total=len(waiting))
    return f"The frontier, {FRONTIER_WORDS[panels.discipline]}: {named}"


def iterations_alt(per_iteration: Sequence[int]) -> str:
    """The ``alt`` of iterative deepening's chart: the nodes each iteration visited.

    >>> iterations_alt([1, 4, 9])
    'Bar chart of the nodes visited by each iteration of iterative deepening: depth limit 0: 1, \
limit 1: 4, limit 2: 9.'
    """
    bars = [f"limit {limit}: {count}" for limit, count in enumerate(per_iteration)]
    return (
        "Bar chart of the nodes visited by each iteration of iterative deepening: depth "
        + ", ".join(bars)
        + "."
    )


def memory_alt(caption: str) -> str:
    """The ``alt`` of the memory chart (BFS against DFS), whose ``caption`` gives its numbers.

    >>> memory_alt("Here BFS kept up to 16 nodes waiting and DFS up to 5.")[:60]
    "Line chart of the frontier's size after each expansion, BFS "
    """
    return f"Line chart of the frontier's size after each expansion, BFS against DFS. {caption}"
