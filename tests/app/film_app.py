"""A page with the demo film and a comparison of two films: the player's browser tests use it.

"New problem" in practice mode lights one dot more (``?dots=`` grows by one).
"""

import streamlit as st

from search_viz.film.demo import demo_film
from search_viz.ui.film_player import film_player

st.set_page_config(page_title="film player", layout="wide")
st.text_input("A field to type in", key="field")
dots = int(st.query_params.get("dots", 3))


def one_dot_more() -> None:
    st.query_params["dots"] = str(dots + 1)


film_player(demo_film(dots), key="demo", new_problem=one_dot_more)
if st.toggle("Compare", key="compare", bind="query-params"):
    film_player([demo_film(), demo_film()], key="two", titles=["Left", "Right"])
