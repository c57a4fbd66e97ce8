"""The game-tree picture: the tree top-down, and a search's state at one step drawn on it.

MAX nodes are up-triangles, MIN nodes down-triangles (and two colours), leaves
squares with their value underneath; every node carries its textbook letter
(A, B, C ... breadth-first). A step adds: the nodes entered so far in full
colour, the current node with an orange halo and the edge to it highlighted,
each open node's [α, β] window beside it, backed-up values as they become
known, pruned subtrees greyed and hatched with their edge struck through and
the reason as a caption, and at the end the principal variation.

Everything is sized in inches from the spacing of the leaves, so that the
picture reads the same whatever the tree's size (up to what fits).

>>> from search_viz import GameTree, Trace, alphabeta
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> fig = figure_for(tree, Trace.record(alphabeta(tree)), 14)
>>> len(fig.legends), round(float(fig.get_figwidth()), 1)
(1, 6.8)
"""

from __future__ import annotations

import itertools
import math
import weakref
from collections.abc import Mapping
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

from search_viz.algorithms.adversarial import alphabeta
from search_viz.events import format_value
from search_viz.film.style import (
    DARK_GREY,
    GREY,
    LIGHT_GREY,
    OKABE_ITO,
    ORANGE,
    PV_COLOUR,
    STATUS,
    WHITE,
    WINDOW_FILL,
    Style,
    font_size,
)
from search_viz.lessons.shared.figure import StampedLegend, legend_handle
from search_viz.lessons.shared.game_view import (
    SearchView,
    cut_caption,
    layout,
    letters,
    search_view,
    window_text,
)
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace

VERMILLION = OKABE_ITO["vermillion"]

#: How the quiz marks each leaf after "Check": symbol and colour.
QUIZ_MARKS: dict[str, tuple[str, str]] = {
    "right": ("✓", OKABE_ITO["bluish green"]),
    "wrong": ("✗", VERMILLION),
    "missed": ("missed", OKABE_ITO["reddish purple"]),
}

#: With more leaves than this, letters are left out (they would not fit).
MAX_LETTERED_LEAVES = 32
#: Text smaller than this (points) is not drawn at all.
MIN_READABLE_POINTS = 4.0


@dataclass(frozen=True)
class Geometry:
    """Sizes for one picture: inches per data unit, marker and font sizes in points."""

    spacing: float  # inches between neighbouring leaves (one data unit across)
    level: float  # inches between levels (one data unit down)
    marker: float  # a node marker's side, in points
    letter: float
    value: float
    small: float
    compact: bool

    @classmethod
    def for_tree(cls, n_leaves: int, scale: float, compact: bool) -> Geometry:
        """Leaves as far apart as fits (0.72 in at most), fonts as large as that allows.

        >>> g = Geometry.for_tree(8, 1.0, compact=False)
        >>> g.spacing, round(g.marker, 2), round(g.across(0.36), 2)
        (0.72, 25.92, 0.5)
        """
        widest = 8.0 if compact else 11.0
        spacing = min(0.42 if compact else 0.72, (widest - 0.3) / (n_leaves + 0.8))
        room = spacing * 72  # points from one leaf to the next
        if compact:
            return cls(spacing, 0.55, min(16.0, 0.52 * room), min(9.0 * scale, 0.3 * room),
                       min(11.0 * scale, 0.4 * room), 8.0 * scale, True)  # fmt: skip
        label = font_size("label", scale)
        return cls(
            spacing=spacing,
            level=0.95 + 0.15 * (scale - 1),
            marker=min(26.0, 0.5 * room),
            letter=min(1.15 * label, 0.28 * room),
            value=min(1.4 * label, 0.37 * room),
            small=min(label, max(7.0, 0.32 * room)),
            compact=False,
        )

    def up(self, inches: float) -> float:
        """A vertical distance in inches, in data units."""
        return inches / self.level

    def across(self, inches: float) -> float:
        """A horizontal distance in inches, in data units."""
        return inches / self.spacing


# ------------------------------------------------------------------ the legend
def legend_entries(kind: str = "search") -> list[Style]:
    """The legend of the game-tree picture (``kind``: "search", "plain", "quiz" or "compact").

    >>> [style.label for style in legend_entries("compact")]
    ['leaf evaluated', 'pruned', 'principal variation']
    """
    players = [
        Style("MAX node", STATUS["max"].color, marker="^"),
        Style("MIN node", STATUS["min"].color, marker="v"),
        Style("leaf (value below)", WHITE, edgecolor=DARK_GREY, marker="s"),
    ]
    evaluated = Style("leaf evaluated", STATUS["evaluated"].color, marker="s")
    pruned = Style("pruned", LIGHT_GREY, edgecolor=GREY, hatch="///", linestyle=":")
    principal = Style("principal variation", PV_COLOUR, edgecolor=PV_COLOUR, marker="_",
                      linewidth=5)  # fmt: skip
    if kind == "compact":
        return [evaluated, pruned, principal]
    if kind == "quiz":
        return [*players, Style("you say: pruned", LIGHT_GREY, edgecolor=DARK_GREY, hatch="///")]
    if kind == "plain":
        return players
    return [
        *players,
        evaluated,
        Style("not reached yet", WHITE, edgecolor=GREY, marker="^", linestyle=":"),
        pruned,
        Style("current node", ORANGE, edgecolor=ORANGE, marker="o", linewidth=3),
        Style("edge being explored", ORANGE, edgecolor=ORANGE, marker="_", linewidth=5),
        principal,
    ]


# ----------------------------------------------------------------- the figure
def figure_for(
    tree: GameTree,
    trace: Trace | None = None,
    step: int | None = None,
    *,
    scale: float = 1.0,
    compact: bool = False,
    quiz_marked: frozenset = frozenset(),
    quiz_marks: Mapping[Node, str] | None = None,
) -> Figure:
    """The tree at ``step`` of ``trace`` (the last step if None; no trace: the bare tree).

    ``compact``: a small picture for side-by-side comparisons (no windows, no
    captions). ``quiz_marked``: leaves a student says will be pruned (hatched);
    ``quiz_marks``: after checking, each leaf's "right", "wrong" or "missed".
    """
    pos = layout(tree)
    n_leaves = len(tree.leaves())
    g = Geometry.for_tree(n_leaves, scale, compact)
    view = None
    if trace is not None and len(trace):
        view = search_view(trace, len(trace) - 1 if step is None else step, tree)
    captions = view is not None and not compact and bool(len(trace.positions("prune")))

    below = (0.4 if compact else 0.5) + (0.62 if captions else 0.0) + (0.35 if quiz_marks else 0.0)
    top = 0.4 if not compact else 0.3
    axes_height = g.level * tree.depth + top + below
    width = g.spacing * (n_leaves + 0.8) + 0.3
    kind = "compact" if compact else ("search" if view else "quiz" if quiz_marked else "plain")
    entries = legend_entries(kind)
    # at most three rows: a tall legend would shrink the tree where the height is capped
    fitting = max(2, math.ceil(len(entries) / 3), int(width / (2.0 * scale)))
    columns = len(entries) if compact else min(5, fitting)
    legend_height = 0.1 + 0.24 * scale * math.ceil(len(entries) / columns)

    # Laid out by arithmetic, not by a layout engine: constrained layout measured every
    # text twice and cost a third of each step's drawing (benchmarks/README.md, latency).
    height = axes_height + legend_height
    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, legend_height / height, 1.0, axes_height / height))
    ax.set_axis_off()
    ax.set_xlim(-0.4 - g.across(0.15), n_leaves - 0.6 + g.across(0.15))
    ax.set_ylim(-tree.depth - g.up(below), g.up(top))

    _draw_edges(ax, tree, pos, view, trace, g)
    _draw_nodes(ax, tree, pos, view, g, quiz_marked)
    if n_leaves <= (MAX_LETTERED_LEAVES if not compact else 16):
        _draw_letters(ax, tree, pos, view, g)
    if g.value >= MIN_READABLE_POINTS:  # on a huge tree the values would be specks
        _draw_leaf_values(ax, tree, pos, view, g, quiz_marks)
    if view is not None:
        if g.value >= MIN_READABLE_POINTS:
            _draw_values(ax, tree, pos, view, g)
        if not compact:
            _draw_windows(ax, tree, pos, view, g)
            _draw_captions(ax, tree, pos, view, g)
    fontsize = font_size("legend", scale) * (0.85 if compact else 1.0)
    legend = StampedLegend.add(
        fig,
        [legend_handle(style) for style in entries],
        look=(kind, columns, fontsize),
        ncols=columns,
        fontsize=fontsize,
        frameon=False,
        handletextpad=0.4,
        columnspacing=1.1,
    )
    _make_room(fig, ax, legend, _widest_texts(ax, tree, pos, trace, g))
    return fig


def _make_room(fig: Figure, ax: Axes, legend: StampedLegend, reach: list, pad=0.06) -> None:
    """Widen or heighten the figure where a text or the legend would stick out of it.

    ``reach`` are the window extents (pixels) of the widest texts any step of the
    replay may draw near an edge, so that every frame of a replay has the same size.
    The axes keep their inches per data unit (the geometry is in inches), so the tree
    is not squeezed: only white space is added, on the side that needs it.
    """
    width, height = fig.get_size_inches()
    x0, x1, y0, y1 = (b / fig.dpi for b in _union(reach)) if reach else (pad, 0, pad, 0)
    spare = max(0.0, legend.size_inches(fig.dpi)[0] + 2 * pad - width) / 2
    left = max(spare, pad - x0)
    right = max(spare, x1 - width + pad)
    bottom = max(0.0, pad / 2 - y0)
    top = max(0.0, y1 - height + pad)
    if not (left > 0 or right > 0 or bottom > 0 or top > 0):
        return
    ax_x, ax_y, ax_w, ax_h = ax.get_position().bounds
    new_width, new_height = width + left + right, height + bottom + top
    fig.set_size_inches(new_width, new_height)
    ax.set_position(
        ((ax_x * width + left) / new_width, (ax_y * height + bottom) / new_height,
         ax_w * width / new_width, ax_h * height / new_height)
    )  # fmt: skip
    # centred under the tree, where it was
    legend.set_bbox_to_anchor(((left + width / 2) / new_width, bottom / new_height))


def _widest_texts(ax: Axes, tree: GameTree, pos, trace: Trace | None, g: Geometry) -> list:
    """The extents of every text near an edge, and of the widest any other step may draw."""
    renderer = ax.figure.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in ax.texts if _near_an_edge(t, ax.figure)]
    if trace is not None and len(trace) and g.value >= MIN_READABLE_POINTS:
        key = (tree, g, tuple(ax.figure.get_size_inches()))
        known = _PHANTOMS.setdefault(trace, {})
        if key not in known:
            known[key] = _phantom_extents(ax, tree, pos, trace, g)
        boxes += known[key]
    return boxes


#: Per trace, the extents of the widest texts its replay may draw near an edge.
_PHANTOMS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _phantom_extents(ax: Axes, tree: GameTree, pos, trace: Trace, g: Geometry) -> list:
    """The widest window, backed-up value and value going up at every node near an edge,
    and every cut's caption.

    Drawn with the functions that draw the real ones, measured, and taken away again.
    """
    drawn = len(ax.texts)
    last = search_view(trace, len(trace) - 1, tree)
    widest = max((tree.value(leaf) for leaf in tree.leaves()), key=lambda v: len(format_value(v)))
    near = [node for node in tree.nodes if _near_a_side(ax, pos[node], inches=2.5)]
    inner = [node for node in near if not tree.is_leaf(node)]
    partial = dict.fromkeys(inner, widest)
    # the same values drawn as decided (compact) or as a dashed "≥ v" (minimax's partial)
    _draw_values(ax, tree, pos, SearchView(0, last.event, decided=partial), g)
    _draw_values(ax, tree, pos, SearchView(0, last.event, partial=partial), g)
    if not g.compact:  # windows, captions and values going up are not drawn small
        for window in itertools.product((-math.inf, widest), (math.inf, widest)):
            windows = dict.fromkeys(inner, window)
            _draw_windows(ax, tree, pos, SearchView(0, last.event, open=inner, windows=windows), g)
        for node in near:
            if node != tree.root:
                _value_going_up(ax, pos[node[:-1]], pos[node], widest, g)
        pruning = last.event._replace(kind="prune")  # a fresh cut's caption is bold: wider
        for cut in last.cuts:
            _draw_captions(ax, tree, pos, SearchView(0, pruning, cuts=[cut]), g)
    phantoms = ax.texts[drawn:]
    renderer = ax.figure.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in phantoms if _near_an_edge(t, ax.figure)]
    for text in phantoms:
        text.remove()
    return boxes


def _near_a_side(ax: Axes, xy, inches: float) -> bool:
    """Whether the point (data units) lies within ``inches`` of the figure's left or right."""
    x = ax.transData.transform(xy)[0] / ax.figure.dpi
    return x < inches or x > ax.figure.get_figwidth() - inches


def _near_an_edge(text, fig: Figure) -> bool:
    """Whether the text might reach past the figure's edge (no glyph is wider than 1 em)."""
    content = text.get_text()
    if not content:
        return False
    lines = content.split("\n")
    em = text.get_fontsize() * fig.dpi / 72  # pixels
    reach_x = (max(map(len, lines)) + 1) * em
    reach_y = (len(lines) + 1) * 1.3 * em
    x, y = text.get_transform().transform(text.get_position())
    w, h = fig.bbox.width, fig.bbox.height
    return x < reach_x or x > w - reach_x or y < reach_y or y > h - reach_y


def _union(boxes) -> tuple[float, float, float, float]:
    return (
        min(b.x0 for b in boxes),
        max(b.x1 for b in boxes),
        min(b.y0 for b in boxes),
        max(b.y1 for b in boxes),
    )


# ------------------------------------------------------------------- the edges
def _edge_style(view: SearchView | None, child: Node) -> tuple[str, float, str]:
    if view is None:
        return DARK_GREY, 1.6, "-"
    if child in view.pruned:
        return GREY, 1.4, ":"
    if child in view.entered:
        return DARK_GREY, 2.2, "-"
    return GREY, 1.2, "-"


def _draw_edges(ax: Axes, tree, pos, view, trace, g: Geometry) -> None:
    current = view.event.node if view is not None and not view.done else None
    principal = set(trace.result.path or []) if view is not None and view.done else set()
    groups: dict[tuple, list] = {}  # one LineCollection per look: fast on big trees
    for node in tree.nodes[1:]:
        parent = node[:-1]
        segment = (pos[parent], pos[node])
        groups.setdefault(_edge_style(view, node), []).append(segment)
        if node in principal:
            groups.setdefault((PV_COLOUR, 4 if g.compact else 7, "-", 1.5), []).append(segment)
        if node == current:
            groups.setdefault((ORANGE, 4 if g.compact else 6, "-", 1.6), []).append(segment)
            if view.event.kind == "backup" and not g.compact:
                _value_going_up(ax, *segment, view.event.value, g)
        if view is not None and node in view.pruned and parent in view.cut_nodes:
            _strike(ax, *segment, g)
    for (colour, width, style, *z), segments in groups.items():
        ax.add_collection(LineCollection(segments, colors=colour, linewidths=width,
                                         linestyles=style, zorder=z[0] if z else 1))  # fmt: skip


def _value_going_up(ax, parent_xy, child_xy, value, g: Geometry) -> None:
    """The backed-up value beside the edge it travels up, with an arrow."""
    (x0, y0), (x1, y1) = parent_xy, child_xy
    side = g.across(0.1) if x1 >= x0 else -g.across(0.1)
    ax.text(
        (x0 + x1) / 2 + side,
        (y0 + y1) / 2,
        f"{format_value(value)} ↑",
        ha="left" if side > 0 else "right",
        va="center",
        fontsize=g.value,
        fontweight="bold",
        color=VERMILLION,
        zorder=6,
    )


def _strike(ax, a, b, g: Geometry) -> None:
    """Two short bars across the edge a-b, square to it on the page: this branch is cut."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = (x1 - x0) * g.spacing, (y1 - y0) * g.level  # inches, where right angles are true
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    half = min(0.16, 0.22 * g.spacing) * (0.75 if g.compact else 1.0)
    gap = 0.28 * half
    mx, my = x0 + 0.45 * (x1 - x0), y0 + 0.45 * (y1 - y0)
    for offset in (-gap, gap):
        cx, cy = mx + offset * ux / g.spacing, my + offset * uy / g.level
        ax.plot(
            [cx + half * uy / g.spacing, cx - half * uy / g.spacing],
            [cy - half * ux / g.level, cy + half * ux / g.level],
            color=VERMILLION,
            lw=1.8 if g.compact else 2.6,
            solid_capstyle="butt",
            zorder=2,
        )


# ------------------------------------------------------------------- the nodes
def _marker(tree: GameTree, node: Node) -> str:
    if tree.is_leaf(node):
        return "s"
    return "^" if tree.player(node) == MAX else "v"


def _player_colour(tree: GameTree, node: Node) -> str:
    return STATUS["max"].color if tree.player(node) == MAX else STATUS["min"].color


def _node_look(tree, node, view, quiz_marked) -> tuple[str, str, str | None, str, float]:
    """Fill, edge colour, hatch, edge line style and width of one node at this step."""
    leaf = tree.is_leaf(node)
    if view is None:
        if leaf and node in quiz_marked:
            return LIGHT_GREY, DARK_GREY, "///", "-", 1.6
        return (WHITE if leaf else _player_colour(tree, node)), "black", None, "-", 1.6
    if node in view.pruned:
        return LIGHT_GREY, GREY, "///", ":", 1.6
    if node not in view.entered:
        return WHITE, (GREY if leaf else _player_colour(tree, node)), None, ":", 2.0
    if leaf:
        return (STATUS["evaluated"].color if node in view.leaf_values else WHITE), "black", None, \
            "-", 1.6  # fmt: skip
    return _player_colour(tree, node), "black", None, "-", 1.6


def _draw_nodes(ax, tree, pos, view, g: Geometry, quiz_marked) -> None:
    groups: dict[tuple, list[Node]] = {}
    for node in tree.nodes:
        key = (_marker(tree, node), *_node_look(tree, node, view, quiz_marked))
        groups.setdefault(key, []).append(node)
    for (marker, fill, edge, hatch, style, width), nodes in groups.items():
        side = g.marker * (0.85 if marker == "s" else 1.0)
        ax.scatter(
            [pos[n][0] for n in nodes],
            [pos[n][1] for n in nodes],
            s=side**2,
            marker=marker,
            c=fill,
            edgecolors=edge,
            linewidths=width,
            linestyles=style,
            hatch=hatch,
            zorder=3,
        )
    if view is not None and not view.done and view.event.node in pos:
        node = view.event.node
        ax.scatter(
            [pos[node][0]],
            [pos[node][1]],
            s=(g.marker * 1.55) ** 2,
            marker=_marker(tree, node),
            c=ORANGE,
            edgecolors=ORANGE,
            linewidths=2,
            alpha=0.55,
            zorder=2.5,
        )


def _draw_letters(ax, tree, pos, view, g: Geometry) -> None:
    labels = letters(tree)
    for node in tree.nodes:
        x, y = pos[node]
        marker = _marker(tree, node)
        faded = view is not None and (node in view.pruned or node not in view.entered)
        colour = DARK_GREY if faded else (WHITE if marker == "v" else "black")
        # a triangle's visual centre sits a little toward its base
        nudge = {"^": -g.up(0.04), "v": g.up(0.04)}.get(marker, 0.0)
        ax.text(
            x,
            y + nudge,
            labels[node],
            ha="center",
            va="center",
            fontsize=g.letter * (0.8 if marker == "s" else 1.0),
            fontweight="bold",
            color=colour,
            zorder=4,
        )


def _draw_leaf_values(ax, tree, pos, view, g: Geometry, quiz_marks) -> None:
    baseline = g.up(0.36 if g.compact else 0.5)  # below the leaf's centre
    through = offset_copy(ax.transData, fig=ax.figure, y=g.value * 0.4, units="points")
    for leaf in tree.leaves():
        x, y = pos[leaf]
        text = format_value(tree.value(leaf))
        pruned = view is not None and leaf in view.pruned
        ax.text(x, y - baseline, text, ha="center", va="baseline", fontsize=g.value,
                fontweight="bold", color=GREY if pruned else "black", zorder=4)  # fmt: skip
        if pruned:  # struck through at mid-height of the digits
            half = (0.3 + 0.3 * len(text)) * g.value / 72 / g.spacing
            ax.plot([x - half, x + half], [y - baseline] * 2, color=DARK_GREY, lw=2,
                    transform=through, zorder=4.5)  # fmt: skip
        if quiz_marks and leaf in quiz_marks:
            symbol, colour = QUIZ_MARKS[quiz_marks[leaf]]
            ax.text(x, y - baseline - g.up(0.12), symbol, ha="center", va="top",
                    fontsize=g.value * (1.1 if len(symbol) == 1 else 0.62), fontweight="bold",
                    color=colour, zorder=4)  # fmt: skip


def _draw_values(ax, tree, pos, view, g: Geometry) -> None:
    """Backed-up values left of inner nodes; in minimax, a dashed "so far" value on open nodes."""
    for node in tree.nodes:
        if tree.is_leaf(node):
            continue
        if node in view.decided:
            text, dashed = format_value(view.decided[node]), False
        elif node in view.partial and not view.windows and not g.compact:
            sign = "≥" if tree.player(node) == MAX else "≤"
            text, dashed = f"{sign} {format_value(view.partial[node])}", True
        else:
            continue
        x, y = pos[node]
        box = {"boxstyle": "round,pad=0.25", "fc": WHITE, "ec": _player_colour(tree, node),
               "lw": 1.8, "ls": "--" if dashed else "-"}  # fmt: skip
        ax.text(x - g.across(0.3 if not g.compact else 0.22), y, text, ha="right",
                va="center", fontsize=g.value * (0.85 if dashed else 1.0), fontweight="bold",
                bbox=box, zorder=5)  # fmt: skip


def _draw_windows(ax, tree, pos, view, g: Geometry) -> None:
    """Each open inner node's [α, β] window to its right."""
    for node in view.open:
        if node not in view.windows or tree.is_leaf(node):
            continue
        x, y = pos[node]
        box = {"boxstyle": "round,pad=0.2", "fc": WINDOW_FILL, "ec": ORANGE, "lw": 1.2}
        ax.text(x + g.across(0.2), y + g.up(0.04), window_text(view.windows[node]), ha="left",
                va="center", fontsize=g.small, bbox=box, zorder=5)  # fmt: skip


def _draw_captions(ax, tree, pos, view, g: Geometry) -> None:
    """Each cut's reason under its pruned leaves, the latest first; an older caption that
    would overlap one already written is left out (with many cuts, only the latest)."""
    cuts = view.cuts
    if not cuts:
        return
    if len(cuts) > 6 or len(tree.leaves()) > 27:
        cuts = cuts[-1:]
    fresh = view.cuts[-1] if view.event.kind == "prune" else None
    labels = letters(tree)
    fontsize = g.small * 0.95
    taken: list[tuple[float, float]] = []  # the x-spans (data units) already written
    for cut in reversed(cuts):
        xs = [pos[leaf][0] for child in cut.children for leaf in tree.leaves_under(child)]
        centre = (min(xs) + max(xs)) / 2
        text = cut_caption(tree, cut, labels)
        # a generous estimate of the width: 0.6 em per character, bold or not
        half = g.across(max(map(len, text.split("\n"))) * 0.6 * fontsize / 72) / 2
        span = (centre - half, centre + half)
        if any(span[0] < right and left < span[1] for left, right in taken):
            continue
        taken.append(span)
        ax.text(
            centre,
            -tree.depth - g.up(0.62),
            text,
            ha="center",
            va="top",
            fontsize=fontsize,
            color=VERMILLION if cut == fresh else DARK_GREY,
            fontweight="bold" if cut == fresh else "normal",
            linespacing=1.15,
            zorder=5,
        )


def thumbnail() -> Figure:
    """The home page's card: the textbook tree after alpha-beta, with its cut.

    >>> float(thumbnail().get_figwidth()) < 6
    True
    """
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    return figure_for(tree, Trace.record(alphabeta(tree)), compact=True)


__all__ = ["QUIZ_MARKS", "Geometry", "figure_for", "legend_entries", "thumbnail"]
