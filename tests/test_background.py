"""Work made once per server away from a page's run (search_viz.ui.background)."""

from __future__ import annotations

import threading
import time

import pytest

from search_viz.ui import background
from search_viz.ui.background import MAX_MADE, made_once


def test_sessions_asking_at_once_share_one_making():
    made = []
    release = threading.Event()

    def make():
        made.append(threading.current_thread().name)
        release.wait(10)
        return len(made)

    futures = []
    askers = [
        threading.Thread(target=lambda: futures.append(made_once(("shared", 1), make)))
        for _ in range(8)
    ]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    release.set()
    assert {future.result(timeout=10) for future in futures} == {1}
    assert len(made) == 1
    assert made[0].startswith("search_viz.background")  # not in an asking thread


def test_made_here_runs_in_the_asking_thread_and_the_next_asker_gets_its_answer():
    asker = threading.current_thread().name
    here = made_once(("here", 1), threading.current_thread, background=False)
    assert here.done()
    assert here.result().name == asker
    assert made_once(("here", 1), lambda: "again").result() is here.result()


def test_work_that_raised_keeps_its_error():
    def broken():
        raise ValueError("no such puzzle")

    failed = made_once(("broken", 1), broken, background=False)
    with pytest.raises(ValueError, match="no such puzzle"):
        failed.result()
    assert made_once(("broken", 1), lambda: "fixed").exception() is failed.exception()


def test_a_stopped_run_leaves_the_work_for_the_next_asker():
    def stopped():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        made_once(("stopped", 1), stopped, background=False)
    assert made_once(("stopped", 1), lambda: "made", background=False).result() == "made"


def test_the_store_keeps_the_latest_made_and_never_drops_work_being_made():
    release = threading.Event()
    slow = made_once(("slow", 1), lambda: release.wait(10))
    for n in range(3 * MAX_MADE):
        made_once(("quick", n), lambda n=n: n, background=False)
    assert len(background._MADE) <= MAX_MADE
    assert ("slow", 1) in background._MADE  # still being made: kept
    assert ("quick", 3 * MAX_MADE - 1) in background._MADE  # the latest: kept
    assert ("quick", 0) not in background._MADE
    release.set()
    assert slow.result(timeout=10) is True


def test_background_work_does_not_hold_the_asker():
    release = threading.Event()
    started = time.monotonic()
    future = made_once(("held", 1), lambda: release.wait(10))
    assert time.monotonic() - started < 1
    assert not future.done()
    release.set()
    assert future.result(timeout=10) is True
