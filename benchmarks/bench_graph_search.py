"""Graph search against networkx: BFS and bidirectional BFS on a 300 x 300 grid, corner to corner.

Our searches yield an event for every node they generate and expand; here the
events are drained by ``sv.run`` (made and thrown away), which is the cost a
page pays before it stores them. networkx's functions make no events. The two
are timed in turns, in one run, and the fastest of several runs of each is kept.
Times are CPU time of this process (``time.process_time``): the machine is
shared, and other programs' work should count against neither side.

Run: ``python -m benchmarks.bench_graph_search`` (rewrites its tables in benchmarks/README.md).
"""

from __future__ import annotations

import time

import networkx as nx

import search_viz as sv
from benchmarks.tables import table, write_section
from search_viz.problems.eight_puzzle import HARDEST_STARTS, ORDERED_GOAL

SIDE = 300
TARGET = 1.5
REPEAT = 15


def fastest_in_turns(runs: dict, repeat: int = REPEAT) -> dict[str, float]:
    """The fastest CPU time of each function, running them in turns so noise hits all alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, fn in runs.items():
            start = time.process_time()
            fn()
            best[name] = min(best[name], time.process_time() - start)
    return best


def grid_rows() -> list[tuple]:
    G = nx.grid_2d_graph(SIDE, SIDE)
    start, goal = (0, 0), (SIDE - 1, SIDE - 1)
    problem = sv.GraphProblem(G, start, goal)
    ours_bi, ours_bfs = sv.run(sv.bidirectional_bfs(problem)), sv.run(sv.bfs(problem))
    peer = nx.bidirectional_shortest_path(G, start, goal)
    assert len(ours_bi.path) == len(ours_bfs.path) == len(peer) == 2 * (SIDE - 1) + 1
    times = fastest_in_turns(
        {
            "bidirectional_bfs": lambda: sv.run(sv.bidirectional_bfs(problem)),
            "nx.bidirectional_shortest_path": lambda: nx.bidirectional_shortest_path(
                G, start, goal
            ),
            "bfs": lambda: sv.run(sv.bfs(problem)),
            "nx.shortest_path": lambda: nx.shortest_path(G, start, goal),
        }
    )
    rows = []
    for ours, peer_name, result in [
        ("bidirectional_bfs", "nx.bidirectional_shortest_path", ours_bi),
        ("bfs", "nx.shortest_path", ours_bfs),
    ]:
        ratio = times[ours] / times[peer_name]
        rows.append(
            (
                f"`sv.{ours}` (events drained)",
                f"`{peer_name}`",
                f"{result.stats['expanded']:,}",
                f"{times[ours] * 1e3:.0f}",
                f"{times[peer_name] * 1e3:.0f}",
                f"{ratio:.2f}x",
                f"under {TARGET}x",
                "yes" if ratio < TARGET else "**no**",
            )
        )
    return rows


def puzzle_rows() -> list[tuple]:
    rows = []
    for start in HARDEST_STARTS:
        problem = sv.EightPuzzle(start, goal=ORDERED_GOAL)
        plain_time = time.process_time()
        plain = sv.run(sv.bfs(problem))
        plain_time = time.process_time() - plain_time
        both_time = time.process_time()
        both = sv.run(sv.bidirectional_bfs(problem))
        both_time = time.process_time() - both_time
        rows.append(
            (
                " ".join(str(t) for t in start),
                plain.value,
                f"{plain.stats['expanded']:,}",
                f"{both.stats['expanded']:,}",
                f"{plain.stats['expanded'] / both.stats['expanded']:.1f}x",
                f"{plain_time * 1e3:.0f}",
                f"{both_time * 1e3:.0f}",
            )
        )
    return rows


def main() -> None:
    write_section(
        "graph-search-grid",
        table(
            [
                "ours",
                "networkx",
                "nodes expanded (ours)",
                "ours ms",
                "networkx ms",
                "ratio",
                "target",
                "met",
            ],
            grid_rows(),
        ),
    )
    write_section(
        "graph-search-puzzle",
        table(
            [
                "start (goal 1 2 3 4 5 6 7 8 0)",
                "moves",
                "BFS expanded",
                "bidirectional expanded",
                "fewer",
                "BFS ms",
                "bidirectional ms",
            ],
            puzzle_rows(),
        ),
    )


if __name__ == "__main__":
    main()
