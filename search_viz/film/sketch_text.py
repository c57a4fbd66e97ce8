"""What a sketch's texts and legends look like and take up, worked out once per process.

A sketched text is laid out as matplotlib's own ``Text`` lays it out (its lines, where
each starts, its box), once for each string and style: a single line of plain text by
the same sums, without making a ``Text``, any other by a ``Text``. A legend is drawn by
matplotlib's own ``Legend`` once for its arguments, on a page of its own, and its
coordinates are moved to each place it stands. :mod:`search_viz.film.sketch_svg` writes
them, :class:`~search_viz.film.sketch.Sketch` lays the picture out with their extents.

>>> layout = text_layout("g = 3", size=10.0, weight="bold", style="normal", ha="center",
...                      va="center", linespacing=None, parse_math=True, box=None)
>>> layout.lines, round(layout.extent[2], 1)
((('g = 3', False),), 29.5)
"""

from __future__ import annotations

import copy
import pathlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from numbers import Real
from typing import TYPE_CHECKING

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.offsetbox import OffsetBox, TextArea
from matplotlib.patches import FancyBboxPatch
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.transforms import Affine2D, Bbox, BboxTransformTo, IdentityTransform

from search_viz.film import legend_pack
from search_viz.film.svg_writer import (
    _OUTLINES,
    POINTS,
    SVG_RC,
    _number,
    _Renderer,
    svg_rc,
)

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
    lines_extent: tuple[float, float, float, float]  # x0, y0, x1, y1 of its lines, from the anchor
    textbox: tuple[float, float, float, float]  # the box a bbox patch is drawn around
    box: FancyBboxPatch | None = None  # the bbox patch (its looks), if the text has one
    box_path: Path | None = None  # its outline, the text's anchor at the origin
    angle: float = 0.0  # the text turned, in degrees anticlockwise
    #: how to find the extent of the box's outline, if the text has one (its curves included)
    box_extent: Callable[[], Bbox] | None = field(default=None, compare=False)

    @cached_property
    def extent(self) -> tuple[float, float, float, float]:
        """x0, y0, width and height from the anchor, the box included, as ``Text`` measures
        its window extent. Worked out when first asked for: the extent of a rounded box's
        curves takes longer than the rest of the layout, and most pictures never ask."""
        x0, y0, x1, y1 = self.lines_extent
        if self.box_extent is not None:
            drawn = self.box_extent()
            x0, y0 = min(x0, drawn.xmin), min(y0, drawn.ymin)
            x1, y1 = max(x1, drawn.xmax), max(y1, drawn.ymax)
        x0, y0, x1, y1 = (float(v) for v in (x0, y0, x1, y1))
        return (x0, y0, x1 - x0, y1 - y0)


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
        "rotation": float(kwargs.get("rotation", 0.0)),
        "rotation_mode": kwargs.get("rotation_mode", "default"),
    }


@lru_cache(maxsize=4096)
def text_layout(
    s: str, *, size: float, weight, style: str, ha: str, va: str, linespacing, parse_math, box,
    rotation: float = 0.0, rotation_mode: str = "default",
) -> _Layout:  # fmt: skip
    """matplotlib's own layout of a text at the origin, measured once per process.

    ``box``: the text's ``bbox`` keywords, as sorted (key, value) pairs, or None. Plain
    text, one line or several, is laid out by :func:`_plain_layout`, the sums ``Text`` does
    for it, without making a ``Text``; any other text (a turned one too: ``rotation`` degrees,
    ``rotation_mode`` as ``Text`` takes it) by matplotlib's ``Text`` itself
    (:func:`_matplotlib_layout`).

    >>> options = dict(size=10.0, weight="normal", style="normal", ha="left", va="baseline",
    ...                linespacing=None, parse_math=True, box=None)
    >>> text_layout("h = 7", **options) == _matplotlib_layout("h = 7", **options)
    True
    """
    options = {"size": size, "weight": weight, "style": style, "ha": ha, "va": va,
               "linespacing": linespacing, "parse_math": parse_math, "box": box}  # fmt: skip
    if rotation:
        return _matplotlib_layout(s, **options, rotation=rotation, rotation_mode=rotation_mode)
    if _is_plain(s, ha, va, linespacing):
        layout = _plain_layout(s, **options)
        if layout is not None:
            return layout
    return _matplotlib_layout(s, **options)


def _new_text(
    s: str, *, size: float, weight, style: str, ha: str, va: str, linespacing, parse_math, box,
    rotation: float = 0.0, rotation_mode: str = "default",
) -> Text:  # fmt: skip
    """The ``Text`` a sketch's text is, standing at the origin, untransformed, with its box."""
    text = Text(0, 0, s, fontsize=size, fontweight=weight, fontstyle=style, ha=ha, va=va,
                linespacing=linespacing, parse_math=parse_math, rotation=rotation,
                rotation_mode=rotation_mode, transform=IdentityTransform())  # fmt: skip
    text.set_figure(_LAYOUT_FIGURE)
    if box:
        text.set_bbox(dict(box))
    return text


def _matplotlib_layout(s: str, **options) -> _Layout:
    """The layout of ``s`` as matplotlib's ``Text._get_layout`` works it out: any text."""
    text = _new_text(s, **options)
    # the layout's box is the text's window extent: it stands at (0, 0), untransformed
    extent, info, ((x_box, y_box), (w_box, h_box)) = text._get_layout(_LAYOUT_RENDERER)
    patch = path = box_extent = None
    if options["box"]:
        text.update_bbox_position_size(_LAYOUT_RENDERER)
        patch = text.get_bbox_patch()
        path = patch.get_path()
        box_extent = partial(path.get_extents, patch.get_transform())  # its window extent
    return _Layout(
        font=text.get_fontproperties(),
        lines=tuple(text._preprocess_math(line) for line, _, _ in info),
        offsets=tuple((float(x), float(y)) for _, _, (x, y) in info),
        lines_extent=tuple(float(v) for v in extent.get_points().ravel()),
        textbox=(float(x_box), float(y_box), float(w_box), float(h_box)),
        box=patch,
        box_path=path,
        angle=float(text.get_rotation()),
        box_extent=box_extent,
    )


_LAYOUT_FIGURE = Figure(dpi=POINTS)
_LAYOUT_RENDERER = _Renderer(100.0, 100.0, {}, POINTS)

#: The alignments :func:`_plain_layout` works out (the ones ``Text`` knows, unrotated).
_HORIZONTAL = frozenset(("left", "center", "right"))
_VERTICAL = frozenset(("bottom", "top", "center", "baseline", "center_baseline"))


def _is_plain(s: str, ha: str, va: str, linespacing) -> bool:
    """Whether ``Text`` would lay ``s`` out as plain text, one line or several: no dollar sign
    (math, or an escaped dollar), no TeX, alignments it knows, and a line spacing that is a
    number or None (its 'normal').

    >>> _is_plain("f = 12", "center", "top", None), _is_plain("a\\nb", "left", "top", 1)
    (True, True)
    >>> _is_plain("$x$", "left", "top", 1.2), _is_plain("a", "justify", "top", None)
    (False, False)
    """
    return (
        "$" not in s
        and ha in _HORIZONTAL
        and va in _VERTICAL
        and (linespacing is None or isinstance(linespacing, Real))
        and not _RC["text.usetex"]
    )


@lru_cache(maxsize=256)
def _text_font(size: float, weight, style: str) -> FontProperties:
    """The font properties a ``Text`` of this size, weight and style has, made once (as
    ``Text`` makes them: matplotlib's defaults, then these three).

    >>> font = _text_font(10.0, "bold", "normal")
    >>> vars(font) == vars(_styled_text(10.0, "bold", "normal", None).get_fontproperties())
    True
    """
    return FontProperties(size=size, weight=weight, style=style)


@lru_cache(maxsize=256)
def _styled_text(size: float, weight, style: str, box) -> Text:
    """An empty ``Text`` of this font and box, made once: its box patch is the one every
    boxed text of the style would make anew."""
    return _new_text("", size=size, weight=weight, style=style, ha="left", va="baseline",
                     linespacing=None, parse_math=False, box=box)  # fmt: skip


def _plain_layout(
    s: str, *, size: float, weight, style: str, ha: str, va: str, linespacing, parse_math, box
) -> _Layout | None:
    """The layout of plain text ``s``, one line or several: the very sums ``Text._get_layout``
    does for an unrotated text, written out; None if the font has no height tables (then
    ``Text`` measures a sample text instead).

    >>> layout = _plain_layout("g = 3", size=10.0, weight="bold", style="normal", ha="center",
    ...                        va="center", linespacing=1.2, parse_math=True, box=None)
    >>> [round(v, 2) for v in layout.extent]
    [-14.73, -6.0, 29.46, 12.0]
    >>> options = dict(size=10.0, weight="normal", style="normal", ha="center", va="top",
    ...                linespacing=1.15, parse_math=True, box=None)
    >>> two = _plain_layout("α = 5\\nβ = 3", **options)
    >>> [round(y, 2) for _, y in two.offsets], two == _matplotlib_layout("α = 5\\nβ = 3", **options)
    ([-9.32, -20.04], True)
    """
    font = _text_font(size, weight, style)
    least_ascent, least_descent, line_gap = _LAYOUT_RENDERER._get_font_height_metrics(font)
    if least_ascent is None or least_descent is None:
        return None
    lines = s.split("\n")
    if len(lines) == 1:
        line_gap = 0  # Text adds the font's line gap between lines only
    rows, y = [], 0.0  # each line's width and baseline, from the top of the box
    for line in lines:
        width, height, descent = (
            _LAYOUT_RENDERER.get_text_width_height_descent(line, font, False) if line else (0, 0, 0)
        )
        ascent = height - descent
        if linespacing is None:  # 'normal': at least the font's ascent and descent
            ascent = max(ascent, least_ascent) + line_gap / 2
            descent = max(descent, least_descent) + line_gap / 2
        else:  # the font's line height, shared evenly above and below
            leading = linespacing * (least_ascent + least_descent) - (ascent + descent)
            ascent += leading / 2
            descent += leading / 2
        last_baseline = ascent - y  # Text's "baseline": the last line's, from the top
        y -= ascent
        rows.append((width, y))
        y -= descent
    widest = max(width for width, _ in rows)
    bottom = rows[-1][1] - descent  # the last line's baseline, less its descent
    # each line's start in the box, by its alignment (Text's multialignment is ha)
    starts = [0.0 if ha == "left" else widest - w if ha == "right" else widest / 2 - w / 2
              for w, _ in rows]  # fmt: skip
    # the unrotated box's corners are (0, bottom) and (widest, 0); Text takes the least
    # and greatest of its four corners, in this order
    x0, x1 = min(0, 0, widest, widest), max(0, 0, widest, widest)
    y0, y1 = min(bottom, 0, 0, bottom), max(bottom, 0, 0, bottom)
    across, up = x1 - x0, y1 - y0
    dx = x0 if ha == "left" else x1 if ha == "right" else (x0 + x1) / 2
    dy = {
        "bottom": y0,
        "top": y1,
        "center": (y0 + y1) / 2,
        "baseline": y0 + descent,
        "center_baseline": y0 + up - last_baseline / 2,
    }[va]
    corners = [x0 - dx, y0 - dy]
    corners += [corners[0] + across, corners[1] + up]  # as Bbox.from_bounds adds them
    textbox = (float(0 - dx), float(bottom - dy), float(widest - 0), float(0 - bottom))
    patch = path = box_extent = None
    if box:
        patch, path = _box_around(size, weight, style, box, textbox)
        box_extent = partial(_box_extent, size, weight, style, box, textbox)
    return _Layout(
        font=font,
        lines=tuple((line, False) for line in lines),
        offsets=tuple(
            (float(x - dx), float(y - dy)) for x, (_, y) in zip(starts, rows, strict=True)
        ),
        lines_extent=tuple(float(v) for v in corners),
        textbox=textbox,
        box=patch,
        box_path=path,
        box_extent=box_extent,
    )


@lru_cache(maxsize=1024)
def _box_around(
    size: float, weight, style: str, box, textbox: tuple
) -> tuple[FancyBboxPatch, Path]:
    """The box patch of a text of this style put around ``textbox`` (x, y, width, height),
    as ``Text.update_bbox_position_size`` puts it, and its outline.

    Once per style and textbox: texts of one size (the digits all have one width) share it.
    """
    styled = _styled_text(size, weight, style, box)
    x_box, y_box, w_box, h_box = textbox
    patch = copy.copy(styled.get_bbox_patch())
    patch.set_bounds(0.0, 0.0, w_box, h_box)
    # turned by the text's angle (none), then moved from the text's anchor (the origin)
    patch.set_transform(Affine2D().rotate_deg(0.0).translate(0.0 + x_box, 0.0 + y_box))
    patch.set_mutation_scale(_LAYOUT_RENDERER.points_to_pixels(styled.get_size()))
    return patch, patch.get_path()


@lru_cache(maxsize=1024)
def _box_extent(size: float, weight, style: str, box, textbox: tuple) -> Bbox:
    """The extent of :func:`_box_around`'s box, its outline's curves included: once per
    style and textbox, as the box."""
    patch, path = _box_around(size, weight, style, box, textbox)
    return path.get_extents(patch.get_transform())


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
    for oid in _PATTERN_IDS.findall(patterns):
        markup = markup.replace(f"url(#{oid})", f"url(#{oid}-legend)")
        patterns = patterns.replace(f'id="{oid}"', f'id="{oid}-legend"')
    return _Legend(patterns + markup, apart.glyphs, apart.extent.translated(dx, dy))


#: The ids of a legend's hatch patterns (compiled with the module: not in a first film).
_PATTERN_IDS = re.compile(r'<pattern id="(\w+)"')

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
    return _slots(*_cut(markup))


def _slots(
    texts: tuple[str, ...], numbers
) -> tuple[tuple[str, ...], tuple[tuple[float, int], ...]]:
    """The movable form (see :func:`_movable`) of markup :func:`_cut` cut: each coordinate
    written as a number.

    >>> _slots(("<path d='M ", " ", "'/>"), (("1", 0), ("2.5", 1)))[1]
    ((1.0, 0), (2.5, 1))
    """
    return tuple(texts), tuple((float(number), axis) for number, axis in numbers)


def _cut(markup: str) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """``markup`` cut around its page coordinates (see :func:`_movable`), each coordinate
    as written: joined again in turn, the pieces are ``markup``.

    >>> _cut('<path d="M 1 2.5"/>')
    (('<path d="M ', ' ', '"/>'), (('1', 0), ('2.5', 1)))
    """
    texts, numbers, done = [], [], 0
    for match in _COORDINATES.finditer(markup):
        if match.group(8) is None:  # a marker's place or a text's translation
            first, second = (2, 4) if match.group(1) else (6, 7)
            pieces = [(match.start(first), match.end(first), 0),
                      (match.start(second), match.end(second), 1)]  # fmt: skip
        else:
            start = match.start(8)
            found = list(_NUMBER.finditer(match.group(8)))
            pieces = [(start + n.start(), start + n.end(), i % 2) for i, n in enumerate(found)]
        for begin, stop, axis in pieces:
            texts.append(markup[done:begin])
            numbers.append((markup[begin:stop], axis))
            done = stop
    texts.append(markup[done:])
    return tuple(texts), tuple(numbers)


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
    legend_pack.noted(arguments)
    if key not in _LEGENDS:
        if len(_LEGENDS) >= 256:
            _LEGENDS.clear()
        legend = _packed_legend(arguments)
        _LEGENDS[key] = legend or _draw_legend(arguments, _PAGE, (0.5, 0.5))
    return _LEGENDS[key]


_LEGENDS: dict[str, _Legend] = {}


def _packed_legend(arguments: dict) -> _Legend | None:
    """The legend of ``arguments`` as the legend pack keeps it (see
    :mod:`search_viz.film.legend_pack`), its glyphs' outlines known from then on; None if
    the pack does not hold it."""
    kept = legend_pack.read(arguments, SVG_RC)
    if kept is None:
        return None
    for name, (vertices, codes) in kept["outlines"].items():
        if name not in _OUTLINES:
            # kept in FreeType's 26.6 units, whole numbers: exact as floats / 64
            _OUTLINES[name] = (
                np.array(vertices, dtype=float).reshape(-1, 2) / 64,
                np.array(codes, dtype=np.uint8),
            )
    texts, numbers = kept["cut"]  # the markup cut when packed (see _cut): no regex to run
    parts = [texts[0]]
    for (number, _), text in zip(numbers, texts[1:], strict=True):
        parts += (number, text)
    extent = Bbox.from_extents(*kept["extent"])
    movable = _slots(texts, numbers)
    return _Legend("".join(parts), tuple(kept["glyphs"]), extent, kept["patterns"], movable)


def pack_legend(arguments: dict) -> pathlib.Path:
    """Draw the legend of ``arguments`` apart, as :func:`legend_of` moves it, and keep it
    in the legend pack; the file it is kept in.

    >>> from search_viz.film import legend_pack
    >>> legend_pack.pack_file({"handle": lambda entry: entry}, SVG_RC) is None  # not packable
    True
    """
    legend = _draw_legend(arguments, _PAGE, (0.5, 0.5))
    outlines = {}
    for name in legend.glyphs:
        vertices, codes = _OUTLINES[name]
        units = vertices.ravel() * 64
        if not np.array_equal(units, np.round(units)):
            raise ValueError(f"glyph {name}'s outline is not in whole 26.6 units")
        outlines[name] = [units.astype(int).tolist(), codes.tolist()]
    drawn = {"cut": _cut(legend.markup), "patterns": legend.patterns,
             "glyphs": list(legend.glyphs), "extent": list(legend.extent.extents),
             "outlines": outlines}  # fmt: skip
    return legend_pack.write(arguments, SVG_RC, drawn)


def _draw_legend(arguments: dict, size: tuple[float, float], anchor: tuple) -> _Legend:
    width, height = size
    fig = Figure(figsize=(width / POINTS, height / POINTS))
    legend = make_legend(fig, arguments, anchor)
    _laid_out_once(legend)
    with svg_rc():
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


def _laid_out_once(legend) -> None:
    """Each of ``legend``'s boxes and labels laid out once per renderer, not each time it is
    asked: drawing a legend asks every box for its size again and again (a label of a
    10-entry legend is laid out seven times). Nothing of a legend drawn apart changes while
    it is drawn, so the first answer is matplotlib's every time.

    >>> from matplotlib.lines import Line2D
    >>> from search_viz.film.svg_writer import measuring_renderer
    >>> fig = Figure(); legend = fig.legend(handles=[Line2D([], [], label="a")])
    >>> _laid_out_once(legend)
    >>> renderer = measuring_renderer(fig)
    >>> box = legend._legend_box
    >>> box.get_bbox(renderer) is box.get_bbox(renderer)
    True
    """
    boxes = [legend._legend_box]
    while boxes:
        box = boxes.pop()
        for name in ("get_bbox", "_get_bbox_and_child_offsets"):
            setattr(box, name, _once(getattr(box, name)))
        if isinstance(box, TextArea):
            box._text._get_layout = _once(box._text._get_layout)
        boxes += [child for child in box.get_children() if isinstance(child, OffsetBox)]


def _once(method: Callable):
    """``method(renderer)``, worked out once for each renderer."""
    answers = {}

    def answer(renderer):
        if renderer not in answers:
            answers[renderer] = method(renderer)
        return answers[renderer]

    return answer


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
