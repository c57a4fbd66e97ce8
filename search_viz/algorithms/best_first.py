"""Best-first search, the one core behind uniform-cost search, greedy best-first search and A*.

``best_first_search(problem, f)`` always expands the frontier node with the
lowest ``f``; choosing ``f`` chooses the algorithm (as in AIMA):

* uniform-cost search: ``f = g`` (the cost of the path so far), :func:`ucs`;
* greedy best-first search: ``f = h`` (the estimate of the cost still to go),
  :func:`~search_viz.algorithms.informed.greedy`;
* A*: ``f = g + h``, :func:`~search_viz.algorithms.informed.astar`.

``f`` is a function of ``(g, h)``; pass ``h`` (a function of the state) when
``f`` needs it, and the events carry it. Every ``generate`` and ``expand``
event carries ``g``, ``depth``, ``f`` (the priority the node is ordered by:
``g`` for UCS, ``h`` for greedy, ``g + h`` for A*; ``value`` holds it too) and,
when ``h`` is given, ``h``.

>>> import networkx as nx, search_viz as sv
>>> G = nx.Graph([("S", "A", {"weight": 1}), ("A", "G", {"weight": 5}), ("S", "G", {"weight": 9})])
>>> r = sv.run(sv.ucs(sv.GraphProblem(G, "S", "G")))
>>> r.path, r.value
(['S', 'A', 'G'], 6)
>>> astar = sv.best_first_search(sv.GraphProblem(G, "S", "G"), f=lambda g, h: g + h,
...                              h=lambda state: 0)
>>> sv.run(astar).path
['S', 'A', 'G']
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Generator
from typing import Any

from search_viz.algorithms.paths import walk_back
from search_viz.algorithms.search_events import search_event
from search_viz.checks import WrongTypeError, describe
from search_viz.events import Event, Result
from search_viz.problems.search_problem import Problem, check_problem

INF = math.inf

#: What a best-first search asks of a problem.
BEST_FIRST_METHODS = ("initial", "steps", "is_goal")

#: The tie-breaking rules among frontier nodes with equal f.
TIES: dict[str, str] = {
    "fifo": "first in, first out: the node put on the frontier first",
    "deeper": "deeper first: the node with the larger g, then first in, first out",
}


def best_first_pseudocode(f_text: str) -> str:
    """The pseudocode of best-first search with ``f`` written as ``f_text``.

    The line numbers are the same for every ``f``, so one core serves every variant.

    >>> best_first_pseudocode("g").splitlines()[0]
    'frontier = [start], ordered by f = g'
    """
    return f"""\
frontier = [start], ordered by f = {f_text}
g[start] = 0
while frontier is not empty:
    node = LOWEST f off the frontier
    if node is the goal: return path
    add node to expanded
    for each child of node:
        cost = g[node] + step cost
        if child not expanded and
           (new or cost < g[child]):
            g[child] = cost
            parent[child] = node
            put child on the frontier
return failure"""


UCS_PSEUDOCODE = best_first_pseudocode("g")


def best_first_search(
    problem: Problem,
    f: Callable[[float, float | None], float],
    h: Callable[[Any], float] | None = None,
    tie: str = "fifo",
) -> Generator[Event, None, Result]:
    """Expand the frontier node with the lowest ``f(g, h)`` first: graph search with a closed set.

    ``h`` estimates the cost from a state to the goal (None: not used, and
    ``f`` gets ``h = None``). ``tie`` breaks ties among equal ``f``:
    ``"fifo"`` (first in, first out) or ``"deeper"`` (larger ``g`` first, then
    first in, first out). A node reached again by a cheaper path before it is
    expanded is put on the frontier again with its new ``f`` (the old entry
    is skipped when it comes up); an expanded node is never reopened.
    A step cost that is not a finite number of 0 or more raises ValueError.
    ``Result.value`` is the path's cost.

    >>> import networkx as nx, search_viz as sv
    >>> p = sv.GraphProblem(nx.path_graph(3), 0, 2)
    >>> tr = sv.Trace.record(best_first_search(p, f=lambda g, h: g))
    >>> [(e.node, e.g) for e in tr.events if e.kind == "expand"]
    [(0, 0), (1, 1), (2, 2)]
    """
    check_problem(problem, "best-first search", BEST_FIRST_METHODS)
    if not callable(f):
        raise WrongTypeError(f"f must be a function of (g, h), not {describe(f)}")
    if h is not None and not callable(h):
        raise WrongTypeError(f"h must be a function of a state, or None, not {describe(h)}")
    if not isinstance(tie, str) or tie not in TIES:
        raise ValueError(f"tie must be one of {', '.join(TIES)}, not {describe(tie)}")
    return _best_first_search(problem, f, h, tie)


def _best_first_search(
    problem: Problem, f: Callable[[float, float | None], float], h, tie: str
) -> Generator[Event, None, Result]:
    # A frontier entry is (f, tie key, order, g, depth, h, state): the heap orders by f, then
    # by the tie key (-g for deeper first, else 0), then first in, first out; the rest is what
    # the node's events need. Everything the loop calls is a local name: it runs per node.
    deeper = -1 if tie == "deeper" else 0
    steps, is_goal = problem.steps, problem.is_goal
    push, pop, order = heapq.heappush, heapq.heappop, itertools.count().__next__
    start = problem.initial
    h_start = h(start) if h else None
    f_start = f(0, h_start)
    yield _event("generate", start, None, f_start, 0, 0, h_start, 1)
    g_of: dict[Any, float] = {start: 0}
    parents: dict[Any, Any] = {start: None}
    frontier = [(f_start, 0, order(), 0, 0, h_start, start)]
    expanded: set = set()
    generated, biggest = 1, 0
    while frontier:
        if len(frontier) > biggest:
            biggest = len(frontier)
        f_node, _, _, g, depth, h_node, node = pop(frontier)
        if node in expanded or g != g_of[node]:
            continue  # a stale entry: the node was reached again more cheaply
        yield _event("expand", node, None, f_node, depth, g, h_node, 4)
        if is_goal(node):
            yield _event("goal", node, None, f_node, depth, g, h_node, 5)
            path = walk_back(parents, node)
            yield search_event("done", node, value=g, line=5)
            return _result(path, g, len(expanded) + 1, generated, biggest)
        expanded.add(node)
        depth += 1
        for child, cost in steps(node):
            if child in expanded:
                continue
            try:
                bad = not 0 <= cost < INF  # negative, infinite, NaN
            except TypeError:  # not a number at all
                bad = True
            if bad:
                raise ValueError(
                    f"the step from {describe(node)} to {describe(child)} costs "
                    f"{describe(cost)}: best-first search needs costs that are finite numbers "
                    "of 0 or more"
                )
            g_child = g + cost
            if child in g_of and g_child >= g_of[child]:
                continue
            g_of[child] = g_child
            parents[child] = node
            h_child = h(child) if h else None
            f_child = f(g_child, h_child)
            push(frontier, (f_child, deeper * g_child, order(), g_child, depth, h_child, child))
            generated += 1
            yield _event("generate", child, node, f_child, depth, g_child, h_child, 13)
    yield search_event("done", line=14)
    return _result(None, None, len(expanded), generated, biggest)


_new_tuple = tuple.__new__


def _event(
    kind: str, node: Any, parent: Any, f: float, depth: int, g: float, h, line: int
) -> Event:
    """:func:`search_event` for best-first search: the same Event, its fields passed in order.

    >>> _event("expand", "B", None, 5, 1, 1, 4, 4) == search_event(
    ...     "expand", "B", depth=1, g=1, h=4, f=5, value=5, line=4)
    True
    """
    return _new_tuple(
        Event, (kind, node, parent, f, None, None, depth, g, h, f, None, None, None, line, None)
    )


def ucs(problem: Problem, tie: str = "fifo") -> Generator[Event, None, Result]:
    """Uniform-cost search: best-first search with ``f = g``, the cheapest path first.

    Step costs are the problem's ``action_cost`` (through ``steps``) (a GraphProblem reads the
    edges' ``weight``, 1 where there is none). The path found is a cheapest one.

    >>> import networkx as nx, search_viz as sv
    >>> G = nx.Graph()
    >>> G.add_weighted_edges_from([("S", "A", 2), ("S", "B", 5), ("A", "B", 1), ("B", "G", 1)])
    >>> r = sv.run(sv.ucs(sv.GraphProblem(G, "S", "G")))
    >>> r.path, r.value
    (['S', 'A', 'B', 'G'], 4)
    """
    check_problem(problem, "ucs", BEST_FIRST_METHODS)
    return best_first_search(problem, f=_path_cost, tie=tie)


def _path_cost(g: float, h: float | None) -> float:
    return g


def _result(path, cost, expanded: int, generated: int, biggest: int) -> Result:
    return Result(
        value=cost,
        path=path,
        state=path[-1] if path else None,
        stats={"expanded": expanded, "generated": generated, "max_frontier": biggest},
    )
