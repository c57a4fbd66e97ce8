"""Running, recording, and rebuilding states from a trace."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz import (
    FINISH_WITHIN,
    MAX_LIMIT,
    Event,
    Result,
    Trace,
    Unfinished,
    UnfinishedSearchError,
    run,
)
from tests.toy import toy_dfs


def test_run_returns_what_the_generator_returns():
    result = run(toy_dfs())
    assert result.path == ["A", "C", "F"]
    assert result.stats["expanded"] == 6


def test_run_lets_an_error_inside_the_search_through():
    def broken():
        yield Event("expand", "A")
        raise ValueError("bad problem")

    with pytest.raises(ValueError, match="bad problem"):
        run(broken())


def test_record_keeps_every_event_when_under_the_limit():
    tr = Trace.record(toy_dfs())
    assert len(tr) == 13
    assert not tr.truncated
    assert [e.kind for e in tr.events][-2:] == ["expand", "goal"]


@pytest.mark.parametrize("limit", [0, 1, 5, 12])
def test_record_stops_at_the_limit_but_still_computes_the_result(limit):
    tr = Trace.record(toy_dfs(), limit=limit)
    full = Trace.record(toy_dfs())
    assert len(tr) == limit
    assert tr.truncated
    assert tr.events == full.events[:limit]
    assert tr.result == full.result


def test_record_at_exactly_the_number_of_events_is_not_truncated():
    tr = Trace.record(toy_dfs(), limit=13)
    assert len(tr) == 13
    assert not tr.truncated


def test_record_rejects_a_negative_limit():
    with pytest.raises(ValueError, match="limit"):
        Trace.record(toy_dfs(), limit=-1)


# A hand-written trace and, for each step, what the fold must give.
HAND = [
    Event("generate", "A", depth=0),  # 0
    Event("expand", "A", depth=0),  # 1
    Event("generate", "B", parent="A", depth=1),  # 2
    Event("generate", "C", parent="A", depth=1),  # 3
    Event("expand", "B", depth=1),  # 4
    Event("generate", "D", parent="B", depth=2),  # 5
    Event("expand", "C", depth=1),  # 6
    Event("cutoff", "C", depth=1),  # 7
    Event("iterate", value=2),  # 8
    Event("generate", "A", depth=0),  # 9
    Event("expand", "A", depth=0),  # 10
    Event("goal", "A", value=0),  # 11
]


@pytest.mark.parametrize(
    ("step", "frontier", "explored", "statuses"),
    [
        (0, ["A"], [], {"A": "generate"}),
        (1, [], ["A"], {"A": "expand"}),
        (3, ["B", "C"], ["A"], {"A": "expand", "B": "generate", "C": "generate"}),
        (
            5,
            ["C", "D"],
            ["A", "B"],
            {"A": "expand", "B": "expand", "C": "generate", "D": "generate"},
        ),
        (7, ["D"], ["A", "B", "C"], {"A": "expand", "B": "expand", "C": "cutoff", "D": "generate"}),
        (8, [], [], {}),
        (9, ["A"], [], {"A": "generate"}),
        (11, [], ["A"], {"A": "goal"}),
    ],
)
def test_fold_of_a_hand_written_trace(step, frontier, explored, statuses):
    s = Trace(HAND, None).state(step)
    assert s.frontier == frontier
    assert s.explored == explored
    assert s.statuses == statuses
    for node, kind in statuses.items():
        assert s.status(node) == kind
    assert s.event is HAND[step]


def test_counts_latest_and_parents_on_the_hand_trace():
    tr = Trace(HAND, None)
    s = tr.state(7)
    assert s.counts == {"generate": 4, "expand": 3, "cutoff": 1}
    assert s.latest("expand") is HAND[6]
    assert s.latest("goal") is None
    assert s.parent("D") == "B"
    assert s.path_to("D") == ["A", "B", "D"]
    assert tr.state(11).value("A") == 0
    assert tr.state(8).status("A") is None  # a new iteration starts everything afresh
    assert tr.cumulative("expand").tolist() == [0, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4]


def test_state_counts_from_the_end_and_rejects_steps_outside():
    tr = Trace(HAND, None)
    assert tr.state(-1).step == len(HAND) - 1
    with pytest.raises(IndexError):
        tr.state(len(HAND))
    with pytest.raises(IndexError):
        Trace([], None).state(0)


def test_the_same_step_gives_the_same_state():
    tr = Trace.record(toy_dfs())
    a, b = tr.state(6), tr.state(6)
    assert (a.statuses, a.frontier, a.counts) == (b.statuses, b.frontier, b.counts)


def reference_fold(events, k):
    """The obvious fold from scratch: what state(k) must equal."""
    start = max((i for i in range(k + 1) if events[i].kind == "iterate"), default=0)
    statuses, values, parents, frontier, explored, history = {}, {}, {}, [], [], {}
    for e in events[start : k + 1]:
        if e.node is None:
            continue
        statuses[e.node] = e.kind
        history.setdefault(e.node, []).append(e)
        if e.value is not None:
            values[e.node] = e.value
        if e.parent is not None:
            parents[e.node] = e.parent
        if e.node in frontier:
            frontier.remove(e.node)
        if e.kind == "generate":
            frontier.append(e.node)
        elif e.kind in ("expand", "goal", "cutoff") and e.node not in explored:
            explored.append(e.node)
    counts = {}
    for e in events[: k + 1]:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    return statuses, values, parents, frontier, explored, history, counts


KIND = st.sampled_from(
    ["generate", "expand", "goal", "cutoff", "evaluate", "backup", "prune", "iterate"]
)
EVENT = st.tuples(
    KIND,
    # -1 and -2 share a hash in CPython: the index must still tell them apart.
    st.one_of(st.none(), st.integers(-3, 12), st.tuples(st.integers(0, 2), st.integers(0, 2))),
    st.one_of(st.none(), st.integers(0, 12)),
    st.one_of(st.none(), st.integers(-9, 9)),
).map(lambda t: Event(t[0], t[1], parent=t[2], value=t[3]))


@given(events=st.lists(EVENT, min_size=1, max_size=60), data=st.data())
def test_state_equals_a_fold_from_scratch(events, data):
    tr = Trace(events, None)
    k = data.draw(st.integers(0, len(events) - 1))
    statuses, values, parents, frontier, explored, history, counts = reference_fold(events, k)
    s = tr.state(k)
    assert s.statuses == statuses
    assert s.values == values
    assert s.parents == parents
    assert s.frontier == frontier
    assert s.explored == explored
    assert s.counts == counts
    for node in {e.node for e in events if e.node is not None}:
        assert s.history(node) == history.get(node, [])
        assert s.status(node) == statuses.get(node)
        assert s.value(node) == values.get(node)


def test_state_on_a_long_trace_equals_a_fold_from_scratch_at_random_steps():
    rng = random.Random(7)
    kinds = ["generate", "expand", "backup", "prune", "evaluate"]
    events = []
    for i in range(20_000):
        if i % 5000 == 4999:
            events.append(Event("iterate", value=i))
        else:
            events.append(Event(rng.choice(kinds), rng.randrange(3000), parent=rng.randrange(50),
                                value=rng.randrange(10)))  # fmt: skip
    tr = Trace(events, None)
    for k in [0, 4999, 5000, *rng.sample(range(len(events)), 25), len(events) - 1]:
        statuses, values, parents, frontier, explored, history, counts = reference_fold(events, k)
        s = tr.state(k)
        assert (s.statuses, s.values, s.parents) == (statuses, values, parents)
        assert (s.frontier, s.explored, s.counts) == (frontier, explored, counts)
        for node in rng.sample(range(3000), 20):
            assert s.history(node) == history.get(node, [])


def test_a_generator_that_returns_nothing_records_none():
    def silent():
        yield Event("done")

    tr = Trace.record(silent())
    assert tr.result is None
    assert tr.state(0).counts == {"done": 1}


def test_result_survives_truncation_even_when_the_rest_is_long():
    def many():
        for i in range(10_000):
            yield Event("expand", i)
        return Result(value="end", stats={"expanded": 10_000})

    tr = Trace.record(many(), limit=10)
    assert tr.truncated
    assert len(tr) == 10
    assert tr.result.stats["expanded"] == 10_000


# ------------------------------------------------------------ bounded recording
def endless():
    """A search that never ends: one event after another, for ever."""
    event = Event("expand", "A")
    while True:
        yield event


def exactly(n):
    """A search of exactly ``n`` events that returns n."""
    for i in range(n):
        yield Event("expand", i)
    return Result(value=n)


def test_record_stops_an_endless_search_and_says_it_did_not_finish():
    tr = Trace.record(endless(), limit=1_000)
    assert len(tr) == 1_000
    assert tr.truncated
    assert not tr.finished
    assert not tr.result
    assert tr.result == Unfinished(1_000 + 1 + FINISH_WITHIN)
    assert "did not finish within 2,001,001 events" in repr(tr.result)
    for field in ("value", "move", "path", "state", "stats"):
        with pytest.raises(UnfinishedSearchError, match=f"so it has no {field}: check"):
            getattr(tr.result, field)
    assert "unfinished" in repr(tr)


def test_record_at_the_largest_limit_still_stops_an_endless_search():
    tr = Trace.record(endless(), limit=MAX_LIMIT, finish_within=0)
    assert len(tr) == MAX_LIMIT
    assert tr.truncated
    assert not tr.finished


@pytest.mark.parametrize(
    ("events", "limit", "finish_within", "truncated", "finished"),
    [
        (10, 10, 0, False, True),  # every event kept: not truncated, whatever the bound
        (11, 10, 0, True, False),  # one event past the kept ones, none allowed
        (11, 10, 1, True, True),  # ... one allowed
        (15, 10, 5, True, True),  # ends on the last event allowed past the kept ones
        (16, 10, 5, True, False),  # one event more than that
        (0, 0, 0, False, True),
        (1, 0, 0, True, False),
    ],
)
def test_record_keeps_the_true_result_exactly_when_the_search_ends_within_the_bound(
    events, limit, finish_within, truncated, finished
):
    tr = Trace.record(exactly(events), limit=limit, finish_within=finish_within)
    assert len(tr) == min(events, limit)
    assert tr.truncated == truncated
    assert tr.finished == finished
    if finished:
        assert tr.result == Result(value=events)
    else:
        assert tr.result == Unfinished(limit + 1 + finish_within)


def test_the_default_bound_keeps_the_result_of_a_long_informed_search():
    # A page keeps 60,000 events of A* with the misplaced-tiles heuristic on a 31-move
    # instance, and shows the path of the whole search: 306,305 events.
    import search_viz as sv
    from search_viz.problems.eight_puzzle import HARDEST_STARTS, ORDERED_GOAL

    p = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    tr = Trace.record(sv.astar(p, heuristic="misplaced"), limit=60_000)
    assert tr.truncated
    assert tr.finished
    assert tr.result.value == 31
    assert len(tr.result.path) == 32


@pytest.mark.parametrize(
    ("options", "error", "says"),
    [
        ({"limit": -1}, ValueError, "limit (the events a trace keeps) must be a whole number "),
        ({"limit": MAX_LIMIT + 1}, ValueError, "from 0 to 10,000,000, not 10000001"),
        ({"limit": 1e6}, TypeError, "limit (the events a trace keeps) must be a whole number"),
        ({"limit": "100"}, TypeError, "not '100' (a str)"),
        ({"limit": None}, TypeError, "not None (a NoneType)"),
        ({"finish_within": -5}, ValueError, "finish_within (the events run past the kept ones)"),
        ({"finish_within": 10**100}, ValueError, "from 0 to 10,000,000"),
    ],
)
def test_record_refuses_a_bad_bound_naming_it(options, error, says):
    with pytest.raises(error, match=re.escape(says)):
        Trace.record(endless(), **options)


@pytest.mark.parametrize("gen", [[Event("done")], None, 42, "events", toy_dfs])
def test_record_refuses_what_is_not_a_generator(gen):
    with pytest.raises(TypeError, match=r"Trace\.record needs an algorithm's generator of events"):
        Trace.record(gen)


def test_record_refuses_a_search_that_yields_something_else_than_events():
    def sloppy():
        yield Event("expand", "A")
        yield ("expand", "B")

    with pytest.raises(TypeError, match=r"event 1 of the search is \('expand', 'B'\), a tuple"):
        Trace.record(sloppy())


def test_an_unhashable_node_is_named_when_a_state_needs_the_node_index():
    tr = Trace([Event("expand", "A"), Event("expand", ["B"])], None)
    with pytest.raises(TypeError, match=r"the node of event 1 \(expand\) is \['B'\]"):
        tr.state(1).status("A")


@pytest.mark.parametrize(
    ("k", "error", "says"),
    [
        (
            10**9,
            IndexError,
            "step 1000000000 is outside this trace of 12 events: steps are 0 to 11",
        ),
        (-13, IndexError, "or -12 to -1, counting from the end"),
        ("3", TypeError, "the step must be a whole number, not '3' (a str)"),
        (1.5, TypeError, "the step must be a whole number, not 1.5"),
        (None, TypeError, "not None"),
    ],
)
def test_a_bad_step_gets_a_message(k, error, says):
    with pytest.raises(error, match=re.escape(says)):
        Trace(HAND, None).state(k)


def test_a_numpy_step_is_a_step():
    import numpy as np

    assert Trace(HAND, None).state(np.int64(3)).step == 3


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(0, 60),
    limit=st.integers(0, 40),
    finish_within=st.integers(0, 40),
)
def test_a_recording_begun_then_finished_is_the_trace_recorded_at_once(n, limit, finish_within):
    """Trace.begin keeps the same first events as Trace.record, and its finish() gives the same
    result (Result or Unfinished) and truncation; the head says truncated exactly when the
    whole does, and holds the whole's Result when the search ended within it."""
    from search_viz import Result

    def count_to(k):
        for i in range(k):
            yield Event("expand", i)
        return Result(value=k)

    whole = Trace.record(count_to(n), limit=limit, finish_within=finish_within)
    recording = Trace.begin(count_to(n), limit=limit, finish_within=finish_within)
    head = recording.head
    assert head.events == whole.events
    assert head.truncated == whole.truncated
    if not whole.truncated:
        assert head.result == whole.result
    else:
        assert not head.finished
    done = recording.finish()
    assert (done.events, done.result, done.truncated) == (
        whole.events,
        whole.result,
        whole.truncated,
    )


def test_threads_finishing_one_recording_together_run_its_search_once():
    import threading
    import time

    from search_viz import Result

    runs = []

    def slow(k):
        runs.append(1)
        for i in range(k):
            time.sleep(0.001)
            yield Event("expand", i)
        return Result(value=k)

    recording = Trace.begin(slow(60), limit=5)
    traces = []
    threads = [threading.Thread(target=lambda: traces.append(recording.finish())) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(runs) == 1
    assert len(traces) == 4
    assert all(trace is traces[0] for trace in traces)
    assert traces[0].result.value == 60


def test_a_search_that_fails_past_the_kept_events_fails_each_time_it_is_finished():
    def failing():
        for i in range(5):
            yield Event("expand", i)
        raise ValueError("a step cost of -1")

    recording = Trace.begin(failing(), limit=2)
    for _ in range(2):
        with pytest.raises(ValueError, match="a step cost of -1"):
            recording.finish()
    with pytest.raises(ValueError, match="a step cost of -1"):
        Trace.record(failing(), limit=2)
