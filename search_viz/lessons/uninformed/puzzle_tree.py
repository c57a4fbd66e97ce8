"""The 8-puzzle's uninformed search as a film: its search tree, the board of the step, the goal.

The puzzle's states are too many to draw as a graph, so the picture is the
search tree the search makes: every tree node it ever makes is drawn once
(a board may stand at several places of the tree, see
:class:`~search_viz.lessons.shared.search_tree.SearchTree`), in every look it
can take, and the steps choose among them as on a graph
(:func:`~search_viz.lessons.uninformed.looks.walk`). Beside the tree, the
board the step is about (each square drawn once per tile it can hold) and the
goal.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
>>> trace = sv.Trace.record(sv.bfs(sv.EightPuzzle(NOTES_START)))
>>> film = puzzle_film(trace, "BFS", goal=NOTES_GOAL)
>>> len(film) == len(trace), film.state(1).sentence
(True, 'Take 283/164/7_5 off the front of the queue and test it: is it the goal? Depth 0.')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

import search_viz as sv
from search_viz.film import Film, FilmBuilder, Scene
from search_viz.film.style import DARK_GREY, LIGHT_GREY, OKABE_ITO, font_size
from search_viz.lessons.shared.eight_puzzle import TILE_COLOUR, draw_board
from search_viz.lessons.shared.graph_drawing import (
    FOCUS,
    PATH_LINK,
    TREE_LINK,
    GraphLooks,
    bottom_legend,
    edge_key,
    legend_handles,
)
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.lessons.uninformed.looks import (
    ALGORITHMS,
    LOOKS,
    TREE_SEARCH,
    captions_of,
    draw_captions,
    draw_limit_lines,
    limits_of,
    statuses_of,
    walk,
)
from search_viz.lessons.uninformed.panels import Panels
from search_viz.lessons.uninformed.questions import Asker, clickable
from search_viz.problems.eight_puzzle import compact

#: A film draws at most this many search-tree nodes (a bigger search gets a ValueError).
MAX_TREE_NODES = 3000
FIGURE = (6.8, 4.8)
_BOARD_TITLES = {
    "generate": "just generated",
    "expand": "being expanded",
    "cutoff": "cut off",
    "goal": "goal reached",
    "done": "goal reached",
}


def puzzle_film(
    trace: sv.Trace, algorithm: str, *, goal: Sequence[int] | None, limit: int | None = None
) -> Film:
    """The film of ``trace``, ``algorithm`` on an 8-puzzle whose goal is ``goal``."""
    discipline, code, long_name = ALGORITHMS[algorithm][1:]
    tree = SearchTree(trace, algorithm in TREE_SEARCH)
    if len(tree.pos) > MAX_TREE_NODES:
        raise ValueError(
            f"this search makes {len(tree.pos):,} search-tree nodes; a film draws at most "
            f"{MAX_TREE_NODES:,}: choose a start closer to the goal, or a smaller depth bound"
        )
    statuses = statuses_of(algorithm, limit, unvisited=False)
    limits = limits_of(trace, algorithm, limit)
    captions = captions_of(trace, algorithm, limit)
    draw = partial(tree_scene, tree, statuses, captions, limits, tuple(goal or ()))
    builder = FilmBuilder(
        draw, title=f"{long_name.capitalize()} on the 8-puzzle", pseudocode=code, layout="side"
    )
    looks = GraphLooks(builder, base=None)
    start = trace.events[0].node if trace.events else None
    panels = Panels(trace, algorithm, discipline, limit=limit, start=start, label=compact, shown=8)
    goal_steps = trace.positions("goal")
    path = tree.path_ids(tree.ids[int(goal_steps[-1])]) if len(goal_steps) else None
    ids = tree.ids
    asker = Asker(
        builder,
        algorithm,
        discipline,
        label=compact,
        looks_of=clickable(looks),
        limit=limit if algorithm in ("DFS", "DLS", "IDDFS") else None,
        tree_search=algorithm in TREE_SEARCH,
        path=trace.result.path,
    )
    walk(
        builder,
        trace,
        algorithm,
        looks,
        panels,
        place=lambda k, e: ids[k],
        parent=lambda k, e: ids[k][0] if ids[k] is not None else None,
        path=path,
        lines=True,
        on_event=partial(_show_board, builder),
        asker=asker,
    )
    return builder.film()


def _show_board(builder: FilmBuilder, e) -> None:
    """The board the event is about, titled by what happens to it (none at a new limit)."""
    board = e.node if isinstance(e.node, tuple) and len(e.node) == 9 else None
    if e.kind == "iterate" or board is None:
        for i in range(9):
            builder.choose(("face", i), None)
            builder.choose(("digit", i), None)
        builder.choose("board title", None)
        return
    for i, tile in enumerate(board):
        builder.choose(("face", i), ("face", "tile" if tile else "blank", i))
        builder.choose(("digit", i), ("digit", i, tile) if tile else None)
    builder.choose("board title", ("board title", _BOARD_TITLES.get(e.kind, "")))


# ---------------------------------------------------------------- the scene
def tree_scene(
    tree: SearchTree,
    statuses: tuple[str, ...],
    captions: tuple[str, ...],
    limits: tuple[int, ...],
    goal: tuple[int, ...],
) -> Scene:
    """The search tree with every node in every look, the step's board, and the goal board.

    Items: ``("node", status, tree node)``, ``("ring", tree node)``, ``("link",
    key)`` and ``("path", key)`` as on a graph; ``("face", "tile" or "blank", i)``
    and ``("digit", i, tile)`` for square ``i`` of the step's board,
    ``("board title", text)``, the captions and the depth-limit lines.
    """
    fig = Figure(figsize=FIGURE)
    handles = legend_handles(LOOKS[s] for s in statuses)
    band = (0.1 + 0.27 * bottom_legend(fig, handles)) / FIGURE[1]
    ax = fig.add_axes((0.01, band, 0.7, 0.9 - band))
    ax.set_axis_off()
    scene = Scene(fig)
    _draw_tree(scene, ax, tree, statuses)
    draw_limit_lines(scene, ax, limits)
    draw_captions(scene, fig, captions)
    board_ax = fig.add_axes((0.74, 0.55, 0.24, 0.34))
    _draw_step_board(scene, board_ax)
    goal_ax = fig.add_axes((0.74, band + 0.02, 0.24, 0.26))
    goal_ax.set_axis_off()
    if goal:
        draw_board(goal_ax, goal, 0, 0, 3, fontsize=font_size("label"))
        goal_ax.set_title("the goal", fontsize=font_size("label"))
    goal_ax.set_xlim(-0.1, 3.1)
    goal_ax.set_ylim(-0.1, 3.1)
    goal_ax.set_aspect("equal")
    return scene


def _draw_tree(scene: Scene, ax, tree: SearchTree, statuses: tuple[str, ...]) -> None:
    pos = tree.pos
    nodes = list(pos)
    children = [node for node in nodes if node[0] is not None and node[0] in pos]
    keys = [edge_key(node[0], node) for node in children]
    segments = [(pos[node[0]], pos[node]) for node in children]
    for name, colour, width, z in (
        ("link", TREE_LINK.color, 1.6, 1),
        ("path", PATH_LINK.color, 4, 2),
    ):
        lines = LineCollection(segments, colors=colour, linewidths=width, zorder=z)
        scene.tag_each(ax.add_collection(lines), [(name, key) for key in keys], shown=False)
    xy = np.array([pos[node] for node in nodes], dtype=float).reshape(-1, 2)
    size = max(25.0, min(260.0, 9000.0 / max(1, len(nodes))))
    for rank, status in enumerate(statuses):
        style = LOOKS[status]
        drawn = ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=size * (1.8 if style.marker == "*" else 1.0),
            marker=style.marker,
            c=style.color,
            edgecolors=style.edgecolor,
            linewidths=style.linewidth,
            linestyles=style.linestyle,
            hatch=style.hatch,
            zorder=3 + rank * 0.01,
        )
        scene.tag_each(drawn, [("node", status, node) for node in nodes], shown=False)
    ring = ax.scatter(
        xy[:, 0],
        xy[:, 1],
        s=size * 2.4,
        facecolors="none",
        edgecolors=FOCUS.edgecolor,
        linewidths=FOCUS.linewidth,
        zorder=4,
    )
    scene.tag_each(ring, [("ring", node) for node in nodes], shown=False)
    xs = [x for x, _ in pos.values()] or [0.0]
    ys = [y for _, y in pos.values()] or [0.0]
    ax.set_xlim(min(xs) - 1.6, max(xs) + 0.8)
    ax.set_ylim(min(ys) - 0.9, max(ys) + 0.5)
    for depth in range(int(-min(ys)) + 1):
        ax.text(
            min(xs) - 0.7,
            -depth,
            f"{depth}",
            ha="right",
            va="center",
            fontsize=font_size("legend"),
            color=DARK_GREY,
        )
    ax.text(
        min(xs) - 0.7,
        max(ys) + 0.35,
        "depth",
        ha="right",
        va="bottom",
        fontsize=font_size("legend"),
        color=DARK_GREY,
    )


def _draw_step_board(scene: Scene, ax) -> None:
    """Square i drawn as a tile and as the blank, and each tile's digit in it, all hidden."""
    ax.set_axis_off()
    cells = [(i % 3, 2 - i // 3) for i in range(9)]
    for kind, colour, hatch in (("tile", TILE_COLOUR, None), ("blank", LIGHT_GREY, "..")):
        squares = PatchCollection(
            [Rectangle(cell, 1, 1) for cell in cells],
            facecolor=colour,
            edgecolor=DARK_GREY,
            linewidth=1.2,
            hatch=hatch,
        )
        scene.tag_each(
            ax.add_collection(squares), [("face", kind, i) for i in range(9)], shown=False
        )
    for i, (x, y) in enumerate(cells):
        for tile in range(1, 9):
            text = ax.text(
                x + 0.5,
                y + 0.5,
                str(tile),
                ha="center",
                va="center",
                fontsize=font_size("title"),
                fontweight="bold",
                color=OKABE_ITO["black"],
            )
            scene.tag(text, ("digit", i, tile))
    frame = Rectangle(
        (-0.05, -0.05), 3.1, 3.1, fill=False, edgecolor=OKABE_ITO["orange"], linewidth=3
    )
    ax.add_patch(frame)
    for title in dict.fromkeys(_BOARD_TITLES.values()):
        scene.tag(
            ax.text(1.5, 3.15, title, ha="center", va="bottom", fontsize=font_size("label")),
            ("board title", title),
        )
    ax.set_xlim(-0.15, 3.15)
    ax.set_ylim(-0.15, 3.6)
    ax.set_aspect("equal")
