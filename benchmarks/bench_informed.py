"""A* with Manhattan distance on the two hardest 8-puzzle starts: ours, a plain A*, simpleai.

Targets, on the two 31-move starts for the goal 1 2 3 4 5 6 7 8 _ with every
event made and drained by ``sv.run``: under 0.1x simpleai's ``astar`` (graph
search, the same heuristic function) and under 2x a plain A* written here
without events (the same problem, heuristic, heap and tie rule, so it expands
exactly the same boards).

Ours and the plain A* are timed in turns and keep their fastest of several
runs; simpleai is timed once per start (it takes minutes: for every child it
scans the whole frontier for a board already there). Times are CPU time of
this process (``time.process_time``): the machine is shared.

A second table checks a claim of the lesson on every board within
``DOMINANCE_DEPTH`` moves of both goals: A* with Manhattan distance never
expands more boards than with misplaced tiles, under either tie rule.

Run: ``python -m benchmarks.bench_informed`` (rewrites its tables in benchmarks/README.md).
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections import deque

from simpleai.search import SearchProblem
from simpleai.search import astar as simpleai_astar

import search_viz as sv
from benchmarks.tables import table, write_section
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_GOAL, ORDERED_GOAL

REPEAT = 15
DOMINANCE_DEPTH = 14
TARGET_PEER, TARGET_PLAIN = 0.1, 2.0


def plain_astar(problem: sv.EightPuzzle, h) -> tuple[int, int]:
    """A* with no events: (moves, boards expanded). First in, first out among equal f."""
    start = problem.initial
    steps, goal = problem.steps, problem.goal
    order = itertools.count()
    g_of = {start: 0}
    frontier = [(h(start), next(order), 0, start)]
    closed = set()
    while frontier:
        _, _, g, node = heapq.heappop(frontier)
        if node in closed or g != g_of[node]:
            continue
        if node == goal:
            return g, len(closed) + 1
        closed.add(node)
        for child, cost in steps(node):
            if child in closed:
                continue
            g_child = g + cost
            if child in g_of and g_child >= g_of[child]:
                continue
            g_of[child] = g_child
            heapq.heappush(frontier, (g_child + h(child), next(order), g_child, child))
    raise ValueError("no solution")


class SimpleaiPuzzle(SearchProblem):
    """The 8-puzzle for simpleai: an action is the board it leads to; it counts goal tests."""

    def __init__(self, problem: sv.EightPuzzle, h) -> None:
        super().__init__(initial_state=problem.initial)
        self.problem, self.h, self.tested = problem, h, 0

    def actions(self, state):
        return self.problem.successors(state)

    def result(self, state, action):
        return action

    def cost(self, state, action, state2):
        return 1

    def is_goal(self, state):
        self.tested += 1  # simpleai tests each board it takes off the frontier: its expansions
        return state == self.problem.goal

    def heuristic(self, state):
        return self.h(state)


def fastest_in_turns(runs: dict, repeat: int = REPEAT) -> dict[str, float]:
    """The fastest CPU time of each function, running them in turns so noise hits all alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, fn in runs.items():
            began = time.process_time()
            fn()
            best[name] = min(best[name], time.process_time() - began)
    return best


def hardest_rows() -> list[tuple]:
    rows = []
    for start in HARDEST_STARTS:
        problem = sv.EightPuzzle(start, goal=ORDERED_GOAL)
        h = problem.heuristic("manhattan")
        ours = sv.run(sv.astar(problem, heuristic="manhattan"))
        deeper = sv.run(sv.astar(problem, heuristic="manhattan", tie="deeper"))
        plain = plain_astar(problem, h)
        assert (ours.value, ours.stats["expanded"]) == plain, "not the same search"
        times = fastest_in_turns(
            {
                "ours": lambda p=problem: sv.run(sv.astar(p, heuristic="manhattan")),
                "plain": lambda p=problem, h=h: plain_astar(p, h),
            }
        )
        peer_problem = SimpleaiPuzzle(problem, h)
        began = time.process_time()
        peer = simpleai_astar(peer_problem, graph_search=True)
        peer_time = time.process_time() - began
        assert len(peer.path()) - 1 == ours.value == 31
        vs_peer, vs_plain = times["ours"] / peer_time, times["ours"] / times["plain"]
        rows.append(
            (
                " ".join(str(t) for t in start),
                f"{ours.stats['expanded']:,} ({deeper.stats['expanded']:,})",
                f"{peer_problem.tested:,}",
                f"{times['ours'] * 1e3:.0f}",
                f"{times['plain'] * 1e3:.0f}",
                f"{peer_time:.1f} s",
                f"{vs_peer:.4f}x",
                "yes" if vs_peer < TARGET_PEER else "**no**",
                f"{vs_plain:.2f}x",
                "yes" if vs_plain < TARGET_PLAIN else "**no**",
            )
        )
    return rows


def within(goal, depth: int) -> list:
    """Every board within ``depth`` moves of ``goal`` (the goal itself left out)."""
    seen = {goal: 0}
    queue = deque([goal])
    problem = sv.EightPuzzle(goal, goal=goal)
    while queue:
        board = queue.popleft()
        if seen[board] == depth:
            continue
        for nxt in problem.successors(board):
            if nxt not in seen:
                seen[nxt] = seen[board] + 1
                queue.append(nxt)
    return [board for board, d in seen.items() if d]


def dominance_rows() -> list[tuple]:
    rows = []
    for goal in (ORDERED_GOAL, NOTES_GOAL):
        boards = within(goal, DOMINANCE_DEPTH)
        for tie in ("fifo", "deeper"):
            more = 0
            total = {"misplaced": 0, "manhattan": 0}
            for board in boards:
                counts = {
                    name: sv.run(
                        sv.astar(sv.EightPuzzle(board, goal), heuristic=name, tie=tie)
                    ).stats["expanded"]
                    for name in total
                }
                more += counts["manhattan"] > counts["misplaced"]
                for name in total:
                    total[name] += counts[name]
            rows.append(
                (
                    " ".join(str(t) for t in goal),
                    tie,
                    f"{len(boards):,}",
                    f"{total['misplaced']:,}",
                    f"{total['manhattan']:,}",
                    more,
                )
            )
    return rows


def main() -> None:
    write_section(
        "informed-hardest",
        table(
            [
                "start (goal 1 2 3 4 5 6 7 8 0)",
                "expanded: ours, FIFO ties (deeper ties)",
                "expanded: simpleai",
                "ours ms",
                "plain A* ms",
                "simpleai",
                "ours / simpleai",
                f"under {TARGET_PEER}x",
                "ours / plain",
                f"under {TARGET_PLAIN:g}x",
            ],
            hardest_rows(),
        ),
    )
    write_section(
        "informed-dominance",
        table(
            [
                "goal",
                "ties",
                f"boards within {DOMINANCE_DEPTH} moves",
                "expanded in all: misplaced",
                "expanded in all: manhattan",
                "boards where manhattan expands more",
            ],
            dominance_rows(),
        ),
    )


if __name__ == "__main__":
    main()
