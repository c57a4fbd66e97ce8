"""Tic-tac-toe pictures: boards, every legal move with its value, and the lesson's card.

Pictures are laid out in inches (one data unit = one inch), so that boards,
marks and text keep their size whatever is drawn. X is drawn in blue, O in
vermillion (the colours of MAX and MIN in the game-tree pictures).

A move's outcome for the side to move is told three ways: the colour of the
board's frame and background, the frame's line style (win solid, draw
dashed, loss dotted and hatched), and the words under it.

>>> from search_viz.problems.tictactoe import TicTacToe
>>> fig = move_values_figure(TicTacToe("XO..X...."), {2: 8, 3: 8, 5: 8, 6: 8, 7: 8, 8: 6},
...                          {2: 8, 3: 8, 5: 8, 6: 8, 7: 8, 8: 6}, chosen=8)
>>> len(fig.legends), round(float(fig.get_figwidth()), 1)
(1, 4.4)
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Patch, Rectangle

from search_viz.algorithms.tictactoe import outcome, plies_to_end
from search_viz.events import format_value
from search_viz.film.style import DARK_GREY, GREY, LIGHT_GREY, OKABE_ITO, WHITE, font_size
from search_viz.problems.tictactoe import LINE_CELLS, TicTacToe

X_COLOUR = OKABE_ITO["blue"]
O_COLOUR = OKABE_ITO["vermillion"]
NEW_MOVE_FILL = "#FFE3A3"  # pale orange: the move just played
HATCH_COLOUR = "#EBA98A"  # a pale vermillion
MARK_COLOUR = {"X": X_COLOUR, "O": O_COLOUR}


@dataclass(frozen=True)
class OutcomeStyle:
    """How a move's outcome is drawn: frame colour, background, frame line style, hatching."""

    label: str
    colour: str
    fill: str
    linestyle: str
    hatch: str | None = None


#: Win / draw / loss for the side to move: colour AND line style AND (loss) hatching AND words.
OUTCOME_STYLE: dict[str, OutcomeStyle] = {
    "win": OutcomeStyle("win", OKABE_ITO["bluish green"], "#D5F0E6", "-"),
    "draw": OutcomeStyle("draw", DARK_GREY, "#F2F2F2", "--"),
    "loss": OutcomeStyle("loss", OKABE_ITO["vermillion"], "#FBE2D5", ":", "///"),
}


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
    line = _winning_line(board)
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


def _winning_line(board: str) -> tuple[int, int, int] | None:
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


# ----------------------------------------------------------- the move values
def outcome_words(value: float, truth: float, game: TicTacToe) -> str:
    """The line under a move: its outcome for the side to move, and how soon.

    ``value`` is what the player's search says (shown as the number), ``truth``
    the value with perfect play to the end (the outcome and its timing).

    >>> g = TicTacToe("XO..X....")  # O to move
    >>> outcome_words(8, 8, g), outcome_words(0, 0, TicTacToe())
    ('loss in 2\\nvalue +8', 'draw\\nvalue 0')
    """
    words = outcome(truth, game)
    plies = plies_to_end(truth, game)
    if plies is not None:
        words += f" in {plies}"
    number = format_value(value)
    if isinstance(value, (int, float)) and value > 0:
        number = "+" + number
    return f"{words}\nvalue {number}"


def outcome_legend(fig: Figure, mover: str, scale: float = 1.0, *, chosen: bool = True) -> None:
    """The legend: win / draw / loss for ``mover`` (the side to move), the move, the choice.

    >>> fig = Figure()
    >>> outcome_legend(fig, "X", chosen=False)
    >>> [t.get_text() for t in fig.legends[0].get_texts()]
    ['win for X', 'draw', 'loss for X', 'the move']
    """
    handles = [
        Patch(
            facecolor=s.fill,
            edgecolor=s.colour,
            linestyle=s.linestyle,
            linewidth=2.5,
            hatch=s.hatch,
            label=f"{s.label} for {mover}" if s.label != "draw" else "draw",
        )
        for s in OUTCOME_STYLE.values()
    ]
    handles.append(Patch(facecolor=NEW_MOVE_FILL, edgecolor="none", label="the move"))
    if chosen:
        handles.append(
            Patch(
                facecolor=WHITE,
                edgecolor=OKABE_ITO["orange"],
                linewidth=3,
                label="★ computer's choice",
            )
        )
    fig.legend(
        handles=handles,
        loc="lower center",
        ncols=3 if scale < 1.2 else 2,
        fontsize=font_size("legend", scale),
        frameon=False,
        handlelength=1.5,
        columnspacing=0.8,
        handletextpad=0.5,
    )


def move_values_figure(
    game: TicTacToe,
    values: Mapping[int, float],
    truth: Mapping[int, float],
    *,
    chosen: int | None = None,
    scale: float = 1.0,
    title: str | None = None,
) -> Figure:
    """Every legal move of ``game``, on the cell where it is played: a small board of the
    position after it, framed by its outcome, with its value.

    ``values``: each move's value as the player's search saw it; ``truth``: its
    value with perfect play (which decides win / draw / loss); ``chosen``: the
    computer's move, starred.
    """
    grow = 1 + 0.45 * (scale - 1)
    cell_w, board_size = 1.4 * grow, 0.9 * grow
    cell_h = cell_w + 0.2 * scale
    title_points = font_size("title", scale)
    if title:  # wrapped to the picture's width
        title = textwrap.fill(title, max(12, int((3 * cell_w) * 72 / (title_points * 0.62))))
    top = (0.2 + 0.25 * scale * (title.count("\n") + 1)) if title else 0.1
    legend_height = 0.75 * scale * (1 if scale < 1.2 else 1.5)
    width, height = 3 * cell_w + 0.2, 3 * cell_h + top + legend_height
    fig, ax = inch_axes(width, height)
    x0, y0 = 0.1, height - top
    mover = game.player_to_move
    label_size = font_size("label", scale)
    for cell in range(9):
        row, col = divmod(cell, 3)
        cx, cy = x0 + (col + 0.5) * cell_w, y0 - (row + 0.5) * cell_h
        ax.add_artist(
            Rectangle(
                (cx - cell_w / 2, cy - cell_h / 2),
                cell_w,
                cell_h,
                facecolor="none",
                edgecolor=LIGHT_GREY,
                lw=1,
                zorder=1,
            )
        )
        mark = game.board[cell]
        if mark != ".":
            ax.text(
                cx,
                cy,
                mark,
                ha="center",
                va="center_baseline",
                fontsize=60 * grow,
                fontweight="bold",
                color=MARK_COLOUR[mark],
                alpha=0.3,
            )
            continue
        if cell not in values:
            continue
        style = OUTCOME_STYLE[outcome(truth[cell], game)]
        after = game.board[:cell] + mover + game.board[cell + 1 :]
        by = cy + cell_h / 2 - 0.1 - board_size / 2
        if cell == chosen:
            pad = 0.08
            ax.add_artist(
                FancyBboxPatch(
                    (cx - board_size / 2 - pad, by - board_size / 2 - pad),
                    board_size + 2 * pad,
                    board_size + 2 * pad,
                    boxstyle="round,pad=0.02",
                    facecolor="none",
                    edgecolor=OKABE_ITO["orange"],
                    lw=3.5,
                    zorder=2,
                )
            )
            ax.text(
                cx + board_size / 2 + 0.09,
                by + board_size / 2 + 0.07,
                "★",
                ha="center",
                va="center",
                fontsize=18 * scale,
                color=OKABE_ITO["orange"],
                zorder=6,
            )
        draw_board(
            ax,
            after,
            cx,
            by,
            board_size,
            new=cell,
            fill=style.fill,
            frame=style.colour,
            frame_width=2.6,
            frame_style=style.linestyle,
            hatch=style.hatch,
        )
        ax.text(
            cx,
            by - board_size / 2 - 0.17,
            outcome_words(values[cell], truth[cell], game),
            ha="center",
            va="top",
            fontsize=label_size,
            fontweight="bold",
            color=style.colour if style.label != "draw" else "black",
            linespacing=1.1,
        )
    if title:
        ax.text(
            0.12,
            height - 0.08,
            title,
            ha="left",
            va="top",
            fontsize=title_points,
            fontweight="bold",
        )
    outcome_legend(fig, mover, scale, chosen=chosen is not None)
    return fig


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
    "MARK_COLOUR",
    "OUTCOME_STYLE",
    "O_COLOUR",
    "X_COLOUR",
    "board_figure",
    "cell_centre",
    "draw_board",
    "inch_axes",
    "move_values_figure",
    "outcome_legend",
    "outcome_words",
    "thumbnail",
]
