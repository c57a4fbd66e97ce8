"""A page with the demo film and a comparison of two films: the player's browser tests use it.

"New problem" in practice mode lights one dot more (``?dots=`` grows by one).
``?opening=1200`` shows instead the opening of a blinking dot's film of 1,200 steps (each
step but the first asks whether the dot is on or off), and
``?opening=broken`` the opening of a 1,300-step one whose rest cannot be made, and
``?opening=twice`` two openings side by side (1,200 and 1,400 steps), the second's rest
made more slowly than a run waits for it: the first's whole film comes in one answer,
then again with the second's. ``?opening=staged`` the opening of a 6,000-step film, sent in
three stages: its middle (its first 1,000 steps) is made at once, its whole film only once a
page is opened with ``?release=1`` (or after a minute).
"""

import threading
import time
from functools import partial

import streamlit as st

from search_viz.film import MIDDLE_STEPS, OPENING_STEPS
from search_viz.film.demo import blinking_film, demo_film
from search_viz.ui.film_player import REST_WAIT_S, Opening, film_player

st.set_page_config(page_title="film player", layout="wide")
st.text_input("A field to type in", key="field")
dots = int(st.query_params.get("dots", 3))


def one_dot_more() -> None:
    st.query_params["dots"] = str(dots + 1)


def no_rest():
    raise RuntimeError("this film's rest is broken on purpose")


def slow_rest() -> object:
    time.sleep(REST_WAIT_S + 0.5)
    return blinking_film(1400)


@st.cache_resource
def staged_gate() -> threading.Event:
    """What the staged film's whole waits for: set by a page opened with ``?release=1``."""
    return threading.Event()


def staged_whole(gate: threading.Event, steps: int):
    gate.wait(60)
    return blinking_film(steps)


opening = st.query_params.get("opening")
if st.query_params.get("release"):
    staged_gate().set()
if opening == "staged":
    steps = 6000
    first = blinking_film(OPENING_STEPS, steps)
    middle = partial(blinking_film, MIDDLE_STEPS, steps)
    film_player(Opening(first, partial(staged_whole, staged_gate(), steps), middle), key="staged")
elif opening == "twice":
    fast = Opening(blinking_film(OPENING_STEPS, whole=1200), partial(blinking_film, 1200))
    slow = Opening(blinking_film(OPENING_STEPS, whole=1400), slow_rest)
    film_player([fast, slow], key="twice", titles=["Fast rest", "Slow rest"])
elif opening == "broken":
    film_player(Opening(blinking_film(OPENING_STEPS, whole=1300), no_rest), key="broken")
elif opening:
    steps = int(opening)
    first = blinking_film(OPENING_STEPS, steps, asks=True)
    rest = partial(blinking_film, steps, asks=True)
    film_player(Opening(first, rest), key="long")
else:
    film_player(demo_film(dots), key="demo", new_problem=one_dot_more)
if st.toggle("Compare", key="compare", bind="query-params"):
    film_player([demo_film(), demo_film()], key="two", titles=["Left", "Right"])
