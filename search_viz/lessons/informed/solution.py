"""The solution a search found, replayed move by move: a small film of one board whose tiles slide.

Each tile (its square and its digit) is drawn once where the start has it; a
step moves the tiles to where that board of the path has them, and outlines
the tile that just slid. In the browser the slide is animated; an export
(GIF, PNG) draws the same positions.

>>> from search_viz.problems.eight_puzzle import NOTES_GOAL
>>> path = [(1, 2, 3, 8, 4, 0, 7, 6, 5), NOTES_GOAL]
>>> film = solution_film(path, "A*", "misplaced")
>>> len(film), film.state(1).sentence
(2, 'Move 1 of 1: 4 slides right. The goal is reached.')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from search_viz.film.builder import FilmBuilder
from search_viz.film.film import Film
from search_viz.film.scene import Scene
from search_viz.film.style import DARK_GREY, LIGHT_GREY, OKABE_ITO, STATUS
from search_viz.lessons.informed.sentences import move_sentence
from search_viz.lessons.informed.tree import fit_equal
from search_viz.lessons.shared.eight_puzzle import TILE_COLOUR, moved_tile
from search_viz.problems.puzzle_heuristics import heuristic as heuristic_for

Board = tuple[int, ...]


def _centre(square: int) -> tuple[float, float]:
    row, col = divmod(square, 3)
    return col + 0.5, 2 - row + 0.5


def draw_solution(start: Board) -> Scene:
    """One board: the squares, and each tile (face, digit, outline) where ``start`` has it."""
    fig = Figure(figsize=(3.0, 3.1))
    ax: Axes = fig.add_axes((0.03, 0.03, 0.94, 0.94))
    ax.set_axis_off()
    fit_equal(ax, -0.1, 3.1, -0.1, 3.1)
    scene = Scene(fig)
    for square in range(9):
        row, col = divmod(square, 3)
        ax.add_patch(
            Rectangle(
                (col, 2 - row),
                1,
                1,
                facecolor=LIGHT_GREY,
                edgecolor=DARK_GREY,
                linewidth=1,
                hatch="..",
            )
        )
    goal = Rectangle(
        (-0.06, -0.06), 3.12, 3.12, fill=False, linewidth=4, edgecolor=STATUS["goal"].color
    )
    scene.tag(ax.add_patch(goal), "goal frame")
    width = (ax.transData.transform((1, 0)) - ax.transData.transform((0, 0)))[0] * 72 / fig.dpi
    for tile in range(1, 9):
        x, y = _centre(start.index(tile))
        # Markers and texts, not patches: they move by their transform, on export too.
        face = ax.plot(
            [x],
            [y],
            marker="s",
            markersize=width * 0.94,
            markerfacecolor=TILE_COLOUR,
            markeredgecolor=DARK_GREY,
            markeredgewidth=1.2,
            linestyle="none",
        )[0]
        scene.tag(face, ("face", tile), shown=True)
        ring = ax.plot(
            [x],
            [y],
            marker="s",
            markersize=width * 0.82,
            markerfacecolor="none",
            markeredgecolor=OKABE_ITO["orange"],
            markeredgewidth=4,
            linestyle="none",
        )[0]
        scene.tag(ring, ("moved", tile))
        digit = ax.text(
            x,
            y - 0.02,
            str(tile),
            ha="center",
            va="center",
            fontsize=width * 0.45,
            fontweight="bold",
        )
        scene.tag(digit, ("digit", tile), shown=True)
    return scene


def solution_film(path: Sequence[Board], algorithm: str, heuristic: str) -> Film:
    """The path from start to goal as a film: one step per move, the sliding tile outlined.

    ``algorithm`` names the search that found it (for the title); ``heuristic``
    is the h whose value the counters show falling to 0.
    """
    path = [tuple(board) for board in path]
    start, goal = path[0], path[-1]
    moves = len(path) - 1
    h = heuristic_for(heuristic, goal)
    writer = FilmBuilder(
        partial(draw_solution, start),
        title=f"The solution {algorithm} found: {moves} move{'s' * (moves != 1)}",
        layout="side",
        shape=f"solution {moves}",
    )
    scene = writer.scene
    ax = scene.figure.axes[0]
    points = [scene.point(ax, *_centre(square)) for square in range(9)]
    for i, board in enumerate(path):
        if i:
            tile, _ = moved_tile(path[i - 1], board)
            writer.choose("moved", ("moved", tile))
        for tile in range(1, 9):
            (x0, y0), (x1, y1) = points[start.index(tile)], points[board.index(tile)]
            for part in ("face", "moved", "digit"):
                writer.move((part, tile), x1 - x0, y1 - y0)
        if i == moves:
            writer.show("goal frame")
        writer.step(
            move_sentence(path, i),
            counters={"move": f"{i} of {moves}", f"h ({heuristic})": h(board)},
        )
    return writer.film()
