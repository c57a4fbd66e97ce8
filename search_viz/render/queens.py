"""Drawings of n-queens boards: the queens, each attacking pair as a line, the move being tried.

Everything is drawn in data coordinates (a square is 1 x 1, column ``c`` and
row ``r`` centred at ``(c, r)``, row 0 at the bottom), so a board looks the
same at any size. Queens are the ♛ glyph turned into a path once.

>>> fig = board_figure((0, 2, 0, 2))
>>> len(fig.axes)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Patch, Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, STATUS, WHITE, font_size

LIGHT_SQUARE = WHITE
DARK_SQUARE = "#E6E6E6"
ATTACK_COLOR = OKABE_ITO["vermillion"]
FIRST_PARENT = OKABE_ITO["sky blue"]
SECOND_PARENT = OKABE_ITO["orange"]
MUTATION_COLOR = OKABE_ITO["reddish purple"]
#: Above this size the neighbours' conflicts are not written in the squares (too small to read).
MAX_NUMBERED = 12


@dataclass(frozen=True)
class Marks:
    """What to mark on a board besides its queens and attacking pairs.

    ``move``: ``(column, start, row)`` of the move being tried; ``decision``:
    "propose" (being tried), "accept" or "reject"; ``numbers``: for each
    ``[column][row]`` the conflicts if that column's queen moved there;
    ``from_first``: per column, whether a child took it from its first parent
    (the genetic algorithm); ``cut``: the crossover cut; ``mutated``:
    ``(column, row)`` moved by a mutation; ``parents``: the parents' numbers.
    """

    move: tuple[int, int, int] | None = None
    decision: str | None = None
    numbers: Sequence[Sequence[int]] | None = None
    from_first: tuple[bool, ...] | None = None
    cut: int | None = None
    mutated: tuple[int, int] | None = None
    parents: tuple[int, int] | None = None


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


def _queens(ax: Axes, cells: Sequence[tuple[float, float]], color: str, alpha: float = 1.0) -> None:
    """One glyph per ``(x, y)`` cell, in one collection."""
    if not cells:
        return
    path = queen_path()
    paths = [Affine2D().translate(x, y).transform_path(path) for x, y in cells]
    ax.add_collection(
        PathCollection(
            paths,
            facecolors=color,
            edgecolors="none",
            alpha=alpha,
            zorder=5,
        )
    )


def _blocked(state: Sequence[int], a: int, b: int) -> bool:
    """Whether another queen stands on the line between the queens of columns ``a`` and ``b``."""
    step = (state[b] - state[a]) // (b - a)
    return any(state[c] == state[a] + step * (c - a) for c in range(a + 1, b))


def attacking_pairs(state: Sequence[int]) -> list[tuple[int, int]]:
    """Pairs of columns whose queens attack each other (the same as ``NQueens.attacking_pairs``).

    >>> attacking_pairs((0, 2, 0, 2))
    [(0, 2), (1, 3)]
    """
    n = len(state)
    return [
        (a, b)
        for a in range(n)
        for b in range(a + 1, n)
        if state[a] == state[b] or abs(state[a] - state[b]) == b - a
    ]


def _attack_lines(ax: Axes, state: Sequence[int], width: float) -> None:
    """A line for every attacking pair; a pair with a queen between them bends, so none hides."""
    straight = []
    for a, b in attacking_pairs(state):
        ends = [(a, state[a]), (b, state[b])]
        if _blocked(state, a, b):
            ax.add_patch(
                FancyArrowPatch(
                    *ends,
                    arrowstyle="-",
                    connectionstyle="arc3,rad=0.22",
                    color=ATTACK_COLOR,
                    linewidth=width,
                    alpha=0.85,
                    zorder=3,
                    shrinkA=0,
                    shrinkB=0,
                )
            )
        else:
            straight.append(ends)
    if straight:
        ax.add_collection(
            LineCollection(straight, colors=ATTACK_COLOR, linewidths=width, alpha=0.85, zorder=3)
        )


def _squares(ax: Axes, n: int, marks: Marks) -> None:
    checker = (np.add.outer(np.arange(n), np.arange(n)) % 2).astype(float)  # [row][column]
    ax.imshow(
        checker,
        cmap=_two_tone(),
        origin="lower",
        extent=(-0.5, n - 0.5, -0.5, n - 0.5),
        interpolation="nearest",
        zorder=0,
    )
    if marks.from_first is not None:
        for column, first in enumerate(marks.from_first):
            ax.add_patch(
                Rectangle(
                    (column - 0.5, -0.5),
                    1,
                    n,
                    facecolor=FIRST_PARENT if first else SECOND_PARENT,
                    alpha=0.32,
                    hatch=None if first else "..",
                    edgecolor=DARK_GREY,
                    linewidth=0,
                    zorder=1,
                )
            )
        if marks.cut is not None:
            ax.axvline(marks.cut - 0.5, color=OKABE_ITO["black"], linestyle="--", linewidth=2.5)


@cache
def _two_tone():
    from matplotlib.colors import ListedColormap

    return ListedColormap([DARK_SQUARE, LIGHT_SQUARE])


def _numbers(ax: Axes, state: Sequence[int], numbers, points_per_square: float) -> None:
    n = len(state)
    best = min(numbers[c][r] for c in range(n) for r in range(n) if r != state[c])
    size = max(6.0, points_per_square * 0.3)
    for c in range(n):
        for r in range(n):
            if r == state[c]:
                continue
            lowest = numbers[c][r] == best
            ax.text(
                c,
                r,
                str(numbers[c][r]),
                ha="center",
                va="center",
                fontsize=size,
                fontweight="bold" if lowest else "normal",
                color=OKABE_ITO["black"] if lowest else "#666666",
                zorder=2,
            )


def _move_marks(ax: Axes, marks: Marks, width: float) -> None:
    """Mark the move being tried: an arrow to its square, then green if taken, a cross if not."""
    column, start, row = marks.move
    if marks.decision == "propose":
        style = STATUS["current"]
        ax.add_patch(
            Rectangle(
                (column - 0.5, row - 0.5),
                1,
                1,
                fill=False,
                edgecolor=style.color,
                linewidth=style.linewidth * width / 2,
                linestyle="--",
                zorder=4,
            )
        )
        _queens(ax, [(column, row)], style.color, alpha=0.55)
        ax.add_patch(
            FancyArrowPatch(
                (column, start),
                (column, row),
                arrowstyle="-|>",
                mutation_scale=14 * width / 2,
                color=style.color,
                linewidth=width,
                shrinkA=8,
                shrinkB=8,
                zorder=6,
            )
        )
    elif marks.decision == "accept":
        style = STATUS["accepted"]
        ax.add_patch(
            Rectangle(
                (column - 0.5, row - 0.5),
                1,
                1,
                facecolor=style.color,
                alpha=0.5,
                edgecolor=style.edgecolor,
                linewidth=style.linewidth,
                zorder=1.5,
            )
        )
        _queens(ax, [(column, start)], GREY, alpha=0.45)  # where it was
    elif marks.decision == "reject":
        style = STATUS["rejected"]
        ax.add_patch(
            Rectangle(
                (column - 0.5, row - 0.5),
                1,
                1,
                facecolor="none",
                edgecolor=style.color,
                linewidth=width,
                linestyle="--",
                zorder=4,
            )
        )
        ax.plot(
            [column - 0.3, column + 0.3, np.nan, column - 0.3, column + 0.3],
            [row - 0.3, row + 0.3, np.nan, row + 0.3, row - 0.3],
            color=style.color,
            linewidth=width * 1.4,
            zorder=6,
        )


def draw_board(
    ax: Axes,
    state: Sequence[int],
    marks: Marks = Marks(),
    *,
    scale: float = 1.0,
    points_per_square: float = 40.0,
    title: str | None = None,
    line_width: float = 2.4,
) -> None:
    """Draw ``state`` on ``ax``: squares, attacking pairs as lines, queens, and ``marks``.

    >>> fig = Figure(); ax = fig.add_subplot()
    >>> draw_board(ax, (0, 2, 0, 2), Marks(move=(1, 2, 3), decision="reject"))
    >>> [float(x) for x in ax.get_xlim()]
    [-0.5, 3.5]
    """
    n = len(state)
    _squares(ax, n, marks)
    width = line_width if n <= 12 else max(0.8, line_width * 12 / n)
    _attack_lines(ax, state, width)
    if marks.numbers is not None and n <= MAX_NUMBERED:
        _numbers(ax, state, marks.numbers, points_per_square)
    if marks.move is not None:
        _move_marks(ax, marks, width)
    _queens(ax, [(c, r) for c, r in enumerate(state)], OKABE_ITO["black"])
    if marks.mutated is not None:
        column, row = marks.mutated
        ax.add_patch(
            Rectangle(
                (column - 0.45, row - 0.45),
                0.9,
                0.9,
                fill=False,
                edgecolor=MUTATION_COLOR,
                linewidth=width * 1.2,
                linestyle=":",
                zorder=6,
            )
        )
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(-0.5, n - 0.5)
    ax.set_aspect("equal")
    ticks = range(n) if n <= 16 else range(0, n, 5)
    ax.set_xticks(list(ticks))
    ax.set_yticks(list(ticks))
    ax.tick_params(labelsize=font_size("legend", scale), length=0)
    ax.set_xlabel("column", fontsize=font_size("label", scale))
    ax.set_ylabel("row", fontsize=font_size("label", scale))
    for spine in ax.spines.values():
        spine.set_color(DARK_GREY)
    if title:
        ax.set_title(title, fontsize=font_size("title", scale))


def legend_handles(marks: Marks) -> list:
    """The legend entries for a board with ``marks``: only what the picture shows.

    >>> [h.get_label() for h in legend_handles(Marks(move=(0, 1, 2), decision="reject"))]
    ['queen', 'attacking pair', 'rejected move']
    """
    handles = [
        Line2D(
            [],
            [],
            marker=queen_path(),
            markersize=16,
            color=OKABE_ITO["black"],
            ls="none",
            label="queen",
        ),
        Line2D([], [], color=ATTACK_COLOR, linewidth=2.4, label="attacking pair"),
    ]
    if marks.decision == "propose":
        handles.append(
            Line2D(
                [],
                [],
                color=STATUS["current"].color,
                linewidth=2.4,
                marker=">",
                label="move being tried",
            )
        )
    elif marks.decision == "accept":
        handles += [
            Patch(
                facecolor=STATUS["accepted"].color,
                alpha=0.5,
                edgecolor="black",
                label="accepted move",
            ),
            Line2D(
                [],
                [],
                marker=queen_path(),
                markersize=16,
                color=GREY,
                ls="none",
                label="where it was",
            ),
        ]
    elif marks.decision == "reject":
        handles.append(
            Line2D(
                [],
                [],
                marker="x",
                markersize=11,
                markeredgewidth=2.5,
                ls="none",
                color=STATUS["rejected"].color,
                label="rejected move",
            )
        )
    if marks.numbers is not None:
        handles.append(
            Patch(facecolor=LIGHT_SQUARE, edgecolor=GREY, label="number: conflicts if moved here")
        )
    if marks.from_first is not None:
        x, y = marks.parents or (None, None)
        handles += [
            Patch(facecolor=FIRST_PARENT, alpha=0.5, label=f"from board #{x}"),
            Patch(facecolor=SECOND_PARENT, alpha=0.5, hatch="..", label=f"from board #{y}"),
        ]
        if marks.cut is not None:
            handles.append(Line2D([], [], color="black", linestyle="--", label="crossover cut"))
    if marks.mutated is not None:
        handles.append(
            Patch(
                facecolor="none",
                edgecolor=MUTATION_COLOR,
                linestyle=":",
                linewidth=2,
                label="mutation",
            )
        )
    return handles


def legend_columns(handles: list, scale: float) -> int:
    """How many columns the legend under a board uses (fewer when enlarged).

    >>> handles = legend_handles(Marks())
    >>> legend_columns(handles, 1.0), legend_columns(handles, 2.5)
    (2, 1)
    """
    wide = max(len(h.get_label()) for h in handles) * scale
    return min(len(handles), 3 if wide <= 18 else (2 if wide <= 30 else 1))


def board_height(width: float, marks: Marks, scale: float) -> float:
    """A board figure's height: the square board, its title and labels, and its legend.

    >>> board_height(5, Marks(), 1.0)
    6.02
    """
    handles = legend_handles(marks)
    rows = -(-len(handles) // legend_columns(handles, scale))
    return width + scale * (0.75 + 0.27 * rows)


def board_legend(fig: Figure, marks: Marks, *, scale: float = 1.0) -> None:
    """The legend under a board: only what this picture shows, with a shape for each."""
    handles = legend_handles(marks)
    fig.legend(
        handles=handles,
        loc="outside lower center",
        ncols=legend_columns(handles, scale),
        fontsize=font_size("legend", scale),
        frameon=False,
        handlelength=1.6,
    )


def board_title(state: Sequence[int], prefix: str = "") -> str:
    """``8 queens · 3 attacking pairs`` (with an optional prefix).

    >>> board_title((1, 3, 0, 2))
    '4 queens · solved: no attacking pair'
    """
    k = len(attacking_pairs(state))
    what = "solved: no attacking pair" if k == 0 else f"{k} attacking pair" + ("s" if k > 1 else "")
    return f"{prefix}{len(state)} queens · {what}"


def board_figure(
    state: Sequence[int],
    marks: Marks = Marks(),
    *,
    scale: float = 1.0,
    title: str | None = None,
    width: float = 6.0,
) -> Figure:
    """A board with its legend, as a figure ``width`` inches wide.

    >>> fig = board_figure((3, 2, 1, 4, 3, 2, 1, 2), Marks(move=(0, 3, 5), decision="propose"))
    >>> fig.axes[0].get_title()
    '8 queens · 17 attacking pairs'
    """
    fig = Figure(figsize=(width, board_height(width, marks, scale)), layout="constrained")
    ax = fig.add_subplot()
    n = len(state)
    draw_board(
        ax,
        state,
        marks,
        scale=scale,
        points_per_square=width * 72 * 0.8 / n,
        title=title or board_title(state),
    )
    board_legend(fig, marks, scale=scale)
    return fig


def draw_population(
    ax: Axes,
    population: Sequence[Sequence[int]],
    conflicts: Sequence[int],
    *,
    highlight: dict[int, str] | None = None,
    columns: int = 10,
    scale: float = 1.0,
) -> None:
    """Small boards in a grid on one axes, each titled ``#i: k``; ``highlight`` frames some.

    One image for every square and one collection for every queen keep this
    fast for 50 boards.

    >>> fig = Figure(); ax = fig.add_subplot()
    >>> draw_population(ax, [(0, 2, 0, 2), (1, 3, 0, 2)], [2, 0], highlight={1: "red"})
    >>> [t.get_text() for t in ax.texts]
    ['#0: 2', '#1: 0']
    """
    n = len(population[0])
    gap = max(1, n // 4) + 1
    rows = -(-len(population) // columns)
    cell = n + gap
    image = np.full((rows * cell, columns * cell), np.nan)
    checker = (np.add.outer(np.arange(n), np.arange(n)) % 2).astype(float)
    queens, lines = [], []
    for i, state in enumerate(population):
        x0, y0 = (i % columns) * cell, (rows - 1 - i // columns) * cell
        image[y0 : y0 + n, x0 : x0 + n] = checker
        queens += [(x0 + c, y0 + r) for c, r in enumerate(state)]
        lines += [
            [(x0 + a, y0 + state[a]), (x0 + b, y0 + state[b])] for a, b in attacking_pairs(state)
        ]
    ax.imshow(
        image,
        cmap=_two_tone(),
        origin="lower",
        extent=(-0.5, columns * cell - 0.5, -0.5, rows * cell - 0.5),
        interpolation="nearest",
    )
    ax.add_collection(LineCollection(lines, colors=ATTACK_COLOR, linewidths=0.9, alpha=0.8))
    ax.scatter(
        *zip(*queens, strict=True),
        s=max(2, 220 / n),
        c=OKABE_ITO["black"],
        marker="o",
        zorder=3,
        linewidths=0,
    )
    label_size = font_size("legend", scale) * 0.85
    for i, value in enumerate(conflicts):
        x0, y0 = (i % columns) * cell, (rows - 1 - i // columns) * cell
        ax.text(
            x0 + (n - 1) / 2,
            y0 + n - 0.3,
            f"#{i}: {value}",
            ha="center",
            va="bottom",
            fontsize=label_size,
            fontweight="bold" if value == 0 else "normal",
        )
        color = (highlight or {}).get(i)
        if color:
            ax.add_patch(
                Rectangle(
                    (x0 - 0.9, y0 - 0.9),
                    n + 0.8,
                    n + 0.8,
                    fill=False,
                    edgecolor=color,
                    linewidth=3,
                    zorder=4,
                )
            )
    ax.set_xlim(-1.5, columns * cell - gap + 0.5)
    ax.set_ylim(-1.5, rows * cell - 0.5 + 0.4)
    ax.set_aspect("equal")
    ax.set_axis_off()


def thumbnail() -> Figure:
    """The home page's card: AIMA's 17-pair board with its attacking pairs.

    >>> len(thumbnail().axes)
    1
    """
    fig = Figure(figsize=(4, 3), layout="constrained")
    ax = fig.add_subplot()
    draw_board(ax, (3, 2, 1, 4, 3, 2, 1, 2), line_width=2.0)
    ax.set_axis_off()
    return fig
