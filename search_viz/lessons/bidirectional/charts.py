"""The chart under the bidirectional replay: how many nodes each search expanded, event by
event, against the total of plain BFS.

>>> import networkx as nx, search_viz as sv
>>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
>>> ">step</text>" in expansions_chart(tr, 5)
True
"""

from __future__ import annotations

import numpy as np

from search_viz.film.style import DARK_GREY, OKABE_ITO
from search_viz.lessons.shared.svg_chart import Line, line_chart
from search_viz.trace import Trace

#: Colours and line styles of the series (colour and dash differ).
SERIES_STYLE: dict[str, tuple[str, str]] = {
    "forward": (OKABE_ITO["blue"], "-"),
    "backward": (OKABE_ITO["orange"], "--"),
    "both": (OKABE_ITO["bluish green"], "-."),
    "plain BFS": (DARK_GREY, ":"),
}


#: The chart's size in inches: it stands in a column beside the argument in numbers, narrow
#: enough that its text reads large there; on a projector as wide as that column is (an
#: image never grows past its own width), where its text is larger.
COLUMN_SIZE, PROJECTOR_SIZE = (4.5, 3.2), (6.0, 3.6)


def expansions_chart(
    trace: Trace,
    plain_total: int | None,
    *,
    scale: float = 1.0,
    size: tuple[float, float] = COLUMN_SIZE,
) -> str:
    """Nodes expanded by each side of a bidirectional search, event by event, against plain BFS,
    as SVG text, ``size`` inches (pixels at 100 per inch) before the page fits it to its column.

    >>> import networkx as nx, search_viz as sv
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
    >>> svg = expansions_chart(tr, 5)
    >>> svg.count("<polyline "), ">plain BFS: 5</text>" in svg
    (8, True)
    """
    step = len(trace) - 1
    last = max(1, step)
    steps = list(range(len(trace)))
    kinds = np.array([e.kind == "expand" for e in trace.events])
    sides = np.array([e.data for e in trace.events], dtype=object)
    series = {
        "forward": np.cumsum(kinds & (sides == "forward")),
        "backward": np.cumsum(kinds & (sides == "backward")),
    }
    series["both"] = series["forward"] + series["backward"]
    lines = []
    for name, values in series.items():
        color, dash = SERIES_STYLE[name]
        lines.append(Line(f"{name}: {int(values[step])}", steps, values.tolist(), color, dash))
    if plain_total is not None:
        color, dash = SERIES_STYLE["plain BFS"]
        label = f"plain BFS: {plain_total}"
        lines.append(Line(label, (0, last), (plain_total, plain_total), color, dash, width=2))
    top = max(int(series["both"][-1]), plain_total or 0) * 1.08 + 1
    return line_chart(
        lines, xlabel="step", ylabel="nodes expanded", xlim=(0, last), ylim=(0, top),
        legend="upper left", legend_columns=2, counts=True, scale=scale,
        size=size,
    )  # fmt: skip
