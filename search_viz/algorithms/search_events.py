"""Making the events of graph search quickly.

``search_event(kind, node, parent=..., depth=...)`` returns exactly the
:class:`~search_viz.Event` that ``Event(kind, node, parent=..., depth=...)``
does, in about a third of the time: calling a NamedTuple class with keywords
goes through ``type.__call__``, which gathers the keywords into a dictionary
first, while a plain function receives them directly. A search on a
300 x 300 grid makes 180,000 events, so this is most of the gap to a search
without events (see ``benchmarks/README.md``).

>>> search_event("generate", "B", parent="A", depth=1, line=8) == Event(
...     "generate", "B", parent="A", depth=1, line=8)
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from search_viz.events import Event

# The tuple below lists Event's fields in this order; fail at import if they ever change.
_FIELDS = (
    "kind",
    "node",
    "parent",
    "value",
    "alpha",
    "beta",
    "depth",
    "g",
    "h",
    "f",
    "temperature",
    "delta",
    "probability",
    "line",
    "data",
)
if Event._fields != _FIELDS:
    raise ImportError(f"search_event expects Event's fields {_FIELDS}, not {Event._fields}")

_new_tuple = tuple.__new__


def search_event(
    kind: str,
    node: Hashable = None,
    *,
    parent: Hashable = None,
    depth: int | None = None,
    g: float | None = None,
    h: float | None = None,
    f: float | None = None,
    value: Any = None,
    data: Any = None,
    line: int | None = None,
) -> Event:
    """The graph-search Event with these fields (the others None), made fast.

    >>> e = search_event("expand", (0, 1), depth=1, g=1, h=2, f=3, value=3, data="forward", line=7)
    >>> e.kind, e.node, e.f, e.data
    ('expand', (0, 1), 3, 'forward')
    """
    return _new_tuple(
        Event,
        (kind, node, parent, value, None, None, depth, g, h, f, None, None, None, line, data),
    )
