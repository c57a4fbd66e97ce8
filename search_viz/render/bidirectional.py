"""Pictures of bidirectional search: two searches in two colours meeting, and plain BFS beside them.

The forward search is blue circles, the backward search orange squares; a
node's fill says whether it is expanded (solid) or only queued (pale, dashed
outline). A node both searches have reached is a green star.

>>> import networkx as nx, search_viz as sv
>>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
>>> sides = two_sides(tr, len(tr) - 1)
>>> sides.forward_expanded, sides.backward_expanded, sides.touched
({0, 1}, {3, 4}, {2})
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace

from matplotlib.figure import Figure

from search_viz.film.style import OKABE_ITO, STATUS, Style, font_size
from search_viz.lessons.shared.figure import add_legend
from search_viz.render.graph_search import (
    UNINFORMED_STATUSES,
    GraphView,
    draw_graph,
    marker_size,
    search_tree_edges,
    uninformed_statuses,
)
from search_viz.trace import State, Trace

FORWARD_EXPANDED = replace(STATUS["forward"], label="forward: expanded")
FORWARD_QUEUED = Style(
    "forward: queued", "#D2E8F7", edgecolor=OKABE_ITO["blue"], linestyle="--", linewidth=2
)
BACKWARD_EXPANDED = replace(STATUS["backward"], label="backward: expanded")
BACKWARD_QUEUED = Style(
    "backward: queued",
    "#FBE6BF",
    edgecolor="#9A6A00",
    marker="s",
    linestyle="--",
    linewidth=2,
)
TOUCHED = replace(STATUS["meet"], label="reached by both", linewidth=1)
MEETING_NODE = replace(STATUS["meet"], label="meeting node", edgecolor=STATUS["path"].color)
MEETING = replace(STATUS["path"], label="solution path")
CURRENT = replace(STATUS["current"], label="current")

#: Bottom to top.
BIDIRECTIONAL_STYLES = (
    FORWARD_QUEUED,
    BACKWARD_QUEUED,
    FORWARD_EXPANDED,
    BACKWARD_EXPANDED,
    MEETING,
    TOUCHED,
    MEETING_NODE,
    CURRENT,
)


@dataclass
class TwoSides:
    """What each search has reached and expanded up to a step, and where they touched."""

    forward_reached: dict = field(default_factory=dict)  # node -> parent (forward)
    backward_reached: dict = field(default_factory=dict)  # node -> next node towards the goal
    forward_expanded: set = field(default_factory=set)
    backward_expanded: set = field(default_factory=set)
    touched: set = field(default_factory=set)


def two_sides(trace: Trace, step: int) -> TwoSides:
    """Fold the trace's events up to ``step`` into the two searches' sets."""
    sides = TwoSides()
    for e in trace.events[: step + 1]:
        forward = e.data == "forward"
        if e.kind == "generate":
            (sides.forward_reached if forward else sides.backward_reached)[e.node] = e.parent
        elif e.kind == "expand":
            (sides.forward_expanded if forward else sides.backward_expanded).add(e.node)
        elif e.kind == "meet":
            sides.touched.add(e.node)
    return sides


def side_styles(
    sides: TwoSides, current: Hashable | None, path: Sequence | None, meet: Hashable = None
) -> dict:
    """Each reached node's style: which search reached it, expanded or queued, touched, current.

    ``meet``: the meeting node of the final path, once the search is over.

    >>> sides = TwoSides(forward_reached={"s": None, "a": "s"}, forward_expanded={"s"})
    >>> [style.label for style in side_styles(sides, "a", None).values()]
    ['forward: expanded', 'current']
    """
    styles: dict[Hashable, Style] = {}
    for node in sides.forward_reached:
        styles[node] = FORWARD_EXPANDED if node in sides.forward_expanded else FORWARD_QUEUED
    for node in sides.backward_reached:
        styles[node] = BACKWARD_EXPANDED if node in sides.backward_expanded else BACKWARD_QUEUED
    for node in path or ():
        styles[node] = MEETING
    for node in sides.touched:
        styles[node] = TOUCHED
    if meet is not None:
        styles[meet] = MEETING_NODE
    if current is not None and current in styles and current not in sides.touched:
        styles[current] = CURRENT
    return styles


def bidirectional_tree_edges(sides: TwoSides) -> list[tuple[Hashable, Hashable]]:
    """The parent links of both searches (each towards its own root).

    >>> bidirectional_tree_edges(TwoSides(forward_reached={"s": None, "a": "s"},
    ...                                    backward_reached={"t": None, "b": "t"}))
    [('s', 'a'), ('t', 'b')]
    """
    return [
        (parent, node)
        for reached in (sides.forward_reached, sides.backward_reached)
        for node, parent in reached.items()
        if parent is not None
    ]


def bidirectional_figure(
    view: GraphView,
    trace: Trace,
    step: int,
    plain: Trace | None = None,
    *,
    scale: float = 1.0,
    width: float = 12.0,
    height: float = 5.6,
) -> Figure:
    """The two searches at ``step`` on the left; plain BFS after as many expansions on the right.

    The path is drawn once the search is over.

    >>> import networkx as nx, search_viz as sv
    >>> view = GraphView.of(nx.path_graph(5), 0, 4, kind="tree")
    >>> p = sv.GraphProblem(view.graph, 0, 4)
    >>> tr, plain = sv.Trace.record(sv.bidirectional_bfs(p)), sv.Trace.record(sv.bfs(p))
    >>> len(bidirectional_figure(view, tr, len(tr) - 1, plain).axes)
    2
    """
    width, height = width * scale**0.5, height * scale**0.5  # see uninformed_figure
    fig = Figure(figsize=(width, height), layout="constrained")
    panels = 2 if plain is not None else 1
    axes = fig.subplots(1, panels, squeeze=False)[0]
    for ax in axes:
        ax.set_axis_off()
    state = trace.state(step)
    event = state.event
    sides = two_sides(trace, step)
    finished = event.kind == "done"
    path = trace.result.path if finished else None
    meet = trace.result.stats.get("meet") if finished else None
    current = event.node if event.kind in ("expand", "generate") else None
    panel_width = width / panels
    size = marker_size(view, panel_width, height * 0.8)
    draw_graph(
        axes[0],
        view,
        side_styles(sides, current, path, meet),
        path=path,
        tree_edges=bidirectional_tree_edges(sides),
        scale=scale,
        size=size,
        order=BIDIRECTIONAL_STYLES,
    )
    expanded = len(sides.forward_expanded) + len(sides.backward_expanded)
    axes[0].set_title(
        f"Bidirectional BFS: {expanded} expanded\n"
        f"({len(sides.forward_expanded)} forward + {len(sides.backward_expanded)} backward)",
        fontsize=font_size("title", scale),
    )
    add_legend(
        axes[0],
        [s for s in BIDIRECTIONAL_STYLES if path or s not in (MEETING, MEETING_NODE)],
        scale=scale,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=3 if scale <= 1 else 2,
    )
    if plain is not None:
        _draw_plain(axes[1], view, plain, expanded, event.kind == "done", scale, size)
    return fig


def plain_step(plain: Trace, expanded: int) -> int:
    """The step of plain BFS after ``expanded`` expansions (its last step if it expands fewer).

    >>> import networkx as nx, search_viz as sv
    >>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.path_graph(3), 0, 2)))
    >>> plain_step(tr, 1), plain_step(tr, 99) == len(tr) - 1
    (1, True)
    """
    positions = plain.positions("expand")
    if expanded <= 0 or not len(positions):
        return 0
    if expanded > len(positions):
        return len(plain) - 1
    return int(positions[expanded - 1])


def _draw_plain(ax, view, plain: Trace, expanded: int, finished: bool, scale, size) -> None:
    step = len(plain) - 1 if finished else plain_step(plain, expanded)
    state: State = plain.state(step)
    path = plain.result.path if state.event.kind in ("goal", "done") else None
    statuses = uninformed_statuses(state, path)
    draw_graph(
        ax,
        view,
        {node: STATUS[status] for node, status in statuses.items()},
        path=path,
        tree_edges=search_tree_edges(state),
        scale=scale,
        size=size,
        order=[STATUS[s] for s in UNINFORMED_STATUSES],
    )
    done = state.counts.get("expand", 0)
    total = plain.result.stats.get("expanded", done)
    ax.set_title(
        f"Plain BFS: {done} expanded" + ("" if done == total else f" (of {total} in the end)"),
        fontsize=font_size("title", scale),
    )
    add_legend(
        ax,
        ["frontier", "explored", "goal", "path"],
        scale=scale,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=2,
    )
