"""A page with the demo film and a comparison of two films: the player's browser tests use it.

"New problem" in practice mode lights one dot more (``?dots=`` grows by one).
``?opening=1200`` shows instead the opening of a blinking dot's film of 1,200 steps (each
step but the first asks whether the dot is on or off), and
``?opening=broken`` the opening of a 1,300-step one whose rest cannot be made, and
``?opening=twice`` two openings side by side (1,200 and 1,400 steps), the second's rest
made more slowly than a run waits for it: the first's whole film comes in one answer,
then again with the second's. ``?opening=staged`` the opening of a 6,000-step film, sent in
three stages: its middle (its first 1,000 steps) is made at once, its whole film only once a
page is opened with ``?release=1`` (or after a minute). ``?opening=held`` is another such
film (7,000 steps, released by ``?release=held``), and ``?opening=parted`` a third (6,500
steps, whose whole film is never made within a minute), whose steps past its middle come
in parts; ``?opening=exported`` another (5,600 steps, released by ``?release=exported``),
for an export. Under such a film the page says how many times its whole film was asked for.
"""

import threading
import time
from functools import partial

import streamlit as st

from search_viz.film import CHUNK_STEPS, MIDDLE_STEPS, OPENING_STEPS
from search_viz.film.demo import blinking_film, blinking_writer, demo_film
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
def staged_gate(name: str = "staged") -> threading.Event:
    """What a staged film's whole waits for: set by a page opened with ``?release=name``
    (``?release=1``: the film of ``?opening=staged``)."""
    return threading.Event()


def blinking_part(steps: int, chunks: range):
    """Chunks ``chunks`` of the blinking film of ``steps`` steps, made as a part."""
    stop = min(steps, chunks.stop * CHUNK_STEPS)
    return blinking_writer(stop, whole=steps, skip=chunks.start * CHUNK_STEPS).part(steps)


@st.cache_resource
def wholes_asked() -> list[int]:
    """The steps of each staged film whose whole film was asked for, in turn."""
    return []


def staged_whole(gate: threading.Event, steps: int):
    wholes_asked().append(steps)
    gate.wait(60)
    return blinking_film(steps)


opening = st.query_params.get("opening")
released = st.query_params.get("release")
if released:
    staged_gate("staged" if released == "1" else released).set()
if opening in ("staged", "held", "parted", "exported"):
    steps = {"staged": 6000, "held": 7000, "parted": 6500, "exported": 5600}[opening]
    first = blinking_film(OPENING_STEPS, steps)
    middle = partial(blinking_film, MIDDLE_STEPS, steps)
    whole = partial(staged_whole, staged_gate(opening), steps)
    part = partial(blinking_part, steps) if opening in ("parted", "exported") else None
    film_player(Opening(first, whole, middle, part), key=opening)
    st.caption(f"Whole films asked for: {wholes_asked().count(steps)}")
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
