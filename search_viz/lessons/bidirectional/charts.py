"""The chart under the bidirectional replay: how many nodes each search expanded, event by
event, against the total of plain BFS.

>>> import networkx as nx, search_viz as sv
>>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
>>> expansions_chart(tr, 5).axes[0].get_xlabel()
'step'
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from search_viz.film.style import DARK_GREY, OKABE_ITO, font_size
from search_viz.lessons.shared.figure import new_figure, style_chart_axes
from search_viz.trace import Trace

#: Colours and line styles of the series (colour and dash differ).
SERIES_STYLE: dict[str, tuple[str, str]] = {
    "forward": (OKABE_ITO["blue"], "-"),
    "backward": (OKABE_ITO["orange"], "--"),
    "both": (OKABE_ITO["bluish green"], "-."),
    "plain BFS": (DARK_GREY, ":"),
}


def expansions_chart(
    trace: Trace,
    plain_total: int | None,
    *,
    scale: float = 1.0,
    width: float = 6.0,
    height: float = 3.2,
) -> Figure:
    """Nodes expanded by each side of a bidirectional search, event by event, against plain BFS.

    >>> import networkx as nx, search_viz as sv
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
    >>> len(expansions_chart(tr, 5).axes[0].lines)
    4
    """
    step = len(trace) - 1
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
    style_chart_axes(ax, "step", "nodes expanded", scale)
    ax.set_xlim(0, max(1, len(trace) - 1))
    ax.set_ylim(0, max(int(series["both"][-1]), plain_total or 0) * 1.08 + 1)
    ax.legend(fontsize=font_size("legend", scale), frameon=False, loc="upper left")
    return fig
