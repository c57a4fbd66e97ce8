"""The why-tree's shortcuts, each checked against the long way round.

:func:`~search_viz.lessons.tictactoe.search.drawn_search` sums up undrawn
subtrees instead of stepping through them (``summed_up`` of ``game_search``); here
its answer is compared with minimax's or alpha-beta's generator, run to the end and
filtered to the drawn nodes.
:func:`~search_viz.lessons.tictactoe.drawing.walk` restyles at each step only
the nodes the step touches; here its looks are compared with every node's look
computed afresh.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz.algorithms.adversarial import alphabeta, minimax
from search_viz.algorithms.tictactoe import centre_corners_edges, edges_corners_centre
from search_viz.lessons.tictactoe.drawing import looks_at, walk
from search_viz.lessons.tictactoe.search import Search, drawn_nodes, drawn_search, tree_view
from search_viz.problems.tictactoe import TicTacToe
from tests.test_tictactoe_practice import played


def filtered(game: TicTacToe, search: Search, drawn: frozenset):
    """The generator's events about ``drawn`` nodes (and ``done``), with the whole search's
    counts at each, the drawn nodes that cut, and the Result: what the shortcut must equal."""
    events, progress, cut = [], [], set()
    entered = evaluated = pruned = 0
    if search.pruning:
        gen = alphabeta(game, search.fail_soft, search.ordering, limit=search.limit)
    else:
        gen = minimax(game, ordering=search.ordering, limit=search.limit)
    while True:
        try:
            e = next(gen)
        except StopIteration as stop:
            return events, progress, cut, stop.value
        entered += e.kind == "expand"
        evaluated += e.kind == "evaluate"
        if e.kind == "prune":
            pruned += 1
            if e.parent in drawn:
                cut.add(e.parent)
        if e.node in drawn or e.kind == "done":
            events.append(e)
            progress.append((entered, evaluated, pruned))


def assert_same(game: TicTacToe, search: Search, focus: tuple = ()) -> None:
    game = search.scored(game)
    drawn = frozenset(drawn_nodes(game, focus, search.limit))
    events, progress, cut, result = filtered(game, search, drawn)
    found = drawn_search(game, search, drawn)
    assert found.events == events
    assert [e.line for e in found.events] == [e.line for e in events]
    assert [e.data for e in found.events] == [e.data for e in events]
    assert found.progress == progress
    assert found.cut == cut
    assert found.result == result


@st.composite
def searches(draw):
    """A position 1 to 7 moves into a game (maybe over), a search, and a node to open."""
    game = played(draw, 1)
    pruning = draw(st.booleans())
    search = Search(
        pruning=pruning,
        fail_soft=draw(st.booleans()),
        ordering=draw(st.sampled_from(["given", "best", "worst", centre_corners_edges,
                                       edges_corners_centre])),
        limit=draw(st.sampled_from([None, None, 1, 2, 3, 4])),
    )  # fmt: skip
    view = tree_view(game, search)
    focus = draw(st.sampled_from([(), *view.openable])) if view.openable else ()
    return game, search, focus


@settings(max_examples=120, deadline=None)
@given(searches())
def test_the_shortcut_keeps_what_the_whole_search_keeps(case):
    assert_same(*case)


@pytest.mark.parametrize("pruning", [True, False])
def test_the_shortcut_from_the_empty_board(pruning):
    assert_same(TicTacToe(), Search(pruning=pruning))


def test_the_shortcut_opened_deep_below_the_root():
    assert_same(TicTacToe("X...O...."), Search(fail_soft=False, limit=4), focus=(1, 2))
    assert_same(TicTacToe(), Search(pruning=False), focus=(0, 4, 8))


@pytest.mark.parametrize("pruning", [True, False])
def test_calls_summed_up_in_one_why_tree_serve_the_next(pruning):
    """The summed-up calls are kept between why-trees of the same rules (a student's game
    asks for one per move): each tree still equals its own whole search."""
    search = Search(pruning=pruning)
    for game in (TicTacToe("X...O...."), TicTacToe("....X..O."), TicTacToe("X...O..X.")):
        assert_same(game, search)


def test_calls_are_kept_apart_for_other_rules():
    """Trees of other rules from a root with as many marks (no decay, O first; the empty
    board, where a decay's count of marks is 0) get calls of their own."""
    search = Search()  # alpha-beta: the whole search from the empty board stays quick
    for game in (TicTacToe(decay=False), TicTacToe(first="O"), TicTacToe(), TicTacToe(decay=False)):
        assert_same(game, search)


def test_a_bad_ordering_is_refused_as_the_search_refuses_it():
    with pytest.raises(ValueError, match="ordering must be one of given, best, worst"):
        tree_view(TicTacToe(), Search(ordering="random"))


@settings(max_examples=60, deadline=None)
@given(searches())
def test_each_step_restyles_every_node_whose_look_changes(case):
    game, search, focus = case
    view = tree_view(game, search, focus)
    for step, (fold, looks, _) in enumerate(walk(view)):
        assert looks == looks_at(view, fold), step
        assert list(looks) == list(view.nodes)
