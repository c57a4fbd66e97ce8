"""What a page shows below its player, made away from the page's run when it is slow.

A rerun of the player alone (its ask for the rest of a long replay) waits for the
page's run to end: Streamlit does not let a fragment's rerun interrupt the page's.
What the page computes below the player (informed search's comparison of eight
searches on a 31-move puzzle: seconds) would hold the replay at its opening's last
step. Made here instead, in the background and once per server, it lets the page's
run end at once: the page shows a note in its place, and runs again when it is made.

In a page::

    rows = made_once(("compare", start), partial(compare, start))
    if shown_when_made(rows, "Running all eight searches on this instance…"):
        table(rows.result())
    rerun_once_made([rows])  # last: the page runs again once every note's work is made
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import TypeVar

import streamlit as st

T = TypeVar("T")

#: What makes the pages' background work: two at a time, so that one student's slow work
#: does not hold back another's.
_WORKERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="search_viz.background")
#: The work made or being made, by its key (the latest ``MAX_MADE``; work still being made
#: is never dropped).
_MADE: dict[Hashable, Future] = {}
_MADE_LOCK = threading.Lock()
MAX_MADE = 64
#: How long a page's run waits for its background work before it shows a note instead:
#: work of a few tenths of a second shows in this run, with no note and no second run.
WAIT_S = 0.3
#: How often a page with notes asks whether their work is made (seconds).
POLL_S = 0.5


def made_once(key: Hashable, make: Callable[[], T], background: bool = True) -> Future[T]:
    """``make()``, made once per server for every session asking by ``key``: in the
    background, or without ``background`` here and now (a session asking meanwhile waits
    for it). Work that raised keeps its error.

    Keep big results out of it (a search's trace): the latest ``MAX_MADE`` made are kept.

    >>> made_once(("doctest", 1), lambda: 6 * 7).result()
    42
    >>> made_once(("doctest", 1), lambda: 0, background=False).result()  # the first answer
    42
    """
    with _MADE_LOCK:
        future = _MADE.get(key)
        mine = future is None and not background
        if future is None:
            made = [k for k, f in _MADE.items() if f.done()]
            for old in made[: max(0, len(_MADE) - MAX_MADE + 1)]:
                del _MADE[old]
            future = _MADE[key] = Future() if mine else _WORKERS.submit(make)
    if mine:
        _make_here(key, make, future)
    return future


def _make_here(key: Hashable, make: Callable[[], T], future: Future[T]) -> None:
    try:
        future.set_result(make())
    except Exception as error:
        future.set_exception(error)
    except BaseException:  # the run was stopped: another asking makes it again
        with _MADE_LOCK:
            _MADE.pop(key, None)
        future.cancel()
        raise


def made_now(value: T) -> Future[T]:
    """A future already holding ``value``: work a page made in its own run, given to the
    same code as work made in the background.

    >>> made_now(5).result()
    5
    """
    future: Future[T] = Future()
    future.set_result(value)
    return future


def shown_when_made(future: Future, waiting: str) -> bool:
    """Whether ``future`` is made (waited on for up to ``WAIT_S``); until then the page shows
    ``waiting`` in its place. Work that failed shows why, as an error, and counts as not made.

    ``if shown_when_made(rows, "Running…"): table(rows.result())``
    """
    wait([future], timeout=WAIT_S)
    if not future.done():
        st.info(waiting, icon=":material/hourglass_top:")
        return False
    if future.exception() is not None:
        st.error(f"This could not be made: {future.exception()}", icon=":material/error:")
        return False
    return True


def rerun_once_made(futures: Sequence[Future]) -> None:
    """The page runs again once every one of ``futures`` is made, if any is still being
    made: its notes give way to what they wait for. Asked every ``POLL_S`` by the browser,
    by a fragment that shows nothing (the page's next run, with nothing to wait for, does
    not call it, and the browser stops asking).

    Last in a page's body: ``rerun_once_made([rows, trace])``.
    """
    pending = tuple(f for f in futures if not f.done())
    if pending:
        _poll(pending)


@st.fragment(run_every=POLL_S)
def _poll(pending: tuple[Future, ...]) -> None:
    if all(future.done() for future in pending):
        st.rerun()  # the whole page, which no longer calls this fragment
