"""The game-trees stage alone: what the player's fragment reruns when Forward is clicked.

The latency benchmark times this page's reruns in AppTest (which reruns whole
scripts) to measure the server's work per step without the rest of the page.
"""

import streamlit as st

from search_viz.problems.game_tree import GameTree
from search_viz.ui import replay
from search_viz.ui.game_tree import Search, cached_trace, stage, step_figure

tree = GameTree.random(3, 3, 0, 9, seed=7)  # 40 nodes
search = Search(tree.text(), tree.root, "Alpha-beta")
st.title("Game trees")
replay(
    len(cached_trace(search)),
    lambda step: stage(search, step, 1.0),
    key="game",
    figure=step_figure(search),
)
