"""A page with the demo film and a comparison of two films: the player's browser tests use it."""

import streamlit as st

from search_viz.film.demo import demo_film
from search_viz.ui.film_player import film_player

st.set_page_config(page_title="film player", layout="wide")
st.text_input("A field to type in", key="field")
film_player(demo_film(int(st.query_params.get("dots", 3))), key="demo")
if st.toggle("Compare", key="compare", bind="query-params"):
    film_player([demo_film(), demo_film()], key="two", titles=["Left", "Right"])
