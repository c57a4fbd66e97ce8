"""The bidirectional-search pictures in words, step by step, for a screen reader.

The picture shows the graph: circles reached from the start (pale while
queued), squares reached from the goal, green hexagons reached by both, the
ring on the node the step is about, and at the end the path through the
meeting node. A description says the same from the questions' fold
(:class:`~search_viz.lessons.bidirectional.questions.Asker`, which keeps what
the picture shows): what the step did to which node, both queues in the order
they are taken, the nodes reached by both and the best touch. Plain BFS, the
film beside it, gets the same for its one queue.

>>> import networkx as nx, search_viz as sv
>>> film = sv.film(sv.bidirectional_bfs, sv.GraphProblem(nx.path_graph(5), 0, 4))
>>> print(film.state(3).description)  # doctest: +NORMALIZE_WHITESPACE
Just reached by the forward search: 1, from 0 (depth 1). Forward queue, front first: 1.
Backward queue, front first: 4.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from itertools import islice
from typing import Any

from search_viz.events import Event
from search_viz.lessons.bidirectional.questions import Asker
from search_viz.lessons.shared.graph_cases import path_text, steps_text
from search_viz.lessons.shared.word_lists import MOST_NAMED, listed, moves_words

Label = Callable[[Any], str]


def bidirectional_description(e: Event, asker: Asker, path: Sequence[Hashable] | None) -> str:
    """What the bidirectional picture shows after the step of ``e`` (``asker`` has seen it);
    ``path``: the answer, drawn at the last step.

    >>> import networkx as nx, search_viz as sv
    >>> film = sv.film(sv.bidirectional_bfs, sv.GraphProblem(nx.path_graph(5), 0, 4))
    >>> print(film.state(len(film) - 1).description)  # doctest: +NORMALIZE_WHITESPACE
    The search is over: the path 0 → 1 → 2 → 3 → 4 (4 steps), through the meeting node 2.
    Reached by both: 2 (a path of 4 steps).
    """
    name = asker.label
    parts = [_now(e, asker, path, name)]
    if e.kind != "done":
        for side in ("forward", "backward"):
            parts.append(
                f"{side.capitalize()} queue, front first: {_queue(asker.queued[side], name)}"
            )
    touched = asker.touched
    if touched:
        said = [
            f"{name(n)} (a path of {steps_text(length)})"
            for n, length in list(touched.items())[-MOST_NAMED:]
        ]
        parts.append(f"Reached by both: {listed(said, total=len(touched))}")
        length, node = asker.best
        if len(touched) > 1 and e.kind != "done":
            parts.append(f"Best touch so far: {name(node)}, {steps_text(int(length))}")
    return ". ".join(parts) + "."


def plain_description(
    e: Event, queue: Collection[Hashable], path: Sequence[Hashable] | None, label: Label = str
) -> str:
    """What plain BFS's picture shows after the step of ``e``: the step, and its ``queue`` (in
    the order put on), or at the end the ``path``.

    >>> print(plain_description(Event("expand", "B", depth=1), ["C", "D"], None))
    Current node: B (depth 1), taken off the front of the queue. Queue, front first: C, D.
    """
    if e.kind == "done":
        if not path:
            return "The search is over: no path to the goal."
        return (
            f"The search is over: the path {path_text(path, label)} ({steps_text(len(path) - 1)})."
        )
    n = label(e.node)
    if e.kind == "generate":
        now = f"Just reached: {n}" + (
            "" if e.parent is None else f", from {label(e.parent)} (depth {e.depth})"
        )
    elif e.kind == "expand":
        now = f"Current node: {n} (depth {e.depth}), taken off the front of the queue"
    elif e.kind == "goal":
        now = f"Goal found: {n}"
    else:
        now = f"{e.kind}: {n}"
    return f"{now}. Queue, front first: {_queue(queue, label)}."


def stopped_description(stopped: int) -> str:
    """The last step of a search stopped by the cap.

    >>> stopped_description(20_000)
    'Stopped after 20,000 steps, unfinished: no path is drawn.'
    """
    return f"Stopped after {stopped:,} steps, unfinished: no path is drawn."


def _queue(queued: Collection[Hashable], name: Label) -> str:
    """A queue's nodes (in the order put on: front first), the first few named, the rest
    counted."""
    first = [name(n) for n in islice(queued, MOST_NAMED)]
    return listed(first, empty="empty", total=len(queued))


def _now(e: Event, asker: Asker, path, name: Label) -> str:
    """What the step did, to which node."""
    side = e.data
    if e.kind == "done":
        if not path:
            return "The search is over: no path between the start and the goal"
        meeting = asker.best[1]
        through = "" if meeting is None else f", through the meeting node {name(meeting)}"
        length = steps_text(len(path) - 1)
        return f"The search is over: the path {path_text(path, name)} ({length}){through}"
    n = name(e.node)
    if e.kind == "generate":
        if e.parent is None:
            return f"The {side} search starts at {n}"
        if side == "forward":
            return (
                f"Just reached by the forward search: {n}, from {name(e.parent)} (depth {e.depth})"
            )
        return (
            f"Just reached by the backward search: {n}, which leads to {name(e.parent)} "
            f"({steps_text(e.depth)} from the goal)"
        )
    if e.kind == "expand":
        return f"Current node: {n}, expanded by the {side} search (depth {e.depth})"
    if e.kind == "meet":
        return f"Touch at {n}: both searches have reached it, a path of {steps_text(e.value)}"
    return f"{e.kind}: {n}"


def layers_description(
    reached: Mapping[str, Sequence[int]],
    distance: int,
    turn: tuple[str, int, int] | None = None,
    meet_at: int | None = None,
    plain: Sequence[int] = (),
    now: str = "",
) -> str:
    """What the 8-puzzle's layer chart shows after a step: the layer the step expands (its
    triangle), every bar so far (states reached at each depth, by side), the meeting line, and
    plain BFS's outlines.

    ``reached``: each side's states reached by depth so far; ``distance``: the start-to-goal
    distance the chart spans (the backward search's depth b stands at ``distance`` − b);
    ``turn``: (side, depth, states expanded) of a turn; ``meet_at``: where the dashed line is,
    once drawn; ``plain``: plain BFS's layers, said when given; ``now``: what the step is, said
    first (the start, the end).

    >>> print(layers_description({"forward": [1, 2], "backward": [1]}, 5, ("forward", 1, 2)))
    ... # doctest: +NORMALIZE_WHITESPACE
    This step: the forward search expands its 2 states at depth 1 (the triangle under that bar).
    Forward bars, states reached by moves from the start: 1 at 0, 2 at 1. Backward bars,
    states reached by moves from the goal (drawn at 5 − moves): 1 at 0.
    >>> print(layers_description({"forward": [1], "backward": [1]}, 2, meet_at=1, plain=[1, 2, 1],
    ...                          now="The search is over"))  # doctest: +NORMALIZE_WHITESPACE
    The search is over. Forward bars, states reached by moves from the start: 1 at 0.
    Backward bars, states reached by moves from the goal (drawn at 2 − moves): 1 at 0.
    The dashed line: the searches meet 1 step from the start.
    Plain BFS's outlines, to the goal: 1 at 0, 2 at 1, 1 at 2 (4 states in all).
    """
    parts = [now] if now else []
    if turn is not None:
        side, depth, expanded = turn
        states = f"{expanded:,} state{'s' if expanded != 1 else ''}"
        parts.append(
            f"This step: the {side} search expands its {states} at depth {depth} "
            "(the triangle under that bar)"
        )
    parts.append(
        "Forward bars, states reached by moves from the start: "
        + _layers(reached.get("forward", ()))
    )
    parts.append(
        f"Backward bars, states reached by moves from the goal (drawn at {distance} − moves): "
        + _layers(reached.get("backward", ()))
    )
    if meet_at is not None:
        parts.append(f"The dashed line: the searches meet {steps_text(meet_at)} from the start")
    if plain:
        parts.append(
            f"Plain BFS's outlines, to the goal: {_layers(plain)} ({sum(plain):,} states in all)"
        )
    return ". ".join(parts) + "."


def _layers(sizes: Sequence[int]) -> str:
    """Each layer's size at its depth: "1 at 0, 2 at 1" (none reached: "none")."""
    said = [f"{size:,} at {depth}" for depth, size in enumerate(sizes) if size]
    return ", ".join(said) if said else "none"


def expansions_alt(forward: int, backward: int, plain: int | None) -> str:
    """The ``alt`` of the chart of nodes expanded, bidirectional search against plain BFS.

    >>> expansions_alt(20, 18, 150)
    'Line chart of the nodes expanded step by step: forward 20, backward 18, both 38 in all, \
against 150 by plain BFS.'
    """
    against = "" if plain is None else f", against {plain:,} by plain BFS"
    return (
        f"Line chart of the nodes expanded step by step: forward {forward:,}, backward "
        f"{backward:,}, both {forward + backward:,} in all{against}."
    )


def solution_alt(path: Sequence[Sequence[int]]) -> str:
    """The ``alt`` of the 8-puzzle's solution, board by board.

    >>> solution_alt([(1, 2, 3, 8, 0, 4, 7, 6, 5), (1, 0, 3, 8, 2, 4, 7, 6, 5)])
    'The solution board by board, 1 move: tile 2 down.'
    """
    return f"The solution board by board, {moves_words(path)}."
