"""The game-tree picture as a film: the tree drawn once, and what each step of a search changes.

MAX nodes are up-triangles, MIN nodes down-triangles (and two colours), leaves
squares with their value underneath; every node carries its textbook letter
(A, B, C ... breadth-first). The scene holds every look a replay can give a
node (not reached, entered, evaluated, pruned), every [α, β] window and value
a node will show, every cut's reason; a step shows the ones that hold after it:
the current node with an orange halo and the edge to it lit, each open node's
window, backed-up values as they become known (a value on its way up beside
its edge), pruned subtrees greyed and hatched with their edge struck through
and the reason as a caption, and at the end the principal variation.

Everything is sized in inches from the spacing of the leaves, so that the
picture reads the same whatever the tree's size (up to what fits).

>>> from search_viz import GameTree, alphabeta
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> film = game_film(tree, pruning=True)
>>> len(film), film.state(14).sentence.split(":")[0]
(30, 'Prune the leaf 9 (K)')
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial

from matplotlib.figure import Figure

from search_viz.algorithms.adversarial import alphabeta, game_pseudocode, minimax
from search_viz.events import format_value
from search_viz.film import Film, FilmBuilder
from search_viz.film.sketch import POINTS, Sketch, SketchAxes
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
from search_viz.lessons.game_trees.descriptions import game_description
from search_viz.lessons.game_trees.edits import mark_editable
from search_viz.lessons.game_trees.questions import Asked, Questions
from search_viz.lessons.game_trees.sentences import game_note
from search_viz.lessons.shared.figure import legend_handle
from search_viz.lessons.shared.game_view import (
    SearchView,
    cut_caption,
    layout,
    letters,
    search_views,
    window_text,
)
from search_viz.lessons.shared.outcome import at_the_end
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace

VERMILLION = OKABE_ITO["vermillion"]

#: With more leaves than this, letters are left out (they would not fit).
MAX_LETTERED_LEAVES = 32
#: Text smaller than this (points) is not drawn at all.
MIN_READABLE_POINTS = 4.0
#: With more cuts than this, or more leaves, only the latest cut's caption is drawn.
MAX_CAPTIONED_CUTS, MAX_CAPTIONED_LEAVES = 6, 27
#: Trees with more leaves than this get the whole width, the panels below them.
WIDE_LEAVES = 12

#: The looks a node can have, in the order a search gives them.
NODE_LOOKS = ("unreached", "entered", "evaluated", "pruned")
EDGE_LOOKS = ("unreached", "entered", "pruned")


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
    def for_tree(cls, n_leaves: int, compact: bool) -> Geometry:
        """Leaves as far apart as fits (0.72 in at most), fonts as large as that allows.

        >>> g = Geometry.for_tree(8, compact=False)
        >>> g.spacing, round(g.marker, 2), round(g.across(0.36), 2)
        (0.72, 25.92, 0.5)
        """
        widest = 8.0 if compact else 11.0
        spacing = min(0.42 if compact else 0.72, (widest - 0.3) / (n_leaves + 0.8))
        room = spacing * 72  # points from one leaf to the next
        if compact:
            return cls(
                spacing,
                0.55,
                min(16.0, 0.52 * room),
                min(9.0, 0.3 * room),
                min(11.0, 0.4 * room),
                8.0,
                True,
            )
        label = font_size("label")
        return cls(
            spacing=spacing,
            level=0.95,
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
    """The legend of the game-tree picture (``kind``: "search", "plain" or "compact").

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
    principal = Style(
        "principal variation", PV_COLOUR, edgecolor=PV_COLOUR, marker="_", linewidth=5
    )
    if kind == "compact":
        return [evaluated, pruned, principal]
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


#: What the signs on the picture mean, under the legend (kind "search").
SIGNS = (
    "[α, β] beside a node: its window while it is searched\nboxed number: the value it returns"
    "   ·   ≥ 3 / ≤ 3 dashed: its best so far\n5 ↑: a value going up   ·   bars across an "
    "edge: a cut, its reason below"
)


# ------------------------------------------------------------------- the film
def films(algorithm, problem) -> bool:
    """Whether this lesson films ``algorithm`` on ``problem``: minimax or alpha-beta on a tree.

    >>> films(alphabeta, GameTree.from_nested([[1, 2]])), films(print, 3)
    (True, False)
    """
    return algorithm in (minimax, alphabeta) and isinstance(problem, GameTree)


def film_of(algorithm, problem: GameTree, **options) -> Film:
    """``sv.film(sv.alphabeta, tree, **options)`` or ``sv.film(sv.minimax, tree)``.

    Alpha-beta's options: ``fail_soft``, ``ordering`` and ``questions`` (see :func:`game_film`).

    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> film_of(minimax, tree).state(-1).counters["leaves evaluated"]
    '9 of 9'
    """
    if algorithm is minimax:
        if options:
            raise TypeError(f"minimax takes no options, not {sorted(options)}")
        return game_film(problem, pruning=False)
    unknown = set(options) - {"fail_soft", "ordering", "questions"}
    if unknown:
        raise TypeError(
            f"alpha-beta's options are fail_soft, ordering and questions, not {sorted(unknown)}"
        )
    return game_film(problem, pruning=True, **options)


def record(tree: GameTree, pruning: bool, fail_soft: bool = True, ordering: str = "given") -> Trace:
    """The recorded search of ``tree``: alpha-beta (with its options) or minimax."""
    if pruning:
        return Trace.record(alphabeta(tree, fail_soft=fail_soft, ordering=ordering))
    return Trace.record(minimax(tree))


def game_film(
    tree: GameTree,
    *,
    pruning: bool,
    fail_soft: bool = True,
    ordering: str = "given",
    questions: str = "all",
) -> Film:
    """The replay of minimax (``pruning=False``) or alpha-beta on ``tree``, one step per event.

    Films of one tree and ordering have one ``shape``: flipping fail-soft keeps the step.
    ``questions``: what the film asks in practice mode, a level of ``questions.LEVELS``
    ("all", or "cuts": the root's value and the cuts only).

    >>> tree = GameTree.from_nested([[3, 5], [2, 9]])
    >>> [len(game_film(tree, pruning=True, questions=q).asked_steps) for q in ("all", "cuts")]
    [9, 4]
    """
    return _written(tree, pruning, fail_soft, ordering, compact=False, questions=questions).film()


def end_picture(
    tree: GameTree, *, pruning: bool, fail_soft: bool = True, ordering: str = "given"
) -> Figure:
    """The end of the search as a small picture, for side-by-side comparisons.

    Compact: no windows, no captions. The same picture as the last step of a compact
    film, without making the film.

    >>> float(end_picture(GameTree.from_nested([[3, 5], [2, 9]]), pruning=True).get_figwidth()) < 6
    True
    """
    return _written(tree, pruning, fail_soft, ordering, compact=True).last_picture()


def _written(
    tree: GameTree,
    pruning: bool,
    fail_soft: bool,
    ordering: str,
    *,
    compact: bool,
    questions: str = "all",
) -> FilmBuilder:
    """Every step of the search written into a film's builder (a compact one asks nothing)."""
    trace = record(tree, pruning, fail_soft, ordering)
    code = game_pseudocode(pruning, fail_soft, None, ordering)
    writer = FilmBuilder(
        partial(draw_scene, tree, trace, compact),
        title=("Alpha-beta" if pruning else "Minimax"),
        pseudocode=code.text,
        layout="below" if len(tree.leaves()) > WIDE_LEAVES else "side",
        shape=f"{'ab' if pruning else 'mm'}:{ordering}:{tree.text()}:{tree.root}",
    )
    if not compact:
        mark_editable(writer, tree)  # what a click changes in edit mode
    looks = _Looks(tree, trace, writer, compact)
    ask = None if compact else Questions(tree, trace, fail_soft=fail_soft, level=questions)
    leaves = tree.leaves()
    for view in search_views(trace, tree):
        if ask is not None:
            _ask(writer, ask.at(view))
        looks.update(view)
        counts = {
            "nodes entered": len(view.entered),
            "leaves evaluated": f"{len(view.leaf_values)} of {len(leaves)}",
        }
        if pruning:
            counts["cutoffs"] = len(view.cuts)
            counts["leaves pruned"] = sum(1 for leaf in leaves if leaf in view.pruned)
        sentence = game_note(trace, view.step, tree, fail_soft=fail_soft, view=view)
        writer.step(
            sentence,
            line=view.event.line,
            counters=counts,
            description=None if compact else game_description(tree, trace, view),
        )
    if not compact:  # what edit mode says an edit changed
        root = format_value(trace.result.value)
        writer.outcome(at_the_end(writer.counters, first={"root value": root}))
    return writer


def _ask(writer: FilmBuilder, asked: Asked | None) -> None:
    """Put the step's question (if any) in the film, a pick's nodes as their markers and edges."""
    if asked is None:
        return
    items = {choice: _clickable(writer.scene, node) for choice, node in asked.nodes.items()}
    writer.ask(asked.question, items)


def _clickable(scene: Sketch, node: Node) -> list[tuple]:
    """A pick's node as the student clicks it: its marker and the edge into it, not reached yet.

    Every choice a game-tree question offers is a node the search has not reached (the
    next one, or one a cut skips), so the "unreached" look is the one shown.

    >>> tree = GameTree.from_nested([[1, 2]])
    >>> _clickable(draw_scene(tree, record(tree, pruning=False)), (0, 1))
    [('node', 'unreached', (0, 1)), ('edge', 'unreached', (0, 1))]
    """
    names = [("node", "unreached", node), ("edge", "unreached", node)]
    return [name for name in names if scene.has(name)]


# ---------------------------------------------------------- what a step shows
def node_items(
    tree: GameTree, view: SearchView, node: Node, compact: bool
) -> dict[Hashable, object]:
    """For each group of items of ``node``, the item shown after the step ``view`` folds to.

    A group is one thing drawn in several looks (its marker, its edge, its letter,
    its window ...); None: nothing of that group is shown. The film shows exactly
    these; the test of the film checks it against this function at every step.
    """
    leaf = tree.is_leaf(node)
    if node in view.pruned:
        look = "pruned"
    elif node not in view.entered:
        look = "unreached"
    elif leaf and node in view.leaf_values:
        look = "evaluated"
    else:
        look = "entered"
    edge_look = "entered" if look == "evaluated" else look
    shown: dict[Hashable, object] = {("node", node): ("node", look, node)}
    if node:
        shown[("edge", node)] = ("edge", edge_look, node)
        struck = look == "pruned" and node[:-1] in view.cut_nodes
        for bar in (0, 1):
            shown[("strike", node, bar)] = ("strike", node, bar) if struck else None
    faded = look in ("pruned", "unreached")
    shown[("letter", node)] = ("letter", "faded" if faded else "plain", node)
    if leaf:
        pruned = look == "pruned"
        shown[("leaf value", node)] = ("leaf value", "pruned" if pruned else "plain", node)
        shown[("leaf strike", node)] = ("leaf strike", node) if pruned else None
        return shown
    value = view.decided.get(node)
    shown[("value", node)] = None if value is None else ("value", node)
    partial_value = view.partial.get(node)
    dashed = value is None and partial_value is not None and not view.windows and not compact
    shown[("partial", node)] = ("partial", node, partial_value) if dashed else None
    window = view.windows.get(node) if node in view.open and not compact else None
    shown[("window", node)] = None if window is None else ("window", node, window)
    return shown


def step_items(tree: GameTree, trace: Trace, view: SearchView, compact: bool) -> dict:
    """The items that depend on the step rather than on one node: halo, lit edge, arrow, PV."""
    current = view.event.node if not view.done and view.event.node is not None else None
    shown: dict[Hashable, object] = {
        "halo": None if current is None else ("halo", current),
        "lit edge": ("lit edge", current) if current else None,
    }
    going_up = view.event.kind == "backup" and view.event.node and not compact
    shown["going up"] = ("going up", view.event.node) if going_up else None
    if view.done:  # the principal variation: shown once the search is over
        for node in trace.result.path or []:
            shown[("pv", node)] = ("pv", node)
    return shown


class _Looks:
    """Turns each step's view into the film's changes: only the nodes the step touched.

    An event changes the look of its node, of the node's parent (a backup
    updates the parent's window or best value) and, for a prune, of the whole
    pruned subtree; everything else stays as it was.
    """

    def __init__(self, tree: GameTree, trace: Trace, writer: FilmBuilder, compact: bool) -> None:
        self.tree, self.trace, self.writer, self.compact = tree, trace, writer, compact
        self.scene = writer.scene
        self.plan = _CaptionPlan(tree, compact)
        before = SearchView(step=0, event=trace.events[0])  # nothing searched yet
        for node in tree.nodes:  # each group's item shown at the start, so choose() hides it
            self._choose(node_items(tree, before, node, compact))

    def update(self, view: SearchView) -> None:
        e = view.event
        touched = {n for n in (e.node, e.parent) if n is not None}
        if e.kind == "prune":
            touched.update(self.tree.subtree(e.node))
        for node in touched:
            self._choose(node_items(self.tree, view, node, self.compact))
        self._choose(step_items(self.tree, self.trace, view, self.compact))
        self._choose(self.plan.captions(view))

    def _choose(self, shown: Mapping[Hashable, object]) -> None:
        for group, name in shown.items():
            if name is not None and not self.scene.has(name):
                name = None  # drawn only where it fits (letters, values on a huge tree)
            self.writer.choose(group, name)


class _CaptionPlan:
    """Which cut captions show at a step: the latest first; one that would overlap is left out."""

    def __init__(self, tree: GameTree, compact: bool) -> None:
        self.tree = tree
        self.enabled = not compact
        self.pos = layout(tree)

    def captions(self, view: SearchView) -> dict:
        if not self.enabled:
            return {}
        cuts = view.cuts
        groups: dict[Hashable, object] = {("caption", i): None for i in range(len(cuts))}
        if len(cuts) > MAX_CAPTIONED_CUTS or len(self.tree.leaves()) > MAX_CAPTIONED_LEAVES:
            chosen = [len(cuts) - 1] if cuts else []
        else:
            chosen = list(range(len(cuts)))
        fresh = len(cuts) - 1 if view.event.kind == "prune" else None
        taken: list[tuple[float, float]] = []
        for i in reversed(chosen):
            span = caption_span(self.tree, self.pos, cuts[i], i == fresh)
            if any(span[0] < right and left < span[1] for left, right in taken):
                continue
            taken.append(span)
            groups[("caption", i)] = ("caption", i, "fresh" if i == fresh else "old", cuts[i])
        return groups


def caption_span(tree: GameTree, pos, cut, fresh: bool) -> tuple[float, float]:
    """The x-span (data units) a cut's caption takes: a generous 0.6 em per character."""
    g = Geometry.for_tree(len(tree.leaves()), compact=False)
    xs = [pos[leaf][0] for child in cut.children for leaf in tree.leaves_under(child)]
    centre = (min(xs) + max(xs)) / 2
    text = cut_caption(tree, cut, letters(tree))
    half = g.across(max(map(len, text.split("\n"))) * 0.6 * g.small * 0.95 / 72) / 2
    return centre - half, centre + half


# ------------------------------------------------------------------ the scene
@lru_cache(maxsize=32)
def _everything(tree: GameTree, trace: Trace, compact: bool) -> dict:
    """Every window, partial value and cut a replay of ``trace`` shows, from one fold."""
    windows: dict[Node, set] = {}
    partials: dict[Node, set] = {}
    captions: set = set()
    plan = _CaptionPlan(tree, compact)
    for view in search_views(trace, tree):
        for node in view.open:
            if node in view.windows:
                windows.setdefault(node, set()).add(view.windows[node])
        for node, value in view.partial.items():
            partials.setdefault(node, set()).add(value)
        for name in plan.captions(view).values():
            if name is not None:
                captions.add(name)
    return {"windows": windows, "partials": partials, "captions": captions}


def draw_scene(tree: GameTree, trace: Trace, compact: bool = False) -> Sketch:
    """The scene of a replay of ``trace`` on ``tree``: every look drawn once, tagged.

    A sketch: written as SVG for the film without matplotlib's artists, replayed on a
    matplotlib figure for exports (see :mod:`search_viz.film.sketch`).
    """
    pos = layout(tree)
    n_leaves = len(tree.leaves())
    g = Geometry.for_tree(n_leaves, compact)
    everything = _everything(tree, trace, compact)
    captions = bool(everything["captions"])
    below = (0.4 if compact else 0.5) + (0.62 if captions else 0.0)
    top = 0.4 if not compact else 0.3
    axes_height = g.level * tree.depth + top + below
    width = g.spacing * (n_leaves + 0.8) + 0.3
    kind = "compact" if compact else "search"
    entries = legend_entries(kind)
    fitting = max(2, math.ceil(len(entries) / 3), int(width / 2.0))
    columns = len(entries) if compact else min(5, fitting)
    legend_rows = math.ceil(len(entries) / columns)
    signs = 0.0 if compact else 0.6  # three lines: 14 px on a projector
    legend_height = 0.1 + 0.24 * legend_rows + signs
    height = axes_height + legend_height
    scene = Sketch(width, height)
    ax = scene.axes(
        (0.0, legend_height / height, 1.0, axes_height / height),
        xlim=(-0.4 - g.across(0.15), n_leaves - 0.6 + g.across(0.15)),
        ylim=(-tree.depth - g.up(below), g.up(top)),
    )

    _draw_edges(scene, ax, tree, pos, trace, g)
    _draw_nodes(scene, ax, tree, pos, g)
    if n_leaves <= (MAX_LETTERED_LEAVES if not compact else 16):
        _draw_letters(scene, ax, tree, pos, g)
    if g.value >= MIN_READABLE_POINTS:  # on a huge tree the values would be specks
        _draw_leaf_values(scene, ax, tree, pos, trace, g)
        _draw_values(scene, ax, tree, pos, trace, everything["partials"], g)
    if not compact:
        _draw_windows(scene, ax, tree, pos, everything["windows"], g)
        _draw_captions(scene, ax, tree, pos, everything["captions"], g)
        _draw_going_up(scene, ax, tree, pos, trace, g)
    fontsize = font_size("legend") * (0.85 if compact else 1.0)
    legend = scene.legend(
        entries,
        legend_handle,
        anchor=(0.5, signs / height),
        ncols=columns,
        fontsize=fontsize,
        frameon=False,
        handletextpad=0.4,
        columnspacing=1.1,
    )
    if signs:
        scene.text(
            0.5,
            0.04 / height,
            SIGNS,
            ha="center",
            va="bottom",
            linespacing=1.4,
            fontsize=fontsize,
            color=DARK_GREY,
        )
    _make_room(scene, ax, legend)
    return scene


def _make_room(scene: Sketch, ax: SketchAxes, legend: int, pad: float = 0.06) -> None:
    """Widen or heighten the figure where a text or the legend would stick out of it.

    The scene holds every text any step shows, so measuring them all gives one
    size for the whole replay. The axes keep their inches per data unit: only
    white space is added, on the side that needs it.
    """
    boxes = scene.extents()
    width, height = scene.width, scene.height
    dpi = POINTS
    x0 = min(b.x0 for b in boxes) / dpi
    x1 = max(b.x1 for b in boxes) / dpi
    y0 = min(b.y0 for b in boxes) / dpi
    y1 = max(b.y1 for b in boxes) / dpi
    left, right = max(0.0, pad - x0), max(0.0, x1 - width + pad)
    spare = max(0.0, (x1 - x0) + 2 * pad - (width + left + right)) / 2
    left, right = left + spare, right + spare
    bottom, top = max(0.0, pad / 2 - y0), max(0.0, y1 - height + pad)
    if not (left > 0 or right > 0 or bottom > 0 or top > 0):
        return
    new_width, new_height = width + left + right, height + bottom + top
    scene.set_size_inches(new_width, new_height)
    ax_x, ax_y, ax_w, ax_h = ax.rect
    ax.set_position(
        (
            (ax_x * width + left) / new_width,
            (ax_y * height + bottom) / new_height,
            ax_w * width / new_width,
            ax_h * height / new_height,
        )
    )
    anchor_y = scene.anchor(legend)[1]
    scene.set_anchor(
        legend, ((left + width / 2) / new_width, (anchor_y * height + bottom) / new_height)
    )
    for text in scene.texts():
        x, y = scene.position(text)
        scene.move_text(text, (left + x * width) / new_width, (y * height + bottom) / new_height)


# ------------------------------------------------------------------- the edges
_EDGE_STYLE = {
    "unreached": (GREY, 1.2, "-"),
    "entered": (DARK_GREY, 2.2, "-"),
    "pruned": (GREY, 1.4, ":"),
}


def _draw_edges(scene: Sketch, ax: SketchAxes, tree, pos, trace: Trace, g: Geometry) -> None:
    children = tree.nodes[1:]
    segments = [(pos[node[:-1]], pos[node]) for node in children]
    for look in EDGE_LOOKS:
        colour, width, style = _EDGE_STYLE[look]
        lines = ax.lines(segments, colors=colour, linewidths=width, linestyles=style, zorder=1)
        names = [("edge", look, node) for node in children]
        scene.tag_each(lines, names, shown=look == "unreached")
    pv = ax.lines(segments, colors=PV_COLOUR, linewidths=4 if g.compact else 7, zorder=1.5)
    scene.tag_each(pv, [("pv", node) for node in children], shown=False)
    lit = ax.lines(segments, colors=ORANGE, linewidths=4 if g.compact else 6, zorder=1.6)
    scene.tag_each(lit, [("lit edge", node) for node in children], shown=False)
    struck = sorted({e.node for e in trace.events if e.kind == "prune"})
    bars, names = [], []
    for node in struck:
        for i, bar in enumerate(_strike_bars(pos[node[:-1]], pos[node], g)):
            bars.append(bar)
            names.append(("strike", node, i))
    if bars:
        strikes = ax.lines(
            bars,
            colors=VERMILLION,
            linewidths=1.8 if g.compact else 2.6,
            capstyle="butt",
            zorder=2,
        )
        scene.tag_each(strikes, names, shown=False)


def _strike_bars(a, b, g: Geometry) -> list:
    """Two short bars across the edge a-b, square to it on the page: this branch is cut."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = (x1 - x0) * g.spacing, (y1 - y0) * g.level  # inches, where right angles are true
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    half = min(0.16, 0.22 * g.spacing) * (0.75 if g.compact else 1.0)
    gap = 0.28 * half
    mx, my = x0 + 0.45 * (x1 - x0), y0 + 0.45 * (y1 - y0)
    bars = []
    for offset in (-gap, gap):
        cx, cy = mx + offset * ux / g.spacing, my + offset * uy / g.level
        bars.append(
            [
                (cx + half * uy / g.spacing, cy - half * ux / g.level),
                (cx - half * uy / g.spacing, cy + half * ux / g.level),
            ]
        )
    return bars


# ------------------------------------------------------------------- the nodes
def _marker(tree: GameTree, node: Node) -> str:
    if tree.is_leaf(node):
        return "s"
    return "^" if tree.player(node) == MAX else "v"


def _player_colour(tree: GameTree, node: Node) -> str:
    return STATUS["max"].color if tree.player(node) == MAX else STATUS["min"].color


def _node_look(tree: GameTree, node: Node, look: str) -> tuple:
    """Fill, edge colour, hatch, edge line style and width of a node in ``look``."""
    leaf = tree.is_leaf(node)
    if look == "pruned":
        return LIGHT_GREY, GREY, "///", ":", 1.6
    if look == "unreached":
        return WHITE, (GREY if leaf else _player_colour(tree, node)), None, ":", 2.0
    if look == "evaluated":
        return STATUS["evaluated"].color, "black", None, "-", 1.6
    return (WHITE if leaf else _player_colour(tree, node)), "black", None, "-", 1.6


def _draw_nodes(scene: Sketch, ax: SketchAxes, tree, pos, g: Geometry) -> None:
    groups: dict[tuple, list[tuple[str, Node]]] = {}
    for node in tree.nodes:
        for look in NODE_LOOKS:
            if look == "evaluated" and not tree.is_leaf(node):
                continue
            key = (_marker(tree, node), *_node_look(tree, node, look))
            groups.setdefault(key, []).append((look, node))
    for (marker, fill, edge, hatch, style, width), members in groups.items():
        side = g.marker * (0.85 if marker == "s" else 1.0)
        dots = ax.scatter(
            [pos[n][0] for _, n in members],
            [pos[n][1] for _, n in members],
            s=side**2,
            marker=marker,
            c=fill,
            edgecolors=edge,
            linewidths=width,
            linestyles=style,
            hatch=hatch,
            zorder=3,
        )
        names = [("node", look, n) for look, n in members]
        scene.tag_each(dots, names, shown=[look == "unreached" for look, _ in members])
    for marker in ("^", "v", "s"):
        nodes = [n for n in tree.nodes if _marker(tree, n) == marker]
        if not nodes:
            continue
        halos = ax.scatter(
            [pos[n][0] for n in nodes],
            [pos[n][1] for n in nodes],
            s=(g.marker * 1.55) ** 2,
            marker=marker,
            c=ORANGE,
            edgecolors=ORANGE,
            linewidths=2,
            alpha=0.55,
            zorder=2.5,
        )
        scene.tag_each(halos, [("halo", n) for n in nodes], shown=False)


def _draw_letters(scene: Sketch, ax: SketchAxes, tree, pos, g: Geometry) -> None:
    labels = letters(tree)
    for node in tree.nodes:
        x, y = pos[node]
        marker = _marker(tree, node)
        # a triangle's visual centre sits a little toward its base
        nudge = {"^": -g.up(0.04), "v": g.up(0.04)}.get(marker, 0.0)
        for look, colour in (("faded", DARK_GREY), ("plain", WHITE if marker == "v" else "black")):
            text = ax.text(
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
            scene.tag(text, ("letter", look, node), shown=look == "faded")


def _draw_leaf_values(scene: Sketch, ax: SketchAxes, tree, pos, trace: Trace, g: Geometry) -> None:
    baseline = g.up(0.36 if g.compact else 0.5)  # below the leaf's centre
    pruned = _ever_pruned(tree, trace)
    for leaf in tree.leaves():
        x, y = pos[leaf]
        text = format_value(tree.value(leaf))
        size = leaf_value_size(text, g)
        plain = ax.text(
            x,
            y - baseline,
            text,
            ha="center",
            va="baseline",
            fontsize=size,
            fontweight="bold",
            color="black",
            zorder=4,
        )
        scene.tag(plain, ("leaf value", "plain", leaf), shown=True)
        if leaf not in pruned:
            continue
        grey = ax.text(
            x,
            y - baseline,
            text,
            ha="center",
            va="baseline",
            fontsize=size,
            fontweight="bold",
            color=GREY,
            zorder=4,
        )
        half = (0.3 + 0.3 * len(text)) * size / 72 / g.spacing
        (line,) = ax.plot(
            [x - half, x + half],
            [y - baseline] * 2,
            dy=size * 0.4,
            color=DARK_GREY,
            lw=2,
            zorder=4.5,
        )
        scene.tag(grey, ("leaf value", "pruned", leaf))
        scene.tag(line, ("leaf strike", leaf))


def leaf_value_size(text: str, g: Geometry) -> float:
    """The font size of a leaf's value: the picture's, or smaller for a long number, so that
    it stays within its leaf's room (a bold digit is about 0.7 of the size wide).

    >>> g = Geometry.for_tree(8, compact=False)
    >>> leaf_value_size("3", g) == g.value, round(leaf_value_size("1000000000", g), 1)
    (True, 6.7)
    """
    return min(g.value, 0.9 * g.spacing * 72 / (0.7 * max(1, len(text))))


def _ever_pruned(tree: GameTree, trace: Trace) -> set:
    nodes: set = set()
    for e in trace.events:
        if e.kind == "prune":
            nodes.update(tree.subtree(e.node))
    return nodes


def _value_box(colour: str, dashed: bool) -> dict:
    return {
        "boxstyle": "round,pad=0.25",
        "fc": WHITE,
        "ec": colour,
        "lw": 1.8,
        "ls": "--" if dashed else "-",
    }


def _draw_values(
    scene: Sketch, ax: SketchAxes, tree, pos, trace: Trace, partials, g: Geometry
) -> None:
    """Backed-up values left of inner nodes; in minimax, a dashed "so far" value while open."""
    offset = g.across(0.3 if not g.compact else 0.22)
    for e in trace.events:
        if e.kind != "backup" or tree.is_leaf(e.node):
            continue
        x, y = pos[e.node]
        text = ax.text(
            x - offset,
            y,
            format_value(e.value),
            ha="right",
            va="center",
            fontsize=g.value,
            fontweight="bold",
            bbox=_value_box(_player_colour(tree, e.node), False),
            zorder=5,
        )
        scene.tag(text, ("value", e.node))
    if g.compact:
        return
    pruning = any(e.alpha is not None for e in trace.events[:1])
    if pruning:
        return
    for node, values in sorted(partials.items()):
        x, y = pos[node]
        sign = "≥" if tree.player(node) == MAX else "≤"
        for value in sorted(values):
            text = ax.text(
                x - offset,
                y,
                f"{sign} {format_value(value)}",
                ha="right",
                va="center",
                fontsize=g.value * 0.85,
                fontweight="bold",
                bbox=_value_box(_player_colour(tree, node), True),
                zorder=5,
            )
            scene.tag(text, ("partial", node, value))


def _draw_windows(scene: Sketch, ax: SketchAxes, tree, pos, windows, g: Geometry) -> None:
    """Each window an open inner node will have, to its right."""
    box = {"boxstyle": "round,pad=0.2", "fc": WINDOW_FILL, "ec": ORANGE, "lw": 1.2}
    for node, seen in sorted(windows.items()):
        if tree.is_leaf(node):
            continue
        x, y = pos[node]
        for window in sorted(seen):
            text = ax.text(
                x + g.across(0.2),
                y + g.up(0.04),
                window_text(window),
                ha="left",
                va="center",
                fontsize=g.small,
                bbox=box,
                zorder=5,
            )
            scene.tag(text, ("window", node, window))


def _draw_going_up(scene: Sketch, ax: SketchAxes, tree, pos, trace: Trace, g: Geometry) -> None:
    """Each backed-up value beside the edge it travels up, with an arrow."""
    for e in trace.events:
        if e.kind != "backup" or not e.node:
            continue
        (x0, y0), (x1, y1) = pos[e.node[:-1]], pos[e.node]
        side = g.across(0.1) if x1 >= x0 else -g.across(0.1)
        text = ax.text(
            (x0 + x1) / 2 + side,
            (y0 + y1) / 2,
            f"{format_value(e.value)} ↑",
            ha="left" if side > 0 else "right",
            va="center",
            fontsize=g.value,
            fontweight="bold",
            color=VERMILLION,
            zorder=6,
        )
        scene.tag(text, ("going up", e.node))


def _draw_captions(scene: Sketch, ax: SketchAxes, tree, pos, captions, g: Geometry) -> None:
    """Each cut's reason under its pruned leaves, as a fresh cut (bold) and an older one."""
    labels = letters(tree)
    # One cut's number can name different cuts over a replay (fail-hard alpha-beta): the
    # cut itself breaks the tie, so that the drawing order never follows the set's order.
    for _, i, look, cut in sorted(captions, key=lambda c: (c[1], c[2], repr(c[3]))):
        xs = [pos[leaf][0] for child in cut.children for leaf in tree.leaves_under(child)]
        fresh = look == "fresh"
        text = ax.text(
            (min(xs) + max(xs)) / 2,
            -tree.depth - g.up(0.62),
            cut_caption(tree, cut, labels),
            ha="center",
            va="top",
            fontsize=g.small * 0.95,
            color=VERMILLION if fresh else DARK_GREY,
            fontweight="bold" if fresh else "normal",
            linespacing=1.15,
            zorder=5,
        )
        scene.tag(text, ("caption", i, look, cut))


def thumbnail() -> Figure:
    """The home page's card: the textbook tree after alpha-beta, with its cut.

    >>> float(thumbnail().get_figwidth()) < 6
    True
    """
    return end_picture(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), pruning=True)
