"""What each step of an uninformed search says: what happened, in the words of the lesson.

The generic ``sv.explain`` knows only the event; these sentences know the
algorithm (a queue or a stack, a depth limit) and say why.

>>> from search_viz import Event
>>> uninformed_sentence(Event("generate", "B", parent="A", depth=1), "BFS")
'Put B at the back of the queue (a child of A, depth 1).'
>>> uninformed_sentence(Event("cutoff", "H", depth=2), "DLS", limit=2)
'H is at depth 2, the limit: cut off, its children are not generated.'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from search_viz.events import Event, format_value
from search_viz.lessons.shared.graph_cases import Label, path_text, steps_text

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
    "UCS": "Take {n}{g}, the cheapest on the frontier,",
}


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
        g = f" (g = {format_value(event.g)})" if algorithm == "UCS" else ""
        return (
            f"{_TAKE[algorithm].format(n=n, g=g)} and test it: is it the goal? Depth {event.depth}."
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
            return f"Found: {path_text(path, label)} ({steps_text(len(path) - 1)}{cost})."
        if event.value == "cutoff":
            deepest = f" {limit}" if limit is not None else ""
            return (
                f"No goal within depth{deepest}, but nodes were cut off there: a deeper "
                "search might still find one."
            )
        return "The frontier is empty: the goal cannot be reached from the start."
    return f"{kind} {n}".strip() + "."
