"""search_viz: classic AI search algorithms that explain themselves, one event at a time.

Every algorithm is a generator of :class:`Event` records that returns a
:class:`Result`; :func:`run` drains one, :class:`Trace` records one and
rebuilds any step of it for a picture.

>>> import search_viz as sv
>>> def countdown(n):
...     for i in range(n, 0, -1):
...         yield sv.Event("expand", i)
...     return sv.Result(value="lift-off")
>>> sv.run(countdown(3)).value
'lift-off'
"""

from search_viz.algorithms import (
    best_first_search,
    bfs,
    bidirectional_bfs,
    dfs,
    dls,
    iddfs,
    ucs,
)
from search_viz.events import KINDS, Event, Result, explain, format_value
from search_viz.problems import EightPuzzle, GraphProblem, Problem
from search_viz.trace import DEFAULT_LIMIT, State, Trace, run

__all__ = [
    "DEFAULT_LIMIT",
    "KINDS",
    "EightPuzzle",
    "Event",
    "GraphProblem",
    "Problem",
    "Result",
    "State",
    "Trace",
    "best_first_search",
    "bfs",
    "bidirectional_bfs",
    "dfs",
    "dls",
    "explain",
    "format_value",
    "iddfs",
    "run",
    "ucs",
]
