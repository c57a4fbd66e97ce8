"""Tic-tac-toe boards drawn with matplotlib, laid out in inches (one data unit = one inch).

Boards, marks and text keep their size whatever else is drawn. X is drawn in
blue, O in vermillion (the colours of MAX and MIN in the game-tree pictures).

>>> fig, ax = inch_axes(2, 2)
>>> draw_board(ax, "XO..X....", 1, 1, 1.8, new=4)
>>> [t.get_text() for t in ax.texts]
['X', 'O', 'X']
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, WHITE
from search_viz.problems.tictactoe import LINE_CELLS

X_COLOUR = OKABE_ITO["blue"]
O_COLOUR = OKABE_ITO["vermillion"]
NEW_MOVE_FILL = "#FFE3A3"  # pale orange: the move just played
HATCH_COLOUR = "#EBA98A"  # a pale vermillion
MARK_COLOUR = {"X": X_COLOUR, "O": O_COLOUR}


def inch_axes(width: float, height: float) -> tuple[Figure, Axes]:
    """A figure ``width`` x ``height`` inches whose one axes has one data unit per inch.

    >>> fig, ax = inch_axes(3, 2)
    >>> [float(v) for v in (*ax.get_xlim(), *ax.get_ylim())]
    [0.0, 3.0, 0.0, 2.0]
    """
    fig = Figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    return fig, ax


def cell_centre(cell: int, x: float, y: float, size: float) -> tuple[float, float]:
    """Where the centre of ``cell`` is on a board of ``size`` centred at (x, y).

    >>> cell_centre(0, 0, 0, 3), cell_centre(4, 0, 0, 3), cell_centre(8, 0, 0, 3)
    ((-1.0, 1.0), (0.0, 0.0), (1.0, -1.0))
    """
    row, col = divmod(cell, 3)
    return x + (col - 1) * size / 3, y - (row - 1) * size / 3


def draw_board(
    ax: Axes,
    board: str,
    x: float,
    y: float,
    size: float,
    *,
    new: int | None = None,
    faded: bool = False,
    fill: str = WHITE,
    frame: str = DARK_GREY,
    frame_width: float = 1.2,
    frame_style: str = "-",
    hatch: str | None = None,
    zorder: float = 3,
) -> None:
    """A board of ``size`` inches centred at (x, y): frame, grid, marks, the winning line.

    ``new``: the cell just played (shaded); ``faded``: marks drawn pale (not reached yet).

    >>> fig, ax = inch_axes(2, 2)
    >>> draw_board(ax, "XO..X....", 1, 1, 1.8, new=4)
    >>> [t.get_text() for t in ax.texts]
    ['X', 'O', 'X']
    """
    half = size / 2

    def square(**style) -> None:  # the whole board's square, in one layer of the look
        ax.add_artist(Rectangle((x - half, y - half), size, size, **style))

    square(facecolor=fill, edgecolor="none", zorder=zorder)
    if hatch:  # pale hatching, so that the marks stay readable on it
        square(facecolor="none", edgecolor=HATCH_COLOUR, linewidth=0, hatch=hatch,
               zorder=zorder + 0.05)  # fmt: skip
    square(facecolor="none", edgecolor=frame, linewidth=frame_width, linestyle=frame_style,
           zorder=zorder + 0.5)  # fmt: skip
    if new is not None:
        cx, cy = cell_centre(new, x, y, size)
        third = size / 3
        ax.add_artist(
            Rectangle(
                (cx - third / 2, cy - third / 2),
                third,
                third,
                facecolor=NEW_MOVE_FILL,
                edgecolor="none",
                zorder=zorder + 0.1,
            )
        )
    grid = GREY if faded else DARK_GREY
    width = max(0.6, size * 1.2)
    for k in (1, 2):
        offset = -half + k * size / 3
        ax.plot([x + offset] * 2, [y - half, y + half], color=grid, lw=width, zorder=zorder + 0.2)
        ax.plot([x - half, x + half], [y + offset] * 2, color=grid, lw=width, zorder=zorder + 0.2)
    points = size / 3 * 72 * 0.62
    for cell, mark in enumerate(board):
        if mark in MARK_COLOUR:
            cx, cy = cell_centre(cell, x, y, size)
            ax.text(
                cx,
                cy,
                mark,
                ha="center",
                va="center_baseline",
                fontsize=points,
                fontweight="bold",
                color=MARK_COLOUR[mark],
                alpha=0.35 if faded else 1.0,
                zorder=zorder + 0.3,
            )
    line = winning_line(board)
    if line is not None:
        (x0, y0), (x1, y1) = (cell_centre(c, x, y, size) for c in (line[0], line[2]))
        colour = MARK_COLOUR[board[line[0]]]
        ax.plot(
            [x0, x1],
            [y0, y1],
            color=colour,
            lw=max(1.5, size * 4),
            alpha=0.45 if faded else 0.75,
            solid_capstyle="round",
            zorder=zorder + 0.4,
        )


def winning_line(board: str) -> tuple[int, int, int] | None:
    """The cells of a line of three on ``board`` (the first, if there are two), or None.

    >>> winning_line("XXXOO...."), winning_line(".........")
    ((0, 1, 2), None)
    """
    for cells in LINE_CELLS:
        marks = {board[c] for c in cells}
        if len(marks) == 1 and marks <= {"X", "O"}:
            return cells
    return None


def board_figure(board: str, *, size: float = 2.4, new: int | None = None) -> Figure:
    """One board on its own, ``size`` inches wide.

    >>> round(float(board_figure("XO..X....").get_figwidth()), 1)
    2.6
    """
    fig, ax = inch_axes(size + 0.2, size + 0.2)
    draw_board(ax, board, (size + 0.2) / 2, (size + 0.2) / 2, size, new=new, frame_width=2)
    return fig


__all__ = [
    "HATCH_COLOUR",
    "MARK_COLOUR",
    "NEW_MOVE_FILL",
    "O_COLOUR",
    "X_COLOUR",
    "board_figure",
    "cell_centre",
    "draw_board",
    "inch_axes",
    "winning_line",
]
