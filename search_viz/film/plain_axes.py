"""An axes' frame drawn as a few plain artists: its ticks, their labels, the grid, the spines.

matplotlib's own axis makes an artist (a tick with two lines and two texts) for
each tick, then works out their places and the axis labels' at every draw. A
film's scene is drawn once, but built again for every problem a student tries:
on the local-search lesson's board and curves the axes took more than half the
scene's time. :func:`draw_frame` turns the axes' own axis off and draws the
same frame with one line of tick marks per axis, one line of grid, one line per
spine and a text per label, placed as matplotlib places them (the tick labels
``tick length + pad`` points out, the axis labels ``labelpad`` points beyond the
widest or tallest tick label).

Everything is drawn in data coordinates, each text ``annotate``'d so many points
from a data point: the calls a :class:`~search_viz.film.sketch.SketchAxes` takes
as well as matplotlib's ``Axes``, so a sketched scene draws the same frame.

>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(3, 2)); ax = fig.add_axes((0.2, 0.2, 0.7, 0.7))
>>> _ = ax.set_xlim(0, 10), ax.set_ylim(0, 1)
>>> style = FrameStyle(tick_size=8, label_size=9, grid="#DDDDDD")
>>> draw_frame(ax, style, x=Axis((0, 5, 10), title="step"), y=Axis((0, 0.5, 1), title="chance"))
>>> [t.get_text() for t in ax.texts]
['0', '5', '10', 'step', '0.0', '0.5', '1.0', 'chance']
>>> ax.axison
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.lines import TICKDOWN, TICKLEFT
from matplotlib.ticker import MaxNLocator

from search_viz.film.sketch_text import text_layout

#: matplotlib's default width of spines and tick marks, in points.
THIN = 0.8
#: The gap between the top of an axes and the baseline of its title, in points (matplotlib's).
TITLE_PAD = 6.0
#: The z-orders matplotlib draws them at: ticks and grid under the plotted lines, spines over.
_AXIS_Z, _SPINE_Z = 1.5, 2.5


@dataclass(frozen=True)
class Axis:
    """One axis as the frame draws it.

    ``ticks``: where the tick marks stand (data units; those outside the limits are left
    out); ``labels``: their labels (None: the numbers as matplotlib writes them, see
    :func:`tick_texts`; ``()``: tick marks without labels); ``title``: the axis label,
    ``labelpad`` points beyond the tick labels.

    >>> Axis((0, 5, 10), title="step").labels is None
    True
    """

    ticks: Sequence[float] = ()
    labels: Sequence[str] | None = None
    title: str = ""
    labelpad: float = 4.0


@dataclass(frozen=True)
class FrameStyle:
    """How a frame looks: font sizes and lengths in points, colours as matplotlib takes them.

    ``spines``: the sides drawn ("left", "bottom", "right", "top"); ``grid``: the grid
    lines' colour at every tick (None: no grid).
    """

    tick_size: float
    label_size: float
    tick_length: float = 3.5
    tick_pad: float = 3.5
    grid: str | None = None
    grid_width: float = THIN
    spines: tuple[str, ...] = ("left", "bottom")
    spine_color: str = "black"


def tick_texts(ticks: Sequence[float]) -> list[str]:
    """Tick labels with the decimals the finest needs, as matplotlib writes them.

    >>> tick_texts([0, 2.5, 5]), tick_texts([0, 50, 100]), tick_texts([-1.0])
    (['0.0', '2.5', '5.0'], ['0', '50', '100'], ['−1'])
    """
    decimals = 0
    while decimals < 3 and any(abs(t * 10**decimals % 1 - 0.5) < 0.5 - 1e-6 for t in ticks):
        decimals += 1
    return [f"{t:.{decimals}f}".replace("-", "\u2212") for t in ticks]


def thousands_texts(ticks: Sequence[float]) -> list[str] | None:
    """Tick labels in thousands ("8k") when the ticks reach 10,000, so that five of them fit
    under a narrow panel (a 40,001-step walk's curves); None (the numbers as they are, see
    :func:`tick_texts`) below that.

    >>> thousands_texts([0, 4000, 8000]), thousands_texts([0, 10_000, 12_500])
    (None, ['0', '10k', '12.5k'])
    """
    if max((abs(t) for t in ticks), default=0) < 10_000:
        return None
    return [f"{t / 1000:g}k" if t else "0" for t in ticks]


def ticks_within(ticks: Sequence[float], limits: tuple[float, float]) -> list[float]:
    """The ``ticks`` inside ``limits`` (either way round), with matplotlib's tolerance for
    a tick a rounding error outside.

    >>> ticks_within([-2.0, 0.0, 2.0, 4.0, 6.0], (-0.3, 4.0000000001))
    [0.0, 2.0, 4.0]
    """
    low, high = sorted(limits)
    slack = (high - low) * 1e-10
    return [float(t) for t in ticks if low - slack <= t <= high + slack]


def whole_ticks(limits: tuple[float, float], most: int) -> tuple[float, ...]:
    """At most ``most`` + 1 ticks on whole numbers over ``limits``, as matplotlib's
    ``MaxNLocator(most, integer=True)`` puts them (those outside are left out when drawn).

    >>> whole_ticks((-0.3, 17.1), 4)
    (-5.0, 0.0, 5.0, 10.0, 15.0, 20.0)
    """
    return tuple(float(t) for t in MaxNLocator(most, integer=True).tick_values(*limits))


def draw_frame(
    ax,
    style: FrameStyle,
    *,
    x: Axis = Axis(),
    y: Axis = Axis(),
    title: str = "",
    title_pad: float = TITLE_PAD,
) -> None:
    """Turn the axis of ``ax`` (matplotlib's ``Axes`` or a ``SketchAxes``) off and draw its
    frame in plain artists (see the module).

    Set the limits (and a log scale) first: the ticks are placed in data units.
    """
    ax.set_axis_off()
    xticks = ticks_within(x.ticks, ax.get_xlim())
    yticks = ticks_within(y.ticks, ax.get_ylim())
    if style.grid is not None:
        _grid(ax, style, xticks, yticks)
    _spines(ax, style)
    _x_axis(ax, style, Axis(xticks, _kept(x, xticks), x.title, x.labelpad))
    _y_axis(ax, style, Axis(yticks, _kept(y, yticks), y.title, y.labelpad))
    if title:
        (x0, x1), (_, top) = ax.get_xlim(), ax.get_ylim()
        _note(ax, title, ((x0 + x1) / 2, top), (0, title_pad), style.label_size,
              ha="center", va="baseline")  # fmt: skip


def _kept(axis: Axis, kept: list[float]) -> list[str]:
    """The labels of the ticks ``kept`` (those inside the limits): as matplotlib writes the
    numbers, with the decimals the finest kept tick needs, unless the axis names them."""
    if axis.labels is None:
        return tick_texts(kept)
    if not axis.labels:
        return []
    by_tick = dict(zip((float(t) for t in axis.ticks), axis.labels, strict=True))
    return [by_tick[t] for t in kept]


def _note(ax, text: str, xy, offset, size: float, **options) -> None:
    """``text`` ``offset`` points from the data point ``xy``, never clipped."""
    ax.annotate(text, xy, xytext=offset, textcoords="offset points", fontsize=size,
                annotation_clip=False, **options)  # fmt: skip


def _middle(low: float, high: float, scale: str) -> float:
    """The data value halfway between ``low`` and ``high`` as drawn (on a log scale, their
    geometric mean)."""
    if scale == "log":
        return float(np.sqrt(low * high))
    return (low + high) / 2


def _grid(ax, style: FrameStyle, xticks: list[float], yticks: list[float]) -> None:
    """One line through every tick, clipped to the axes: upright at x's, level at y's."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    xs = [v for t in xticks for v in (t, t, np.nan)] + [v for _ in yticks for v in (x0, x1, np.nan)]
    ys = [v for _ in xticks for v in (y0, y1, np.nan)] + [v for t in yticks for v in (t, t, np.nan)]
    if xs:
        ax.plot(xs, ys, color=style.grid, linewidth=style.grid_width, zorder=_AXIS_Z)


def _spines(ax, style: FrameStyle) -> None:
    """The sides of the axes' box named in ``style.spines``, one line each."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    ends = {"left": ((x0, x0), (y0, y1)), "bottom": ((x0, x1), (y0, y0)),
            "right": ((x1, x1), (y0, y1)), "top": ((x0, x1), (y1, y1))}  # fmt: skip
    for side in style.spines:
        xs, ys = ends[side]
        ax.plot(xs, ys, color=style.spine_color, linewidth=THIN, solid_capstyle="projecting",
                clip_on=False, zorder=_SPINE_Z)  # fmt: skip


def _label_layout(text: str, size: float, ha: str, va: str):
    return text_layout(text, size=float(size), weight="normal", style="normal", ha=ha, va=va,
                       linespacing=None, parse_math=True, box=None)  # fmt: skip


def _x_axis(ax, style: FrameStyle, axis: Axis) -> None:
    """Tick marks under the axes at ``axis.ticks``, their labels, then the axis label."""
    (x0, x1), (bottom, _) = ax.get_xlim(), ax.get_ylim()
    if axis.ticks and style.tick_length > 0:
        ax.plot(axis.ticks, [bottom] * len(axis.ticks), ls="none", marker=TICKDOWN,
                markersize=style.tick_length, markeredgewidth=THIN, color="black",
                clip_on=False, zorder=_AXIS_Z)  # fmt: skip
    out = style.tick_length + style.tick_pad
    tallest = 0.0
    for tick, text in zip(axis.ticks, axis.labels or (), strict=False):
        _note(ax, text, (tick, bottom), (0, -out), style.tick_size, ha="center", va="top")
        tallest = max(tallest, _label_layout(text, style.tick_size, "center", "top").extent[3])
    if axis.title:
        below = out + tallest if axis.labels else style.tick_length
        middle = _middle(x0, x1, _scale(ax, "x"))
        _note(ax, axis.title, (middle, bottom), (0, -below - axis.labelpad), style.label_size,
              ha="center", va="top")  # fmt: skip


def _y_axis(ax, style: FrameStyle, axis: Axis) -> None:
    """Tick marks left of the axes at ``axis.ticks``, their labels, then the axis label."""
    (left, _), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    if axis.ticks and style.tick_length > 0:
        ax.plot([left] * len(axis.ticks), axis.ticks, ls="none", marker=TICKLEFT,
                markersize=style.tick_length, markeredgewidth=THIN, color="black",
                clip_on=False, zorder=_AXIS_Z)  # fmt: skip
    out = style.tick_length + style.tick_pad
    widest = 0.0
    for tick, text in zip(axis.ticks, axis.labels or (), strict=False):
        _note(ax, text, (left, tick), (-out, 0), style.tick_size, ha="right",
              va="center_baseline")  # fmt: skip
        widest = max(widest, _label_layout(text, style.tick_size, "right", "center").extent[2])
    if axis.title:
        beside = out + widest if axis.labels else style.tick_length
        middle = _middle(y0, y1, _scale(ax, "y"))
        _note(ax, axis.title, (left, middle), (-beside - axis.labelpad, 0), style.label_size,
              ha="center", va="bottom", rotation=90, rotation_mode="anchor")  # fmt: skip


def _scale(ax, which: str) -> str:
    """The axis's scale: matplotlib's ("linear", "log", ...), a sketch's always linear."""
    getter = getattr(ax, f"get_{which}scale", None)
    return getter() if getter is not None else "linear"
