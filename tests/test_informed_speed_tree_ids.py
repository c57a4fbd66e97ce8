"""A search tree's node names (:class:`TreeId`, which hash once) behave as the plain tuples
they stand for: equal, hashed alike, laid out alike, pickled and back."""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.lessons.shared.graph_layout import tree_layout
from search_viz.lessons.shared.search_tree import _TOP, SearchTree, TreeId
from search_viz.problems.eight_puzzle import ORDERED_GOAL, scramble

SEARCHES = {
    "A*": (lambda p: sv.astar(p, heuristic="manhattan"), False),
    "greedy": (lambda p: sv.greedy(p, heuristic="misplaced"), False),
    "BFS": (sv.bfs, False),
    "IDDFS": (lambda p: sv.iddfs(p, max_depth=4), True),
}


def plain(node):
    """``node`` as nested plain tuples."""
    if node is None:
        return None
    parent, state = node
    return (plain(parent), state)


def plain_layout(tree: SearchTree) -> dict:
    """The layout :attr:`SearchTree.pos` makes, made from plain tuples."""
    children = {plain(parent): [plain(c) for c in kids] for parent, kids in tree.children.items()}
    roots = children.get(None, [])
    if not roots:
        return {}
    pos = tree_layout({**children, _TOP: roots}, _TOP)
    del pos[_TOP]
    return {node: (x, y + 1) for node, (x, y) in pos.items()}


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 14), st.integers(0, 10**6), st.sampled_from(list(SEARCHES)))
def test_tree_ids_are_the_plain_tuples_they_name(moves, seed, search):
    make, tree_search = SEARCHES[search]
    problem = sv.EightPuzzle(scramble(ORDERED_GOAL, moves, seed=seed), goal=ORDERED_GOAL)
    trace = sv.Trace.record(make(problem), limit=3000)
    tree = SearchTree(trace, tree_search)
    for t in tree.ids:
        if t is None:
            continue
        assert isinstance(t, TreeId)
        assert t == plain(t)
        assert hash(t) == hash(plain(t))
        again = pickle.loads(pickle.dumps(t))
        assert again == t
        assert hash(again) == hash(t)
        assert isinstance(again[0], (TreeId, type(None)))
    assert tree.pos == plain_layout(tree)
    assert list(tree.pos) == list(plain_layout(tree))  # the same order too
