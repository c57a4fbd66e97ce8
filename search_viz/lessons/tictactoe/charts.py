"""The charts beside the why-tree: every legal move with its value, on the cell it is played.

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

from collections.abc import Mapping
from dataclasses import dataclass

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Patch, Rectangle

from search_viz.algorithms.tictactoe import outcome, plies_to_end
from search_viz.events import format_value
from search_viz.film.style import DARK_GREY, LIGHT_GREY, OKABE_ITO, WHITE, font_size
from search_viz.lessons.shared.figure import wrapped
from search_viz.lessons.tictactoe.boards import MARK_COLOUR, NEW_MOVE_FILL, draw_board, inch_axes
from search_viz.problems.tictactoe import TicTacToe


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


# ----------------------------------------------------------- the move values
def outcome_words(value: float, truth: float, game: TicTacToe, label: str = "value") -> str:
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
    number = format_value(value).replace("-", "−")
    if isinstance(value, (int, float)) and value > 0:
        number = "+" + number
    return f"{words}\n{label} {number}"


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
    value_label: str = "value",
) -> Figure:
    """Every legal move of ``game``, on the cell where it is played: a small board of the
    position after it, framed by its outcome, with its value.

    ``values``: each move's value as the player's search saw it; ``truth``: its
    value with perfect play (which decides win / draw / loss); ``chosen``: the
    computer's move, starred; ``value_label``: the word before each number.
    """
    grow = 1 + 0.45 * (scale - 1)
    cell_w, board_size = 1.4 * grow, 0.9 * grow
    cell_h = cell_w + 0.2 * scale
    title_points = font_size("title", scale)
    if title:  # wrapped to the picture's width
        title = wrapped(title, 3 * cell_w * 72, title_points)
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
            outcome_words(values[cell], truth[cell], game, value_label),
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


__all__ = ["OUTCOME_STYLE", "move_values_figure", "outcome_legend", "outcome_words"]
