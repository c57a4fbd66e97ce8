"""Bidirectional breadth-first search: one BFS forward from the start, one backward from the goal.

Each side has its own queue and its own parent map. A *touch* is a node that
both sides have reached; the path through it is start → touch (forward
parents) then touch → goal (backward parents). The search stops only when no
shorter path can remain. Let f and b be the depths of the next nodes in the
forward and backward queues: every node within f of the start and every
node within b of the goal has been reached, so on a path of at most f + b
edges the node f steps from the start is reached by both: a touch already
seen. Any path not seen yet has at least f + b + 1 edges, and the search
stops once the best touch is no longer than that. With a whole layer
expanded at a time that holds right after the layer of the first touch;
expanding one node at a time, the first touch can be one edge too long (see
:func:`~search_viz.problems.graph_examples.first_touch_trap`).

Every event's ``data`` says which search made it: ``"forward"`` or
``"backward"``. ``meet`` events carry the touched node and, as ``value``, the
length of the path through it.

>>> import networkx as nx, search_viz as sv
>>> r = sv.run(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(7), 0, 6)))
>>> r.path, r.stats["meet"], r.stats["expanded_forward"], r.stats["expanded_backward"]
([0, 1, 2, 3, 4, 5, 6], 3, 3, 3)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Generator, Hashable, Iterable
from typing import Any

from search_viz.algorithms.search_events import search_event
from search_viz.checks import describe
from search_viz.events import Event, Result
from search_viz.problems.search_problem import Problem, check_problem

FORWARD, BACKWARD = "forward", "backward"

#: How much each turn expands: a whole layer (on the side with the smaller queue, the sides in
#: turn on a tie), or one node (the two sides strictly in turn).
STEPS = ("layer", "node")

BIDIRECTIONAL_PSEUDOCODE = """\
forward: queue [start], parents
backward: queue [goal], parents
best = none (shortest touch so far)
while both queues are non-empty:
    f, b = depths of the next queued nodes
    if best ≤ f + b + 1: stop, it is sure
    side = smaller queue (tie: take turns)
    for a whole layer (or one node):
        node = FIRST node off side's queue
        for each neighbour of node
          (backward: edges in reverse):
            if side has not reached it:
                parent = node; queue it
                if the other side has it:
                    touch: keep the shorter
return best path, or failure"""


class _Side:
    """One of the two searches: its queue, what it has reached, and which way it moves.

    ``reached`` maps each node the side has reached to (its parent on this
    side, its depth): the parent map and the depths in one dictionary, so a
    step looks a node up once.
    """

    __slots__ = ("expanded", "name", "neighbours", "queue", "reached")

    def __init__(self, name: str, root: Hashable, neighbours: Callable[[Any], Iterable]) -> None:
        self.name = name
        self.neighbours = neighbours
        self.reached: dict[Any, tuple[Any, int]] = {root: (None, 0)}
        self.queue: deque = deque([root])
        self.expanded = 0

    def next_depth(self) -> float:
        """The depth of the next node to expand (∞ when the queue is empty)."""
        return self.reached[self.queue[0]][1] if self.queue else math.inf

    def path_to(self, node: Hashable) -> list:
        """The nodes from this side's root to ``node``."""
        path = [node]
        while (node := self.reached[node][0]) is not None:
            path.append(node)
        return path[::-1]


def bidirectional_bfs(problem: Problem, step: str = "layer") -> Generator[Event, None, Result]:
    """Search forward from the start and backward from the goal until the shortest path is certain.

    The problem needs a single goal state (``problem.goal``) and a way back
    (``problem.predecessors``: reversed edges in a directed graph). Every step
    counts 1. ``step="layer"`` (the default, as the notes do it) expands a
    whole layer at a time on the side with the smaller queue (on a tie, the
    other side than last time); ``step="node"``
    expands one node at a time, the sides in turn. ``stats`` counts the nodes
    expanded on each side, and names the meeting node (``"meet"``).

    >>> import networkx as nx, search_viz as sv
    >>> from search_viz.problems.graph_examples import first_touch_trap
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(
    ...     sv.GraphProblem(first_touch_trap(), "s", "t"), step="node"))
    >>> [(e.node, e.value) for e in tr.events if e.kind == "meet"], tr.result.path
    ([('x', 4), ('d', 3)], ['s', 'b', 'd', 't'])
    """
    if not isinstance(step, str) or step not in STEPS:
        raise ValueError(f"step must be one of {', '.join(STEPS)}, not {describe(step)}")
    needs = ("initial", "goal", "successors", "predecessors")
    if check_problem(problem, "bidirectional_bfs", needs).goal is None:
        raise ValueError("bidirectional search needs a single goal state to search back from")
    return _bidirectional_bfs(problem, step)


def _bidirectional_bfs(problem: Problem, step: str) -> Generator[Event, None, Result]:
    forward = _Side(FORWARD, problem.initial, problem.successors)
    backward = _Side(BACKWARD, problem.goal, problem.predecessors)
    yield search_event("generate", forward.queue[0], depth=0, data=FORWARD, line=1)
    yield search_event("generate", backward.queue[0], depth=0, data=BACKWARD, line=2)
    best, meet = math.inf, None
    if problem.initial == problem.goal:
        best, meet = 0, problem.initial
        yield search_event("meet", meet, value=0, data=FORWARD, line=15)
    turn = 0
    while forward.queue and backward.queue:
        if best <= forward.next_depth() + backward.next_depth() + 1:
            break
        sizes = len(forward.queue), len(backward.queue)
        forward_turn = turn % 2 == 0
        if step == "layer" and sizes[0] != sizes[1]:
            forward_turn = sizes[0] < sizes[1]
        side, other = (forward, backward) if forward_turn else (backward, forward)
        batch = len(side.queue) if step == "layer" else 1
        turn = 1 if forward_turn else 0  # on a tie, the other side goes next
        name, queue, reached, neighbours = side.name, side.queue, side.reached, side.neighbours
        reached_by_other = other.reached
        side.expanded += batch
        for _ in range(batch):
            node = queue.popleft()
            depth = reached[node][1]
            yield search_event("expand", node, depth=depth, data=name, line=9)
            depth += 1
            for child in neighbours(node):
                if child in reached:
                    continue
                reached[child] = (node, depth)
                queue.append(child)
                yield search_event("generate", child, parent=node, depth=depth, data=name, line=13)
                if child in reached_by_other:
                    length = depth + reached_by_other[child][1]
                    yield search_event("meet", child, value=length, data=name, line=15)
                    if length < best:
                        best, meet = length, child
    expanded = forward.expanded + backward.expanded
    stats = {
        "expanded": expanded,
        "expanded_forward": forward.expanded,
        "expanded_backward": backward.expanded,
        "generated": len(forward.reached) + len(backward.reached),
        "meet": meet,
    }
    if meet is None:
        yield search_event("done", line=16)
        return Result(stats=stats)
    path = forward.path_to(meet) + backward.path_to(meet)[-2::-1]
    yield search_event("done", meet, value=best, line=6)
    return Result(value=best, path=path, state=path[-1], stats=stats)
