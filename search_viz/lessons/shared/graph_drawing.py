"""The graph lessons' picture: a graph, tree or maze drawn once, every node in every look it takes.

A :class:`GraphView` holds what stays the same for a problem (the graph, its
layout, how to draw it). :func:`draw_graph` draws it on a film's scene: the
edges, then every node once per status the replay may give it (a node's
statuses differ by colour and by marker shape, outline or hatching, so each
is its own drawing), a ring that marks the node a step is about, the links
of the search tree and the solution path (hidden until a step shows them),
and the names. :class:`GraphLooks` then says, step by step, which status
each node shows, which links are drawn and where the ring is.

Node names are drawn as the text they are: ``$x$`` stays ``$x$``
(matplotlib's math mode is off for every name).

>>> import search_viz as sv
>>> from search_viz.film import FilmBuilder, Scene
>>> from search_viz.problems.graph_examples import notes_tree
>>> view = GraphView.of(notes_tree(), "A", "R", kind="tree")
>>> def scene():
...     s = Scene(Figure(figsize=(4, 3)))
...     ax = s.figure.add_axes((0, 0, 1, 1))
...     draw_graph(s, ax, view, ["unvisited", "frontier", "explored"])
...     return s
>>> builder = FilmBuilder(scene)
>>> looks = GraphLooks(builder, base="unvisited")
>>> looks.status("A", "frontier"); looks.focus("A"); builder.step("A waits.")
>>> len(builder.film().state(0).looks)  # A's two looks swapped, and the ring shown
3
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import networkx as nx
import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import PathPatch, Rectangle
from matplotlib.path import Path

from search_viz.events import format_value
from search_viz.film.sketch import Sketch, SketchAxes
from search_viz.film.sketch_text import legend_width
from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, STATUS, Style, font_size
from search_viz.film.svg_writer import measuring_renderer
from search_viz.lessons.shared.figure import legend_handle
from search_viz.lessons.shared.graph_layout import (
    Positions,
    graph_positions,
    graph_tree_layout,
    grid_positions,
    is_tree,
)
from search_viz.problems.maze_text import maze_size

#: Above this many nodes a graph picture leaves out the node names.
LABEL_LIMIT = 50
#: Above this many edges a picture leaves out the edge costs.
COST_LIMIT = 80

#: The ring around the node a step is about, and its area in node areas.
FOCUS = Style("this step's node", "none", edgecolor=OKABE_ITO["black"], linewidth=2.5)
RING_AREA = 2.1
#: A link of the search tree (child to parent), and the solution path.
TREE_LINK = Style("search-tree link", DARK_GREY)
PATH_LINK = Style("solution path", STATUS["path"].color)


@dataclass(frozen=True)
class GraphView:
    """A problem's graph ready to draw: its layout and how it looks. Build one with :meth:`of`.

    ``kind``: ``"tree"`` (a tidy tree hanging from ``root``), ``"grid"`` (maze
    cells at their row and column) or ``"graph"`` (a seeded spring layout).
    """

    graph: nx.Graph
    start: Hashable
    goal: Hashable
    kind: str
    pos: Positions = field(repr=False)
    root: Hashable = None

    @classmethod
    def of(
        cls,
        G: nx.Graph,
        start: Hashable,
        goal: Hashable,
        kind: str = "graph",
        pos: Positions | None = None,
        root: Hashable = None,
    ) -> GraphView:
        """Lay ``G`` out once for ``kind`` (or take the positions ``pos``).

        A tree hangs from ``root`` (the start unless given).

        >>> GraphView.of(nx.path_graph(3), 0, 2, kind="tree").pos[2]
        (0.0, -2.0)
        """
        if kind == "tree":
            root = start if root is None else root
        if pos is not None:
            pos = dict(pos)
        elif kind == "tree":
            pos = graph_tree_layout(G, root)
        elif kind == "grid":
            pos = grid_positions(G)
        elif kind == "graph":
            pos = graph_positions(G)
        else:
            raise ValueError(f"kind must be tree, grid or graph, not {kind!r}")
        return cls(G, start, goal, kind, pos, root)

    @classmethod
    def guess(cls, G: nx.Graph, start: Hashable, goal: Hashable) -> GraphView:
        """A view of any graph: a maze of ``grid_maze`` as a grid, a tree from the start as a
        tree, anything else as a graph.

        >>> from search_viz.problems.graph_examples import grid_maze, notes_tree
        >>> GraphView.guess(grid_maze(4, 0, 1), (0, 0), (3, 3)).kind, GraphView.guess(
        ...     notes_tree(), "A", "R").kind, GraphView.guess(nx.cycle_graph(4), 0, 2).kind
        ('grid', 'tree', 'graph')
        """
        if G.graph.get("size") and all(isinstance(n, tuple) and len(n) == 2 for n in G):
            return cls.of(G, start, goal, kind="grid")
        if is_tree(G):
            return cls.of(G, start, goal, kind="tree")
        return cls.of(G, start, goal, kind="graph")

    @property
    def labelled(self) -> bool:
        """Whether the picture names its nodes (small trees and graphs only)."""
        return self.kind != "grid" and self.graph.number_of_nodes() <= LABEL_LIMIT

    @property
    def depth_rows(self) -> bool:
        """Whether a node's height in the picture is its depth from the start (a tree hung
        from the start): then a depth limit is a line across the picture."""
        return self.kind == "tree" and self.root == self.start


def edge_key(a: Hashable, b: Hashable) -> frozenset:
    """One name for the line between ``a`` and ``b``, whichever way it is followed.

    >>> edge_key("A", "B") == edge_key("B", "A")
    True
    """
    return frozenset((a, b))


def path_links(path: Sequence[Hashable]) -> list[frozenset]:
    """The links along ``path``, in its order.

    >>> path_links(["A", "B", "C"]) == [edge_key("A", "B"), edge_key("B", "C")]
    True
    """
    return [edge_key(a, b) for a, b in pairwise(path)]


def marker_size(view: GraphView, width: float, height: float) -> float:
    """A marker area (points²) that keeps neighbouring nodes apart in axes of this size.

    >>> from search_viz.problems.graph_examples import grid_maze
    >>> marker_size(GraphView.of(grid_maze(10, 0, 1), (0, 0), (9, 9), "grid"), 6, 4) > 100
    True
    """
    if view.kind == "grid":  # the whole square, walls at its edges too
        cell = min(width, height) * 72 / maze_size(view.graph)
        return (0.62 * cell) ** 2
    xs = [x for x, _ in view.pos.values()] or [0.0]
    ys = [y for _, y in view.pos.values()] or [0.0]
    span_x, span_y = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if view.kind == "tree":
        cell = min(width * 72 / span_x, height * 72 / span_y)
        return min(900.0, (0.7 * cell) ** 2)
    n = max(1, view.graph.number_of_nodes())
    return float(np.clip(9000 / n, 30, 700))


def graph_figure(
    width: float, height: float, handles: list, *, ncols: int = 5, top: float = 0.0
) -> tuple[Figure, Axes]:
    """A figure with the legend ``handles`` in a band at the bottom, and axes above it.

    The legend takes as many of ``ncols`` columns as fit the width. ``top``:
    inches kept free above the axes (for a caption).

    >>> fig, ax = graph_figure(6, 4, [legend_handle(STATUS["frontier"])])
    >>> len(fig.legends), float(round(ax.get_position().y0, 3))
    (1, 0.092)
    """
    fig = Figure(figsize=(width, height))
    rows = bottom_legend(fig, handles, ncols) if handles else 0
    band = (0.1 + 0.27 * rows) / height if rows else 0.0
    ax = fig.add_axes((0.01, band, 0.98, 1 - band - top / height - 0.01))
    ax.set_axis_off()
    return fig, ax


def graph_sketch(
    width: float, height: float, entries: list, *, ncols: int = 5, top: float = 0.0
) -> tuple[Sketch, SketchAxes]:
    """:func:`graph_figure` as a sketch (see :mod:`search_viz.film.sketch`): the legend of
    ``entries`` (see :func:`legend_entries`) in a band at the bottom, and axes above it.

    >>> sketch, ax = graph_sketch(6, 4, [STATUS["frontier"]])
    >>> float(round(ax.get_position().y0, 3))
    0.092
    """
    sketch = Sketch(width, height)
    rows = 0
    if entries:
        rows, columns = _legend_rows(sketch, entries, ncols)
        sketch.legend(entries, graph_legend_handle, ncols=columns, **_BOTTOM_LEGEND)
    band = (0.1 + 0.27 * rows) / height if rows else 0.0
    ax = sketch.axes((0.01, band, 0.98, 1 - band - top / height - 0.01), xlim=(0, 1), ylim=(0, 1))
    return sketch, ax


#: The bottom legend's options (what :func:`bottom_legend` and :func:`graph_sketch` draw).
_BOTTOM_LEGEND = {
    "anchor": (0.5, 0.0),
    "loc": "lower center",
    "fontsize": font_size("legend"),
    "frameon": False,
    "handletextpad": 0.4,
    "columnspacing": 1.0,
    "borderaxespad": 0.2,
}


def _legend_rows(sketch: Sketch, entries: list, ncols: int) -> tuple[int, int]:
    """The rows and columns of a bottom legend: as many columns as fit the width (measured
    without drawing the legends that do not fit)."""
    options = {k: v for k, v in _BOTTOM_LEGEND.items() if k != "anchor"}
    labels = [graph_legend_label(entry) for entry in entries]
    width = sketch.size_points[0]
    for columns in range(min(ncols, len(entries)), 0, -1):
        if columns == 1 or legend_width(labels, ncols=columns, **options) <= 0.98 * width:
            return math.ceil(len(entries) / columns), columns
    raise ValueError("a legend needs at least one entry")


def bottom_legend(fig: Figure, handles: list, ncols: int = 5) -> int:
    """A legend of ``handles`` along the bottom of ``fig``, in as many of ``ncols`` columns as
    fit; returns its number of rows.

    >>> fig = Figure(figsize=(2, 2))
    >>> bottom_legend(fig, [legend_handle(STATUS[s]) for s in ("frontier", "explored")])
    2
    """
    renderer = measuring_renderer(fig)  # sizes only: nothing is painted
    width = fig.get_figwidth() * fig.dpi
    options = {k: v for k, v in _BOTTOM_LEGEND.items() if k != "anchor"}
    for columns in range(min(ncols, len(handles)), 0, -1):
        legend = fig.legend(
            handles=handles, bbox_to_anchor=_BOTTOM_LEGEND["anchor"], ncols=columns, **options
        )
        if columns == 1 or legend.get_window_extent(renderer).width <= 0.98 * width:
            return math.ceil(len(handles) / columns)
        legend.remove()
    raise ValueError("a legend needs at least one entry")


def legend_handles(styles: Iterable[Style], *, links: bool = True) -> list:
    """Legend entries for node ``styles``, then the step's ring and (``links``) the lines.

    >>> [h.get_label() for h in legend_handles([STATUS["frontier"]])]
    ['on the frontier', "this step's node", 'search-tree link', 'solution path']
    """
    return [graph_legend_handle(entry) for entry in legend_entries(styles, links=links)]


def legend_entries(styles: Iterable[Style], *, links: bool = True) -> list:
    """What :func:`legend_handles` shows, as values: the styles, then "ring" (and "tree link",
    "path link").

    >>> legend_entries([], links=False)
    ['ring']
    """
    return [*styles, "ring", *(("tree link", "path link") if links else ())]


def graph_legend_label(entry: Style | str) -> str:
    """The label of one of :func:`legend_entries`, as its handle shows it (without making
    the handle, a matplotlib artist).

    >>> entries = legend_entries(list(STATUS.values()))
    >>> [graph_legend_label(e) for e in entries] == [
    ...     graph_legend_handle(e).get_label() for e in entries]
    True
    """
    return entry.label if isinstance(entry, Style) else _ENTRY_STYLES[entry].label


#: The styles of the legend's entries that are not node statuses.
_ENTRY_STYLES = {"ring": FOCUS, "tree link": TREE_LINK, "path link": PATH_LINK}
#: How wide the legend draws each kind of link.
_LINK_WIDTHS = {"tree link": 2.4, "path link": 4}


def graph_legend_handle(entry: Style | str) -> Line2D:
    """The legend's handle of one of :func:`legend_entries`.

    >>> graph_legend_handle("path link").get_label()
    'solution path'
    """
    if isinstance(entry, Style):
        return legend_handle(entry)
    if entry == "ring":
        return Line2D([], [], marker="o", markersize=13, markerfacecolor="none",
                      markeredgecolor=FOCUS.edgecolor, markeredgewidth=FOCUS.linewidth,
                      linestyle="none", label=FOCUS.label)  # fmt: skip
    link = _ENTRY_STYLES[entry]
    return Line2D([], [], color=link.color, linewidth=_LINK_WIDTHS[entry], label=link.label)


# ------------------------------------------------------------------------ drawing
@dataclass(frozen=True)
class Shown:
    """The parts of a graph picture one film can show: the nodes each status is ever given
    (a status not named: every node), the nodes the ring is ever put on, and the links of
    the search tree and of the path. A maze's film draws only these: a cell drawn in every
    look makes a picture of thousands of parts that the browser has to lay out.

    >>> shown = Shown({"path": {"A"}}, rings={"A", "B"}, links=set(), path=set())
    >>> shown.nodes_in("path", ["A", "B", "C"]), shown.nodes_in("expanded", ["A", "B"])
    (['A'], ['A', 'B'])
    """

    nodes: Mapping[str, Collection[Hashable]]
    rings: Collection[Hashable]
    links: Collection[frozenset]
    path: Collection[frozenset]

    def nodes_in(self, status: str, nodes: Sequence[Hashable]) -> list[Hashable]:
        """Those of ``nodes`` (in their order) that can show ``status``."""
        some = self.nodes.get(status)
        return list(nodes) if some is None else [n for n in nodes if n in some]


def search_reach(trace) -> tuple[dict[str, set], set[frozenset]]:
    """The nodes a one-way search's events happen at, by kind ("generate", "expand",
    "cutoff", "goal"), and its tree's links (a node to the parent it was reached or
    expanded from): what its film can show (see :class:`Shown`).

    >>> import search_viz as sv
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> trace = sv.Trace.record(sv.bfs(sv.GraphProblem(notes_tree(), "A", "C")))
    >>> reach, links = search_reach(trace)
    >>> sorted(reach["expand"]), sorted(reach["goal"]), edge_key("A", "B") in links
    (['A', 'B', 'C'], ['C'], True)
    """
    reach: dict[str, set] = {kind: set() for kind in ("generate", "expand", "cutoff", "goal")}
    links: set[frozenset] = set()
    for e in trace.events:
        if e.kind in reach:
            reach[e.kind].add(e.node)
            if e.kind in ("generate", "expand") and e.parent not in (None, e.node):
                links.add(edge_key(e.parent, e.node))
    return reach, links


def draw_graph(
    scene,
    ax: Axes,
    view: GraphView,
    statuses: Sequence[str],
    styles: Mapping[str, Style] | None = None,
    *,
    base: str | None = "unvisited",
    size: float | None = None,
    shown: Shown | None = None,
) -> None:
    """Draw ``view`` on ``ax`` of ``scene``: every node once per status, each tagged.

    ``statuses`` name the looks a node can take, bottom to top (``styles``
    gives each one's :class:`Style`, else ``STATUS``). ``base`` is the look
    every node shows before the first step (None: none, as maze cells, which
    are drawn light already). Item names: ``("node", status, node)``, ``("ring",
    node)``, ``("link", edge_key)``, ``("path", edge_key)``. ``shown``: only the
    parts a film can show are drawn (see :class:`Shown`; None: every one).
    """
    styles = {**STATUS, **(styles or {})}
    G = view.graph
    if size is None:
        box = ax.get_position()
        width, height = ax.figure.get_size_inches()
        size = marker_size(view, box.width * width, box.height * height)
    # A maze's marks all lie inside its axes (see _frame), so they are drawn unclipped:
    # clipped, each of its hundreds of tagged marks is written in a clip group of its own.
    clip = view.kind != "grid"
    if view.kind == "grid":
        draw_grid_cells(ax, view)
    else:
        ax.add_collection(
            LineCollection(_segments(view, G.edges), colors=GREY, linewidths=1.0, zorder=1)
        )
        if G.is_directed() and view.kind != "tree":
            _arrowheads(ax, _segments(view, G.edges))
        _edge_costs(ax, view)
    # each link drawn from the end the graph names first (a frozenset's order would
    # change with the process's hash seed, and with it the film)
    ends = {}
    for a, b in G.edges:
        if a != b:
            ends.setdefault(edge_key(a, b), (a, b))
    keys = list(ends)
    tree_keys = keys if shown is None else [k for k in keys if k in shown.links]
    segments = [(view.pos[a], view.pos[b]) for a, b in (ends[k] for k in tree_keys)]
    links = LineCollection(segments, colors=TREE_LINK.color, linewidths=2.4, zorder=2, clip_on=clip)
    scene.tag_each(ax.add_collection(links), [("link", k) for k in tree_keys], shown=False)
    path_keys = keys if shown is None else [k for k in keys if k in shown.path]
    segments = [(view.pos[a], view.pos[b]) for a, b in (ends[k] for k in path_keys)]
    path = LineCollection(
        segments, colors=PATH_LINK.color, linewidths=5, zorder=3, capstyle="round", clip_on=clip
    )
    scene.tag_each(ax.add_collection(path), [("path", k) for k in path_keys], shown=False)
    nodes = list(G.nodes)
    for rank, status in enumerate(statuses):
        style = styles[status]
        members = nodes if shown is None or status == base else shown.nodes_in(status, nodes)
        xy = _positions(view, members)
        drawn = ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=size * (1.5 if style.marker == "*" else 1.0),
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor,
            linewidths=style.linewidth,
            linestyles=style.linestyle,
            hatch=style.hatch,
            zorder=4 + rank * 0.01,
            clip_on=clip,
        )
        scene.tag_each(drawn, [("node", status, n) for n in members], shown=status == base)
    if base is not None and base not in statuses:
        raise ValueError(f"the base look {base!r} must be one of the statuses")
    ringed = nodes if shown is None else [n for n in nodes if n in shown.rings]
    xy = _positions(view, ringed)
    ring = ax.scatter(
        xy[:, 0],
        xy[:, 1],
        s=size * RING_AREA,
        marker="o",
        facecolors="none",
        edgecolors=FOCUS.edgecolor,
        linewidths=FOCUS.linewidth,
        zorder=5,
        clip_on=clip,
    )
    scene.tag_each(ring, [("ring", n) for n in ringed], shown=False)
    if view.labelled:
        _names(ax, view, nodes, size)
    _mark_ends(ax, view, size)
    _frame(ax, view)


def _positions(view: GraphView, nodes: Sequence[Hashable]) -> np.ndarray:
    """The (x, y) of each of ``nodes``, one row each (none: an empty 0 x 2 array)."""
    return np.array([view.pos[n] for n in nodes], dtype=float).reshape(-1, 2)


def _segments(view: GraphView, pairs: Iterable[tuple[Hashable, Hashable]]) -> list:
    pos = view.pos
    return [(pos[a], pos[b]) for a, b in pairs if a in pos and b in pos]


def _names(ax: Axes, view: GraphView, nodes: Sequence, size: float) -> None:
    """Each node's name on it, black on a white halo (readable on every fill)."""
    text_size = min(font_size("label"), 0.55 * size**0.5)
    for node in nodes:
        x, y = view.pos[node]
        name = str(node)
        ax.text(
            x,
            y,
            name,
            ha="center",
            va="center",
            fontsize=text_size * (0.85 if len(name) > 2 else 1),
            color=OKABE_ITO["black"],
            fontweight="bold",
            zorder=6,
            parse_math=False,
            path_effects=[patheffects.withStroke(linewidth=2.6, foreground="white")],
        )


def draw_grid_cells(ax: Axes, view: GraphView) -> None:
    """The maze: walls as dark cells, open cells light, within a frame.

    >>> from search_viz.problems.graph_examples import grid_maze
    >>> fig = Figure(); ax = fig.add_subplot()
    >>> draw_grid_cells(ax, GraphView.of(grid_maze(4, 0.25, 1), (0, 0), (3, 3), "grid"))
    >>> len(ax.patches), len(ax.collections)  # the square, its walls, its frame; the lines
    (3, 1)
    """
    size = maze_size(view.graph)
    square = (-0.5, -size + 0.5)
    inside = {"clip_on": False}  # as every mark of a maze (see draw_graph)
    ax.add_patch(
        Rectangle(square, size, size, facecolor=OPEN_CELL, edgecolor="none", zorder=0, **inside)
    )
    walls = [_cell_square(r, c) for r in range(size) for c in range(size)
             if (r, c) not in view.graph]  # fmt: skip
    if walls:  # one shape of many squares: one element of the picture, however many walls
        outline = Path.make_compound_path(*walls)
        ax.add_patch(PathPatch(outline, facecolor=WALL, edgecolor="none", zorder=0.1, **inside))
    lines = np.arange(size + 1) - 0.5
    grid = [((-0.5, -k), (size - 0.5, -k)) for k in lines]
    grid += [((k, -size + 0.5), (k, 0.5)) for k in lines]
    ax.add_collection(LineCollection(grid, colors="white", linewidths=0.8, zorder=0.5, **inside))
    ax.add_patch(
        Rectangle(square, size, size, fill=False, edgecolor=DARK_GREY, linewidth=1.5, **inside)
    )


#: A maze's open cells and walls: the greys the cells were first drawn in (``Greys`` 4%, 72%).
OPEN_CELL, WALL = "#fafafa", "#5a5a5a"


def _cell_square(row: int, column: int) -> Path:
    """A maze cell's square, in the axes' units (rows go down).

    >>> square = _cell_square(2, 3)
    >>> [square.contains_point(p) for p in [(2.6, -2.4), (3.4, -2.4), (2.6, -1.6), (3.4, -1.6)]]
    [True, True, True, True]
    """
    x, y = column - 0.5, -row - 0.5
    return Path([(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1), (x, y)], closed=True)


def needs_matplotlib(view: GraphView) -> bool:
    """Whether ``view`` is drawn only by matplotlib: a directed graph's arrowheads (a quiver)
    cannot be sketched. Every other view is (see :func:`graph_sketch`).

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> needs_matplotlib(GraphView.guess(notes_tree(), "A", "R"))
    False
    """
    return view.graph.is_directed() and view.kind != "tree"


def _edge_costs(ax: Axes, view: GraphView) -> None:
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
            fontsize=font_size("legend"),
            color=DARK_GREY,
            zorder=3.5,  # above the path's line, below the nodes
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": GREY, "lw": 0.6},
        )


def _arrowheads(ax: Axes, segments: list) -> None:
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
        width=0.004,
        headwidth=5,
        headlength=6,
        headaxislength=5,
        zorder=1.5,
    )


def _mark_ends(ax: Axes, view: GraphView, size: float) -> None:
    """Write "start" and "goal" beside those nodes (in a maze: S and G on the cells), clear of
    the ring round a node of marker area ``size`` (points²)."""
    away = max(15.0, math.sqrt(RING_AREA * size) / 2 + FOCUS.linewidth / 2 + 1)  # its edge
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
                fontsize=font_size("label"),
                fontweight="bold",
                color=OKABE_ITO["black"],
                zorder=7,
                path_effects=[patheffects.withStroke(linewidth=3, foreground="white")],
            )
            continue
        below = view.kind == "tree" and text == "goal"  # the goal is usually a leaf
        ax.annotate(
            text,
            (x, y),
            xytext=(0, -away if below else away),
            textcoords="offset points",
            ha="center",
            va="top" if below else "bottom",
            fontsize=font_size("legend"),
            color=DARK_GREY,
            fontstyle="italic",
            zorder=7,
        )


def grid_cells(view: GraphView) -> list[tuple[int, int]]:
    """Every cell of a maze's square, walls too, in reading order.

    >>> from search_viz.problems.maze_text import maze_graph
    >>> grid_cells(GraphView.of(maze_graph(2, [(0, 1)]), (0, 0), (1, 1), "grid"))
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    size = maze_size(view.graph)
    return [(r, c) for r in range(size) for c in range(size)]


def draw_targets(scene, ax: Axes, view: GraphView) -> None:
    """An invisible square over each cell of a maze, walls too, ``("target", cell)``, always
    shown: what a click on a cell finds. A free cell has no look before a search reaches it,
    and a wall none at all; practice mode lets the student click a cell (a child about to be
    generated), edit mode a cell or a wall.

    >>> from search_viz.film import Scene
    >>> from search_viz.problems.maze_text import maze_graph
    >>> fig = Figure(); ax = fig.add_subplot(); scene = Scene(fig)
    >>> draw_targets(scene, ax, GraphView.of(maze_graph(3, [(1, 1)]), (0, 0), (2, 2), "grid"))
    >>> scene.has(("target", (1, 1))), len(scene)
    (True, 9)
    """
    box = ax.get_position()
    width, height = scene.figure.get_size_inches()
    size = marker_size(view, box.width * width, box.height * height) / 0.62**2
    cells = grid_cells(view)
    squares = ax.scatter(
        [float(c) for _, c in cells],
        [float(-r) for r, _ in cells],
        s=size,
        marker="s",
        facecolors="none",
        edgecolors="none",
        zorder=6,
        clip_on=False,  # inside the axes, as every mark of a maze (see draw_graph)
    )
    scene.tag_each(squares, [("target", cell) for cell in cells], shown=True)


def _frame(ax: Axes, view: GraphView) -> None:
    if view.kind == "grid":  # the whole square, walls at its edges too
        size = maze_size(view.graph)
        ax.set_xlim(-0.6, size - 0.4)
        ax.set_ylim(-size + 0.4, 0.6)
        ax.set_aspect("equal")
        return
    xs = [x for x, _ in view.pos.values()] or [0.0]
    ys = [y for _, y in view.pos.values()] or [0.0]
    pad_x = 0.6 if view.kind != "graph" else 0.08 * (max(xs) - min(xs) + 0.1)
    pad_y = 0.6 if view.kind != "graph" else 0.1 * (max(ys) - min(ys) + 0.1)
    ax.set_xlim(min(xs) - pad_x, max(xs) + pad_x)
    extra = 0.3 if view.kind == "tree" else 0.0  # room for "start" above, "goal" below
    ax.set_ylim(min(ys) - pad_y - extra, max(ys) + pad_y + extra)


# ------------------------------------------------------------------ per-step looks
class GraphLooks:
    """What a graph picture shows, changed step by step on a film's builder.

    Keeps each node's status (``base`` until changed), each node's link to
    its parent in the search tree, the solution path and the ring, and tells
    the builder only what changes.
    """

    def __init__(self, builder, base: str | None = "unvisited") -> None:
        self.builder = builder
        self.base = base
        self.now: dict[Hashable, str | None] = {}
        self.parents: dict[Hashable, Hashable] = {}
        self.ring: Hashable = None
        self.path: list[frozenset] = []

    def status(self, node: Hashable, status: str | None) -> None:
        """Show ``node`` in ``status`` (None: its look before the search reached it)."""
        status = self.base if status is None else status
        old = self.now.get(node, self.base)
        if old == status:
            return
        if old is not None:
            self.builder.hide(("node", old, node))
        if status is not None:
            self.builder.show(("node", status, node))
        self.now[node] = status

    def shown(self, node: Hashable) -> str | None:
        """The status ``node`` shows now."""
        return self.now.get(node, self.base)

    def link(self, node: Hashable, parent: Hashable) -> None:
        """Draw ``node``'s link to its parent in the search tree (None: no link)."""
        old = self.parents.get(node)
        if old == parent:
            return
        if old is not None and not self._linked_elsewhere(old, node):
            self.builder.hide(("link", edge_key(old, node)))
        if parent is None:
            self.parents.pop(node, None)
            return
        self.parents[node] = parent
        if parent != node:
            self.builder.show(("link", edge_key(parent, node)))

    def _linked_elsewhere(self, a: Hashable, b: Hashable) -> bool:
        """Whether the line a-b still stands for another link (b the parent of a)."""
        return self.parents.get(a) == b

    def focus(self, node: Hashable) -> None:
        """Put the ring on ``node`` (None: on no node)."""
        if node == self.ring:
            return
        self.builder.choose("ring", None if node is None else ("ring", node))
        self.ring = node

    def show_path(self, path: Sequence[Hashable] | None) -> None:
        """Draw the solution ``path`` (None or empty: none)."""
        keys = path_links(path or ())
        for key in self.path:
            if key not in keys:
                self.builder.hide(("path", key))
        for key in keys:
            self.builder.show(("path", key))
        self.path = keys

    def clear(self) -> None:
        """Every node back to its first look, no link, no ring, no path (a new iteration)."""
        for node in list(self.now):
            self.status(node, None)
        for node in list(self.parents):
            self.link(node, None)
        self.focus(None)
        self.show_path(None)
