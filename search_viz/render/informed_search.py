"""The picture of greedy best-first search and A* on the 8-puzzle: the search tree with g, h, f.

:class:`InformedPicture` reads a trace once (its search tree, each tree node's
g, h and f, how much detail the tree can show); :func:`informed_figure` draws
one step: the search tree so far, the board the step is about with what each
tile adds to h, and the goal. A small tree is drawn as boards with
``g + h = f`` under each; a larger one as markers with f inside; a large one
as markers only (the current node's numbers are beside the tree).

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
>>> trace = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
>>> picture = InformedPicture(trace, NOTES_GOAL, "misplaced", "A*")
>>> picture.detail
'boards'
>>> [ax.get_title().splitlines()[0] for ax in informed_figure(picture, 5).axes][1:]
['being expanded', 'the goal']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from search_viz.algorithms.informed import astar
from search_viz.events import Event, format_value
from search_viz.film.style import (
    DARK_GREY,
    GREY,
    LIGHT_GREY,
    OKABE_ITO,
    STATUS,
    WHITE,
    font_size,
)
from search_viz.lessons.shared.eight_puzzle import TILE_COLOUR, draw_board
from search_viz.lessons.shared.figure import add_legend
from search_viz.lessons.shared.search_tree import SearchTree, TreeId
from search_viz.problems.eight_puzzle import NOTES_GOAL, NOTES_START, EightPuzzle
from search_viz.problems.puzzle_heuristics import contributions
from search_viz.trace import Trace

_ORDER = ("frontier", "explored", "path", "goal", "current")
#: The widest and the deepest tree drawn as boards.
BOARD_LEAVES, BOARD_DEPTH = 14, 7
#: The fewest points between neighbours for a marker with f written in it (7 pt or more).
LABEL_SPACING = 17.0
_WIDTH, _HEIGHT = 9.4, 5.0  # the picture's size in inches (before presenter mode's scale)
_BOARD = 0.8  # a tree board's width
_SPREAD = (1.3, 1.25)  # boards mode: leaves 1.3 units apart, depths 1.25


class InformedPicture:
    """What every step's picture of one trace shares: the tree, its layout, each node's numbers.

    ``goal``: the goal board; ``heuristic``: its name (what the tiles' small
    numbers count); ``algorithm``: "A*" or "greedy".
    """

    def __init__(self, trace: Trace, goal: Sequence[int], heuristic: str, algorithm: str) -> None:
        self.trace = trace
        self.goal = tuple(goal)
        self.heuristic = heuristic
        self.algorithm = algorithm
        self.tree = SearchTree(trace, tree_search=False)
        self.numbers: dict[TreeId, Event] = {}
        for tree_id, e in zip(self.tree.ids, trace.events, strict=True):
            if e.kind == "generate":
                self.numbers[tree_id] = e

    @cached_property
    def detail(self) -> str:
        """How much each tree node shows, from the tree's size: "boards", "labels" or "dots"."""
        pos = self.tree.pos
        if not pos:
            return "boards"
        leaves = max(x for x, _ in pos.values()) + 1
        depth = -min(y for _, y in pos.values())
        if leaves <= BOARD_LEAVES and depth <= BOARD_DEPTH:
            return "boards"
        spacing = _points_per_unit(pos, 1.0, 1.0, _WIDTH, _HEIGHT)
        return "labels" if spacing >= LABEL_SPACING else "dots"

    @cached_property
    def pos(self) -> dict[TreeId, tuple[float, float]]:
        """Where each tree node goes (depths further apart when boards are drawn)."""
        sx, sy = _SPREAD if self.detail == "boards" else (1.0, 1.0)
        return {node: (x * sx, y * sy) for node, (x, y) in self.tree.pos.items()}

    def label(self, tree_id: TreeId) -> str:
        """The numbers written under a tree node: ``g + h = f`` (A*) or ``h = f`` (greedy)."""
        e = self.numbers.get(tree_id)
        if e is None:
            return ""
        g, h, f = (format_value(x) for x in (e.g, e.h, e.value))
        return f"{g}+{h}={f}" if self.algorithm == "A*" else f"f=h={f}"


def informed_figure(
    picture: InformedPicture,
    step: int,
    *,
    scale: float = 1.0,
    width: float = _WIDTH,
    height: float = _HEIGHT,
) -> Figure:
    """The search tree so far at ``step``, the board it is about, and the goal.

    The node the step is about is highlighted (the node being expanded, or
    the child just put on the frontier); once the goal is taken off the
    frontier, the solution path is drawn through the tree.
    """
    trace, tree = picture.trace, picture.tree
    state = trace.state(step)
    event = state.event
    fig = Figure(figsize=(width * scale**0.5, height * scale**0.5), layout="constrained")
    grid = fig.add_gridspec(2, 2, width_ratios=(3.2, 1), height_ratios=(1, 1))
    ax = fig.add_subplot(grid[:, 0])
    ax.set_axis_off()
    statuses = tree.statuses(state)
    current = tree.current(state)
    on_path: set = set()
    if event.kind in ("goal", "done") and current is not None:
        on_path = set(tree.path_ids(current))
    shown = _shown_statuses(statuses, current, event.kind, on_path)
    _draw_tree(ax, picture, shown, on_path, scale)
    entries = [s for s in _ORDER if s in shown.values() or s == "current"]
    add_legend(
        ax,
        entries,
        scale=scale,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=3,
    )
    ax.set_title(_tree_title(picture), fontsize=font_size("legend", scale), color=DARK_GREY)
    board_ax = fig.add_subplot(grid[0, 1])
    _draw_current(board_ax, picture, event, scale)
    goal_ax = fig.add_subplot(grid[1, 1])
    goal_ax.set_axis_off()
    draw_board(goal_ax, picture.goal, 0, 0, 3, scale=scale)
    goal_ax.set_title("the goal", fontsize=font_size("title", scale))
    _frame(goal_ax)
    return fig


def _tree_title(picture: InformedPicture) -> str:
    if picture.detail == "boards":
        what = "g + h = f" if picture.algorithm == "A*" else "f = h"
        return f"The search tree so far: under each board, {what}"
    if picture.detail == "labels":
        return "The search tree so far: f in each node"
    return "The search tree so far (g, h, f of the current node on the right)"


def _shown_statuses(
    statuses: dict[TreeId, str], current: TreeId | None, kind: str, on_path: set
) -> dict[TreeId, str]:
    shown = {}
    for node, status in statuses.items():
        if node == current and kind in ("expand", "generate"):
            status = "current"
        elif node == current:
            status = "goal"
        elif node in on_path:
            status = "path"
        shown[node] = status
    return shown


def _draw_tree(
    ax: Axes,
    picture: InformedPicture,
    shown: dict[TreeId, str],
    on_path: set,
    scale: float,
    depth_axis: bool = True,
) -> None:
    pos = picture.pos
    edges = [(pos[n[0]], pos[n]) for n in shown if n[0] is not None and n[0] in pos]
    ax.add_collection(LineCollection(edges, colors=GREY, linewidths=1.2, zorder=1))
    if picture.detail != "boards" and not on_path:
        current = [n for n, status in shown.items() if status == "current"]
        way = picture.tree.path_ids(current[0]) if current else []
        ax.add_collection(
            LineCollection(
                [(pos[n[0]], pos[n]) for n in way if n[0] is not None],
                colors=STATUS["current"].color,
                linewidths=2.5,
                zorder=2,
            )
        )
    path_edges = [(pos[n[0]], pos[n]) for n in on_path if n[0] is not None]
    ax.add_collection(
        LineCollection(path_edges, colors=STATUS["path"].color, linewidths=4, zorder=2)
    )
    xs = [x for x, _ in pos.values()] or [0.0]
    ys = [y for _, y in pos.values()] or [0.0]
    if picture.detail == "boards":
        _draw_boards(ax, picture, shown, scale)
        ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
        ax.set_ylim(min(ys) - 0.75, max(ys) + 0.55)
        ax.set_aspect("equal")
    else:
        _draw_markers(ax, picture, shown, scale)
        ax.set_xlim(min(xs) - 0.8, max(xs) + 0.8)
        ax.set_ylim(min(ys) - 0.6, max(ys) + 0.6)
    if depth_axis:
        _depth_axis(ax, picture, min(xs), min(ys), scale)


def _points_per_unit(pos: dict, sx: float, sy: float, fig_width: float, fig_height: float) -> float:
    """About how many points one unit of the layout takes (the tree fills its width or height).

    ``sx``, ``sy``: how far apart leaves and depths are in the layout's units.
    """
    xs = [x for x, _ in pos.values()] or [0.0]
    ys = [y for _, y in pos.values()] or [0.0]
    width_in = fig_width * 3.2 / 4.2 - 0.8
    height_in = fig_height - 1.3
    span_x = (max(xs) - min(xs)) * sx + 1.2
    span_y = (max(ys) - min(ys)) * sy + 1.5
    return 72 * min(width_in / span_x, height_in / span_y)


def _tree_ppu(ax: Axes, picture: InformedPicture) -> float:
    """:func:`_points_per_unit` for the tree of ``picture`` drawn on ``ax``."""
    fig = ax.figure
    return _points_per_unit(picture.pos, 1.0, 1.0, fig.get_figwidth(), fig.get_figheight())


def _draw_boards(ax: Axes, picture: InformedPicture, shown: dict, scale: float) -> None:
    """Each tree node as a small board framed in its status, its numbers underneath."""
    ppu = _tree_ppu(ax, picture)
    digit = max(5.0, min(12.0, _BOARD / 3 * ppu * 0.6))
    label_size = max(5.0, min(10.0, ppu * 0.27))
    cells, faces = [], []
    for node, status in shown.items():
        x, y = picture.pos[node]
        left, bottom = x - _BOARD / 2, y - _BOARD / 2
        cell = _BOARD / 3
        for i, tile in enumerate(node[1]):
            row, col = divmod(i, 3)
            cx, cy = left + col * cell, bottom + (2 - row) * cell
            cells.append([(cx, cy), (cx + cell, cy), (cx + cell, cy + cell), (cx, cy + cell)])
            faces.append(TILE_COLOUR if tile else LIGHT_GREY)
            if tile:
                ax.text(
                    cx + cell / 2,
                    cy + cell / 2,
                    str(tile),
                    ha="center",
                    va="center",
                    fontsize=digit,
                    color=OKABE_ITO["black"],
                    zorder=5,
                )
        style = STATUS[status]
        ax.add_patch(
            Rectangle(
                (left - 0.04, bottom - 0.04),
                _BOARD + 0.08,
                _BOARD + 0.08,
                fill=False,
                edgecolor=style.color,
                linewidth=4.5 if status in ("current", "goal", "path") else 3,
                linestyle=style.linestyle if status == "frontier" else "-",
                zorder=6,
            )
        )
        ax.scatter(
            [left - 0.16],
            [bottom + _BOARD - 0.05],
            s=55 * scale,
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor,
            linewidths=1,
            zorder=7,
        )
        ax.text(
            x,
            bottom - 0.1,
            picture.label(node),
            ha="center",
            va="top",
            fontsize=label_size,
            fontweight="bold" if status in ("current", "goal") else "normal",
            color=OKABE_ITO["black"],
            bbox={"facecolor": WHITE, "edgecolor": "none", "pad": 0.3},
            zorder=5,
        )
    ax.add_collection(
        PolyCollection(cells, facecolors=faces, edgecolors=DARK_GREY, linewidths=0.5, zorder=4)
    )


def _draw_markers(ax: Axes, picture: InformedPicture, shown: dict, scale: float) -> None:
    """Each tree node as a status marker; with f written inside when there is room."""
    ppu = _tree_ppu(ax, picture)
    labelled = picture.detail == "labels"
    size = max(4.0, min(400.0, (0.8 * ppu) ** 2)) * scale**0.5
    groups: dict[str, list[TreeId]] = {}
    for node, status in shown.items():
        groups.setdefault(status, []).append(node)
    for rank, status in enumerate(_ORDER):
        nodes = groups.get(status)
        if not nodes:
            continue
        style = STATUS[status]
        big = status in ("current", "goal")
        ax.scatter(
            [picture.pos[n][0] for n in nodes],
            [picture.pos[n][1] for n in nodes],
            s=size * (2.2 if big else 1.0),
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor,
            linewidths=style.linewidth if size > 30 or big else 0.0,
            linestyles=style.linestyle,
            zorder=3 + rank,
        )
        if labelled:
            for n in nodes:
                e = picture.numbers.get(n)
                if e is None:
                    continue
                ax.text(
                    *picture.pos[n],
                    format_value(e.value),
                    ha="center",
                    va="center",
                    fontsize=min(10.0, 0.4 * ppu) * scale**0.5,
                    color=style.text_color,
                    zorder=10,
                )


def _depth_axis(ax: Axes, picture: InformedPicture, left: float, low: float, scale: float) -> None:
    """The depth of each row of the tree, on the left: its g, since every move costs 1."""
    stretch = _SPREAD[1] if picture.detail == "boards" else 1.0
    depths = round(-low / stretch)
    step = max(1, (depths + 1) // 12)
    for depth in range(0, depths + 1, step):
        ax.text(
            left - (0.55 if picture.detail == "boards" else 0.7),
            -depth * stretch,
            f"g = {depth}",
            ha="right",
            va="center",
            fontsize=font_size("legend", scale),
            color=DARK_GREY,
        )


def _draw_current(ax: Axes, picture: InformedPicture, event: Event, scale: float) -> None:
    """The board the step is about, each tile's share of h written in its corner."""
    ax.set_axis_off()
    board = event.node if isinstance(event.node, tuple) and len(event.node) == 9 else None
    if board is not None:
        # The digits grow with the fonts, the board only with the figure: keep them apart.
        draw_board(ax, board, 0, 0, 3, fontsize=font_size("title", scale) * 0.85)
        shares = contributions(picture.heuristic, board, picture.goal)
        for i, tile in enumerate(board):
            if tile in shares:
                row, col = divmod(i, 3)
                ax.text(
                    col + 0.95,
                    (2 - row) + 0.95,
                    f"+{shares[tile]}",
                    ha="right",
                    va="top",
                    fontsize=font_size("legend", scale**0.5) * 0.85,
                    color=OKABE_ITO["vermillion"],
                    fontweight="bold",
                )
        kind = {"generate": "just generated", "expand": "being expanded"}.get(
            event.kind, "goal reached"
        )
        g, h = event.g, event.h
        if g is None:  # the last event ("done") carries the answer, not the numbers
            g, h = event.value, 0
        f = g + h if picture.algorithm == "A*" else h
        ax.set_title(
            f"{kind}\ng = {format_value(g)}, h = {format_value(h)}, f = {format_value(f)}",
            fontsize=font_size("title", scale) * 0.9,
        )
        reached = event.kind in ("goal", "done")
        ax.add_patch(
            Rectangle(
                (-0.06, -0.06),
                3.12,
                3.12,
                fill=False,
                edgecolor=STATUS["goal" if reached else "current"].color,
                linewidth=4,
            )
        )
        ax.text(
            1.5,
            -0.15,
            f"small numbers: each tile's share of h ({picture.heuristic})",
            ha="center",
            va="top",
            fontsize=font_size("legend", scale) * 0.85,
            color=DARK_GREY,
        )
    _frame(ax)


def _frame(ax: Axes) -> None:
    ax.set_xlim(-0.15, 3.15)
    ax.set_ylim(-0.55, 3.15)
    ax.set_aspect("equal")


def thumbnail() -> Figure:
    """The home page's card: A* on the notes' instance, the solution drawn through the tree.

    >>> len(thumbnail().axes)
    1
    """
    trace = Trace.record(astar(EightPuzzle(NOTES_START), heuristic="misplaced"))
    picture = InformedPicture(trace, NOTES_GOAL, "misplaced", "A*")
    fig = Figure(figsize=(4.0, 2.6), layout="constrained")
    ax = fig.add_subplot()
    ax.set_axis_off()
    state = trace.state(len(trace) - 1)
    current = picture.tree.current(state)
    on_path = set(picture.tree.path_ids(current))
    shown = _shown_statuses(picture.tree.statuses(state), current, "done", on_path)
    _draw_tree(ax, picture, shown, on_path, 0.8, depth_axis=False)
    return fig
