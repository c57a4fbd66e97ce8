"""What each step of bidirectional search says, and the numbers of "what meeting in the middle
saves".

:class:`Words` follows a bidirectional trace event by event (the depths of the
next nodes in each queue, the best touch so far) and says each step in plain
words, including why the search may not stop at its first touch.
:func:`branching_argument` prints the b^d against 2·b^(d/2) argument with the
effective branching factor b* of ``search_viz.algorithms.measures`` (nodes
generated, the root not counted); every number it prints next to a formula is
that formula's value.

>>> print(plain_sentence(sv.Event("expand", "B", depth=1)))
Plain BFS takes B off the front of its queue (depth 1).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import search_viz as sv
from search_viz.algorithms.measures import effective_branching, tree_size
from search_viz.events import Event, format_value
from search_viz.lessons.shared.graph_cases import Label, path_text, steps_text


class Words:
    """The sentences of a bidirectional search, said event by event (call :meth:`see` first).

    >>> import networkx as nx
    >>> from search_viz.problems.graph_examples import first_touch_trap
    >>> trace = sv.Trace.record(sv.bidirectional_bfs(
    ...     sv.GraphProblem(first_touch_trap(), "s", "t"), step="node"))
    >>> words = Words(trace)
    >>> said = []
    >>> for e in trace.events:
    ...     words.see(e)
    ...     said.append(words.say(e))
    >>> print(next(s for s in said if s.startswith("Touch at x")))  # doctest: +NORMALIZE_WHITESPACE
    Touch at x: both searches have reached it; the path through it has 4 steps.
    Stopping here would be careless: the queues still hold nodes at depth 1 (forward)
    and 1 (backward), so a path not seen yet could have as few as 1 + 1 + 1 = 3 edges.
    """

    def __init__(self, trace: sv.Trace, label: Label = str) -> None:
        self.trace = trace
        self.label = label
        self.queued: dict[str, dict[Hashable, int]] = {"forward": {}, "backward": {}}
        self.reached: dict[str, dict[Hashable, int]] = {"forward": {}, "backward": {}}
        self.best = math.inf

    def see(self, e: Event) -> None:
        """Take the event ``e`` into the queues (the best touch is kept by :meth:`say`)."""
        if e.kind == "generate":
            self.queued[e.data][e.node] = e.depth
            self.reached[e.data][e.node] = e.depth
        elif e.kind == "expand":
            self.queued[e.data].pop(e.node, None)

    def next_depths(self) -> tuple[float, float]:
        """The depths of the next nodes in the forward and the backward queues (∞: empty)."""
        return tuple(min(q.values(), default=math.inf) for q in self.queued.values())

    def say(self, e: Event) -> str:
        """The sentence of the step of ``e``."""
        label = self.label
        n = label(e.node) if e.node is not None else ""
        side = e.data
        if e.kind == "generate":
            if e.parent is None:
                return f"The {side} search starts at {n}."
            if side == "forward":
                said = f"The forward search reaches {n} from {label(e.parent)} (depth {e.depth})."
            else:
                said = (
                    f"The backward search reaches {n}, which leads to {label(e.parent)} "
                    f"({steps_text(e.depth)} from the goal)."
                )
            return said + self._other_depth(e, n)
        if e.kind == "expand":
            other = "its neighbours" if side == "forward" else "the nodes that lead to it"
            return f"The {side} search expands {n} (depth {e.depth}): it looks at {other}."
        if e.kind == "meet":
            return self._touch(e, n)
        if e.kind == "done":
            return self._stop(e, n)
        return f"{e.kind} {n}".strip() + "."

    def _other_depth(self, e: Event, n: str) -> str:
        """Where the other search reached ``e``'s node, if it has (the two halves of a touch)."""
        if e.data == "forward":
            depth = self.reached["backward"].get(e.node)
            where = None if depth is None else f"{steps_text(depth)} from the goal"
        else:
            depth = self.reached["forward"].get(e.node)
            where = None if depth is None else f"at depth {depth}"
        other = "backward" if e.data == "forward" else "forward"
        return "" if where is None else f" The {other} search had reached {n} {where}."

    def _touch(self, e: Event, n: str) -> str:
        best, self.best = self.best, min(self.best, e.value)
        if e.value == 0:
            return f"{n} is both the start and the goal: the path is just {n}."
        f, b = self.next_depths()
        bound = f + b + 1
        sentence = (
            f"Touch at {n}: both searches have reached it; "
            f"the path through it has {steps_text(e.value)}."
        )
        if e.value >= best:
            return sentence + f" Not better than the best so far ({steps_text(int(best))})."
        if e.value <= bound:
            return sentence + " It is the best so far."
        return (
            sentence + f" Stopping here would be careless: the queues still hold nodes at depth "
            f"{format_value(f)} (forward) and {format_value(b)} (backward), so a path not seen "
            f"yet could have as few as {format_value(f)} + {format_value(b)} + 1 = "
            f"{format_value(bound)} edges."
        )

    def _stop(self, e: Event, n: str) -> str:
        path = self.trace.result.path
        if not path:
            return (
                "One search has run out of nodes without touching the other: the goal cannot "
                "be reached from the start."
            )
        if len(path) == 1:
            return f"Done: the start is the goal, {n}."
        f, b = self.next_depths()
        why = (
            f"any path not seen yet needs at least {format_value(f)} + {format_value(b)} + 1 = "
            f"{format_value(f + b + 1)} edges"
            if math.isfinite(f + b)
            else "one search has nothing left to expand"
        )
        return (
            f"Stop: {why}, so the best touch, {n}, gives a shortest path: "
            f"{path_text(path, self.label)} ({steps_text(len(path) - 1)})."
        )


def plain_sentence(e: Event, label: Label = str, path: list | None = None) -> str:
    """One sentence about an event of plain BFS, as the comparison beside bidirectional says it.

    >>> plain_sentence(sv.Event("generate", "C", parent="A", depth=1))
    'Plain BFS reaches C from A (depth 1) and queues it.'
    """
    n = label(e.node) if e.node is not None else ""
    if e.kind == "generate":
        if e.parent is None:
            return f"Plain BFS starts at {n}."
        return f"Plain BFS reaches {n} from {label(e.parent)} (depth {e.depth}) and queues it."
    if e.kind == "expand":
        return f"Plain BFS takes {n} off the front of its queue (depth {e.depth})."
    if e.kind == "goal":
        return f"{n} is the goal: plain BFS stops."
    if e.kind == "done":
        if path:
            return f"Plain BFS found {path_text(path, label)} ({steps_text(len(path) - 1)})."
        return "Plain BFS has run out of nodes: the goal cannot be reached."
    return f"{e.kind} {n}".strip() + "."


# ------------------------------------------------------------------ what meeting saves
def saving_numbers(distance: int, plain_generated: int, both_generated: int) -> dict[str, Any]:
    """The numbers of the argument: b* (as printed, 2 decimals) and the model's counts.

    ``plain_generated`` and ``both_generated`` count nodes generated, the
    roots not counted. ``two_searches`` is 2·b*(b*^(d/2) − 1)/(b* − 1) with
    the printed b*.

    >>> numbers = saving_numbers(4, 30, 12)
    >>> numbers["b"], round(numbers["two_searches"], 1)
    (2.0, 12.0)
    """
    b = round(effective_branching(plain_generated, distance), 2)
    return {
        "b": b,
        "two_searches": 2 * tree_size(b, distance / 2),
        "measured": both_generated,
    }


def branching_argument(
    distance: int,
    plain: tuple[int, int],
    forward: tuple[int, int],
    backward: tuple[int, int],
) -> str:
    """The b^d against 2·b^(d/2) argument, in the numbers of one problem (markdown).

    ``plain``, ``forward``, ``backward``: (nodes expanded, nodes generated, the
    root not counted) by plain BFS and by each side of bidirectional search.

    >>> print(branching_argument(4, (15, 30), (3, 6), (3, 6)))  # doctest: +ELLIPSIS
    Plain BFS expanded **15** nodes and generated **N = 30** ... **b\\* = 2.00** ...
    """
    numbers = saving_numbers(distance, plain[1], forward[1] + backward[1])
    b = numbers["b"]
    half = format_value(distance / 2)
    expanded = forward[0] + backward[0]
    generated = forward[1] + backward[1]
    text = (
        f"Plain BFS expanded **{plain[0]:,}** nodes and generated **N = {plain[1]:,}** "
        f"(the start not counted) to find a path of **d = {distance}** steps. The *effective "
        f"branching factor* b\\* is the branching factor of a uniform tree of depth d that "
        f"holds those N nodes below its root, "
        f"b\\* + b\\*² + … + b\\*^d = b\\*(b\\*^d − 1)/(b\\* − 1) = N: "
        f"here **b\\* = {b:.2f}** (nodes generated, the root not counted, as in AIMA). "
        f"In such a tree, two searches that each go d/2 = {half} deep generate "
        f"2·b\\*(b\\*^(d/2) − 1)/(b\\* − 1) = **{numbers['two_searches']:,.0f}** nodes "
        f"(with b\\* = {b:.2f}). "
        f"Measured here: the two searches generated **{generated:,}** ({forward[1]:,} forward "
        f"+ {backward[1]:,} backward, the start and the goal not counted) and expanded "
        f"**{expanded:,}** ({forward[0]:,} + {backward[0]:,}), "
    )
    text += (
        f"{plain[0] / expanded:,.1f} times fewer expansions than plain BFS."
        if expanded
        else "no expansion at all."
    )
    if numbers["two_searches"] > 0 and generated > 2 * numbers["two_searches"]:
        text += (
            " The real saving is smaller than the model's, which assumes every layer is b\\* "
            "times wider than the one before. Real layers do not grow that evenly: in a maze "
            "they grow by a few cells, not by a factor, and in the 8-puzzle they stop growing "
            "near the end, when the puzzle runs out of new states. So the layers where the "
            "two searches meet are wider than the model says."
        )
    return text
