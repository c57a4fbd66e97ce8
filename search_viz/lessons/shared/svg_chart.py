"""Charts written straight as SVG text: bars, or lines, on a pair of axes.

The charts a page draws again for every problem a student makes (the nodes each
depth limit visits in iterative deepening, the frontiers of BFS and DFS, the
expansions of bidirectional search) are written here without matplotlib: a
matplotlib chart saved as PNG cost the server 100-200 ms of CPU at every edit,
writing one here takes about a millisecond. They keep the look of the lessons'
matplotlib charts: the same font sizes (:func:`~search_viz.film.style.font_size`),
colours and dash patterns, ticks where matplotlib's default locator puts them, a
light grid, no top or right spine and a legend without a frame, at the size the
PNGs had (6 inches at 100 pixels per inch). The browser draws the text, in
DejaVu Sans where it has it (matplotlib's font) or its own sans-serif.

>>> svg = bar_chart([1, 3, 7], xlabel="depth limit", ylabel="nodes visited")
>>> svg.startswith("<svg "), svg.count('class="bar"')
(True, 3)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from itertools import pairwise

from matplotlib.ticker import MaxNLocator

from search_viz.film.plain_axes import tick_texts, ticks_within
from search_viz.film.style import OKABE_ITO, font_size
from search_viz.film.svg_writer import text_width
from search_viz.lessons.shared.figure import DPI

#: Pixels per point: the charts are drawn at the PNGs' resolution.
PX = DPI / 72
#: matplotlib's dash patterns, in multiples of the line's width (``lines.*_pattern``).
DASHES: dict[str, tuple[float, ...]] = {
    "-": (),
    "--": (3.7, 1.6),
    "-.": (6.4, 1.6, 1.0, 1.6),
    ":": (1.0, 1.65),
}
_FONT = "DejaVu Sans, Verdana, Geneva, sans-serif"
_EDGE = 3.0  # the margin around everything, points (as constrained layout leaves it)
_TICK = 3.5  # a tick's length, and the gap to its label, points
_LABEL_GAP = 4.0  # tick labels to the axis label, points
_TITLE_GAP = 6.0  # plot to title, points
_THIN = 0.8  # spines, ticks and grid lines, points
_LINE_HEIGHT = 1.17  # a line of text, in font sizes (DejaVu Sans's ascent plus descent)
_CAP = 0.73  # a digit's height, in font sizes: to centre a label on its tick


@dataclass(frozen=True)
class Line:
    """One series of a line chart: its points, its legend label and how it is drawn.

    ``dash`` is one of :data:`DASHES`; ``width`` is in points; ``steps`` draws each
    value until the next point (matplotlib's ``drawstyle="steps-post"``).
    """

    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    color: str
    dash: str = "-"
    width: float = 2.2
    steps: bool = False


def bar_chart(
    values: Sequence[int],
    *,
    xlabel: str,
    ylabel: str,
    title: str = "",
    color: str = OKABE_ITO["blue"],
    scale: float = 1.0,
    size: tuple[float, float] = (6.0, 3.0),
) -> str:
    """One bar per value, at 0, 1, 2, ..., each labelled with its value, as SVG text.

    >>> svg = bar_chart([1, 4], xlabel="depth limit", ylabel="visits", title="5 visits")
    >>> ">4</text>" in svg and ">5 visits</text>" in svg
    True
    """
    count = len(values)
    margin = 0.05 * (count - 0.2)  # matplotlib's 5% beside the bars' span
    xlim = (-0.4 - margin, count - 0.6 + margin)
    ylim = (0.0, max(max(values, default=1), 1) * 1.18)
    frame = _Frame.fit(size, scale, xlim, ylim, xlabel, ylabel, title, range(count), counts=True)
    body = []
    label_size = font_size("legend", scale)
    for x, value in enumerate(values):
        left, right = frame.x(x - 0.4), frame.x(x + 0.4)
        top, bottom = frame.y(value), frame.y(0)
        body.append(
            f'<rect class="bar" x="{_n(left)}" y="{_n(top)}" width="{_n(right - left)}" '
            f'height="{_n(bottom - top)}" fill="{color}" stroke="#000000" '
            f'stroke-width="{_n(PX)}"/>'
        )
        body.append(_text(frame.x(x), top - 3 * PX, str(value), label_size, anchor="middle"))
    return frame.svg(body, legend="")


def line_chart(
    lines: Sequence[Line],
    *,
    xlabel: str,
    ylabel: str,
    xlim: tuple[float, float] | None = None,
    ylim: tuple[float, float] | None = None,
    legend: str = "best",
    legend_columns: int = 1,
    counts: bool = False,
    scale: float = 1.0,
    size: tuple[float, float] = (6.0, 3.2),
) -> str:
    """The ``lines`` on one pair of axes, with a legend of their labels, as SVG text.

    Limits left out are the data's, 5% wider (as matplotlib's autoscaling); a
    ``ylim`` of ``(0, None)`` fixes only the bottom. ``legend``: "best" (the corner
    that covers the fewest points of the lines), "upper left" or "upper right"; under
    a legend in an upper corner the y axis goes higher where a line would run into it;
    ``legend_columns``: its entries in that many columns (fewer rows, less room above).
    ``counts``: the y values are whole numbers, and so are the ticks.

    >>> svg = line_chart([Line("BFS", [1, 2, 3], [2, 3, 1], "#0072B2")], xlabel="x", ylabel="y")
    >>> svg.count("<polyline "), ">BFS</text>" in svg  # the line, and its legend's sample
    (2, True)
    """
    xs = [x for line in lines for x in line.xs]
    ys = [y for line in lines for y in line.ys]
    xlimits, ylimits = _limits(xs, xlim), _limits(ys, ylim)
    frame = _Frame.fit(size, scale, xlimits, ylimits, xlabel, ylabel, "", counts=counts)
    for _ in range(3):  # a higher top changes the ticks, their labels' width and the plot's
        top = _top_clear_of_legend(frame, lines, legend, scale, legend_columns)
        if top <= frame.ylim[1]:
            break
        ylimits = (ylimits[0], top)
        frame = _Frame.fit(size, scale, xlimits, ylimits, xlabel, ylabel, "", counts=counts)
    drawn = [(line, frame.points(line)) for line in lines]
    body = [f'<g clip-path="url(#plot)">{"".join(_polyline(*d) for d in drawn)}</g>']
    return frame.svg(body, legend=_legend(frame, drawn, legend, scale, legend_columns))


# ------------------------------------------------------------------ the frame
@dataclass(frozen=True)
class _Frame:
    """The figure (pixels), the plot's box in it, its limits and ticks, and its texts."""

    width: float
    height: float
    box: tuple[float, float, float, float]  # left, top, right, bottom, pixels
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    xticks: tuple[float, ...]
    yticks: tuple[float, ...]
    texts: tuple[str, str, str]  # xlabel, ylabel, title
    scale: float

    @classmethod
    def fit(cls, size, scale, xlim, ylim, xlabel, ylabel, title, xticks=None, counts=False):
        """Room for the texts around the plot, as constrained layout leaves it.

        The plot's size picks the ticks, whose labels set the margins, which set the plot's
        size: a first guess, then once again with the size found. ``counts``: the y values
        are whole numbers, and so are its ticks.
        """
        width, height = size[0] * DPI, size[1] * DPI
        tick, label = font_size("legend", scale), font_size("label", scale)
        box = (12 * label * PX, 4 * label * PX, width, height - 4 * label * PX)
        for _ in range(2):
            plot_w, plot_h = box[2] - box[0], box[3] - box[1]
            yticks = _ticks(ylim, plot_h / PX, tick * 2, whole=counts)
            found = tuple(xticks) if xticks is not None else _ticks(xlim, plot_w / PX, tick * 3)
            ywide = max((text_width(t, tick) for t in tick_texts(yticks)), default=0)
            xhalf = max((text_width(t, tick) for t in tick_texts(found)), default=0) / 2
            box = (
                (_EDGE + label * _LINE_HEIGHT + _LABEL_GAP + ywide + 2 * _TICK) * PX,
                (_EDGE + (label * _LINE_HEIGHT + _TITLE_GAP if title else tick * _CAP / 2)) * PX,
                width - (_EDGE + xhalf) * PX,
                height - (_EDGE + (label + tick) * _LINE_HEIGHT + _LABEL_GAP + 2 * _TICK) * PX,
            )
        return cls(width, height, box, xlim, ylim, found, yticks, (xlabel, ylabel, title), scale)

    def x(self, value: float) -> float:
        left, _, right, _ = self.box
        low, high = self.xlim
        return left + (value - low) / (high - low) * (right - left)

    def y(self, value: float) -> float:
        _, top, _, bottom = self.box
        low, high = self.ylim
        return bottom - (value - low) / (high - low) * (bottom - top)

    def points(self, line: Line) -> list[tuple[float, float]]:
        """The line's points in pixels: a step line's corners, runs of one level joined."""
        points = [(self.x(x), self.y(y)) for x, y in zip(line.xs, line.ys, strict=True)]
        if line.steps:
            points = [corner for a, b in pairwise(points) for corner in (a, (b[0], a[1]))]
            points += [(self.x(line.xs[-1]), self.y(line.ys[-1]))] if len(line.xs) else []
        return _joined(points)

    def svg(self, body: list[str], *, legend: str) -> str:
        left, top, right, bottom = self.box
        xlabel, ylabel, title = self.texts
        tick, label = font_size("legend", self.scale), font_size("label", self.scale)
        parts = ['<rect width="100%" height="100%" fill="#FFFFFF"/>']
        grid = [f"M{_n(self.x(v))} {_n(top)}V{_n(bottom)}" for v in self.xticks]
        grid += [f"M{_n(left)} {_n(self.y(v))}H{_n(right)}" for v in self.yticks]
        parts.append(_path("".join(grid), "#B0B0B0", _THIN * PX, opacity=0.3))
        parts += body
        marks = [f"M{_n(self.x(v))} {_n(bottom)}v{_n(_TICK * PX)}" for v in self.xticks]
        marks += [f"M{_n(left)} {_n(self.y(v))}h{_n(-_TICK * PX)}" for v in self.yticks]
        spines = f"M{_n(left)} {_n(top)}V{_n(bottom)}H{_n(right)}"
        parts.append(_path("".join(marks) + spines, "#000000", _THIN * PX))
        below = bottom + 2 * _TICK * PX
        for v, text in zip(self.xticks, tick_texts(self.xticks), strict=True):
            parts.append(_text(self.x(v), below + tick * _CAP * PX, text, tick, anchor="middle"))
        beside = left - 2 * _TICK * PX
        for v, text in zip(self.yticks, tick_texts(self.yticks), strict=True):
            parts.append(_text(beside, self.y(v) + tick * _CAP / 2 * PX, text, tick, anchor="end"))
        centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
        parts.append(_text(centre_x, self.height - (_EDGE + 0.25 * label) * PX, xlabel, label,
                           anchor="middle"))  # fmt: skip
        x = (_EDGE + 0.92 * label) * PX
        turn = f"{_n(x)} {_n(centre_y)}"
        parts.append(_text(x, centre_y, ylabel, label, anchor="middle", turn=turn))
        if title:  # over the plot, made smaller and moved in if it does not fit there
            room = self.width - 2 * _EDGE * PX
            size = min(label, label * room / (text_width(title, label) * PX))
            half = text_width(title, size) * PX / 2
            x = min(max(centre_x, _EDGE * PX + half), self.width - _EDGE * PX - half)
            baseline = top - (_TITLE_GAP + 0.25 * label) * PX
            parts.append(_text(x, baseline, title, size, anchor="middle"))
        parts.append(legend)
        clip = (f'<clipPath id="plot"><rect x="{_n(left)}" y="{_n(top)}" '
                f'width="{_n(right - left)}" height="{_n(bottom - top)}"/></clipPath>')  # fmt: skip
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" '
            f'height="{_n(self.height)}" viewBox="0 0 {_n(self.width)} {_n(self.height)}" '
            f'font-family="{_FONT}"><defs>{clip}</defs>{"".join(parts)}</svg>'
        )


def _limits(values: Sequence[float], given: tuple | None) -> tuple[float, float]:
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    pad = 0.05 * (high - low) if high > low else 0.5
    found = [low - pad, high + pad]
    for end, value in enumerate(given or ()):
        if value is not None:
            found[end] = value
    if found[1] <= found[0]:
        found[1] = found[0] + 1
    return found[0], found[1]


def _ticks(limits, length: float, per_label: float, whole: bool = False) -> tuple[float, ...]:
    """Where matplotlib's default locator puts ticks on an axis ``length`` points long
    (``whole``: as its locator for whole numbers does)."""
    bins = max(1, min(9, math.floor(length / per_label)))
    low, high = limits
    found = MaxNLocator(nbins=bins, steps=[1, 2, 2.5, 5, 10], integer=whole).tick_values(low, high)
    return tuple(ticks_within(found, limits))


def _joined(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points rounded to a tenth of a pixel, each inside a straight run left out."""
    rounded = [(round(x, 1), round(y, 1)) for x, y in points]
    kept: list[tuple[float, float]] = []
    for point in rounded:
        if kept and point == kept[-1]:
            continue
        if len(kept) >= 2 and _straight(kept[-2], kept[-1], point):
            kept[-1] = point
        else:
            kept.append(point)
    return kept


def _straight(a, b, c) -> bool:
    same_row = a[1] == b[1] == c[1] and (a[0] - b[0]) * (b[0] - c[0]) >= 0
    same_column = a[0] == b[0] == c[0] and (a[1] - b[1]) * (b[1] - c[1]) >= 0
    return same_row or same_column


# ------------------------------------------------------------------- the legend
def _legend(frame: _Frame, drawn, where: str, scale: float, columns: int = 1) -> str:
    """matplotlib's frameless legend: a sample of each line, then its label."""
    size = font_size("legend", scale) * PX
    labelled = [(line, points) for line, points in drawn if line.label]
    if not labelled:
        return ""
    width, height, places = _legend_layout([line for line, _ in labelled], size, columns)
    left, top = _legend_corner(frame, drawn, where, width, height, size)
    parts = []
    for (line, _), (x, middle) in zip(labelled, places, strict=True):
        x, middle = left + x, top + middle
        parts.append(_polyline(line, [(x, middle), (x + 2.0 * size, middle)]))
        parts.append(_text(x + 2.8 * size, middle + _CAP / 2 * size, line.label, size / PX))
    return f'<g class="legend">{"".join(parts)}</g>'


def _legend_layout(
    labelled: Sequence[Line], size: float, columns: int = 1
) -> tuple[float, float, list[tuple[float, float]]]:
    """The legend's width and height, and each entry's place (its sample's left end, its
    row's middle) from the legend's top left, in pixels, its text ``size`` pixels high.
    The entries fill the ``columns`` one after the other, as matplotlib's ``ncols`` does.
    """
    row, spacing = size * _LINE_HEIGHT, 2.0 * size
    per_column = math.ceil(len(labelled) / columns)
    places, x = [], 0.4 * size
    for start in range(0, len(labelled), per_column):
        column = labelled[start : start + per_column]
        places += [(x, 0.4 * size + k * (row + 0.5 * size) + row / 2) for k in range(len(column))]
        x += 2.8 * size + max(text_width(line.label, size / PX) * PX for line in column) + spacing
    height = row * per_column + 0.5 * size * (per_column - 1) + 0.8 * size
    return x - spacing + 0.4 * size, height, places


def _top_clear_of_legend(
    frame: _Frame, lines: Sequence[Line], where: str, scale: float, columns: int = 1
) -> float:
    """The least top of the y axis at which no line runs into a legend in an upper corner
    (a small gap kept under it); the frame's own top where nothing runs there."""
    labelled = [line for line in lines if line.label]
    if where not in ("upper left", "upper right") or not labelled:
        return frame.ylim[1]
    size = font_size("legend", scale) * PX
    width, height, _ = _legend_layout(labelled, size, columns)
    x0, y0 = _legend_corner(frame, [], where, width, height, size)
    _, _, _, bottom = frame.box
    room = bottom - (y0 + height + 0.3 * size)  # pixels from the plot's foot to under the legend
    low, high = frame.ylim
    highest = _highest_between(frame, lines, x0, x0 + width)
    if highest is None or room <= 0:
        return high
    return max(high, low + (highest - low) * (bottom - frame.box[1]) / room)


def _highest_between(frame: _Frame, lines: Sequence[Line], x0: float, x1: float) -> float | None:
    """The highest value the lines reach between pixels ``x0`` and ``x1`` (a segment that
    reaches in counts with its higher end); None if none does."""
    highest = None
    for line in lines:
        pixels = [frame.x(x) for x in line.xs]
        spans = list(pairwise(range(len(pixels)))) or [(0, 0)] * len(pixels)
        for i, j in spans:
            if min(pixels[i], pixels[j]) <= x1 and max(pixels[i], pixels[j]) >= x0:
                value = max(line.ys[i], line.ys[j])
                highest = value if highest is None else max(highest, value)
    return highest


def _legend_corner(frame: _Frame, drawn, where: str, width: float, height: float, size: float):
    left, top, right, bottom = frame.box
    inset = 0.5 * size
    corners = {
        "upper right": (right - inset - width, top + inset),
        "upper left": (left + inset, top + inset),
        "lower right": (right - inset - width, bottom - inset - height),
        "lower left": (left + inset, bottom - inset - height),
    }
    if where != "best":
        return corners[where]

    def covered(corner) -> int:
        x0, y0 = corner
        return sum(
            _crosses((a, b), (x0, y0, x0 + width, y0 + height))
            for _, points in drawn
            for a, b in pairwise(points)
        )

    return min(corners.values(), key=covered)  # the first of the least covered, as matplotlib


def _crosses(segment, box) -> bool:
    """Whether the segment's bounding box meets the box (exact for level and upright runs)."""
    (ax, ay), (bx, by) = segment
    x0, y0, x1, y1 = box
    return min(ax, bx) <= x1 and max(ax, bx) >= x0 and min(ay, by) <= y1 and max(ay, by) >= y0


# ------------------------------------------------------------------- markup
def _polyline(line: Line, points: Sequence[tuple[float, float]]) -> str:
    width = line.width * PX
    dashes = " ".join(_n(d * width) for d in DASHES[line.dash])
    dashed = f' stroke-dasharray="{dashes}"' if dashes else ""
    coordinates = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    return (
        f'<polyline points="{coordinates}" fill="none" stroke="{line.color}" '
        f'stroke-width="{_n(width)}" stroke-linejoin="round"{dashed}/>'
    )


def _path(d: str, colour: str, width: float, opacity: float = 1.0) -> str:
    faded = f' stroke-opacity="{opacity}"' if opacity < 1 else ""
    return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(width)}"{faded}/>'


def _text(x: float, y: float, text: str, size: float, *, anchor: str = "start", turn="") -> str:
    """``text`` at ``size`` points, its baseline at ``y``; ``turn``: the point it turns on."""
    turned = f' transform="rotate(-90 {turn})"' if turn else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size * PX)}" text-anchor="{anchor}"'
        f"{turned}>{escape(text, quote=False)}</text>"
    )


def _n(value: float) -> str:
    """A coordinate to a hundredth of a pixel, without trailing zeros.

    >>> _n(3.0), _n(2.456), _n(-0.001)
    ('3', '2.46', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


__all__ = ["DASHES", "PX", "Line", "bar_chart", "line_chart"]
