"""Figures: making them headless, giving them a legend, turning them into PNG.

>>> fig, ax = new_figure(4, 3)
>>> add_legend(ax, ["frontier", "explored"])
>>> to_png(fig)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import math
from collections.abc import Hashable, Iterable
from typing import ClassVar

import numpy as np

# Figures are made with Figure(), never pyplot: pyplot keeps global state and is
# not safe across the threads that serve Streamlit sessions.
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from search_viz.film.style import STATUS, Style, font_size

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


def add_legend(
    ax: Axes,
    entries: Iterable[str | Style],
    *,
    scale: float = 1.0,
    loc: str = "upper left",
    ncols: int = 1,
    **kwargs: object,
) -> None:
    """Put a legend on ``ax`` for statuses (names in ``STATUS``) or styles."""
    handles = [legend_handle(STATUS[e] if isinstance(e, str) else e) for e in entries]
    ax.legend(
        handles=handles,
        loc=loc,
        ncols=ncols,
        fontsize=font_size("legend", scale),
        frameon=True,
        framealpha=0.9,
        **kwargs,
    )


class StampedLegend(Legend):
    """A legend laid out and drawn once per look and resolution, then copied in as pixels.

    Every frame of a replay has the same legend, and drawing one is slow (each entry
    is a box of boxes, laid out anew at every draw). PNGs get the copy; SVGs, and any
    other output, get the legend itself. Placed at the lower centre of its anchor
    point, like ``loc="lower center"``. ``look`` names everything that changes how it
    looks (its entries, columns, font size): equal looks share one drawing.

    >>> fig = Figure(figsize=(3, 1))
    >>> legend = StampedLegend.add(fig, [legend_handle(STATUS["frontier"])], look="doc")
    >>> to_png(fig)[:4], len(fig.legends)
    (b'\\x89PNG', 1)
    """

    #: The drawn legends, by look and resolution (shared by every figure).
    _drawn: ClassVar[dict[tuple, np.ndarray]] = {}

    @classmethod
    def add(cls, fig: Figure, handles: list, *, look: Hashable, **kwargs) -> StampedLegend:
        """Put the legend of ``handles`` on ``fig``, anchored at the bottom centre."""
        kwargs = {"loc": "lower center", "bbox_to_anchor": (0.5, 0.0), **kwargs}
        legend = cls(fig, handles, [h.get_label() for h in handles], **kwargs)
        legend._look = (look, tuple(sorted((k, repr(v)) for k, v in kwargs.items())))
        legend._remake = (handles, kwargs)
        fig.legends.append(legend)
        legend._remove_method = fig.legends.remove
        return legend

    def size_inches(self, dpi: float) -> tuple[float, float]:
        """Width and height of the drawn legend, in inches."""
        pixels = self._pixels(dpi)
        return pixels.shape[1] / dpi, pixels.shape[0] / dpi

    def draw(self, renderer) -> None:
        if not self.get_visible():
            return
        if not isinstance(renderer, RendererAgg):
            super().draw(renderer)
            return
        pixels = self._pixels(renderer.dpi)
        anchor = self.get_bbox_to_anchor()
        gap = renderer.points_to_pixels(self.borderaxespad * self._fontsize)
        x = round(anchor.x0 + anchor.width / 2 - pixels.shape[1] / 2)
        gc = renderer.new_gc()
        renderer.draw_image(gc, x, round(anchor.y0 + gap), pixels[::-1])
        gc.restore()

    def _pixels(self, dpi: float) -> np.ndarray:
        key = (self._look, dpi)
        if key not in self._drawn:
            self._drawn[key] = self._draw_alone(dpi)
        return self._drawn[key]

    def _draw_alone(self, dpi: float) -> np.ndarray:
        """The legend drawn on a figure of its own, cut out (rows top to bottom)."""
        handles, kwargs = self._remake
        scratch = Figure(figsize=(12, 6), dpi=dpi, facecolor=self.figure.get_facecolor())
        canvas = FigureCanvasAgg(scratch)
        alone = Legend(scratch, handles, [h.get_label() for h in handles],
                       **{**kwargs, "loc": "center", "bbox_to_anchor": (0.5, 0.5)})  # fmt: skip
        scratch.legends.append(alone)
        canvas.draw()
        box = alone.get_window_extent(canvas.get_renderer())
        rows = np.asarray(canvas.buffer_rgba())
        top = rows.shape[0]
        x0, x1 = math.floor(box.x0), math.ceil(box.x1)
        y0, y1 = math.floor(top - box.y1), math.ceil(top - box.y0)
        return rows[max(0, y0) : y1, max(0, x0) : x1].copy()


def to_png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def to_svg(fig: Figure) -> bytes:
    """The figure as SVG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg")
    return buffer.getvalue()
