"""The Problem protocol: GraphProblem, EightPuzzle, edge lists, the example graphs; and UCS."""

import itertools
import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.algorithms.best_first import best_first_search
from search_viz.problems.edge_list import MAX_EDGES, parse_edge_list
from search_viz.problems.eight_puzzle import (
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    board,
    inversions,
    scramble,
    solvable,
)
from search_viz.problems.graph_examples import grid_maze, notes_tree, random_graph
from tests.test_uninformed import graphs, is_path


# ------------------------------------------------------------------ GraphProblem
def test_graph_problem_follows_the_adjacency_order_and_edge_weights():
    G = nx.Graph()
    G.add_edge("S", "B", weight=4)
    G.add_edge("S", "A")
    p = sv.GraphProblem(G, "S", "A")
    assert p.actions("S") == ["B", "A"]
    assert list(p.successors("S")) == ["B", "A"]
    assert p.result("S", "B") == "B"
    assert p.steps("S") == [("B", 4), ("A", 1)]
    assert p.action_cost("S", "B", "B") == 4
    assert p.h("S") == 0


def test_a_multigraph_step_costs_its_cheapest_parallel_edge():
    G = nx.MultiGraph()
    G.add_edge("a", "b", weight=5)
    G.add_edge("a", "b", weight=2)
    p = sv.GraphProblem(G, "a", "b")
    assert p.steps("a") == [("b", 2)]
    assert p.action_cost("a", "b", "b") == 2
    assert sv.run(sv.ucs(p)).value == 2


@pytest.mark.parametrize(("start", "goal", "role"), [("X", "A", "start"), ("A", "Y", "goal")])
def test_a_start_or_goal_outside_the_graph_is_a_value_error(start, goal, role):
    with pytest.raises(ValueError, match=f"the {role} '.' is not a node of the graph"):
        sv.GraphProblem(notes_tree(), start, goal)


def test_an_unhashable_start_is_a_value_error_too():
    with pytest.raises(ValueError, match="not a node"):
        sv.GraphProblem(notes_tree(), ["A"], "R")


# ------------------------------------------------------------------ UCS on the best-first core
@st.composite
def weighted_graphs(draw):
    G, start, goal = draw(graphs())
    for u, v in G.edges:
        G.edges[u, v]["weight"] = draw(st.integers(0, 9))
    return G, start, goal


@given(weighted_graphs())
def test_ucs_finds_the_cheapest_path_like_dijkstra(case):
    G, start, goal = case
    r = sv.run(sv.ucs(sv.GraphProblem(G, start, goal)))
    if nx.has_path(G, start, goal):
        assert is_path(G, r.path, start, goal)
        assert r.value == nx.dijkstra_path_length(G, start, goal)
        assert r.value == sum(G.edges[a, b]["weight"] for a, b in itertools.pairwise(r.path))
    else:
        assert r.path is None


@given(weighted_graphs(), st.sampled_from(["fifo", "deeper"]))
def test_ucs_expands_in_order_of_g_and_never_twice(case, tie):
    G, start, goal = case
    trace = sv.Trace.record(sv.ucs(sv.GraphProblem(G, start, goal), tie=tie))
    expands = [e for e in trace.events if e.kind == "expand"]
    assert [e.g for e in expands] == sorted(e.g for e in expands)
    assert all(e.value == e.g for e in expands)  # f = g
    assert len({e.node for e in expands}) == len(expands) == trace.result.stats["expanded"]


def test_ties_go_first_in_first_out_or_deeper_first():
    # S - A (1), S - B (2), A - C (1): B and C both have g = 2; B was put on first.
    G = nx.Graph()
    G.add_weighted_edges_from([("S", "A", 1), ("S", "B", 2), ("A", "C", 1)])
    G.add_node("Z")

    def order(tie):
        trace = sv.Trace.record(sv.ucs(sv.GraphProblem(G, "S", "Z"), tie=tie))
        return [e.node for e in trace.events if e.kind == "expand"]

    assert order("fifo") == ["S", "A", "B", "C"]
    # deeper first means larger g: equal here, so still first in first out ...
    assert order("deeper") == ["S", "A", "B", "C"]
    # ... but among equal f = g + h, the larger g goes first.
    h = {"S": 2, "A": 1, "B": 0, "C": 0, "Z": 0}.get
    astar = best_first_search(sv.GraphProblem(G, "S", "Z"), f=lambda g, h: g + h, h=h)
    fifo = [e.node for e in sv.Trace.record(astar).events if e.kind == "expand"]
    astar = best_first_search(sv.GraphProblem(G, "S", "Z"), f=lambda g, h: g + h, h=h, tie="deeper")
    deeper = [e.node for e in sv.Trace.record(astar).events if e.kind == "expand"]
    assert fifo == ["S", "A", "B", "C"]  # A: f = 2 (g 1), B: f = 2 (g 2): A came first
    assert deeper == ["S", "B", "A", "C"]  # B is deeper (g 2 > g 1)


def test_a_node_reached_again_more_cheaply_moves_up_the_frontier():
    G = nx.Graph()
    G.add_weighted_edges_from([("S", "G", 10), ("S", "A", 1), ("A", "G", 2)])
    trace = sv.Trace.record(sv.ucs(sv.GraphProblem(G, "S", "G")))
    generated = [(e.node, e.g) for e in trace.events if e.kind == "generate"]
    assert generated == [("S", 0), ("G", 10), ("A", 1), ("G", 3)]
    assert trace.result.path == ["S", "A", "G"]
    assert trace.result.value == 3


def test_best_first_events_carry_g_h_and_f():
    h = {"S": 3, "A": 2, "G": 0}.get
    G = nx.path_graph(["S", "A", "G"])
    trace = sv.Trace.record(
        best_first_search(sv.GraphProblem(G, "S", "G"), f=lambda g, h: g + h, h=h)
    )
    a = next(e for e in trace.events if e.kind == "expand" and e.node == "A")
    assert (a.g, a.h, a.value, a.f) == (1, 2, 3, 3)


def test_negative_costs_and_unknown_tie_rules_are_refused():
    G = nx.Graph()
    G.add_edge("a", "b", weight=-1)
    with pytest.raises(ValueError, match="costs -1"):
        sv.run(sv.ucs(sv.GraphProblem(G, "a", "b")))
    with pytest.raises(ValueError, match="fifo, deeper"):
        sv.run(sv.ucs(sv.GraphProblem(G, "a", "b"), tie="random"))


# ------------------------------------------------------------------ EightPuzzle
def test_the_notes_8_puzzle():
    p = sv.EightPuzzle(NOTES_START)
    assert p.goal == NOTES_GOAL == (1, 2, 3, 8, 0, 4, 7, 6, 5)
    assert p.actions(p.initial) == ["up", "left", "right"]
    assert board(p.result(p.initial, "left")) == "2 8 3\n1 6 4\n_ 7 5"
    assert p.successors(p.initial) == [p.result(p.initial, a) for a in p.actions(p.initial)]
    assert p.predecessors(p.initial) == p.successors(p.initial)
    assert all(cost == 1 for _, cost in p.steps(p.initial))


def test_the_blank_moves_only_inside_the_board():
    corner = sv.EightPuzzle((0, 1, 2, 3, 4, 5, 6, 7, 8), goal=(1, 0, 2, 3, 4, 5, 6, 7, 8))
    assert corner.actions(corner.initial) == ["down", "right"]
    centre = (1, 2, 3, 4, 0, 5, 6, 7, 8)
    assert corner.actions(centre) == ["up", "down", "left", "right"]


def test_an_unsolvable_start_is_refused_with_the_parity_reason():
    with pytest.raises(ValueError, match="unsolvable") as error:
        sv.EightPuzzle((1, 2, 3, 4, 5, 6, 8, 7, 0), goal=ORDERED_GOAL)
    message = str(error.value)
    assert "1 inversion (odd)" in message
    assert "the goal 0 (even)" in message
    assert "row by row without the blank" in message


@pytest.mark.parametrize(
    "bad",
    [(1, 2, 3), (1, 2, 3, 4, 5, 6, 7, 8, 8), (1, 2, 3, 4, 5, 6, 7, 8, 9), "123456780", None, 5],
)
def test_anything_but_a_permutation_of_0_to_8_is_refused_clearly(bad):
    with pytest.raises(ValueError, match="the 9 numbers 0-8, each once"):
        sv.EightPuzzle(bad)
    with pytest.raises(ValueError, match="goal must be the 9 numbers"):
        sv.EightPuzzle(NOTES_START, goal=bad)


@given(st.permutations(range(9)), st.permutations(range(9)))
def test_parity_decides_solvability_as_search_confirms(start, goal):
    # Check the parity rule against a bounded search: within 12 moves of goal, parity matches.
    near = scramble(tuple(goal), 12, seed=sum(start))
    assert solvable(near, goal)
    assert solvable(start, goal) == (inversions(start) % 2 == inversions(goal) % 2)
    if not solvable(start, goal):
        with pytest.raises(ValueError, match="unsolvable"):
            sv.EightPuzzle(start, goal=goal)


def test_half_of_all_boards_reach_the_goal():
    # BFS with a goal test that never succeeds visits every board the goal can reach.
    r = sv.run(sv.bfs(_NeverSolved(ORDERED_GOAL, goal=ORDERED_GOAL)))
    assert r.stats["expanded"] == math.factorial(9) // 2


class _NeverSolved(sv.EightPuzzle):
    """The 8-puzzle with a goal test that never succeeds."""

    def is_goal(self, state):
        return False


# ------------------------------------------------------------------ example graphs and edge lists
def test_the_notes_tree_has_its_children_in_order():
    T = notes_tree()
    assert [list(T.successors(n)) for n in "ABFKN"] == [
        ["B", "C", "D"],
        ["E", "F"],
        ["J", "K"],
        ["O", "P"],
        ["S"],
    ]
    assert nx.is_arborescence(T)


def test_grid_mazes_keep_the_corners_open_and_follow_the_density():
    M = grid_maze(20, walls=0.3, seed=4)
    assert (0, 0) in M
    assert (19, 19) in M
    assert M.number_of_nodes() == 400 - round(0.3 * 398)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in M.edges)
    assert grid_maze(20, 0.3, seed=4).nodes == M.nodes  # the seed decides
    with pytest.raises(ValueError, match="at least 2"):
        grid_maze(1, 0, 0)
    with pytest.raises(ValueError, match="below 1"):
        grid_maze(5, 1.0, 0)


def test_random_graphs_have_the_asked_mean_degree():
    G = random_graph(50, 4, seed=1)
    assert 2 * G.number_of_edges() / G.number_of_nodes() == 4
    D = random_graph(50, 4, seed=1, directed=True)
    assert D.is_directed()
    assert D.number_of_edges() / D.number_of_nodes() == 4
    assert random_graph(3, 10, seed=0).number_of_edges() == 3  # no more than all pairs


def test_an_edge_list_with_costs():
    G = parse_edge_list("S A 2\nS B 5.5\n\n# comment\nA B\n")
    assert list(G.nodes) == ["S", "A", "B"]
    assert G.edges["S", "B"]["weight"] == 5.5
    assert G.edges["A", "B"]["weight"] == 1
    assert parse_edge_list("a b", directed=True).is_directed()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no edges"),
        ("# only a comment", "no edges"),
        ("A", "line 1: 'A' is one name"),
        ("A B\nA B C D", "line 2: 'A B C D' has 4 words"),
        ("A B -2", "the cost '-2' is not a number of 0 or more"),
        ("A B inf", "the cost 'inf' is not a number"),
        ("A B nan", "the cost 'nan' is not a number"),
        ("A B 1e", "the cost '1e' is not a number"),
        ("x" * 30 + " B", "longer than 24 characters"),
        ("\n".join(f"n{i} m{i}" for i in range(MAX_EDGES + 1)), f"at most {MAX_EDGES}"),
        ("\n".join(f"n{i} m{i}" for i in range(150)), "300 nodes is too many"),
        ("A\nB\nC\nD\nE\nF\nG\nH", "and 2 more"),
    ],
)
def test_bad_edge_lists_say_what_is_wrong_and_what_is_allowed(text, message):
    with pytest.raises(ValueError, match=message):
        parse_edge_list(text)


@settings(max_examples=50)
@given(st.text(max_size=200))
def test_any_text_either_parses_or_raises_a_value_error(text):
    try:
        G = parse_edge_list(text)
    except ValueError as error:
        message = str(error)
    else:
        message = ""
        assert G.number_of_edges() >= 1
    assert message or G
