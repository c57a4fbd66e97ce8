"""Home: what the app is, and a card per lesson."""

import streamlit as st

from search_viz.lessons import thumbnail_png
from search_viz.ui.home import lesson_cards

st.title("search_viz: watch search algorithms think")
st.markdown(
    "Step through the classic AI search algorithms one event at a time: every node "
    "expanded, every value backed up and every branch pruned comes with the line of "
    "pseudocode that did it and a sentence saying why. Pick a lesson, choose a problem "
    "from the lecture notes or make your own, and press play."
)
lesson_cards(st.cache_data(show_spinner=False)(thumbnail_png))
