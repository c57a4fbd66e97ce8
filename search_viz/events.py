"""Events: what a search algorithm says while it works, and what it returns.

Every algorithm in ``search_viz`` is a generator that yields :class:`Event`
records and returns a :class:`Result`; :func:`run` drains one and returns its
Result. The vocabulary of event kinds is closed: it is :data:`KINDS`, each kind
with its one-line meaning. Add a kind only here, with its line.

>>> e = Event("expand", "B", depth=1, line=4)
>>> e.kind, e.node, e.depth
('expand', 'B', 1)
>>> e.note
'Take B off the frontier and expand it (depth 1).'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from search_viz.checks import generator

#: The closed vocabulary of event kinds, each with its meaning.
KINDS: dict[str, str] = {
    # graph and tree search
    "generate": (
        "a child is put on the frontier (node: the child, parent: where it came from; "
        "g, h, f: its path cost, heuristic and priority, where the search has them)"
    ),
    "expand": "a node is taken off the frontier and goal-tested; in game search, a node is entered",
    "goal": "the node taken off the frontier is the goal",
    "iterate": "iterative deepening starts over with a new depth limit (value: the limit)",
    "cutoff": "a node at the depth limit is not expanded further",
    "meet": "the forward and the backward search touch at node",
    "done": "the search is over (value: its answer, where it has one)",
    # adversarial search
    "evaluate": "a terminal's utility or a leaf's static evaluation (value)",
    "backup": (
        "a node's value is decided (value: what it returns to parent; "
        "alpha, beta: the parent's window after the update)"
    ),
    "prune": "a child is skipped (node: the child; alpha, beta: the window that caused the cut)",
    # local search
    "propose": "a neighbour or offspring is considered (node: that state, value: its objective)",
    "accept": "the proposal becomes the current state (temperature, delta, probability)",
    "reject": "the proposal is turned down (temperature, delta, probability)",
    "restart": "the search starts again from a new random state (node)",
    "generation": (
        "a genetic algorithm's population is complete (value: best objective, data: its statistics)"
    ),
}


class Event(NamedTuple):
    """One step of a search, as a small immutable record.

    Only ``kind`` is required; an algorithm fills in the fields its kind needs
    (see :data:`KINDS`). A ``NamedTuple`` because a full tic-tac-toe solve makes
    over a million events: it is immutable, compact (fields that are not given
    cost one pointer) and cheap to create (see ``benchmarks/README.md``).

    >>> Event("backup", (0,), value=3, alpha=3, beta=math.inf, line=9).value
    3
    """

    kind: str
    node: Hashable = None
    parent: Hashable = None
    value: Any = None
    alpha: float | None = None
    beta: float | None = None
    depth: int | None = None
    g: float | None = None
    h: float | None = None
    f: float | None = None
    temperature: float | None = None
    delta: float | None = None
    probability: float | None = None
    line: int | None = None
    data: Any = None

    @property
    def note(self) -> str:
        """One plain sentence about this event, made when it is shown."""
        return explain(self)


@dataclass(frozen=True)
class Result:
    """What a search returns at the end.

    ``value``: the answer's value (root value, path cost, conflicts); ``move``:
    the first best action; ``path``: the nodes from start to goal; ``state``:
    the final state; ``stats``: counters such as ``expanded`` or ``nodes``.

    >>> Result(value=3, move=0, stats={"nodes": 13}).stats["nodes"]
    13
    """

    value: Any = None
    move: Any = None
    path: list | None = None
    state: Any = None
    stats: dict[str, Any] = field(default_factory=dict)


#: What an algorithm is: a generator that yields Events and returns a Result.
SearchGenerator = Generator[Event, None, Any]


def run(gen: SearchGenerator) -> Any:
    """Drain an algorithm's generator and return what it returns (its Result).

    ``run`` goes on until the search ends, however long that takes; to stop a
    search that may not end, record it with ``Trace.record``, which is bounded.

    >>> def one_step():
    ...     yield Event("done")
    ...     return Result(value=42)
    >>> run(one_step()).value
    42
    >>> run([Event("done")])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: run needs an algorithm's generator of events, ...
    """
    step = generator("run", gen)
    try:
        while True:
            step()
    except StopIteration as stop:
        return stop.value


def format_value(x: Any) -> str:
    """Write a number as a student would: no trailing ``.0``, infinity as ∞.

    >>> format_value(3.0), format_value(-math.inf), format_value(0.12345)
    ('3', '−∞', '0.123')
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return str(x)
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if isinstance(x, float):
        if x.is_integer() and abs(x) < 1e15:
            return str(int(x))
        return f"{x:.3g}"
    return str(x)


def _window(e: Event) -> str:
    return f"α = {format_value(e.alpha)}, β = {format_value(e.beta)}"


def _note_generate(e: Event, n: str, label: Callable[[Any], str]) -> str:
    s = f"Put {n} on the frontier"
    if e.parent is not None:
        s += f" as a child of {label(e.parent)}"
    if e.h is not None:
        s += f" (g = {format_value(e.g)}, h = {format_value(e.h)}, f = {format_value(e.f)})"
    elif e.depth is not None:
        s += f" (depth {e.depth})"
    return s + "."


def _note_expand(e: Event, n: str, label: Callable[[Any], str]) -> str:
    if e.alpha is not None:
        return f"Enter {n} with the window {_window(e)}."
    if e.data in ("MAX", "MIN"):
        return f"Enter {n}, a {e.data} node."
    s = f"Take {n} off the frontier and expand it"
    if e.f is not None:
        s += f" (f = {format_value(e.f)}, the lowest on the frontier)"
    elif e.depth is not None:
        s += f" (depth {e.depth})"
    return s + "."


def _note_backup(e: Event, n: str, label: Callable[[Any], str]) -> str:
    s = f"{n} is decided: it returns {format_value(e.value)}"
    if e.parent is not None:
        s += f" to {label(e.parent)}"
    if e.alpha is not None:
        s += f", whose window is now {_window(e)}"
    return s + "."


def _note_prune(e: Event, n: str, label: Callable[[Any], str]) -> str:
    at = f" at {label(e.parent)}" if e.parent is not None else ""
    return (
        f"α = {format_value(e.alpha)} ≥ β = {format_value(e.beta)}{at}: "
        f"{n} cannot change the result, prune it."
    )


def _note_move(e: Event, verb: str) -> str:
    s = verb
    if e.delta is not None:
        if e.delta <= 0:
            s += f": it is no worse (Δ = {format_value(e.delta)})"
        else:
            s += f": it is worse by Δ = {format_value(e.delta)}"
    if e.temperature is not None and e.probability is not None and e.delta and e.delta > 0:
        s += (
            f"; at T = {format_value(e.temperature)} the chance to take it is "
            f"e^(−Δ/T) = {format_value(e.probability)}"
        )
    return s + "."


_NOTES: dict[str, Callable[[Event, str, Callable[[Any], str]], str]] = {
    "generate": _note_generate,
    "expand": _note_expand,
    "goal": lambda e, n, label: f"{n} is the goal: stop.",
    "iterate": lambda e, n, label: f"Start over with depth limit {format_value(e.value)}.",
    "cutoff": lambda e, n, label: f"{n} is at the depth limit: do not expand it.",
    "meet": lambda e, n, label: f"The two searches meet at {n}.",
    "done": lambda e, n, label: (
        "The search is over."
        if e.value is None
        else f"The search is over: {format_value(e.value)}."
    ),
    "evaluate": lambda e, n, label: f"{n} is a leaf worth {format_value(e.value)}.",
    "backup": _note_backup,
    "prune": _note_prune,
    "propose": lambda e, n, label: (
        f"Consider a neighbour with {format_value(e.value)} conflicts."
        if e.value is not None
        else "Consider a neighbour."
    ),
    "accept": lambda e, n, label: _note_move(e, "Accept the neighbour"),
    "reject": lambda e, n, label: _note_move(e, "Reject the neighbour"),
    "restart": lambda e, n, label: "Restart from a new random state.",
    "generation": lambda e, n, label: (
        f"A new generation is complete; its best has {format_value(e.value)} conflicts."
    ),
}


def explain(event: Event, label: Callable[[Any], str] = str) -> str:
    """One plain sentence a student can read about ``event``.

    ``label`` names nodes (a game-tree page passes one that gives letters).

    >>> explain(Event("prune", (1, 1), parent=(1,), alpha=3, beta=2),
    ...         label={(1,): "C", (1, 1): "G"}.get)
    'α = 3 ≥ β = 2 at C: G cannot change the result, prune it.'
    """
    make = _NOTES.get(event.kind)
    name = label(event.node) if event.node is not None else ""
    if make is None:
        return f"{event.kind} {name}".strip() + "."
    return make(event, name, label)
