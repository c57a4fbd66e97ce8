"""Films: a replay computed once as plain data, then stepped in the browser.

A lesson draws a :class:`Scene` once with matplotlib and writes, with a
:class:`FilmBuilder`, what each step changes; the :class:`Film` it gets plays
in the Streamlit player, in a notebook and as a standalone page, and exports
any step as PNG or SVG and a range of steps as a GIF.

>>> from search_viz.film.demo import demo_film
>>> film = demo_film()
>>> len(film), film.state(-1).counters
(3, {'lit': 3})
"""

from search_viz.film.builder import FilmBuilder
from search_viz.film.film import CHUNK_STEPS, Film, State
from search_viz.film.looks import HIDDEN, SHOWN, Look, Mark, MarkStyle
from search_viz.film.scene import Scene

__all__ = [
    "CHUNK_STEPS",
    "HIDDEN",
    "SHOWN",
    "Film",
    "FilmBuilder",
    "Look",
    "Mark",
    "MarkStyle",
    "Scene",
    "State",
]
