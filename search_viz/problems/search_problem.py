"""The Problem protocol every graph-search algorithm works on (AIMA's ``Problem``).

A problem says WHAT is searched: where the search starts, which actions each
state allows, where an action leads, which states are goals, what an action
costs, and a heuristic estimate ``h`` of the cost still to go. Algorithms
(``search_viz.algorithms``) say HOW; they ask only these questions, so one BFS
searches a networkx graph and the 8-puzzle alike.

>>> class Count(Problem):
...     '''Count up from 0 to 3, one or two at a time.'''
...     def actions(self, state):
...         return [1, 2]
...     def result(self, state, action):
...         return state + action
>>> p = Count(initial=0, goal=3)
>>> p.successors(0), p.steps(0), p.is_goal(3), p.h(0)
([1, 2], [(1, 1), (2, 1)], True, 0)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from search_viz.checks import has_methods

State = Hashable
Action = Any


class Problem:
    """A search problem: ``initial`` state, ``goal`` state (or a goal test), moves and costs.

        Subclasses define :meth:`actions` and :meth:`result`; the rest has
        defaults: the goal test compares with ``goal``, every action costs 1, and
        ``h`` is 0 (no knowledge). Algorithms call :meth:`successors`, which a
        subclass may override with a faster equivalent, and :meth:`steps` (children
    with their step costs) for the searches that weigh steps; bidirectional search also
        calls :meth:`predecessors`.
    """

    def __init__(self, initial: State, goal: State | None = None) -> None:
        self.initial = initial
        self.goal = goal

    def actions(self, state: State) -> Iterable[Action]:
        """The actions allowed in ``state``, in the order a search tries them."""
        raise NotImplementedError(f"{type(self).__name__} must define actions(state)")

    def result(self, state: State, action: Action) -> State:
        """The state that ``action`` leads to from ``state``."""
        raise NotImplementedError(f"{type(self).__name__} must define result(state, action)")

    def is_goal(self, state: State) -> bool:
        """Whether ``state`` is a goal (by default: equal to ``goal``)."""
        return state == self.goal

    def action_cost(self, state: State, action: Action, result: State) -> float:
        """What taking ``action`` from ``state`` to ``result`` costs (by default 1)."""
        return 1

    def h(self, state: State) -> float:
        """An estimate of the cost from ``state`` to a goal (by default 0: no knowledge)."""
        return 0

    def successors(self, state: State) -> list[State]:
        """The states one action away from ``state``, in the order of :meth:`actions`."""
        return [self.result(state, action) for action in self.actions(state)]

    def steps(self, state: State) -> list[tuple[State, float]]:
        """The ``(child, cost of the step)`` pairs of ``state``, in the order of :meth:`actions`."""
        steps = []
        for action in self.actions(state):
            child = self.result(state, action)
            steps.append((child, self.action_cost(state, action, child)))
        return steps

    def predecessors(self, state: State) -> Iterable[State]:
        """The states one action before ``state`` (what a backward search follows).

        A problem that can be searched backwards overrides this; by default
        there is no way back.
        """
        raise TypeError(
            f"{type(self).__name__} cannot be searched backwards: it does not say which "
            "states lead to a state (define predecessors(state))"
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.initial!r}, goal={self.goal!r})"


#: What every graph-search algorithm asks of a problem.
SEARCH_METHODS = ("initial", "successors", "is_goal")


def check_problem(problem: Any, who: str, needs: tuple[str, ...] = SEARCH_METHODS) -> Problem:
    """``problem`` if it offers what the algorithm ``who`` asks of it; else a TypeError saying so.

    Duck typing, as the protocol is: any object with these attributes will do.

    >>> check_problem("ABC", "bfs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: the problem of bfs must be a search problem \
(sv.GraphProblem, sv.EightPuzzle or a Problem), not 'ABC' (a str): it has no initial, ...
    """
    return has_methods(
        f"the problem of {who}",
        problem,
        needs,
        "a search problem (sv.GraphProblem, sv.EightPuzzle or a Problem)",
    )
