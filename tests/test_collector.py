"""Python's cycle collector held off through a page's run, and run after it apart
(search_viz.film.collector): the collections a run's allocations are due are made by a
thread of their own once the run is over, never left undone for long."""

from __future__ import annotations

import gc
import threading
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from search_viz.film import collector
from search_viz.film.collector import Hold, held_and_collected_later


@pytest.fixture
def collections():
    """The names of the threads that ran each collection from now on, and an event set at
    the first one."""
    seen: list[str] = []
    first = threading.Event()
    assert collector_running()  # a page's run tested before may hold it off a moment longer

    def noted(phase: str, info: dict) -> None:
        if phase == "stop":
            seen.append(threading.current_thread().name)
            first.set()

    gc.collect()
    gc.callbacks.append(noted)
    yield seen, first
    gc.callbacks.remove(noted)


def collector_running(within: float = 5.0) -> bool:
    """Whether the collector runs (no hold open), waiting up to ``within`` seconds for the
    holds of runs just ended to be let go."""
    deadline = time.monotonic() + within
    while not gc.isenabled() and time.monotonic() < deadline:
        time.sleep(0.01)
    return gc.isenabled()


def _garbage(n: int = 20_000) -> None:
    """``n`` lists, each in a cycle of its own: allocations that make collections due."""
    for _ in range(n):
        cycle: list = []
        cycle.append(cycle)


def test_a_run_s_collections_are_made_after_it_by_a_thread_of_their_own(collections):
    seen, first = collections
    assert gc.isenabled()
    with held_and_collected_later(0.05):
        _garbage()  # far past the first generation's threshold: due, and held off
        assert not gc.isenabled()
    assert not gc.isenabled()  # not at the run's end: its messages are still leaving
    assert seen == []
    assert first.wait(10)
    assert seen[0] == "search_viz.collector"
    assert gc.isenabled()


def test_a_run_that_fails_lets_the_collector_go_too(collections):
    _, first = collections

    def failing_run() -> None:
        with held_and_collected_later(0.0):
            _garbage()
            raise RuntimeError("the page's code failed")

    with pytest.raises(RuntimeError):
        failing_run()
    assert first.wait(10)
    assert gc.isenabled()


def test_holds_that_keep_opening_make_the_collections_due_now_and_then(collections, monkeypatch):
    """A server always busy for someone never lets go of the collector: a hold opened once
    it has been held off too long makes the collections due, and keeps it held off."""
    seen, _ = collections
    monkeypatch.setattr(collector, "LONGEST_HOLD_S", 0.0)
    first = Hold()
    try:
        _garbage()
        assert seen == []
        second = Hold()  # held off longer than LONGEST_HOLD_S already
        second.release()
        assert seen
        assert set(seen) == {threading.current_thread().name}
        assert not gc.isenabled()  # the first hold is still open
    finally:
        first.release()
    assert gc.isenabled()


def test_holds_opened_soon_after_each_other_collect_nothing(collections):
    seen, _ = collections
    first = Hold()
    try:
        _garbage()
        Hold().release()
        assert seen == []
    finally:
        first.release()
    assert gc.isenabled()


# ------------------------------------------------- full collections at quiet moments
@pytest.fixture
def full_collections(monkeypatch):
    """Full collections left to the collector's thread (as the app does at its start), with
    short waits; the names of the threads that made each full collection from now on."""
    monkeypatch.setattr(collector, "QUIET_S", 1.0)
    monkeypatch.setattr(collector, "LONGEST_FULL_WAIT_S", 60.0)
    made: list[str] = []

    def noted(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            made.append(threading.current_thread().name)

    assert collector_running()
    gc.collect()
    gc.callbacks.append(noted)
    collector.full_collections_when_quiet()
    yield made
    collector.stop_full_collections_when_quiet()
    gc.callbacks.remove(noted)


def _full_collection_due() -> None:
    """Collections of the middle generation until a full one is due, then the collector's
    thread told (a page's run ends)."""
    for _ in range(collector.FULL_AFTER):
        gc.collect(1)
    with held_and_collected_later(0.0):
        pass


def _busy_for(seconds: float, every: float = 0.05) -> None:
    """A page run every ``every`` seconds (garbage made in each), for ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with held_and_collected_later(0.0):
            _garbage(2_000)
        time.sleep(every)


def _made_within(made: list[str], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not made and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(made)


def test_a_full_collection_waits_until_no_page_has_run_for_a_while(full_collections):
    made = full_collections
    _full_collection_due()
    _busy_for(1.5)  # runs 0.05 s apart: never quiet for QUIET_S
    assert made == []
    assert _made_within(made, 5.0)  # quiet now
    assert made == ["search_viz.collector"]


def test_a_server_never_quiet_still_makes_its_full_collections(full_collections, monkeypatch):
    made = full_collections
    monkeypatch.setattr(collector, "LONGEST_FULL_WAIT_S", 0.5)
    _full_collection_due()
    _busy_for(2.0)
    assert made  # while the runs went on
    assert set(made) == {"search_viz.collector"}


def test_python_makes_no_full_collection_itself_meanwhile(full_collections):
    """Objects that live on, more than a quarter of those alive before, and hundreds of
    collections of the middle generation: Python's own rules would make a full one."""
    made = full_collections
    kept = [[] for _ in range(len(gc.get_objects()) // 2 + 10_000)]
    _garbage(200_000)
    assert made == []
    assert gc.get_count()[2] >= collector.FULL_AFTER  # due, and left to the collector
    with held_and_collected_later(0.0):
        pass
    assert _made_within(made, 5.0)
    assert made == ["search_viz.collector"]
    del kept


def test_the_app_leaves_its_full_collections_to_the_collector_s_thread():
    collector.stop_full_collections_when_quiet()  # as in a process that has run no page
    app = Path(__file__).resolve().parents[1] / "streamlit_app.py"
    try:
        at = AppTest.from_file(str(app), default_timeout=60).run()
        assert not at.exception
        assert gc.get_threshold()[2] > 10**9
    finally:
        collector.stop_full_collections_when_quiet()
