"""The charts written straight as SVG (search_viz/lessons/shared/svg_chart.py): bars and
points where the numbers put them, ticks where matplotlib's locator puts them, every text
inside the picture, and well-formed markup for any series."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from search_viz.film.svg_writer import text_width
from search_viz.lessons.shared.svg_chart import PX, Line, _Frame, bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"
counts = st.lists(st.integers(0, 100_000), min_size=1, max_size=12)


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def bars(root: ET.Element) -> list[dict]:
    return [
        {k: float(rect.get(k)) for k in ("x", "y", "width", "height")}
        for rect in root.iter(SVG + "rect")
        if rect.get("class") == "bar"
    ]


def texts(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(SVG + "text"))


def polylines(root: ET.Element) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]
        for line in root.iter(SVG + "polyline")
    ]


@given(counts)
def test_bars_stand_on_one_baseline_with_heights_in_proportion_to_their_values(values):
    root = parsed(bar_chart(values, xlabel="depth limit", ylabel="nodes visited"))
    found = bars(root)
    assert len(found) == len(values)
    baselines = {round(b["y"] + b["height"], 1) for b in found}
    assert len(baselines) == 1
    tallest = max(values)
    if tallest:
        per_unit = max(b["height"] for b in found) / tallest
        for bar, value in zip(found, values, strict=True):
            assert math.isclose(bar["height"], value * per_unit, abs_tol=0.02)
    lefts = [b["x"] for b in found]
    assert lefts == sorted(lefts)  # depth limit 0, 1, 2, ... from left to right
    labels = [t.text for t in texts(root)]
    for value in values:
        assert str(value) in labels


@given(counts, st.sampled_from([(6.0, 3.0), (4.5, 3.0)]), st.sampled_from([1.0, 1.5]))
def test_every_text_of_a_bar_chart_lies_inside_the_picture(values, size, scale):
    title = f"all iterations: {sum(values)} visits; the last one alone: {values[-1]}"
    svg = bar_chart(
        values, xlabel="depth limit", ylabel="nodes visited", title=title, size=size, scale=scale
    )
    root = parsed(svg)
    width = float(root.get("width"))
    for text in texts(root):
        if text.get("transform"):
            continue  # the turned axis label
        size = float(text.get("font-size")) / PX
        wide = text_width(text.text, size) * PX
        x = float(text.get("x"))
        left = {"start": x, "middle": x - wide / 2, "end": x - wide}[text.get("text-anchor")]
        assert left >= -0.5, text.text
        assert left + wide <= width + 0.5, text.text
        assert 0 <= float(text.get("y")) <= float(root.get("height"))


@settings(max_examples=60)
@given(
    st.lists(st.floats(-1e4, 1e4, allow_nan=False), min_size=1, max_size=60),
    st.booleans(),
)
def test_a_line_passes_through_each_of_its_points(ys, steps):
    xs = list(range(len(ys)))
    line = Line("series", xs, ys, "#0072B2", steps=steps)
    frame_points = _frame_of([line]).points(line)
    root = parsed(line_chart([line], xlabel="step", ylabel="value"))
    drawn = polylines(root)[0]
    assert drawn == frame_points
    frame = _frame_of([line])
    for x, y in zip(xs, ys, strict=True):
        assert _on(drawn, (frame.x(x), frame.y(y))), (x, y)
    if steps:  # level and upright runs only
        for (ax, ay), (bx, by) in pairwise(drawn):
            assert ax == bx or ay == by


def _frame_of(lines):
    xs = [x for line in lines for x in line.xs]
    ys = [y for line in lines for y in line.ys]
    from search_viz.lessons.shared.svg_chart import _limits

    return _Frame.fit((6.0, 3.2), 1.0, _limits(xs, None), _limits(ys, None), "step", "value", "")


def _on(polyline, point, tolerance=0.08) -> bool:
    """Whether ``point`` lies on the polyline (to the tenth of a pixel it is written at)."""
    px, py = point
    if len(polyline) == 1:
        return math.dist(polyline[0], point) <= tolerance
    for (ax, ay), (bx, by) in pairwise(polyline):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
        if math.dist((ax + t * dx, ay + t * dy), point) <= tolerance:
            return True
    return False


@given(st.floats(1, 1e6), st.sampled_from([(6.0, 3.0), (6.0, 3.2)]), st.sampled_from([1.0, 1.5]))
def test_ticks_are_matplotlibs_for_the_same_axes(top, size, scale):
    """The ticks matplotlib's default locator puts on an axes of the plot's size."""
    frame = _Frame.fit(size, scale, (0.0, 10.0), (0.0, top), "x", "y", "")
    left, upper, right, bottom = frame.box
    fig = Figure(figsize=size, dpi=100)
    ax = fig.add_axes(
        (left / fig.bbox.width, 1 - bottom / fig.bbox.height,
         (right - left) / fig.bbox.width, (bottom - upper) / fig.bbox.height)
    )  # fmt: skip
    ax.tick_params(labelsize=10 * scale)
    ax.set_ylim(0, top)
    ax.set_xlim(0, 10)
    theirs = [t for t in ax.get_yticks() if 0 <= t <= top * (1 + 1e-9)]
    assert np.allclose(frame.yticks, theirs)
    assert np.allclose(frame.xticks, [t for t in ax.get_xticks() if 0 <= t <= 10])


def test_tick_labels_carry_the_decimals_the_finest_tick_needs():
    root = parsed(line_chart([Line("a", [0, 1], [0, 2.5], "#000000")], xlabel="x", ylabel="y"))
    labels = {t.text for t in texts(root)}
    assert {"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"} <= labels


def test_the_best_legend_takes_a_corner_the_lines_leave_empty():
    rising = Line("rising", list(range(11)), list(range(11)), "#0072B2")
    svg = line_chart([rising], xlabel="x", ylabel="y", legend="best")
    root = parsed(svg)
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "legend")
    sample = polylines(legend)[0]
    frame = _frame_of([rising])
    left, top, right, bottom = frame.box
    assert sample[0][0] < (left + right) / 2  # the line rises to the right: upper left is free
    assert sample[0][1] < (top + bottom) / 2


@given(
    st.lists(st.lists(st.integers(0, 500), min_size=0, max_size=30), min_size=1, max_size=4),
    st.sampled_from(["best", "upper left", "upper right"]),
)
def test_any_series_give_well_formed_svg_with_a_legend_row_each(series, where):
    dashes = ["-", "--", "-.", ":"]
    lines = [
        Line(f"series {k} <{len(ys)}> & co", list(range(len(ys))), ys, "#000000", dashes[k])
        for k, ys in enumerate(series)
    ]
    svg = line_chart(lines, xlabel="x", ylabel="y", ylim=(0, None), legend=where)
    root = parsed(svg)
    labels = [t.text for t in texts(root)]
    for line in lines:
        assert line.label in labels
    dashed = re.findall(r'stroke-dasharray="[\d. ]+"', svg)
    assert len(dashed) == 2 * (len(lines) - 1)  # each line but the solid first, and its sample


@settings(max_examples=60)
@given(
    st.lists(st.lists(st.integers(0, 500), min_size=1, max_size=30), min_size=1, max_size=4),
    st.sampled_from(["upper left", "upper right"]),
    st.sampled_from([1, 2]),
)
def test_no_line_runs_into_a_legend_in_an_upper_corner(series, where, columns):
    """The y axis goes higher instead: every piece of a line under the legend's width stays
    below it (bidirectional search's plain-BFS line used to touch its legend)."""
    lines = [
        Line(f"series {k}: {ys[-1]}", list(range(len(ys))), ys, "#000000")
        for k, ys in enumerate(series)
    ]
    svg = line_chart(
        lines, xlabel="x", ylabel="y", ylim=(0, None), legend=where, legend_columns=columns
    )
    root = parsed(svg)
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "legend")
    samples = polylines(legend)
    labels = texts(legend)
    size = float(labels[0].get("font-size"))
    left = min(x for sample in samples for x, _ in sample)
    right = max(float(t.get("x")) + text_width(t.text, size / PX) * PX for t in labels)
    bottom = max(y for sample in samples for _, y in sample) + 0.7 * size
    plotted = [line for line in polylines(root) if line not in samples]
    for line in plotted:
        for (ax, ay), (bx, by) in pairwise(line if len(line) > 1 else line * 2):
            if min(ax, bx) <= right and max(ax, bx) >= left:
                assert min(ay, by) > bottom, ((ax, ay), (bx, by), (left, right, bottom))


def test_a_legend_in_two_columns_fills_them_one_after_the_other():
    lines = [Line(name, [0, 1], [0, 1], "#000000") for name in ("a", "b", "c", "d")]
    root = parsed(line_chart(lines, xlabel="x", ylabel="y", legend="upper left", legend_columns=2))
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "legend")
    place = {t.text: (float(t.get("x")), float(t.get("y"))) for t in texts(legend)}
    assert place["a"][0] == place["b"][0] < place["c"][0] == place["d"][0]
    assert place["a"][1] == place["c"][1] < place["b"][1] == place["d"][1]
