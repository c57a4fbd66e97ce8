"""Tic-tac-toe: the lecture notes' figures, hand-checked positions, and brute force on every
position against an independent reference written here (strings, no bitmasks, no core)."""

from __future__ import annotations

import itertools
import math
import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.algorithms.adversarial import exact_values
from search_viz.algorithms.tictactoe import (
    GIVE_UP_BOARD,
    LIMITED_WIN,
    MOVE_ORDERS,
    Opponent,
    choose_move,
    move_values,
    node_counts,
    outcome,
    search_for,
    whole_game,
)
from search_viz.problems.tictactoe import EMPTY_BOARD, TicTacToe, is_legal

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


# ------------------------------------------------------ an independent reference
def ref_winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def ref_to_move(board: str, first: str = "X") -> str:
    second = "O" if first == "X" else "X"
    return first if board.count(first) == board.count(second) else second


def ref_children(board: str, first: str = "X") -> list[tuple[int, str]]:
    mark = ref_to_move(board, first)
    return [(c, board[:c] + mark + board[c + 1 :]) for c in range(9) if board[c] == "."]


def ref_over(board: str) -> bool:
    return ref_winner(board) is not None or "." not in board


@cache
def ref_value(board: str, depth: int, decay: bool, first: str = "X") -> int:
    """Plain minimax on strings: X's score, d counted from where the search started."""
    winner = ref_winner(board)
    if winner is not None:
        d = depth if decay else 0
        return 10 - d if winner == "X" else d - 10
    if "." not in board:
        return 0
    values = [ref_value(child, depth + 1, decay, first) for _, child in ref_children(board, first)]
    return max(values) if ref_to_move(board, first) == "X" else min(values)


def reachable(first: str = "X") -> set[str]:
    """Every position of a real game, by playing every game from the empty board."""
    seen, stack = set(), [EMPTY_BOARD]
    while stack:
        board = stack.pop()
        if board in seen:
            continue
        seen.add(board)
        if not ref_over(board):
            stack.extend(child for _, child in ref_children(board, first))
    return seen


ALL_POSITIONS = sorted(reachable())


def plain_alphabeta_nodes(board: str, alpha=-math.inf, beta=math.inf) -> tuple[int, int]:
    """Alpha-beta over strings, cells 0-8, no decay, fail-soft: (value, nodes entered)."""
    winner = ref_winner(board)
    if winner is not None:
        return (10 if winner == "X" else -10), 1
    if "." not in board:
        return 0, 1
    nodes = 1
    is_max = ref_to_move(board) == "X"
    best = -math.inf if is_max else math.inf
    for _, child in ref_children(board):
        v, n = plain_alphabeta_nodes(child, alpha, beta)
        nodes += n
        if is_max:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, nodes


@pytest.fixture(scope="module")
def figures():
    return whole_game()


# ------------------------------------------------------------- the notes' figures
def test_minimax_from_the_empty_board_is_a_draw_over_549946_nodes_and_255168_games(figures):
    r = sv.run(sv.minimax(TicTacToe()))
    assert r.value == 0
    assert r.stats["nodes"] == 549946
    assert r.stats["evaluated"] == 255168  # every leaf is a complete game
    assert (figures.minimax_nodes, figures.games, figures.value) == (549946, 255168, 0)


def test_the_reference_counts_the_same_games():
    @cache
    def games(board: str) -> int:
        if ref_over(board):
            return 1
        return sum(games(child) for _, child in ref_children(board))

    assert games(EMPTY_BOARD) == 255168


def test_5478_distinct_positions_in_a_transposition_table(figures):
    assert figures.positions == 5478 == len(ALL_POSITIONS)
    value = exact_values(TicTacToe())
    value(TicTacToe().initial, 0)
    assert sorted(sv.TicTacToe().text(s) for s in value.table) == ALL_POSITIONS


def test_alphabeta_from_the_empty_board_without_decay_enters_18297_nodes(figures):
    """The issue's figure, checked against a plain alpha-beta on strings written here."""
    r = sv.run(sv.alphabeta(TicTacToe(decay=False)))
    assert (r.value, r.stats["nodes"]) == (0, 18297)
    assert plain_alphabeta_nodes(EMPTY_BOARD) == (0, 18297)
    assert figures.alphabeta_nodes == 18297
    assert figures.alphabeta_nodes_decay == sv.run(sv.alphabeta(TicTacToe())).stats["nodes"]


@pytest.mark.parametrize("decay", [True, False])
def test_every_first_move_draws(decay):
    game = TicTacToe(decay=decay)
    assert move_values(game) == dict.fromkeys(range(9), 0)
    for cell in range(9):
        assert sv.run(sv.alphabeta(game.play(cell))).value == 0


def test_move_orders_from_the_empty_board_differ_several_fold():
    counts = node_counts(TicTacToe(decay=False))
    assert counts == {
        "minimax": 549946,
        "cells 0-8": 18297,
        "centre, corners, edges": 7275,
        "edges, corners, centre": 42094,
    }
    assert counts["edges, corners, centre"] > 5 * counts["centre, corners, edges"]
    for ordering in MOVE_ORDERS.values():
        assert sv.run(sv.alphabeta(TicTacToe(), ordering=ordering)).value == 0


# ------------------------------------------------------------ hand-checked positions
@pytest.mark.parametrize(
    ("board", "values", "best"),
    [
        # X wins at once in 2 (10 - 1); 5 blocks O's row (a draw); elsewhere O wins next (2 - 10)
        ("XX.OO....", {2: 9, 5: 0, 6: -8, 7: -8, 8: -8}, {2}),
        # O must block the top row in 2; anything else, X completes it next ply (10 - 2)
        ("XX..O....", {2: 0, 3: 8, 5: 8, 6: 8, 7: 8, 8: 8}, {2}),
        # X forks: 3 threatens 3-4-5 and 0-3-6, 6 threatens 0-3-6 and 2-4-6; X wins at ply 3
        ("XO..X...O", {2: 0, 3: 7, 5: 0, 6: 7, 7: 0}, {3, 6}),
        # opposite corners against the centre: O must take an edge, a corner lets X fork
        ("X...O...X", {1: 0, 2: 6, 3: 0, 5: 0, 6: 6, 7: 0}, {1, 3, 5, 7}),
    ],
)
def test_hand_checked_positions(board, values, best):
    game = TicTacToe(board)
    assert move_values(game) == values
    r = sv.run(sv.minimax(game))
    pick = max if game.player_to_move == "X" else min
    assert r.value == pick(values.values())
    assert r.move in best
    assert sv.run(sv.alphabeta(game)).move == r.move
    assert choose_move(game, Opponent("Alpha-beta")) == min(best)  # the first best, cells 0-8


def test_a_win_in_one_without_decay_is_worth_10():
    r = sv.run(sv.minimax(TicTacToe("XX.OO....", decay=False)))
    assert (r.value, r.move) == (10, 2)
    assert r.path == [(), (2,)]


# -------------------------------------------------------- every reachable position
@pytest.mark.parametrize("decay", [True, False])
def test_alphabeta_equals_minimax_on_every_reachable_position(decay):
    for board in ALL_POSITIONS:
        game = TicTacToe(board, decay=decay)
        truth = ref_value(board, 0, decay)
        soft = sv.run(sv.alphabeta(game))
        hard = sv.run(sv.alphabeta(game, fail_soft=False))
        assert soft.value == hard.value == truth, board
        if not game.is_over:
            child = game.result(game.initial, soft.move)
            assert ref_value(game.text(child), 1, decay) == truth, board


def test_minimax_equals_the_reference_on_every_position_with_six_empty_cells_or_fewer():
    for board in ALL_POSITIONS:
        if board.count(".") <= 6:
            assert sv.run(sv.minimax(TicTacToe(board))).value == ref_value(board, 0, True), board


def test_the_move_values_are_the_references_on_every_position():
    for board in ALL_POSITIONS:
        game = TicTacToe(board)
        expected = {c: ref_value(child, 1, True) for c, child in ref_children(board)}
        assert move_values(game) == ({} if game.is_over else expected), board


@given(st.sampled_from(ALL_POSITIONS), st.permutations(range(9)))
def test_any_move_order_gives_the_same_value(board, order):
    rank = {cell: i for i, cell in enumerate(order)}
    game = TicTacToe(board)
    r = sv.run(sv.alphabeta(game, ordering=lambda state, cell: rank[cell]))
    assert r.value == ref_value(board, 0, True)


# -------------------------------------------------------------- legal positions
def test_the_legal_boards_are_exactly_the_reachable_ones():
    boards = ["".join(cells) for cells in itertools.product("XO.", repeat=9)]
    assert sorted(b for b in boards if is_legal(b)) == ALL_POSITIONS
    o_first = reachable("O")
    assert {b for b in boards if is_legal(b, first="O")} == o_first
    assert len(o_first) == 5478


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("XO", "a board has 9 cells, row by row, not 2"),
        ("XO.X.O.X.O", "not 10"),
        ("XO.?.....", "'?' cannot be on a board: a cell is X, O or . (empty)"),
        ("xo.......", "'o', 'x' cannot be on a board"),
        ("XXX......", "X has 3 marks and O 0: players take turns and X starts"),
        ("OO.X.....", "X has 1 marks and O 2"),
        ("XXXOOO...", "both X and O have three in a row"),
        ("XXXOO.O..", "O played after X had three in a row: the game was already over"),
        ("OOOXX.X.X", "X played after O had three in a row"),
    ],
)
def test_impossible_boards_are_refused_with_the_reason(board, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        TicTacToe(board)


def test_a_board_that_is_not_a_string_is_refused():
    with pytest.raises(ValueError, match="a board is a string of 9 characters, not list"):
        TicTacToe(list("X........"))


def test_who_started_decides_who_moves():
    assert TicTacToe("X........").player_to_move == "O"
    assert TicTacToe(".........", first="O").player_to_move == "O"
    assert TicTacToe("O........", first="O").player_to_move == "X"
    with pytest.raises(ValueError, match="O starts"):
        TicTacToe("X........", first="O")
    with pytest.raises(ValueError, match="first must be 'X' or 'O'"):
        TicTacToe(first="Z")


def test_play_refuses_a_taken_cell_a_bad_cell_and_a_finished_game():
    game = TicTacToe().play(4)
    with pytest.raises(ValueError, match="cell 4 is taken"):
        game.play(4)
    with pytest.raises(ValueError, match="a cell is a number from 0 to 8"):
        game.play(9)
    with pytest.raises(ValueError, match="the game is over"):
        TicTacToe("XXXOO....").play(5)
    assert game.play(0).board == "O...X...."


def test_the_utility_counts_plies_below_the_searched_position():
    game = TicTacToe("X.O.X.O..")  # X to move: 8 completes the diagonal
    won = game.result(game.initial, 8)
    assert (game.winner(won), game.utility(won)) == ("X", 9)
    assert game.but(decay=False).utility(won) == 10
    o_game = TicTacToe("XX.OO.X..")  # O to move: 5 completes O's row
    assert o_game.utility(o_game.result(o_game.initial, 5)) == -9
    full = TicTacToe("XOXXOOOX.")
    assert full.utility(full.result(full.initial, 8)) == 0


# ------------------------------------------------------------ the static evaluation
def ref_evaluate(board: str) -> int:
    total = 0
    for line in LINES:
        xs = sum(board[c] == "X" for c in line)
        os_ = sum(board[c] == "O" for c in line)
        if xs and not os_:
            total += 10**xs
        if os_ and not xs:
            total -= 10**os_
    return total


def test_the_evaluation_is_the_notes_sum_over_lines_on_every_position():
    game = TicTacToe()
    for board in ALL_POSITIONS:
        assert game.evaluate(TicTacToe(board).initial) == ref_evaluate(board), board


def test_the_evaluation_by_hand():
    game = TicTacToe()
    # X in the centre: 4 lines with one X (rows, columns, diagonals through it)
    assert game.evaluate(TicTacToe("....X....").initial) == 40
    # X centre, O corner: X 3 lines (10 each), O 2 lines (-10 each), 2 mixed lines
    assert game.evaluate(TicTacToe("O...X....", first="O").initial) == 10
    assert game.evaluate(TicTacToe("X...O....").initial) == -10


def test_a_win_outweighs_every_evaluation_in_the_depth_limited_search():
    """A win scores 1000 - d (d <= 9) there: above every non-terminal position's evaluation."""
    game = TicTacToe()
    biggest = max(
        abs(game.evaluate(TicTacToe(b).initial)) for b in ALL_POSITIONS if not ref_over(b)
    )
    assert biggest < LIMITED_WIN - 9


@pytest.mark.parametrize("board", ["XO..X....", "X...O...X", EMPTY_BOARD, "XX.OO...."])
def test_the_depth_limited_search_to_the_end_plays_perfectly(board):
    game = TicTacToe(board)
    deep = sv.run(search_for(game, Opponent("Depth-limited alpha-beta", depth=9)))
    assert deep.move == sv.run(sv.alphabeta(game)).move
    assert outcome(deep.value, game) == outcome(ref_value(board, 0, True), game)


def test_the_depth_limited_search_evaluates_at_its_limit():
    trace = sv.Trace.record(search_for(TicTacToe(), Opponent("Depth-limited alpha-beta", depth=2)))
    leaves = [e for e in trace.events if e.kind == "evaluate"]
    assert len(leaves) == trace.result.stats["evaluated"] == 26  # 72 pairs of moves, pruned
    assert all(e.data == "limit" and len(e.node) == 2 for e in leaves)
    assert all(
        e.value == ref_evaluate(TicTacToe().text(TicTacToe().state_after(e.node))) for e in leaves
    )
    assert trace.result.move == 4  # the centre: the most lines


def test_a_one_ply_search_takes_the_win_and_a_two_ply_search_blocks():
    win = TicTacToe("XX.OO....")
    assert choose_move(win, Opponent("Depth-limited alpha-beta", depth=1)) == 2
    block = TicTacToe("XX..O....")  # O to move
    assert choose_move(block, Opponent("Depth-limited alpha-beta", depth=2)) == 2


# ------------------------------------------------------------- an ideal player
def test_an_ideal_player_does_not_give_up():
    off, on = TicTacToe(GIVE_UP_BOARD, decay=False), TicTacToe(GIVE_UP_BOARD)
    assert off.player_to_move == "O"
    assert all(v > 0 for v in move_values(off).values())  # O loses whatever it does
    gives_up = choose_move(off, Opponent("Minimax", decay=False))
    assert gives_up == min(off.moves) == 2  # the first losing move
    after = off.play(gives_up)
    assert after.play(8).winner() == "X"  # X could win at once on the diagonal ...
    # ... but without the decay every win is 10, so X is in no hurry either: the first win
    assert choose_move(after, Opponent("Minimax", decay=False)) == 3
    assert choose_move(after.but(decay=True), Opponent("Minimax")) == 8
    holds_out = choose_move(on, Opponent("Minimax"))
    assert holds_out == 8  # blocks the diagonal
    assert move_values(on)[holds_out] == 6 < min(v for c, v in move_values(on).items() if c != 8)
    assert TicTacToe(on.play(8).board).winner() is None


# ------------------------------------------------------------------ the players
def test_the_random_player_depends_on_its_seed_and_the_board_only():
    game = TicTacToe("X...O....")
    picks = {choose_move(game, Opponent("Random", seed=s)) for s in range(40)}
    assert picks <= set(game.moves)
    assert len(picks) > 1
    assert choose_move(game, Opponent("Random", seed=7)) == choose_move(
        TicTacToe("X...O....", decay=False), Opponent("Random", seed=7)
    )


def test_opponents_check_their_options():
    with pytest.raises(ValueError, match="the depth limit is 1 to 9 plies, not 0"):
        Opponent("Depth-limited alpha-beta", depth=0)
    with pytest.raises(ValueError, match="the game is over"):
        choose_move(TicTacToe("XXXOO...."), Opponent())


@pytest.mark.parametrize("seed", range(6))
def test_a_perfect_player_never_loses_to_a_random_one(seed):
    for perfect in ("X", "O"):
        game = TicTacToe()
        while not game.is_over:
            if game.player_to_move == perfect:
                game = game.play(choose_move(game, Opponent("Alpha-beta")))
            else:
                game = game.play(choose_move(game, Opponent("Random", seed=seed)))
        assert game.winner() in (perfect, None)
