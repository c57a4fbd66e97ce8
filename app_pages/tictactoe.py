"""Tic-tac-toe: play a perfect player, and see why it moves where it moves."""

from search_viz.lessons.tictactoe.page import body

body()
