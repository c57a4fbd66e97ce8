"""Pictures of the 8-puzzle: boards, and a solution as a strip of boards.

>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> fig, ax = new_figure(2, 2)
>>> draw_board(ax, NOTES_START, 0, 0, 3)
>>> len(ax.patches)
9
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from search_viz.film.style import DARK_GREY, LIGHT_GREY, OKABE_ITO, font_size
from search_viz.lessons.shared.figure import new_figure

TILE_COLOUR = "#FFF5D6"  # a pale tile colour that keeps black digits readable


def draw_board(
    ax: Axes,
    state: Sequence[int],
    left: float,
    bottom: float,
    size: float,
    *,
    scale: float = 1.0,
    fontsize: float | None = None,
    edgecolor: str = DARK_GREY,
) -> None:
    """A 3 x 3 board with its lower-left corner at (left, bottom), ``size`` data units wide."""
    cell = size / 3
    text_size = fontsize if fontsize is not None else font_size("title", scale)
    for i, tile in enumerate(state):
        row, col = divmod(i, 3)
        x, y = left + col * cell, bottom + (2 - row) * cell
        ax.add_patch(
            Rectangle(
                (x, y),
                cell,
                cell,
                facecolor=TILE_COLOUR if tile else LIGHT_GREY,
                edgecolor=edgecolor,
                linewidth=1.2,
                hatch=None if tile else "..",
            )
        )
        if tile:
            ax.text(
                x + cell / 2,
                y + cell / 2,
                str(tile),
                ha="center",
                va="center",
                fontsize=text_size,
                fontweight="bold",
                color=OKABE_ITO["black"],
            )


def board_figure(state: Sequence[int], title: str = "", scale: float = 1.0) -> Figure:
    """One board on its own, with an optional title above it.

    >>> board_figure((1, 2, 3, 8, 0, 4, 7, 6, 5), "goal").get_size_inches().tolist()
    [2.0, 2.2]
    """
    fig, ax = new_figure(2.0, 2.2)
    draw_board(ax, state, 0, 0, 3, scale=scale)
    ax.set_xlim(-0.05, 3.05)
    ax.set_ylim(-0.05, 3.05)
    ax.set_aspect("equal")
    if title:
        ax.set_title(title, fontsize=font_size("title", scale))
    return fig


def path_strip_figure(
    path: Sequence[Sequence[int]], scale: float = 1.0, per_row: int = 8
) -> Figure:
    """The solution as a strip of boards, start to goal, numbered by move.

    >>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
    >>> len(path_strip_figure([NOTES_START, NOTES_GOAL]).axes[0].patches)
    18
    """
    rows = (len(path) + per_row - 1) // per_row
    columns = min(len(path), per_row)
    fig, ax = new_figure(1.25 * columns + 0.2, 1.55 * rows + 0.1)
    for i, state in enumerate(path):
        row, col = divmod(i, per_row)
        left, bottom = col * 4, -row * 4.6
        draw_board(ax, state, left, bottom, 3, fontsize=font_size("label", scale) * 0.95)
        label = "start" if i == 0 else ("goal" if i == len(path) - 1 else f"move {i}")
        ax.text(
            left + 1.5,
            bottom + 3.25,
            label,
            ha="center",
            va="bottom",
            fontsize=font_size("legend", scale),
        )
    ax.set_xlim(-0.2, 4 * columns - 0.8)
    ax.set_ylim(-4.6 * (rows - 1) - 0.2, 4.0)
    ax.set_aspect("equal")
    return fig


def moved_tile(before: Sequence[int], after: Sequence[int]) -> tuple[int, str]:
    """The tile a move slides, and which way it goes.

    >>> moved_tile((1, 2, 3, 8, 0, 4, 7, 6, 5), (1, 0, 3, 8, 2, 4, 7, 6, 5))
    (2, 'down')
    """
    blank_before, blank_after = before.index(0), after.index(0)
    tile = before[blank_after]
    way = {-3: "up", 3: "down", -1: "left", 1: "right"}[blank_before - blank_after]
    return tile, way
