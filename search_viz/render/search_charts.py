"""Charts of what a search costs: frontier size, nodes per iteration, the two searches' layers.

The series are read from traces once (pages cache them); a chart marks the
current step on them.

>>> import networkx as nx, search_viz as sv
>>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.star_graph(3), 0, 3)))
>>> frontier_after_expansions(tr).tolist()
[3, 2, 1, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, font_size
from search_viz.lessons.shared.figure import new_figure
from search_viz.trace import Trace

#: Colours and line styles of the algorithms in charts (colour and dash differ).
SERIES_STYLE: dict[str, tuple[str, str]] = {
    "BFS": (OKABE_ITO["blue"], "-"),
    "DFS": (OKABE_ITO["vermillion"], "--"),
    "forward": (OKABE_ITO["blue"], "-"),
    "backward": (OKABE_ITO["orange"], "--"),
    "both": (OKABE_ITO["bluish green"], "-."),
    "plain BFS": (DARK_GREY, ":"),
}


def frontier_after_expansions(trace: Trace) -> np.ndarray:
    """How many distinct nodes wait on the frontier after each expansion (and its children).

    Read in one pass over the events, the same way ``trace.state(k).frontier``
    counts: a node generated again is still one node.
    """
    waiting: set = set()
    sizes: list[int] = []
    expanded = 0
    for e in trace.events:
        if e.kind == "iterate":
            waiting = set()
        elif e.kind == "generate":
            waiting.add(e.node)
        elif e.kind == "expand":
            if expanded:
                sizes.append(len(waiting))
            expanded += 1
            waiting.discard(e.node)
    if expanded:
        sizes.append(len(waiting))
    return np.array(sizes, dtype=np.int64)


def _style_axes(ax, xlabel: str, ylabel: str, scale: float) -> None:
    ax.set_axis_on()
    ax.set_xlabel(xlabel, fontsize=font_size("label", scale))
    ax.set_ylabel(ylabel, fontsize=font_size("label", scale))
    ax.tick_params(labelsize=font_size("legend", scale))
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(alpha=0.3)


def frontier_chart(
    series: Mapping[str, np.ndarray],
    current: tuple[str, int] | None = None,
    *,
    scale: float = 1.0,
    width: float = 6.0,
    height: float = 3.2,
) -> Figure:
    """Frontier size after each expansion, one line per algorithm (the memory argument).

    ``current``: (algorithm, expansions so far), marked with a dot.

    >>> frontier_chart({"BFS": np.array([2, 3, 4]), "DFS": np.array([2, 2, 2])}).axes[0].lines[0]
    <matplotlib.lines.Line2D object at ...>
    """
    fig, ax = new_figure(width, height)
    for name, sizes in series.items():
        color, dash = SERIES_STYLE.get(name, (GREY, "-"))
        peak = int(sizes.max()) if len(sizes) else 0
        ax.plot(
            np.arange(1, len(sizes) + 1),
            sizes,
            color=color,
            linestyle=dash,
            linewidth=2.2,
            label=f"{name} (largest: {peak})",
            drawstyle="steps-post",
        )
    if current is not None:
        name, expanded = current
        sizes = series.get(name)
        if sizes is not None and 0 < expanded <= len(sizes):
            color, _ = SERIES_STYLE.get(name, (GREY, "-"))
            ax.plot(
                [expanded],
                [sizes[expanded - 1]],
                marker="o",
                markersize=9,
                color=color,
                markeredgecolor="black",
                linestyle="none",
                label="now",
            )
    _style_axes(ax, "nodes expanded", "nodes on the frontier", scale)
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=font_size("legend", scale), frameon=False)
    return fig


def iteration_counts(trace: Trace, step: int) -> list[tuple[int, int]]:
    """(limit, nodes expanded so far in that iteration) for each iteration begun by ``step``.

    >>> import search_viz as sv
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> tr = sv.Trace.record(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), 10))
    >>> iteration_counts(tr, len(tr) - 1)
    [(0, 1), (1, 4), (2, 8), (3, 14), (4, 13)]
    """
    counts: list[list[int]] = []
    for e in trace.events[: step + 1]:
        if e.kind == "iterate":
            counts.append([e.value, 0])
        elif e.kind == "expand" and counts:
            counts[-1][1] += 1
    return [(limit, n) for limit, n in counts]


def iteration_chart(
    counts: Sequence[tuple[int, int]],
    final: Sequence[int] = (),
    *,
    scale: float = 1.0,
    width: float = 6.0,
    height: float = 3.2,
) -> Figure:
    """Nodes visited in each iteration of iterative deepening, as bars.

    ``final``: every iteration's total at the end, drawn as hatched outlines
    so the growth ahead is visible; the bars fill up as the replay goes on.

    >>> len(iteration_chart([(0, 1), (1, 3)], [1, 4, 8]).axes[0].patches)
    5
    """
    fig, ax = new_figure(width, height)
    limits = list(range(max(len(final), len(counts))))
    if final:
        ax.bar(
            limits[: len(final)],
            final,
            color="none",
            edgecolor=GREY,
            hatch="//",
            linewidth=1.2,
            label="in the end",
        )
    done = [n for _, n in counts]
    bars = ax.bar(
        range(len(done)),
        done,
        color=OKABE_ITO["blue"],
        edgecolor="black",
        label="visited so far",
    )
    ax.bar_label(bars, fontsize=font_size("legend", scale), padding=2)
    _style_axes(ax, "depth limit", "nodes visited", scale)
    ax.set_xticks(limits)
    total = sum(done)
    last = done[-1] if done else 0
    ax.set_title(
        f"all iterations: {total} visits; the last one alone: {last}",
        fontsize=font_size("label", scale),
    )
    ax.legend(fontsize=font_size("legend", scale), frameon=False, loc="upper left")
    return fig


def layer_sizes(trace: Trace, step: int | None = None, side: str | None = None) -> list[int]:
    """How many nodes were reached at each depth (by ``side`` in a bidirectional trace).

    >>> import networkx as nx, search_viz as sv
    >>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.balanced_tree(2, 3), 0, 14)))
    >>> layer_sizes(tr)
    [1, 2, 4, 8]
    """
    last = len(trace) - 1 if step is None else step
    sizes: list[int] = []
    for e in trace.events[: last + 1]:
        if e.kind == "generate" and (side is None or e.data == side):
            while len(sizes) <= e.depth:
                sizes.append(0)
            sizes[e.depth] += 1
    return sizes


def layers_chart(
    forward: Sequence[int],
    backward: Sequence[int],
    plain: Sequence[int],
    distance: int | None,
    *,
    scale: float = 1.0,
    width: float = 7.0,
    height: float = 3.4,
) -> Figure:
    """Layer sizes by distance from the start: plain BFS against the two searches (log scale).

    Backward layers stand at (distance - their depth), so both searches grow
    towards the middle from their ends, while plain BFS grows all the way.

    >>> len(layers_chart([1, 2], [1, 2], [1, 2, 4, 8], 3).axes[0].patches)
    8
    """
    fig, ax = new_figure(width, height)
    span = distance if distance is not None else max(len(plain), len(forward)) - 1
    if plain:
        ax.bar(
            range(len(plain)),
            plain,
            width=0.9,
            color="none",
            edgecolor=DARK_GREY,
            hatch="//",
            label=f"plain BFS ({sum(plain):,} reached)",
        )
    ax.bar(
        range(len(forward)),
        forward,
        width=0.6,
        color=OKABE_ITO["blue"],
        edgecolor="black",
        label=f"forward ({sum(forward):,})",
    )
    ax.bar(
        [span - d for d in range(len(backward))],
        backward,
        width=0.6,
        color=OKABE_ITO["orange"],
        edgecolor="black",
        hatch="..",
        label=f"backward ({sum(backward):,})",
    )
    _style_axes(ax, "distance from the start", "nodes reached (log scale)", scale)
    ax.set_yscale("log")
    ax.set_ylim(bottom=0.8)
    ax.legend(fontsize=font_size("legend", scale), frameon=False, loc="upper left")
    return fig


def expansions_chart(
    trace: Trace,
    step: int,
    plain_total: int | None,
    *,
    scale: float = 1.0,
    width: float = 6.0,
    height: float = 3.2,
) -> Figure:
    """Nodes expanded by each side of a bidirectional search, step by step, against plain BFS.

    >>> import networkx as nx, search_viz as sv
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
    >>> len(expansions_chart(tr, 3, 5).axes[0].lines)
    4
    """
    fig, ax = new_figure(width, height)
    steps = np.arange(len(trace))
    kinds = np.array([e.kind == "expand" for e in trace.events])
    sides = np.array([e.data for e in trace.events], dtype=object)
    series = {
        "forward": np.cumsum(kinds & (sides == "forward")),
        "backward": np.cumsum(kinds & (sides == "backward")),
    }
    series["both"] = series["forward"] + series["backward"]
    for name, values in series.items():
        color, dash = SERIES_STYLE[name]
        ax.plot(
            steps[: step + 1],
            values[: step + 1],
            color=color,
            linestyle=dash,
            linewidth=2.2,
            label=f"{name}: {int(values[step])}",
        )
    if plain_total is not None:
        color, dash = SERIES_STYLE["plain BFS"]
        ax.axhline(
            plain_total, color=color, linestyle=dash, linewidth=2, label=f"plain BFS: {plain_total}"
        )
    _style_axes(ax, "step", "nodes expanded", scale)
    ax.set_xlim(0, max(1, len(trace) - 1))
    ax.set_ylim(0, max(int(series["both"][-1]), plain_total or 0) * 1.08 + 1)
    ax.legend(fontsize=font_size("legend", scale), frameon=False, loc="upper left")
    return fig
