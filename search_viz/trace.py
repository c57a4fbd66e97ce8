"""Recording a search's events, and rebuilding any step of it.

``run(gen)`` (from :mod:`search_viz.events`, importable here too) drains an
algorithm's generator and returns its Result.
``Trace.record(gen)`` keeps the events too, and ``trace.state(k)`` gives what
the picture needs after event ``k``.

How ``state(k)`` stays fast on a million events without copying snapshots:
recording keeps only the events. The first ``state`` call builds two small
indexes (about 16 bytes per event, see ``benchmarks/README.md``):

* for each event kind, the sorted positions of its events, so the number of
  events of a kind up to ``k`` (and the latest one) is a binary search;
* the events sorted by ``hash(node)``, so the history of one node up to ``k``
  is a binary search plus a few comparisons.

Everything node by node is then answered without a pass over the trace. The
full dictionaries (every node's status, the frontier in order) fold the events
from the latest ``iterate`` up to ``k`` once per state and keep the result:
that pass is linear, fine for the problem sizes a page draws.

>>> from search_viz import Event, Result
>>> def count_to(n):
...     for i in range(n):
...         yield Event("expand", i)
...     return Result(value=n)
>>> run(count_to(3)).value
3
>>> tr = Trace.record(count_to(5), limit=3)
>>> len(tr), tr.truncated, tr.result.value
(3, True, 5)
>>> tr.state(1).counts["expand"]
2
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cached_property
from typing import Any

import numpy as np

from search_viz.events import KINDS, Event, SearchGenerator
from search_viz.events import run as run  # run lives with the protocol; importable here too

#: Events kept by default; pages bound what they record with it.
DEFAULT_LIMIT = 200_000

#: Kinds that put a node in the explored set of a graph search.
EXPLORED_KINDS = frozenset({"expand", "goal", "cutoff"})


class Trace:
    """A recorded search: its events, its Result, and whether recording stopped early.

    Build one with :meth:`record`. ``events`` holds at most ``limit`` events;
    ``truncated`` says that the search went on past them (its Result is still
    the true one, computed by draining the rest without storing it).
    """

    def __init__(self, events: list[Event], result: Any, truncated: bool = False) -> None:
        self.events = events
        self.result = result
        self.truncated = truncated

    @classmethod
    def record(cls, gen: SearchGenerator, limit: int = DEFAULT_LIMIT) -> Trace:
        """Run ``gen``, keeping its first ``limit`` events.

        >>> from search_viz import Result
        >>> def three():
        ...     yield Event("expand", "A")
        ...     yield Event("expand", "B")
        ...     yield Event("goal", "B")
        ...     return Result(path=["A", "B"])
        >>> tr = Trace.record(three())
        >>> [e.kind for e in tr.events], tr.result.path, tr.truncated
        (['expand', 'expand', 'goal'], ['A', 'B'], False)
        """
        if limit < 0:
            raise ValueError(f"limit must be 0 or more, not {limit}")
        events: list[Event] = []
        append = events.append
        step = gen.__next__
        try:
            for _ in range(limit):
                append(step())
            step()  # one more event exists: the trace is truncated
        except StopIteration as stop:
            return cls(events, stop.value, truncated=False)
        return cls(events, run(gen), truncated=True)

    def __len__(self) -> int:
        return len(self.events)

    def __repr__(self) -> str:
        cut = ", truncated" if self.truncated else ""
        return f"<Trace of {len(self.events)} events{cut}>"

    # ------------------------------------------------------------------ indexes
    @cached_property
    def _kind_positions(self) -> dict[str, np.ndarray]:
        codes = {kind: i for i, kind in enumerate(KINDS)}
        other = len(codes)
        per_event = np.fromiter(
            (codes.get(e.kind, other) for e in self.events), dtype=np.uint8, count=len(self.events)
        )
        positions = {}
        for kind, code in codes.items():
            where = np.flatnonzero(per_event == code)
            if len(where):
                positions[kind] = where
        return positions

    @cached_property
    def _node_index(self) -> tuple[np.ndarray, np.ndarray]:
        hashes = np.fromiter(
            (hash(e.node) for e in self.events), dtype=np.int64, count=len(self.events)
        )
        order = np.argsort(hashes, kind="stable")
        return hashes[order], order.astype(np.int32 if len(order) < 2**31 else np.int64)

    def positions(self, kind: str) -> np.ndarray:
        """Step numbers of the events of ``kind``, ascending.

        >>> tr = Trace([Event("generate", "A"), Event("expand", "A"), Event("generate", "B")], None)
        >>> tr.positions("generate").tolist()
        [0, 2]
        """
        found = self._kind_positions.get(kind)
        return found if found is not None else np.empty(0, dtype=np.int64)

    def cumulative(self, kind: str) -> np.ndarray:
        """How many events of ``kind`` there are up to each step (a chart's series).

        >>> tr = Trace([Event("generate", "A"), Event("expand", "A"), Event("generate", "B")], None)
        >>> tr.cumulative("generate").tolist()
        [1, 1, 2]
        """
        marks = np.zeros(len(self.events), dtype=np.int64)
        marks[self.positions(kind)] = 1
        return np.cumsum(marks)

    def _events_about(self, node: Hashable, first: int, last: int) -> list[Event]:
        sorted_hashes, order = self._node_index
        h = hash(node)
        lo = int(np.searchsorted(sorted_hashes, h, side="left"))
        hi = int(np.searchsorted(sorted_hashes, h, side="right"))
        events = self.events
        found = []
        for i in order[lo:hi].tolist():
            if i > last:
                break
            if i >= first and events[i].node == node:
                found.append(events[i])
        return found

    # ------------------------------------------------------------------- states
    def state(self, k: int) -> State:
        """What the picture needs after event ``k`` (0-based; negative counts from the end).

        Pure: the same ``k`` always gives an equal state.

        >>> tr = Trace([Event("generate", "A"), Event("expand", "A"),
        ...             Event("generate", "B", parent="A")], None)
        >>> s = tr.state(2)
        >>> s.current, s.frontier, s.explored, s.status("A")
        ('B', ['B'], ['A'], 'expand')
        """
        n = len(self.events)
        if not -n <= k < n:
            raise IndexError(f"step {k} is outside this trace of {n} events")
        return State(self, k % n)


class State:
    """The state of a search after one event, rebuilt from its trace.

    Cheap for any trace, at any step: ``step``, ``event``, ``current``,
    ``counts``, ``latest(kind)``, and per node ``history``, ``last``,
    ``status``, ``value``, ``parent``. Folded once per state, linear in the
    steps since the latest ``iterate``: ``statuses``, ``values``, ``parents``,
    ``frontier`` (in the order put on) and ``explored`` (in the order expanded).

    A node's status is the kind of the latest event about it; an ``iterate``
    (iterative deepening's new limit) starts every node afresh.
    """

    def __init__(self, trace: Trace, step: int) -> None:
        self.trace = trace
        self.step = step

    def __repr__(self) -> str:
        return f"<State at step {self.step}: {self.event.kind} {self.event.node!r}>"

    @property
    def event(self) -> Event:
        """The event that made this state."""
        return self.trace.events[self.step]

    @property
    def current(self) -> Hashable:
        """The node this step is about."""
        return self.event.node

    @cached_property
    def counts(self) -> dict[str, int]:
        """How many events of each kind happened up to and including this step (none: absent)."""
        counts = {}
        for kind, where in self.trace._kind_positions.items():
            n = int(np.searchsorted(where, self.step, side="right"))
            if n:
                counts[kind] = n
        return counts

    def latest(self, kind: str) -> Event | None:
        """The latest event of ``kind`` up to this step, or None."""
        where = self.trace.positions(kind)
        i = int(np.searchsorted(where, self.step, side="right"))
        return self.trace.events[int(where[i - 1])] if i else None

    @cached_property
    def since(self) -> int:
        """The step at which the current iteration began (the latest ``iterate``, else 0)."""
        where = self.trace.positions("iterate")
        i = int(np.searchsorted(where, self.step, side="right"))
        return int(where[i - 1]) if i else 0

    def history(self, node: Hashable) -> list[Event]:
        """The events about ``node`` in this iteration, up to this step, in order."""
        return self.trace._events_about(node, self.since, self.step)

    def last(self, node: Hashable) -> Event | None:
        """The latest event about ``node`` up to this step, or None."""
        found = self.history(node)
        return found[-1] if found else None

    def status(self, node: Hashable) -> str | None:
        """The kind of the latest event about ``node`` (None: not reached yet)."""
        e = self.last(node)
        return e.kind if e is not None else None

    def value(self, node: Hashable) -> Any:
        """The latest value told about ``node`` (None if none yet)."""
        for e in reversed(self.history(node)):
            if e.value is not None:
                return e.value
        return None

    def parent(self, node: Hashable) -> Hashable:
        """The latest parent told for ``node`` (None if none)."""
        for e in reversed(self.history(node)):
            if e.parent is not None:
                return e.parent
        return None

    @cached_property
    def _fold(self) -> tuple[dict, dict, dict, dict, dict]:
        statuses: dict = {}
        values: dict = {}
        parents: dict = {}
        frontier: dict = {}
        explored: dict = {}
        for e in self.trace.events[self.since : self.step + 1]:
            node = e.node
            if node is None:
                continue
            kind = e.kind
            statuses[node] = kind
            if e.value is not None:
                values[node] = e.value
            if e.parent is not None:
                parents[node] = e.parent
            if kind == "generate":
                frontier.pop(node, None)
                frontier[node] = None
            else:
                frontier.pop(node, None)
                if kind in EXPLORED_KINDS:
                    explored.setdefault(node, None)
        return statuses, values, parents, frontier, explored

    @property
    def statuses(self) -> dict:
        """Every node reached so far and the kind of its latest event."""
        return self._fold[0]

    @property
    def values(self) -> dict:
        """Every node with a value so far and its latest value."""
        return self._fold[1]

    @property
    def parents(self) -> dict:
        """Every node with a parent so far and its latest parent."""
        return self._fold[2]

    @property
    def frontier(self) -> list:
        """Nodes put on the frontier and not yet taken off, oldest first."""
        return list(self._fold[3])

    @property
    def explored(self) -> list:
        """Nodes expanded in this iteration, in the order they were expanded."""
        return list(self._fold[4])

    def path_to(self, node: Hashable) -> list:
        """The nodes from the root to ``node`` along the parents told so far.

        >>> tr = Trace([Event("generate", "A"), Event("generate", "B", parent="A"),
        ...             Event("generate", "C", parent="B")], None)
        >>> tr.state(2).path_to("C")
        ['A', 'B', 'C']
        """
        parents = self.parents
        path = [node]
        seen = {node}
        while (node := parents.get(node)) is not None and node not in seen:
            path.append(node)
            seen.add(node)
        return path[::-1]
