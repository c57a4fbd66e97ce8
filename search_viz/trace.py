"""Recording a search's events, and rebuilding any step of it.

``run(gen)`` (from :mod:`search_viz.events`, importable here too) drains an
algorithm's generator and returns its Result. ``Trace.record(gen)`` keeps the
events too, and ``trace.state(k)`` gives what the picture needs after event ``k``.

Recording is bounded, whatever the generator does. It keeps at most ``limit``
events (:data:`DEFAULT_LIMIT`; never more than :data:`MAX_LIMIT`); past them
``trace.truncated`` is true and it runs on without keeping them, at most
``finish_within`` more events (:data:`FINISH_WITHIN`), to learn the true
Result. A search that ends within that keeps its Result (``trace.finished``);
one that does not is stopped there, and ``trace.result`` is an
:class:`Unfinished` that says so instead of giving an answer.

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
>>> len(tr), tr.truncated, tr.finished, tr.result.value
(3, True, True, 5)
>>> tr = Trace.record(count_to(10**12), limit=3, finish_within=1_000)
>>> len(tr), tr.truncated, tr.finished, tr.result
(3, True, False, <the search did not finish within 1,004 events>)
>>> tr.state(1).counts["expand"]
2
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from functools import cached_property
from typing import Any

import numpy as np

from search_viz.checks import WrongTypeError, describe, generator, whole_number
from search_viz.events import KINDS, Event, SearchGenerator
from search_viz.events import run as run  # run lives with the protocol; importable here too

#: Events kept by default; pages bound what they record with it.
DEFAULT_LIMIT = 200_000

#: The most events a trace keeps (``limit`` above it is refused): at about 200 bytes an event,
#: a couple of gigabytes.
MAX_LIMIT = 10_000_000

#: How many events past the kept ones a recording runs on, by default, to learn the true
#: Result (see :meth:`Trace.record`). Generous: every 8-puzzle search ends within 363,000
#: events (its whole state space), a full minimax solve of tic-tac-toe within 1.4 million;
#: about a second or two on a laptop.
FINISH_WITHIN = 2_000_000

#: Kinds that put a node in the explored set of a graph search.
EXPLORED_KINDS = frozenset({"expand", "goal", "cutoff"})


class UnfinishedSearchError(RuntimeError):
    """The search did not end while it was recorded, so it has no Result to read."""


class Unfinished:
    """The result of a recording that stopped before the search ended: no answer, and why.

    It stands where the Result would be, so that a truncated search is never
    mistaken for a finished one: it is false in a test, and reading a Result's
    field from it (``value``, ``move``, ``path``, ``state``, ``stats``) raises
    :class:`UnfinishedSearchError` saying so, rather than giving None as if the
    search had found nothing.

    >>> r = Unfinished(events=1_000)
    >>> bool(r), r
    (False, <the search did not finish within 1,000 events>)
    >>> r.path
    Traceback (most recent call last):
    ...
    search_viz.trace.UnfinishedSearchError: the search did not finish within 1,000 events, so \
it has no path: check trace.finished, or record it with a larger finish_within
    """

    __slots__ = ("events",)

    def __init__(self, events: int) -> None:
        self.events = events  # how many events the search had yielded when recording stopped

    def __bool__(self) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unfinished) and other.events == self.events

    def __hash__(self) -> int:
        return hash(("Unfinished", self.events))

    def __repr__(self) -> str:
        return f"<the search did not finish within {self.events:,} events>"

    def __getattr__(self, name: str) -> Any:
        if name in ("value", "move", "path", "state", "stats"):
            raise UnfinishedSearchError(
                f"the search did not finish within {self.events:,} events, so it has no "
                f"{name}: check trace.finished, or record it with a larger finish_within"
            )
        raise AttributeError(f"'Unfinished' object has no attribute {name!r}")


class Trace:
    """A recorded search: its events, its Result, and whether recording stopped early.

    Build one with :meth:`record`. ``events`` holds at most ``limit`` events;
    ``truncated`` says that the search went on past them. ``finished`` says
    whether the search ended while it was recorded: then ``result`` is its true
    Result (also when ``truncated``); otherwise ``result`` is an
    :class:`Unfinished`, which says so.
    """

    def __init__(self, events: list[Event], result: Any, truncated: bool = False) -> None:
        self.events = events
        self.result = result
        self.truncated = truncated

    @property
    def finished(self) -> bool:
        """Whether the search ended while recorded, so that ``result`` is its Result."""
        return not isinstance(self.result, Unfinished)

    @classmethod
    def record(
        cls,
        gen: SearchGenerator,
        limit: int = DEFAULT_LIMIT,
        finish_within: int = FINISH_WITHIN,
    ) -> Trace:
        """Run ``gen``, keeping its first ``limit`` events; bounded, whatever ``gen`` does.

        If the search goes on past ``limit`` events, recording stops keeping
        them (``truncated``) but runs on, at most ``finish_within`` more events,
        to learn the true Result. A search that has not ended by then is
        stopped: the trace is not ``finished`` and its ``result`` is an
        :class:`Unfinished` that says so. So recording handles at most
        ``limit + finish_within + 1`` events, even of a search that never ends.
        ``limit`` may be 0 to :data:`MAX_LIMIT`; ``finish_within`` 0 to
        :data:`MAX_LIMIT` (default :data:`FINISH_WITHIN`).

        >>> from search_viz import Result
        >>> def three():
        ...     yield Event("expand", "A")
        ...     yield Event("expand", "B")
        ...     yield Event("goal", "B")
        ...     return Result(path=["A", "B"])
        >>> tr = Trace.record(three())
        >>> [e.kind for e in tr.events], tr.result.path, tr.truncated, tr.finished
        (['expand', 'expand', 'goal'], ['A', 'B'], False, True)
        >>> def forever():
        ...     while True:
        ...         yield Event("expand", "A")
        >>> tr = Trace.record(forever(), limit=5, finish_within=100)
        >>> len(tr), tr.truncated, tr.finished, tr.result
        (5, True, False, <the search did not finish within 106 events>)
        """
        return cls.begin(gen, limit, finish_within).finish()

    @classmethod
    def begin(
        cls,
        gen: SearchGenerator,
        limit: int = DEFAULT_LIMIT,
        finish_within: int = FINISH_WITHIN,
    ) -> Recording:
        """:meth:`record` in two parts: the first ``limit`` events now, the run past them
        (to learn the Result) when the :class:`Recording`'s ``finish()`` is called, e.g.
        once a page has shown a replay that needs only the events.

        >>> from search_viz import Result
        >>> def count_to(n):
        ...     for i in range(n):
        ...         yield Event("expand", i)
        ...     return Result(value=n)
        >>> recording = Trace.begin(count_to(5), limit=3)
        >>> len(recording.head), recording.head.truncated, recording.head.result
        (3, True, <the search did not finish within 4 events>)
        >>> trace = recording.finish()
        >>> trace.result.value, trace.truncated, trace is recording.finish()
        (5, True, True)
        """
        step = generator("Trace.record", gen)
        limit = whole_number("limit (the events a trace keeps)", limit, low=0, high=MAX_LIMIT)
        finish_within = whole_number(
            "finish_within (the events run past the kept ones)", finish_within, 0, MAX_LIMIT
        )
        events: list[Event] = []
        append = events.append
        try:
            for _ in range(limit):
                append(step())
            step()  # one more event exists: the trace is truncated
        except StopIteration as stop:
            return Recording(cls(_checked(events), stop.value, truncated=False))
        head = cls(_checked(events), Unfinished(limit + 1), truncated=True)
        return Recording(head, step, finish_within)

    def __len__(self) -> int:
        return len(self.events)

    def __repr__(self) -> str:
        cut = ", truncated" if self.truncated else ""
        if not self.finished:
            cut += ", unfinished"
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
        try:
            hashes = np.fromiter(
                (hash(e.node) for e in self.events), dtype=np.int64, count=len(self.events)
            )
        except TypeError:
            i, e = next((i, e) for i, e in enumerate(self.events) if not _hashable(e.node))
            raise WrongTypeError(
                f"the node of event {i:,} ({e.kind}) is {describe(e.node)}, which cannot be "
                "hashed: nodes are names, numbers or tuples"
            ) from None
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
        k = whole_number("the step", k)
        if not -n <= k < n:
            allowed = (
                f"steps are 0 to {n - 1:,} (or -{n:,} to -1, counting from the end)"
                if n
                else "it has no steps"
            )
            raise IndexError(f"step {describe(k)} is outside this trace of {n:,} events: {allowed}")
        return State(self, k % n)


def _hashable(node: Any) -> bool:
    try:
        hash(node)
    except TypeError:
        return False
    return True


class Recording:
    """A search being recorded in two parts (see :meth:`Trace.begin`).

    ``head`` is a :class:`Trace` of the events kept: the whole trace when the search
    ended within them, else the kept events with an :class:`Unfinished` result (the
    search had not ended when they were taken). :meth:`finish` runs the rest, once,
    and gives the trace :meth:`Trace.record` would have given; threads calling it
    together wait for the one run.
    """

    def __init__(self, head: Trace, rest: Any = None, finish_within: int = 0) -> None:
        self.head = head
        self._rest = rest  # the generator's next step, while the run past the head is to do
        self._finish_within = finish_within
        self._trace: Trace | None = None if rest is not None else head
        self._failed: Exception | None = None
        self._lock = threading.Lock()

    @property
    def truncated(self) -> bool:
        """Whether the search makes more events than the head keeps."""
        return self.head.truncated

    def finish(self) -> Trace:
        """The whole recording: the head's events, and the Result once the search has run
        on past them (at most ``finish_within`` more events, as :meth:`Trace.record`)."""
        with self._lock:
            if self._failed is not None:  # the search raised: it says so again, every time
                raise self._failed
            if self._trace is None:
                try:
                    self._trace = self._run_rest()
                except Exception as error:
                    self._failed = error
                    raise
                finally:
                    self._rest = None  # the search's frontier and closed set are let go
            return self._trace

    def _run_rest(self) -> Trace:
        head, step = self.head, self._rest
        try:
            for _ in range(self._finish_within):
                step()
        except StopIteration as stop:
            return Trace(head.events, stop.value, truncated=True)
        kept = len(head.events)
        return Trace(head.events, Unfinished(kept + 1 + self._finish_within), truncated=True)


def _checked(events: list) -> list[Event]:
    """``events`` if each is an :class:`Event`; else a WrongTypeError naming the first that is not.

    One pass over the types, not a check per event as it comes (that would slow recording).
    """
    if set(map(type, events)) <= {Event}:
        return events
    for i, e in enumerate(events):
        if not isinstance(e, Event):
            raise WrongTypeError(
                f"event {i:,} of the search is {describe(e)}, a {type(e).__name__}: an algorithm "
                "yields sv.Event records"
            )
    return events


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
