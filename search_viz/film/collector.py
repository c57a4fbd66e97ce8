"""Python's cycle collector held off while a film is being built.

A film's builder makes many small objects that all live as long as the film (a
step's changes, its panel, its question). Python's collector runs every few
hundred allocations, and now and then walks every object alive: while a film of
thousands of steps is built, it walks that growing film again and again, and
takes a fifth to a third of the build (benchmarks/README.md, "Building a film").
So a :class:`~search_viz.film.builder.FilmBuilder` holds the collector off from
when it starts drawing its scene until its film is made, or until the builder
itself is gone (a build that failed).

Objects are still freed as soon as nothing refers to them; only garbage in cycles
waits for the collector, which runs again as usual once no film is being built
(builders in several threads at once hold it off until the last one is done).

>>> import gc
>>> hold = Hold()
>>> gc.isenabled()
False
>>> hold.release(); hold.release()  # a second release does nothing
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holds = 0  # how many holds are open
_was_enabled = True  # whether the collector ran before the first open hold


class Hold:
    """The collector held off until :meth:`release` (once; later calls do nothing)."""

    def __init__(self) -> None:
        global _holds, _was_enabled
        with _lock:
            if _holds == 0:
                _was_enabled = gc.isenabled()
                gc.disable()
            _holds += 1
        self._open = True

    def release(self) -> None:
        """Let the collector run again, if no other hold is open (and it ran before)."""
        global _holds
        with _lock:
            if not self._open:
                return
            self._open = False
            _holds -= 1
            if _holds == 0 and _was_enabled:
                gc.enable()


@contextmanager
def held() -> Iterator[None]:
    """The collector held off for a ``with`` block: for work that makes many short-lived
    containers and no cycles (writing a long film's JSON), which would otherwise set it
    walking every film kept alive again and again.

    >>> with held():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    hold = Hold()
    try:
        yield
    finally:
        hold.release()


__all__ = ["Hold", "held"]
