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

A server holds it off through a whole page's run, and lets it run again a little after
the run, in a thread of its own (:func:`held_and_collected_later`): the collections the
run's allocations are due are then made once its messages are on their way, not while
the student waits for them.

A server also keeps its full collections, the ones that walk every object alive (a tenth
of a second and more in a server that keeps many films), for a quiet moment
(:func:`full_collections_when_quiet`): Python would make them at whatever allocation comes
due, in the thread that sends the pages' messages or in a student's run.
"""

from __future__ import annotations

import gc
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holds = 0  # how many holds are open
_was_enabled = True  # whether the collector ran before the first open hold
_off_since = 0.0  # when the collector was last held off (time.monotonic), or collected since

#: The longest the collector stays held off while holds keep opening (a server always
#: building or running pages for someone): a hold opened later makes the collections due
#: first, so that garbage in cycles never piles up for longer.
LONGEST_HOLD_S = 5.0

#: How long after a page's run the collector runs again (see
#: :func:`held_and_collected_later`): time for the run's last messages to leave.
AFTER_RUN_S = 0.1

#: A full collection waits, once due, for this long with no hold opened (no page running,
#: no film being built: the students reading their pictures)...
QUIET_S = 1.0
#: ...but never longer than this: a server always busy for someone makes it now and then.
LONGEST_FULL_WAIT_S = 30.0
#: A full collection is due after this many collections of the middle generation (Python's
#: own third threshold).
FULL_AFTER = 10
#: The third threshold a server sets instead: Python itself never makes a full collection.
_NEVER = 2**31 - 1
_full_when_quiet = False  # whether full collections wait for quiet moments
_busy_at = 0.0  # when a hold was last opened or let go (time.monotonic)


class Hold:
    """The collector held off until :meth:`release` (once; later calls do nothing).

    A hold opened while others have kept the collector off for over
    :data:`LONGEST_HOLD_S` makes the collections due first (:func:`collect_due`).
    """

    def __init__(self) -> None:
        global _holds, _was_enabled, _off_since, _busy_at
        now = time.monotonic()
        with _lock:
            _busy_at = now
            overdue = _holds > 0 and _was_enabled and now - _off_since > LONGEST_HOLD_S
            if _holds == 0:
                _was_enabled = gc.isenabled()
                gc.disable()
            if _holds == 0 or overdue:
                _off_since = now
            _holds += 1
        self._open = True
        if overdue:  # outside the lock: a collection may run a finalizer that releases a hold
            collect_due()

    def release(self) -> None:
        """Let the collector run again, if no other hold is open (and it ran before)."""
        global _holds, _busy_at
        with _lock:
            if not self._open:
                return
            self._open = False
            _holds -= 1
            _busy_at = time.monotonic()
            if _holds == 0 and _was_enabled:
                gc.enable()


def collect_due() -> None:
    """Make the collections Python's own rules say are due now (none if none is), in this
    thread, even while a hold is open; then leave the collector as it was.

    >>> collect_due()  # with the collector on, as it runs anyway at the next allocation
    """
    was_enabled = gc.isenabled()
    gc.enable()
    _Tracked()  # an allocation the collector counts: it makes the collections due
    if not was_enabled:
        gc.disable()


class _Tracked:
    """An object the collector tracks, made without a free list (as a list or dict may be:
    those allocations do not set the collector off)."""


@contextmanager
def held_and_collected_later(delay: float = AFTER_RUN_S) -> Iterator[None]:
    """The collector held off for a ``with`` block, and let go ``delay`` seconds after it,
    by a thread of its own that then makes the collections due (:func:`collect_due`).

    For a page's run: the collections its allocations would set off while it runs (each
    walks every object made since the last, and now and then every object alive: up to
    a tenth of a second in a server that keeps many films) wait until its messages have
    left, and are made beside the browser's drawing instead of before it.

    >>> with held_and_collected_later(0.0):
    ...     gc.isenabled()
    False
    >>> import time; time.sleep(0.2); gc.isenabled()
    True
    """
    hold = Hold()
    try:
        yield
    finally:
        _releaser().put((time.monotonic() + delay, hold))


_RELEASES: queue.SimpleQueue | None = None  # (when, hold or None): the holds to let go, in turn
_releaser_lock = threading.Lock()


def _releaser() -> queue.SimpleQueue:
    """The queue of holds to let go, and the one thread that lets each go when its time
    comes (started once: starting a thread at every run would wait for it to start)."""
    global _RELEASES
    with _releaser_lock:
        if _RELEASES is None:
            _RELEASES = queue.SimpleQueue()
            threading.Thread(
                target=_release_in_turn, args=(_RELEASES,), name="search_viz.collector", daemon=True
            ).start()
        return _RELEASES


def _release_in_turn(releases: queue.SimpleQueue) -> None:
    due_since: float | None = None  # when a full collection became due (time.monotonic)
    while True:
        try:
            when, hold = releases.get(timeout=QUIET_S / 4 if due_since is not None else None)
        except queue.Empty:
            pass
        else:
            wait = when - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            if hold is not None:  # None: only a wake-up
                hold.release()
            if gc.isenabled():
                collect_due()
        due_since = _full_collection_made(due_since)


def full_collections_when_quiet() -> None:
    """From now on, Python's full collections (each walks every object alive) are made by
    the collector's own thread when the server is quiet: no hold opened for
    :data:`QUIET_S`, or, if it never is, :data:`LONGEST_FULL_WAIT_S` after one became due.
    The younger generations are collected as before. For a server, at its start (a second
    call does nothing).

    >>> full_collections_when_quiet()
    >>> gc.get_threshold()[2] > 10**9  # Python itself never makes one
    True
    >>> stop_full_collections_when_quiet(); gc.get_threshold()[2]
    10
    """
    global _full_when_quiet
    if _full_when_quiet:
        return
    _full_when_quiet = True
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    _releaser().put((0.0, None))  # wakes the thread: a full collection may be due already


def stop_full_collections_when_quiet() -> None:
    """Python makes its full collections itself again (its third threshold back at
    :data:`FULL_AFTER`): what a process that serves no page, a notebook or a test, has.

    >>> stop_full_collections_when_quiet(); gc.get_threshold()[2] == FULL_AFTER
    True
    """
    global _full_when_quiet
    _full_when_quiet = False
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)


def _full_collection_made(due_since: float | None) -> float | None:
    """Make a full collection if one is due and the server is quiet (or it has waited
    long enough); return when the one still waiting became due (None: none waits)."""
    if not _full_when_quiet or gc.get_count()[2] < FULL_AFTER:
        return None
    now = time.monotonic()
    due_since = now if due_since is None else due_since
    with _lock:
        quiet = _holds == 0 and now - _busy_at >= QUIET_S
    if quiet or now - due_since >= LONGEST_FULL_WAIT_S:
        gc.collect()
        return None
    return due_since


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


__all__ = [
    "AFTER_RUN_S",
    "FULL_AFTER",
    "LONGEST_FULL_WAIT_S",
    "LONGEST_HOLD_S",
    "QUIET_S",
    "Hold",
    "collect_due",
    "full_collections_when_quiet",
    "held",
    "held_and_collected_later",
    "stop_full_collections_when_quiet",
]
