"""What a sketch's texts and legends look like and take up, worked out once per process.

A sketched text is laid out by matplotlib's own ``Text`` (its lines, where each starts,
its box), once for each string and style; a legend is drawn by matplotlib's own
``Legend`` once for its arguments, on a page of its own, and its coordinates are moved
to each place it stands. :mod:`search_viz.film.sketch_svg` writes
them, :class:`~search_viz.film.sketch.Sketch` lays the picture out with their extents.

>>> layout = text_layout("g = 3", size=10.0, weight="bold", style="normal", ha="center",
...                      va="center", linespacing=None, parse_math=True, box=None)
>>> layout.lines, round(layout.extent[2], 1)
((('g = 3', False),), 29.5)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import FancyBboxPatch
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.transforms import Bbox, BboxTransformTo, IdentityTransform

from search_viz.film.svg_writer import POINTS, SVG_RC, _number, _Renderer

if TYPE_CHECKING:
    from search_viz.film.sketch import Sketch, _Drawn

#: A figure's default text size, as matplotlib reads it.
_RC = mpl.rcParams

#: ``transform=ax.transAxes`` for a sketched text: (x, y) are fractions of the axes' box.
AXES_FRACTION = "axes"


def make_legend(fig: Figure, arguments: dict, anchor: tuple[float, float]):
    """``fig.legend`` of a sketch's legend: the handle of each of its entries, its ``loc``
    corner (lower centre unless told) at ``anchor``, in figure fractions."""
    kwargs = dict(arguments)
    entries, handle = kwargs.pop("entries"), kwargs.pop("handle")
    kwargs.setdefault("loc", "lower center")
    return fig.legend(handles=[handle(entry) for entry in entries], bbox_to_anchor=anchor, **kwargs)


# ------------------------------------------------------------------- texts
@dataclass(frozen=True)
class _Layout:
    """Where matplotlib puts a text's lines and box around its anchor, in points."""

    font: FontProperties
    lines: tuple[tuple[str, bool | str], ...]  # each line as drawn, and whether it is math
    offsets: tuple[tuple[float, float], ...]  # each line's start, from the anchor (y up)
    extent: tuple[float, float, float, float]  # x0, y0, width, height from the anchor
    textbox: tuple[float, float, float, float]  # the box a bbox patch is drawn around
    box: FancyBboxPatch | None = None  # the bbox patch (its looks), if the text has one
    box_path: Path | None = None  # its outline, the text's anchor at the origin


def _font_size(kwargs: dict) -> float:
    return float(kwargs.get("fontsize", _RC["font.size"]))


def layout_key(kwargs: dict) -> dict:
    return {
        "size": _font_size(kwargs),
        "weight": kwargs.get("fontweight", "normal"),
        "style": kwargs.get("style", kwargs.get("fontstyle", "normal")),
        "ha": kwargs.get("ha", "left"),
        "va": kwargs.get("va", "baseline"),
        "linespacing": kwargs.get("linespacing"),
        "parse_math": kwargs.get("parse_math", True),
        "box": tuple(sorted(kwargs["bbox"].items())) if kwargs.get("bbox") else None,
    }


@lru_cache(maxsize=4096)
def text_layout(
    s: str, *, size: float, weight, style: str, ha: str, va: str, linespacing, parse_math, box
) -> _Layout:
    """matplotlib's own layout of a text at the origin, measured once per process.

    ``box``: the text's ``bbox`` keywords, as sorted (key, value) pairs, or None.
    """
    text = Text(0, 0, s, fontsize=size, fontweight=weight, fontstyle=style, ha=ha, va=va,
                linespacing=linespacing, parse_math=parse_math,
                transform=IdentityTransform())  # fmt: skip
    text.set_figure(_LAYOUT_FIGURE)
    if box:
        text.set_bbox(dict(box))
    # the layout's box is the text's window extent: it stands at (0, 0), untransformed
    extent, info, ((x_box, y_box), (w_box, h_box)) = text._get_layout(_LAYOUT_RENDERER)
    patch = path = None
    if box:
        text.update_bbox_position_size(_LAYOUT_RENDERER)
        patch = text.get_bbox_patch()
        extent = Bbox.union([extent, patch.get_window_extent(_LAYOUT_RENDERER)])
        path = patch.get_path()
    return _Layout(
        font=text.get_fontproperties(),
        lines=tuple(text._preprocess_math(line) for line, _, _ in info),
        offsets=tuple((float(x), float(y)) for _, _, (x, y) in info),
        extent=tuple(float(v) for v in extent.bounds),
        textbox=(float(x_box), float(y_box), float(w_box), float(h_box)),
        box=patch,
        box_path=path,
    )


_LAYOUT_FIGURE = Figure(dpi=POINTS)
_LAYOUT_RENDERER = _Renderer(100.0, 100.0, {}, POINTS)


def anchor_of(sketch: Sketch, drawn: _Drawn) -> tuple[float, float]:
    """A text's anchor in display points (from the bottom left)."""
    x, y, _ = drawn.args
    if drawn.owner is None:
        width, height = sketch.size_points
        return x * width, y * height
    if drawn.kwargs.get("transform") == AXES_FRACTION:
        px, py = BboxTransformTo(drawn.owner.bbox()).transform((x, y))
        return float(px), float(py)
    px, py = drawn.owner.data_transform().transform((x, y))
    if "offset" in drawn.kwargs:  # an annotation: so many points from its data point
        dx, dy = drawn.kwargs["offset"]
        return float(px) + dx, float(py) + dy
    return float(px), float(py)


def text_extent(sketch: Sketch, drawn: _Drawn) -> Bbox:
    layout = text_layout(drawn.args[2], **layout_key(drawn.kwargs))
    px, py = anchor_of(sketch, drawn)
    x0, y0, w, h = layout.extent
    return Bbox.from_bounds(px + x0, py + y0, w, h)


# ------------------------------------------------------------------- legends
@dataclass(frozen=True)
class _Legend:
    """A legend as written: its markup, the glyphs it uses (the page defines them once), its
    hatch patterns and its extent."""

    markup: str
    glyphs: tuple[str, ...]
    extent: Bbox  # in display points (y up)
    patterns: str = ""  # its hatches' <defs>
    movable: tuple = ()  # its markup cut around its page coordinates (see _movable)


class _GlyphsUsed(dict):
    """The glyphs a legend's texts use, all taken as defined: the page defines each once."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def __contains__(self, name) -> bool:
        if name not in self.names:
            self.names.append(name)
        return True


def legend_of(sketch: Sketch, drawn: _Drawn) -> _Legend:
    """The legend ``drawn`` written where it stands in ``sketch``: its drawing apart (see
    :func:`_legend_apart`) with every coordinate moved there, as matplotlib would have
    written it in place. Its hatch patterns get ids of their own: the page may tile the
    same pattern for its own artists.
    """
    kwargs = dict(drawn.kwargs)
    anchor = kwargs.pop("anchor")
    apart = _legend_apart(kwargs)
    dx, dy = _shift(sketch, anchor)
    down = sketch.size_points[1] - _PAGE[1] - dy  # SVG's y runs down from the top
    markup, patterns = _moved(apart.movable, dx, down), apart.patterns
    for oid in re.findall(r'<pattern id="(\w+)"', patterns):
        markup = markup.replace(f"url(#{oid})", f"url(#{oid}-legend)")
        patterns = patterns.replace(f'id="{oid}"', f'id="{oid}-legend"')
    return _Legend(patterns + markup, apart.glyphs, apart.extent.translated(dx, dy))


#: Where a legend's markup holds page coordinates: a marker's place, a text's
#: translation, a path's points (a marker's own outline, in ``<defs>``, has an id first).
_COORDINATES = re.compile(
    r'(<use xlink:href="#[^"]*" x=")([^"]*)(" y=")([^"]*)"'
    r'|(<g (?:style="[^"]*" )?transform="translate\()([^ ]*) ([^ )]*)'
    r'|<path d="([^"]*)"'
)
_NUMBER = re.compile(r"(-?\d+(?:\.\d*)?(?:e-?\d+)?)")


def _movable(markup: str) -> tuple[tuple[str, ...], tuple[tuple[float, int], ...]]:
    """``markup`` cut around its page coordinates: the texts between them, and each
    coordinate's value and axis (0 for x, 1 for y).

    >>> texts, slots = _movable('<g><use xlink:href="#m" x="3" y="4.5"/><path d="M 1 2 L 3 4"/>')
    >>> texts
    ('<g><use xlink:href="#m" x="', '" y="', '"/><path d="M ', ' ', ' L ', ' ', '"/>')
    >>> slots
    ((3.0, 0), (4.5, 1), (1.0, 0), (2.0, 1), (3.0, 0), (4.0, 1))
    """
    texts, slots, done = [], [], 0
    for match in _COORDINATES.finditer(markup):
        if match.group(8) is None:  # a marker's place or a text's translation
            first, second = (2, 4) if match.group(1) else (6, 7)
            pieces = [(match.start(first), match.end(first), 0),
                      (match.start(second), match.end(second), 1)]  # fmt: skip
        else:
            start = match.start(8)
            numbers = list(_NUMBER.finditer(match.group(8)))
            pieces = [(start + n.start(), start + n.end(), i % 2) for i, n in enumerate(numbers)]
        for begin, stop, axis in pieces:
            texts.append(markup[done:begin])
            slots.append((float(markup[begin:stop]), axis))
            done = stop
    texts.append(markup[done:])
    return tuple(texts), tuple(slots)


def _moved(movable: tuple, dx: float, dy: float) -> str:
    """The markup :func:`_movable` cut, each coordinate moved by (``dx``, ``dy``).

    >>> _moved(_movable('<path d="M 1 2 L 3 4"/>'), 10, -1)
    '<path d="M 11 1 L 13 3"/>'
    """
    texts, slots = movable
    shift = (dx, dy)
    parts = [texts[0]]
    for (value, axis), text in zip(slots, texts[1:], strict=True):
        parts += (_number(value + shift[axis]), text)
    return "".join(parts)


def legend_extent(sketch: Sketch, drawn: _Drawn) -> Bbox:
    """Where the legend ``drawn`` falls in ``sketch`` (display points)."""
    kwargs = dict(drawn.kwargs)
    anchor = kwargs.pop("anchor")
    return _legend_apart(kwargs).extent.translated(*_shift(sketch, anchor))


def legend_width(labels: Sequence[str], **options) -> float:
    """The width in points of a legend of ``labels`` with ``options`` (``ncols``,
    ``fontsize``, ``handlelength``, ``handletextpad``, ``columnspacing``, ``borderpad``;
    matplotlib's defaults otherwise), worked out as matplotlib packs a legend, without
    making or drawing it: each entry a handle box and its label, the entries split into
    columns (the first ones one longer), the columns side by side. For a legend of one
    handle per entry and no title.

    >>> round(legend_width(["a", "bb"], ncols=2, fontsize=10.0), 3)
    102.825
    """
    size = FontProperties(size=options.get("fontsize", _RC["legend.fontsize"])).get_size_in_points()

    def points(name: str) -> float:
        return float(options.get(name, _RC[f"legend.{name}"])) * size

    label_widths = [
        text_layout(label, size=size, weight="normal", style="normal", ha="left",
                    va="baseline", linespacing=None, parse_math=True, box=None).extent[2]
        for label in labels
    ]  # fmt: skip
    columns = [c for c in np.array_split(np.array(label_widths), options.get("ncols", 1)) if len(c)]
    entry = points("handlelength") + points("handletextpad")
    packed = sum(entry + float(c.max()) for c in columns)
    return packed + points("columnspacing") * (len(columns) - 1) + 2 * points("borderpad")


#: The page a legend is drawn on apart, its anchor at the centre (points): room enough
#: for any legend around its anchor.
_PAGE = (1440.0, 1440.0)


def _shift(sketch: Sketch, anchor: tuple[float, float]) -> tuple[float, float]:
    """How far (display points) a legend anchored at ``anchor`` in ``sketch`` stands from
    its drawing apart: a legend's layout around its anchor does not depend on the page."""
    width, height = sketch.size_points
    return anchor[0] * width - _PAGE[0] / 2, anchor[1] * height - _PAGE[1] / 2


def _legend_apart(arguments: dict) -> _Legend:
    """The legend drawn by matplotlib on a page of its own (:data:`_PAGE`), anchored at its
    centre, once per process: the very markup a figure's own drawing writes, to be moved.

    Legends are told apart by their arguments' text: the entries, the function that makes
    each entry's handle and the legend's options (values, or objects that live as long as
    the process, such as a module's handler map).
    """
    key = repr(sorted(arguments.items()))
    if key not in _LEGENDS:
        if len(_LEGENDS) >= 256:
            _LEGENDS.clear()
        _LEGENDS[key] = _draw_legend(arguments, _PAGE, (0.5, 0.5))
    return _LEGENDS[key]


_LEGENDS: dict[str, _Legend] = {}


def _draw_legend(arguments: dict, size: tuple[float, float], anchor: tuple) -> _Legend:
    width, height = size
    fig = Figure(figsize=(width / POINTS, height / POINTS))
    legend = make_legend(fig, arguments, anchor)
    with mpl.rc_context(SVG_RC):
        fig.dpi = POINTS
        renderer = _Renderer(width, height, {}, POINTS)
        renderer._glyph_map = used = _GlyphsUsed()
        renderer.writer.raw("")  # the root's start tag closed: what follows is the legend's
        start = len(renderer.writer.parts)
        legend.draw(renderer)
        end = len(renderer.writer.parts)
        renderer._write_hatches()
        extent = legend.get_window_extent(renderer)
    if renderer._clipd:
        raise ValueError("a sketch cannot write a legend with clipped artists")
    parts = renderer.writer.parts
    markup, patterns = "".join(parts[start:end]), "".join(parts[end:])
    return _Legend(markup, tuple(used.names), extent, patterns, _movable(markup))


__all__ = [
    "AXES_FRACTION",
    "anchor_of",
    "layout_key",
    "legend_extent",
    "legend_of",
    "legend_width",
    "make_legend",
    "text_extent",
    "text_layout",
]
