"""The curves beneath the board, on one shared step axis with a cursor at the current step.

Annealing: the conflicts of the current board, the temperature, and the chance
each worse move had (taken or rejected). Hill climbing: the conflicts
(restarts marked) and the Δ of each move tried. The genetic algorithm: best
and mean fitness per generation.

>>> import search_viz as sv
>>> from search_viz.render.local_run import Run
>>> run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", {"max_steps": 50})
>>> fig = curves_figure(run, step=10)
>>> [ax.get_ylabel() for ax in fig.axes]
['conflicts', 'temperature T', 'chance to take\\na worse move']
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator
from PIL import Image

from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, STATUS, font_size
from search_viz.lessons.shared.figure import DPI
from search_viz.render.local_run import Run, Story

CONFLICT_COLOR = OKABE_ITO["blue"]
TEMPERATURE_COLOR = OKABE_ITO["black"]
CURSOR_COLOR = OKABE_ITO["orange"]
RESTART_COLOR = OKABE_ITO["reddish purple"]


# The curves are drawn in two parts: everything that is the same at every step
# (drawn once), and the few artists that follow the step (the cursor, the veil
# over what is still to come, a marker on each curve). ``curves_figure`` draws
# both; ``CurvesCanvas`` draws the first once and only moves the second, which
# makes a step about ten times cheaper to render.


@dataclass
class _Moving:
    """The artists that follow the step, and the series their markers ride on."""

    cursors: list[Line2D]
    veils: list[Rectangle]
    markers: list[tuple[Line2D, np.ndarray]]
    at: Callable[[int], int]  # step -> x on the axes
    last: float

    def artists(self) -> list:
        return [*self.veils, *self.cursors, *(m for m, _ in self.markers)]

    def place(self, step: int) -> None:
        """Put every moving artist at ``step``."""
        x = self.at(step)
        for cursor in self.cursors:
            cursor.set_xdata([x, x])
        for veil in self.veils:
            veil.set_x(x)
            veil.set_width(max(0.0, self.last + 1 - x))
        for marker, ys in self.markers:
            y = ys[x]
            shown = bool(np.isfinite(y) and y > 0) if marker.axes.get_yscale() == "log" else True
            marker.set_data([x], [y])
            marker.set_visible(shown)


def _now_marker(ax: Axes, animated: bool) -> Line2D:
    (marker,) = ax.plot(
        [0],
        [0],
        marker=STATUS["current"].marker,
        color=CURSOR_COLOR,
        markeredgecolor="black",
        markersize=9,
        zorder=6,
        animated=animated,
    )
    return marker


def _cursor_and_veil(ax: Axes, animated: bool) -> tuple[Line2D, Rectangle]:
    """The cursor, and a white veil over what comes later (still readable through it)."""
    cursor = ax.axvline(0, color=CURSOR_COLOR, linewidth=2.2, zorder=5, animated=animated)
    veil = Rectangle(
        (0, 0),
        0,
        1,
        transform=ax.get_xaxis_transform(),
        facecolor="white",
        alpha=0.55,
        linewidth=0,
        zorder=4,
        animated=animated,
    )
    ax.add_patch(veil)
    return cursor, veil


def _style_axes(ax: Axes, ylabel: str, scale: float) -> None:
    ax.set_ylabel(ylabel, fontsize=font_size("label", scale))
    ax.tick_params(labelsize=font_size("legend", scale))
    ax.grid(True, color="#DDDDDD", linewidth=0.6)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _legend(ax: Axes, handles: list, scale: float) -> None:
    """The panel's legend, outside on its right, so it never hides a point."""
    ax.legend(
        handles=handles,
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
        fontsize=font_size("legend", scale),
        frameon=False,
        handlelength=1.6,
    )


_NOW = Line2D(
    [],
    [],
    color=CURSOR_COLOR,
    linewidth=2.2,
    marker="D",
    markeredgecolor="black",
    label="now (the current step)",
)


def _objective_panel(ax: Axes, story: Story, scale: float) -> np.ndarray:
    x = np.arange(len(story.objective))
    ax.plot(x, story.objective, drawstyle="steps-post", color=CONFLICT_COLOR, linewidth=1.8)
    for r in story.restarts:
        ax.axvline(r, color=RESTART_COLOR, linestyle=":", linewidth=2, zorder=2)
    ax.set_ylim(-0.3, max(1, int(story.objective.max())) * 1.15 + 0.5)
    _style_axes(ax, "conflicts", scale)
    handles = [
        Line2D([], [], color=CONFLICT_COLOR, linewidth=1.8, label="conflicts of the current board"),
        _NOW,
    ]
    if len(story.restarts):
        handles.append(
            Line2D(
                [],
                [],
                color=RESTART_COLOR,
                linestyle=":",
                linewidth=2,
                label=f"restart ({len(story.restarts)} in all)",
            )
        )
    _legend(ax, handles, scale)
    return story.objective.astype(float)


def _temperature_panel(ax: Axes, story: Story, scale: float) -> np.ndarray:
    x = np.arange(len(story.temperature))
    t = story.temperature
    shown = t > 0
    ax.plot(x[shown], t[shown], color=TEMPERATURE_COLOR, linewidth=1.8)
    ax.set_yscale("log")
    _style_axes(ax, "temperature T", scale)
    _legend(
        ax,
        [
            Line2D([], [], color=TEMPERATURE_COLOR, linewidth=1.8, label="temperature (log scale)"),
            _NOW,
        ],
        scale,
    )
    return t


def _chance_panel(ax: Axes, story: Story, scale: float) -> None:
    worse = story.deltas > 0
    taken = worse & story.accepted
    turned_down = worse & ~story.accepted
    t = story.temperature
    x = np.arange(len(t))
    shown = ~np.isnan(t)
    with np.errstate(divide="ignore", over="ignore"):
        reference = np.exp(-1 / t[shown])
    ax.plot(x[shown], reference, color=DARK_GREY, linestyle="--", linewidth=1.4)
    _plot_decisions(
        ax,
        story.decisions,
        story.chances,
        taken,
        turned_down,
        size=5,
        cross_width=1.3,
        alphas=(0.8, 0.9),
    )
    ax.set_ylim(-0.05, 1.12)
    _style_axes(ax, "chance to take\na worse move", scale)
    handles = _decision_handles(
        f"worse move taken ({int(np.sum(taken))} in all)",
        f"worse move rejected ({int(np.sum(turned_down))})",
    )
    reference_handle = Line2D(
        [], [], color=DARK_GREY, linestyle="--", label="e^(−1/T): chance if Δ = 1"
    )
    _legend(ax, [*handles, reference_handle], scale)


def _delta_panel(ax: Axes, story: Story, scale: float) -> None:
    taken = story.accepted
    ax.axhline(0, color=GREY, linewidth=1)
    _plot_decisions(ax, story.decisions, story.deltas, taken, ~taken, size=6, cross_width=1.5)
    if len(story.deltas):
        low, high = float(story.deltas.min()), float(story.deltas.max())
        ax.set_ylim(min(low, -1) - 0.6, max(high, 1) * 1.5 + 0.6)
    _style_axes(ax, "Δ of each move\ntried (< 0: better)", scale)
    _legend(ax, _decision_handles("taken (never worse)", "rejected"), scale)


def _plot_decisions(
    ax: Axes,
    x,
    y,
    taken,
    turned_down,
    *,
    size: float,
    cross_width: float,
    alphas: tuple = (None, None),
) -> None:
    """The moves turned down as crosses, the moves taken as dots (the legend's markers)."""
    ax.plot(
        x[turned_down],
        y[turned_down],
        ls="none",
        marker="x",
        markersize=size,
        color=STATUS["rejected"].color,
        markeredgewidth=cross_width,
        alpha=alphas[0],
    )
    ax.plot(
        x[taken],
        y[taken],
        ls="none",
        marker="o",
        markersize=size,
        color=STATUS["accepted"].color,
        markeredgecolor="black",
        markeredgewidth=0.4,
        alpha=alphas[1],
    )


def _decision_handles(taken: str, rejected: str) -> list[Line2D]:
    """Legend entries for :func:`_plot_decisions`'s dots and crosses."""
    return [
        Line2D(
            [],
            [],
            ls="none",
            marker="o",
            color=STATUS["accepted"].color,
            markeredgecolor="black",
            label=taken,
        ),
        Line2D(
            [],
            [],
            ls="none",
            marker="x",
            color=STATUS["rejected"].color,
            markeredgewidth=1.5,
            label=rejected,
        ),
    ]


def _fitness_panel(ax: Axes, run: Run, scale: float) -> np.ndarray:
    evo = run.evolution
    pairs = run.max_pairs
    x = np.arange(len(evo.best))
    marker = "o" if len(x) < 40 else None
    ax.plot(x, pairs - evo.best, color=CONFLICT_COLOR, linewidth=2, marker=marker)
    ax.plot(x, pairs - evo.mean, color=OKABE_ITO["vermillion"], linewidth=1.8, linestyle="--")
    ax.axhline(pairs, color=OKABE_ITO["bluish green"], linewidth=1.5, linestyle=":")
    ax.set_ylim(pairs - max(evo.mean.max(), evo.best.max()) - 1, pairs + 1.5)
    _style_axes(ax, "fitness (pairs\nnot attacking)", scale)
    ax.set_xlabel("generation", fontsize=font_size("label", scale))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _legend(
        ax,
        [
            Line2D([], [], color=CONFLICT_COLOR, linewidth=2, label="best fitness"),
            Line2D([], [], color=OKABE_ITO["vermillion"], linestyle="--", label="mean fitness"),
            Line2D(
                [], [], color=OKABE_ITO["bluish green"], linestyle=":", label=f"{pairs}: solved"
            ),
            _NOW,
        ],
        scale,
    )
    return (pairs - evo.best).astype(float)


def draw_curves(fig, run: Run, scale: float, animated: bool = False) -> _Moving:
    """The curves of ``run`` on ``fig`` (a Figure or a SubFigure), one shared step axis.

    Draws what is the same at every step and returns the artists that follow
    it, not yet placed.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(6, seed=1), "hill_climbing")
    >>> fig = Figure()
    >>> draw_curves(fig, run, scale=1.0).place(2)
    >>> len(fig.axes)
    2
    """
    if run.algorithm == "genetic":
        ax = fig.add_subplot()
        best = _fitness_panel(ax, run, scale)
        last = max(1, len(best) - 1) + 0.5
        ax.set_xlim(-0.5, last)
        cursor, veil = _cursor_and_veil(ax, animated)
        return _Moving(
            [cursor], [veil], [(_now_marker(ax, animated), best)], run.evolution.index_at, last
        )
    story = run.story
    panels = 3 if run.algorithm == "simulated_annealing" else 2
    axes = fig.subplots(panels, 1, sharex=True)
    markers = [(_now_marker(axes[0], animated), _objective_panel(axes[0], story, scale))]
    if panels == 3:
        temperature = _temperature_panel(axes[1], story, scale)
        markers.append((_now_marker(axes[1], animated), temperature))
        _chance_panel(axes[2], story, scale)
    else:
        _delta_panel(axes[1], story, scale)
    last = max(1, len(story.objective) - 1)
    cursors, veils = [], []
    for ax in axes:
        cursor, veil = _cursor_and_veil(ax, animated)
        cursors.append(cursor)
        veils.append(veil)
        ax.set_xlim(0, last)
    axes[-1].set_xlabel(
        "step (the player's step: each proposal, then its decision)",
        fontsize=font_size("label", scale),
    )
    return _Moving(cursors, veils, markers, lambda step: step, last)


def _curves_size(run: Run, scale: float, width: float) -> tuple[float, float]:
    if run.algorithm == "genetic":
        return width, 2.6 + 0.4 * scale
    panels = 3 if run.algorithm == "simulated_annealing" else 2
    return width, (1.55 + 0.25 * scale) * panels + 0.5


def curves_figure(run: Run, step: int, *, scale: float = 1.0, width: float = 11.0) -> Figure:
    """The curves beneath the board, on one shared step axis with a cursor at ``step``.

    Annealing: conflicts, temperature, and the chance of each worse move
    (taken or rejected). Hill climbing: conflicts (restarts marked) and the Δ
    of each move tried. The genetic algorithm: best and mean fitness per
    generation, the cursor at the generation of ``step``.
    """
    fig = Figure(figsize=_curves_size(run, scale, width), layout="constrained")
    draw_curves(fig, run, scale).place(step)
    return fig


class CurvesCanvas:
    """The curves of one run drawn once; each step only redraws the moving artists.

    The same drawing as :func:`curves_figure`, rendered by blitting: the fixed
    part is rasterised once, and a step restores it and draws the cursor, the
    veil and the markers on top. One lock per canvas: it may serve several
    sessions at once.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", {"max_steps": 50})
    >>> CurvesCanvas(run).png(10)[:4] == b"\\x89PNG"
    True
    """

    def __init__(self, run: Run, *, scale: float = 1.0, width: float = 11.0) -> None:
        self.figure = Figure(figsize=_curves_size(run, scale, width), dpi=DPI, layout="constrained")
        self.canvas = FigureCanvasAgg(self.figure)
        self.moving = draw_curves(self.figure, run, scale, animated=True)
        self.moving.place(0)
        self.canvas.draw()
        self.figure.set_layout_engine("none")  # freeze the layout: the background is fixed
        self.background = self.canvas.copy_from_bbox(self.figure.bbox)
        self.lock = threading.Lock()

    def png(self, step: int) -> bytes:
        """The curves at ``step`` as PNG bytes."""
        with self.lock:
            self.canvas.restore_region(self.background)
            self.moving.place(step)
            for artist in self.moving.artists():
                artist.axes.draw_artist(artist)
            pixels = np.asarray(self.canvas.buffer_rgba()).copy()
        buffer = io.BytesIO()
        Image.fromarray(pixels).save(buffer, format="png", compress_level=3)
        return buffer.getvalue()
