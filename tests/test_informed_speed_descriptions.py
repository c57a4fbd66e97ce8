"""What a film's describer says of a board's shares of h, said once for all the boards whose
tiles add the same, is what is said of that board afresh."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz.lessons.informed.board import BoardPanel
from search_viz.lessons.informed.descriptions import Describer, _shares
from search_viz.problems.eight_puzzle import NOTES_GOAL, ORDERED_GOAL, scramble
from search_viz.problems.puzzle_heuristics import HEURISTICS


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([NOTES_GOAL, ORDERED_GOAL]),
    st.sampled_from(list(HEURISTICS)),
)
def test_the_shares_said_once_per_set_of_tiles_are_the_shares_said_afresh(seed, goal, heuristic):
    rng = random.Random(seed)
    # boards near the goal, as a search makes them: many share their tiles out of place
    boards = [scramble(goal, rng.randint(0, 12), seed=rng.randrange(10**6)) for _ in range(60)]
    describer = Describer(BoardPanel(boards, goal, heuristic, [], "A*"))
    for board in rng.choices(boards, k=120):  # boards come back, too
        fresh = BoardPanel([board], goal, heuristic, [], "A*")
        assert describer.shares(board) == _shares(fresh, board), board
