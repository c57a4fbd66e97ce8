"""Game trees: minimax and alpha-beta step by step, every cutoff explained, and a quiz."""

import streamlit as st

from search_viz.ui import link_check, replay, scale
from search_viz.ui.game_compare import comparisons
from search_viz.ui.game_quiz import choose_quiz_tree, quiz
from search_viz.ui.game_tree import (
    cached_trace,
    choose_search,
    choose_tree,
    frame_png,
    side_by_side_stage,
    stage,
    step_figure,
)
from search_viz.ui.presenter import is_on as presenting

STEP, QUIZ = "Step through", "Quiz"

st.title("Game trees: minimax and alpha-beta")

with link_check(), st.sidebar:
    mode = st.segmented_control(
        "Mode", [STEP, QUIZ], default=STEP, required=True, key="mode", bind="query-params"
    )
    if mode == QUIZ:
        quiz_tree, quiz_key = choose_quiz_tree()
    else:
        tree, problem = choose_tree()
        search = choose_search(tree) if tree is not None else None
        both = st.toggle(
            "Minimax and alpha-beta side by side",
            key="both",
            bind="query-params",
            help="Compare mode: both searches on this tree, driven by one player.",
        )

if mode == QUIZ:
    quiz(quiz_tree, quiz_key)
elif search is None:
    st.error(problem, icon=":material/error:")
else:
    if not presenting():  # on a projector the picture needs the room
        st.markdown(
            "MAX (▲) takes the largest value below it, MIN (▼) the smallest; values are backed "
            "up from the leaves. **α** is the best MAX can already guarantee on the path (from "
            "−∞), **β** the best MIN can (from +∞): MAX raises α, MIN lowers β, and they travel "
            "down with the search. When **α ≥ β** at a node, its other children cannot change the "
            "result: they are pruned."
        )
    zoom = scale()
    if both:
        n_steps, show_both = side_by_side_stage(search, zoom)
        replay(n_steps, show_both, key="game", reset_on=(search, "both"))
    else:
        replay(
            len(cached_trace(search)),
            lambda step: stage(search, step, zoom),
            key="game",
            reset_on=search,
            figure=step_figure(search),
            prefetch=lambda step: frame_png(search, step, zoom),
        )
    comparisons(search)
