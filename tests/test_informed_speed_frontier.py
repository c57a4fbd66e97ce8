"""What the frontier keeps count of as nodes come and go is what its rows say afresh."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz.lessons.informed.frontier import Frontier, FrontierRow


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["fifo", "deeper"]))
def test_the_ties_counted_as_nodes_come_and_go_are_the_rows_sharing_an_f(seed, tie):
    rng = random.Random(seed)
    frontier = Frontier(tie)
    nodes = "ABCDEFGHIJKL"
    for k in range(rng.randint(1, 80)):
        if rng.random() < 0.6:  # few f values, ints and floats alike: ties are many
            g, h = rng.randint(0, 3), rng.choice([0, 1, 2, 1.0, 2.5])
            frontier.put(FrontierRow(rng.choice(nodes), g, h, g + h, "P", k))
        else:
            frontier.take(rng.choice(nodes))  # on the frontier or not
        rows = frontier.top(len(frontier))
        for node in nodes:
            mine = [row for row in rows if row.node == node]
            same = sum(1 for row in rows if mine and row.f == mine[0].f) - 1
            assert frontier.ties(node) == max(same, 0), (k, node)
