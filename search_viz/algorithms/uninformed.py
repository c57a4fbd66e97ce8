"""Uninformed search: breadth-first, depth-first, depth-limited and iterative deepening.

Each algorithm is a generator over a :class:`~search_viz.problems.Problem`:
it yields ``generate`` when a child is put on the frontier, ``expand`` when a
node is taken off the frontier and goal-tested, ``goal``, ``cutoff`` (a node
at the depth limit), ``iterate`` (a new limit) and ``done``, and returns a
:class:`~search_viz.Result` whose ``path`` runs from the start to the goal
(None when there is none). Each event's ``line`` points into the algorithm's
pseudocode below, which the pages show.

>>> import search_viz as sv
>>> from search_viz.problems.graph_examples import notes_tree
>>> p = sv.GraphProblem(notes_tree(), "A", "R")
>>> r = sv.run(sv.bfs(p))
>>> r.path, r.stats["expanded"]
(['A', 'C', 'G', 'L', 'R'], 17)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from typing import Any, NamedTuple

from search_viz.algorithms.paths import walk_back
from search_viz.algorithms.search_events import search_event
from search_viz.checks import whole_number
from search_viz.events import Event, Result
from search_viz.problems.search_problem import Problem, check_problem

Search = Generator[Event, None, Result]

BFS_PSEUDOCODE = """\
frontier = queue [start]
reached = {start}
while frontier is not empty:
    node = FIRST node off the frontier
    if node is the goal: return path
    for each child of node:
        if child not in reached:
            add child to reached
            parent[child] = node
            put child at the END
return failure"""

DFS_PSEUDOCODE = """\
frontier = stack [start]
expanded = {}
while frontier is not empty:
    node = LAST node off the frontier
    if node in expanded: skip it
    if node is the goal: return path
    add node to expanded
    if depth(node) = bound: cut off
    for each child, last child first:
        if child not in expanded:
            push child (parent: node)
return failure"""

DLS_PSEUDOCODE = """\
frontier = stack [start]
while frontier is not empty:
    node = LAST node off the frontier
    if node is the goal: return path
    if depth(node) = limit: cut off
    for each child, last child first:
        if child not on node's path:
            push child
return cutoff if any, else failure"""

IDDFS_PSEUDOCODE = """\
for limit = 0, 1, 2, ..., max_depth:
    frontier = stack [start]
    while frontier is not empty:
        node = LAST node off frontier
        if node is the goal: return path
        if depth(node) = limit: cut off
        for each child, last first:
            if not on node's path:
                push child
    if nothing was cut off: failure
return cutoff (none within max_depth)"""


class _Lines(NamedTuple):
    """Where the events of depth-limited search point in a pseudocode."""

    start: int
    expand: int
    goal: int
    cutoff: int
    generate: int
    done: int


_DLS_LINES = _Lines(start=1, expand=3, goal=4, cutoff=5, generate=8, done=9)
_IDDFS_LINES = _Lines(start=2, expand=4, goal=5, cutoff=6, generate=9, done=10)


def bfs(problem: Problem) -> Search:
    """Breadth-first search: a FIFO queue, so the shallowest nodes are expanded first.

    Graph search: a node enters the frontier at most once. The goal test
    happens when a node is taken off the frontier. On unit costs the path is
    a shortest one.

    >>> import networkx as nx, search_viz as sv
    >>> p = sv.GraphProblem(nx.cycle_graph(6), 0, 3)
    >>> r = sv.run(sv.bfs(p))
    >>> r.path, r.value, r.stats["expanded"]
    ([0, 1, 2, 3], 3, 6)
    """
    return _bfs(check_problem(problem, "bfs"))


def _bfs(problem: Problem) -> Search:
    start = problem.initial
    successors, is_goal = problem.successors, problem.is_goal
    yield search_event("generate", start, depth=0, line=1)
    parents: dict[Any, Any] = {start: None}
    frontier = deque([(start, 0)])
    expanded = biggest = 0
    while frontier:
        biggest = max(biggest, len(frontier))
        node, depth = frontier.popleft()
        expanded += 1
        yield search_event("expand", node, depth=depth, line=4)
        if is_goal(node):
            yield search_event("goal", node, depth=depth, line=5)
            path = walk_back(parents, node)
            yield search_event("done", node, value=len(path) - 1, line=5)
            return _result(path, expanded, len(parents), biggest)
        depth += 1
        for child in successors(node):
            if child not in parents:
                parents[child] = node
                frontier.append((child, depth))
                yield search_event("generate", child, parent=node, depth=depth, line=10)
    yield search_event("done", line=11)
    return _result(None, expanded, len(parents), biggest)


def dfs(problem: Problem, limit: int | None = None) -> Search:
    """Depth-first search: a LIFO stack, so the newest node is expanded first.

    Graph search: no node is expanded twice. A child reached again before it
    is expanded is pushed again (it moves to the top of the stack), so the
    order is that of a recursive DFS. With ``limit``, nodes at that depth are
    cut off instead of expanded (the notes bound the 8-puzzle this way); a
    bounded graph search can miss a goal that depth-limited search would find.

    >>> import networkx as nx, search_viz as sv
    >>> p = sv.GraphProblem(nx.cycle_graph(6), 0, 3)
    >>> sv.run(sv.dfs(p)).path
    [0, 1, 2, 3]
    """
    return _dfs(check_problem(problem, "dfs"), _check_limit(limit, "limit", allow_none=True))


def _dfs(problem: Problem, limit: int | None) -> Search:
    start = problem.initial
    successors, is_goal = problem.successors, problem.is_goal
    yield search_event("generate", start, depth=0, line=1)
    parents: dict[Any, Any] = {}
    stack = [(start, None, 0)]
    expanded, generated, biggest, cut = 0, 1, 0, False
    while stack:
        biggest = max(biggest, len(stack))
        node, parent, depth = stack.pop()
        if node in parents:
            continue
        parents[node] = parent
        expanded += 1
        yield search_event("expand", node, parent=parent, depth=depth, line=4)
        if is_goal(node):
            yield search_event("goal", node, depth=depth, line=6)
            path = walk_back(parents, node)
            yield search_event("done", node, value=len(path) - 1, line=6)
            return _result(path, expanded, generated, biggest, cutoff=cut)
        if depth == limit:
            cut = True
            yield search_event("cutoff", node, depth=depth, line=8)
            continue
        children = [child for child in successors(node) if child not in parents]
        for child in reversed(children):
            stack.append((child, node, depth + 1))
            generated += 1
            yield search_event("generate", child, parent=node, depth=depth + 1, line=11)
    yield search_event("done", value="cutoff" if cut else None, line=12)
    return _result(None, expanded, generated, biggest, cutoff=cut)


def dls(problem: Problem, limit: int) -> Search:
    """Depth-limited search: depth-first, but nodes at depth ``limit`` are not expanded.

    Tree search, as in the notes: a node may be expanded again along another
    path; only cycles on the current path are skipped. A node at the limit
    gets ``expand`` and then ``cutoff``. ``Result.value`` is the path's length,
    or ``"cutoff"`` when some node was cut off (a deeper goal may exist), or
    None when the whole space was searched without a goal.

    >>> import search_viz as sv
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> tr = sv.Trace.record(sv.dls(sv.GraphProblem(notes_tree(), "A", "R"), limit=2))
    >>> "".join(e.node for e in tr.events if e.kind == "expand"), tr.result.value
    ('ABEFCGDH', 'cutoff')
    """
    return _dls(check_problem(problem, "dls"), _check_limit(limit, "limit"))


def _dls(problem: Problem, limit: int) -> Search:
    outcome = yield from _depth_limited(problem, limit, _DLS_LINES)
    expanded, generated, biggest, path, cut = outcome
    if path is not None:
        return _result(path, expanded, generated, biggest, cutoff=cut)
    yield search_event("done", value="cutoff" if cut else None, line=_DLS_LINES.done)
    return _result(None, expanded, generated, biggest, cutoff=cut)


def iddfs(problem: Problem, max_depth: int) -> Search:
    """Iterative deepening: depth-limited search with limit 0, 1, 2, ... up to ``max_depth``.

    Each new limit opens with an ``iterate`` event (value: the limit); within
    one iteration the ``expand`` events are that search's visiting order.
    Stops at the first goal, or when an iteration cut nothing off (the whole
    space was searched), or after ``max_depth``. ``stats["per_iteration"]``
    counts the nodes expanded by each iteration.

    >>> import search_viz as sv
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> r = sv.run(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), max_depth=10))
    >>> r.path, r.stats["per_iteration"]
    (['A', 'C', 'G', 'L', 'R'], [1, 4, 8, 14, 13])
    """
    return _iddfs(check_problem(problem, "iddfs"), _check_limit(max_depth, "max_depth"))


def _iddfs(problem: Problem, max_depth: int) -> Search:
    expanded = generated = biggest = 0
    per_iteration: list[int] = []
    cut = False
    for limit in range(max_depth + 1):
        yield search_event("iterate", value=limit, line=1)
        outcome = yield from _depth_limited(problem, limit, _IDDFS_LINES)
        n_expanded, n_generated, n_biggest, path, cut = outcome
        expanded, generated = expanded + n_expanded, generated + n_generated
        biggest = max(biggest, n_biggest)
        per_iteration.append(n_expanded)
        if path is not None:
            return _result(path, expanded, generated, biggest, per_iteration=per_iteration)
        if not cut:
            yield search_event("done", line=_IDDFS_LINES.done)
            return _result(None, expanded, generated, biggest, per_iteration=per_iteration)
    yield search_event("done", value="cutoff", line=11)
    return _result(None, expanded, generated, biggest, cutoff=True, per_iteration=per_iteration)


class _Node(NamedTuple):
    """A node of the search tree: a state, the node it came from, and its depth."""

    state: Any
    parent: _Node | None
    depth: int


def _path_of(node: _Node) -> list:
    """The states from the root down to ``node``."""
    path = []
    while node is not None:
        path.append(node.state)
        node = node.parent
    return path[::-1]


def _on_path(node: _Node, state: Any) -> bool:
    """Whether ``state`` is ``node``'s own state or one of its ancestors'."""
    while node is not None:
        if node.state == state:
            return True
        node = node.parent
    return False


def _depth_limited(problem: Problem, limit: int, lines: _Lines):
    """The one depth-limited core behind ``dls`` and ``iddfs``.

    Yields the events; returns (expanded, generated, largest frontier, path or
    None, whether a node was cut off).
    """
    successors, is_goal = problem.successors, problem.is_goal
    root = _Node(problem.initial, None, 0)
    yield search_event("generate", root.state, depth=0, line=lines.start)
    stack = [root]
    expanded, generated, biggest, cut = 0, 1, 1, False
    while stack:
        biggest = max(biggest, len(stack))
        node = stack.pop()
        parent = node.parent.state if node.parent else None
        expanded += 1
        yield search_event("expand", node.state, parent=parent, depth=node.depth, line=lines.expand)
        if is_goal(node.state):
            yield search_event("goal", node.state, depth=node.depth, line=lines.goal)
            path = _path_of(node)
            yield search_event("done", node.state, value=len(path) - 1, line=lines.goal)
            return expanded, generated, biggest, path, cut
        if node.depth >= limit:
            cut = True
            yield search_event("cutoff", node.state, depth=node.depth, line=lines.cutoff)
            continue
        children = [c for c in successors(node.state) if not _on_path(node, c)]
        for child in reversed(children):
            stack.append(_Node(child, node, node.depth + 1))
            generated += 1
            yield search_event(
                "generate", child, parent=node.state, depth=node.depth + 1, line=lines.generate
            )
    return expanded, generated, biggest, None, cut


def _check_limit(limit: int | None, name: str, allow_none: bool = False) -> int | None:
    if limit is None and allow_none:
        return None
    return whole_number(f"the depth {name}", limit, low=0)


def _result(path: list | None, expanded: int, generated: int, biggest: int, **stats) -> Result:
    """The Result of a search: the path and its length, or why there is none.

    ``value`` is the number of moves on the path; without a path it is
    ``"cutoff"`` when a depth limit stopped the search, else None.
    """
    if path is not None:
        value: Any = len(path) - 1
    else:
        value = "cutoff" if stats.get("cutoff") else None
    return Result(
        value=value,
        path=path,
        state=path[-1] if path else None,
        stats={"expanded": expanded, "generated": generated, "max_frontier": biggest, **stats},
    )
