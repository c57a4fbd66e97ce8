"""Streamlit pieces shared by the lesson pages: the player, the panels, the lesson list."""

from search_viz.ui.compare import Side, side_by_side
from search_viz.ui.lessons import LESSONS, Lesson
from search_viz.ui.links import link_check
from search_viz.ui.panels import counters, legend, note, pseudocode
from search_viz.ui.player import replay
from search_viz.ui.presenter import presenter_controls, scale

__all__ = [
    "LESSONS",
    "Lesson",
    "Side",
    "counters",
    "legend",
    "link_check",
    "note",
    "presenter_controls",
    "pseudocode",
    "replay",
    "scale",
    "side_by_side",
]
