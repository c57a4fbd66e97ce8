"""Game trees: building them, reading typed text, and refusing bad text with a clear message."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from search_viz import MAX, MIN, GameTree
from search_viz.problems.game_tree import EXAMPLES

numbers = st.one_of(st.integers(-1000, 1000), st.floats(-100, 100, allow_nan=False).map(float))
trees = st.recursive(
    numbers, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=30
)


def test_nodes_are_numbered_breadth_first_and_named_by_their_path():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert t.nodes[:5] == [(), (0,), (1,), (2,), (0, 0)]
    assert [t.player(n) for n in t.nodes[:5]] == [MAX, MIN, MIN, MIN, MAX]
    assert t.number((1,)) == 2
    assert t.result(t.initial, 1) == 2
    assert t.actions(2) == (0, 1, 2)
    assert t.is_terminal(t.number((2, 0)))
    assert t.utility(t.number((2, 0))) == 14
    assert t.value((0,)) is None
    assert (t.depth, t.branching, t.is_uniform, len(t)) == (2, 3, True, 13)


def test_a_min_root_flips_every_level():
    t = GameTree.from_nested([[2, 4], [6, 8]], root="min")
    assert [t.player(n) for n in [(), (0,), (0, 0)]] == [MIN, MAX, MIN]
    assert t.minimax_value() == 4


def test_a_ragged_tree_keeps_its_shape():
    t = GameTree.from_nested([[1, [2, 3]], 4])
    assert t.leaves() == [(0, 0), (0, 1, 0), (0, 1, 1), (1,)]
    assert t.leaves_values() == [1, 2, 3, 4]
    assert t.leaves_under((0, 1)) == [(0, 1, 0), (0, 1, 1)]
    assert t.subtree((0,)) == [(0,), (0, 0), (0, 1), (0, 1, 0), (0, 1, 1)]
    assert (t.depth, t.branching, t.is_uniform) == (3, 2, False)


def test_from_leaves_builds_uniform_trees():
    t = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    assert t.to_nested() == [[[2, 3], [5, 9]], [[0, 1], [7, 5]]]
    assert GameTree.from_leaves([7], branching=3).to_nested() == 7
    with pytest.raises(ValueError, match="power of the branching factor"):
        GameTree.from_leaves([1, 2, 3], branching=2)
    with pytest.raises(ValueError, match="at least one leaf"):
        GameTree.from_leaves([], branching=2)


def test_random_trees_depend_only_on_the_seed():
    a = GameTree.random(branching=3, depth=3, low=-4, high=4, seed=11)
    assert a == GameTree.random(branching=3, depth=3, low=-4, high=4, seed=11)
    assert a != GameTree.random(branching=3, depth=3, low=-4, high=4, seed=12)
    assert len(a.leaves()) == 27
    assert all(-4 <= v <= 4 for v in a.leaves_values())
    assert a.is_uniform
    with pytest.raises(ValueError, match="above the highest"):
        GameTree.random(2, 2, low=5, high=1)


def test_the_lecture_examples_are_there():
    texts = {name: tree.text() for name, tree in EXAMPLES.items()}
    assert "[[[2, 3], [5, 9]], [[0, 1], [7, 5]]]" in texts.values()
    assert "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" in texts.values()
    assert [t.root for t in EXAMPLES.values()].count(MIN) == 1


@given(nested=trees, root=st.sampled_from(["max", "min"]))
def test_text_reads_back_as_the_same_tree(nested, root):
    t = GameTree.from_nested(nested, root=root)
    assert GameTree.parse(t.text(), root=root) == t
    assert GameTree.from_nested(t.to_nested(), root=root) == t


def test_parse_reads_negative_and_decimal_numbers_and_pasted_minus_signs():
    t = GameTree.parse("  [[3, −1.5], [2, -4e1]] ")
    assert t.leaves_values() == [3, -1.5, 2, -40.0]
    assert GameTree.parse("(1, (2, 3))").to_nested() == [1, [2, 3]]
    assert GameTree.parse("5").to_nested() == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("[[3, 12], [2, x]]", "'x' at character 15 is not allowed"),
        ("__import__('os')", "'_' at character 1 is not allowed"),
        ("[[1, 2], [3, 4]", "never closed"),
        ("[[1, 2]], [3]]", "closes nothing"),
        ("[1, , 2]", "could not be read near character"),
        ("[1 2]", "could not be read"),
        ("[[1, 2], []]", "The list at [1] is empty"),
        ("[]", "The list at the root is empty"),
        ("[1, 1e999]", "not a finite number"),
        ("[e]", "could not be read"),
    ],
)
def test_bad_text_gets_a_message_saying_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        GameTree.parse(text)


def test_parse_bounds_what_a_page_accepts():
    deep = "[" * 13 + "1" + "]" * 13
    with pytest.raises(ValueError, match="13 levels deep; at most 12"):
        GameTree.parse(deep, max_depth=12)
    assert GameTree.parse(deep).depth == 13  # the library itself takes any size
    big = GameTree.random(branching=2, depth=11, seed=1).text()  # 4,095 nodes
    with pytest.raises(ValueError, match="at most 2,000"):
        GameTree.parse(big, max_nodes=2000)
    assert len(GameTree.parse(big)) == 4095
    ok = GameTree.random(branching=3, depth=6, seed=1).text()  # 1,093 nodes
    assert len(GameTree.parse(ok, max_nodes=2000, max_depth=12)) == 1093


def test_a_bad_root_is_refused():
    with pytest.raises(ValueError, match="'max' or 'min'"):
        GameTree.from_nested([1, 2], root="chance")


# ------------------------------------------------------------------ the library's bounds
@pytest.mark.parametrize(
    ("make", "says"),
    [
        (
            lambda: GameTree.random(branching=2, depth=20),
            "branching 2 and depth 20 has 2,097,151 nodes; a game tree has at most 100,000",
        ),
        (
            lambda: GameTree.random(branching=2, depth=51),
            "depth must be a whole number from 0 to 50",
        ),
        (lambda: GameTree.random(branching=10**6, depth=1), "from 1 to 100,000, not 1000000"),
        (lambda: GameTree.from_nested([1] * 1_000_000), "more than 100,000 nodes"),
        (lambda: GameTree.from_leaves(itertools.count(), 2), "More than 100,000 leaves"),
        (lambda: GameTree.parse("[" + ", ".join(["1"] * 1_000_000) + "]"), "at most 2,000,000"),
        (lambda: GameTree.parse("[" + ",".join(["1"] * 600_000) + "]"), "about 600,001 nodes"),
        (lambda: GameTree.parse("[" * 60 + "1" + "]" * 60), "60 levels deep; at most 50"),
        (lambda: GameTree.from_nested(deeply_nested(100_000)), "more than 50 levels deep"),
        (lambda: GameTree.from_nested(self_containing()), "more than 50 levels deep"),
    ],
)
@pytest.mark.timeout(60)  # a hang guard: a tree read to the end would never return
def test_a_tree_past_the_bounds_is_refused_naming_the_bound(make, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        make()


def deeply_nested(depth):
    nested = 1
    for _ in range(depth):
        nested = [nested]
    return nested


def self_containing():
    loop = [1]
    loop.append(loop)
    return loop


def test_the_largest_trees_are_built():
    assert len(GameTree.random(branching=4, depth=8, seed=1)) == 87_381  # the benchmarks' tree
    assert GameTree.parse("[" * 50 + "1" + "]" * 50).depth == 50
    assert len(GameTree.from_leaves([1] * 32_768, branching=2)) == 65_535
    assert len(GameTree.from_nested([1] * 99_999)) == 100_000


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "[[1" + "0" * 400 + ", 2], [3]]",
            "The number 10000000…0000 (401 characters) at character 3",
        ),
        ("[1" + "0" * 5000 + ", 2]", "(5,001 characters) at character 2 is out of range"),
        ("[1e16, 2]", "The number 1e16 at character 2 is out of range"),
        ("[2, -1000000000000001]", "-1000000000000001 at character 5 is out of range"),
        ("[1e400, 2]", "The number 1e400 at character 2 is not a finite number"),
    ],
)
def test_a_typed_leaf_out_of_range_gets_a_message_with_the_range(text, says):
    with pytest.raises(ValueError, match=re.escape(says)) as error:
        GameTree.parse(text)
    assert "leaf values must lie from -10^15 to 10^15" in str(error.value)


def test_leaf_values_in_range_are_kept_exactly():
    edge = GameTree.parse("[1000000000000000, -1000000000000000, 1e-400, 00001.5]")
    assert edge.leaves_values() == [10**15, -(10**15), 0.0, 1.5]
    with pytest.raises(ValueError, match=r"about 401 digits> at \[0\] is out of range"):
        GameTree.from_nested([10**400, 1])
    with pytest.raises(ValueError, match=r"nan at \[1\] is not a finite number"):
        GameTree.from_nested([1, float("nan")])
    with pytest.raises(ValueError, match=r"Fraction\(-1000.*\) at \[0\] is out of range"):
        GameTree.from_nested([Fraction(-(10**400), 3)])  # beyond every float


def test_other_libraries_numbers_become_plain_numbers():
    import numpy as np

    tree = GameTree.from_nested([np.int64(3), np.float64(2.5), Fraction(1, 4)])
    assert tree.text() == "[3, 2.5, 0.25]"
    assert GameTree.parse(tree.text()) == tree


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: GameTree.parse(b"[1, 2]"), "the tree must be text"),
        (lambda: GameTree.parse(None), "the tree must be text"),
        (lambda: GameTree.parse("[1, 2]", max_nodes="5"), "max_nodes must be a whole number"),
        (lambda: GameTree.parse("[1, 2]", max_depth=-1), "max_depth must be a whole number"),
        (lambda: GameTree.random(depth=3.0), "the depth must be a whole number"),
        (lambda: GameTree.random(seed="a"), "the seed must be a whole number, not 'a'"),
        (lambda: GameTree.random(low=-(10**16)), "the lowest value must be a whole number from"),
        (lambda: GameTree.from_leaves("1234", 2), "the leaves' values must be a list of numbers"),
        (lambda: GameTree.from_leaves([1, 2], 1.5), "the branching factor must be a whole number"),
        (lambda: GameTree.from_nested([1, 2], root=None), "the root must be 'max' or 'min'"),
        (lambda: GameTree.from_nested(["a"]), "'a' at [0] is not a number"),
    ],
)
def test_wrong_types_are_named(make, says):
    with pytest.raises((TypeError, ValueError), match=re.escape(says)):
        make()
