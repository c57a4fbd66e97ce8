"""Films: a replay computed once as plain data, then stepped in the browser.

A lesson draws a :class:`Scene` once with matplotlib and writes, with a
:class:`FilmBuilder`, what each step changes; the :class:`Film` it gets plays
in the Streamlit player, in a notebook and as a standalone page, and exports
any step as PNG or SVG and a range of steps as a GIF.

The names below are imported when first used, so that ``import search_viz``
stays free of matplotlib (and ``sv.film``, the function, keeps its name: see
``search_viz/__init__.py``).

>>> from search_viz.film.demo import demo_film
>>> film = demo_film()
>>> len(film), film.state(-1).counters
(3, {'lit': 3})
"""

from importlib import import_module

_WHERE = {
    "CHUNK_STEPS": "film",
    "LONG_FILM": "film",
    "MIDDLE_STEPS": "film",
    "OPENING_STEPS": "film",
    "VERY_LONG_FILM": "film",
    "Film": "film",
    "FilmPart": "film",
    "State": "film",
    "FilmBuilder": "builder",
    "HIDDEN": "looks",
    "SHOWN": "looks",
    "Look": "looks",
    "Mark": "looks",
    "MarkStyle": "looks",
    "Scene": "scene",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f"search_viz.film.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'search_viz.film' has no attribute {name!r}")
