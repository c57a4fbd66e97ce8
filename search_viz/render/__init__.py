"""Drawings of one search state with matplotlib and networkx; no Streamlit here."""

from search_viz.render.figure import DPI, add_legend, new_figure, to_png, to_svg
from search_viz.render.style import OKABE_ITO, STATUS, Style, font_size

__all__ = [
    "DPI",
    "OKABE_ITO",
    "STATUS",
    "Style",
    "add_legend",
    "font_size",
    "new_figure",
    "to_png",
    "to_svg",
]
