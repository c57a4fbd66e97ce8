"""The game-tree picture: a tree top-down, a search's state at one step drawn on it.

MAX nodes are up-triangles, MIN nodes down-triangles, leaves squares with their
value underneath; every node carries its textbook letter (A, B, C ...
breadth-first). A step adds: the nodes entered so far in full colour, the
current node with an orange halo and the edge to it highlighted, each open
node's [α, β] window beside it, backed-up values as they become known, pruned
subtrees greyed and hatched with their edge struck through and the reason as a
caption, and at the end the principal variation.

>>> from search_viz import GameTree, Trace, alphabeta
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> trace = Trace.record(alphabeta(tree))
>>> view = search_view(trace, len(trace) - 1)
>>> [cut_caption(tree, cut, letters(tree)) for cut in view.cuts]
['α = 5 ≥ β = 3 at E:\\n9 cannot matter', 'α = 3 ≥ β = 1 at C:\\nG cannot matter']
>>> len(figure_for(tree, trace, 5).legends)
1
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

from search_viz.algorithms.adversarial import alphabeta
from search_viz.events import Event, format_value
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.render.figure import legend_handle
from search_viz.render.style import (
    DARK_GREY,
    GREY,
    LIGHT_GREY,
    OKABE_ITO,
    STATUS,
    WHITE,
    Style,
    font_size,
)
from search_viz.trace import Trace

ORANGE = OKABE_ITO["orange"]
VALUE_DROP = 0.62  # how far below its leaf a value's baseline sits (data units)
PV_COLOUR = OKABE_ITO["bluish green"]

#: How the quiz marks each leaf after "Check".
QUIZ_MARKS: dict[str, tuple[str, str]] = {
    "right": ("✓", OKABE_ITO["bluish green"]),
    "wrong": ("✗", OKABE_ITO["vermillion"]),
    "missed": ("missed", OKABE_ITO["reddish purple"]),
}


# --------------------------------------------------------------------- labels
def letter(i: int) -> str:
    """The ``i``-th textbook label: A ... Z, then AA, AB ...

    >>> letter(0), letter(25), letter(26), letter(27)
    ('A', 'Z', 'AA', 'AB')
    """
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = string.ascii_uppercase[r] + name
    return name


@lru_cache(maxsize=64)
def letters(tree: GameTree) -> dict[Node, str]:
    """Every node's textbook letter, breadth-first from the root A.

    >>> letters(GameTree.from_nested([[3, 12], [2, 4]]))[(1,)]
    'C'
    """
    return {node: letter(i) for i, node in enumerate(tree.nodes)}


def leaf_name(tree: GameTree, node: Node, labels: Mapping[Node, str]) -> str:
    """A leaf by its value, the way the notes speak ("9"); an inner node by its letter."""
    if tree.is_leaf(node):
        return format_value(tree.value(node))
    return labels[node]


# --------------------------------------------------------------------- layout
@lru_cache(maxsize=64)
def layout(tree: GameTree) -> dict[Node, tuple[float, float]]:
    """Where each node goes: leaves one unit apart left to right, parents centred above.

    ``y`` is minus the depth.

    >>> pos = layout(GameTree.from_nested([[1, 2], 3]))
    >>> pos[(0, 0)], pos[(0, 1)], pos[(1,)], pos[(0,)], pos[()]
    ((0.0, -2.0), (1.0, -2.0), (2.0, -1.0), (0.5, -1.0), (1.25, 0.0))
    """
    pos: dict[Node, tuple[float, float]] = {}
    for x, leaf in enumerate(tree.leaves()):
        pos[leaf] = (float(x), -float(len(leaf)))
    for node in reversed(tree.nodes):  # breadth-first: children come later
        if node not in pos:
            kids = tree.children(node)
            pos[node] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, -float(len(node)))
    return pos


# ---------------------------------------------------------------- search view
@dataclass(frozen=True)
class Cut:
    """One cutoff: at ``node`` alpha >= beta, and ``children`` were skipped."""

    node: Node
    alpha: float
    beta: float
    player: str
    children: tuple[Node, ...]


@dataclass
class SearchView:
    """What the picture and the sentences need after one step of a game search."""

    step: int
    event: Event
    entered: set = field(default_factory=set)
    decided: dict = field(default_factory=dict)  # node -> value it returned
    leaf_values: dict = field(default_factory=dict)  # evaluated leaf -> value
    open: list = field(default_factory=list)  # entered, not decided: root first
    windows: dict = field(default_factory=dict)  # open node -> (alpha, beta)
    partial: dict = field(default_factory=dict)  # open node -> best child value so far
    cuts: list = field(default_factory=list)
    pruned: set = field(default_factory=set)  # every node of every pruned subtree
    before: tuple | None = None  # the parent's window before this step's backup
    best_seen: Any = None  # the best child value of the node this step backs up
    done: bool = False

    @property
    def cut_nodes(self) -> set:
        """The nodes where a cutoff happened."""
        return {cut.node for cut in self.cuts}


def search_view(trace: Trace, step: int, tree: GameTree | None = None) -> SearchView:
    """Fold the trace's events up to ``step`` into a :class:`SearchView`.

    ``tree`` (when given) lets ``pruned`` hold whole subtrees, not only the
    skipped children.
    """
    events = trace.events
    view = SearchView(step=step, event=events[step])
    for k, e in enumerate(events[: step + 1]):
        kind, node = e.kind, e.node
        if kind == "expand":
            view.entered.add(node)
            view.open.append(node)
            if e.alpha is not None:
                view.windows[node] = (e.alpha, e.beta)
        elif kind == "evaluate":
            view.leaf_values[node] = e.value
        elif kind == "backup":
            view.decided[node] = e.value
            if view.open and view.open[-1] == node:
                view.open.pop()
            view.windows.pop(node, None)
            best = view.partial.pop(node, None)
            if k == step:
                view.best_seen = best
            parent = e.parent
            if parent is not None:
                if k == step:
                    view.before = view.windows.get(parent)
                if e.alpha is not None:
                    view.windows[parent] = (e.alpha, e.beta)
                old = view.partial.get(parent)
                pick = max if e.data == MAX else min
                view.partial[parent] = e.value if old is None else pick(old, e.value)
        elif kind == "prune":
            last = view.cuts[-1] if view.cuts else None
            if last is not None and last.node == e.parent and last.alpha == e.alpha:
                view.cuts[-1] = Cut(
                    last.node, last.alpha, last.beta, last.player, (*last.children, node)
                )
            else:
                view.cuts.append(Cut(e.parent, e.alpha, e.beta, e.data, (node,)))
            view.pruned.update(tree.subtree(node) if tree is not None else (node,))
        elif kind == "done":
            view.done = True
    return view


def cut_caption(tree: GameTree, cut: Cut, labels: Mapping[Node, str]) -> str:
    """The reason for a cut, as the notes write it: "α = 5 ≥ β = 3 at E: 9 cannot matter"."""
    names = ", ".join(leaf_name(tree, child, labels) for child in cut.children)
    return (
        f"α = {format_value(cut.alpha)} ≥ β = {format_value(cut.beta)} at {labels[cut.node]}:\n"
        f"{names} cannot matter"
    )


def window_text(window: tuple) -> str:
    """``[α, β]`` as written beside a node: ``[−∞, 3]``."""
    alpha, beta = window
    return f"[{format_value(alpha)}, {format_value(beta)}]".replace("[∞", "[+∞").replace(
        " ∞]", " +∞]"
    )


# -------------------------------------------------------------------- drawing
@dataclass(frozen=True)
class _Sizes:
    """Marker and font sizes for a tree of this many leaves at this scale."""

    marker: float  # points² for scatter
    letter: float
    value: float
    small: float


def _sizes(n_leaves: int, scale: float, compact: bool) -> _Sizes:
    if compact:
        crowd = max(1.0, n_leaves / 9)
        return _Sizes(460 / crowd, 9 * scale / crowd**0.5, 10 * scale / crowd**0.4, 8 * scale)
    crowd = max(1.0, n_leaves / 12)
    return _Sizes(
        1000 * scale / crowd,
        font_size("label", scale) * 1.15 / crowd**0.5,
        font_size("label", scale) * 1.35 / crowd**0.35,
        font_size("label", scale) / crowd**0.25,
    )


def _marker(tree: GameTree, node: Node) -> str:
    if tree.is_leaf(node):
        return "s"
    return "^" if tree.player(node) == MAX else "v"


def _player_style(tree: GameTree, node: Node) -> Style:
    return STATUS["max"] if tree.player(node) == MAX else STATUS["min"]


def legend_entries(kind: str = "search") -> list[Style]:
    """The legend of the game-tree picture (``kind``: "search", "plain" or "quiz")."""
    entries = [
        Style("MAX node", STATUS["max"].color, marker="^"),
        Style("MIN node", STATUS["min"].color, marker="v"),
        Style("leaf (value below)", WHITE, edgecolor=DARK_GREY, marker="s"),
    ]
    if kind == "search":
        entries += [
            Style("leaf evaluated", STATUS["evaluated"].color, marker="s"),
            Style("not reached yet", WHITE, edgecolor=GREY, marker="^", linestyle=":"),
            Style("pruned", LIGHT_GREY, edgecolor=GREY, hatch="///", linestyle=":"),
            Style("current node", ORANGE, edgecolor=ORANGE, marker="o", linewidth=3),
            Style("edge being explored", ORANGE, edgecolor=ORANGE, marker="_", linewidth=5),
            Style("principal variation", PV_COLOUR, edgecolor=PV_COLOUR, marker="_", linewidth=5),
        ]
    elif kind == "quiz":
        entries += [
            Style("you say: pruned", LIGHT_GREY, edgecolor=DARK_GREY, hatch="///"),
        ]
    return entries


def figure_for(
    tree: GameTree,
    trace: Trace | None = None,
    step: int | None = None,
    *,
    scale: float = 1.0,
    compact: bool = False,
    quiz_marked: frozenset = frozenset(),
    quiz_marks: Mapping[Node, str] | None = None,
    title: str | None = None,
) -> Figure:
    """The tree at ``step`` of ``trace`` (no trace: the bare tree, e.g. for a quiz).

    ``compact``: a small side-by-side picture (no windows, no captions).
    ``quiz_marked``: leaves the student says will be pruned (drawn hatched);
    ``quiz_marks``: after checking, each leaf's "right" / "wrong" / "missed".
    """
    pos = layout(tree)
    labels = letters(tree)
    leaves = tree.leaves()
    n_leaves = len(leaves)
    sizes = _sizes(n_leaves, scale, compact)
    show_letters = n_leaves <= (30 if not compact else 16)
    view = (
        search_view(trace, len(trace) - 1 if step is None else step, tree)
        if trace is not None and len(trace)
        else None
    )

    width = min(15.0, max(5.5 if compact else 8.5, (0.62 if compact else 0.95) * n_leaves + 1.6))
    height = (1.05 if compact else 1.3) * tree.depth + (1.6 if compact else 2.4)
    if not compact:
        height += 0.35 * (scale - 1) * tree.depth
    has_captions = view is not None and not compact and bool(trace.positions("prune").size)
    xs = [p[0] for p in pos.values()]
    xlim = (min(xs) - 0.9, max(xs) + 0.9)
    ylim = (-tree.depth - (0.8 if compact else 1.55 if has_captions else 0.9), 0.55)
    if quiz_marks:
        ylim = (ylim[0] - 0.45, ylim[1])
    if not has_captions and not compact:
        height -= 0.5
    # inches per data unit, roughly (the legend takes the bottom): to draw strokes square
    per_inch = (
        (width - 0.3) / (xlim[1] - xlim[0]),
        (height - (0.5 if compact else 0.9)) / (ylim[1] - ylim[0]),
    )
    fig = Figure(figsize=(width, height), layout="constrained")
    ax = fig.add_subplot()
    ax.set_axis_off()
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)

    _draw_edges(ax, tree, pos, view, trace, compact, per_inch)
    _draw_nodes(ax, tree, pos, view, sizes, quiz_marked)
    if show_letters:
        _draw_letters(ax, tree, pos, view, sizes)
    _draw_leaf_values(ax, tree, pos, view, sizes, quiz_marks)
    if view is not None:
        _draw_values(ax, tree, pos, view, sizes, compact)
        if not compact:
            _draw_windows(ax, pos, view, sizes)
            _draw_captions(ax, tree, pos, view, labels, sizes)
    if title:
        ax.set_title(title, fontsize=font_size("title", scale), loc="left")
    _draw_legend(fig, view, compact, scale, width, quiz=bool(quiz_marked or quiz_marks))
    return fig


def _draw_legend(fig, view, compact, scale, width, quiz) -> None:
    if compact:
        entries = [e for e in legend_entries("search") if e.label in _COMPACT_LEGEND]
        size = font_size("legend", scale) * 0.85
    else:
        entries = legend_entries("search" if view is not None else "quiz" if quiz else "plain")
        size = font_size("legend", scale)
    ncols = max(2, min(len(entries), 5, int(width / (2.0 * scale))))
    if compact:
        ncols = len(entries)
    fig.legend(
        handles=[legend_handle(style) for style in entries],
        loc="outside lower center",
        ncols=ncols,
        fontsize=size,
        frameon=False,
        handletextpad=0.4,
        columnspacing=1.2,
    )


_COMPACT_LEGEND = ("leaf evaluated", "pruned", "principal variation")


def _edge_status(view: SearchView | None, child: Node) -> str:
    if view is None:
        return "plain"
    if child in view.pruned:
        return "pruned"
    if child in view.entered:
        return "entered"
    return "unvisited"


def _draw_edges(ax, tree, pos, view, trace, compact, per_inch) -> None:
    current = view.event.node if view is not None else None
    principal = set()
    if view is not None and view.done and trace is not None and trace.result is not None:
        principal = set(trace.result.path or [])
    for node in tree.nodes:
        if not node:
            continue
        parent = node[:-1]
        (x0, y0), (x1, y1) = pos[parent], pos[node]
        status = _edge_status(view, node)
        style = {
            "plain": (DARK_GREY, 1.6, "-"),
            "unvisited": (GREY, 1.2, "-"),
            "entered": (DARK_GREY, 2.2, "-"),
            "pruned": (GREY, 1.4, ":"),
        }[status]
        ax.plot([x0, x1], [y0, y1], color=style[0], lw=style[1], ls=style[2], zorder=1)
        if node in principal and parent in principal:
            ax.plot([x0, x1], [y0, y1], color=PV_COLOUR, lw=7 if not compact else 4, zorder=1.5)
        if node == current and view.event.kind in ("expand", "evaluate", "backup", "prune"):
            ax.plot([x0, x1], [y0, y1], color=ORANGE, lw=6 if not compact else 4, zorder=1.6)
            if view.event.kind == "backup" and not compact:
                _value_going_up(ax, (x0, y0), (x1, y1), view.event.value)
        if status == "pruned" and view is not None and node[:-1] in view.cut_nodes:
            _strike(ax, (x0, y0), (x1, y1), compact, per_inch)


def _value_going_up(ax, parent_xy, child_xy, value) -> None:
    """The backed-up value beside the edge it travels up, with an arrow."""
    (x0, y0), (x1, y1) = parent_xy, child_xy
    side = 0.18 if x1 >= x0 else -0.18
    ax.text(
        (x0 + x1) / 2 + side,
        (y0 + y1) / 2,
        f"{format_value(value)} ↑",
        ha="left" if side > 0 else "right",
        va="center",
        fontsize=font_size("label") * 1.2,
        fontweight="bold",
        color=OKABE_ITO["vermillion"],
        zorder=6,
    )


def _strike(ax, a, b, compact, per_inch) -> None:
    """Two short bars across the edge a-b, square to it on the page: this branch is cut."""
    sx, sy = per_inch
    (x0, y0), (x1, y1) = a, b
    # work in inches, where "across" is a right angle, then go back to data units
    dx, dy = (x1 - x0) * sx, (y1 - y0) * sy
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    room = min(1.0, 3.0 * sx)  # leaves closer than a third of an inch: shorter bars
    half = (0.16 if not compact else 0.11) * room  # inches
    gap = (0.045 if not compact else 0.035) * room
    mx, my = x0 + 0.45 * (x1 - x0), y0 + 0.45 * (y1 - y0)
    for offset in (-gap, gap):
        cx, cy = mx + offset * ux / sx, my + offset * uy / sy
        ax.plot(
            [cx + half * uy / sx, cx - half * uy / sx],
            [cy - half * ux / sy, cy + half * ux / sy],
            color=OKABE_ITO["vermillion"],
            lw=2.6 if not compact else 1.8,
            solid_capstyle="butt",
            zorder=2,
        )


def _node_look(tree, node, view, quiz_marked) -> dict[str, Any]:
    """Fill, edge, hatch and line style of one node at this step."""
    leaf = tree.is_leaf(node)
    if view is None:
        if leaf:
            if node in quiz_marked:
                return {"fc": LIGHT_GREY, "ec": DARK_GREY, "hatch": "///", "ls": "-", "lw": 1.6}
            return {"fc": WHITE, "ec": DARK_GREY, "hatch": None, "ls": "-", "lw": 1.6}
        return {"fc": _player_style(tree, node).color, "ec": "black", "hatch": None, "ls": "-"}
    if node in view.pruned:
        return {"fc": LIGHT_GREY, "ec": GREY, "hatch": "///", "ls": ":", "lw": 1.6}
    if node not in view.entered:
        ec = _player_style(tree, node).color if not leaf else GREY
        return {"fc": WHITE, "ec": ec, "hatch": None, "ls": ":", "lw": 2.0}
    if leaf:
        evaluated = node in view.leaf_values
        fc = STATUS["evaluated"].color if evaluated else WHITE
        return {"fc": fc, "ec": "black", "hatch": None, "ls": "-", "lw": 1.6}
    return {"fc": _player_style(tree, node).color, "ec": "black", "hatch": None, "ls": "-"}


def _draw_nodes(ax, tree, pos, view, sizes, quiz_marked) -> None:
    groups: dict[tuple, list[Node]] = {}
    for node in tree.nodes:
        look = _node_look(tree, node, view, quiz_marked)
        key = (_marker(tree, node), look["fc"], look["ec"], look["hatch"], look["ls"],
               look.get("lw", 1.6))  # fmt: skip
        groups.setdefault(key, []).append(node)
    for (marker, fc, ec, hatch, ls, lw), nodes in groups.items():
        ax.scatter(
            [pos[n][0] for n in nodes],
            [pos[n][1] for n in nodes],
            s=sizes.marker * (0.8 if marker == "s" else 1.0),
            marker=marker,
            c=fc,
            edgecolors=ec,
            linewidths=lw,
            linestyles=ls,
            hatch=hatch,
            zorder=3,
        )
    if view is not None and view.event.node in pos and not view.done:
        node = view.event.node
        ax.scatter(
            [pos[node][0]],
            [pos[node][1]],
            s=sizes.marker * 2.3,
            marker=_marker(tree, node),
            c=ORANGE,
            edgecolors=ORANGE,
            linewidths=2,
            alpha=0.55,
            zorder=2.5,
        )


def _letter_offset(marker: str) -> float:
    """Triangles' visual centres sit off the marker centre: nudge the letter there."""
    return {"^": -0.06, "v": 0.06}.get(marker, 0.0)


def _draw_letters(ax, tree, pos, view, sizes) -> None:
    labels = letters(tree)
    for node in tree.nodes:
        x, y = pos[node]
        marker = _marker(tree, node)
        faded = view is not None and (node in view.pruned or node not in view.entered)
        colour = DARK_GREY if faded else "black"
        if not faded and marker == "v":
            colour = WHITE
        ax.text(
            x,
            y + _letter_offset(marker),
            labels[node],
            ha="center",
            va="center",
            fontsize=sizes.letter * (0.8 if marker == "s" else 1.0),
            fontweight="bold",
            color=colour,
            zorder=4,
        )


def _draw_leaf_values(ax, tree, pos, view, sizes, quiz_marks) -> None:
    for leaf in tree.leaves():
        x, y = pos[leaf]
        text = format_value(tree.value(leaf))
        pruned = view is not None and leaf in view.pruned
        ax.text(
            x,
            y - VALUE_DROP,
            text,
            ha="center",
            va="baseline",
            fontsize=sizes.value,
            fontweight="bold",
            color=GREY if pruned else "black",
            zorder=4,
        )
        if pruned:  # struck through at mid-height of the digits
            half = 0.1 + 0.055 * len(text)
            through = offset_copy(ax.transData, fig=ax.figure, y=sizes.value * 0.36, units="points")
            ax.plot([x - half, x + half], [y - VALUE_DROP] * 2, color=DARK_GREY, lw=2,
                    transform=through, zorder=4.5)  # fmt: skip
        if quiz_marks and leaf in quiz_marks:
            symbol, colour = QUIZ_MARKS[quiz_marks[leaf]]
            ax.text(
                x,
                y - VALUE_DROP - 0.12,
                symbol,
                ha="center",
                va="top",
                fontsize=sizes.value * (1.1 if len(symbol) == 1 else 0.6),
                fontweight="bold",
                color=colour,
                zorder=4,
            )


def _value_box(colour: str, dashed: bool) -> dict[str, Any]:
    return {
        "boxstyle": "round,pad=0.25",
        "fc": WHITE,
        "ec": colour,
        "lw": 1.8,
        "ls": "--" if dashed else "-",
    }


def _draw_values(ax, tree, pos, view, sizes, compact) -> None:
    """Backed-up values left of inner nodes; a dashed "so far" value on open nodes."""
    for node in tree.nodes:
        if tree.is_leaf(node):
            continue
        x, y = pos[node]
        colour = _player_style(tree, node).color
        if node in view.decided:
            text, dashed = format_value(view.decided[node]), False
        elif node in view.partial and not view.windows and not compact:
            sign = "≥" if tree.player(node) == MAX else "≤"
            text, dashed = f"{sign} {format_value(view.partial[node])}", True
        else:
            continue
        ax.text(
            x - (0.32 if not compact else 0.26),
            y,
            text,
            ha="right",
            va="center",
            fontsize=sizes.value * (1.0 if not dashed else 0.85),
            fontweight="bold",
            color="black",
            bbox=_value_box(colour, dashed),
            zorder=5,
        )


def node_has_children(pos: Mapping[Node, tuple], node: Node) -> bool:
    """Whether ``node`` is an inner node of the laid-out tree."""
    return node + (0,) in pos  # noqa: RUF005


def _draw_windows(ax, pos, view, sizes) -> None:
    for node in view.open:
        if node not in view.windows or not node_has_children(pos, node):
            continue
        x, y = pos[node]
        ax.text(
            x + 0.3,
            y + 0.05,
            window_text(view.windows[node]),
            ha="left",
            va="center",
            fontsize=sizes.small,
            color="black",
            bbox={"boxstyle": "round,pad=0.2", "fc": "#FFF3B0", "ec": ORANGE, "lw": 1.2},
            zorder=5,
        )


def _draw_captions(ax, tree, pos, view, labels, sizes) -> None:
    """Each cut's reason under its pruned leaves; with many cuts, only the latest."""
    cuts = view.cuts
    if not cuts:
        return
    if len(cuts) > 6 or len(tree.leaves()) > 27:
        cuts = cuts[-1:]
    fresh = view.cuts[-1] if view.event.kind == "prune" else None
    for cut in cuts:
        xs = [pos[leaf][0] for child in cut.children for leaf in tree.leaves_under(child)]
        ax.text(
            (min(xs) + max(xs)) / 2,
            -tree.depth - 0.72,
            cut_caption(tree, cut, labels),
            ha="center",
            va="top",
            fontsize=sizes.small * 0.95,
            color=OKABE_ITO["vermillion"] if cut == fresh else DARK_GREY,
            fontweight="bold" if cut == fresh else "normal",
            linespacing=1.15,
            zorder=5,
        )


def thumbnail() -> Figure:
    """The home page's card: the textbook tree after alpha-beta, with its cut."""
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = Trace.record(alphabeta(tree))
    return figure_for(tree, trace, len(trace) - 1, compact=True)


__all__ = [
    "Cut",
    "SearchView",
    "cut_caption",
    "figure_for",
    "layout",
    "legend_entries",
    "letter",
    "letters",
    "search_view",
    "thumbnail",
    "window_text",
]
