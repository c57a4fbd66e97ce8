"""The tic-tac-toe search view, its sentences and its pictures."""

from __future__ import annotations

import itertools

import pytest

import search_viz as sv
from search_viz.algorithms.tictactoe import Opponent, move_values, search_for
from search_viz.lessons.shared.figure import to_png
from search_viz.problems.tictactoe import TicTacToe, is_legal
from search_viz.render.tictactoe import move_values_figure, outcome_words, thumbnail
from search_viz.render.tictactoe_notes import node_name, step_note, value_meaning
from search_viz.render.tictactoe_tree import tree_figure
from search_viz.render.tictactoe_view import SMALL_TREE, drawn_nodes, tree_view


def full_trace(game, opponent):
    return sv.Trace.record(search_for(game, opponent), limit=10_000_000)


# ------------------------------------------------------------------ the view
def test_a_position_with_five_empty_cells_has_at_most_326_nodes():
    sizes = []
    for cells in itertools.product("XO.", repeat=9):
        board = "".join(cells)
        if board.count(".") == 5 and is_legal(board):
            nodes, whole = drawn_nodes(TicTacToe(board), (), None)
            assert whole, board
            sizes.append(len(nodes))
    assert max(sizes) <= SMALL_TREE == 326


def test_a_big_search_is_drawn_two_plies_deep_and_a_small_one_whole():
    big = tree_view(TicTacToe(), Opponent("Alpha-beta"))
    assert not big.whole
    assert len(big.nodes) == 1 + 9 + 72
    assert max(len(n) for n in big.nodes) == 2
    small = tree_view(TicTacToe("XO.XO...."), Opponent("Minimax"))
    assert small.whole
    assert len(small.nodes) == sv.run(sv.minimax(TicTacToe("XO.XO...."))).stats["nodes"]


@pytest.mark.parametrize("kind", ["Minimax", "Alpha-beta", "Depth-limited alpha-beta"])
def test_the_view_keeps_exactly_the_events_about_drawn_nodes(kind):
    game, opponent = TicTacToe("X...O...."), Opponent(kind, depth=3)
    view = tree_view(game, opponent)
    full = full_trace(game, opponent)
    kept = [e for e in full.events if e.node in view.drawn or e.kind == "done"]
    assert view.trace.events == kept
    assert view.trace.result == full.result
    final = view.progress[-1]
    stats = full.result.stats
    assert final == (stats["nodes"], stats["evaluated"], stats["pruned"])
    # each kept event knows how far the whole search had got
    k = full.events.index(view.trace.events[5])
    assert view.progress[5][0] == sum(e.kind == "expand" for e in full.events[: k + 1])


def test_opening_a_node_shows_its_subtree_and_the_path_to_it():
    game, opponent = TicTacToe(), Opponent("Alpha-beta")
    root = tree_view(game, opponent)
    assert (4,) in root.openable
    opened = tree_view(game, opponent, (4,))
    assert opened.path == [(), (4,)]
    assert opened.nodes[:2] == ((), (4,))
    assert all(len(n) <= 3 for n in opened.nodes)
    assert {n for n in opened.nodes if len(n) == 2} == {(4, c) for c in range(9) if c != 4}
    backups = {e.node: e.value for e in opened.trace.events if e.kind == "backup"}
    assert backups[(4,)] == next(
        e.value for e in root.trace.events if e.kind == "backup" and e.node == (4,)
    )


def test_pruned_and_leaf_nodes_cannot_be_opened_and_bad_focuses_are_refused():
    view = tree_view(TicTacToe(), Opponent("Alpha-beta"))
    pruned = {e.node for e in view.trace.events if e.kind == "prune"}
    assert pruned
    assert not pruned & set(view.openable)
    limited = tree_view(TicTacToe(), Opponent("Depth-limited alpha-beta", depth=2))
    assert all(len(n) < 2 for n in limited.openable)
    with pytest.raises(ValueError, match="cell 4 cannot be played"):
        tree_view(TicTacToe(), Opponent(), (4, 4))
    with pytest.raises(ValueError, match="below the search's depth limit 1"):
        tree_view(TicTacToe(), Opponent("Depth-limited alpha-beta", depth=1), (4, 0))


# ------------------------------------------------------------- the sentences
def test_every_step_has_a_sentence_and_the_last_one_names_the_move():
    view = tree_view(TicTacToe("XO..X...."), Opponent("Alpha-beta"))
    notes = [step_note(view, k) for k in range(len(view.trace))]
    assert notes[0].startswith("Start at the root, the position on the board: O is to move")
    assert notes[-1] == (
        "Done: the position is worth 6: X wins in 4 plies with best play. "
        "O plays bottom right (cell 8)."
    )
    empty = tree_view(TicTacToe(), Opponent("Alpha-beta"))
    prunes = [step_note(empty, k) for k, e in enumerate(empty.trace.events) if e.kind == "prune"]
    full = full_trace(TicTacToe(), Opponent("Alpha-beta"))
    assert len(prunes) == sum(e.kind == "prune" and len(e.node) <= 2 for e in full.events) > 0
    for sentence in prunes:
        assert sentence.startswith("Skip ")
        assert "≥ β =" in sentence
        assert sentence.endswith("never lets the game get there.")


def test_sentences_say_what_a_leaf_is_worth_and_why():
    view = tree_view(TicTacToe("XX.OO...."), Opponent("Minimax", decay=False))
    notes = [step_note(view, k) for k in range(len(view.trace))]
    assert "X has three in a row 1 ply below the root: worth 10 for X (no decay)." in notes
    limited = tree_view(TicTacToe(), Opponent("Depth-limited alpha-beta", depth=1))
    assert any(
        "The depth limit (1 ply) is reached" in step_note(limited, k)
        for k in range(len(limited.trace))
    )
    cut = tree_view(TicTacToe("XO..X...."), Opponent("Alpha-beta"))
    assert any(
        "at most: its search was cut off" in step_note(cut, k) for k in range(len(cut.trace))
    )


def test_names_and_meanings():
    view = tree_view(TicTacToe("X...O...."), Opponent("Alpha-beta"))
    assert node_name(view, ()) == "the root"
    assert node_name(view, (8, 2)) == "X bottom right → O top right"
    assert value_meaning(7, view) == "X wins in 3 plies"
    limited = tree_view(TicTacToe(), Opponent("Depth-limited alpha-beta", depth=2))
    assert value_meaning(30, limited) == "better for X, as far as the evaluation can tell"
    assert value_meaning(998, limited) == "X wins in 2 plies"


# ------------------------------------------------------------- the pictures
@pytest.mark.parametrize(
    ("board", "kind", "focus"),
    [
        ("X...O....", "Alpha-beta", ()),  # two plies, with cuts
        ("XOXOX....", "Minimax", ()),  # a whole small subtree
        (".........", "Depth-limited alpha-beta", ()),  # all of it in two plies
        (".........", "Alpha-beta", (4, 0)),  # a node opened two levels down
    ],
)
def test_the_tree_picture_draws_every_step_kind(board, kind, focus):
    view = tree_view(TicTacToe(board), Opponent(kind), focus)
    kinds_seen = set()
    for k, e in enumerate(view.trace.events):
        if e.kind in kinds_seen and k != len(view.trace) - 1:
            continue
        kinds_seen.add(e.kind)
        fig = tree_figure(view, k, scale=1.5 if k % 2 else 1.0)
        assert len(fig.legends) == 1
        assert fig.get_figwidth() <= 16
    assert to_png(tree_figure(view, len(view.trace) - 1))[:4] == b"\x89PNG"


def test_the_move_values_picture_has_a_board_and_words_per_move():
    game = TicTacToe("X...O...X")
    values = move_values(game)
    fig = move_values_figure(game, values, values, chosen=1)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert sum("\nvalue" in t for t in texts) == len(game.moves)
    assert "loss in 4\nvalue +6" in texts  # a corner lets X fork
    assert texts.count("draw\nvalue 0") == 4
    assert "★" in texts
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert labels[:3] == ["win for O", "draw", "loss for O"]


def test_outcome_words_without_decay_have_no_timing():
    assert outcome_words(10, 10, TicTacToe("XX.OO....", decay=False)) == "win\nvalue +10"


def test_the_thumbnail_is_small():
    assert thumbnail().get_figwidth() < 6
