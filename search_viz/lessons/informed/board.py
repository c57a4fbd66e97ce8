"""The board a step is about, beside the tree: its tiles, what each adds to h, its g, h and f.

The panel is drawn once for a whole replay: on each of the nine squares, every
tile that ever stands there in the replay, and every share of h it ever
carries there, each hidden; a step chooses one digit and one share per square
(:meth:`BoardPanel.show`). So a 60,000-step replay draws at most 8 digits and
a few shares per square, not a board per step. The goal is drawn beside it.

>>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
>>> panel = BoardPanel([NOTES_START], NOTES_GOAL, "misplaced", [(0, 4, 4)], "A*")
>>> sorted(panel.digits)[:3], panel.share_of(NOTES_START)
([(0, 2), (1, 8), (2, 3)], {0: 1, 1: 1, 3: 1, 4: 1})
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Sequence
from operator import getitem

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from search_viz.events import format_value
from search_viz.film.builder import FilmBuilder
from search_viz.film.scene import Scene
from search_viz.film.style import DARK_GREY, LIGHT_GREY, OKABE_ITO
from search_viz.lessons.informed.tree import LOOKS, fit_equal, points_per_unit
from search_viz.lessons.shared.eight_puzzle import TILE_COLOUR, draw_board
from search_viz.lessons.shared.figure import text_width, wrapped
from search_viz.problems.puzzle_heuristics import contributions

Board = tuple[int, ...]

#: What the panel's title says the board is, by the step's kind of event.
TITLES = {
    "generate": "just put on the frontier",
    "expand": "being expanded",
    "goal": "the goal test: reached",
    "done": "the goal, reached",
}
#: The frame around the board, by the step's kind of event (the tree's highlight colours).
FRAMES = {"generate": "new", "expand": "current", "goal": "goal", "done": "goal"}
#: What h counts, in a caption's words.
H_WORDS = {
    "misplaced": "misplaced tiles",
    "manhattan": "Manhattan distance",
    "linear conflict": "linear conflict",
}


#: How many (square, tile) pairs a board panel can show: each of 8 tiles on each of 9 squares.
_EVERY_DIGIT = 8 * 9


@functools.lru_cache(maxsize=64)
def _every_share(heuristic: str, goal: tuple[int, ...]) -> frozenset | None:
    """Every (square, share of h) a board can show, when a tile's share depends on its square
    alone (misplaced tiles, Manhattan distance); None when it depends on the others too.

    >>> sorted(_every_share("misplaced", (1, 2, 3, 4, 5, 6, 7, 8, 0)))[:3]
    [(0, 1), (1, 1), (2, 1)]
    >>> _every_share("linear conflict", (1, 2, 3, 4, 5, 6, 7, 8, 0)) is None
    True
    """
    if heuristic not in ("misplaced", "manhattan"):
        return None
    shares = set()
    for square in range(9):
        for tile in range(1, 9):
            board = [0] * 9
            board[square] = tile
            shares.update(
                (board.index(t), v) for t, v in contributions(heuristic, tuple(board), goal).items()
            )
    return frozenset(shares)


class BoardPanel:
    """The board panel of one replay: the boards it shows, the goal, the heuristic's shares.

    ``numbers`` are the (g, h, f) the steps show, so that each number is
    drawn once; ``algorithm`` ("A*" or "greedy") says how f is made.
    """

    def __init__(
        self,
        boards: Iterable[Board],
        goal: Board,
        heuristic: str,
        numbers: Iterable[tuple[float, float, float]],
        algorithm: str,
    ) -> None:
        self.goal = tuple(goal)
        self.heuristic = heuristic
        self.algorithm = algorithm
        self._shares: dict[Board, dict[int, int]] = {}
        self._looks: dict[Board, tuple] = {}  # board -> what its squares show (looks_of)
        self._squares: tuple = HIDDEN_BOARD  # what the squares show now
        self._kind: str | None = None  # the kind of event whose frame and title are shown
        self._numbers: tuple = _NO_NUMBERS  # the (g, h, f) shown now
        self.digits: set[tuple[int, int]] = set()  # (square, tile)
        self.shares: set[tuple[int, int]] = set()  # (square, share of h)
        every_share = _every_share(heuristic, self.goal)
        for board in dict.fromkeys(boards):  # each board once: a replay shows most of them twice
            if len(self.digits) == _EVERY_DIGIT and self.shares == every_share:
                break  # all there can be are found: a long replay's other boards add none
            self.digits.update((i, tile) for i, tile in enumerate(board) if tile)
            self.shares.update(self.share_of(board).items())
        triples = list(numbers)
        self.values = {
            name: sorted({triple[i] for triple in triples}) for i, name in enumerate("ghf")
        }

    def share_of(self, board: Board) -> dict[int, int]:
        """What the tile on each square adds to h: {square: share}, squares adding 0 left out."""
        if board not in self._shares:
            by_tile = contributions(self.heuristic, board, self.goal)
            self._shares[board] = {board.index(tile): v for tile, v in by_tile.items()}
        return self._shares[board]

    # ------------------------------------------------------------- drawing
    def draw(self, scene: Scene, ax: Axes, goal_ax: Axes, font: float) -> None:
        """Draw the panel on ``ax`` and the goal on ``goal_ax`` (every changing part tagged).

        The note under the numbers goes on three lines (so that it fits half of compare
        mode), and it and what each tile adds are written in ``font`` * 0.85 even when the
        squares are small.
        """
        ax.set_axis_off()
        fit_equal(ax, -0.15, 3.15, -1.75, 3.6)
        cell = points_per_unit(ax)
        small = font * 0.85
        font = min(font, cell * 0.3)  # a small board: its words no wider than its squares
        for i in range(9):
            row, col = divmod(i, 3)
            ax.add_patch(
                Rectangle(
                    (col, 2 - row), 1, 1, facecolor=TILE_COLOUR, edgecolor=DARK_GREY, linewidth=1.2
                )
            )
            blank = Rectangle(
                (col, 2 - row),
                1,
                1,
                facecolor=LIGHT_GREY,
                edgecolor=DARK_GREY,
                linewidth=1.2,
                hatch="..",
            )
            scene.tag(ax.add_patch(blank), ("blank", i))
        digit = min(cell * 0.5, 30.0)
        for i, tile in sorted(self.digits):
            row, col = divmod(i, 3)
            text = ax.text(
                col + 0.5,
                2 - row + 0.47,
                str(tile),
                ha="center",
                va="center",
                fontsize=digit,
                fontweight="bold",
            )
            scene.tag(text, ("digit", i, tile))
        for i in range(9):  # what a click on a square finds (edit mode), not only a digit's ink
            row, col = divmod(i, 3)
            target = Rectangle((col, 2 - row), 1, 1, facecolor="none", edgecolor="none")
            scene.tag(ax.add_patch(target), ("square", i), shown=True)
        for i, share in sorted(self.shares):
            row, col = divmod(i, 3)
            text = ax.text(
                col + 0.95,
                2 - row + 0.95,
                f"+{share}",
                ha="right",
                va="top",
                fontsize=max(small, cell * 0.2),
                fontweight="bold",
                color=OKABE_ITO["vermillion"],
            )
            scene.tag(text, ("share", i, share))
        for status in dict.fromkeys(FRAMES.values()):
            style = LOOKS[status]
            frame = Rectangle(
                (-0.07, -0.07),
                3.14,
                3.14,
                fill=False,
                linewidth=4,
                edgecolor=style.edgecolor if status == "new" else style.color,
                linestyle=style.linestyle,
            )
            scene.tag(ax.add_patch(frame), ("board frame", status))
        room = ax.get_position().width * ax.figure.get_figwidth() * 72  # a title wider: 2 lines
        for kind, title in TITLES.items():
            text = ax.text(
                1.5,
                3.2,
                wrapped(title, room, font * 1.15),
                ha="center",
                va="bottom",
                fontsize=font * 1.15,
                fontweight="bold",
            )
            scene.tag(text, ("board title", kind))
        numbers = {
            (i, name, value): f"{name} = {format_value(value)}"
            for i, name in enumerate("ghf")
            for value in self.values[name]
        }
        # each number under its square, no wider than the square ("g = 15" in a narrow panel)
        longest = max(numbers.values(), key=len, default="g")
        size = min(font * 1.05, cell / text_width(longest, 1.0))
        for (i, name, value), words in numbers.items():
            text = ax.text(0.5 + i, -0.12, words, ha="center", va="top", fontsize=size)
            scene.tag(text, ("number", name, value))
        made = "f = g + h" if self.algorithm == "A*" else "f = h"
        ax.text(
            1.5,
            -0.62,
            f"{made}\n+n: what a tile adds to h\n({H_WORDS[self.heuristic]})",
            ha="center",
            va="top",
            fontsize=small,
            color=DARK_GREY,
        )
        goal_ax.set_axis_off()
        fit_equal(goal_ax, -0.1, 3.1, -0.1, 3.65)
        share = 0.55  # of a square
        draw_board(goal_ax, self.goal, 0, 0, 3, fontsize=min(points_per_unit(goal_ax) * share, 24))
        goal_ax.text(1.5, 3.15, "the goal", ha="center", va="bottom", fontsize=font * 1.05)

    # ------------------------------------------------------------ stepping
    def looks_of(self, board: Board) -> tuple[Hashable | None, ...]:
        """What ``board`` shows in each of :data:`SQUARE_GROUPS`: an item's name, or None.

        Each square's tile (its digit, or the blank), then each square's share of h.
        Worked out once per board, with names shared by every board (:data:`TILE_ITEMS`,
        :func:`item`), so that a step finds what changed by identity (a long replay
        shows the same boards again and again).

        >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
        >>> panel = BoardPanel([NOTES_START], NOTES_GOAL, "misplaced", [(0, 4, 4)], "A*")
        >>> panel.looks_of(NOTES_START)[6:9]  # squares 6 to 8: tile 7, the blank, tile 5
        (('digit', 6, 7), ('blank', 7), ('digit', 8, 5))
        >>> panel.looks_of(NOTES_START)[9:13]  # squares 0 to 3: tiles 2, 8 and 1 add 1
        (('share', 0, 1), ('share', 1, 1), None, ('share', 3, 1))
        """
        looks = self._looks.get(board)
        if looks is None:
            marks: list[Hashable | None] = [None] * 9
            for i, share in self.share_of(board).items():
                marks[i] = item("share", i, share)
            looks = self._looks[board] = tuple(map(getitem, TILE_ITEMS, board)) + tuple(marks)
        return looks

    def show(self, writer: FilmBuilder, kind: str, board: Board, numbers: Sequence[float]) -> None:
        """Show ``board`` as the board of a ``kind`` event, with its (g, h, f).

        Only what differs from the step before is changed (a long replay has
        tens of thousands of steps).
        """
        self._show_squares(writer, self.looks_of(board))
        if kind != self._kind:
            writer.choose("board frame", ("board frame", FRAMES[kind]))
            writer.choose("board title", ("board title", kind))
            self._kind = kind
        before, self._numbers = self._numbers, tuple(numbers)
        for name, value, old in zip("ghf", self._numbers, before, strict=True):
            if value != old:
                writer.choose(("number", name), ("number", name, value))

    def hide(self, writer: FilmBuilder) -> None:
        """Show no board (a step about no board: a search that found nothing)."""
        self._show_squares(writer, HIDDEN_BOARD)
        if self._kind is not None:
            writer.choose("board frame", None)
            writer.choose("board title", None)
            self._kind = None
        if self._numbers != _NO_NUMBERS:
            for name in "ghf":
                writer.choose(("number", name), None)
            self._numbers = _NO_NUMBERS

    def _show_squares(self, writer: FilmBuilder, looks: tuple[Hashable | None, ...]) -> None:
        """Change the squares' items that differ from what they show now."""
        before, self._squares = self._squares, looks
        if before is looks:
            return
        for group, was, now in zip(SQUARE_GROUPS, before, looks, strict=True):
            if was is not now:
                writer.choose(group, now)


#: The groups of items of the board's squares, of which a step shows at most one each:
#: each square's tile (its digit or the blank: one group, so that a tile sliding into the
#: blank is one change), then each square's share of h.
SQUARE_GROUPS = tuple(("tile", i) for i in range(9)) + tuple(("share", i) for i in range(9))
#: The panel showing no board.
HIDDEN_BOARD: tuple[None, ...] = (None,) * len(SQUARE_GROUPS)
_NO_NUMBERS = (None, None, None)
#: The name of what each square shows for each tile: ``TILE_ITEMS[square][tile]``.
TILE_ITEMS = tuple(
    tuple(("digit", i, tile) if tile else ("blank", i) for tile in range(9)) for i in range(9)
)


@functools.cache
def item(*name: Hashable) -> tuple:
    """The scene item called ``name``, as one object however often it is named.

    >>> item("digit", 4, 6) is item("digit", 4, 6), item("blank", 4)
    (True, ('blank', 4))
    """
    return name
