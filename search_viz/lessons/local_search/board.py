"""An n-queens board in a film's scene: drawn once, its queens moved step by step.

Everything is drawn in data coordinates (a square is 1 x 1, column ``c`` and
row ``r`` centred at ``(c, r)``, row 0 at the bottom). Each column's queen is
one item, drawn on the start board's row and moved (``builder.move``) to the
row it has at each step, so a move slides in the browser. What cannot be
listed in advance, the lines between queens that attack each other and the
board's title, are marks made from the board at each step (``Mark.line``,
``Mark.label``).

>>> from search_viz.film.sketch import Sketch
>>> sketch = Sketch(3, 3); ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1))
>>> board = Board(sketch, ax, (0, 2, 0, 2))
>>> [round(v, 1) for v in board.shift(1, 3)]  # one square (0.6 inch) up
[0.0, -43.2]
>>> len(board.attack_marks((0, 2, 0, 2)))
2
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain, combinations

import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, PathPatch, Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from search_viz.film import Mark, MarkStyle
from search_viz.film.plain_axes import Axis, FrameStyle, draw_frame
from search_viz.film.sketch import Sketch, SketchAxes
from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, STATUS, WHITE
from search_viz.lessons.local_search.sizes import LABEL_SIZE, TICK_SIZE
from search_viz.lessons.shared.figure import quads
from search_viz.problems.nqueens import count_conflicts

LIGHT_SQUARE = WHITE
DARK_SQUARE = "#E6E6E6"
QUEEN_COLOR = OKABE_ITO["black"]
ATTACK_COLOR = OKABE_ITO["vermillion"]
TRIED_COLOR = STATUS["current"].color
TAKEN_COLOR = STATUS["accepted"].color
TURNED_DOWN_COLOR = STATUS["rejected"].color
FIRST_PARENT = OKABE_ITO["sky blue"]
SECOND_PARENT = OKABE_ITO["orange"]
MUTATION_COLOR = OKABE_ITO["reddish purple"]
#: The board's edge, and its columns and rows numbered beside it.
BOARD_FRAME = FrameStyle(
    tick_size=TICK_SIZE,
    label_size=LABEL_SIZE,
    tick_length=0,
    tick_pad=2,
    spines=("left", "bottom", "right", "top"),
    spine_color=DARK_GREY,
)

#: Above this size the neighbours' conflicts are not written in the squares (too small to read).
MAX_NUMBERED = 12
#: Above this size the squares are not items a practice question's click can pick.
MAX_CLICKABLE = 16
#: How far (in squares) a conflict line stops short of each queen's centre.
LINE_GAP = 0.3
#: How far (in squares) a conflict line bends out when a queen stands between the pair.
BEND = 0.25


@cache
def queen_path() -> Path:
    """The ♛ glyph as a path centred on (0, 0), 0.78 squares tall.

    >>> round(float(queen_path().get_extents().height), 2)
    0.78
    """
    glyph = TextPath((0, 0), "♛", size=1, prop=FontProperties(family="DejaVu Sans"))
    box = glyph.get_extents()
    scale = 0.78 / max(box.width, box.height)
    centre = Affine2D().translate(-(box.x0 + box.x1) / 2, -(box.y0 + box.y1) / 2).scale(scale)
    return centre.transform_path(glyph)


def box_path(x: float, y: float, width: float, height: float) -> Path:
    """A closed rectangle as a path, from its lower-left corner.

    >>> [float(v) for v in box_path(0, 0, 2, 1).get_extents().bounds]
    [0.0, 0.0, 2.0, 1.0]
    """
    return Path(
        [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)], closed=True
    )


def _square(column: float, row: float, wide: float, tall: float) -> list[tuple[float, float]]:
    """The corners of a box ``wide`` by ``tall`` squares from square (column, row)'s lower left
    (a polygon of a collection: cheaper to make than a ``Rectangle`` patch)."""
    x, y = column - 0.5, row - 0.5
    return [(x, y), (x + wide, y), (x + wide, y + tall), (x, y + tall)]


@lru_cache(maxsize=256)
def arrow_path(length: int, width: float, square: float) -> Path:
    """The outline of a move's arrow, ``length`` rows up (down if negative) from square (0, 0)
    on a board of ``square``-point squares, ``width`` points thick: matplotlib's "-|>" arrow,
    stopping short of both squares' centres, in squares (the board's data).

    Worked out once per size by a ``FancyArrowPatch``, whose own drawing would find its
    shortened, headed path again at every scene (a tenth of a board's scene).

    >>> path = arrow_path(2, 2.4, 30.0)
    >>> [round(float(v), 2) for v in path.get_extents().bounds]  # from 0.3 squares up
    [-0.09, 0.3, 0.19, 1.31]
    """
    arrow = FancyArrowPatch((0, 0), (0, length), arrowstyle="-|>", mutation_scale=7 + 3 * width,
                            linewidth=width, shrinkA=0.3 * square, shrinkB=0.3 * square,
                            transform=Affine2D().scale(square))  # fmt: skip
    return arrow.get_path()


def checker_path(n: int) -> Path:
    """The dark squares of an ``n`` x ``n`` board ((0, 0) dark) as one path of n strips.

    Even columns run clockwise and odd rows counter-clockwise: under the nonzero
    fill rule (SVG's and matplotlib's) a square where two strips cross is
    empty, and a square under one strip is filled, a checkerboard from n
    rectangles instead of n²/2.

    >>> len(checker_path(8).vertices)  # 8 strips of 5 vertices
    40
    """
    vertices, codes = [], []
    low, high = -0.5, n - 0.5
    strips = [(c - 0.5, low, c + 0.5, high, True) for c in range(0, n, 2)]
    strips += [(low, r - 0.5, high, r + 0.5, False) for r in range(1, n, 2)]
    for x0, y0, x1, y1, clockwise in strips:
        corners = [(x0, y0), (x0, y1), (x1, y1), (x1, y0)]
        if not clockwise:
            corners.reverse()
        vertices += [*corners, corners[0]]
        codes += [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY]
    return Path(vertices, codes)


def linear_frame(ax: SketchAxes) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where data point (0, 0) of the sketch's axes ``ax`` lands in the SVG, and how far one
    unit of x and of y goes there (in points; y grows downwards), unrounded.

    ``Sketch.point`` rounds to a hundredth of a point, too coarse for a step's share of a
    long curve; these give every point of ``ax`` as ``origin + unit * (x, y)``.

    >>> from search_viz.film.sketch import Sketch
    >>> ax = Sketch(2, 1).axes((0, 0, 1, 1), xlim=(0, 1000), ylim=(0, 1))
    >>> [tuple(round(v, 3) for v in pair) for pair in linear_frame(ax)]
    [(0.0, 72.0), (0.144, -72.0)]
    """
    (x0, y0), (x1, y1) = ax.data_transform().transform([(0.0, 0.0), (1.0, 1.0)])
    height = ax.figure.size_points[1]
    return (float(x0), float(height - y0)), (float(x1 - x0), float(y0 - y1))


def attacking_pairs(state: Sequence[int]) -> list[tuple[int, int]]:
    """Pairs of columns whose queens attack each other (the same as ``NQueens`` counts).

    >>> attacking_pairs((0, 2, 0, 2))
    [(0, 2), (1, 3)]
    """
    return [(a, b) for a, b, _ in attacks(state)]


def attacks(state: Sequence[int]) -> list[tuple[int, int, bool]]:
    """Each attacking pair ``(a, b)`` of columns, and whether a queen stands between them.

    Queens are grouped by row and by diagonal, in column order: two queens
    share at most one of these lines, so each pair is found once, without
    trying all n² pairs, and a pair is blocked exactly when some queen of its
    line lies between the two.

    >>> attacks((0, 0, 0))
    [(0, 1, False), (0, 2, True), (1, 2, False)]
    """
    lines: dict[tuple[str, int], list[int]] = {}
    for column, row in enumerate(state):
        for line in lines_through(column, row):
            lines.setdefault(line, []).append(column)
    found = [pair for columns in lines.values() for pair in line_pairs(columns)]
    return sorted(found)


def lines_through(column: int, row: int) -> tuple[tuple[str, int], ...]:
    """The three lines a queen on ``(column, row)`` attacks along: its row and its diagonals.

    >>> lines_through(1, 3)
    (('row', 3), ('up', 2), ('down', 4))
    """
    return ("row", row), ("up", row - column), ("down", row + column)


def line_pairs(columns: Sequence[int]) -> list[tuple[int, int, bool]]:
    """The attacking pairs among the queens of one line (their ``columns`` in order), and
    whether a queen of the line stands between the two.

    >>> line_pairs([0, 2, 5])
    [(0, 2, False), (0, 5, True), (2, 5, False)]
    """
    return [(columns[i], columns[j], j > i + 1) for i, j in combinations(range(len(columns)), 2)]


class QueenLines:
    """A board's queens grouped by the lines they stand on, kept as the queens move.

    A move of one queen changes only the six lines it leaves and joins, so a walk
    that moves a queen at a time finds each board's attacking pairs from the last
    board's lines (the same pairs as :func:`attacks`) instead of from the whole board.

    >>> lines = QueenLines((0, 0, 0))
    >>> lines.attacks()
    [(0, 1, False), (0, 2, True), (1, 2, False)]
    >>> sorted(lines.update((0, 2, 0)))  # the middle queen moves out of the row
    [('down', 1), ('down', 3), ('row', 0), ('row', 2), ('up', -1), ('up', 1)]
    >>> lines.attacks()
    [(0, 2, False)]
    """

    #: A board that differs in more columns than this is grouped again from scratch.
    MOST_MOVED = 3

    def __init__(self, state: Sequence[int]) -> None:
        self._group(tuple(state))

    def _group(self, state: tuple[int, ...]) -> None:
        """Group the queens of ``state`` from scratch."""
        self.state = state
        self._columns: dict[tuple[str, int], list[int]] = {}  # each line's queens, in order
        #: Each line that has two queens or more, and their attacking pairs.
        self.pairs: dict[tuple[str, int], list[tuple[int, int, bool]]] = {}
        for column, row in enumerate(state):
            for line in lines_through(column, row):
                self._columns.setdefault(line, []).append(column)
        for line, columns in self._columns.items():
            if len(columns) > 1:
                self.pairs[line] = line_pairs(columns)

    def update(self, state: Sequence[int]) -> set[tuple[str, int]] | None:
        """Move the queens to ``state`` (a board of the same size); returns the lines whose
        queens changed, or None when the board was grouped again from scratch.

        >>> lines = QueenLines((0, 1, 2)); _ = lines.update((0, 0, 0)); lines.state
        (0, 0, 0)
        """
        state = tuple(state)
        moved = [
            c for c, (now, then) in enumerate(zip(state, self.state, strict=True)) if now != then
        ]
        if len(moved) > self.MOST_MOVED:
            self._group(state)
            return None
        changed = set()
        for column in moved:
            for line in lines_through(column, self.state[column]):
                self._columns[line].remove(column)
                self._regroup(line)
                changed.add(line)
            for line in lines_through(column, state[column]):
                insort(self._columns.setdefault(line, []), column)
                self._regroup(line)
                changed.add(line)
        self.state = state
        return changed

    def _regroup(self, line: tuple[str, int]) -> None:
        """Find the pairs of ``line`` again, after a queen left or joined it."""
        columns = self._columns[line]
        if len(columns) > 1:
            self.pairs[line] = line_pairs(columns)
        else:
            self.pairs.pop(line, None)

    def attacks(self) -> list[tuple[int, int, bool]]:
        """Each attacking pair ``(a, b)`` of columns, and whether a queen stands between them.

        >>> QueenLines((0, 2, 0, 2)).attacks()
        [(0, 2, False), (1, 3, False)]
        """
        return sorted(chain.from_iterable(self.pairs.values()))


def blocked(state: Sequence[int], a: int, b: int) -> bool:
    """Whether another queen stands on the line between the queens of columns ``a`` and ``b``.

    >>> blocked((0, 0, 0), 0, 2), blocked((0, 1, 0), 0, 2)
    (True, False)
    """
    step = (state[b] - state[a]) // (b - a)
    return any(state[c] == state[a] + step * (c - a) for c in range(a + 1, b))


def square_name(column: int, row: int) -> str:
    """The name of the clickable item over square ``(column, row)``
    (:meth:`Board.clickable_squares`).

    >>> square_name(2, 0)
    'square 2 0'
    """
    return f"square {column} {row}"


def board_title(state: Sequence[int], prefix: str = "") -> str:
    """The board's title: ``8 queens · 3 attacking pairs``, or after a prefix only the pairs.

    >>> board_title((1, 3, 0, 2)), board_title((0, 2, 0, 2), "Child: ")
    ('4 queens · solved: no attacking pair', 'Child: 2 attacking pairs')
    """
    return title_text(len(state), count_conflicts(state), prefix)


def title_text(n: int, k: int, prefix: str = "") -> str:
    """The title of a board of ``n`` queens with ``k`` attacking pairs (:func:`board_title`).

    >>> title_text(8, 1), title_text(8, 0, "Result: ")
    ('8 queens · 1 attacking pair', 'Result: solved: no attacking pair')
    """
    what = "solved: no attacking pair" if k == 0 else f"{k} attacking pair" + ("s" if k > 1 else "")
    return f"{prefix}{what}" if prefix else f"{n} queens · {what}"


def line_width(n: int, widest: float = 2.4) -> float:
    """The width of conflict lines and move marks on an ``n``-queens board (thinner when large).

    >>> line_width(8), line_width(24)
    (2.4, 1.2)
    """
    return widest if n <= 12 else max(0.8, widest * 12 / n)


@dataclass(frozen=True)
class FixedMark(Mark):
    """A mark drawn at many steps (the line between two queens): its data is worked out once.

    >>> mark = FixedMark.line((0, 0), (1, 2), "line")
    >>> mark.data() is mark.data()
    True
    """

    def __post_init__(self) -> None:
        object.__setattr__(self, "_data", super().data())  # a frozen dataclass: set it once

    def data(self) -> list:
        """The mark as the film stores it (the same list every time: never change it)."""
        return self._data


class Board:
    """An ``n``-queens board on ``ax`` whose queens are the scene's items ``<name> queen <c>``.

    ``start`` is the board the scene draws; :meth:`place` moves the queens to
    any other board. ``shown`` says whether the queens are there from the start.
    """

    def __init__(
        self,
        scene: Sketch,
        ax: SketchAxes,
        start: Sequence[int],
        *,
        name: str = "board",
        queen_color: str = QUEEN_COLOR,
        shown: bool = True,
        labels: bool = True,
    ) -> None:
        self.scene, self.ax, self.name = scene, ax, name
        self.start = tuple(start)
        self.n = n = len(start)
        ax.set_xlim(-0.5, n - 0.5)
        ax.set_ylim(-0.5, n - 0.5)
        width_in = ax.get_position().width * scene.figure.get_figwidth()
        #: A square's side in points.
        self.square = width_in * 72 / n
        self._squares()
        self._frame(labels)
        # A square's centre in the SVG is affine in (column, row): found once, not per call.
        self._origin, self._unit = linear_frame(ax)
        #: Each column's queen's item name.
        self.queen_names = [f"{name} queen {c}" for c in range(n)]
        self.queens = [
            scene.tag(self.queen_artist(c, r, queen_color), self.queen_names[c], shown=shown)
            for c, r in enumerate(self.start)
        ]
        self._placed = self.start
        self._shifts: dict[tuple[int, int], tuple[float, float]] = {}  # (column, row) -> shift
        self._queens_shown = shown
        self._pairs: dict[tuple, tuple[Mark, ...]] = {}
        # The board last asked about: its queens by line, each line's pairs with their marks,
        # and all of them in the order of the pairs.
        self._queen_lines: QueenLines | None = None
        self._line_marks: dict[tuple[str, int], list[tuple[tuple, tuple[Mark, ...]]]] = {}
        self._marked: list[tuple[tuple, tuple[Mark, ...]]] = []
        self._found: list | None = None  # that board's attacking pairs, once asked for
        self._marks: list | None = None  # and their marks
        self._titles: dict[str, Mark] = {}
        self._numbers: dict[tuple[int, int, int, str], Mark] = {}  # see number_mark
        self._square_shifts: dict[tuple[float, float], tuple[float, float]] = {}
        self.line_style = f"{name} attack"
        scene.mark_style(
            self.line_style, MarkStyle(color=ATTACK_COLOR, width=line_width(n), alpha=0.85)
        )

    # -------------------------------------------------------------- drawing
    def _squares(self) -> None:
        n = self.n
        self.ax.add_patch(
            Rectangle((-0.5, -0.5), n, n, facecolor=LIGHT_SQUARE, edgecolor="none", zorder=0)
        )
        self.ax.add_patch(
            PathPatch(checker_path(n), facecolor=DARK_SQUARE, edgecolor="none", zorder=0.1)
        )

    def _frame(self, labels: bool) -> None:
        """The board's edge; with ``labels``, each column and row numbered ("column", "row")."""
        n = self.n
        ticks = (range(n) if n <= 16 else range(0, n, 5)) if labels else ()
        draw_frame(
            self.ax,
            BOARD_FRAME,
            x=Axis(ticks, title="column" if labels else "", labelpad=1),
            y=Axis(ticks, title="row" if labels else "", labelpad=1),
        )

    def queen_artist(self, column: float, row: float, color: str, alpha: float = 1.0) -> int:
        """One queen glyph at ``(column, row)``, never clipped (it moves): its handle."""
        (queen,) = self.ax.plot(
            [column],
            [row],
            ls="none",
            marker=queen_path(),
            markersize=0.82 * self.square,
            color=color,
            markeredgewidth=0,
            alpha=alpha,
            zorder=5,
            clip_on=False,
        )
        return queen

    def clickable_squares(self) -> None:
        """One transparent item per square, over everything, called :func:`square_name`:
        what a click on the board picks in practice mode. Drawn once; never changed.

        >>> from search_viz.film.sketch import Sketch
        >>> sketch = Sketch(3, 3); ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1))
        >>> board = Board(sketch, ax, (0, 2, 0, 2)); board.clickable_squares()
        >>> board.scene.has(square_name(3, 1))
        True
        """
        n = self.n
        squares = quads(
            [_square(c, r, 1, 1) for c in range(n) for r in range(n)],
            facecolor=(0, 0, 0, 0),
            edgecolor="none",
            linewidth=0,
            zorder=8,
        )
        self.ax.add_collection(squares)
        names = [square_name(c, r) for c in range(n) for r in range(n)]
        self.scene.tag_each(squares, names, shown=True)

    def square_patch(self, name: str, **style) -> int:
        """An item on square (0, 0), to be moved onto any square (:meth:`square_shift`).

        A PathPatch, not a Rectangle: a moved Rectangle is exported in the wrong place.
        """
        patch = PathPatch(box_path(-0.5, -0.5, 1, 1), clip_on=False, **style)
        self.ax.add_patch(patch)
        return self.scene.tag(patch, name)

    # ---------------------------------------------------------- positions
    def point(self, column: float, row: float) -> tuple[float, float]:
        """Where square ``(column, row)``'s centre is in the SVG, in points.

        The same as ``scene.point(ax, column, row)``, unrounded, without a transform per call.
        """
        (x0, y0), (ux, uy) = self._origin, self._unit
        return x0 + ux * column, y0 + uy * row

    def shift(self, column: int, row: int) -> tuple[float, float]:
        """How far column ``column``'s queen moves to stand on ``row``, in points."""
        x0, y0 = self.point(column, self.start[column])
        x1, y1 = self.point(column, row)
        return x1 - x0, y1 - y0

    def square_shift(self, column: float, row: float) -> tuple[float, float]:
        """How far an item drawn on square (0, 0) moves to square ``(column, row)``."""
        if (column, row) not in self._square_shifts:  # the marks of a move go to a few squares
            x0, y0 = self.point(0, 0)
            x1, y1 = self.point(column, row)
            self._square_shifts[column, row] = x1 - x0, y1 - y0
        return self._square_shifts[column, row]

    def place(self, builder, state: Sequence[int]) -> None:
        """Move the queens to ``state`` from the next step on (only those that change)."""
        names, shifts = self.queen_names, self._shifts
        for column, (now, then) in enumerate(zip(state, self._placed, strict=True)):
            if now != then:
                shift = shifts.get((column, now))
                if shift is None:  # a queen goes back and forth over a few rows
                    shift = shifts[column, now] = self.shift(column, now)
                builder.move(names[column], *shift)
        self._placed = tuple(state)

    def show_queens(self, builder, shown: bool) -> None:
        """Show or hide every queen from the next step on."""
        if shown == self._queens_shown:
            return
        self._queens_shown = shown
        for name in self.queen_names:
            (builder.show if shown else builder.hide)(name)

    # -------------------------------------------------------------- marks
    def attacks(self, state: Sequence[int]) -> list[tuple[int, int, bool]]:
        """The attacking pairs of ``state``, as :func:`attacks` finds them: found from the
        board asked about before (a walk moves one queen at a time), the last one kept.

        >>> from search_viz.film.sketch import Sketch
        >>> sketch = Sketch(3, 3); ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1))
        >>> Board(sketch, ax, (0, 2, 0, 2)).attacks((0, 3, 0, 2))
        [(0, 2, False)]
        """
        self._move_lines(state)
        if self._found is None:
            self._found = [pair for pair, _ in self._marked]
        return self._found

    def attack_marks(self, state: Sequence[int]) -> list[Mark]:
        """A line for every attacking pair, stopping short of the queens.

        A pair with a queen between them bends, so that no line hides another.
        """
        self._move_lines(state)
        if self._marks is None:
            self._marks = [mark for _, marks in self._marked for mark in marks]
        return self._marks

    def _move_lines(self, state: Sequence[int]) -> None:
        """Make ``state`` the board whose lines are kept (its pairs and marks found anew)."""
        key = tuple(state)
        if self._queen_lines is None:
            self._queen_lines = QueenLines(key)
            self._follow(key, None)
        elif key != self._queen_lines.state:
            self._follow(key, self._queen_lines.update(key))
            self._found = self._marks = None

    def _follow(self, state: tuple[int, ...], changed: set | None) -> None:
        """Mark the pairs of each line whose queens ``changed`` (None: of every line).

        The marked pairs stay in order: those of a changed line are taken out and the new
        ones put in their places (a move changes a few pairs; sorting all would cost more).
        """
        pairs = self._queen_lines.pairs
        if changed is None:
            self._line_marks = {line: self._with_marks(state, pairs[line]) for line in pairs}
            self._marked = sorted(chain.from_iterable(self._line_marks.values()))
            return
        for line in changed:  # all out first: a pair may leave one line for another
            for entry in self._line_marks.pop(line, ()):
                del self._marked[bisect_left(self._marked, entry)]
        for line in changed:
            if line in pairs:
                self._line_marks[line] = self._with_marks(state, pairs[line])
                for entry in self._line_marks[line]:
                    insort(self._marked, entry)

    def _with_marks(self, state: tuple[int, ...], pairs: list) -> list[tuple[tuple, tuple]]:
        """Each of the attacking ``pairs`` of ``state`` with its line's marks."""
        return [
            ((a, b, bent), self._pair_line((a, state[a], b, state[b], bent)))
            for a, b, bent in pairs
        ]

    def _pair_line(self, pair: tuple[int, int, int, int, bool]) -> tuple[Mark, ...]:
        """The line (two lines when ``bent``) between the queens of one pair, made once."""
        if pair not in self._pairs:
            self._pairs[pair] = self._draw_pair(*pair)
        return self._pairs[pair]

    def _draw_pair(self, a: int, row_a: int, b: int, row_b: int, bent: bool) -> tuple[Mark, ...]:
        # Plain floats, one operation at a time as numpy would take them: the same numbers.
        length = float(np.hypot(b - a, row_b - row_a))
        along_x, along_y = (b - a) / length, (row_b - row_a) / length
        x0, y0 = a + LINE_GAP * along_x, row_a + LINE_GAP * along_y
        x1, y1 = b - LINE_GAP * along_x, row_b - LINE_GAP * along_y
        start, end = self.point(x0, y0), self.point(x1, y1)
        if not bent:
            return (FixedMark.line(start, end, self.line_style),)
        bend = self.point((x0 + x1) / 2 + BEND * -along_y, (y0 + y1) / 2 + BEND * along_x)
        style = self.line_style
        return FixedMark.line(start, bend, style), FixedMark.line(bend, end, style)

    def title_point(self) -> tuple[float, float]:
        """Where the board's title starts: above its top left corner."""
        return self.point(-0.5, self.n - 0.5 + 6.0 / self.square)

    def title_mark(self, state: Sequence[int], prefix: str = "") -> Mark:
        """The board's title (:func:`board_title`) above it, in the scene's mark style
        "title"; each text's mark is made once.

        >>> from search_viz.film.sketch import Sketch
        >>> sketch = Sketch(3, 3); ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1))
        >>> Board(sketch, ax, (0, 2, 0, 2)).title_mark((0, 2, 0, 2), "Child: ").text
        'Child: 2 attacking pairs'
        """
        text = title_text(len(state), len(self.attacks(state)), prefix)
        if text not in self._titles:
            self._titles[text] = FixedMark.label(self.title_point(), text, "title")
        return self._titles[text]

    def number_mark(self, column: int, row: int, value: int, style: str) -> Mark:
        """The number ``value`` written in square ``(column, row)`` in the mark style ``style``;
        each made once (the numbers of a board are written again at every step it shows them).

        >>> from search_viz.film.sketch import Sketch
        >>> sketch = Sketch(3, 3); ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1))
        >>> board = Board(sketch, ax, (0, 2, 0, 2))
        >>> board.number_mark(1, 3, 5, "n").text, board.number_mark(1, 3, 5, "n").data()[-1]
        ('5', 'n')
        """
        key = (column, row, value, style)
        mark = self._numbers.get(key)
        if mark is None:
            mark = self._numbers[key] = FixedMark.label(self.point(column, row), str(value), style)
        return mark


class Moves:
    """The marks of one move on a board: tried (a pale queen on its square, an arrow),
    taken (a green square, a grey queen where it was), turned down (a cross).

    All are items drawn once on square (0, 0) and moved where the move is; an
    arrow is drawn for each length and direction a move of the run has.
    """

    def __init__(self, board: Board, lengths: set[int]) -> None:
        self.board = board
        # What the last move shows (hidden at the start): only these are hidden at the next.
        self._shown: list[str] = []
        self._arrow_shown = False
        width = line_width(board.n)
        board.square_patch(
            "tried square",
            fill=False,
            edgecolor=TRIED_COLOR,
            linewidth=width,
            linestyle="--",
            zorder=4,
        )
        board.scene.tag(board.queen_artist(0, 0, TRIED_COLOR, alpha=0.6), "tried queen")
        board.square_patch(
            "taken square",
            facecolor=TAKEN_COLOR,
            alpha=0.55,
            edgecolor=OKABE_ITO["black"],
            linewidth=1.2,
            zorder=1.5,
        )
        board.scene.tag(board.queen_artist(0, 0, GREY, alpha=0.5), "was queen")
        board.square_patch(
            "turned down square",
            fill=False,
            edgecolor=TURNED_DOWN_COLOR,
            linewidth=width,
            linestyle="--",
            zorder=4,
        )
        (cross,) = board.ax.plot(
            [-0.3, 0.3, np.nan, -0.3, 0.3],
            [-0.3, 0.3, np.nan, 0.3, -0.3],
            color=TURNED_DOWN_COLOR,
            linewidth=width * 1.4,
            zorder=6,
            clip_on=False,
        )
        board.scene.tag(cross, "turned down cross")
        self._arrows = {length: f"arrow {length}" for length in lengths}  # by length: its item
        for length in sorted(lengths):
            board.scene.tag(self._arrow(length, width), self._arrows[length])

    def _arrow(self, length: int, width: float) -> int:
        """An arrow ``length`` rows up (down if negative), from row 0 of column 0: its handle."""
        arrow = PathPatch(
            arrow_path(length, width, self.board.square),
            color=TRIED_COLOR,
            linewidth=width,
            joinstyle="round",
            capstyle="butt",
            zorder=6,
            clip_on=False,
        )
        return self.board.ax.add_patch(arrow)

    def _at(self, builder, name: str, column: int, row: int) -> None:
        builder.show(name)
        builder.move(name, *self.board.square_shift(column, row))
        self._shown.append(name)

    def clear(self, builder) -> None:
        """Take every mark of a move off the board (from the next step on)."""
        for name in self._shown:
            builder.hide(name)
        self._shown = []
        if self._arrow_shown:
            builder.choose("arrow", None)
            self._arrow_shown = False

    def tried(self, builder, column: int, start: int, row: int) -> None:
        """The queen of ``column`` is tried on ``row``: a pale queen there, an arrow to it."""
        self.clear(builder)
        self._at(builder, "tried square", column, row)
        self._at(builder, "tried queen", column, row)
        arrow = self._arrows[row - start]
        builder.choose("arrow", arrow)
        builder.move(arrow, *self.board.square_shift(column, start))
        self._arrow_shown = True

    def taken(self, builder, column: int, start: int, row: int) -> None:
        """The move is made: a green square where the queen goes, a grey one where it was."""
        self.clear(builder)
        self._at(builder, "taken square", column, row)
        self._at(builder, "was queen", column, start)

    def turned_down(self, builder, column: int, row: int) -> None:
        """The move is turned down: a cross on the square it would have gone to."""
        self.clear(builder)
        self._at(builder, "turned down square", column, row)
        self._at(builder, "turned down cross", column, row)


class Origins:
    """Where a child's columns came from: tinted columns (first parent plain, second
    parent dotted), the crossover cut, and the square a mutation moved a queen to."""

    def __init__(self, board: Board) -> None:
        self.board = board
        n = board.n
        ax, scene = board.ax, board.scene
        for parent, color, hatch in (("x", FIRST_PARENT, None), ("y", SECOND_PARENT, ".")):
            # The tint's alpha goes in its colour: a collection's own alpha would
            # override the hiding of single columns when a step is exported.
            columns = quads(
                [_square(c, 0, 1, n) for c in range(n)],
                facecolor=to_rgba(color, 0.32),
                hatch=hatch,
                edgecolor=GREY if hatch else "none",
                linewidth=0,
                zorder=1,
            )
            ax.add_collection(columns)
            scene.tag_each(columns, [f"from {parent} {c}" for c in range(n)], shown=False)
        (cut,) = ax.plot([0.5, 0.5], [-0.5, n - 0.5], color="black", linestyle="--", lw=2.5,
                         clip_on=False, zorder=6)  # fmt: skip
        scene.tag(cut, "cut")
        self._shown: tuple = (None, None, None)
        board.square_patch(
            "mutation",
            fill=False,
            edgecolor=MUTATION_COLOR,
            linewidth=line_width(n) * 1.2,
            linestyle=":",
            zorder=6,
        )

    def show(self, builder, from_first: Sequence[bool] | None, cut, mutated) -> None:
        """Tint each column by its parent, draw the cut and the mutation (None: clear all)."""
        if (from_first, cut, mutated) == self._shown:
            return
        self._shown = (from_first, cut, mutated)
        for column in range(self.board.n):
            first = None if from_first is None else from_first[column]
            (builder.show if first is True else builder.hide)(f"from x {column}")
            (builder.show if first is False else builder.hide)(f"from y {column}")
        if cut is None:
            builder.hide("cut")
        else:
            builder.show("cut")
            builder.move("cut", *self.board.square_shift(cut - 1, 0))
        if mutated is None:
            builder.hide("mutation")
        else:
            builder.show("mutation")
            builder.move("mutation", *self.board.square_shift(*mutated))


def numbers_marks(board: Board, state: Sequence[int], grid, style: str, best_style: str):
    """The conflicts each move would give, written in its square (AIMA's figure 4.3).

    The lowest numbers (the moves steepest ascent picks from) are in ``best_style``.

    >>> from search_viz.film.sketch import Sketch
    >>> sketch = Sketch(3, 3); ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 1), ylim=(0, 1))
    >>> board = Board(sketch, ax, (0, 2, 0, 2))
    >>> grid = [[1, 9, 9, 9]] * 4
    >>> [m.text for m in numbers_marks(board, (0, 2, 0, 2), grid, "n", "best")][:3]
    ['9', '9', '9']
    """
    n = len(state)
    best = min(grid[c][r] for c in range(n) for r in range(n) if r != state[c])
    return [
        board.number_mark(c, r, grid[c][r], best_style if grid[c][r] == best else style)
        for c in range(n)
        for r in range(n)
        if r != state[c]
    ]


def legend_queen(color: str = QUEEN_COLOR, alpha: float = 1.0, label: str = "queen") -> Line2D:
    """A legend entry showing a queen glyph.

    >>> legend_queen(label="where it was").get_label()
    'where it was'
    """
    return Line2D(
        [],
        [],
        marker=queen_path(),
        markersize=13,
        color=color,
        alpha=alpha,
        ls="none",
        markeredgewidth=0,
        label=label,
    )


def attack_legend() -> Line2D:
    """The legend entry of a conflict line.

    >>> attack_legend().get_label()
    'attacking pair'
    """
    return Line2D([], [], color=ATTACK_COLOR, linewidth=2, label="attacking pair")


def move_legend() -> list[Line2D]:
    """The legend entries of a move's marks: tried, taken, where it was, turned down.

    >>> [h.get_label() for h in move_legend()][-1]
    'turned down'
    """
    return [
        Line2D(
            [],
            [],
            ls="none",
            marker="s",
            markersize=9,
            markerfacecolor="none",
            markeredgecolor=TRIED_COLOR,
            markeredgewidth=1.8,
            label="move tried",
        ),
        Line2D(
            [],
            [],
            ls="none",
            marker="s",
            markersize=8,
            color=TAKEN_COLOR,
            markeredgecolor="black",
            markeredgewidth=0.6,
            label="move taken",
        ),
        legend_queen(GREY, 0.6, "where it was"),
        Line2D(
            [],
            [],
            ls="none",
            marker="x",
            markersize=7,
            markeredgewidth=2,
            color=TURNED_DOWN_COLOR,
            label="turned down",
        ),
    ]


def origin_legend() -> list:
    """The legend entries of a child's origins: the parents' columns, the cut, a mutation.

    >>> [h.get_label() for h in origin_legend()][:2]
    ['from parent x', 'from parent y']
    """
    from matplotlib.patches import Patch

    return [
        Patch(facecolor=FIRST_PARENT, alpha=0.5, label="from parent x"),
        Patch(facecolor=SECOND_PARENT, alpha=0.5, hatch=".", edgecolor=GREY, label="from parent y"),
        Line2D([], [], color="black", linestyle="--", label="cut"),
        Line2D(
            [],
            [],
            ls="none",
            marker="s",
            markersize=8,
            markerfacecolor="none",
            markeredgecolor=MUTATION_COLOR,
            markeredgewidth=1.5,
            label="mutation",
        ),
    ]
