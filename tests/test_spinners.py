"""A lesson's spinners (search_viz.ui.spinners): Streamlit's own, except while an edit's
player reruns alone, where they start no thread and send nothing; a cached function
keeps one cache either way."""

from __future__ import annotations

import itertools
import threading
import time

from streamlit.testing.v1 import AppTest

from search_viz.ui.spinners import cached_resource, quiet

#: Numbers no run of :func:`_spinning_app` has squared before in this process.
_NUMBERS = itertools.count(time.time_ns())


def _spinning_app() -> None:
    """A page with a spinner and a cached function with one, outside and inside ``quiet``."""
    import streamlit as st

    from search_viz.ui.spinners import cached_resource, quiet, spinner

    @cached_resource(spinner="Counting…", max_entries=8)
    def squared(x: int) -> int:
        return x * x

    number = st.session_state["number"]  # new to the cache: a miss
    if st.session_state["which"] == "loud":
        with spinner("Working…"):
            st.write(squared(number))
    else:
        with quiet(), spinner("Working…"):
            st.write(squared(number))


def _timers_started(which: str, monkeypatch) -> int:
    """How many ``threading.Timer`` a run of :func:`_spinning_app` starts (Streamlit's
    spinner starts one per use)."""
    started = []
    real = threading.Timer

    class Counted(real):  # type: ignore[misc, valid-type]
        def start(self) -> None:
            started.append(self)
            super().start()

    monkeypatch.setattr(threading, "Timer", Counted)
    app = AppTest.from_function(_spinning_app)
    app.session_state["which"] = which
    app.session_state["number"] = next(_NUMBERS)
    app.run()
    assert not app.exception
    return len(started)


def test_spinners_are_streamlit_s_outside_quiet(monkeypatch):
    assert _timers_started("loud", monkeypatch) == 2  # the block's, and the cache miss's


def test_quiet_spinners_start_nothing(monkeypatch):
    assert _timers_started("quiet", monkeypatch) == 0


def test_a_cached_function_keeps_one_cache_with_its_spinner_and_without():
    calls = []

    @cached_resource(spinner="Counting…", max_entries=8)
    def tripled(x: int) -> int:
        calls.append(x)
        return 3 * x

    tripled.clear()
    assert tripled(5) == 15
    with quiet():
        assert tripled(5) == 15  # found in the cache the spinner's version filled
        assert tripled(6) == 18
    assert tripled(6) == 18  # and the other way round
    assert calls == [5, 6]
    tripled.clear()
    assert tripled(5) == 15
    assert calls == [5, 6, 5]
