"""Bidirectional BFS: shortest paths like networkx, two sides, the meeting, the first-touch trap."""

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL, scramble
from search_viz.problems.graph_examples import first_touch_trap, notes_tree, random_graph
from tests.test_uninformed import graphs, is_path


@pytest.mark.parametrize("step", ["layer", "node"])
@given(case=graphs())
def test_the_path_is_a_shortest_one_like_networkx(step, case):
    G, start, goal = case
    r = sv.run(sv.bidirectional_bfs(sv.GraphProblem(G, start, goal), step=step))
    if nx.has_path(G, start, goal):
        assert is_path(G, r.path, start, goal)
        assert r.value == len(r.path) - 1 == nx.shortest_path_length(G, start, goal)
        assert r.stats["meet"] in r.path
    else:
        assert r.path is None
        assert r.value is None


def test_the_backward_search_follows_directed_edges_in_reverse():
    G = nx.DiGraph([("s", "a"), ("a", "b"), ("b", "t"), ("t", "s")])
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(G, "s", "t")))
    assert trace.result.path == ["s", "a", "b", "t"]
    backward = [(e.parent, e.node) for e in trace.events if e.data == "backward" and e.parent]
    assert ("t", "b") in backward  # b → t, followed from t back to b
    assert ("t", "s") not in backward  # t → s leads away from t: not a way back
    assert sv.run(sv.bidirectional_bfs(sv.GraphProblem(G.reverse(), "s", "t"))).path == [
        "s",
        "t",
    ]


def test_every_event_says_which_search_made_it():
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(9), 0, 8)))
    for e in trace.events:
        if e.kind in ("generate", "expand", "meet"):
            assert e.data in ("forward", "backward")
    forward = {e.node for e in trace.events if e.kind == "expand" and e.data == "forward"}
    backward = {e.node for e in trace.events if e.kind == "expand" and e.data == "backward"}
    assert forward == {0, 1, 2, 3}
    assert backward == {8, 7, 6, 5}
    assert trace.result.stats["expanded"] == len(trace.positions("expand")) == 8


def test_a_whole_layer_goes_at_a_time_on_the_smaller_side():
    # A star of 5 leaves around s, and a path t - u - s: the backward side stays smaller.
    G = nx.Graph([("s", leaf) for leaf in "abcde"] + [("t", "u"), ("u", "s")])
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(G, "s", "t")))
    sides = [e.data for e in trace.events if e.kind == "expand"]
    assert sides == ["forward", "backward"]  # a tie, then the side with 1 node queued (u)
    assert trace.result.path == ["s", "u", "t"]


def test_expanding_one_node_at_a_time_the_first_touch_is_one_edge_too_long():
    trace = sv.Trace.record(
        sv.bidirectional_bfs(sv.GraphProblem(first_touch_trap(), "s", "t"), step="node")
    )
    meets = [(e.node, e.value) for e in trace.events if e.kind == "meet"]
    assert meets == [("x", 4), ("d", 3)]
    assert trace.result.path == ["s", "b", "d", "t"]
    assert trace.result.value == 3


def test_a_whole_layer_at_a_time_first_touches_on_a_shortest_path():
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(first_touch_trap(), "s", "t")))
    assert [(e.node, e.value) for e in trace.events if e.kind == "meet"] == [("d", 3)]
    assert trace.result.path == ["s", "b", "d", "t"]


def test_the_notes_tree_between_two_leaves():
    r = sv.run(sv.bidirectional_bfs(sv.GraphProblem(notes_tree(directed=False), "O", "S")))
    assert r.path == ["O", "K", "F", "B", "A", "D", "H", "N", "S"]


def test_start_equal_to_goal_meets_at_once():
    trace = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(notes_tree(), "C", "C")))
    assert [e.kind for e in trace.events] == ["generate", "generate", "meet", "done"]
    assert trace.result.path == ["C"]
    assert trace.result.stats["expanded"] == 0


def test_an_unknown_step_is_refused():
    with pytest.raises(ValueError, match="layer, node"):
        sv.run(sv.bidirectional_bfs(sv.GraphProblem(notes_tree(), "A", "R"), step="half"))


@pytest.mark.parametrize("seed", range(8))
def test_bidirectional_expands_fewer_nodes_than_bfs_on_large_sparse_graphs(seed):
    G = random_graph(3000, 3, seed=seed)
    start = max(nx.connected_components(G), key=len).pop()
    distances = nx.single_source_shortest_path_length(G, start)
    goal = max(distances, key=distances.get)  # the farthest node: the hard case
    p = sv.GraphProblem(G, start, goal)
    plain, both = sv.run(sv.bfs(p)), sv.run(sv.bidirectional_bfs(p))
    assert both.value == plain.value == distances[goal]
    assert both.stats["expanded"] < plain.stats["expanded"] / 3


def test_the_31_move_8_puzzle_costs_bfs_about_181000_states_and_bidirectional_about_12000():
    p = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    plain, both = sv.run(sv.bfs(p)), sv.run(sv.bidirectional_bfs(p))
    assert plain.value == both.value == 31
    assert 180_000 < plain.stats["expanded"] <= 181_440  # 9!/2 states can reach the goal
    assert 11_000 < both.stats["expanded"] < 13_000
    assert all(b in p.successors(a) for a, b in itertools.pairwise(both.path))


@settings(max_examples=40)
@given(st.integers(0, 16), st.integers(0, 10_000))
def test_on_the_8_puzzle_bidirectional_and_bfs_agree(moves, seed):
    p = sv.EightPuzzle(scramble(NOTES_START, moves, seed), goal=NOTES_START)
    plain, both = sv.run(sv.bfs(p)), sv.run(sv.bidirectional_bfs(p))
    assert both.value == plain.value <= moves
    assert both.path[0] == p.initial
    assert both.path[-1] == p.goal
    assert all(b in p.successors(a) for a, b in itertools.pairwise(both.path))
