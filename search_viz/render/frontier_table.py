"""The frontier of a best-first search, in the order the search will take its nodes off.

:func:`frontier_rows` reads a best-first trace (greedy, A*, uniform cost) up
to a step and returns every node waiting on the frontier with its g, h, f and
parent, sorted exactly as the search's priority queue orders them: by f, then
by the tie rule (first in, first out; or deeper g first, then first in, first
out). The first row is the node the next ``expand`` takes.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START, compact
>>> tr = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
>>> [(compact(r.node), r.g, r.h, r.f) for r in frontier_rows(tr, 4)]
[('283/1_4/765', 1, 3, 4), ('283/164/_75', 1, 5, 6), ('283/164/75_', 1, 5, 6)]
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from search_viz.trace import Trace


class FrontierRow(NamedTuple):
    """A node waiting on the frontier: its g, h, f, parent, and when it was put there."""

    node: Hashable
    g: float
    h: float | None
    f: float
    parent: Hashable
    step: int

    def sort_key(self, tie: str) -> tuple:
        """Where the priority queue puts this node under the tie rule ``tie``.

        >>> FrontierRow("B", 2, 3, 5, "A", 7).sort_key("deeper")
        (5, -2, 7)
        """
        if tie == "deeper":
            return (self.f, -self.g, self.step)
        return (self.f, self.step)


def frontier_rows(trace: Trace, step: int, tie: str = "fifo") -> list[FrontierRow]:
    """The nodes on the frontier after event ``step``, in the order they will be expanded.

    A node put on the frontier again (reached by a cheaper path) is listed once,
    with its latest g, h and f: the search skips its old entry.
    """
    waiting: dict[Hashable, FrontierRow] = {}
    for k, e in enumerate(trace.events[: step + 1]):
        if e.kind == "generate":
            waiting[e.node] = FrontierRow(e.node, e.g, e.h, e.value, e.parent, k)
        elif e.kind in ("expand", "goal"):
            waiting.pop(e.node, None)
    return sorted(waiting.values(), key=lambda row: row.sort_key(tie))


def ties_at_expansion(trace: Trace, step: int, tie: str = "fifo") -> int:
    """At an ``expand`` event: how many other frontier nodes had the same f.

    0 when the expanded node's f was the only lowest one (or ``step`` is not an expansion).

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> tr = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
    >>> [ties_at_expansion(tr, k) for k in tr.positions("expand").tolist()]
    [0, 0, 1, 1, 0, 0, 0]
    """
    event = trace.events[step]
    if event.kind != "expand" or step == 0:
        return 0
    before = frontier_rows(trace, step - 1, tie)
    return sum(1 for row in before if row.f == event.value and row.node != event.node)
