"""Streamlit pieces shared by the lesson pages: the player, the panels, the lesson list."""

from search_viz.ui.lessons import LESSONS, Lesson
from search_viz.ui.panels import counters, legend, note, pseudocode
from search_viz.ui.player import replay

__all__ = ["LESSONS", "Lesson", "counters", "legend", "note", "pseudocode", "replay"]
