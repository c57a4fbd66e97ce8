"""The search tree of greedy best-first search or A*, as its film draws it.

Every board the search ever puts on the frontier is a node of the tree, laid
out once (:class:`~search_viz.lessons.shared.search_tree.SearchTree`); a step
only shows, hides and restyles what is already drawn. How much a node shows
depends on the tree's size (:func:`plan_tree`):

* ``"boards"``: a small tree; each node is a little board framed in its
  status, with ``g+h=f`` under it (A*) or ``h=f`` (greedy);
* ``"markers"``: each node is a marker whose shape and colour give its status;
* ``"groups"``: a tree too wide for one marker per node; the boards of one
  depth that lie side by side share a marker, shown as long as one of them
  is waiting on the frontier.

Two highlights move from node to node instead of being drawn at each one: the
node being expanded and the node just put on the frontier.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> from search_viz.lessons.shared.search_tree import SearchTree
>>> trace = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
>>> plan = plan_tree(SearchTree(trace, tree_search=False), trace, "A*", (550, 300))
>>> plan.detail, len(plan.units), len(plan.path)
('boards', 14, 6)
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass, field

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection

from search_viz.events import format_value
from search_viz.film.builder import FilmBuilder
from search_viz.film.scene import Scene
from search_viz.film.style import DARK_GREY, GREY, LIGHT_GREY, OKABE_ITO, STATUS, Style
from search_viz.lessons.shared.eight_puzzle import TILE_COLOUR
from search_viz.lessons.shared.figure import quads
from search_viz.lessons.shared.search_tree import SearchTree, TreeId
from search_viz.trace import Trace

#: The widest and the deepest tree drawn as boards.
BOARD_LEAVES, BOARD_DEPTH = 14, 7
#: Boards mode: a board is 1 unit wide; leaves this far apart, depths this far apart.
SPREAD = (1.2, 1.45)
#: The fewest points between two markers' centres; a wider tree is drawn in groups.
MARK_SPACING = 4.5

#: The node just put on the frontier: the frontier's colour, ringed in orange.
NEW = Style(
    "just put on the frontier",
    OKABE_ITO["sky blue"],
    edgecolor=OKABE_ITO["orange"],
    marker="o",
    linestyle="--",
    linewidth=3,
)
#: The looks of a tree node, by status (the legend's order).
LOOKS: dict[str, Style] = {
    "frontier": STATUS["frontier"],
    "new": NEW,
    "current": Style("being expanded", OKABE_ITO["orange"], marker="D", linewidth=3),
    "explored": STATUS["explored"],
    "goal": STATUS["goal"],
    "path": STATUS["path"],
}
#: The statuses a node keeps from step to step (the other two are highlights that move).
KEPT = ("frontier", "explored", "goal", "path")


@dataclass
class TreePlan:
    """Where everything of the tree goes, computed once per trace.

    ``units`` are what is drawn: tree nodes (boards and markers) or groups of
    them; ``unit_of`` gives each tree node's unit; ``path`` is the solution's
    tree nodes from the root (empty when the replay does not reach the goal).
    """

    detail: str
    algorithm: str
    units: dict[Hashable, tuple[float, float]]
    unit_of: dict[TreeId, Hashable]
    parent_xy: dict[TreeId, tuple[float, float]]
    labels: dict[TreeId, str]
    path: list[TreeId]
    depth: int
    limits: tuple[float, float, float, float]
    marker_size: float = 30.0
    root: Hashable = None
    path_units: list[Hashable] = field(default_factory=list)

    @property
    def labelled(self) -> bool:
        """Whether each node has its numbers written under it (boards, or labelled markers)."""
        return self.detail == "boards" or bool(self.labels)

    @property
    def goal_unit(self) -> Hashable | None:
        """The unit of the goal, once the replay reaches it."""
        return self.path_units[-1] if self.path_units else None


def plan_tree(
    tree: SearchTree,
    trace: Trace,
    algorithm: str,
    room: tuple[float, float],
    boards: bool = True,
) -> TreePlan:
    """The plan of ``tree`` (made from ``trace``) on an area of ``room`` (width, height) points.

    With ``boards`` False a small tree is drawn as markers with their numbers under them
    (for a projector, where its boards would be too small to read).

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> trace = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
    >>> tree = SearchTree(trace, tree_search=False)
    >>> plan = plan_tree(tree, trace, "A*", (550, 300), boards=False)
    >>> plan.detail, plan.labelled, plan.labels[plan.path[-1]]
    ('markers', True, '5+0=5')
    """
    pos = tree.pos
    goal_id = next(
        (t for t, e in zip(tree.ids, trace.events, strict=True) if e.kind == "goal"), None
    )
    path = tree.path_ids(goal_id) if goal_id is not None else []
    if not pos:
        return TreePlan("boards", algorithm, {}, {}, {}, {}, [], 0, (0, 1, 0, 1))
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    low, high = min(xs), max(xs)
    leaves, depth = high - low + 1, round(-min(ys))
    labels: dict[TreeId, str] = {}
    small = leaves <= BOARD_LEAVES and depth <= BOARD_DEPTH
    if small:  # a node's numbers are those of the event that generated it
        events = zip(tree.ids, trace.events, strict=True)
        numbers = {t: e for t, e in events if e.kind == "generate"}
        labels = {t: _label(numbers[t], algorithm) for t in pos if t in numbers}
    if small and boards:
        sx, sy = SPREAD
        units = {t: (x * sx, y * sy) for t, (x, y) in pos.items()}
        unit_of = {t: t for t in pos}
        detail = "boards"
        limits = (low * sx - 0.65, high * sx + 0.65, -depth * sy - 0.9, 0.6)
        size = 0.0
    else:
        width, height = room
        columns = max(10, int(width / MARK_SPACING))
        if leaves <= columns:
            units, unit_of, detail = dict(pos), {t: t for t in pos}, "markers"
            across, left, right = leaves, low - 0.8, high + 0.8
        else:
            bucket = leaves / columns
            unit_of = {t: (round(-y), int((x - low) / bucket)) for t, (x, y) in pos.items()}
            units = {u: (low + (u[1] + 0.5) * bucket, -u[0]) for u in unit_of.values()}
            detail = "groups"
            across, left, right = columns, low - 0.8 * bucket, low + (columns + 0.8) * bucket
        limits = (left, right, -depth - 0.6, 0.6)
        spacing = min(width / (across + 1.6), height / (depth + 1.2))
        share = 0.45 if labels else 0.8  # of the spacing; labelled: room for the numbers under it
        size = max(3.0, min(160.0, (share * spacing) ** 2))
    parent_xy = {t: units[unit_of[t[0]]] for t in pos if t[0] is not None and t[0] in unit_of}
    path_units: list[Hashable] = []
    for t in path:
        if not path_units or path_units[-1] != unit_of[t]:
            path_units.append(unit_of[t])
    root = next(t for t in pos if t[0] is None)
    return TreePlan(
        detail,
        algorithm,
        units,
        unit_of,
        parent_xy,
        labels,
        path,
        depth,
        limits,
        size,
        root=unit_of[root],
        path_units=path_units,
    )


def _label(event, algorithm: str) -> str:
    g, h, f = (format_value(x) for x in (event.g, event.h, event.value))
    return f"{g}+{h}={f}" if algorithm == "A*" else f"h={f}"


# ------------------------------------------------------------------ drawing
def draw_tree(scene: Scene, ax: Axes, plan: TreePlan, font: float) -> None:
    """Draw every node, edge and highlight of ``plan`` on ``ax``, all hidden, tagged.

    Item names: ``("edge", t)``, ``(part, status, unit)`` for part "mark"
    (and "frame" for boards), ``("tree cell", t, square)``, ``("tree digit", t, square)``,
    ``("tree label", t)``, ``("path edge", i)``, and the moving highlights
    ``("emphasis", status, part)``.
    """
    ax.set_axis_off()
    x0, x1, y0, y1 = plan.limits
    if plan.detail == "boards":
        fit_equal(ax, x0, x1, y0, y1)
    else:
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
    boards = plan.detail == "boards"
    _depth_axis(ax, plan, font)
    if plan.detail != "groups" and plan.parent_xy:
        edges = list(plan.parent_xy)
        lines = [(plan.parent_xy[t], plan.units[plan.unit_of[t]]) for t in edges]
        scene.tag_each(
            ax.add_collection(LineCollection(lines, colors=GREY, linewidths=1.2, zorder=1)),
            [("edge", t) for t in edges],
            shown=False,
        )
    path_lines = [(plan.units[a], plan.units[b]) for a, b in itertools.pairwise(plan.path_units)]
    if path_lines:
        scene.tag_each(
            ax.add_collection(
                LineCollection(path_lines, colors=LOOKS["path"].color, linewidths=4, zorder=2)
            ),
            [("path edge", i) for i in range(len(path_lines))],
            shown=False,
        )
    if boards:
        _draw_boards(scene, ax, plan, font)
    elif plan.labelled:
        _draw_marker_labels(scene, ax, plan, font)
    units = list(plan.units)
    for status in ("frontier", "explored"):
        _draw_status(scene, ax, plan, status, units)
    if plan.goal_unit is not None:
        _draw_status(scene, ax, plan, "path", plan.path_units[:-1])
        _draw_status(scene, ax, plan, "goal", [plan.goal_unit])
    for status in ("current", "new"):
        if plan.root is not None:
            _draw_emphasis(scene, ax, plan, status)


def parts(plan: TreePlan) -> tuple[str, ...]:
    """What each status draws for one unit: a marker, and for boards a frame too."""
    return ("frame", "mark") if plan.detail == "boards" else ("mark",)


def _draw_status(scene: Scene, ax: Axes, plan: TreePlan, status: str, units: list) -> None:
    if not units:
        return
    style = LOOKS[status]
    xy = [plan.units[u] for u in units]
    if plan.detail == "boards":
        frames = [_square(x, y, 0.56) for x, y in xy]
        thick = status in ("goal", "path")
        scene.tag_each(
            ax.add_collection(
                quads(
                    frames,
                    facecolors="none",
                    edgecolors=style.color,
                    linewidths=4.5 if thick else 2.5,
                    linestyles=style.linestyle,
                    zorder=6,
                )
            ),
            [("frame", status, u) for u in units],
            shown=False,
        )
        corner = [(x - 0.5, y + 0.5) for x, y in xy]
        size = 150.0 if status == "goal" else 70.0
    else:
        corner = xy
        size = plan.marker_size * (3.0 if status == "goal" else 1.0)
    scene.tag_each(
        ax.scatter(
            [x for x, _ in corner],
            [y for _, y in corner],
            s=size,
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor if size > 20 else "none",
            linewidths=1.0,
            zorder=7 if status in ("goal", "path") else 6,
        ),
        [("mark", status, u) for u in units],
        shown=False,
    )


#: The highlight round a board: half its side (a board's is 0.5), and its line (points).
EMPHASIS_HALF = 0.58
EMPHASIS_LINE = 5.0


def _draw_emphasis(scene: Scene, ax: Axes, plan: TreePlan, status: str) -> None:
    """One highlight, drawn at the root: the steps move it to the node it is about."""
    style = LOOKS[status]
    x, y = plan.units[plan.root]
    if plan.detail == "boards":
        # A line, not a Rectangle patch: a moved patch would be drawn wrongly on export.
        corners = _square(x, y, EMPHASIS_HALF)
        (frame,) = ax.plot(
            [cx for cx, _ in corners + corners[:1]],
            [cy for _, cy in corners + corners[:1]],
            color=style.edgecolor if status == "new" else style.color,
            linewidth=EMPHASIS_LINE,
            linestyle=style.linestyle,
            zorder=8,
        )
        scene.tag(frame, ("emphasis", status, "frame"))
        x, y, size = x - 0.5, y + 0.5, 110.0
    else:
        size = _emphasis_size(plan)
    (marker,) = ax.plot(
        [x],
        [y],
        marker=style.marker,
        markersize=size**0.5,
        markerfacecolor=style.color if status == "current" else "none",
        markeredgecolor=style.edgecolor,
        markeredgewidth=2.5 if status == "new" else 1.5,
        linestyle="none",
        zorder=9,
    )
    scene.tag(marker, ("emphasis", status, "mark"))


def _draw_boards(scene: Scene, ax: Axes, plan: TreePlan, font: float) -> None:
    """Each node's little board (cells and digits) and its numbers underneath."""
    cells, faces, names = [], [], []
    cell = 1.0 / 3
    per_unit = points_per_unit(ax)
    digit_size = max(6.0, min(per_unit * cell * 0.62, font * 1.2))
    label_size = max(7.0, min(per_unit * 0.26, font * 1.1))
    # the numbers go under the highlight's frame (see _draw_emphasis), not under its line
    below = EMPHASIS_HALF + (EMPHASIS_LINE / 2 + 1) / per_unit
    for t in plan.unit_of:
        x, y = plan.units[t]
        left, bottom = x - 0.5, y - 0.5
        clear_below = y - below
        for i, tile in enumerate(t[1]):
            row, col = divmod(i, 3)
            cx, cy = left + col * cell, bottom + (2 - row) * cell
            cells.append([(cx, cy), (cx + cell, cy), (cx + cell, cy + cell), (cx, cy + cell)])
            faces.append(TILE_COLOUR if tile else LIGHT_GREY)
            names.append(("tree cell", t, i))
            if tile:
                text = ax.text(
                    cx + cell / 2,
                    cy + cell / 2,
                    str(tile),
                    ha="center",
                    va="center",
                    fontsize=digit_size,
                    zorder=5,
                )
                scene.tag(text, ("tree digit", t, i))
        label = ax.text(
            x,
            clear_below,
            plan.labels.get(t, ""),
            ha="center",
            va="top",
            fontsize=label_size,
            fontweight="bold",
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.4},
            zorder=5,
        )
        scene.tag(label, ("tree label", t))
    scene.tag_each(
        ax.add_collection(
            quads(cells, facecolors=faces, edgecolors=DARK_GREY, linewidths=0.5, zorder=4)
        ),
        names,
        shown=False,
    )


def _draw_marker_labels(scene: Scene, ax: Axes, plan: TreePlan, font: float) -> None:
    """Each marker's numbers under it (markers mode on a small tree), in ``font`` * 0.85, or
    smaller where two markers of a row stand too close for their numbers to fit between them
    (half of compare mode)."""
    low, high = ax.get_ylim()
    height = ax.get_position().height * ax.figure.get_figheight() * 72
    # under the highlight a node wears when it is expanded or put on the frontier
    below = (_emphasis_size(plan) ** 0.5 * 0.7 + 1) * (high - low) / height  # points -> data
    size = min(font * 0.85, label_fit(plan, points_per_unit(ax)))
    for t in plan.unit_of:
        x, y = plan.units[t]
        label = ax.text(
            x,
            y - below,
            plan.labels.get(t, ""),
            ha="center",
            va="top",
            fontsize=size,
            fontweight="bold",
            zorder=5,
        )
        scene.tag(label, ("tree label", t))


#: The width of a bold label's character, in font sizes: "+" and "=" are 0.84, digits 0.70.
LABEL_EM = 0.76


def label_fit(plan: TreePlan, per_unit: float) -> float:
    """The largest font size (points) at which the numbers of two markers side by side in a
    row of ``plan`` leave a tenth of their spacing between them (``per_unit``: points a data
    unit spans across); infinite when no row holds two.

    >>> units = {1: (0, 0), 2: (1, -1), 3: (2, -1)}
    >>> labels = {1: "0+4=4", 2: "1+3=4", 3: "1+5=6"}
    >>> plan = TreePlan("markers", "A*", units, {1: 1, 2: 2, 3: 3}, {}, labels, [], 1, (0, 1, 0, 1))
    >>> round(label_fit(plan, 30.0), 1)  # 30 points apart: 5 characters of 7.1 points
    7.1
    """
    rows: dict[float, list[float]] = {}
    for x, y in plan.units.values():
        rows.setdefault(y, []).append(x)
    gaps = [b - a for xs in map(sorted, rows.values()) for a, b in itertools.pairwise(xs)]
    longest = max((len(label) for label in plan.labels.values()), default=0)
    if not gaps or not longest:
        return float("inf")
    return min(gaps) * per_unit * 0.9 / (LABEL_EM * longest)


def _emphasis_size(plan: TreePlan) -> float:
    """The area (points squared) of the marker that highlights a node of a markers tree."""
    return max(40.0, plan.marker_size * 3.5)


def _depth_axis(ax: Axes, plan: TreePlan, font: float) -> None:
    """The depth of each row of the tree, on the left: its g, since every move costs 1."""
    stretch = SPREAD[1] if plan.detail == "boards" else 1.0
    every = max(1, (plan.depth + 1) // 10)
    left = plan.limits[0]
    for depth in range(0, plan.depth + 1, every):
        ax.text(
            left,
            -depth * stretch,
            f"g = {depth}",
            ha="right",
            va="center",
            fontsize=font * 0.85,
            color=DARK_GREY,
        )


def _square(x: float, y: float, half: float) -> list[tuple[float, float]]:
    return [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]


def points_per_unit(ax: Axes) -> float:
    """How many points one data unit of ``ax`` spans across (as set by :func:`fit_equal`)."""
    width = ax.get_position().width * ax.figure.get_figwidth() * 72
    low, high = ax.get_xlim()
    return width / (high - low)


def fit_equal(ax: Axes, x0: float, x1: float, y0: float, y1: float) -> None:
    """Show at least x0..x1 and y0..y1 on ``ax`` with one unit as long across as up.

    Done by arithmetic, not by matplotlib's aspect setting, so that where a
    point lands is known before the figure is drawn (the highlights move by it).
    """
    fig = ax.figure
    box = ax.get_position()
    width = box.width * fig.get_figwidth()
    height = box.height * fig.get_figheight()
    per_unit = min(width / (x1 - x0), height / (y1 - y0))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ax.set_xlim(cx - width / per_unit / 2, cx + width / per_unit / 2)
    ax.set_ylim(cy - height / per_unit / 2, cy + height / per_unit / 2)


# ------------------------------------------------------------------ stepping
class TreeSteps:
    """What the steps change in the tree: nodes' statuses, the two highlights, the path.

    ``writer`` collects the changes; ``ax`` is the tree's axes in its scene
    (where points land, for moving the highlights).
    """

    def __init__(self, plan: TreePlan, writer: FilmBuilder, ax: Axes) -> None:
        self.plan = plan
        self.writer = writer
        self.parts = parts(plan)
        scene = writer.scene
        self.points = {u: scene.point(ax, x, y) for u, (x, y) in plan.units.items()}
        x0, y0 = self.points.get(plan.root, (0.0, 0.0))
        #: unit -> how far a highlight, drawn at the root, moves to stand on it (points)
        self.shifts = {u: (x - x0, y - y0) for u, (x, y) in self.points.items()}
        self._edges = plan.detail != "groups"  # what a node shows when it appears
        self._boards = plan.detail == "boards"
        self._labels = plan.labelled
        self.status: dict[TreeId, str] = {}  # tree node -> "frontier" / "explored" / "goal"
        self.waiting: dict[Hashable, int] = {}  # unit -> its nodes on the frontier (groups)
        self.members: dict[Hashable, int] = {}  # unit -> its nodes in the tree (groups)
        self.shown: dict[Hashable, str | None] = {}  # unit -> the status it shows
        self._highlight_names = {
            status: [("emphasis", status, part) for part in self.parts]
            for status in ("current", "new")
        }
        # highlight -> (whether it is shown, the unit it was moved to); None: not known yet
        self._highlights: dict[str, tuple[bool | None, Hashable]] = {}

    def set(self, t: TreeId, status: str | None) -> None:
        """Tree node ``t`` now has ``status`` (None: it left the tree, reached more cheaply)."""
        before = self.status.get(t)
        if status is None:
            self.status.pop(t, None)
        else:
            self.status[t] = status
        if before is None and status is not None:
            self._appear(t, True)
        elif before is not None and status is None:
            self._appear(t, False)
        unit = self.plan.unit_of[t]
        if not self._edges:  # groups
            self.waiting[unit] = (
                self.waiting.get(unit, 0) + (status == "frontier") - (before == "frontier")
            )
            self.members[unit] = (
                self.members.get(unit, 0) + (status is not None) - (before is not None)
            )
            status = self._group_status(unit, status)
        self._show(unit, status)

    def _group_status(self, unit: Hashable, latest: str | None) -> str | None:
        if latest == "goal":
            return "goal"
        if self.waiting.get(unit, 0) > 0:
            return "frontier"
        return "explored" if self.members.get(unit, 0) > 0 else None

    def _appear(self, t: TreeId, shown: bool) -> None:
        """Show or hide what a node has besides its status: its edge, its board, its numbers."""
        act = self.writer.show if shown else self.writer.hide
        if self._edges and t in self.plan.parent_xy:
            act(("edge", t))
        if self._boards:
            for i, tile in enumerate(t[1]):
                act(("tree cell", t, i))
                if tile:
                    act(("tree digit", t, i))
        if self._labels:
            act(("tree label", t))

    def _show(self, unit: Hashable, status: str | None) -> None:
        if self.shown.get(unit) == status:
            return
        self.shown[unit] = status
        for part in self.parts:
            self.writer.choose((part, unit), None if status is None else (part, status, unit))

    def emphasis(self, status: str, t: TreeId | None) -> None:
        """Put the highlight ``status`` ("current" or "new") on tree node ``t`` (None: hide it).

        Only what changes is written: a highlight already shown is not shown again, nor
        moved again to where it stands.
        """
        shown, at = self._highlights.get(status, (None, None))
        names = self._highlight_names[status]
        if t is None:
            if shown is not False:
                for name in names:
                    self.writer.hide(name)
            self._highlights[status] = (False, at)
            return
        unit = self.plan.unit_of[t]
        dx, dy = self.shifts[unit]
        for name in names:
            if shown is not True:
                self.writer.show(name)
            if at != unit:
                self.writer.move(name, dx, dy)
        self._highlights[status] = (True, unit)

    def solution(self) -> None:
        """The goal is reached: the path from the root to it is drawn in the path's colour."""
        plan = self.plan
        for unit in plan.path_units[:-1]:
            self._show(unit, "path")
        if plan.goal_unit is not None:
            self._show(plan.goal_unit, "goal")
        for i in range(len(plan.path_units) - 1):
            self.writer.show(("path edge", i))
        for status in ("current", "new"):
            self.emphasis(status, None)


def frontier_items(plan: TreePlan, t: TreeId) -> list:
    """The names of the scene items a click on which picks tree node ``t`` on the frontier.

    Its little board (cells and digits), its numbers, its frame and marker.
    Only a tree of boards shows which node is which board: a marker or a group
    does not, so then none.

    >>> board = (1, 2, 3, 8, 0, 4, 7, 6, 5)
    >>> plan = TreePlan("boards", "A*", {}, {(None, board): (None, board)}, {}, {}, [], 0,
    ...                 (0, 1, 0, 1))
    >>> [name[0] for name in frontier_items(plan, (None, board))][:4]
    ['mark', 'frame', 'tree cell', 'tree cell']
    >>> plan.detail = "markers"; frontier_items(plan, (None, board))
    []
    """
    if plan.detail != "boards":
        return []
    unit = plan.unit_of[t]
    return [
        ("mark", "frontier", unit),
        ("frame", "frontier", unit),
        *(("tree cell", t, i) for i in range(9)),
        *(("tree digit", t, i) for i, tile in enumerate(t[1]) if tile),
        ("tree label", t),
    ]
