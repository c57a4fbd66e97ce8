"""Running, recording, and rebuilding states from a trace."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from search_viz import Event, Result, Trace, run
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
