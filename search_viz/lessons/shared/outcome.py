"""What a search comes to, in its counters' words: what edit mode says an edit changed.

After an edit the replay waits at step 0, but the student asked "what if": the player says
at once how the end differs ("path length 18 → 20, expanded 75 → 80"). A film keeps its
outcome in its meta (:meth:`~search_viz.film.builder.FilmBuilder.outcome`): the counters of
its last step, less those that say where the search is rather than what it came to, after
any values the counters do not show (a game tree's root value).
"""

from __future__ import annotations

from collections.abc import Mapping

#: Counters that say where a search is at its last step, not what it came to.
PASSING = frozenset({"on the frontier", "in the queue", "depth"})


def at_the_end(
    counters: Mapping[str, object], first: Mapping[str, object] | None = None
) -> dict[str, object]:
    """The outcome of a search whose last step shows ``counters``: ``first``, then the counters
    but the :data:`PASSING` ones.

    >>> at_the_end({"expanded": 17, "on the frontier": 1, "depth": "–", "path length": 4})
    {'expanded': 17, 'path length': 4}
    >>> at_the_end({"nodes entered": 11}, first={"root value": 3})
    {'root value': 3, 'nodes entered': 11}
    """
    kept = {name: value for name, value in counters.items() if name not in PASSING}
    return {**(first or {}), **kept}


__all__ = ["PASSING", "at_the_end"]
