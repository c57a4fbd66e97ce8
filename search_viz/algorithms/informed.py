"""Informed search: greedy best-first search and A*, two choices of f on the one best-first core.

Both expand the frontier node with the lowest f first
(:func:`~search_viz.algorithms.best_first.best_first_search`); only f differs:

* greedy best-first search: ``f = h``, the estimate of the cost still to go;
  quick, but blind to the cost already paid, so its path can be longer;
* A*: ``f = g + h``, the cost so far plus the estimate; with an admissible and
  consistent ``h`` its path is a cheapest one.

``heuristic`` names one of the problem's heuristics (the 8-puzzle has
``"misplaced"``, ``"manhattan"`` and ``"linear conflict"``), or is a function
of a state, or None for the problem's own ``h``. ``tie`` breaks ties among
equal f: ``"fifo"`` (first in, first out) or ``"deeper"`` (larger g first).

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> p = sv.EightPuzzle(NOTES_START)
>>> [sv.run(sv.astar(p, heuristic=name)).value for name in ("misplaced", "manhattan")]
[5, 5]
>>> sv.run(sv.greedy(p, heuristic="misplaced")).value
5
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from numbers import Real
from typing import Any

from search_viz.algorithms.best_first import (
    BEST_FIRST_METHODS,
    best_first_pseudocode,
    best_first_search,
)
from search_viz.checks import WrongTypeError, describe
from search_viz.events import Event, Result
from search_viz.problems.search_problem import Problem, check_problem

Heuristic = str | Callable[[Any], float] | None

GREEDY_PSEUDOCODE = best_first_pseudocode("h")
ASTAR_PSEUDOCODE = best_first_pseudocode("g + h")


def greedy(
    problem: Problem, heuristic: Heuristic = None, tie: str = "fifo"
) -> Generator[Event, None, Result]:
    """Greedy best-first search: expand the node that looks closest to the goal, ``f = h``.

    Graph search with a closed set. The path it finds need not be the
    shortest: it never weighs the moves already made.

    >>> import search_viz as sv
    >>> p = sv.EightPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1), goal=(1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> r = sv.run(sv.greedy(p, heuristic="manhattan"))
    >>> r.value > 31  # the shortest solution has 31 moves
    True
    """
    check_problem(problem, "greedy", BEST_FIRST_METHODS)
    return best_first_search(problem, f=_estimate, h=heuristic_of(problem, heuristic), tie=tie)


def astar(
    problem: Problem, heuristic: Heuristic = None, tie: str = "fifo"
) -> Generator[Event, None, Result]:
    """A*: expand the node with the lowest ``f = g + h``, path cost so far plus estimate.

    Graph search with a closed set (an expanded node is never reopened): with a
    consistent heuristic (all three of the 8-puzzle's are) the path is a
    cheapest one. Every event carries ``g``, ``h`` and ``value = f``.

    >>> import search_viz as sv
    >>> p = sv.EightPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1), goal=(1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> sv.run(sv.astar(p, heuristic="manhattan")).value
    31
    """
    check_problem(problem, "astar", BEST_FIRST_METHODS)
    return best_first_search(
        problem, f=_cost_plus_estimate, h=heuristic_of(problem, heuristic), tie=tie
    )


def heuristic_of(problem: Problem, heuristic: Heuristic) -> Callable[[Any], float]:
    """The function of a state that ``heuristic`` stands for on ``problem``.

    A name asks the problem (``problem.heuristic(name)``), a function is used
    as it is, None gives the problem's own ``h``.

    >>> import search_viz as sv
    >>> p = sv.EightPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5))
    >>> heuristic_of(p, "misplaced")(p.initial), heuristic_of(p, None)(p.initial)
    (4, 5)
    >>> heuristic_of(p, "euclid")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown heuristic 'euclid': choose one of 'misplaced', 'manhattan', ...
    """
    if heuristic is None:
        return problem.h
    if callable(heuristic):
        return _checked(heuristic)
    if isinstance(heuristic, str):
        named = getattr(problem, "heuristic", None)
        if named is None:
            raise ValueError(
                f"{type(problem).__name__} has no named heuristics: pass a function of a state"
            )
        return named(heuristic)
    raise WrongTypeError(
        f"a heuristic is a name or a function of a state, not {describe(heuristic)}"
    )


def _checked(heuristic: Callable[[Any], float]) -> Callable[[Any], float]:
    """``heuristic`` (a function the caller wrote), refusing any estimate that is not a
    number with a message that says so (a search would fail later, somewhere unclear).

    >>> _checked(len)("abc")
    3
    >>> _checked(print)("abc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the heuristic gave None for 'abc': a heuristic gives a number, ...
    """

    def estimate(state: Any) -> float:
        h = heuristic(state)
        if isinstance(h, bool) or not isinstance(h, Real) or h != h:  # h != h: NaN
            raise ValueError(
                f"the heuristic gave {describe(h)} for {describe(state)}: a heuristic gives a "
                "number, its estimate of the cost from a state to the goal"
            )
        return h

    return estimate


def _estimate(g: float, h: float | None) -> float:
    return h


def _cost_plus_estimate(g: float, h: float | None) -> float:
    return g + h
