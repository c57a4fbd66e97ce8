"""Iterative deepening's counters: a node cut off at the limit is visited, not expanded.

The notes' table counts visits (every node taken off the stack and goal-tested);
``r.stats["expanded"]`` counts the same ``expand`` events (DESIGN). A node at the
limit is visited but its children are not generated, so the lesson's counters say
"visited" and "cut off" for DLS and IDDFS, and never call a cut-off node expanded.
"""

from __future__ import annotations

from search_viz.lessons.shared.graph_cases import NOTES_TREE
from tests.test_uninformed import NOTES_EARLY_STOP, NOTES_IDDFS_TABLE
from tests.test_uninformed_film import page_film

#: Nodes of the notes' tree at each depth (a node at the limit is cut off).
AT_DEPTH = ["A", "BCD", "EFGH", "IJKLMN", "OPRS"]


def test_the_notes_iddfs_counts_visits_and_cut_offs_limit_by_limit():
    film, trace = page_film(NOTES_TREE, "IDDFS")  # the page's default: A to R
    visits = [len(row.split()) for row in NOTES_IDDFS_TABLE[:4]] + [len(NOTES_EARLY_STOP.split())]
    assert visits == [1, 4, 8, 14, 13]
    assert trace.result.stats["expanded"] == sum(visits) == 40  # the expand events (DESIGN)
    # the last node at the limit is cut off before the next iteration starts
    cut_per_limit = [len(AT_DEPTH[limit]) for limit in range(4)] + [2]  # O and P; R is the goal
    ends = [k - 1 for k in trace.positions("iterate").tolist()[1:]] + [len(film) - 1]
    for limit, end in enumerate(ends):
        counters = film.state(end).counters
        assert "expanded" not in counters
        assert counters["visited"] == sum(visits[: limit + 1]), limit
        assert counters["cut off"] == sum(cut_per_limit[: limit + 1]), limit
    assert film.state(-1).counters["cut off"] == len(trace.positions("cutoff")) == 16


def test_bfs_still_counts_expanded_nodes():
    film, trace = page_film(NOTES_TREE, "BFS")
    counters = film.state(-1).counters
    assert counters["expanded"] == trace.result.stats["expanded"] == 17
    assert "cut off" not in counters
