"""What a heuristic buys: BFS, uniform cost, greedy and A* with each heuristic on one instance.

:func:`compare` runs every search in :data:`SEARCHES` on the same problem
(events made and drained, as a page pays for them) and returns, for each, the
path length, nodes expanded, the largest frontier, the effective branching
factor and the time it took.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> rows = compare(sv.EightPuzzle(NOTES_START))
>>> [(row.name, row.moves) for row in rows][:3]
[('BFS', 5), ('UCS', 5), ('greedy, misplaced', 5)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import NamedTuple

from search_viz.algorithms.best_first import ucs
from search_viz.algorithms.informed import astar, greedy, heuristic_of
from search_viz.algorithms.measures import effective_branching
from search_viz.algorithms.uninformed import bfs
from search_viz.events import Event, Result, run
from search_viz.problems.search_problem import Problem

Search = Callable[[Problem, str], Generator[Event, None, Result]]

#: The searches compared, in the order of the table: (name, family, heuristic).
SEARCHES: tuple[tuple[str, str, str | None], ...] = (
    ("BFS", "uninformed", None),
    ("UCS", "uninformed", None),
    ("greedy, misplaced", "greedy", "misplaced"),
    ("greedy, manhattan", "greedy", "manhattan"),
    ("greedy, linear conflict", "greedy", "linear conflict"),
    ("A*, misplaced", "A*", "misplaced"),
    ("A*, manhattan", "A*", "manhattan"),
    ("A*, linear conflict", "A*", "linear conflict"),
)


class Row(NamedTuple):
    """One search's results on the instance (``moves`` None: no solution)."""

    name: str
    family: str
    moves: int | None
    expanded: int
    generated: int
    max_frontier: int
    branching: float | None
    seconds: float


def search_for(family: str, name: str, heuristic: str | None, tie: str) -> Search:
    """The generator function behind one row of :data:`SEARCHES`.

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> search = search_for("A*", "A*, manhattan", "manhattan", "fifo")
    >>> sv.run(search(sv.EightPuzzle(NOTES_START))).value
    5
    """
    if family == "greedy":
        return lambda problem: greedy(problem, heuristic=heuristic, tie=tie)
    if family == "A*":
        return lambda problem: astar(problem, heuristic=heuristic, tie=tie)
    if name == "UCS":
        return lambda problem: ucs(problem, tie=tie)
    return bfs


def compare(problem: Problem, tie: str = "fifo") -> list[Row]:
    """Run every search of :data:`SEARCHES` on ``problem`` (ties broken by ``tie``); one row each.

    ``seconds`` is wall time on this machine, events made and drained (a
    heuristic's tables are built before its clock starts).

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> [row.expanded for row in compare(sv.EightPuzzle(NOTES_START), tie="deeper")]
    [35, 35, 6, 6, 6, 6, 6, 6]
    """
    rows = []
    for name, family, heuristic in SEARCHES:
        search = search_for(family, name, heuristic, tie)
        if heuristic is not None:
            heuristic_of(problem, heuristic)  # build its tables outside the timing
        began = time.perf_counter()
        result = run(search(problem))
        seconds = time.perf_counter() - began
        moves = len(result.path) - 1 if result.path else None
        stats = result.stats
        rows.append(
            Row(
                name,
                family,
                moves,
                stats["expanded"],
                stats["generated"],
                stats["max_frontier"],
                effective_branching(stats["generated"] - 1, moves) if moves else None,
                seconds,
            )
        )
    return rows
