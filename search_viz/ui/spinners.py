"""The messages a page shows while it computes, kept quiet while an edit's player reruns alone.

Streamlit's spinner (``st.spinner``, and a cached function's ``show_spinner``) starts a
thread each time it is used, whether or not the work lasts long enough to show it (about
a millisecond on average here, up to 20 ms on a busy machine), and sends the browser a
message at its end, which the page renders again (about 18 ms of the browser's time in a
lesson page). An edit made in the picture reruns the player alone, and the player already
says "Making the new replay…" while it waits: there these spinners cost the student
their time and show nothing (benchmarks/README.md, "Edit to new picture painted").

So a lesson's spinners are made here: :func:`spinner` for a block, :func:`cached_resource`
for a cached function, both Streamlit's own except inside :func:`quiet` (which the edit's
player opens around its run).

>>> with quiet():
...     with spinner("Searching…"):  # no thread, no message
...         pass
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

import streamlit as st

F = TypeVar("F", bound=Callable[..., Any])

_quiet: ContextVar[bool] = ContextVar("search_viz.spinners.quiet", default=False)


@contextmanager
def quiet() -> Iterator[None]:
    """No spinner of this module shows (nor costs anything) within the ``with`` block, in
    this thread.

    >>> with quiet():
    ...     _quiet.get()
    True
    >>> _quiet.get()
    False
    """
    token = _quiet.set(True)
    try:
        yield
    finally:
        _quiet.reset(token)


@contextmanager
def spinner(text: str, *, show_time: bool = False) -> Iterator[None]:
    """``st.spinner(text)`` around the ``with`` block, unless :func:`quiet`.

    >>> with spinner("Drawing the replay…"):
    ...     pass
    """
    if _quiet.get():
        yield
        return
    with st.spinner(text, show_time=show_time):
        yield


def cached_resource(*, spinner: str, **options: Any) -> Callable[[F], F]:
    """``st.cache_resource(show_spinner=spinner, **options)``, whose spinner is quiet within
    :func:`quiet`: the function is cached twice by Streamlit, once with the spinner and once
    without, and both share one cache (Streamlit keys a function's cache by its module,
    name and source, the same for both).

    >>> @cached_resource(spinner="Searching…", max_entries=4)
    ... def doubled(x: int) -> int:
    ...     return 2 * x
    >>> doubled(21)
    42
    """

    def cache(func: F) -> F:
        shown = st.cache_resource(show_spinner=spinner, **options)(func)
        unshown = st.cache_resource(show_spinner=False, **options)(func)

        @wraps(func)
        def cached(*args: Any, **kwargs: Any) -> Any:
            return (unshown if _quiet.get() else shown)(*args, **kwargs)

        cached.clear = shown.clear  # type: ignore[attr-defined]  # the one cache
        return cached  # type: ignore[return-value]

    return cache


__all__ = ["cached_resource", "quiet", "spinner"]
