"""Pictures of a graph search at one step: the graph (tree, maze or any graph) coloured by status.

A :class:`GraphView` holds what stays the same for a problem (the graph, its
layout, how to draw it); :func:`uninformed_statuses` says what each node is at
a step; :func:`draw_graph` draws one picture. Statuses come from
``render.style.STATUS``: each differs by colour and by marker shape, outline
or hatching.

>>> import search_viz as sv
>>> from search_viz.problems.graph_examples import notes_tree
>>> view = GraphView.of(notes_tree(), "A", "R", kind="tree")
>>> trace = sv.Trace.record(sv.bfs(sv.GraphProblem(view.graph, "A", "R")))
>>> [uninformed_statuses(trace.state(3))[n] for n in "ABC"]
['explored', 'frontier', 'current']
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from search_viz.events import format_value
from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, STATUS, Style, font_size
from search_viz.lessons.shared.figure import add_legend, new_figure
from search_viz.lessons.shared.graph_layout import (
    Positions,
    graph_positions,
    graph_tree_layout,
    grid_positions,
)
from search_viz.trace import State

#: The order statuses are drawn in (later ones on top) and listed in legends.
UNINFORMED_STATUSES = ("unvisited", "frontier", "explored", "cutoff", "current", "goal", "path")

#: Above this many nodes a graph picture leaves out the node names.
LABEL_LIMIT = 50

_KIND_STATUS = {"generate": "frontier", "expand": "explored", "cutoff": "cutoff", "goal": "goal"}


@dataclass(frozen=True)
class GraphView:
    """A problem's graph ready to draw: its layout and how it looks. Build one with :meth:`of`.

    ``kind``: ``"tree"`` (a tidy tree from ``start``), ``"grid"`` (maze cells
    at their row and column) or ``"graph"`` (a seeded spring layout).
    """

    graph: nx.Graph
    start: Hashable
    goal: Hashable
    kind: str
    pos: Positions = field(repr=False)

    @classmethod
    def of(
        cls,
        G: nx.Graph,
        start: Hashable,
        goal: Hashable,
        kind: str = "graph",
        pos: Positions | None = None,
    ) -> GraphView:
        """Lay ``G`` out once for ``kind`` (or take the positions ``pos``).

        >>> GraphView.of(nx.path_graph(3), 0, 2, kind="tree").pos[2]
        (0.0, -2.0)
        """
        if pos is not None:
            pos = dict(pos)
        elif kind == "tree":
            pos = graph_tree_layout(G, start)
        elif kind == "grid":
            pos = grid_positions(G)
        elif kind == "graph":
            pos = graph_positions(G)
        else:
            raise ValueError(f"kind must be tree, grid or graph, not {kind!r}")
        return cls(G, start, goal, kind, pos)

    @property
    def labelled(self) -> bool:
        """Whether the picture names its nodes (small trees and graphs only)."""
        return self.kind != "grid" and self.graph.number_of_nodes() <= LABEL_LIMIT


def uninformed_statuses(state: State, path: Sequence[Hashable] | None = None) -> dict:
    """Each reached node's status at ``state``: frontier, explored, cutoff, current, goal, path.

    Nodes on ``path`` (the solution, once found) get ``"path"``; the goal, once
    taken off the frontier, ``"goal"``; the node of the current event ``"current"``.
    """
    statuses = {node: _KIND_STATUS.get(kind, "explored") for node, kind in state.statuses.items()}
    event = state.event
    if path:
        for node in path:
            statuses[node] = "path"
    if event.kind in ("goal", "done") and event.node is not None:
        statuses[event.node] = "goal"
    elif event.kind in ("expand", "generate", "cutoff") and event.node is not None:
        statuses[event.node] = "current"
    return statuses


def marker_size(view: GraphView, width: float, height: float) -> float:
    """A marker area (points²) that keeps neighbouring nodes apart at this figure size.

    >>> from search_viz.problems.graph_examples import grid_maze
    >>> marker_size(GraphView.of(grid_maze(10, 0, 1), (0, 0), (9, 9), "grid"), 6, 4) > 100
    True
    """
    xs = [x for x, _ in view.pos.values()]
    ys = [y for _, y in view.pos.values()]
    span_x, span_y = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if view.kind == "grid":
        cell = min(width * 72 / span_x, height * 72 / span_y)
        return (0.62 * cell) ** 2
    if view.kind == "tree":
        cell = min(width * 72 / span_x, height * 72 / span_y)
        return min(900.0, (0.7 * cell) ** 2)
    n = max(1, view.graph.number_of_nodes())
    return float(np.clip(9000 / n, 30, 700))


def _edges(view: GraphView, pairs: Iterable[tuple[Hashable, Hashable]]) -> list:
    pos = view.pos
    return [(pos[a], pos[b]) for a, b in pairs if a in pos and b in pos]


def draw_grid_cells(ax: Axes, view: GraphView) -> None:
    """The maze: walls as dark cells, open cells light, within a frame.

    >>> from search_viz.problems.graph_examples import grid_maze
    >>> fig, ax = new_figure(3, 3)
    >>> draw_grid_cells(ax, GraphView.of(grid_maze(4, 0.25, 1), (0, 0), (3, 3), "grid"))
    >>> len(ax.images)
    1
    """
    size = view.graph.graph.get("size") or (
        1 + max(max(r, c) for r, c in view.graph.nodes) if view.graph.number_of_nodes() else 1
    )
    walls = np.full((size, size), 0.72)
    for r, c in view.graph.nodes:
        walls[r, c] = 0.04
    ax.imshow(
        walls,
        cmap="Greys",
        vmin=0,
        vmax=1,
        extent=(-0.5, size - 0.5, -size + 0.5, 0.5),
        interpolation="nearest",
        zorder=0,
    )
    lines = np.arange(size + 1) - 0.5
    ax.hlines(-lines, -0.5, size - 0.5, colors="white", linewidths=0.8, zorder=0.5)
    ax.vlines(lines, -size + 0.5, 0.5, colors="white", linewidths=0.8, zorder=0.5)
    ax.add_patch(
        Rectangle((-0.5, -size + 0.5), size, size, fill=False, edgecolor=DARK_GREY, linewidth=1.5)
    )


def draw_graph(
    ax: Axes,
    view: GraphView,
    styles: Mapping[Hashable, Style],
    *,
    path: Sequence[Hashable] | None = None,
    tree_edges: Iterable[tuple[Hashable, Hashable]] = (),
    scale: float = 1.0,
    size: float = 300.0,
    order: Sequence[Style] = (),
) -> None:
    """Draw the graph with each node in its style; nodes not in ``styles`` are 'not reached'.

    ``tree_edges`` (parent, child) are the search tree so far, drawn darker;
    ``path`` is drawn as a thick line. ``order`` lists the styles bottom to top.

    >>> fig, ax = new_figure(3, 3)
    >>> view = GraphView.of(nx.path_graph(3), 0, 2, kind="tree")
    >>> draw_graph(ax, view, {0: STATUS["explored"], 1: STATUS["frontier"]}, path=[0, 1])
    >>> len(ax.collections)  # edges, then one set of markers per style (2 given, 1 not reached)
    4
    """
    G = view.graph
    if view.kind == "grid":
        draw_grid_cells(ax, view)
    else:
        ax.add_collection(
            LineCollection(_edges(view, G.edges), colors=GREY, linewidths=1.0, zorder=1)
        )
        if G.is_directed() and view.kind != "tree":
            _arrowheads(ax, _edges(view, G.edges), scale)
        _edge_costs(ax, view, scale)
    tree = _edges(view, tree_edges)
    if tree:
        ax.add_collection(
            LineCollection(tree, colors=DARK_GREY, linewidths=2.2 * scale**0.5, zorder=2)
        )
    if path and len(path) > 1:
        xy = np.array([view.pos[n] for n in path])
        ax.plot(
            xy[:, 0],
            xy[:, 1],
            color=STATUS["path"].color,
            linewidth=5 * scale**0.5,
            solid_capstyle="round",
            zorder=3,
        )
    unvisited = STATUS["unvisited"]
    by_style: dict[Style, list[Hashable]] = {}
    for node in G.nodes:
        by_style.setdefault(styles.get(node, unvisited), []).append(node)
    ranked = {style: i for i, style in enumerate(order)}
    for style in sorted(by_style, key=lambda s: ranked.get(s, -1)):
        if style is unvisited and view.kind == "grid":
            continue  # open cells are already drawn light
        nodes = by_style[style]
        xy = np.array([view.pos[n] for n in nodes])
        marker_area = size * (1.5 if style.marker == "*" else 1.0)
        ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=marker_area,
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor,
            linewidths=style.linewidth * scale**0.5,
            linestyles=style.linestyle,
            hatch=style.hatch,
            zorder=4 + ranked.get(style, 0) * 0.01,
        )
        if view.labelled:
            text_size = min(font_size("label", scale), 0.55 * size**0.5)
            for node, (x, y) in zip(nodes, xy, strict=True):
                ax.text(
                    x,
                    y,
                    str(node),
                    ha="center",
                    va="center",
                    fontsize=text_size * (0.85 if len(str(node)) > 2 else 1),
                    color=style.text_color,
                    fontweight="bold",
                    zorder=6,
                    path_effects=[_halo(style.text_color)],
                )
    _mark_ends(ax, view, scale)
    _frame(ax, view)


#: Above this many edges a picture leaves out the edge costs.
COST_LIMIT = 80


def _edge_costs(ax: Axes, view: GraphView, scale: float) -> None:
    """Each edge's cost on it, when the costs are not all 1 (what uniform-cost search reads)."""
    G = view.graph
    costs = list(G.edges(data="weight", default=1))
    if len(costs) > COST_LIMIT or all(cost == 1 for *_, cost in costs):
        return
    along = 0.3 if G.is_directed() else 0.5  # clear of a directed edge's arrowhead
    for a, b, cost in costs:
        (xa, ya), (xb, yb) = view.pos[a], view.pos[b]
        ax.text(
            xa + along * (xb - xa),
            ya + along * (yb - ya),
            format_value(cost),
            ha="center",
            va="center",
            fontsize=font_size("legend", scale),
            color=DARK_GREY,
            zorder=3.5,  # above the path's line, below the nodes
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": GREY, "lw": 0.6},
        )


def _arrowheads(ax: Axes, segments: list, scale: float) -> None:
    """An arrowhead halfway along each edge: which way it goes, clear of the nodes."""
    if not segments:
        return
    xy = np.array(segments, dtype=float)  # (edges, 2 ends, 2 coordinates)
    start, end = xy[:, 0], xy[:, 1]
    direction = end - start
    ax.quiver(
        start[:, 0] + 0.42 * direction[:, 0],
        start[:, 1] + 0.42 * direction[:, 1],
        0.16 * direction[:, 0],
        0.16 * direction[:, 1],
        angles="xy",
        scale_units="xy",
        scale=1,
        color=DARK_GREY,
        width=0.004 * scale**0.5,
        headwidth=5,
        headlength=6,
        headaxislength=5,
        zorder=1.5,
    )


def _halo(text_color: str) -> patheffects.withStroke:
    """A thin outline in the opposite tone, so a name reads on any fill or hatching."""
    white_text = text_color.upper() in ("#FFFFFF", "WHITE")
    return patheffects.withStroke(linewidth=2.2, foreground="black" if white_text else "white")


def _mark_ends(ax: Axes, view: GraphView, scale: float) -> None:
    """Write "start" and "goal" beside (or, in a maze, on) those nodes."""
    for node, text in ((view.start, "start"), (view.goal, "goal")):
        if node not in view.pos:
            continue
        x, y = view.pos[node]
        if view.kind == "grid":
            ax.text(
                x,
                y,
                text[0].upper(),
                ha="center",
                va="center",
                fontsize=font_size("label", scale),
                fontweight="bold",
                color=OKABE_ITO["black"],
                zorder=7,
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8},
            )
            continue
        below = view.kind == "tree" and text == "goal"  # the goal is usually a leaf
        ax.annotate(
            text,
            (x, y),
            xytext=(0, -15 * scale if below else 15 * scale),
            textcoords="offset points",
            ha="center",
            va="top" if below else "bottom",
            fontsize=font_size("legend", scale),
            color=DARK_GREY,
            fontstyle="italic",
            zorder=7,
        )


def _frame(ax: Axes, view: GraphView) -> None:
    xs = [x for x, _ in view.pos.values()] or [0.0]
    ys = [y for _, y in view.pos.values()] or [0.0]
    pad_x = 0.6 if view.kind != "graph" else 0.08 * (max(xs) - min(xs) + 0.1)
    pad_y = 0.6 if view.kind != "graph" else 0.1 * (max(ys) - min(ys) + 0.1)
    ax.set_xlim(min(xs) - pad_x, max(xs) + pad_x)
    extra = 0.3 if view.kind == "tree" else 0.0  # room for "start" above, "goal" below
    ax.set_ylim(min(ys) - pad_y - extra, max(ys) + pad_y + extra)
    if view.kind == "grid":
        ax.set_aspect("equal")


def search_tree_edges(state: State) -> list[tuple[Hashable, Hashable]]:
    """The (parent, child) links of the nodes reached so far in this iteration.

    >>> import search_viz as sv
    >>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.path_graph(3), 0, 2)))
    >>> search_tree_edges(tr.state(len(tr) - 1))
    [(0, 1), (1, 2)]
    """
    return [(parent, node) for node, parent in state.parents.items()]


def uninformed_figure(
    view: GraphView,
    state: State,
    path: Sequence[Hashable] | None = None,
    *,
    scale: float = 1.0,
    width: float = 6.0,
    height: float = 4.6,
) -> Figure:
    """The picture of an uninformed search at ``state`` on a graph, tree or maze.

    ``path``: the solution, drawn once the search has found it.

    >>> import search_viz as sv
    >>> view = GraphView.of(nx.path_graph(4), 0, 3, kind="tree")
    >>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(view.graph, 0, 3)))
    >>> uninformed_figure(view, tr.state(2)).axes[0].get_legend() is not None
    True
    """
    # Presenter mode enlarges fonts by `scale`; the figure grows by its square root, so
    # names and legend gain size without crowding the picture.
    width, height = width * scale**0.5, height * scale**0.5
    fig, ax = new_figure(width, height)
    statuses = uninformed_statuses(state, path)
    styles = {node: STATUS[status] for node, status in statuses.items()}
    draw_graph(
        ax,
        view,
        styles,
        path=path,
        tree_edges=search_tree_edges(state),
        scale=scale,
        size=marker_size(view, width, height * 0.85),
        order=[STATUS[s] for s in UNINFORMED_STATUSES],
    )
    shown = [s for s in UNINFORMED_STATUSES if s != "unvisited"]
    if view.kind != "grid":
        shown.insert(0, "unvisited")
    add_legend(
        ax,
        shown,
        scale=scale,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=4 if scale <= 1 else 3,
    )
    return fig


def path_edges(path: Sequence[Hashable]) -> list[tuple[Hashable, Hashable]]:
    """The consecutive pairs of a path.

    >>> path_edges(["a", "b", "c"])
    [('a', 'b'), ('b', 'c')]
    """
    return list(itertools.pairwise(path))
