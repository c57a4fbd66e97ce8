"""Pictures of the 8-puzzle: boards, a solution as a strip of boards, a search tree.

>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> fig, ax = new_figure(2, 2)
>>> draw_board(ax, NOTES_START, 0, 0, 3)
>>> len(ax.patches)
9
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from search_viz.film.style import DARK_GREY, GREY, LIGHT_GREY, OKABE_ITO, STATUS, font_size
from search_viz.lessons.shared.figure import add_legend, new_figure
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.trace import State

TILE_COLOUR = "#FFF5D6"  # a pale tile colour that keeps black digits readable
_TREE_STATUSES = ("frontier", "explored", "cutoff", "current", "goal", "path")


def draw_board(
    ax: Axes,
    state: Sequence[int],
    left: float,
    bottom: float,
    size: float,
    *,
    scale: float = 1.0,
    fontsize: float | None = None,
    edgecolor: str = DARK_GREY,
) -> None:
    """A 3 x 3 board with its lower-left corner at (left, bottom), ``size`` data units wide."""
    cell = size / 3
    text_size = fontsize if fontsize is not None else font_size("title", scale)
    for i, tile in enumerate(state):
        row, col = divmod(i, 3)
        x, y = left + col * cell, bottom + (2 - row) * cell
        ax.add_patch(
            Rectangle(
                (x, y),
                cell,
                cell,
                facecolor=TILE_COLOUR if tile else LIGHT_GREY,
                edgecolor=edgecolor,
                linewidth=1.2,
                hatch=None if tile else "..",
            )
        )
        if tile:
            ax.text(
                x + cell / 2,
                y + cell / 2,
                str(tile),
                ha="center",
                va="center",
                fontsize=text_size,
                fontweight="bold",
                color=OKABE_ITO["black"],
            )


def board_figure(state: Sequence[int], title: str = "", scale: float = 1.0) -> Figure:
    """One board on its own, with an optional title above it.

    >>> board_figure((1, 2, 3, 8, 0, 4, 7, 6, 5), "goal").get_size_inches().tolist()
    [2.0, 2.2]
    """
    fig, ax = new_figure(2.0, 2.2)
    draw_board(ax, state, 0, 0, 3, scale=scale)
    ax.set_xlim(-0.05, 3.05)
    ax.set_ylim(-0.05, 3.05)
    ax.set_aspect("equal")
    if title:
        ax.set_title(title, fontsize=font_size("title", scale))
    return fig


def path_strip_figure(
    path: Sequence[Sequence[int]], scale: float = 1.0, per_row: int = 8
) -> Figure:
    """The solution as a strip of boards, start to goal, numbered by move.

    >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
    >>> len(path_strip_figure([NOTES_START, NOTES_GOAL]).axes[0].patches)
    18
    """
    rows = (len(path) + per_row - 1) // per_row
    columns = min(len(path), per_row)
    fig, ax = new_figure(1.25 * columns + 0.2, 1.55 * rows + 0.1)
    for i, state in enumerate(path):
        row, col = divmod(i, per_row)
        left, bottom = col * 4, -row * 4.6
        draw_board(ax, state, left, bottom, 3, fontsize=font_size("label", scale) * 0.95)
        label = "start" if i == 0 else ("goal" if i == len(path) - 1 else f"move {i}")
        ax.text(
            left + 1.5,
            bottom + 3.25,
            label,
            ha="center",
            va="bottom",
            fontsize=font_size("legend", scale),
        )
    ax.set_xlim(-0.2, 4 * columns - 0.8)
    ax.set_ylim(-4.6 * (rows - 1) - 0.2, 4.0)
    ax.set_aspect("equal")
    return fig


def moved_tile(before: Sequence[int], after: Sequence[int]) -> tuple[int, str]:
    """The tile a move slides, and which way it goes.

    >>> moved_tile((1, 2, 3, 8, 0, 4, 7, 6, 5), (1, 0, 3, 8, 2, 4, 7, 6, 5))
    (2, 'down')
    """
    blank_before, blank_after = before.index(0), after.index(0)
    tile = before[blank_after]
    way = {-3: "up", 3: "down", -1: "left", 1: "right"}[blank_before - blank_after]
    return tile, way


def tree_figure(
    tree: SearchTree,
    state: State,
    path: Sequence | None = None,
    *,
    goal: Sequence[int] | None = None,
    scale: float = 1.0,
    width: float = 6.6,
    height: float = 4.6,
) -> Figure:
    """The search tree over boards at ``state``, with the current board and the goal beside it.

    Each tree node is a board the search has put on the frontier (its marker
    shows its status). ``path``: the solution, drawn once found.

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
    >>> tr = sv.Trace.record(sv.bfs(sv.EightPuzzle(NOTES_START)))
    >>> fig = tree_figure(SearchTree(tr, False), tr.state(9), goal=NOTES_GOAL)
    >>> [ax.get_title() for ax in fig.axes]
    ['', 'being expanded', 'the goal']
    """
    fig = Figure(figsize=(width * scale**0.5, height * scale**0.5), layout="constrained")
    grid = fig.add_gridspec(2, 2, width_ratios=(3.2, 1), height_ratios=(1, 1))
    ax = fig.add_subplot(grid[:, 0])
    ax.set_axis_off()
    statuses = tree.statuses(state)
    current = tree.current(state)
    event = state.event
    on_path: set = set()
    if path and event.kind in ("goal", "done") and current is not None:
        on_path = set(tree.path_ids(current))
    _draw_tree(ax, tree, statuses, current, event.kind, on_path, scale)
    add_legend(
        ax,
        [s for s in _TREE_STATUSES if s != "path" or on_path],
        scale=scale,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=3,
    )
    board_ax = fig.add_subplot(grid[0, 1])
    board_ax.set_axis_off()
    shown = event.node if isinstance(event.node, tuple) and len(event.node) == 9 else None
    if shown is not None:
        draw_board(board_ax, shown, 0, 0, 3, scale=scale)
        board_ax.add_patch(
            Rectangle(
                (-0.05, -0.05),
                3.1,
                3.1,
                fill=False,
                edgecolor=STATUS["current"].color,
                linewidth=4,
            )
        )
        board_ax.set_title(_board_title(event.kind), fontsize=font_size("title", scale))
    board_ax.set_xlim(-0.15, 3.15)
    board_ax.set_ylim(-0.15, 3.15)
    board_ax.set_aspect("equal")
    goal_ax = fig.add_subplot(grid[1, 1])
    goal_ax.set_axis_off()
    if goal is not None:
        draw_board(goal_ax, goal, 0, 0, 3, scale=scale)
        goal_ax.set_title("the goal", fontsize=font_size("title", scale))
    goal_ax.set_xlim(-0.1, 3.1)
    goal_ax.set_ylim(-0.1, 3.1)
    goal_ax.set_aspect("equal")
    return fig


def _board_title(kind: str) -> str:
    return {
        "generate": "just generated",
        "expand": "being expanded",
        "cutoff": "cut off",
        "goal": "goal reached",
        "done": "goal reached",
    }.get(kind, "current board")


def _draw_tree(ax, tree, statuses, current, kind, on_path, scale) -> None:
    pos = tree.pos
    lines = [
        (pos[node[0]], pos[node]) for node in statuses if node[0] is not None and node[0] in pos
    ]
    for (x0, y0), (x1, y1) in lines:
        ax.plot([x0, x1], [y0, y1], color=GREY, linewidth=1.2, zorder=1)
    for node in on_path:
        if node[0] is not None:
            (x0, y0), (x1, y1) = pos[node[0]], pos[node]
            ax.plot([x0, x1], [y0, y1], color=STATUS["path"].color, linewidth=4, zorder=2)
    n = max(1, len(pos))
    size = max(25.0, min(260.0, 9000.0 / n)) * scale**0.5
    groups: dict[str, list] = {}
    for node, status in statuses.items():
        if node == current and kind in ("expand", "generate", "cutoff"):
            status = "current"
        elif node == current and kind in ("goal", "done"):
            status = "goal"
        elif node in on_path:
            status = "path"
        groups.setdefault(status, []).append(node)
    for rank, status in enumerate(_TREE_STATUSES):
        nodes = groups.get(status)
        if not nodes:
            continue
        style = STATUS[status]
        xs = [pos[node][0] for node in nodes]
        ys = [pos[node][1] for node in nodes]
        ax.scatter(
            xs,
            ys,
            s=size * (1.8 if style.marker == "*" else 1.0),
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor,
            linewidths=style.linewidth,
            linestyles=style.linestyle,
            hatch=style.hatch,
            zorder=3 + rank,
        )
    xs = [x for x, _ in pos.values()] or [0.0]
    ys = [y for _, y in pos.values()] or [0.0]
    ax.set_xlim(min(xs) - 0.8, max(xs) + 0.8)
    ax.set_ylim(min(ys) - 0.6, max(ys) + 0.6)
    for depth in range(int(-min(ys)) + 1):
        ax.text(
            min(xs) - 0.7,
            -depth,
            f"{depth}",
            ha="right",
            va="center",
            fontsize=font_size("legend", scale),
            color=DARK_GREY,
        )
    ax.text(
        min(xs) - 0.7,
        max(ys) + 0.45,
        "depth",
        ha="right",
        va="bottom",
        fontsize=font_size("legend", scale),
        color=DARK_GREY,
    )
