"""A frame drawn in plain artists stands where matplotlib's own axis would draw it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from search_viz.film.plain_axes import Axis, FrameStyle, draw_frame, ticks_within

STYLE = FrameStyle(tick_size=9.5, label_size=9.5, tick_length=2, tick_pad=2, grid="#DDDDDD")
BOX = (0.3, 0.25, 0.6, 0.6)


def _matplotlibs(xlim, ylim, xticks, yticks, labelpad):
    """matplotlib's own axis on the box, as the plain frame is asked to draw it."""
    fig = Figure(figsize=(4, 3), dpi=72)
    ax = fig.add_axes(BOX)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_xticks(xticks)
    ax.set_yticks(yticks)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.tick_params(labelsize=STYLE.tick_size, length=STYLE.tick_length, pad=STYLE.tick_pad)
    ax.set_xlabel("step", fontsize=STYLE.label_size, labelpad=labelpad)
    ax.set_ylabel("conflicts", fontsize=STYLE.label_size, labelpad=labelpad)
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    shown = [t for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()]
    labels = {t.get_text(): t.get_window_extent(renderer) for t in shown}
    labels["step"] = ax.xaxis.label.get_window_extent(renderer)
    labels["conflicts"] = ax.yaxis.label.get_window_extent(renderer)
    return labels


def _plain(xlim, ylim, xticks, yticks, labelpad):
    fig = Figure(figsize=(4, 3), dpi=72)
    ax = fig.add_axes(BOX)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    draw_frame(
        ax,
        STYLE,
        x=Axis(xticks, title="step", labelpad=labelpad),
        y=Axis(yticks, title="conflicts", labelpad=labelpad),
    )
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    return ax, {t.get_text(): t.get_window_extent(renderer) for t in ax.texts}


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 5000),
    st.floats(-50, 0),
    st.floats(1, 500),
    st.floats(0, 6),
)
def test_tick_labels_and_axis_labels_stand_where_matplotlibs_do(last, low, span, labelpad):
    xlim, ylim = (0, last), (low, low + span)
    xticks = ticks_within(MaxNLocator(5, integer=True).tick_values(*xlim), xlim)
    yticks = ticks_within(MaxNLocator(4, integer=True).tick_values(*ylim), ylim)
    theirs = _matplotlibs(xlim, ylim, xticks, yticks, labelpad)
    _, ours = _plain(xlim, ylim, xticks, yticks, labelpad)
    assert set(ours) == set(theirs)
    for text, box in theirs.items():
        assert np.allclose(ours[text].bounds, box.bounds, atol=0.6), text


def test_ticks_outside_the_limits_are_left_out_and_the_grid_goes_through_the_others():
    ax, texts = _plain((0, 10), (0, 1), (-5, 0, 5, 10, 15), (0, 0.5, 1, 1.5), 3)
    assert [t for t in texts if t not in ("step", "conflicts")] == [
        "0",
        "5",
        "10",
        "0.0",
        "0.5",
        "1.0",
    ]
    grid = next(line for line in ax.lines if line.get_color() == STYLE.grid)
    xs, _ = grid.get_data()
    segments = np.isnan(np.asarray(xs, dtype=float)).sum()
    assert segments == 3 + 3  # three level, three upright lines


def test_an_axis_with_named_ticks_writes_those_names_and_one_without_labels_none():
    fig = Figure()
    ax = fig.add_axes(BOX)
    draw_frame(ax, STYLE, x=Axis((0, 0.5, 1), ("a", "b", "c")), y=Axis((0.5,), ()))
    assert [t.get_text() for t in ax.texts] == ["a", "b", "c"]
