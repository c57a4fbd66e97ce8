"""The graph lessons' own breadth-first tree and tree test give networkx's answers."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz.lessons.shared.graph_drawing import GraphView
from search_viz.lessons.shared.graph_layout import bfs_children, is_tree
from search_viz.problems.graph_examples import grid_maze, notes_tree

KINDS = (nx.Graph, nx.DiGraph, nx.MultiGraph, nx.MultiDiGraph)


@st.composite
def graphs(draw) -> nx.Graph:
    """A small graph of any kind: loops, links both ways, parallel links and lone nodes."""
    kind = draw(st.sampled_from(KINDS))
    n = draw(st.integers(0, 7))
    links = draw(st.lists(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0)))))
    G = kind()
    G.add_nodes_from(range(n))
    if n:
        G.add_edges_from(links)
    return G


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_is_tree_is_networkx_s_on_the_undirected_view(G):
    undirected = G.to_undirected(as_view=True) if G.is_directed() else G
    assert is_tree(G) == (G.number_of_nodes() > 0 and nx.is_tree(undirected))


@settings(max_examples=400, deadline=None)
@given(graphs(), st.integers(0, 6))
def test_bfs_children_are_networkx_s_bfs_edges_in_order(G, root):
    if root not in G:
        G.add_node(root)
    expected: dict = {}
    for parent, child in nx.bfs_edges(G, root):
        expected.setdefault(parent, []).append(child)
    assert bfs_children(G, root) == expected
    assert list(bfs_children(G, root)) == list(expected)  # parents met in the same order


def test_the_lessons_graphs_are_guessed_as_before():
    assert GraphView.guess(notes_tree(), "A", "R").kind == "tree"
    assert GraphView.guess(grid_maze(6, 0.25, 1), (0, 0), (5, 5)).kind == "grid"
    assert GraphView.guess(nx.cycle_graph(5), 0, 2).kind == "graph"
    two_ways = nx.DiGraph([("a", "b"), ("b", "a"), ("a", "c")])  # a tree, its links taken both ways
    assert GraphView.guess(two_ways, "a", "c").kind == "tree"
