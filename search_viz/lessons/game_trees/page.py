"""The game-trees page: minimax and alpha-beta step by step, every cutoff explained, and a quiz."""

from __future__ import annotations

import streamlit as st

from search_viz.lessons.game_trees.comparisons import comparisons
from search_viz.lessons.game_trees.inputs import cached_film, choose_search, choose_tree
from search_viz.lessons.game_trees.quiz import choose_quiz_tree, quiz
from search_viz.ui import link_check
from search_viz.ui.film_player import film_player
from search_viz.ui.presenter import is_on as presenting

STEP, QUIZ = "Step through", "Quiz"

INTRO = (
    "MAX (▲) takes the largest value below it, MIN (▼) the smallest; values are backed up "
    "from the leaves. **α** is the best MAX can already guarantee on the path (from −∞), "
    "**β** the best MIN can (from +∞): MAX raises α, MIN lowers β, and they travel down with "
    "the search. When **α ≥ β** at a node, its other children cannot change the result: they "
    "are pruned."
)


def body() -> None:
    """The page, top to bottom: the sidebar's choices, then the replay or the quiz."""
    st.title("Game trees: minimax and alpha-beta")
    with link_check(), st.sidebar:
        mode = st.segmented_control(
            "Mode", [STEP, QUIZ], default=STEP, required=True, key="mode", bind="query-params"
        )
        if mode == QUIZ:
            quiz_tree, quiz_key, harder = choose_quiz_tree()
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
        quiz(quiz_tree, quiz_key, harder)
        return
    if search is None:
        st.error(problem, icon=":material/error:")
        return
    if not presenting():  # on a projector the picture needs the room
        st.caption(INTRO)
    if both:
        searches = [search.but(algorithm="Minimax"), search.but(algorithm="Alpha-beta")]
        film_player(
            [cached_film(s) for s in searches], key="game", titles=["Minimax", "Alpha-beta"]
        )
    else:
        film_player(cached_film(search), key="game")
    comparisons(search)
