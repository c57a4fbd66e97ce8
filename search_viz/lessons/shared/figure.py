"""Figures: making them headless, their legends' handles, boxes in bulk, turning them into PNG.

>>> fig, ax = new_figure(4, 3)
>>> _ = ax.legend(handles=[legend_handle(Style("on the frontier", "#56B4E9"))])
>>> to_png(fig)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence

import numpy as np

# Figures are made with Figure(), never pyplot: pyplot keeps global state and is
# not safe across the threads that serve Streamlit sessions.
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Text

from search_viz.film.style import DARK_GREY, Style, font_size

#: Resolution of the PNGs shown on the pages.
DPI = 100


def new_figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A blank figure with one axes and no frame, ``width`` x ``height`` inches.

    >>> fig, ax = new_figure(2, 2); ax.axison
    False
    """
    fig = Figure(figsize=(width, height), layout="constrained")
    ax = fig.add_subplot()
    ax.set_axis_off()
    return fig, ax


def legend_handle(style: Style, label: str | None = None) -> Line2D | Patch:
    """A legend entry that shows the style's colour and its second channel."""
    text = label or style.label
    if style.hatch:
        return Patch(
            facecolor=style.color,
            edgecolor=style.edgecolor,
            hatch=style.hatch,
            linestyle=style.linestyle,
            linewidth=style.linewidth,
            label=text,
        )
    return Line2D(
        [],
        [],
        marker=style.marker,
        markersize=11,
        markerfacecolor=style.color,
        markeredgecolor=style.edgecolor,
        markeredgewidth=style.linewidth,
        linestyle="none",
        label=text,
    )


def quads(corners: Sequence[Sequence[tuple[float, float]]], **style) -> PolyCollection:
    """A ``PolyCollection`` of four-cornered polygons (boxes, squares, cells), each given by
    its corners: the same collection as from the list, made from one array (matplotlib
    makes each closed path from a template then, not one by one).

    >>> boxes = quads([[(0, 0), (1, 0), (1, 1), (0, 1)], [(2, 0), (3, 0), (3, 1), (2, 1)]])
    >>> [path.vertices.tolist()[-1] for path in boxes.get_paths()]  # closed
    [[0.0, 0.0], [2.0, 0.0]]
    """
    return PolyCollection(np.asarray(corners, dtype=float).reshape(-1, 4, 2), **style)


def figure_caption(fig: Figure, text: str) -> Text:
    """``text`` as the caption at the top left of ``fig`` (bold, in the title's size).

    >>> figure_caption(Figure(), "depth limit 1").get_text()
    'depth limit 1'
    """
    return fig.text(
        0.015,
        0.985,
        text,
        ha="left",
        va="top",
        fontsize=font_size("title"),
        fontweight="bold",
        color=DARK_GREY,
    )


#: The width of an average character of the lessons' font, in font sizes (for wrapping).
CHARACTER_EM = 0.62


def text_width(text: str, fontsize: float) -> float:
    """The width (points) of ``text``'s longest line at ``fontsize``, by its average
    character (:data:`CHARACTER_EM`): an estimate, for fitting text before it is drawn.

    >>> [round(text_width(t, 10.0), 1) for t in ("g = 15", "on the\\nfrontier")]
    [37.2, 49.6]
    """
    return max(map(len, text.split("\n"))) * CHARACTER_EM * fontsize


def wrapped(text: str, points: float, fontsize: float, shortest: int = 12) -> str:
    """``text`` broken into lines no wider than ``points`` at ``fontsize`` (by its average
    character), each at least ``shortest`` characters long.

    >>> wrapped("just put on the frontier", 120, 11.5)
    'just put on the\\nfrontier'
    >>> wrapped("being expanded", 300, 11.5)
    'being expanded'
    """
    return textwrap.fill(text, max(shortest, int(points / (fontsize * CHARACTER_EM))))


def style_chart_axes(ax: Axes, xlabel: str, ylabel: str, scale: float = 1.0) -> None:
    """A lesson's chart axes: labelled, ticks in the legend's size, no top or right spine,
    a light grid.

    >>> ax = Figure().add_subplot()
    >>> style_chart_axes(ax, "step", "nodes expanded"); ax.get_xlabel()
    'step'
    """
    ax.set_axis_on()
    ax.set_xlabel(xlabel, fontsize=font_size("label", scale))
    ax.set_ylabel(ylabel, fontsize=font_size("label", scale))
    ax.tick_params(labelsize=font_size("legend", scale))
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(alpha=0.3)


def to_png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
