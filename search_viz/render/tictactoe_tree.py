"""The tic-tac-toe search as a picture: the opened node, and below it what the search did.

Two layouts, chosen by the :class:`~search_viz.render.tictactoe_view.TreeView`:

* two plies (a big subtree): the opened position as a board, each move from it
  as a board in a row, and under each of those, the replies as a column of
  rows (where the reply goes, on a small grid, and its value);
* the whole subtree (a small one): a top-down tree, the first level as boards
  where they fit, deeper nodes as triangles and squares.

Shapes and colours follow the game-tree pictures: ▲ sky blue, X to move (MAX);
▼ vermillion, O to move (MIN); ■ a leaf (the game is over, or the depth limit),
yellow once evaluated; dotted and white, not reached yet; grey, dotted and
hatched, pruned; an orange halo on the current node and edge; the principal
variation in green at the end. Values of nodes whose search was cut off are
bounds, written ≥ v or ≤ v.

>>> from search_viz.algorithms.tictactoe import Opponent
>>> from search_viz.problems.tictactoe import TicTacToe
>>> from search_viz.render.tictactoe_view import tree_view
>>> view = tree_view(TicTacToe("XO..X...."), Opponent("Alpha-beta"))
>>> fig = tree_figure(view, 20)
>>> len(fig.legends), float(fig.get_figwidth()) <= 12
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

from search_viz.events import format_value
from search_viz.film.style import (
    DARK_GREY,
    GREY,
    LIGHT_GREY,
    ORANGE,
    PV_COLOUR,
    STATUS,
    WHITE,
    WINDOW_FILL,
    Style,
    font_size,
)
from search_viz.lessons.shared.figure import legend_handle
from search_viz.lessons.shared.game_view import SearchView, search_view, window_text
from search_viz.render.tictactoe import MARK_COLOUR, draw_board, inch_axes
from search_viz.render.tictactoe_notes import node_name
from search_viz.render.tictactoe_view import Node, TreeView

MAX_FILL, MIN_FILL = STATUS["max"].color, STATUS["min"].color
LEAF_FILL = STATUS["evaluated"].color
PRUNED_HATCH = "///"


def legend_entries() -> list[Style]:
    """The tree picture's legend.

    >>> [style.label for style in legend_entries()][:3]
    ['X to move (MAX)', 'O to move (MIN)', 'leaf evaluated (game over or depth limit)']
    """
    return [
        Style("X to move (MAX)", MAX_FILL, marker="^"),
        Style("O to move (MIN)", MIN_FILL, marker="v"),
        Style("leaf evaluated (game over or depth limit)", LEAF_FILL, marker="s"),
        Style("not reached yet", WHITE, edgecolor=GREY, marker="o", linestyle=":"),
        Style("pruned", LIGHT_GREY, edgecolor=GREY, hatch=PRUNED_HATCH, linestyle=":"),
        Style("current node", ORANGE, edgecolor=ORANGE, marker="o", linewidth=3),
        Style("principal variation", PV_COLOUR, edgecolor=PV_COLOUR, marker="_", linewidth=5),
    ]


# ------------------------------------------------------------ what each node is
@dataclass(frozen=True)
class Look:
    """One node at one step: its status, shape, and the text beside it."""

    status: str  # "unreached", "open", "decided", "evaluated", "pruned"
    marker: str  # "^" X to move, "v" O to move, "s" a leaf of the search
    text: str  # its value, window, or "pruned"; "" when nothing is known
    current: bool
    principal: bool


class _Step:
    """Everything about one step that the drawing asks, folded once."""

    def __init__(self, view: TreeView, step: int) -> None:
        self.view = view
        self.fold: SearchView = search_view(view.trace, step)
        self.done = self.fold.done
        self.current = None if self.done else self.fold.event.node
        self.principal = set(view.trace.result.path or []) if self.done else set()
        pruned = self.fold.pruned
        self.pruned = {n for n in view.nodes if any(n[:i] in pruned for i in range(len(n) + 1))}

    def is_leaf(self, node: Node) -> bool:
        view = self.view
        return view.is_terminal(node) or (view.limit is not None and len(node) == view.limit)

    def look(self, node: Node) -> Look:
        fold, view = self.fold, self.view
        marker = "s" if self.is_leaf(node) else ("^" if view.is_max(node) else "v")
        current, principal = node == self.current, node in self.principal
        if node in self.pruned:
            return Look("pruned", marker, "pruned", current, principal)
        if node in fold.leaf_values:
            return Look("evaluated", marker, _number(fold.leaf_values[node]), current, principal)
        if node in fold.decided:
            text = _number(fold.decided[node])
            if node in view.cut:
                text = ("≥ " if view.is_max(node) else "≤ ") + text
            return Look("decided", marker, text, current, principal)
        if node in fold.entered:
            if node in fold.windows:
                text = window_text(fold.windows[node])
            elif node in fold.partial:
                text = ("≥ " if view.is_max(node) else "≤ ") + format_value(fold.partial[node])
            else:
                text = ""
            return Look("open", marker, text, current, principal)
        return Look("unreached", marker, "", current, principal)


def _number(v) -> str:
    text = format_value(v)
    return "+" + text if isinstance(v, (int, float)) and v > 0 else text


def _fill_and_edge(look: Look) -> tuple[str, str, str, str | None]:
    """Fill, edge colour, edge line style and hatch of a node marker or row."""
    if look.status == "pruned":
        return LIGHT_GREY, GREY, ":", PRUNED_HATCH
    if look.status == "unreached":
        return WHITE, GREY, ":", None
    if look.marker == "s":
        return (LEAF_FILL if look.status == "evaluated" else WHITE), "black", "-", None
    return (MAX_FILL if look.marker == "^" else MIN_FILL), "black", "-", None


# ----------------------------------------------------------------- the figure
def tree_figure(view: TreeView, step: int, *, scale: float = 1.0) -> Figure:
    """The picture of ``view`` at ``step`` of its replay.

    >>> from search_viz.algorithms.tictactoe import Opponent
    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.render.tictactoe_view import tree_view
    >>> small = tree_view(TicTacToe("XOXOXO..."), Opponent("Minimax"))
    >>> small.whole, round(float(tree_figure(small, 3).get_figheight()), 1) > 0
    (True, True)
    """
    at = _Step(view, step)
    deepest = max(len(node) for node in view.nodes) - len(view.focus)
    if view.whole and deepest > PLIES_SHOWN:
        return _whole_tree(view, at, scale)
    return _two_plies(view, at, scale)


#: Up to this many plies below the opened node, the picture lists every node with its value.
PLIES_SHOWN = 2


def _legend(fig: Figure, width: float, scale: float) -> float:
    """The legend along the bottom; returns the height it needs (inches)."""
    entries = legend_entries()
    columns = max(2, min(4, int(width / (2.6 * scale))))
    fig.legend(
        handles=[legend_handle(style) for style in entries],
        loc="lower center",
        ncols=columns,
        fontsize=font_size("legend", scale),
        frameon=False,
        handletextpad=0.4,
        columnspacing=1.0,
    )
    return 0.12 + 0.27 * scale * -(-len(entries) // columns)


def legend_height(width: float, scale: float) -> float:
    """The height (inches) the legend needs under a picture ``width`` inches wide.

    >>> round(legend_height(12, 1.0), 2), round(legend_height(6, 1.5), 2)
    (0.7, 1.78)
    """
    columns = max(2, min(4, int(width / (2.6 * scale))))
    return 0.16 + 0.27 * scale * -(-len(legend_entries()) // columns)


def _heading(ax: Axes, view: TreeView, x: float, y: float, scale: float) -> None:
    if view.focus:
        text = f"Opened: {node_name(view, view.focus)}"
    else:
        text = "The position on the board (the root of the search)"
    ax.text(
        x,
        y,
        text,
        ha="left",
        va="top",
        fontsize=font_size("label", scale),
        color=DARK_GREY,
        fontweight="bold",
    )


def _halo(ax: Axes, x: float, y: float, size: float) -> None:
    ax.add_artist(
        FancyBboxPatch(
            (x - size / 2, y - size / 2),
            size,
            size,
            boxstyle="round,pad=0.05",
            facecolor=ORANGE,
            edgecolor=ORANGE,
            alpha=0.45,
            zorder=2,
        )
    )


def _badge(ax: Axes, look: Look, x: float, y: float, points: float) -> None:
    """The node's shape (▲ ▼ ■) in its status's fill and edge."""
    fill, edge, style, hatch = _fill_and_edge(look)
    ax.scatter(
        [x],
        [y],
        s=points**2,
        marker=look.marker,
        c=fill,
        edgecolors=edge,
        linewidths=1.4,
        linestyles=style,
        hatch=hatch,
        zorder=6,
    )


def _board_node(ax, view, at: _Step, node: Node, x: float, y: float, size: float, scale) -> None:
    """A node drawn as its board, with its shape at the top left and its text under it."""
    look = at.look(node)
    faded = look.status in ("unreached", "pruned")
    frame = PV_COLOUR if look.principal else (GREY if faded else DARK_GREY)
    if look.current:
        _halo(ax, x, y, size + 0.12)
    draw_board(
        ax,
        view.board(node),
        x,
        y,
        size,
        new=node[-1] if node else None,
        faded=faded,
        fill=LIGHT_GREY if look.status == "pruned" else WHITE,
        frame=frame,
        frame_width=3.5 if look.principal else 1.4,
        frame_style=":" if faded else "-",
        hatch=PRUNED_HATCH if look.status == "pruned" else None,
        zorder=3,
    )
    _badge(ax, look, x - size / 2, y + size / 2, 11 * min(scale, 1.3))
    if look.text:
        _value_box(ax, look, x, y - size / 2 - 0.06, font_size("label", scale))


def _value_box(ax: Axes, look: Look, x: float, y: float, points: float, ha="center") -> None:
    """The node's value (or window) in a box, hanging from (x, y)."""
    if look.status == "pruned":
        ax.text(
            x,
            y,
            "pruned",
            ha=ha,
            va="top",
            fontsize=points * 0.85,
            color=DARK_GREY,
            style="italic",
            zorder=7,
        )
        return
    is_window = look.text.startswith("[")
    edge = {"^": MAX_FILL, "v": MIN_FILL}.get(look.marker, DARK_GREY)
    box = {
        "boxstyle": "round,pad=0.2",
        "fc": WINDOW_FILL if is_window else WHITE,
        "ec": ORANGE if is_window else edge,
        "lw": 1.5,
        "ls": "--" if look.status == "open" and not is_window else "-",
    }
    ax.text(
        x,
        y,
        look.text,
        ha=ha,
        va="top",
        fontsize=points * (0.85 if is_window else 1.0),
        fontweight="bold",
        bbox=box,
        zorder=7,
    )


def _edges(ax: Axes, segments: list[tuple[tuple, tuple, Look]]) -> None:
    """Edges grouped by look: grey for not reached, dotted for pruned, orange, green."""
    groups: dict[tuple, list] = {}
    for a, b, look in segments:
        if look.status == "pruned":
            key = (GREY, 1.3, ":", 1)
        elif look.status == "unreached":
            key = (GREY, 1.0, "-", 1)
        else:
            key = (DARK_GREY, 1.8, "-", 1)
        groups.setdefault(key, []).append((a, b))
        if look.principal:
            groups.setdefault((PV_COLOUR, 5.0, "-", 1.5), []).append((a, b))
        if look.current:
            groups.setdefault((ORANGE, 5.0, "-", 1.6), []).append((a, b))
    for (colour, width, style, z), lines in groups.items():
        ax.add_collection(
            LineCollection(lines, colors=colour, linewidths=width, linestyles=style, zorder=z)
        )


# ------------------------------------------------------------- two plies below
ROW = 0.36  # inches per reply row


def _two_plies(view: TreeView, at: _Step, scale: float) -> Figure:
    focus = view.focus
    kids = view.children[focus]
    n = max(1, len(kids))
    column = max(1.4, min(1.7, 12.6 / n)) * (1 + 0.2 * (scale - 1))
    width = max(6.5, n * column + 0.4)
    rows = max((len(view.children[k]) for k in kids), default=0)
    board, child_board = 1.1 * (1 + 0.15 * (scale - 1)), min(0.85, column - 0.4)
    legend = legend_height(width, scale)
    heading = 0.45 * scale
    value_room = 0.45 * scale
    height = heading + board + value_room + 0.35 + child_board + value_room + rows * ROW + 0.2
    height += legend
    fig, ax = inch_axes(width, height)
    _heading(ax, view, 0.15, height - 0.1, scale)

    top_y = height - heading - board / 2
    _board_node(ax, view, at, focus, width / 2, top_y, board, scale)
    child_y = top_y - board / 2 - value_room - 0.35 - child_board / 2
    segments = []
    for i, kid in enumerate(kids):
        cx = 0.2 + (i + 0.5) * (width - 0.4) / n
        segments.append(
            (
                (width / 2, top_y - board / 2 - value_room + 0.12),
                (cx, child_y + child_board / 2),
                at.look(kid),
            )
        )
        _board_node(ax, view, at, kid, cx, child_y, child_board, scale)
        _reply_rows(
            ax, view, at, kid, cx, child_y - child_board / 2 - value_room, (width - 0.4) / n, scale
        )
    _edges(ax, segments)
    _legend(fig, width, scale)
    return fig


def _reply_rows(
    ax, view: TreeView, at: _Step, parent: Node, cx: float, y: float, column: float, scale: float
) -> None:
    """The replies under ``parent``: a comb of rows, each a shape, a small grid and a value."""
    replies = view.children[parent]
    if not replies:
        return
    spine = cx - column / 2 + 0.16
    first, last = y - ROW / 2, y - ROW / 2 - (len(replies) - 1) * ROW
    parent_look = at.look(parent)
    spine_style = ":" if parent_look.status in ("pruned", "unreached") else "-"
    ax.plot([spine, spine], [y + 0.08, last], color=GREY, lw=1.2, ls=spine_style, zorder=1)
    points = font_size("label", scale)
    for k, reply in enumerate(replies):
        look = at.look(reply)
        ry = first - k * ROW
        left, right = spine + 0.08, cx + column / 2 - 0.06
        _, edge, style, hatch = _fill_and_edge(look)
        row_fill = {"evaluated": LEAF_FILL, "pruned": LIGHT_GREY}.get(look.status, WHITE)
        edge_colour = PV_COLOUR if look.principal else (ORANGE if look.current else edge)
        ax.plot([spine, left], [ry, ry], color=GREY, lw=1.2, ls=style, zorder=1)
        ax.add_artist(
            Rectangle(
                (left, ry - ROW / 2 + 0.03),
                right - left,
                ROW - 0.06,
                facecolor=row_fill,
                edgecolor=edge_colour,
                linewidth=3 if look.principal or look.current else 1.0,
                linestyle=style,
                hatch=hatch,
                zorder=3,
            )
        )
        _badge(ax, look, left + 0.12, ry, 8.5 * min(scale, 1.3))
        _where(ax, reply[-1], view.is_max(parent), left + 0.41, ry, 0.24, look.status)
        if look.text:
            ax.text(
                right - 0.06,
                ry,
                look.text if look.status != "pruned" else "pruned",
                ha="right",
                va="center",
                fontsize=points * (0.8 if look.text[0] == "[" or look.status == "pruned" else 1),
                fontweight="normal" if look.status in ("pruned", "open") else "bold",
                style="italic" if look.status == "pruned" else "normal",
                color=DARK_GREY if look.status == "pruned" else "black",
                zorder=5,
            )


def _where(ax, cell: int, x_played: bool, x: float, y: float, size: float, status: str) -> None:
    """A small 3 x 3 grid with the played cell filled in the mover's colour."""
    faded = status in ("pruned", "unreached")
    third = size / 3
    left, top = x - size / 2, y + size / 2
    row, col = divmod(cell, 3)
    ax.add_artist(
        Rectangle((left, top - size), size, size, facecolor=WHITE, edgecolor="none", zorder=4)
    )
    ax.add_artist(
        Rectangle(
            (left + col * third, top - (row + 1) * third),
            third,
            third,
            facecolor=MARK_COLOUR["X" if x_played else "O"],
            alpha=0.5 if faded else 1.0,
            edgecolor="none",
            zorder=4.1,
        )
    )
    lines = [((left + k * third, top), (left + k * third, top - size)) for k in range(4)]
    lines += [((left, top - k * third), (left + size, top - k * third)) for k in range(4)]
    ax.add_collection(
        LineCollection(lines, colors=GREY if faded else DARK_GREY, linewidths=0.6, zorder=4.2)
    )


# -------------------------------------------------------------- a whole subtree
LEVEL = 0.8  # inches between marker levels


def _layout(view: TreeView) -> dict[Node, float]:
    """x (in leaf units) of each node under the focus: leaves 1 apart, parents centred."""
    x: dict[Node, float] = {}
    below = [n for n in view.nodes if len(n) >= len(view.focus)]
    next_leaf = 0.0
    for node in below:  # depth-first: a node's leaves come right after it
        if not view.children[node]:
            x[node] = next_leaf
            next_leaf += 1
    for node in reversed(below):
        kids = view.children[node]
        if kids:
            x[node] = (x[kids[0]] + x[kids[-1]]) / 2
    return x


def _room(view: TreeView, xs: dict[Node, float]) -> dict[Node, float]:
    """Each node's distance (inches) to its nearest neighbour on its level."""
    levels: dict[int, list[Node]] = {}
    for node in xs:
        levels.setdefault(len(node), []).append(node)
    room = {}
    for nodes in levels.values():
        ordered = sorted(nodes, key=xs.__getitem__)
        for i, node in enumerate(ordered):
            gaps = [xs[node] - xs[ordered[i - 1]]] if i else []
            gaps += [xs[ordered[i + 1]] - xs[node]] if i + 1 < len(ordered) else []
            room[node] = min(gaps, default=3.0)
    return room


def _whole_tree(view: TreeView, at: _Step, scale: float) -> Figure:
    focus = view.focus
    units = _layout(view)
    n_leaves = 1 + max(units.values())
    spacing = max(0.1, min(0.85, 11.2 / n_leaves))
    xs = {node: u * spacing for node, u in units.items()}
    room = _room(view, xs)
    kids = view.children[focus]
    boards = bool(kids) and min(room[k] for k in kids) >= 0.95
    board, child_board = 1.1, min(0.8, min((room[k] for k in kids), default=1) - 0.2)
    half = {
        node: (board if len(node) == len(focus) else child_board) / 2 + 0.12
        if len(node) == len(focus) or boards
        else 0.15
        for node in xs
    }
    left = min(x - half[n] for n, x in xs.items())
    right = max(x + half[n] for n, x in xs.items())
    width = max(6.5, right - left + 0.5)
    shift = (width - (right - left)) / 2 - left
    depth = max(len(n) for n in units) - len(focus)
    heading, legend = 0.45 * scale, legend_height(width, scale)
    below_board = 0.45 * scale + 0.3
    levels = [0.0, board + below_board]
    for d in range(1, depth):
        levels.append(levels[-1] + ((child_board + below_board) if d == 1 and boards else LEVEL))
    height = heading + levels[-1] + 0.8 + legend
    fig, ax = inch_axes(width, height)
    _heading(ax, view, 0.15, height - 0.1, scale)

    def where(node: Node) -> tuple[float, float]:
        d = len(node) - len(focus)
        y = height - heading - board / 2 - levels[d]
        if d == 1 and boards:
            y -= child_board / 2 - board / 2 + 0.1
        return xs[node] + shift, y

    def bottom(node: Node) -> float:
        """Where the edges to ``node``'s children start."""
        d = len(node) - len(focus)
        y = where(node)[1]
        if d == 0:
            return y - board / 2 - 0.45 * scale + 0.1
        if d == 1 and boards:
            return y - child_board / 2 - 0.45 * scale + 0.1
        return y

    marker = max(5.0, min(16.0, spacing * 72 * 0.5))
    segments = []
    for node in units:
        if node != focus:
            x1, y1 = where(node)
            top = y1 + (child_board / 2 if len(node) - len(focus) == 1 and boards else 0)
            segments.append(((where(node[:-1])[0], bottom(node[:-1])), (x1, top), at.look(node)))
    _edges(ax, segments)
    for node in units:
        x, y = where(node)
        d = len(node) - len(focus)
        if d == 0 or (d == 1 and boards):
            _board_node(ax, view, at, node, x, y, board if d == 0 else child_board, scale)
            continue
        look = at.look(node)
        if look.current:
            ax.scatter(
                [x], [y], s=(marker * 1.7) ** 2, marker=look.marker, c=ORANGE, alpha=0.5, zorder=5
            )
        _badge(ax, look, x, y, marker)
        if look.principal:
            ax.scatter(
                [x],
                [y],
                s=(marker * 1.4) ** 2,
                marker=look.marker,
                facecolors="none",
                edgecolors=PV_COLOUR,
                linewidths=2.5,
                zorder=5.5,
            )
        points = min(font_size("label", scale), room[node] * 72 * 0.38)
        if look.text and points >= 6 and look.status != "pruned":
            ax.text(
                x,
                y - marker / 72 * 0.7,
                look.text,
                ha="center",
                va="top",
                fontsize=points * (0.8 if look.text[0] == "[" or look.status == "pruned" else 1),
                fontweight="bold",
                bbox={"boxstyle": "round,pad=0.1", "fc": WHITE, "ec": "none", "alpha": 0.85},
                zorder=7,
            )
    _legend(fig, width, scale)
    return fig


__all__ = ["Look", "legend_entries", "legend_height", "tree_figure"]
