"""One picture per step for the graph-search lessons, and their home-page thumbnails.

``uninformed_figure_for`` and ``bidirectional_figure_for`` are what the pages
turn into PNGs (and what an export would call): the graph, tree or maze when
the problem has one, the search tree or the layer chart of the 8-puzzle when
it does not.

>>> import search_viz as sv
>>> from search_viz.problems.graph_examples import notes_tree
>>> view = GraphView.of(notes_tree(), "A", "R", kind="tree")
>>> trace = sv.Trace.record(sv.iddfs(sv.GraphProblem(view.graph, "A", "R"), 10))
>>> uninformed_figure_for(trace, 5, view=view).get_size_inches().tolist()
[6.0, 4.6]
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.figure import Figure

import search_viz as sv
from search_viz.film.style import font_size
from search_viz.lessons.shared.eight_puzzle import tree_figure
from search_viz.lessons.shared.search_tree import SearchTree
from search_viz.problems.graph_examples import grid_maze, notes_tree
from search_viz.render.bidirectional import bidirectional_figure
from search_viz.render.graph_search import GraphView, uninformed_figure
from search_viz.render.search_charts import layer_sizes, layers_chart
from search_viz.trace import Trace


def uninformed_figure_for(
    trace: Trace,
    step: int,
    *,
    view: GraphView | None = None,
    tree: SearchTree | None = None,
    goal_board: Sequence[int] | None = None,
    scale: float = 1.0,
) -> Figure:
    """The picture of an uninformed search at ``step``.

    With a ``view``: the graph, tree or maze coloured by status. Without one
    (the 8-puzzle): the search tree so far (``tree``), the current board and
    the goal board. The solution path is drawn once the goal is reached.
    """
    state = trace.state(step)
    path = trace.result.path if state.event.kind in ("goal", "done") else None
    if view is not None:
        return uninformed_figure(view, state, path, scale=scale)
    if tree is None:
        raise ValueError("an 8-puzzle picture needs the search tree of its trace")
    return tree_figure(tree, state, path, goal=goal_board, scale=scale)


def bidirectional_figure_for(
    trace: Trace,
    step: int,
    *,
    view: GraphView | None = None,
    plain: Trace | None = None,
    plain_layers: Sequence[int] = (),
    scale: float = 1.0,
) -> Figure:
    """The picture of bidirectional search at ``step``.

    With a ``view``: the two searches on the graph, and plain BFS after as
    many expansions beside it. Without one (the 8-puzzle): how many states
    each search has reached at each distance from the start, against the
    layers of plain BFS (``plain_layers``).

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.EightPuzzle(NOTES_START)))
    >>> bidirectional_figure_for(tr, len(tr) - 1, plain_layers=[1, 3, 8]).axes[0].get_yscale()
    'log'
    """
    if view is not None:
        return bidirectional_figure(view, trace, step, plain, scale=scale)
    distance = trace.result.value if trace.result.value is not None else None
    fig = layers_chart(
        layer_sizes(trace, step, side="forward"),
        layer_sizes(trace, step, side="backward"),
        list(plain_layers),
        distance,
        scale=scale,
        width=10.0,
        height=4.6,
    )
    fig.axes[0].set_title(
        "States reached at each distance from the start: the two searches vs plain BFS",
        fontsize=font_size("title", scale),
    )
    return fig


def uninformed_thumbnail() -> Figure:
    """The home-page card: BFS halfway through the notes' tree.

    >>> uninformed_thumbnail().get_size_inches().tolist()
    [4.0, 2.6]
    """
    view = GraphView.of(notes_tree(), "A", "R", kind="tree")
    trace = Trace.record(sv.bfs(sv.GraphProblem(view.graph, "A", "R")))
    fig = uninformed_figure(view, trace.state(16), width=4.0, height=2.6)
    fig.axes[0].get_legend().remove()
    return fig


def bidirectional_thumbnail() -> Figure:
    """The home-page card: two searches meeting in a maze, plain BFS beside them.

    >>> len(bidirectional_thumbnail().axes)
    2
    """
    maze = grid_maze(12, 0.2, seed=1)
    view = GraphView.of(maze, (0, 0), (11, 11), kind="grid")
    problem = sv.GraphProblem(maze, (0, 0), (11, 11))
    trace = Trace.record(sv.bidirectional_bfs(problem))
    plain = Trace.record(sv.bfs(problem))
    fig = bidirectional_figure(view, trace, len(trace) - 1, plain, width=5.0, height=2.6)
    for ax in fig.axes:
        if ax.get_legend():
            ax.get_legend().remove()
        ax.set_title("")
    return fig
