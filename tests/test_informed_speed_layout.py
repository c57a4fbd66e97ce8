"""The tidy tree layout, which asks less of its dicts now, places every node as the layout
that asked whether a node was placed or entered did: in trees and in graphs with shared
children, cycles and nodes met twice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz.lessons.shared.graph_layout import tree_layout, true_tree_layout


def plain_tree_layout(children, root):
    """The layout as it was written first (the reference)."""
    pos = {}
    next_leaf = 0.0
    stack = [(True, root, 0)]
    placed_children = {}
    while stack:
        entering, node, depth = stack.pop()
        if entering:
            if node in pos or node in placed_children:
                continue
            kids = [c for c in children.get(node, ()) if c not in pos and c not in placed_children]
            placed_children[node] = kids
            stack.append((False, node, depth))
            stack.extend((True, child, depth + 1) for child in reversed(kids))
            continue
        kids = [c for c in placed_children[node] if c in pos and pos[c][1] == -(depth + 1)]
        if kids:
            x = (pos[kids[0]][0] + pos[kids[-1]][0]) / 2
        else:
            x, next_leaf = next_leaf, next_leaf + 1
        pos[node] = (x, float(-depth))
    return pos


NODES = st.integers(0, 25)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(NODES, st.lists(NODES, max_size=5), max_size=26), NODES)
def test_the_layout_is_the_plain_layout_node_for_node_and_in_order(children, root):
    mine, plain = tree_layout(children, root), plain_tree_layout(children, root)
    assert mine == plain
    assert list(mine) == list(plain)


@st.composite
def true_trees(draw):
    """A true tree over nodes 0..n-1 rooted at 0: each node after the root hangs from one
    node before it, its parent's children in a drawn order."""
    n = draw(st.integers(1, 60))
    children: dict[int, list[int]] = {}
    for node in range(1, n):
        children.setdefault(draw(st.integers(0, node - 1)), []).append(node)
    for kids in children.values():
        kids[:] = draw(st.permutations(kids))
    return children


@settings(max_examples=300, deadline=None)
@given(true_trees())
def test_a_true_tree_is_laid_out_as_the_tidy_layout_lays_it_out(children):
    """The search tree's layout (``true_tree_layout``, no check for a node met twice) places
    every node of a true tree where ``tree_layout`` does, in the same order."""
    mine, tidy = true_tree_layout(children, 0), tree_layout(children, 0)
    assert mine == tidy
    assert list(mine) == list(tidy)
