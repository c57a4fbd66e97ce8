"""Game trees: minimax and alpha-beta step by step, every cutoff explained, and a quiz."""

from search_viz.lessons.game_trees.page import body

body()
