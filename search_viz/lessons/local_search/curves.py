"""The curves beside the board, drawn once in the film's scene, on one shared step axis.

Annealing: the conflicts of the current board, the temperature (on a log scale: the
panel's data are its powers of ten),
and the chance e^(−Δ/T) each worse move had (taken or turned down), which fall
together as the run cools. Hill climbing: the conflicts (restarts marked) and
the Δ of each move tried. The genetic algorithm: best and mean fitness per
generation.

What follows the step is a few items moved along the curves: the cursor, a
veil over what is still to come, and a marker on each curve at the current
point.

>>> import search_viz as sv
>>> from search_viz.film.sketch import Sketch
>>> from search_viz.lessons.local_search.runs import Run
>>> run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", {"max_steps": 50})
>>> sketch = Sketch(4, 4)
>>> curves = Curves(sketch, run, (0.2, 0.1, 0.7, 0.8))
>>> [d.args[2] for d in sketch._drawn if d.kind == "text" and d.kwargs.get("rotation") == 90]
['conflicts', 'temperature T', 'chance e^(−Δ/T)\\nof a worse move']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import PathPatch, Rectangle

from search_viz.film.plain_axes import (
    Axis,
    FrameStyle,
    draw_frame,
    thousands_texts,
    whole_ticks,
)
from search_viz.film.sketch import Sketch, SketchAxes
from search_viz.film.style import DARK_GREY, GREY, OKABE_ITO, STATUS
from search_viz.lessons.local_search.board import box_path, linear_frame
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.local_search.sizes import LABEL_SIZE, TICK_SIZE

CONFLICT_COLOR = OKABE_ITO["blue"]
MEAN_COLOR = OKABE_ITO["vermillion"]
SOLVED_COLOR = OKABE_ITO["bluish green"]
TEMPERATURE_COLOR = OKABE_ITO["black"]
CURSOR_COLOR = OKABE_ITO["orange"]
RESTART_COLOR = OKABE_ITO["reddish purple"]
TAKEN_COLOR = STATUS["accepted"].color
TURNED_DOWN_COLOR = STATUS["rejected"].color
#: Points per inch.
POINTS = 72
#: The curves' frames: left and bottom spines, short ticks, a pale grid.
CURVE_FRAME = FrameStyle(
    tick_size=TICK_SIZE, label_size=LABEL_SIZE, tick_length=2, tick_pad=2, grid="#DDDDDD",
    grid_width=0.6,
)  # fmt: skip


#: At most this many intervals between the step axis's ticks (its four-digit labels need room).
STEP_TICKS = 4


def thinned(x: np.ndarray, y: np.ndarray, bins: int) -> tuple[np.ndarray, np.ndarray]:
    """At most about ``4 * bins`` points of a curve that look the same drawn ``bins`` wide.

    Each bin keeps its first, lowest, highest and last point, in order, so no
    spike is lost (NaNs ignored, as ``np.nanargmin`` and ``np.nanargmax`` do; a bin
    with no finite point keeps its ends only); short curves are kept whole.

    >>> x = np.arange(1000); y = (x % 7 == 0).astype(float)
    >>> tx, ty = thinned(x, y, 10)
    >>> len(tx) <= 40, float(ty.max()), int(tx[0]), int(tx[-1])
    (True, 1.0, 0, 999)
    """
    if len(x) <= 4 * bins:
        return x, y
    if bins < 1:
        return x[[]], y[[]]
    edges = np.linspace(0, len(x), bins + 1).astype(int)
    # Every bin holds 4 points or more here: no bin is empty, so each has a first point.
    starts, ends = edges[:-1], edges[1:]
    which = np.repeat(np.arange(bins), ends - starts)  # each point's bin
    nan = np.isnan(y)
    low, high = np.where(nan, np.inf, y), np.where(nan, -np.inf, y)
    lowest = _first_where(low == np.minimum.reduceat(low, starts)[which], which, bins)
    highest = _first_where(high == np.maximum.reduceat(high, starts)[which], which, bins)
    finite = np.logical_or.reduceat(np.isfinite(y), starts)
    picks = np.column_stack(
        [starts, np.where(finite, lowest, starts), np.where(finite, highest, starts), ends - 1]
    )
    picks.sort(axis=1)
    distinct = np.ones(picks.shape, dtype=bool)
    distinct[:, 1:] = picks[:, 1:] != picks[:, :-1]
    keep = picks[distinct]  # row by row: each bin's picks in order, once each
    return x[keep], y[keep]


def _first_where(hits: np.ndarray, which: np.ndarray, bins: int) -> np.ndarray:
    """The index of the first hit in each of ``bins`` bins (each bin has one), ``which[i]``
    the bin of point ``i``.

    >>> _first_where(np.array([False, True, True, True]), np.array([0, 0, 1, 1]), 2).tolist()
    [1, 2]
    """
    found = np.flatnonzero(hits)
    _, first = np.unique(which[found], return_index=True)
    return found[first]


def distinct_points(x: np.ndarray, y: np.ndarray, cells: tuple[int, int], box) -> np.ndarray:
    """The indices of points that fall in distinct cells of a ``cells`` grid over ``box``.

    ``box`` is ``(x0, x1, y0, y1)``; a scatter of thousands of points draws the
    same picture from one point per cell.

    >>> distinct_points(np.array([0, 0.1, 5]), np.array([0, 0, 0]), (10, 10), (0, 10, 0, 1))
    array([0, 2])
    """
    if len(x) == 0:
        return np.arange(0)
    x0, x1, y0, y1 = box
    cx = np.clip(((x - x0) / max(x1 - x0, 1e-12) * cells[0]).astype(int), 0, cells[0])
    cy = np.clip(((y - y0) / max(y1 - y0, 1e-12) * cells[1]).astype(int), 0, cells[1])
    _, first = np.unique(cx * (cells[1] + 1) + cy, return_index=True)
    return np.sort(first)


def svg_points(ax: SketchAxes, x, y) -> np.ndarray:
    """Where the data points ``(x[i], y[i])`` of the sketch's axes ``ax`` land in the SVG, in
    points: ``Sketch.point`` for each point, unrounded (every panel is linear: see
    :func:`~search_viz.lessons.local_search.board.linear_frame`).

    >>> ax = Sketch(2, 1).axes((0, 0, 1, 1), xlim=(0, 1), ylim=(0, 1))
    >>> svg_points(ax, [0.5, 1.0], [1.0, 0.0]).round(2).tolist()
    [[72.0, 0.0], [144.0, 72.0]]
    """
    (x0, y0), (ux, uy) = linear_frame(ax)
    return np.column_stack(
        [x0 + ux * np.asarray(x, dtype=float), y0 + uy * np.asarray(y, dtype=float)]
    )


def _data_at(ax: SketchAxes, display) -> tuple[float, float]:
    """The data point of ``ax`` at the display point ``display`` (points from the bottom left)."""
    x, y = ax.data_transform().inverted().transform(display)
    return float(x), float(y)


def decades(low: float, high: float) -> Axis:
    """A log axis's ticks: a few powers of ten between ``low`` and ``high``, placed at their
    powers (the axis's data are the values' logarithms) and labelled in plain numbers
    (1000, 10, 0.1).

    Plain labels read better than 10³ and draw without mathtext, which keeps exporting a
    GIF quick.

    >>> decades(0.05, 2000)
    Axis(ticks=(3.0, 1.0, -1.0), labels=('1000', '10', '0.1'), title='', labelpad=4.0)
    """
    powers = range(int(np.ceil(np.log10(low))), int(np.floor(np.log10(high))) + 1)
    step = max(1, -(-len(powers) // 3))
    kept = powers[::-1][::step]
    return Axis(tuple(float(p) for p in kept), tuple(f"{10.0**p:g}" for p in kept))


def _decisions(ax: SketchAxes, x, y, taken, size: float) -> None:
    """Moves turned down as crosses, moves taken as squares (the board's marks)."""
    ax.plot(
        x[~taken],
        y[~taken],
        ls="none",
        marker="x",
        markersize=size,
        color=TURNED_DOWN_COLOR,
        markeredgewidth=1.1,
        alpha=0.8,
    )
    ax.plot(
        x[taken],
        y[taken],
        ls="none",
        marker="s",
        markersize=size,
        color=TAKEN_COLOR,
        markeredgecolor="black",
        markeredgewidth=0.4,
        alpha=0.9,
    )


class Curves:
    """The curves of ``run`` in ``box`` (left, bottom, width, height as fractions of the figure).

    :meth:`at` moves what follows the step: the cursor, the veil, the markers.
    """

    def __init__(self, scene: Sketch, run: Run, box: Sequence[float]) -> None:
        self.scene, self.run = scene, run
        left, bottom, width, height = box
        self.width_pt = width * scene.get_figwidth() * POINTS
        if run.algorithm == "genetic":
            self.axes = [scene.axes((left, bottom, width, height), xlim=(0, 1), ylim=(0, 1))]
            self.x = self._generation_x()
            self._markers = self._fitness(self.axes[0])
        else:
            self.axes = self._stack(left, bottom, width, height)
            self.x = np.arange(len(run.trace), dtype=float)
            self._markers = self._story()
        self.base_x = self.scene.point(self.axes[-1], self.x[0], 0)[0]
        self._follow(left, bottom, width, height)
        self._paths = self._precompute()

    # ------------------------------------------------------------ the panels
    def _stack(self, left, bottom, width, height) -> list[SketchAxes]:
        """The panels, top to bottom, on one step axis (labelled under the last)."""
        panels = 3 if self.run.algorithm == "simulated_annealing" else 2
        gap = 0.035
        tall = (height - gap * (panels - 1)) / panels
        last = max(1, len(self.run.trace) - 1)
        axes = [
            self.scene.axes(
                (left, bottom + (panels - 1 - i) * (tall + gap), width, tall),
                xlim=(0, last),
                ylim=(0, 1),
            )
            for i in range(panels)
        ]
        ticks = whole_ticks((0, last), STEP_TICKS)
        self._x_axis = Axis(ticks, thousands_texts(ticks), title="step", labelpad=1)
        return axes

    def _frame(self, ax: SketchAxes, ylabel: str, y: Axis) -> None:
        """A panel's frame: its own y axis, the shared x axis's ticks (labelled on the last)."""
        x = self._x_axis
        if ax is not self.axes[-1]:
            x = Axis(x.ticks, labels=())
        draw_frame(ax, CURVE_FRAME, x=x, y=Axis(y.ticks, y.labels, ylabel, labelpad=3))

    def _story(self) -> list[tuple[str, SketchAxes, np.ndarray]]:
        story, axes = self.run.story, self.axes
        bins = int(self.width_pt)
        x = np.arange(len(story.objective))
        ax = axes[0]
        ax.set_ylim(-0.3, max(1, int(story.objective.max())) * 1.12 + 0.3)
        ax.plot(
            *thinned(x, story.objective.astype(float), bins),
            drawstyle="steps-post",
            color=CONFLICT_COLOR,
            linewidth=1.5,
        )
        for r in story.restarts:
            ax.plot([r, r], ax.get_ylim(), color=RESTART_COLOR, linestyle=":", linewidth=1.6)
        self._frame(ax, "conflicts", Axis(whole_ticks(ax.get_ylim(), 4)))
        markers = [("conflicts", ax, story.objective.astype(float))]
        if self.run.algorithm == "simulated_annealing":
            temperature = _filled(story.temperature)
            ax = axes[1]
            shown = temperature > 0
            ticks = Axis()
            if shown.any():  # room for the first decade's tick above T0
                low, high = temperature[shown].min() / 2, temperature[shown].max() * 2
                ax.set_ylim(np.log10(low), np.log10(high))
                ticks = decades(low, high)
            powers = np.full(len(temperature), ax.get_ylim()[0])  # T = 0: at the foot
            powers[shown] = np.log10(temperature[shown])
            ax.plot(*thinned(x[shown], powers[shown], bins), color=TEMPERATURE_COLOR, linewidth=1.5)
            self._frame(ax, "temperature T", ticks)
            markers.append(("temperature", ax, powers))
            self._chances(axes[2], temperature)
        else:
            self._deltas(axes[1])
        return markers

    def _chances(self, ax: SketchAxes, temperature: np.ndarray) -> None:
        story = self.run.story
        worse = story.deltas > 0
        x, y, taken = story.decisions[worse], story.chances[worse], story.accepted[worse]
        t = np.arange(len(temperature))
        with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
            reference = np.exp(-1 / temperature)
        ax.plot(
            *thinned(t, reference, int(self.width_pt)),
            color=DARK_GREY,
            linestyle="--",
            linewidth=1.1,
        )
        keep = distinct_points(x, y, (int(self.width_pt / 2), 40), (0, len(t), 0, 1))
        _decisions(ax, x[keep], y[keep], taken[keep], size=3.5)
        ax.set_ylim(-0.06, 1.1)
        self._frame(ax, "chance e^(−Δ/T)\nof a worse move", Axis((0, 0.5, 1)))

    def _deltas(self, ax: SketchAxes) -> None:
        story = self.run.story
        ax.plot(ax.get_xlim(), [0, 0], color=GREY, linewidth=1)
        x, y = story.decisions, story.deltas
        low = float(y.min()) if len(y) else -1.0
        high = float(y.max()) if len(y) else 1.0
        keep = distinct_points(x, y, (int(self.width_pt / 2), 40), (0, len(self.x), low, high))
        _decisions(ax, x[keep], y[keep], story.accepted[keep], size=4)
        ax.set_ylim(min(low, -1) - 0.6, max(high, 1) * 1.3 + 0.6)
        self._frame(ax, "Δ of each move\n(< 0: better)", Axis(whole_ticks(ax.get_ylim(), 4)))

    def _generation_x(self) -> np.ndarray:
        """Each step's place on the generation axis: generation g, plus how far its children got."""
        steps = self.run.evolution.steps.astype(float)
        k = np.arange(len(self.run.trace), dtype=float)
        return np.interp(k, steps, np.arange(len(steps), dtype=float))

    def _fitness(self, ax: SketchAxes) -> list[tuple[str, SketchAxes, np.ndarray]]:
        evo, pairs = self.run.evolution, self.run.max_pairs
        g = np.arange(len(evo.best), dtype=float)
        ax.set_ylim(pairs - max(evo.mean.max(), evo.best.max()) - 1, pairs + 1.5)
        ax.set_xlim(0, max(1, len(g) - 1))
        marker = "o" if len(g) < 40 else None
        ax.plot(
            g, pairs - evo.best, color=CONFLICT_COLOR, linewidth=1.8, marker=marker, markersize=3
        )
        ax.plot(g, pairs - evo.mean, color=MEAN_COLOR, linewidth=1.5, linestyle="--")
        ax.plot(ax.get_xlim(), [pairs, pairs], color=SOLVED_COLOR, linewidth=1.4, linestyle=":")
        self._x_axis = Axis(whole_ticks(ax.get_xlim(), 5), title="generation", labelpad=1)
        self._frame(ax, "fitness", Axis(whole_ticks(ax.get_ylim(), 3)))
        best = pairs - evo.best[np.floor(self.x).astype(int)]
        return [("best", ax, best.astype(float))]

    # ------------------------------------------------------- what follows the step
    def _follow(self, left, bottom, width, height) -> None:
        """The items that follow the step, all drawn in the last panel's data (over every
        panel, across the whole stack): the veil, the cursor, a marker on each curve, the
        ring, and a white margin right of the panels that hides what runs past them."""
        scene, ax = self.scene, self.axes[-1]
        figure_width, figure_height = scene.size_points
        x0, x1 = ax.get_xlim()
        _, foot = _data_at(ax, (0, bottom * figure_height))
        _, head = _data_at(ax, (0, (bottom + height) * figure_height))
        veil = PathPatch(box_path(x0, foot, x1 - x0, head - foot), facecolor="white",
                         alpha=0.6, linewidth=0, zorder=5, clip_on=False)  # fmt: skip
        scene.tag(ax.add_patch(veil), "veil", shown=True)
        right, low = _data_at(ax, ((left + width) * figure_width, (bottom - 0.01) * figure_height))
        end, high = _data_at(ax, (figure_width, (bottom + height + 0.01) * figure_height))
        ax.add_patch(Rectangle((right, low), end - right, high - low, facecolor="white",
                               linewidth=0, zorder=7, clip_on=False))  # fmt: skip
        cursor = Line2D([x0, x0], [foot, head], color=CURSOR_COLOR, linewidth=1.8, zorder=6,
                        clip_on=False)  # fmt: skip
        scene.tag(ax.add_line(cursor), "cursor", shown=True)
        for name, axes, ys in self._markers:
            y0 = ys[0] if np.isfinite(ys[0]) else 1.0
            here = _data_at(ax, axes.data_transform().transform((self.x[0], y0)))
            marker = Line2D(
                [here[0]],
                [here[1]],
                ls="none",
                marker=STATUS["current"].marker,
                markersize=6.5,
                color=CURSOR_COLOR,
                markeredgecolor="black",
                markeredgewidth=0.8,
                zorder=6.5,
                clip_on=False,
            )
            scene.tag(ax.add_line(marker), f"now {name}", shown=True)
        self._ring_axes = self.axes[-1] if self.run.algorithm != "genetic" else None
        if self._ring_axes is not None:
            ring = Line2D(
                [0],
                [0],
                ls="none",
                marker="o",
                markersize=9,
                markerfacecolor="none",
                markeredgecolor=CURSOR_COLOR,
                markeredgewidth=2,
                zorder=6.5,
                clip_on=False,
            )
            scene.tag(self._ring_axes.add_line(ring), "now decision")
            self._ring_shown = False  # hidden at the start
            # The ring's panel is linear: a unit of x and of y is a fixed shift in the SVG.
            self._ring_unit = linear_frame(self._ring_axes)[1]

    def _precompute(self) -> dict[str, np.ndarray]:
        """Every step's shift of the cursor and of each marker, in points (one transform each)."""
        steps = len(self.x)
        cursor = svg_points(self.axes[-1], self.x, np.zeros(steps))
        paths = {"cursor": np.column_stack([cursor[:, 0] - self.base_x, np.zeros(steps)])}
        for name, ax, ys in self._markers:
            y0 = ys[0] if np.isfinite(ys[0]) else 1.0
            known = np.where(np.isfinite(ys), ys, y0)
            where = svg_points(ax, self.x, known)
            start = svg_points(ax, [self.x[0]], [y0])[0]
            paths[f"now {name}"] = where - start
        return paths

    @cached_property
    def _followers(self) -> list[tuple[str, list[list[float]]]]:
        """Each item that follows the step (the veil goes with the cursor) and its shift at
        every step, in points, as plain floats.

        Not rounded here: the film's builder rounds each shift as the film keeps it, and
        drops a shift that rounds to where the item already stands. Worked out once, at the
        film's first step (not when the scene is drawn for an export).
        """
        cursor = self._paths["cursor"].tolist()
        followers = [("veil", cursor), ("cursor", cursor)]
        followers += [
            (f"now {name}", self._paths[f"now {name}"].tolist()) for name, _, _ in self._markers
        ]
        return followers

    def at(self, builder, step: int, decision: tuple[float, float] | None = None) -> None:
        """Put the cursor, the veil and the markers at ``step``.

        ``decision``: the (step, value) of the decision to ring in the bottom
        panel (the chance of a worse move, or the Δ of a move), or None.
        """
        for name, path in self._followers:
            dx, dy = path[step]
            builder.move(name, dx, dy)
        if self._ring_axes is None:
            return
        if decision is None:
            if self._ring_shown:
                builder.hide("now decision")
                self._ring_shown = False
            return
        if not self._ring_shown:
            builder.show("now decision")
            self._ring_shown = True
        (ux, uy) = self._ring_unit
        builder.move("now decision", ux * decision[0], uy * decision[1])


def _filled(values: np.ndarray) -> np.ndarray:
    """``values`` with each NaN replaced by the last number before it (the first kept).

    >>> _filled(np.array([5.0, np.nan, 3.0, np.nan])).tolist()
    [5.0, 5.0, 3.0, 3.0]
    """
    out = values.copy()
    known = np.where(np.isfinite(out), np.arange(len(out)), 0)
    np.maximum.accumulate(known, out=known)
    return out[known]


def legend_handles(algorithm: str) -> list[Line2D]:
    """The legend entries of the curves of ``algorithm`` (moves taken and turned down are the
    board's: the same square and cross).

    >>> [h.get_label() for h in legend_handles("simulated_annealing")]
    ['now', 'e^(−1/T): Δ = 1']
    """
    now = Line2D(
        [],
        [],
        color=CURSOR_COLOR,
        linewidth=1.8,
        marker=STATUS["current"].marker,
        markeredgecolor="black",
        markersize=6,
        label="now",
    )
    if algorithm == "genetic":
        return [
            Line2D([], [], color=CONFLICT_COLOR, linewidth=1.8, label="best fitness"),
            Line2D([], [], color=MEAN_COLOR, linestyle="--", label="mean fitness"),
            Line2D([], [], color=SOLVED_COLOR, linestyle=":", label="solved"),
            now,
        ]
    if algorithm == "simulated_annealing":
        return [now, Line2D([], [], color=DARK_GREY, linestyle="--", label="e^(−1/T): Δ = 1")]
    return [now, Line2D([], [], color=RESTART_COLOR, linestyle=":", label="restart")]
