"""The sentence under each step of a graph search: what happened, in the words of the lesson.

The generic ``sv.explain`` knows only the event; these know the algorithm
(a queue or a stack, a depth limit, two searches) and say why.

>>> from search_viz import Event
>>> uninformed_sentence(Event("generate", "B", parent="A", depth=1), "BFS")
'Put B at the back of the queue (a child of A, depth 1).'
>>> uninformed_sentence(Event("cutoff", "H", depth=2), "DLS", limit=2)
'H is at depth 2, the limit: cut off, its children are not generated.'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from search_viz.events import Event, format_value
from search_viz.trace import Trace

Label = Callable[[Any], str]

_PUT = {
    "BFS": "Put {n} at the back of the queue",
    "DFS": "Push {n} on the stack",
    "DLS": "Push {n} on the stack",
    "IDDFS": "Push {n} on the stack",
    "UCS": "Put {n} on the frontier",
}
_TAKE = {
    "BFS": "Take {n} off the front of the queue",
    "DFS": "Pop {n} off the top of the stack",
    "DLS": "Pop {n} off the top of the stack",
    "IDDFS": "Pop {n} off the top of the stack",
    "UCS": "Take {n}, the cheapest on the frontier,",
}


def path_text(path: Sequence[Hashable], label: Label = str, limit: int = 12) -> str:
    """A path as "A → B → C", shortened in the middle when long.

    >>> path_text(list("ABCDEFGHIJKLMNOP"), limit=6)
    'A → B → C → … → N → O → P'
    """
    names = [label(n) for n in path]
    if len(names) > limit:
        half = limit // 2
        names = [*names[:half], "…", *names[-half:]]
    return " → ".join(names)


def _moves(n: int) -> str:
    return f"{n} step" + ("" if n == 1 else "s")


def uninformed_sentence(
    event: Event,
    algorithm: str,
    *,
    label: Label = str,
    path: Sequence[Hashable] | None = None,
    limit: int | None = None,
    start: Hashable = None,
) -> str:
    """One sentence about an event of BFS, DFS, DLS, IDDFS or UCS."""
    n = label(event.node) if event.node is not None else ""
    kind = event.kind
    if kind == "generate":
        if event.parent is None:
            return f"{_PUT[algorithm].format(n=n)}: the search starts here."
        cost = f", g = {format_value(event.g)}" if algorithm == "UCS" else ""
        return (
            f"{_PUT[algorithm].format(n=n)} (a child of {label(event.parent)}, "
            f"depth {event.depth}{cost})."
        )
    if kind == "expand":
        cost = f" (g = {format_value(event.g)})" if algorithm == "UCS" else ""
        return (
            f"{_TAKE[algorithm].format(n=n)}{cost} and test it: is it the goal? "
            f"Depth {event.depth}."
        )
    if kind == "cutoff":
        what = "the limit" if algorithm in ("DLS", "IDDFS") else "the bound"
        return f"{n} is at depth {event.depth}, {what}: cut off, its children are not generated."
    if kind == "goal":
        return f"{n} is the goal: stop."
    if kind == "iterate":
        where = f" from {label(start)}" if start is not None else ""
        if event.value == 0:
            return f"Begin with depth limit 0: a depth-limited search{where} that goes no deeper."
        return (
            f"Start over with depth limit {event.value}: a new depth-limited search{where}, "
            "forgetting everything the last one saw."
        )
    if kind == "done":
        if path:
            cost = (
                f", cost {format_value(event.value)}"
                if algorithm == "UCS" and event.value != len(path) - 1
                else ""
            )
            return f"Found: {path_text(path, label)} ({_moves(len(path) - 1)}{cost})."
        if event.value == "cutoff":
            deepest = f" {limit}" if limit is not None else ""
            return (
                f"No goal within depth{deepest}, but nodes were cut off there: a deeper "
                "search might still find one."
            )
        return "The frontier is empty: the goal cannot be reached from the start."
    return f"{kind} {n}".strip() + "."


def next_depths(trace: Trace, step: int) -> tuple[float, float]:
    """The depths of the next nodes in the forward and the backward queues after ``step``.

    ∞ for a side whose queue is empty.

    >>> import networkx as nx, search_viz as sv
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
    >>> next_depths(tr, 1), next_depths(tr, len(tr) - 1)
    ((0, 0), (2, 2))
    """
    queued: dict[str, dict[Hashable, int]] = {"forward": {}, "backward": {}}
    for e in trace.events[: step + 1]:
        if e.kind == "generate":
            queued[e.data][e.node] = e.depth
        elif e.kind == "expand":
            queued[e.data].pop(e.node, None)
    return tuple(min(q.values(), default=math.inf) for q in queued.values())


def bidirectional_sentence(trace: Trace, step: int, *, label: Label = str) -> str:
    """One sentence about step ``step`` of a bidirectional search.

    >>> import networkx as nx, search_viz as sv
    >>> from search_viz.problems.graph_examples import first_touch_trap
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(
    ...     sv.GraphProblem(first_touch_trap(), "s", "t"), step="node"))
    >>> first_touch = int(tr.positions("meet")[0])
    >>> print(bidirectional_sentence(tr, first_touch))  # doctest: +NORMALIZE_WHITESPACE
    Touch at x: both searches have reached it; the path through it has 4 steps.
    Stopping here would be careless: the queues still hold nodes at depth 1 (forward)
    and 1 (backward), so a path not seen yet could have as few as 1 + 1 + 1 = 3 edges.
    """
    e = trace.events[step]
    n = label(e.node) if e.node is not None else ""
    side = e.data
    if e.kind == "generate":
        if e.parent is None:
            return f"The {side} search starts at {n}."
        if side == "forward":
            return f"The forward search reaches {n} from {label(e.parent)} (depth {e.depth})."
        return (
            f"The backward search reaches {n}, which leads to {label(e.parent)} "
            f"({_moves(e.depth)} from the goal)."
        )
    if e.kind == "expand":
        other = "its neighbours" if side == "forward" else "the nodes that lead to it"
        return f"The {side} search expands {n} (depth {e.depth}): it looks at {other}."
    if e.kind == "meet":
        if e.value == 0:
            return f"{n} is both the start and the goal: the path is just {n}."
        best = min(
            (trace.events[k].value for k in trace.positions("meet") if k < step),
            default=math.inf,
        )
        f, b = next_depths(trace, step)
        bound = f + b + 1
        sentence = (
            f"Touch at {n}: both searches have reached it; "
            f"the path through it has {_moves(e.value)}."
        )
        if e.value >= best:
            return sentence + f" Not better than the best so far ({_moves(int(best))})."
        if e.value <= bound:
            return sentence + " It is the best so far."
        return (
            sentence + f" Stopping here would be careless: the queues still hold nodes at depth "
            f"{format_value(f)} (forward) and {format_value(b)} (backward), so a path not seen "
            f"yet could have as few as {format_value(f)} + {format_value(b)} + 1 = "
            f"{format_value(bound)} edges."
        )
    if e.kind == "done":
        path = trace.result.path
        if not path:
            return (
                "One search has run out of nodes without touching the other: the goal cannot "
                "be reached from the start."
            )
        if len(path) == 1:
            return f"Done: the start is the goal, {n}."
        f, b = next_depths(trace, step)
        why = (
            f"any path not seen yet needs at least {format_value(f)} + {format_value(b)} + 1 = "
            f"{format_value(f + b + 1)} edges"
            if math.isfinite(f + b)
            else "one search has nothing left to expand"
        )
        return (
            f"Stop: {why}, so the best touch, {n}, gives a shortest path: "
            f"{path_text(path, label)} ({_moves(len(path) - 1)})."
        )
    return f"{e.kind} {n}".strip() + "."


def effective_branching(expanded: int, depth: float) -> float:
    """AIMA's effective branching factor b*: expanded + 1 = 1 + b* + b*² + … + b*^depth.

    The b* a uniform tree of that depth would need to hold that many nodes.

    >>> round(effective_branching(14, 3), 6)  # 2 + 4 + 8 = 14
    2.0
    """
    if depth <= 0 or expanded <= 0:
        return 0.0
    low, high = 0.0, max(2.0, float(expanded))
    for _ in range(200):
        mid = (low + high) / 2
        if tree_size(mid, depth) < expanded:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def tree_size(b: float, depth: float) -> float:
    """b + b² + … + b^depth (for a depth that need not be whole: b(b^depth − 1)/(b − 1)).

    >>> tree_size(2, 3), tree_size(1, 4)
    (14.0, 4.0)
    """
    if abs(b - 1) < 1e-12:
        return float(depth)
    return b * (b**depth - 1) / (b - 1)


def branching_argument(distance: int, plain: int, forward: int, backward: int) -> str:
    """The b^d against 2·b^(d/2) argument, in the numbers of one problem (markdown).

    >>> print(branching_argument(4, 30, 3, 3))  # doctest: +ELLIPSIS
    Plain BFS expanded **30** nodes to find a path of **d = 4** steps. ...
    """
    both = forward + backward
    b = effective_branching(plain, distance)
    model = 2 * tree_size(b, distance / 2)
    half = format_value(distance / 2)
    text = (
        f"Plain BFS expanded **{plain:,}** nodes to find a path of **d = {distance}** steps. "
        f"A tree in which every node has b children holds b + b^2 + … + b^d ≈ b^d nodes down "
        f"to depth d; the b that makes this {plain:,} is the *effective branching factor*, "
        f"**b\\* = {b:.2f}**. Two searches that each go about d/2 = {half} deep cost about "
        f"2·b^(d/2): with b\\* = {b:.2f} that is **{model:,.0f}**, against b^d ≈ {plain:,}. "
        f"Measured here: **{both:,}** ({forward:,} forward + {backward:,} backward), "
        f"{plain / both:,.1f} times fewer than plain BFS."
        if both
        else ""
    )
    if both and model > 0 and both > 2 * model:
        text += (
            " The real saving is smaller than the model's, which assumes every layer is b\\* "
            "times wider than the one before. Real layers do not grow that evenly: in a maze "
            "they grow by a few cells, not by a factor, and in the 8-puzzle they stop growing "
            "near the end, when the puzzle runs out of new states. So the layers where the "
            "two searches meet are wider than the model says."
        )
    return text
