"""Tic-tac-toe: play a perfect player, and see why it moves where it moves."""

import streamlit as st

from search_viz.ui import link_check
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.tictactoe import board, choose_setup, game_moves
from search_viz.ui.tictactoe_why import explain, why_tabs

st.title("Tic-tac-toe: play a perfect player")

with link_check(), st.sidebar:
    setup = choose_setup()

if not presenting():
    st.markdown(
        "X is MAX, O is MIN. The computer searches the game tree from the position on the "
        "board and plays the move with the best backed-up value. Beside the board: every move "
        "with its value; below: the search that chose it, step by step."
    )
moves = game_moves(setup)
play_area, values_area = st.columns([1, 2], gap="large")
with play_area:
    board(setup, moves)
with values_area:
    position = explain(setup, moves)
why_tabs(setup, position)
