"""The why-tree as a film: an opened position, its moves and their replies, filled in by a search.

The picture speaks tic-tac-toe. The opened position (the ``focus``; the root at
first) is a big 3 x 3 board; each free cell holds the small board after that
move (a child of the focus), and each free cell of a small board the value of
the reply played there (a grandchild). Above the board, the path from the
root to the focus, one chip per position with its [α, β] window or value.
The steps are the search's events about these nodes (see
:mod:`search_viz.lessons.tictactoe.search`); deeper values arrive as they are
backed up.

Each node is told by its box: white and dotted, not reached yet; tinted blue
when X is to move there (MAX), vermillion when O is (MIN), yellow for a leaf
the search evaluated (the game is over, or the depth limit); grey and hatched
when pruned; an orange edge on the step's node, a green one on the best line
at the end. A child's ▲ / ▼ / ■ badge says the same as the game-tree pictures.
Values of nodes whose search was cut off are bounds, written ≥ v or ≤ v.

In practice mode each step first asks what the search does there
(:mod:`search_viz.lessons.tictactoe.questions`); a pick is answered by
clicking a move's cell or a reply's small cell.

>>> import search_viz as sv
>>> film = sv.film(sv.alphabeta, sv.TicTacToe("XO..X...."))
>>> len(film), film.state(-1).sentence[:43]
(80, 'Done: the position is worth 6: X wins in 4 ')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.legend_handler import HandlerTuple
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from search_viz.algorithms.adversarial import alphabeta, game_pseudocode, minimax
from search_viz.film.builder import FilmBuilder
from search_viz.film.film import Film
from search_viz.film.looks import Look
from search_viz.film.sketch import Sketch
from search_viz.film.style import (
    DARK_GREY,
    GREY,
    LIGHT_GREY,
    ORANGE,
    PV_COLOUR,
    STATUS,
    WHITE,
)
from search_viz.lessons.shared.figure import quads
from search_viz.lessons.shared.game_view import window_text
from search_viz.lessons.tictactoe.boards import (
    MARK_COLOUR,
    NEW_MOVE_FILL,
    X_COLOUR,
    cell_centre,
    draw_board,
    inch_axes,
    winning_line,
)
from search_viz.lessons.tictactoe.descriptions import (
    board_text,
    searched_position,
    tictactoe_description,
)
from search_viz.lessons.tictactoe.questions import Asked, ask
from search_viz.lessons.tictactoe.search import (
    Fold,
    Node,
    Search,
    TreeView,
    plies,
    tree_view,
)
from search_viz.lessons.tictactoe.sentences import mover, node_name, signed, step_note
from search_viz.problems.tictactoe import TicTacToe

MAX_FILL, MIN_FILL = STATUS["max"].color, STATUS["min"].color
LEAF_FILL = STATUS["evaluated"].color
#: Pale versions of the fills, for boxes with a value written in them.
MAX_TINT, MIN_TINT, LEAF_TINT = "#CFE8F8", "#F6D5C2", "#F8F2A8"
PRUNED_HATCH = "///"


# ------------------------------------------------------------------ geometry
@dataclass(frozen=True)
class Geometry:
    """The picture's sizes (inches) and fonts (points): one for the page, one for a projector.

    A cell of the big board holds a strip (the badge and the move's value) over the small
    board of the position after the move; ``inset`` is the cell's room not given to either.
    The defaults are the page's picture (:data:`PAGE`).
    """

    width: float = 4.4
    margin: float = 0.1
    note_room: float = 2.7  # the width the note beside the chips needs
    chip_w: float = 1.32
    chip_h: float = 0.44
    chip_gap: float = 0.08
    chip_board: float = 0.34
    cell: float = 1.39
    strip: float = 0.24
    inset: float = 0.07
    legend: float = 0.92  # the legend's height
    legend_font: float = 10.4
    legend_columns: int = 2
    #: The legend's handle length and the gap between its columns (in font sizes).
    legend_spacing: tuple[float, float] = (1.3, 0.8)
    chip_font: float = 10.4
    heading_fonts: tuple[float, float] = (10.6, 10.4)
    #: A move's value: short (up to 5 characters) and long (a window).
    move_fonts: tuple[float, float] = (12.5, 10.6)
    #: A reply's value by its length (1, 2, 3, 4 characters; longer: the last).
    reply_fonts: tuple[float, ...] = (12.0, 11.5, 10.6, 10.4, 10.4)

    @property
    def mini(self) -> float:
        """The side of a small board."""
        return self.cell - self.strip - self.inset


#: The page's picture, shown about 320 px wide at 1280x800 with the sidebar open (the board's
#: column and the player's panels take the rest): as narrow as the board of 3 x 3 cells
#: allows, so that every text is 10 px or more there (10.4 pt at about 1.0 px a point), a
#: small cell about 27 px, and the legend in two columns.
PAGE = Geometry()
#: Presenter mode at 1280x720: the same board and fonts in a picture about 600 x 520 px, every
#: text 14 px or more (10.4 pt at about 1.4 px a point), the legend's two rows as wide as the
#: picture.
PROJECTOR = replace(PAGE, width=5.8, legend=0.56, legend_columns=4, legend_spacing=(1.3, 0.3))
#: The picture's size by name: "page" and "projector" (presenter mode).
SIZES = {"page": PAGE, "projector": PROJECTOR}


@dataclass(frozen=True)
class Layout:
    """Where everything goes (inches from the bottom left): chips, cells, small boards."""

    height: float
    chips: dict  # path node -> (x, y) of the chip's centre
    cells: dict  # child -> (x, y) of its cell's centre
    minis: dict  # child -> (x, y) of its small board's centre
    grid_top: float
    note: tuple[float, float]  # where the note on the opened position starts (left, middle)
    g: Geometry = PAGE

    def box(self, node: Node, focus: Node) -> tuple[float, float, float, float]:
        """The box of ``node`` (left, bottom, width, height): a chip, a cell or a small cell."""
        g = self.g
        depth = len(node) - len(focus)
        if depth <= 0:
            x, y = self.chips[node]
            return x - g.chip_w / 2, y - g.chip_h / 2, g.chip_w, g.chip_h
        if depth == 1:
            x, y = self.cells[node]
            return x - g.cell / 2 + 0.03, y - g.cell / 2 + 0.03, g.cell - 0.06, g.cell - 0.06
        x, y = cell_centre(node[-1], *self.minis[node[:-1]], g.mini)
        third = g.mini / 3
        return x - third / 2 + 0.015, y - third / 2 + 0.015, third - 0.03, third - 0.03

    def text_at(self, node: Node, focus: Node) -> tuple[float, float]:
        """Where the value (or window) of ``node`` is written."""
        g = self.g
        depth = len(node) - len(focus)
        if depth <= 0:
            x, y = self.chips[node]
            return x - g.chip_w / 2 + g.chip_board + 0.1, y
        if depth == 1:
            x, y = self.cells[node]
            return x + 0.12, y + g.cell / 2 - g.strip / 2 - 0.02
        return cell_centre(node[-1], *self.minis[node[:-1]], g.mini)

    def badge_at(self, node: Node) -> tuple[float, float]:
        """Where a child's ▲ / ▼ / ■ badge goes."""
        x, y = self.cells[node]
        return x - self.g.cell / 2 + 0.22, y + self.g.cell / 2 - self.g.strip / 2 - 0.02


def layout(view: TreeView, g: Geometry = PAGE) -> Layout:
    """Where the chips, cells and small boards of ``view`` go.

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> where = layout(tree_view(TicTacToe(), Search()))
    >>> round(where.height, 2), len(where.cells), len(where.chips)
    (5.81, 9, 1)
    >>> round(layout(tree_view(TicTacToe(), Search()), PROJECTOR).height, 2)
    5.45
    """
    margin, board_left = g.margin, (g.width - 3 * g.cell) / 2
    per_row = max(1, int((g.width - 2 * margin + g.chip_gap) // (g.chip_w + g.chip_gap)))
    path = view.path
    rows = -(-len(path) // per_row)
    after = len(path) - (rows - 1) * per_row  # chips on the last row
    note_x = margin + after * (g.chip_w + g.chip_gap) + 0.05
    if g.width - margin - note_x < g.note_room:  # no room beside the chips: a row of its own
        rows, note_x = rows + 1, margin
    row_h = g.chip_h + g.chip_gap
    height = margin + rows * row_h + 0.04 + 3 * g.cell + 0.06 + g.legend
    top = height - margin
    chips = {}
    for i, node in enumerate(path):
        row, col = divmod(i, per_row)
        chips[node] = (
            margin + g.chip_w / 2 + col * (g.chip_w + g.chip_gap),
            top - g.chip_h / 2 - row * row_h,
        )
    note = (note_x, top - g.chip_h / 2 - (rows - 1) * row_h)
    grid_top = top - rows * row_h - 0.04
    cells, minis = {}, {}
    below_strip = g.strip + (g.inset - 0.08 if g.inset > 0.08 else g.inset / 2)
    for child in view.children[view.focus]:
        row, col = divmod(child[-1], 3)
        x = board_left + (col + 0.5) * g.cell
        y = grid_top - (row + 0.5) * g.cell
        cells[child] = (x, y)
        minis[child] = (x, y + g.cell / 2 - below_strip - g.mini / 2)
    return Layout(height, chips, cells, minis, grid_top, note, g)


# ------------------------------------------------------------- node at a step
@dataclass(frozen=True)
class NodeLook:
    """One node at one step: its status, the text written on it, and its highlights.

    ``status``: "unreached", "open" (entered, not decided), "decided",
    "evaluated" (a leaf's value) or "pruned".
    """

    status: str
    text: str
    current: bool = False
    principal: bool = False


def current_node(fold: Fold) -> Node | None:
    """The node a step is about: the node entered or evaluated, the node a value returns to
    (backup), the node that cuts (prune); none once the search is done."""
    e = fold.event
    if e.kind in ("backup", "prune"):
        return e.parent if e.parent is not None else e.node
    if e.kind == "done":
        return None
    return e.node


def looks_at(
    view: TreeView, fold: Fold, nodes: Iterable[Node] | None = None
) -> dict[Node, NodeLook]:
    """Every drawn node's look after the step ``fold`` has taken in (or only those of ``nodes``).

    >>> from search_viz.lessons.tictactoe.search import Search, folds, tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> fold = next(folds(view.trace))
    >>> looks_at(view, fold, [(), (2,)])  # doctest: +NORMALIZE_WHITESPACE
    {(): NodeLook(status='open', text='[−∞, +∞]', current=True, principal=False),
     (2,): NodeLook(status='unreached', text='', current=False, principal=False)}
    """
    current = current_node(fold)
    principal = set(view.trace.result.path or []) if fold.done else set()
    looks = {}
    for node in view.nodes if nodes is None else nodes:
        looks[node] = _look(view, fold, node, node == current, node in principal)
    return looks


def touched(view: TreeView, fold: Fold, last: Node | None) -> set[Node]:
    """The drawn nodes whose look may change at the step ``fold`` has just taken in; ``last``
    is the node the step before was about (see :func:`current_node`).

    A step tells about its event's node, a backup also about the parent (its window and best
    value; the parent is then the step's node), a prune about everything below the skipped
    child; the orange edge moves from ``last`` to the step's node, and at the end the best
    line turns green. Every other node looks as it did.

    >>> from search_viz.lessons.tictactoe.search import Search, folds, tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> steps = folds(view.trace)
    >>> sorted(touched(view, next(steps), None)), sorted(touched(view, next(steps), ()))
    ([()], [(), (2,)])
    """
    e = fold.event
    nodes = {e.node, last, current_node(fold)}
    if e.kind == "prune":
        nodes.update(n for n in view.nodes if n[: len(e.node)] == e.node)
    if fold.done:
        nodes.update(view.trace.result.path or ())
    return nodes & view.drawn


def _look(view: TreeView, fold: Fold, node: Node, current: bool, principal: bool) -> NodeLook:
    if any(node[:i] in fold.pruned for i in range(len(view.focus) + 1, len(node) + 1)):
        return NodeLook("pruned", "pruned" if len(node) == len(view.focus) + 1 else "")
    if node in fold.leaf_values:
        return NodeLook("evaluated", signed(fold.leaf_values[node]), current, principal)
    if node in fold.decided:
        text = signed(fold.decided[node])
        if node in view.cut:
            text = ("≥ " if view.is_max(node) else "≤ ") + text
        return NodeLook("decided", text, current, principal)
    if node in fold.entered:
        if node in fold.windows and len(node) <= len(view.focus) + 1:
            text = window_text(fold.windows[node])
        elif node in fold.partial:
            text = ("≥ " if view.is_max(node) else "≤ ") + signed(fold.partial[node])
        else:
            text = ""
        return NodeLook("open", text, current, principal)
    return NodeLook("unreached", "")


# ------------------------------------------------------------------- the scene
def _text_size(g: Geometry, node: Node, focus: Node, text: str) -> float:
    depth = len(node) - len(focus)
    if depth <= 0:
        return g.chip_font
    if depth == 1:
        return g.move_fonts[0] if len(text) <= 5 else g.move_fonts[1]
    return g.reply_fonts[min(len(text), len(g.reply_fonts)) - 1]


def written(node: Node, focus: Node, text: str) -> str:
    """What is written for ``text`` on ``node``: a bound in a small cell is written tight.

    >>> written((4, 0), (), "≥ +3"), written((4, 0), (), "≤ −2"), written((4,), (), "≥ +3")
    ('≥3', '≤−2', '≥ +3')
    """
    if len(node) - len(focus) == 2 and text[:2] in ("≥ ", "≤ "):
        return text[0] + text[2:].removeprefix("+")
    return text


def draw_scene(view: TreeView, texts: tuple[tuple[Node, str], ...], g: Geometry = PAGE) -> Sketch:
    """Everything the replay of ``view`` will ever show, drawn once; ``texts`` are the
    (node, text) pairs its steps write; ``g`` its sizes (the page's or a projector's).

    A sketch: written as SVG for the film without matplotlib's artists, replayed on a
    matplotlib figure for exports (see :mod:`search_viz.film.sketch`).
    """
    where = layout(view, g)
    scene = Sketch(g.width, where.height)
    ax = scene.axes((0, 0, 1, 1), xlim=(0, g.width), ylim=(0, where.height))
    focus = view.focus
    _heading(ax, view, where)
    _chip_boards(ax, view, where)
    kids = view.children[focus]
    grand = [g for kid in kids for g in view.children[kid]]
    _taken_cells(ax, view, where)
    _small_boards(ax, scene, view, where)

    def boxes(kind: str, nodes: list[Node], shown: bool | list[bool], **style) -> None:
        """One box per node, in one collection, tagged (kind, node); none if no nodes."""
        if not nodes:  # an empty collection draws nothing and must not be tagged
            return
        polygons = []
        for node in nodes:
            x, y, w, h = where.box(node, focus)
            polygons.append([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        collection = quads(polygons, **style)
        ax.add_collection(collection)
        scene.tag_each(collection, [(kind, n) for n in nodes], shown=shown)

    path = view.path
    hatched = {"facecolor": LIGHT_GREY, "edgecolor": GREY, "linewidths": 1.0, "hatch": PRUNED_HATCH}
    boxes("dotted", kids, True, facecolor=WHITE, edgecolor=GREY, linewidths=1.2, linestyles=":",
          zorder=1)  # fmt: skip
    boxes("box", [*path, *kids], [True] * len(path) + [False] * len(kids), facecolor=WHITE,
          edgecolor=DARK_GREY, linewidths=1.2, zorder=1)  # fmt: skip
    boxes("hatch", kids, False, **hatched, zorder=1)
    boxes("box", grand, False, facecolor=WHITE, edgecolor=DARK_GREY, linewidths=0.8, zorder=3)
    boxes("hatch", grand, False, **hatched, zorder=3)
    for marker in ("^", "v", "s"):
        mine = [kid for kid in kids if _marker(view, kid) == marker]
        if not mine:
            continue
        points = [where.badge_at(kid) for kid in mine]
        dots = ax.scatter(
            [p[0] for p in points],
            [p[1] for p in points],
            s=13**2,
            marker=marker,
            c=WHITE,
            edgecolors=GREY,
            linewidths=1.2,
            zorder=5,
        )
        scene.tag_each(dots, [("badge", kid) for kid in mine], shown=True)
    for node, text in texts:
        x, y = where.text_at(node, focus)
        depth = len(node) - len(focus)
        pruned = text == "pruned"
        shown = written(node, focus, text)
        artist = ax.text(
            x,
            y,
            shown,
            ha="left" if depth <= 0 else "center",
            va="center",
            fontsize=_text_size(g, node, focus, shown),
            fontweight="normal" if pruned else "bold",
            style="italic" if pruned else "normal",
            color=DARK_GREY if pruned else "black",
            zorder=6,
        )
        scene.tag(artist, ("text", node, text))
    _legend(scene, g)
    return scene


def _marker(view: TreeView, node: Node) -> str:
    if view.is_leaf(node):
        return "s"
    return "^" if view.is_max(node) else "v"


def _heading(ax, view: TreeView, where: Layout) -> None:
    """Beside the chips: who moves at the opened position, and what its cells show."""
    focus = view.focus
    who = mover(view, focus)
    other = "O" if who == "X" else "X"
    kind = "MAX" if who == "X" else "MIN"
    g = where.g
    if not focus:
        first = f"At the root: {who} to move ({kind})"
    else:
        first = f"{who} to move ({kind}), {plies(len(focus))} down"
    if not view.children[focus]:
        second = "The game is over here: nothing to search below."
    else:
        second = f"Each cell: {who}'s move, {other}'s replies."
    x, y = where.note
    big, small = g.heading_fonts
    ax.text(x, y + 0.02, first, ha="left", va="bottom", fontsize=big, fontweight="bold",
            color=DARK_GREY)  # fmt: skip
    ax.text(x, y - 0.03, second, ha="left", va="top", fontsize=small, color=DARK_GREY)


def _marks(ax, marks: list[tuple[str, float, float, float]], *, alpha: float = 1.0, z=4.5):
    """X and O marks as two collections: (mark, x, y, size of its cell) each."""
    crosses = []
    for mark, x, y, size in marks:
        if mark == "X":
            h = size * 0.27
            crosses += [((x - h, y - h), (x + h, y + h)), ((x - h, y + h), (x + h, y - h))]
    if crosses:
        width = max(1.0, marks[0][3] * 5)
        ax.add_collection(
            LineCollection(crosses, colors=X_COLOUR, linewidths=width, alpha=alpha, zorder=z)
        )
    rings = [(x, y, size) for mark, x, y, size in marks if mark == "O"]
    if rings:
        ax.scatter(
            [r[0] for r in rings],
            [r[1] for r in rings],
            s=[(r[2] * 72 * 0.58) ** 2 for r in rings],
            facecolors="none",
            edgecolors=MARK_COLOUR["O"],
            linewidths=max(1.0, rings[0][2] * 5),
            alpha=alpha,
            zorder=z,
        )


def _grid(x: float, y: float, size: float) -> list:
    half, third = size / 2, size / 3
    lines = []
    for k in (1, 2):
        offset = -half + k * third
        lines.append(((x + offset, y - half), (x + offset, y + half)))
        lines.append(((x - half, y + offset), (x + half, y + offset)))
    return lines


def _chip_boards(ax, view: TreeView, where: Layout) -> None:
    """The tiny board of each chip (the path from the root to the focus)."""
    grids, marks = [], []
    size = where.g.chip_board
    for node, (x, y) in where.chips.items():
        bx = x - where.g.chip_w / 2 + 0.05 + size / 2
        grids += _grid(bx, y, size)
        for cell, mark in enumerate(view.board(node)):
            if mark != ".":
                marks.append((mark, *cell_centre(cell, bx, y, size), size / 3))
    ax.add_collection(LineCollection(grids, colors=DARK_GREY, linewidths=0.6, zorder=4))
    _marks(ax, marks)


def _taken_cells(ax, view: TreeView, where: Layout) -> None:
    """The big board's taken cells: the mark, pale; and the big board's lines."""
    board = view.board(view.focus)
    cell = where.g.cell
    left, top = (where.g.width - 3 * cell) / 2, where.grid_top
    lines = []
    for k in (1, 2):
        lines.append(((left + k * cell, top), (left + k * cell, top - 3 * cell)))
        lines.append(((left, top - k * cell), (left + 3 * cell, top - k * cell)))
    ax.add_collection(LineCollection(lines, colors=GREY, linewidths=1.0, zorder=0.5))
    marks = []
    for cell, mark in enumerate(board):
        if mark != ".":
            row, col = divmod(cell, 3)
            marks.append((mark, left + (col + 0.5) * cell, top - (row + 0.5) * cell, cell))
    _marks(ax, marks, alpha=0.25, z=0.6)


def _small_boards(ax, scene: Sketch, view: TreeView, where: Layout) -> None:
    """Each child's board: white, its move shaded, its grid and marks, a line of three."""
    squares, shaded, grids, marks, wins = [], [], [], [], []
    mini = where.g.mini
    for child, (x, y) in where.minis.items():
        half = mini / 2
        squares.append([(x - half, y - half), (x + half, y - half), (x + half, y + half),
                        (x - half, y + half)])  # fmt: skip
        cx, cy = cell_centre(child[-1], x, y, mini)
        t = mini / 6
        shaded.append([(cx - t, cy - t), (cx + t, cy - t), (cx + t, cy + t), (cx - t, cy + t)])
        grids += _grid(x, y, mini)
        board = view.board(child)
        for cell, mark in enumerate(board):
            if mark != ".":
                marks.append((mark, *cell_centre(cell, x, y, mini), mini / 3))
        line = winning_line(board)
        if line is not None:
            wins.append((cell_centre(line[0], x, y, mini), cell_centre(line[2], x, y, mini)))
    ax.add_collection(quads(squares, facecolor=WHITE, edgecolor=GREY, linewidths=0.8, zorder=2))
    _reply_cells(ax, scene, view, where)
    ax.add_collection(quads(shaded, facecolor=NEW_MOVE_FILL, edgecolor="none", zorder=2.1))
    ax.add_collection(LineCollection(grids, colors=DARK_GREY, linewidths=0.8, zorder=4))
    _marks(ax, marks)
    if wins:
        ax.add_collection(LineCollection(wins, colors=DARK_GREY, linewidths=3, alpha=0.6,
                                         zorder=4.6))  # fmt: skip


def _reply_cells(ax, scene: Sketch, view: TreeView, where: Layout) -> None:
    """A white square (no edge) under each free cell of a small board, tagged ("cell", reply):
    what a click on the reply picks in practice mode (it looks like the board's background)."""
    replies = [g for kid in where.minis for g in view.children[kid]]
    if not replies:
        return
    mini = where.g.mini
    half = mini / 6  # half a small cell
    squares = []
    for reply in replies:
        x, y = cell_centre(reply[-1], *where.minis[reply[:-1]], mini)
        squares.append([(x - half, y - half), (x + half, y - half), (x + half, y + half),
                        (x - half, y + half)])  # fmt: skip
    cells = quads(squares, facecolor=WHITE, edgecolor="none", zorder=2.05)
    ax.add_collection(cells)
    scene.tag_each(cells, [("cell", g) for g in replies], shown=True)


def pick_items(view: TreeView, node: Node) -> list[tuple]:
    """The scene items a click on which picks ``node`` (a move of the opened position or a
    reply to one): every look its box takes, shown or not, and its badge or its cell.

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe(), Search())
    >>> pick_items(view, (4,))[0], pick_items(view, (4, 0))[0]
    (('dotted', (4,)), ('cell', (4, 0)))
    """
    if len(node) - len(view.focus) == 1:
        return [("dotted", node), ("box", node), ("hatch", node), ("badge", node)]
    return [("cell", node), ("box", node), ("hatch", node)]


def _tinted(fill: str, tint: str, marker: str) -> tuple:
    return (
        Line2D([], [], marker=marker, markersize=8, markerfacecolor=fill,
               markeredgecolor="black", linestyle="none"),
        Patch(facecolor=tint, edgecolor=DARK_GREY),
    )  # fmt: skip


#: The legend's entries: what each label's handle shows.
_LEGEND = {
    "X to move (MAX)": lambda: _tinted(MAX_FILL, MAX_TINT, "^"),
    "O to move (MIN)": lambda: _tinted(MIN_FILL, MIN_TINT, "v"),
    "leaf evaluated": lambda: _tinted(LEAF_FILL, LEAF_TINT, "s"),
    "not reached": lambda: Patch(facecolor=WHITE, edgecolor=GREY, linestyle=":"),
    "pruned": lambda: Patch(facecolor=LIGHT_GREY, edgecolor=GREY, hatch=PRUNED_HATCH),
    "this step": lambda: Patch(facecolor=WHITE, edgecolor=ORANGE, linewidth=2.5),
    "best line": lambda: Patch(facecolor=WHITE, edgecolor=PV_COLOUR, linewidth=2.5),
    "[α, β]; ≥ v, ≤ v: bounds": lambda: Patch(facecolor="none", edgecolor="none"),
}
#: How the legend draws a pair of handles: side by side.
_PAIRS = {tuple: HandlerTuple(ndivide=None, pad=0.3)}


def _legend_handle(label: str):
    """The handle of the legend's entry ``label``.

    >>> type(_legend_handle("pruned")).__name__, len(_legend_handle("leaf evaluated"))
    ('Patch', 2)
    """
    return _LEGEND[label]()


def _legend(scene: Sketch, g: Geometry) -> None:
    labels = list(_LEGEND)
    scene.legend(
        labels,
        _legend_handle,
        anchor=(0.5, 0.0),
        labels=labels,
        handler_map=_PAIRS,
        loc="lower center",
        ncols=g.legend_columns,
        fontsize=g.legend_font,
        frameon=False,
        handlelength=g.legend_spacing[0],
        columnspacing=g.legend_spacing[1],
        handletextpad=0.3,
        borderaxespad=0.15,
    )


# ------------------------------------------------------------------ the steps
def box_look(view: TreeView, node: Node, look: NodeLook) -> Look:
    """How a reached node's box is restyled at a step: its tint, and an edge for highlights."""
    if look.status == "unreached":
        fill = WHITE
    elif look.status == "evaluated":
        fill = LEAF_TINT
    elif view.is_leaf(node):
        fill = WHITE
    else:
        fill = MAX_TINT if view.is_max(node) else MIN_TINT
    small = len(node) - len(view.focus) == 2
    if look.current:
        return Look(fill=fill, stroke=ORANGE, width=3.0)
    if look.principal:
        return Look(fill=fill, stroke=PV_COLOUR, width=3.0)
    stroke = GREY if look.status == "unreached" else DARK_GREY
    return Look(fill=fill, stroke=stroke, width=0.8 if small else 1.2)


def badge_look(view: TreeView, node: Node, look: NodeLook) -> Look:
    """How a child's badge is restyled at a step: filled once reached, grey when pruned."""
    if look.status == "pruned":
        return Look(fill=LIGHT_GREY, stroke=GREY)
    if look.status == "unreached":
        return Look(fill=WHITE, stroke=GREY)
    if look.status == "evaluated":
        return Look(fill=LEAF_FILL, stroke="black")
    if view.is_leaf(node):
        return Look(fill=WHITE, stroke="black")
    return Look(fill=MAX_FILL if view.is_max(node) else MIN_FILL, stroke="black")


def _show(writer: FilmBuilder, view: TreeView, node: Node, look: NodeLook) -> None:
    depth = len(node) - len(view.focus)
    if depth <= 0:
        writer.show(("box", node), box_look(view, node, look))
    else:
        if look.status == "pruned":
            writer.choose(("frame", node), ("hatch", node))
        elif look.status == "unreached":
            writer.choose(("frame", node), ("dotted", node) if depth == 1 else None)
        else:
            writer.choose(("frame", node), ("box", node), box_look(view, node, look))
        if depth == 1:
            writer.show(("badge", node), badge_look(view, node, look))
    writer.choose(("text", node), ("text", node, look.text) if look.text else None)


def walk(view: TreeView) -> Iterator[tuple[Fold, dict[Node, NodeLook], Asked | None]]:
    """The replay of ``view`` step by step: what is known (the fold, one object updated), every
    node's look, and what the step asks the student (None: nothing), from one pass.

    A step's question is made from what the step before knows and shows, and the
    step's event (its answer).

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> [asked is not None for _, _, asked in walk(tree_view(TicTacToe("XX.OO...."), Search()))][:3]
    [False, True, True]
    """
    for fold, shown, _, asked in _walk(view):
        yield fold, shown, asked


def _walk(view: TreeView) -> Iterator[tuple[Fold, dict, dict, Asked | None]]:
    """:func:`walk`, each step with the looks it made anew too (every node's at the first
    step): the nodes it did not touch keep their look objects from the step before."""
    fold, shown = Fold(), {}
    for step, event in enumerate(view.trace.events):
        asked = ask(view, step, fold, shown, event)
        last = current_node(fold) if step else None
        fold.add(event)
        if step:  # a new dict: the steps before keep theirs
            new = looks_at(view, fold, touched(view, fold, last))
            shown = {**shown, **new}
        else:
            new = shown = looks_at(view, fold)
        yield fold, shown, new, asked


def questions(view: TreeView) -> list[Asked | None]:
    """What every step of ``view``'s film asks (None where it asks nothing).

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> asked = questions(tree_view(TicTacToe("XX.OO...."), Search()))
    >>> len(asked), sum(a is not None for a in asked), sorted({a.question.kind for a in asked if a})
    (34, 25, ['choice', 'pick', 'value'])
    """
    return [asked for _, _, asked in walk(view)]


def why_film(view: TreeView, size: str = "page") -> Film:
    """The replay of ``view``'s search as a film: one step per kept event, and what each step
    asks in practice mode. ``size`` is the picture's (one of :data:`SIZES`: "page", or
    "projector" for presenter mode; both films step alike).

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe("XOXOXO..."), Search())
    >>> [why_film(view, size).size for size in ("page", "projector")]  # points
    [(316.8, 418.32), (417.6, 392.4)]
    >>> why_film(view, "poster")
    Traceback (most recent call last):
    ...
    ValueError: size must be one of page, projector, not 'poster'
    """
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    steps, written, before, order = [], set(), {}, {}
    for k, (fold, looks, new, asked) in enumerate(_walk(view)):
        # a step keeps the look objects of the nodes it did not touch (see walk); the others
        # that look otherwise are shown in the order of ``looks`` (a node's place: when it
        # was first shown)
        for n in new:
            order.setdefault(n, len(order))
        changed = sorted(
            ((n, look) for n, look in new.items() if _restyled(before.get(n), look)),
            key=lambda item: order[item[0]],
        )
        steps.append((looks, changed, step_note(view, k, fold), fold.event.line, asked))
        written.update((n, look.text) for n, look in changed if look.text)
        before = looks
    texts = tuple(sorted(written))
    search = view.search
    code = game_pseudocode(search.pruning, search.fail_soft, search.limit, search.ordering)
    writer = FilmBuilder(
        partial(draw_scene, view, texts, SIZES[size]),
        title=film_title(view),
        pseudocode=code.text,
        layout="side",
        shape=view.shape,
    )
    final = view.trace.result.stats
    counted = {name: f"{name} (of {final[stat]:,})" for name, stat in _STAT.items()}
    position = searched_position(view)
    for k, (looks, changed, sentence, line, asked) in enumerate(steps):
        if asked is not None:
            items = {c: pick_items(view, node) for c, node in asked.nodes.items()}
            writer.ask(asked.question, items)
        for node, look in changed:
            _show(writer, view, node, look)
        totals = view.totals(k)
        writer.step(
            sentence,
            line=line,
            counters={counted[name]: v for name, v in totals.items()},
            description=tictactoe_description(view, k, looks, position),
        )
    return writer.film()


def _restyled(old: NodeLook | None, new: NodeLook) -> bool:
    """Whether a node's look at a step differs from its look before (a new look object may
    look the same).

    >>> look = NodeLook("open", "")
    >>> _restyled(None, look), _restyled(look, look), _restyled(look, NodeLook("open", ""))
    (True, False, False)
    """
    return old is not new and old != new


_STAT = {"nodes entered": "nodes", "leaves evaluated": "evaluated", "children pruned": "pruned"}


def film_title(view: TreeView) -> str:
    """The film's title: the search, the position, the opened node.

    The position is said in words (a screen reader reads the title as the picture's name):

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> film_title(tree_view(TicTacToe("XO..X...."), Search(pruning=False), (8,)))
    'Minimax from X at top left, centre; O at top middle (O to move), opened at O bottom right'
    >>> film_title(tree_view(TicTacToe("........."), Search(pruning=True), ()))
    'Alpha-beta from the empty board (X to move)'
    """
    game = view.game
    where = board_text(game.board)
    text = f"{view.search.name.capitalize()} from {where} ({game.player_to_move} to move)"
    if view.focus:
        text += f", opened at {node_name(view, view.focus)}"
    return text


# ------------------------------------------------------------ sv.film's door
_OPTIONS = {
    alphabeta: ("fail_soft", "ordering", "limit", "focus"),
    minimax: ("ordering", "limit", "focus"),
}


def films(algorithm: Any, problem: Any) -> bool:
    """Whether this lesson films ``algorithm`` on ``problem``: minimax or alpha-beta on tic-tac-toe.

    >>> import search_viz as sv
    >>> films(sv.alphabeta, sv.TicTacToe()), films(sv.bfs, sv.TicTacToe())
    (True, False)
    """
    return algorithm in _OPTIONS and isinstance(problem, TicTacToe)


def film_of(algorithm: Any, problem: TicTacToe, **options: Any) -> Film:
    """The why-tree film of ``algorithm`` (minimax or alpha-beta) searching ``problem``.

    Options: ``fail_soft`` (alpha-beta only), ``ordering`` ("given", "best",
    "worst" or a key function), ``limit`` (a depth limit in plies: the static
    evaluation at the limit, and a win scored 1000 − d), and ``focus`` (the
    node to open: the cells played from the position, e.g. ``(4, 0)``).

    >>> import search_viz as sv
    >>> film = film_of(sv.minimax, sv.TicTacToe("XOXOXO..."))
    >>> len(film), film.state(0).sentence[:40]
    (15, 'Start at the root, the position searched')
    >>> film_of(sv.minimax, sv.TicTacToe(), fail_soft=False)
    Traceback (most recent call last):
    ...
    TypeError: minimax takes the options ordering, limit, focus, not fail_soft
    """
    allowed = _OPTIONS[algorithm]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise TypeError(
            f"{algorithm.__name__} takes the options {', '.join(allowed)}, not {', '.join(unknown)}"
        )
    focus = options.pop("focus", ())
    if isinstance(focus, (str, bytes)) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in tuple(focus)
    ):
        raise TypeError(f"focus is a tuple of cells (whole numbers 0-8), not {focus!r}")
    search = Search(pruning=algorithm is alphabeta, **options)
    return why_film(tree_view(problem, search, tuple(focus)))


def thumbnail() -> Figure:
    """The home page's card: a won game, O's last-ditch block and X's line.

    >>> float(thumbnail().get_figwidth()) < 6
    True
    """
    board = TicTacToe("XOO.X....").play(8).board  # X completes the diagonal
    fig, ax = inch_axes(4.2, 2.6)
    draw_board(ax, board, 1.3, 1.3, 2.2, new=8, frame_width=2)
    ax.text(2.6, 1.75, "X wins", fontsize=20, fontweight="bold", color=X_COLOUR, va="center")
    ax.text(2.6, 1.1, "10 − d", fontsize=16, color=DARK_GREY, va="center")
    return fig


__all__ = [
    "PAGE",
    "PROJECTOR",
    "SIZES",
    "Geometry",
    "Layout",
    "NodeLook",
    "badge_look",
    "box_look",
    "current_node",
    "draw_scene",
    "film_of",
    "film_title",
    "films",
    "layout",
    "looks_at",
    "pick_items",
    "questions",
    "thumbnail",
    "touched",
    "walk",
    "why_film",
    "written",
]
