"""BFS, DFS, depth-limited and iterative deepening search: the notes' answers, and networkx's."""

import itertools
import math

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.problems.eight_puzzle import NOTES_START
from search_viz.problems.graph_examples import grid_maze, notes_tree

# LECTURE_NOTES section 1: what depth-limited search visits, limit by limit.
NOTES_IDDFS_TABLE = [
    "A",
    "A B C D",
    "A B E F C G D H",
    "A B E I F J K C G L D H M N",
    "A B E I F J K O P C G L R D H M N S",
]
NOTES_EARLY_STOP = "A B E I F J K O P C G L R"


def expanded(events):
    return [e.node for e in events if e.kind == "expand"]


def per_iteration(trace):
    rows = []
    for e in trace.events:
        if e.kind == "iterate":
            rows.append((e.value, []))
        elif e.kind == "expand":
            rows[-1][1].append(e.node)
    return rows


def is_path(G, path, start, goal):
    return (
        path[0] == start
        and path[-1] == goal
        and all(G.has_edge(a, b) for a, b in itertools.pairwise(path))
    )


# ------------------------------------------------------------------ the notes' IDDFS example
def test_iddfs_gives_the_notes_table_row_by_row_and_stops_at_r():
    trace = sv.Trace.record(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), max_depth=10))
    rows = per_iteration(trace)
    assert [limit for limit, _ in rows] == [0, 1, 2, 3, 4]
    for limit, visited in rows[:4]:
        assert " ".join(visited) == NOTES_IDDFS_TABLE[limit]
    assert " ".join(rows[4][1]) == NOTES_EARLY_STOP
    assert trace.result.path == ["A", "C", "G", "L", "R"]
    assert trace.result.stats["per_iteration"] == [1, 4, 8, 14, 13]
    assert trace.events[-2].kind == "goal"
    assert trace.events[-2].node == "R"


@pytest.mark.parametrize("limit", range(5))
def test_dls_visits_the_notes_row_for_each_limit(limit):
    # With a goal that is not in the tree, limit 4 runs to the end of its row.
    T = notes_tree()
    T.add_node("Z")
    trace = sv.Trace.record(sv.dls(sv.GraphProblem(T, "A", "Z"), limit=limit))
    assert " ".join(expanded(trace.events)) == NOTES_IDDFS_TABLE[limit]
    assert trace.result.path is None
    assert trace.result.value == "cutoff"


def test_a_node_at_the_limit_is_expanded_then_cut_off():
    trace = sv.Trace.record(sv.dls(sv.GraphProblem(notes_tree(), "A", "R"), limit=1))
    assert [e.kind for e in trace.events if e.node == "B"] == ["generate", "expand", "cutoff"]
    cutoffs = trace.positions("cutoff").tolist()
    assert [trace.events[i].node for i in cutoffs] == ["B", "C", "D"]
    for i in cutoffs:
        before = trace.events[i - 1]
        assert (before.kind, before.node) == ("expand", trace.events[i].node)


def test_iddfs_opens_each_limit_with_an_iterate_event_carrying_the_limit():
    trace = sv.Trace.record(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), max_depth=10))
    iterates = [e for e in trace.events if e.kind == "iterate"]
    assert [e.value for e in iterates] == [0, 1, 2, 3, 4]
    # The trace's state forgets the previous iteration at each iterate.
    step = int(trace.positions("iterate")[2])
    assert trace.state(step + 1).explored == []


def test_iddfs_stops_at_its_max_depth_with_cutoff():
    r = sv.run(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), max_depth=3))
    assert r.path is None
    assert r.value == "cutoff"
    assert r.stats["per_iteration"] == [1, 4, 8, 14]


def test_iddfs_stops_early_when_a_whole_space_was_searched():
    G = nx.DiGraph([("A", "B")])
    G.add_node("Z")
    r = sv.run(sv.iddfs(sv.GraphProblem(G, "A", "Z"), max_depth=50))
    assert r.path is None
    assert r.value is None
    assert r.stats["per_iteration"] == [1, 2, 2]  # limit 1 cut B off; limit 2 cut nothing


def test_dls_skips_cycles_on_its_own_path_but_revisits_across_branches():
    G = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("D", "A")])
    G.add_node("Z")
    trace = sv.Trace.record(sv.dls(sv.GraphProblem(G, "A", "Z"), limit=3))
    assert expanded(trace.events) == ["A", "B", "D", "C", "D"]


@pytest.mark.parametrize("bad", [-1, 1.5, "3", None, True])
def test_limits_must_be_whole_numbers_of_zero_or_more(bad):
    p = sv.GraphProblem(notes_tree(), "A", "R")
    with pytest.raises(ValueError, match="whole number"):
        sv.run(sv.dls(p, bad))
    with pytest.raises(ValueError, match="whole number"):
        sv.run(sv.iddfs(p, bad))


# ------------------------------------------------------------------ BFS and DFS on the notes
def test_bfs_explores_the_notes_tree_level_by_level():
    trace = sv.Trace.record(sv.bfs(sv.GraphProblem(notes_tree(), "A", "R")))
    assert "".join(expanded(trace.events)) == "ABCDEFGHIJKLMNOPR"
    assert trace.result.path == ["A", "C", "G", "L", "R"]
    assert trace.result.stats["expanded"] == 17


def test_dfs_follows_one_branch_to_the_bottom_first():
    trace = sv.Trace.record(sv.dfs(sv.GraphProblem(notes_tree(), "A", "R")))
    assert "".join(expanded(trace.events)) == "ABEIFJKOPCGLR"
    assert trace.result.path == ["A", "C", "G", "L", "R"]


def test_the_frontier_is_a_queue_for_bfs_and_a_stack_for_dfs():
    p = sv.GraphProblem(notes_tree(), "A", "R")
    bfs = sv.Trace.record(sv.bfs(p))
    dfs = sv.Trace.record(sv.dfs(p))
    after_b = int(bfs.positions("expand")[1]) + 2  # B expanded, E and F generated
    assert bfs.state(after_b).frontier == ["C", "D", "E", "F"]  # FIFO: the front is C
    after_b = int(dfs.positions("expand")[1]) + 2
    assert dfs.state(after_b).frontier == ["D", "C", "F", "E"]  # LIFO: the top is E


def test_start_equal_to_goal_is_a_path_of_one_node_for_every_algorithm():
    p = sv.GraphProblem(notes_tree(), "C", "C")
    for search in (sv.bfs(p), sv.dfs(p), sv.dls(p, 0), sv.iddfs(p, 3), sv.ucs(p)):
        r = sv.run(search)
        assert r.path == ["C"]
        assert r.value == 0
        assert r.stats["expanded"] == 1


def test_an_unreachable_goal_gives_no_path():
    p = sv.GraphProblem(notes_tree(), "B", "R")  # R is under C
    for search in (sv.bfs(p), sv.dfs(p), sv.dls(p, 5), sv.iddfs(p, 5), sv.ucs(p)):
        r = sv.run(search)
        assert r.path is None
        assert r.value is None


@pytest.mark.parametrize("search", [sv.bfs, sv.dfs, sv.ucs])
def test_stats_expanded_counts_the_expand_events(search):
    p = sv.GraphProblem(grid_maze(8, 0.2, seed=2), (0, 0), (7, 7))
    trace = sv.Trace.record(search(p))
    assert trace.result.stats["expanded"] == len(trace.positions("expand"))
    assert trace.events[-1].kind == "done"


def test_dfs_with_a_bound_cuts_off_nodes_at_that_depth():
    p = sv.EightPuzzle(NOTES_START)
    trace = sv.Trace.record(sv.dfs(p, limit=6))
    assert all(e.depth == 6 for e in trace.events if e.kind == "cutoff")
    assert max(e.depth for e in trace.events if e.kind == "expand") <= 6
    assert len(trace.result.path) - 1 <= 6


def test_the_notes_8_puzzle_is_solved_in_5_moves_by_bfs_dls_and_iddfs():
    p = sv.EightPuzzle(NOTES_START)
    for search in (sv.bfs(p), sv.dls(p, 6), sv.iddfs(p, 10), sv.ucs(p)):
        r = sv.run(search)
        assert r.value == 5
        assert r.path[0] == p.initial
        assert r.path[-1] == p.goal
        assert all(b in p.successors(a) for a, b in itertools.pairwise(r.path))


# ------------------------------------------------------------------ against networkx
@st.composite
def graphs(draw, max_nodes: int = 40):
    """Random graphs: directed or not, grids, trees; with a start and a goal in them."""
    shape = draw(st.sampled_from(["gnm", "grid", "tree"]))
    seed = draw(st.integers(0, 10_000))
    directed = draw(st.booleans())
    if shape == "grid":
        side = draw(st.integers(2, max(2, min(9, math.isqrt(max_nodes)))))
        G = grid_maze(side, draw(st.floats(0, 0.45)), seed)
        if directed:  # keep about two arcs in three, so some cells become one-way
            D = nx.DiGraph()
            D.add_nodes_from(G)
            D.add_edges_from(e for e in G.to_directed().edges if hash((e, seed)) % 3)
            G = D
    elif shape == "tree":
        G = nx.random_labeled_tree(draw(st.integers(1, max_nodes)), seed=seed)
        if directed:
            G = nx.bfs_tree(G, 0)
    else:
        n = draw(st.integers(2, max_nodes))
        G = nx.gnm_random_graph(n, draw(st.integers(0, 2 * n)), seed=seed, directed=directed)
    nodes = list(G.nodes)
    return G, draw(st.sampled_from(nodes)), draw(st.sampled_from(nodes))


@given(graphs())
def test_bfs_finds_a_shortest_path_like_networkx(case):
    G, start, goal = case
    r = sv.run(sv.bfs(sv.GraphProblem(G, start, goal)))
    if nx.has_path(G, start, goal):
        assert is_path(G, r.path, start, goal)
        assert r.value == len(r.path) - 1 == nx.shortest_path_length(G, start, goal)
    else:
        assert r.path is None


@given(graphs())
def test_dfs_finds_a_path_exactly_when_one_exists_in_preorder(case):
    G, start, goal = case
    trace = sv.Trace.record(sv.dfs(sv.GraphProblem(G, start, goal)))
    if nx.has_path(G, start, goal):
        assert is_path(G, trace.result.path, start, goal)
    else:
        assert trace.result.path is None
    order = expanded(trace.events)
    assert order == list(nx.dfs_preorder_nodes(G, start))[: len(order)]
    assert len(order) == len(set(order))  # no revisits


# Small graphs: iterative deepening walks every simple path up to each limit (as the
# notes run it, with no explored set), so on a dense 40-node graph with the goal out
# of reach it would run for hours.
@given(graphs(max_nodes=9))
def test_iddfs_finds_a_shortest_path_like_bfs(case):
    G, start, goal = case
    p = sv.GraphProblem(G, start, goal)
    r = sv.run(sv.iddfs(p, max_depth=G.number_of_nodes()))
    if nx.has_path(G, start, goal):
        assert is_path(G, r.path, start, goal)
        assert len(r.path) - 1 == nx.shortest_path_length(G, start, goal)
    else:
        assert r.path is None


@given(graphs(), st.integers(0, 6))
def test_dls_finds_a_goal_exactly_when_one_lies_within_the_limit(case, limit):
    G, start, goal = case
    r = sv.run(sv.dls(sv.GraphProblem(G, start, goal), limit))
    within = nx.has_path(G, start, goal) and nx.shortest_path_length(G, start, goal) <= limit
    assert (r.path is not None) == within
    if within:
        assert is_path(G, r.path, start, goal)
        assert len(r.path) - 1 <= limit
