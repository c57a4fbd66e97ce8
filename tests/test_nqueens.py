"""The n-queens problem: conflicts on hand-checked boards, against brute force, and bad input."""

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.problems.nqueens import Board, count_conflicts


def brute_force_conflicts(state):
    """Every pair of queens, checked by the definition: same row or same diagonal."""
    return sum(
        1
        for (c1, r1), (c2, r2) in itertools.combinations(enumerate(state), 2)
        if r1 == r2 or abs(r1 - r2) == abs(c1 - c2)
    )


@st.composite
def boards(draw, low=4, high=12):
    n = draw(st.integers(low, high))
    return tuple(draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))


@pytest.mark.parametrize(
    ("state", "conflicts"),
    [
        ((0, 4, 7, 5, 2, 6, 1, 3), 0),  # a solution
        ((0,) * 8, 28),  # all on one row: every pair
        ((0, 1, 2, 3, 4, 5, 6, 7), 28),  # all on one diagonal
        ((7, 6, 5, 4, 3, 2, 1, 0), 28),  # all on the other diagonal
        ((0, 2, 0, 2), 2),  # two rows of two
        ((1, 3, 0, 2), 0),  # the 4-queens solution
        ((0, 3, 0, 2), 1),  # columns 0 and 2 share row 0; nothing else
        ((3, 2, 1, 4, 3, 2, 1, 2), 17),  # AIMA's figure 4.3(a) board: h = 17
    ],
)
def test_conflicts_on_hand_checked_boards(state, conflicts):
    q = sv.NQueens(len(state), state=state)
    assert q.conflicts(state) == conflicts
    assert len(q.attacking_pairs(state)) == conflicts
    assert q.is_goal(state) == (conflicts == 0)


@given(boards(4, 14))
def test_conflicts_match_brute_force(state):
    q = sv.NQueens(len(state), state=state)
    assert q.conflicts(state) == brute_force_conflicts(state)
    assert Board(state).conflicts == brute_force_conflicts(state)
    pairs = q.attacking_pairs(state)
    assert pairs == sorted(set(pairs))
    for a, b in pairs:
        assert a < b
        assert state[a] == state[b] or abs(state[a] - state[b]) == b - a


@given(boards(4, 12), st.data())
def test_the_board_keeps_its_conflicts_right_through_moves(state, data):
    board = Board(state)
    n = len(state)
    for _ in range(5):
        column = data.draw(st.integers(0, n - 1))
        row = data.draw(st.integers(0, n - 1).filter(lambda r, c=column: r != board.rows[c]))
        expected = brute_force_conflicts(board.moved(column, row))
        assert board.conflicts + board.delta(column, row) == expected
        board.move(column, row)
        assert board.conflicts == expected
        assert board.state() == tuple(board.rows)


@given(boards(4, 9))
def test_neighbours_move_one_queen_within_its_column(state):
    q = sv.NQueens(len(state), state=state)
    n = len(state)
    found = list(q.neighbours(state))
    assert len(found) == n * (n - 1)
    assert len({s for _, _, s in found}) == n * (n - 1)
    grid = q.neighbour_conflicts(state)
    for column, row, neighbour in found:
        assert [c for c in range(n) if neighbour[c] != state[c]] == [column]
        assert neighbour[column] == row
        assert grid[column][row] == brute_force_conflicts(neighbour)
    for column in range(n):
        assert grid[column][state[column]] == q.conflicts(state)


def test_a_seed_gives_a_reproducible_random_board_with_one_queen_per_column():
    a, b, c = sv.NQueens(8, seed=7), sv.NQueens(8, seed=7), sv.NQueens(8, seed=8)
    assert a.state == b.state != c.state
    assert len(a.state) == 8
    assert all(0 <= r < 8 for r in a.state)
    assert sv.NQueens(8).state == sv.NQueens(8, seed=0).state  # no seed: seed 0, not the clock
    assert sv.NQueens(50, seed=1).max_pairs == 1225


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((3,), "n must be a whole number from 4 to 50, not 3"),
        ((51,), "from 4 to 50, not 51"),
        ((8.5,), "from 4 to 50, not 8.5"),
        (("8",), "from 4 to 50, not '8'"),
        ((True,), "from 4 to 50"),
        ((8, (0, 1, 2)), "one row per column: 8 numbers, not 3"),
        (
            (4, (0, 1, 2, 4)),
            "row 4 in column 3 is off the board: rows are whole numbers from 0 to 3",
        ),
        ((4, (0, -1, 2, 3)), "row -1 in column 1 is off the board"),
        ((4, (0, 1.5, 2, 3)), "row 1.5 in column 1"),
        ((4, "0123"), "must be a list of 4 rows"),
        ((4, 7), "must be a list of 4 rows"),
    ],
)
def test_bad_boards_are_refused_with_a_message_saying_what_is_allowed(args, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        sv.NQueens(*args)


def test_a_state_and_a_seed_together_are_refused():
    with pytest.raises(ValueError, match="not both"):
        sv.NQueens(4, state=(1, 3, 0, 2), seed=1)


def test_count_conflicts_counts_each_pair_once_on_rows_and_both_diagonals():
    assert count_conflicts((0, 0, 0, 0)) == 6
    assert count_conflicts((1, 0, 1, 0)) == 2 + 3  # two rows of two; three diagonal pairs
