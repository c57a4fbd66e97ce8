"""The charts under an uninformed search's replay: how big the frontier gets (BFS against DFS),
and how many nodes each iteration of iterative deepening visits.

The series are read from traces once (pages cache them); each chart comes
with the caption that says what it shows, computed from the same numbers.

>>> import networkx as nx, search_viz as sv
>>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.star_graph(3), 0, 3)))
>>> frontier_after_expansions(tr).tolist()
[3, 2, 1, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from search_viz.film.style import GREY, OKABE_ITO
from search_viz.lessons.shared.graph_cases import MAZE
from search_viz.lessons.shared.svg_chart import Line, bar_chart, line_chart
from search_viz.trace import Trace

#: Colours and line styles of the algorithms in charts (colour and dash differ).
SERIES_STYLE: dict[str, tuple[str, str]] = {
    "BFS": (OKABE_ITO["blue"], "-"),
    "DFS": (OKABE_ITO["vermillion"], "--"),
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


def frontier_chart(series: Mapping[str, np.ndarray], *, scale: float = 1.0) -> str:
    """Frontier size after each expansion, one step line per algorithm (the memory argument),
    as SVG text.

    >>> svg = frontier_chart({"BFS": np.array([2, 3, 4]), "DFS": np.array([2, 2, 2])})
    >>> svg.count("<polyline "), ">BFS (largest: 4)</text>" in svg
    (4, True)
    """
    lines = []
    for name, sizes in series.items():
        color, dash = SERIES_STYLE.get(name, (GREY, "-"))
        peak = int(sizes.max()) if len(sizes) else 0
        xs = range(1, len(sizes) + 1)
        lines.append(Line(f"{name} (largest: {peak})", xs, sizes.tolist(), color, dash, steps=True))
    return line_chart(
        lines,
        xlabel="nodes expanded",
        ylabel="nodes on the frontier",
        ylim=(0, None),
        counts=True,
        scale=scale,
    )


def memory_caption(peaks: Mapping[str, int], kind: str) -> str:
    """What the memory chart shows, in the numbers it shows: the larger frontier, and why.

    ``peaks``: each algorithm's largest frontier; ``kind``: the problem (its
    name in :mod:`~search_viz.lessons.shared.graph_cases`).

    >>> memory_caption({"BFS": 16, "DFS": 5}, "Random graph")[:60]
    'Here BFS kept up to 16 nodes waiting and DFS up to 5: BFS ke'
    >>> "DFS kept more" in memory_caption({"BFS": 7, "DFS": 9}, "Random graph")
    True
    """
    bfs, dfs = peaks["BFS"], peaks["DFS"]
    said = f"Here BFS kept up to {bfs} nodes waiting and DFS up to {dfs}: "
    if bfs > dfs:
        return said + (
            "BFS keeps a whole layer waiting, about b^d nodes at depth d on a tree with b "
            "children per node, while DFS keeps only the siblings along one path, about b·d."
            + (" In a maze the layer is a wave front, so the gap is small." if kind == MAZE else "")
        )
    if bfs == dfs:
        return said + (
            "the same. On so small a problem the layers BFS keeps are no wider than the "
            "siblings DFS keeps along its path; the gap opens on deeper, bushier problems."
        )
    return said + (
        "here DFS kept more. This DFS is a graph search: it pushes every neighbour it has not "
        "expanded, and a node reached again is pushed again, so on a graph with many cycles its "
        "stack holds most of the graph while it goes deep. The b·d bound of DFS holds on a tree, "
        "where every node is reached once."
    )


def iteration_chart(per_iteration: Sequence[int], *, scale: float = 1.0) -> str:
    """Nodes visited by each iteration of iterative deepening, as bars labelled with their
    counts, as SVG text.

    >>> iteration_chart([1, 4, 8, 14, 13]).count('class="bar"')
    5
    """
    total = sum(per_iteration)
    last = per_iteration[-1] if per_iteration else 0
    return bar_chart(
        per_iteration,
        xlabel="depth limit",
        ylabel="nodes visited",
        title=f"all iterations: {total} visits; the last one alone: {last}",
        color=OKABE_ITO["blue"],
        scale=scale,
        size=(4.5, 3.0),  # it stands in a column beside the notes' table
    )
