"""Streamlit pieces every lesson page shares: the film player, links, presenter mode, export,
the lesson registry."""

from search_viz.ui.film_player import film_player
from search_viz.ui.lessons import LESSONS, Lesson
from search_viz.ui.links import link_check
from search_viz.ui.presenter import presenter_controls

__all__ = [
    "LESSONS",
    "Lesson",
    "film_player",
    "link_check",
    "presenter_controls",
]
