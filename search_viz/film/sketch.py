"""A scene sketched: written as SVG straight away, drawn with matplotlib only for exports.

A :class:`~search_viz.film.scene.Scene` is a matplotlib figure: making its artists
and letting each one draw itself costs most of a short film's build. A
:class:`Sketch` takes the same calls (``axes.scatter``, ``axes.text``, a legend, ...)
and the same tags, but only records them. Then:

* :meth:`Sketch.svg` writes the film's SVG by asking matplotlib's SVG renderer (the
  fast one of :mod:`search_viz.film.svg_writer`) for what each artist's ``draw``
  would ask of it: the same paths, styles, glyph outlines and clip rectangles,
  without an artist, an Axes or a layout pass;
* :meth:`Sketch.scene` replays the calls on a real figure: the matplotlib scene
  that exports (PNG, SVG, GIF, ``film.figure(k)``) draw and apply steps to.

One drawing: ``tests/test_sketch.py`` holds each sketched lesson's SVG to be the
SVG of its replayed figure, element for element, and the pictures Chromium paints
of them to be the same.

>>> sketch = Sketch(2, 1)
>>> ax = sketch.axes((0, 0, 1, 1), xlim=(0, 1), ylim=(0, 1))
>>> dots = sketch.tag_each(ax.scatter([0.2, 0.8], [0.5, 0.5], s=64), ["A", "B"], shown=True)
>>> label = sketch.tag(ax.text(0.5, 0.5, "A", ha="center", va="center"), "label")
>>> dots, label, sketch.base
([0, 1], 2, [0, 1])
>>> [f'id="sv{n}"' in sketch.svg() for n in range(3)]
[True, True, True]
>>> len(sketch.scene().figure.axes[0].texts)
1
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import Collection, LineCollection
from matplotlib.colors import to_rgba, to_rgba_array
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D, _get_dash_pattern, _scale_dashes
from matplotlib.markers import MarkerStyle
from matplotlib.patches import FancyBboxPatch, Patch
from matplotlib.path import Path
from matplotlib.patheffects import PathEffectRenderer
from matplotlib.text import Text
from matplotlib.transforms import (
    Affine2D,
    Bbox,
    BboxTransformFrom,
    BboxTransformTo,
    IdentityTransform,
    offset_copy,
)

from search_viz.film.items import Items
from search_viz.film.looks import MarkStyle
from search_viz.film.scene import Scene, _CollectionLooks
from search_viz.film.svg_writer import _OUTLINES, POINTS, SVG_RC, _glyph_def, _Renderer

#: A figure's default text size and line widths, as matplotlib reads them.
_RC = mpl.rcParams


@dataclass
class _Drawn:
    """One recorded artist: how matplotlib makes it, and how its ``draw`` writes it."""

    owner: Any  # the SketchAxes it is drawn in, or None for the figure
    kind: str  # "scatter" | "lines" | "text" | "plot" | "legend"
    args: tuple
    kwargs: dict
    zorder: float
    gid: str | None = None
    count: int = 1  # the elements of a collection


@dataclass
class _Tag:
    handle: int
    names: list
    shown: list
    whole: bool


class SketchAxes:
    """The axes of a sketch: a box of the figure with its data limits (axis off).

    Its methods record what ``matplotlib.axes.Axes`` would draw with the same
    arguments, and return a handle to tag.
    """

    #: ``transform=ax.transAxes`` for a text: (x, y) are fractions of the axes' box.
    transAxes = "axes"

    def __init__(self, sketch: Sketch, rect, xlim, ylim) -> None:
        self.sketch = sketch
        self.rect = tuple(float(v) for v in rect)
        self.xlim = tuple(float(v) for v in xlim)
        self.ylim = tuple(float(v) for v in ylim)
        self.aspect = "auto"

    def set_aspect(self, aspect: str) -> None:
        """``"equal"``: one data unit as long across as up, the box shrunk about its centre
        to fit (``Axes.set_aspect`` with the box adjusted), or ``"auto"``."""
        self.aspect = aspect

    @property
    def figure(self) -> Sketch:
        """The sketch the axes belong to (``Axes.figure``)."""
        return self.sketch

    def set_axis_off(self) -> None:
        """Nothing to do: a sketch's axes never draw an axis."""

    def get_xlim(self) -> tuple[float, float]:
        return self.xlim

    def get_ylim(self) -> tuple[float, float]:
        return self.ylim

    def set_xlim(self, low: float, high: float) -> None:
        self.xlim = (float(low), float(high))

    def set_ylim(self, low: float, high: float) -> None:
        self.ylim = (float(low), float(high))

    # ------------------------------------------------------------- positions
    def set_position(self, rect) -> None:
        """Move the axes' box (figure fractions: left, bottom, width, height)."""
        self.rect = tuple(float(v) for v in rect)

    def get_position(self) -> Bbox:
        """The axes' box as drawn (figure fractions), as ``Axes.get_position`` gives it."""
        return self._placed()[2]

    def data_transform(self) -> Affine2D:
        """Data to display points (from the bottom left), as ``Axes.transData`` maps them."""
        return self._placed()[0]

    def bbox(self) -> Bbox:
        """The axes' box in display points."""
        return self._placed()[1]

    def _placed(self) -> tuple[Affine2D, Bbox, Bbox]:
        """The data transform, the box in points and in figure fractions, worked out once
        for where the axes are now (an equal aspect shrinks the box as ``apply_aspect``)."""
        where = (self.rect, self.xlim, self.ylim, self.aspect, self.sketch.size_points)
        if getattr(self, "_where", None) != where:
            position = Bbox.from_bounds(*self.rect)
            if self.aspect == "equal":
                width, height = self.sketch.size_points
                ratio = max(abs(self.ylim[1] - self.ylim[0]), 1e-30) / max(
                    abs(self.xlim[1] - self.xlim[0]), 1e-30
                )
                shrunk = position.frozen().shrunk_to_aspect(ratio, position, height / width)
                position = shrunk.anchored("C", position)
            box = Bbox(position.get_points() * self.sketch.size_points)  # as matplotlib rounds
            view = Bbox([[self.xlim[0], self.ylim[0]], [self.xlim[1], self.ylim[1]]])
            self._where = where
            self._place = ((BboxTransformFrom(view) + BboxTransformTo(box)).frozen(), box, position)
        return self._place

    # --------------------------------------------------------------- drawing
    def scatter(self, x, y, **kwargs) -> int:
        """Markers at (x, y): ``Axes.scatter``'s arguments s, marker, c, edgecolors,
        linewidths, linestyles, hatch, alpha, zorder."""
        return self.sketch._add(self, "scatter", (list(x), list(y)), kwargs, 1, len(x))

    def lines(self, segments, **kwargs) -> int:
        """Line segments, as ``LineCollection(segments, **kwargs)`` added to the axes."""
        segments = [list(map(tuple, s)) for s in segments]
        return self.sketch._add(self, "lines", (segments,), kwargs, 2, len(segments))

    def text(self, x, y, s, **kwargs) -> int:
        """A text at data (x, y): ``Axes.text``'s ha, va, fontsize, fontweight, color,
        linespacing, bbox and zorder."""
        return self.sketch._add(self, "text", (float(x), float(y), str(s)), kwargs, 3)

    def annotate(self, text: str, xy, *, xytext=(0.0, 0.0), textcoords="offset points", **kw):
        """A text ``xytext`` points from the data point ``xy``: ``Axes.annotate`` without an
        arrow (``textcoords`` must be "offset points")."""
        if textcoords != "offset points":
            raise ValueError("a sketch annotates in offset points only")
        kwargs = {**kw, "offset": (float(xytext[0]), float(xytext[1]))}
        return self.sketch._add(self, "text", (float(xy[0]), float(xy[1]), str(text)), kwargs, 3)

    def plot(self, x, y, *, dy: float | None = None, **kwargs) -> list[int]:
        """A line through the points (x, y): ``Axes.plot`` with one line's keywords (a list
        of the one handle, as ``Axes.plot`` gives a list of lines).

        With ``dy``, a plain line (color, lw) drawn ``dy`` points above its data.
        """
        if dy is not None:
            kwargs = {**kwargs, "dy": float(dy)}
            return [self.sketch._add(self, "plot", (list(x), list(y)), kwargs, 2)]
        return [self.add_line(Line2D(x, y, **kwargs))]

    def add_patch(self, patch: Patch) -> int:
        """A patch (a ``Rectangle`` ...) in data coordinates, drawn by itself: ``add_patch``."""
        return self.sketch._add(self, "artist", (patch,), {}, patch.get_zorder())

    def add_line(self, line: Line2D) -> int:
        """A ``Line2D`` in data coordinates, drawn by itself: ``Axes.add_line``."""
        return self.sketch._add(self, "artist", (line,), {}, line.get_zorder())

    def add_collection(self, collection: Collection) -> int:
        """A collection whose paths are in data coordinates (``PolyCollection`` ...), drawn
        by itself: ``Axes.add_collection``."""
        n = len(collection.get_paths())
        return self.sketch._add(self, "collection", (collection,), {}, collection.get_zorder(), n)


class Sketch(Items):
    """A scene recorded, then written as SVG or drawn with matplotlib (see the module).

    It is tagged as a :class:`~search_viz.film.scene.Scene` is, and answers what a
    film's builder asks of a scene: items, names, the base, the size and the SVG.
    """

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self.width, self.height = float(width), float(height)  # inches
        self._axes: list[SketchAxes] = []
        self._drawn: list[_Drawn] = []
        self._added: dict[int, int] = {}  # id of an artist or collection added -> its handle
        self._tags: list[_Tag] = []
        self.mark_styles: dict[str, MarkStyle] = {}

    # ------------------------------------------------------------------ layout
    @property
    def size_points(self) -> tuple[float, float]:
        """The figure's width and height in points, unrounded.

        >>> Sketch(2, 1.5).size_points
        (144.0, 108.0)
        """
        return self.width * POINTS, self.height * POINTS

    @property
    def size(self) -> tuple[float, float]:
        """The picture's width and height in points (SVG user units), as a Scene's."""
        width, height = self.size_points
        return round(width, 2), round(height, 2)

    def _page(self) -> Figure:
        """A blank figure of the sketch's size at 72 dots per inch (as its SVG is drawn),
        for the artists that read their figure's size while drawing."""
        size = (self.width, self.height)
        if getattr(self, "_page_figure", None) is None or self._page_size != size:
            self._page_figure, self._page_size = Figure(figsize=size, dpi=POINTS), size
        return self._page_figure

    @property
    def figure(self) -> Sketch:
        """The sketch itself: it stands for its figure (``scene.figure.text(...)``)."""
        return self

    def measure_legend(self, entries: Sequence, handle: Callable, **kwargs) -> tuple[float, float]:
        """The width and height in points of :meth:`legend` with these arguments (not added)."""
        arguments = {**kwargs, "entries": tuple(entries), "handle": handle}
        extent = _legend_drawn(arguments, _PAGE, (0.5, 0.5)).extent
        return float(extent.width), float(extent.height)

    def get_size_inches(self) -> np.ndarray:
        return np.array([self.width, self.height])

    def get_figwidth(self) -> float:
        return self.width

    def get_figheight(self) -> float:
        return self.height

    def set_size_inches(self, width: float, height: float) -> None:
        """Make the figure ``width`` by ``height`` inches (the axes keep their fractions)."""
        self.width, self.height = float(width), float(height)

    def axes(self, rect, *, xlim, ylim) -> SketchAxes:
        """Axes in ``rect`` (figure fractions) showing ``xlim`` by ``ylim``, axis off."""
        axes = SketchAxes(self, rect, xlim, ylim)
        self._axes.append(axes)
        return axes

    def get_axes(self) -> list[SketchAxes]:
        """The axes made so far, in order (``Figure.get_axes``)."""
        return list(self._axes)

    def text(self, x: float, y: float, s: str, **kwargs) -> int:
        """A text at figure fractions (x, y): ``Figure.text``."""
        return self._add(None, "text", (float(x), float(y), str(s)), kwargs, 3)

    def legend(
        self, entries: Sequence, handle: Callable, *, anchor: tuple[float, float], **kwargs
    ) -> int:
        """``Figure.legend`` of ``handle(entry)`` for each entry, its ``loc`` corner (lower
        centre unless told) at ``anchor``, in figure fractions (see :meth:`set_anchor`).

        The entries (values such as styles or labels, written out by their ``repr``), the
        module-level function ``handle`` (an artist, or a tuple of them for a
        ``handler_map``) and the other arguments say what the legend shows: it is laid out
        and written once per process for them, then placed.
        """
        kwargs = {**kwargs, "entries": tuple(entries), "handle": handle, "anchor": tuple(anchor)}
        return self._add(None, "legend", (), kwargs, 5)

    def set_anchor(self, handle: int, anchor: tuple[float, float]) -> None:
        self._drawn[handle].kwargs["anchor"] = tuple(anchor)

    def anchor(self, handle: int) -> tuple[float, float]:
        """Where the legend ``handle`` is anchored (figure fractions)."""
        return self._drawn[handle].kwargs["anchor"]

    def position(self, handle: int) -> tuple[float, float]:
        """Where the text ``handle`` is anchored (its own coordinates)."""
        x, y, _ = self._drawn[handle].args
        return x, y

    def move_text(self, handle: int, x: float, y: float) -> None:
        """Anchor the text ``handle`` at (x, y) instead."""
        drawn = self._drawn[handle]
        drawn.args = (float(x), float(y), drawn.args[2])

    def texts(self) -> list[int]:
        """The handles of the texts drawn in figure fractions (``Figure.text``)."""
        return [i for i, d in enumerate(self._drawn) if d.kind == "text" and d.owner is None]

    def extents(self) -> list[Bbox]:
        """Where each text (with its box) and the legend fall, in display points."""
        boxes = []
        for drawn in self._drawn:
            if drawn.kind == "text" and drawn.args[2]:
                boxes.append(_text_extent(self, drawn))
            elif drawn.kind == "legend":
                boxes.append(_legend_extent(self, drawn))
        return boxes

    def _add(self, owner, kind: str, args: tuple, kwargs: dict, zorder: float, n: int = 1):
        zorder = kwargs.pop("zorder", zorder)
        self._drawn.append(_Drawn(owner, kind, args, kwargs, float(zorder), count=n))
        if kind in ("artist", "collection"):  # tagged by the object as well as by its handle
            self._added[id(args[0])] = len(self._drawn) - 1
        return len(self._drawn) - 1

    def _handle(self, drawn) -> int:
        """The handle of a drawn thing: a handle already, or an artist added to the axes."""
        return drawn if isinstance(drawn, int) else self._added[id(drawn)]

    # ----------------------------------------------------------------- tagging
    def tag(self, handle, name: Hashable, *, shown: bool = False) -> int:
        """Make the drawn thing ``handle`` (or the artist added) one item called ``name``
        (``Scene.tag``)."""
        handle = self._handle(handle)
        (number,) = self.new_items([name], [shown])
        self._tags.append(_Tag(handle, [name], [shown], whole=True))
        self._drawn[handle].gid = f"sv{number}"
        return number

    def tag_each(
        self, handle, names: Sequence[Hashable], *, shown: bool | Sequence[bool]
    ) -> list[int]:
        """Make each element of the collection ``handle`` (or the collection added) an item
        (``Scene.tag_each``)."""
        handle = self._handle(handle)
        flags = [shown] * len(names) if isinstance(shown, bool) else list(shown)
        if len(flags) != len(names):
            raise ValueError(f"{len(names)} names but {len(flags)} shown flags")
        if not names:
            return []
        drawn = self._drawn[handle]
        if len(names) != drawn.count:
            raise ValueError(f"{len(names)} names for {drawn.count} elements")
        numbers = self.new_items(list(names), flags)
        self._tags.append(_Tag(handle, list(names), flags, whole=False))
        drawn.gid = f"svc{numbers[0]}"
        return numbers

    def mark_style(self, name: str, style: MarkStyle) -> None:
        """Name a style for the marks the steps draw (``Scene.mark_style``)."""
        self.mark_styles[name] = style

    def point(self, axes: SketchAxes, x: float, y: float) -> tuple[float, float]:
        """Where the data point (x, y) of ``axes`` lands in the SVG (``Scene.point``)."""
        px, py = axes.data_transform().transform((x, y))
        return round(float(px), 2), round(float(self.size_points[1] - py), 2)

    # --------------------------------------------------------------- the SVG
    def svg(self) -> str:
        """The scene as SVG text, every item drawn with the id ``sv<n>`` (``Scene.svg``)."""
        width, height = self.size_points
        counts = {d.gid: d.count for d in self._drawn if d.gid and d.gid.startswith("svc")}
        with mpl.rc_context(SVG_RC):
            renderer = _Renderer(width, height, counts, _RC["figure.dpi"])
            renderer.open_group("figure")
            _draw_figure_patch(renderer, width, height)
            for axes in self._axes:
                renderer.open_group("axes")
                for drawn in _in_drawing_order(d for d in self._drawn if d.owner is axes):
                    _WRITERS[drawn.kind](renderer, self, drawn)
                renderer.close_group("axes")
            for drawn in _in_drawing_order(d for d in self._drawn if d.owner is None):
                _WRITERS[drawn.kind](renderer, self, drawn)
            renderer.close_group("figure")
            renderer.finalize()
        return renderer.text()

    # ------------------------------------------------------- the matplotlib scene
    def scene(self) -> Scene:
        """The same scene drawn by matplotlib, tagged alike: for exports."""
        fig = Figure(figsize=(self.width, self.height))
        FigureCanvasAgg(fig)
        axes = {}
        for sketched in self._axes:
            ax = axes[id(sketched)] = fig.add_axes(sketched.rect)
            ax.set_axis_off()
            ax.set_xlim(*sketched.xlim)
            ax.set_ylim(*sketched.ylim)
            ax.set_aspect(sketched.aspect)
        artists = [_MAKERS[d.kind](fig, axes.get(id(d.owner)), self, d) for d in self._drawn]
        scene = Scene(fig)
        for tag in self._tags:
            artist = artists[tag.handle]
            if tag.whole:
                scene.tag(artist, tag.names[0], shown=tag.shown[0])
            else:
                scene.tag_each(artist, tag.names, shown=tag.shown)
        for name, style in self.mark_styles.items():
            scene.mark_style(name, style)
        return scene


def _in_drawing_order(drawn) -> list[_Drawn]:
    """matplotlib draws an axes' (or a figure's) artists by zorder, ties in insertion order."""
    return sorted(drawn, key=lambda d: d.zorder)


# --------------------------------------------------------- matplotlib's artists
def _make_scatter(fig, ax, sketch, drawn):
    return ax.scatter(*drawn.args, zorder=drawn.zorder, **drawn.kwargs)


def _make_lines(fig, ax, sketch, drawn):
    (segments,) = drawn.args
    return ax.add_collection(LineCollection(segments, zorder=drawn.zorder, **drawn.kwargs))


def _make_text(fig, ax, sketch, drawn):
    target = fig if ax is None else ax
    kwargs = dict(drawn.kwargs)
    if kwargs.get("transform") == SketchAxes.transAxes:
        kwargs["transform"] = ax.transAxes
    if "offset" in kwargs:
        x, y, s = drawn.args
        return ax.annotate(s, (x, y), xytext=kwargs.pop("offset"), textcoords="offset points",
                           zorder=drawn.zorder, **kwargs)  # fmt: skip
    return target.text(*drawn.args, zorder=drawn.zorder, **kwargs)


def _make_artist(fig, ax, sketch, drawn):
    artist = copy.copy(drawn.args[0])  # the sketch's own never joins a figure
    return ax.add_line(artist) if isinstance(artist, Line2D) else ax.add_patch(artist)


def _make_collection(fig, ax, sketch, drawn):
    return ax.add_collection(copy.copy(drawn.args[0]))


def _make_plot(fig, ax, sketch, drawn):
    kwargs = dict(drawn.kwargs)
    dy = kwargs.pop("dy")
    through = offset_copy(ax.transData, fig=fig, y=dy, units="points")
    (line,) = ax.plot(*drawn.args, transform=through, zorder=drawn.zorder, **kwargs)
    return line


def _make_legend(fig, ax, sketch, drawn):
    kwargs = dict(drawn.kwargs)
    anchor, entries, handle = kwargs.pop("anchor"), kwargs.pop("entries"), kwargs.pop("handle")
    handles = [handle(entry) for entry in entries]
    kwargs.setdefault("loc", "lower center")
    return fig.legend(handles=handles, bbox_to_anchor=anchor, **kwargs)


_MAKERS = {
    "scatter": _make_scatter,
    "lines": _make_lines,
    "text": _make_text,
    "plot": _make_plot,
    "legend": _make_legend,
    "artist": _make_artist,
    "collection": _make_collection,
}


# ------------------------------------------------- what each artist's draw writes
def _draw_figure_patch(renderer, width: float, height: float) -> None:
    """The white page: ``Figure.patch`` drawing itself."""
    renderer.open_group("patch")
    gc = renderer.new_gc()
    gc.set_foreground((1.0, 1.0, 1.0, 1.0), isRGBA=True)
    gc.set_linewidth(0.0)
    gc.set_joinstyle("miter")
    gc.set_capstyle("butt")
    renderer.draw_path(
        gc, Path.unit_rectangle(), Affine2D().scale(width, height), (1.0, 1.0, 1.0, 1.0)
    )
    gc.restore()
    renderer.close_group("patch")


def _clipped_gc(renderer, axes: SketchAxes):
    gc = renderer.new_gc()
    gc.set_clip_rectangle(axes.bbox())
    return gc


def _dashes(styles, widths: np.ndarray) -> list[tuple]:
    """Each element's (offset, dashes), scaled by its width, as a collection keeps them."""
    patterns = [_get_dash_pattern(s) for s in (styles if isinstance(styles, list) else [styles])]
    n = max(len(patterns), len(widths))
    return [_scale_dashes(*patterns[i % len(patterns)], widths[i % len(widths)]) for i in range(n)]


def _rows(colours, n: int, alpha: float | None) -> np.ndarray:
    """One RGBA row per element, as a tagged collection of a Scene draws them.

    matplotlib gives the collection's colours its alpha, and the Scene then folds the
    alpha into each element's colour once more: a tagged collection's alpha counts
    twice, and a sketch draws what the scene draws.
    """
    rows = to_rgba_array(colours, alpha)
    if len(rows) == 0:  # "none": no colour at all
        return rows
    rows = np.resize(rows, (n, 4)).copy()
    if alpha is not None:
        rows[:, 3] *= alpha
    return rows


def _write_scatter(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    """Markers, as ``PathCollection.draw`` writes the collection ``Axes.scatter`` makes."""
    kw = drawn.kwargs
    xs, ys = drawn.args
    renderer.open_group("PathCollection", drawn.gid)
    if xs:  # matplotlib opens and closes the group of an empty collection
        _write_markers(renderer, drawn, np.column_stack([xs, ys]).astype(float), kw)
    renderer.close_group("PathCollection")


def _write_markers(renderer, drawn: _Drawn, offsets: np.ndarray, kw: dict) -> None:
    n = len(offsets)
    marker = _marker_path(kw.get("marker", "o"))
    sizes = np.atleast_1d(np.asarray(kw.get("s", _RC["lines.markersize"] ** 2), float))
    scales = np.sqrt(sizes) * POINTS / 72.0  # matplotlib's sum, at the SVG's 72 dots per inch
    transforms = np.zeros((len(scales), 3, 3))
    transforms[:, 0, 0] = transforms[:, 1, 1] = scales
    transforms[:, 2, 2] = 1.0
    colours = kw.get("c", kw.get("facecolors", kw.get("facecolor", "C0")))
    edge = kw.get("edgecolors", _RC["scatter.edgecolors"])
    widths = np.atleast_1d(np.asarray(kw.get("linewidths", _RC["patch.linewidth"]), float))
    if drawn.gid is None:  # as matplotlib keeps them: one row each, or one for all
        faces = to_rgba_array(colours, kw.get("alpha"))
        edges = faces if _is_face(edge) else to_rgba_array(edge, kw.get("alpha"))
    else:  # tagged: one row per element, as the Scene puts them
        faces = _rows(colours, n, kw.get("alpha"))
        edges = faces if _is_face(edge) else _rows(edge, n, kw.get("alpha"))
        widths = np.resize(widths, n)
    dashes = _dashes(kw.get("linestyles", "solid"), widths)
    hatch = kw.get("hatch")
    gc = _clipped_gc(renderer, drawn.owner)
    if hatch:
        gc.set_hatch(hatch)
        gc.set_hatch_linewidth(_RC["hatch.linewidth"])
    place = drawn.owner.data_transform()
    one_of_a_kind = len(transforms) <= 1 and len(faces) == len(edges) == len(widths) == 1
    if one_of_a_kind and not hatch and all(d[1] is None for d in dashes):  # matplotlib's shortcut
        gc.set_foreground(tuple(edges[0]), isRGBA=True)
        gc.set_linewidth(widths[0])
        gc.set_dashes(*dashes[0])
        renderer.draw_markers(
            gc, marker, Affine2D(transforms[0]).frozen(), Path(offsets), place, tuple(faces[0])
        )
    else:
        renderer.draw_path_collection(
            gc, IdentityTransform(), (marker,), transforms, offsets, place, faces, edges,
            widths, dashes, [True], [None], "screen", hatchcolors=_hatch_colours(edges),
        )  # fmt: skip
    gc.restore()


def _hatch_colours(edges: np.ndarray) -> np.ndarray:
    """A collection's hatch colours: its edges', or with no edge, the default edge colour."""
    return edges if len(edges) else to_rgba_array(_RC["patch.edgecolor"])


def _is_face(colour) -> bool:
    return isinstance(colour, str) and colour == "face"


@lru_cache(maxsize=64)
def _marker_path(marker: str) -> Path:
    style = MarkerStyle(marker)
    return style.get_path().transformed(style.get_transform())


def _write_lines(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    kw = drawn.kwargs
    (segments,) = drawn.args
    n = len(segments)
    if n == 0:
        renderer.open_group("LineCollection", drawn.gid)
        renderer.close_group("LineCollection")
        return
    edges = _rows(kw.get("colors", _RC["lines.color"]), n, kw.get("alpha"))
    widths = np.resize(np.asarray(kw.get("linewidths", _RC["lines.linewidth"]), float), n)
    gc = _clipped_gc(renderer, drawn.owner)
    if kw.get("capstyle"):
        gc.set_capstyle(kw["capstyle"])
    renderer.open_group("LineCollection", drawn.gid)
    renderer.draw_path_collection(
        gc, drawn.owner.data_transform(), [Path(np.asarray(s, float)) for s in segments], [],
        np.zeros((1, 2)), IdentityTransform(), np.zeros((0, 4)), edges, widths,
        _dashes(kw.get("linestyles", "solid"), widths), [True], [None], "screen",
        hatchcolors=edges,
    )  # fmt: skip
    renderer.close_group("LineCollection")
    gc.restore()


def _write_plot(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    kw = drawn.kwargs
    xs, ys = drawn.args
    renderer.open_group("line2d", drawn.gid)
    gc = _clipped_gc(renderer, drawn.owner)
    gc.set_linewidth(kw.get("lw", _RC["lines.linewidth"]))
    gc.set_joinstyle(_RC["lines.solid_joinstyle"])
    gc.set_capstyle(_RC["lines.solid_capstyle"])
    gc.set_foreground(to_rgba(kw.get("color", "C0")), isRGBA=True)
    through = Affine2D(drawn.owner.data_transform().get_matrix()).translate(0.0, kw["dy"])
    renderer.draw_path(gc, Path(np.column_stack([xs, ys]).astype(float)), through)
    gc.restore()
    renderer.close_group("line2d")


def _write_text(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    s = drawn.args[2]
    if not s:
        return
    kw = drawn.kwargs
    layout = _text_layout(s, **_layout_key(kw))
    px, py = _anchor(sketch, drawn)
    renderer.open_group("text", drawn.gid)
    if layout.box is not None:  # matplotlib's FancyBboxPatch around the text, drawn first
        x_box, y_box, _, _ = layout.textbox
        face = layout.box._facecolor if layout.box._facecolor[3] else None
        place = Affine2D().translate(px + x_box, py + y_box)
        layout.box._draw_paths_with_artist_properties(renderer, [(layout.box_path, place, face)])
    gc = renderer.new_gc()
    gc.set_foreground(to_rgba(kw.get("color", _RC["text.color"])), isRGBA=True)
    height = sketch.size_points[1]
    effects = kw.get("path_effects")
    writer = PathEffectRenderer(effects, renderer) if effects else renderer
    for (line, ismath), (dx, dy) in zip(layout.lines, layout.offsets, strict=True):
        writer.draw_text(gc, px + dx, height - (py + dy), line, layout.font, 0.0, ismath=ismath)
    gc.restore()
    renderer.close_group("text")


def _write_legend(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    legend = _legend_of(sketch, drawn)
    missing = [name for name in legend.glyphs if name not in renderer._glyph_map]
    if missing:  # the glyphs the page has not defined yet, once
        renderer.writer.raw("<defs>" + "".join(_glyph_def(name) for name in missing) + "</defs>")
        renderer._glyph_map.update((name, _OUTLINES[name]) for name in missing)
    renderer.writer.raw(legend.markup)


def _write_artist(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    """A patch or a line, drawn by a copy of itself put in the axes (as ``add_patch`` does)."""
    artist = copy.copy(drawn.args[0])
    artist.set_transform(drawn.owner.data_transform())
    artist.set_clip_box(drawn.owner.bbox())
    artist.set_gid(drawn.gid)
    artist.draw(renderer)


def _write_collection(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    """A collection, drawn by a copy of itself put in the axes, each tagged element in the
    colours a Scene gives it (see ``Scene.tag_each``)."""
    collection = copy.copy(drawn.args[0])
    collection.set_transform(drawn.owner.data_transform())
    collection.set_clip_box(drawn.owner.bbox())
    collection.set_gid(drawn.gid)
    collection.set_figure(sketch._page())  # for matplotlib's one-path shortcut
    if drawn.gid and drawn.gid.startswith("svc"):
        looks = _CollectionLooks(collection, 0, drawn.count)
        looks.put(None)
        looks.flush()
    collection.draw(renderer)


_WRITERS = {
    "artist": _write_artist,
    "collection": _write_collection,
    "scatter": _write_scatter,
    "lines": _write_lines,
    "text": _write_text,
    "plot": _write_plot,
    "legend": _write_legend,
}


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


def _layout_key(kwargs: dict) -> dict:
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
def _text_layout(
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
    _, info, ((x_box, y_box), (w_box, h_box)) = text._get_layout(_LAYOUT_RENDERER)
    extent = text.get_window_extent(_LAYOUT_RENDERER)
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


def _anchor(sketch: Sketch, drawn: _Drawn) -> tuple[float, float]:
    """A text's anchor in display points (from the bottom left)."""
    x, y, _ = drawn.args
    if drawn.owner is None:
        width, height = sketch.size_points
        return x * width, y * height
    if drawn.kwargs.get("transform") == SketchAxes.transAxes:
        px, py = BboxTransformTo(drawn.owner.bbox()).transform((x, y))
        return float(px), float(py)
    px, py = drawn.owner.data_transform().transform((x, y))
    if "offset" in drawn.kwargs:  # an annotation: so many points from its data point
        dx, dy = drawn.kwargs["offset"]
        return float(px) + dx, float(py) + dy
    return float(px), float(py)


def _text_extent(sketch: Sketch, drawn: _Drawn) -> Bbox:
    layout = _text_layout(drawn.args[2], **_layout_key(drawn.kwargs))
    px, py = _anchor(sketch, drawn)
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


class _GlyphsUsed(dict):
    """The glyphs a legend's texts use, all taken as defined: the page defines each once."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def __contains__(self, name) -> bool:
        if name not in self.names:
            self.names.append(name)
        return True


def _legend_of(sketch: Sketch, drawn: _Drawn) -> _Legend:
    """The legend ``drawn`` written where it stands in ``sketch`` (its own hatch patterns,
    under ids of their own: the page may tile the same pattern for its own artists)."""
    kwargs = dict(drawn.kwargs)
    anchor = kwargs.pop("anchor")
    legend = _legend_drawn(kwargs, sketch.size_points, anchor)
    markup, patterns = legend.markup, legend.patterns
    for oid in re.findall(r'<pattern id="(\w+)"', patterns):
        markup = markup.replace(f"url(#{oid})", f"url(#{oid}-legend)")
        patterns = patterns.replace(f'id="{oid}"', f'id="{oid}-legend"')
    return _Legend(patterns + markup, legend.glyphs, legend.extent)


def _legend_extent(sketch: Sketch, drawn: _Drawn) -> Bbox:
    """Where the legend ``drawn`` falls in ``sketch`` (display points), from its drawing on a
    page of its own: for laying out, before the sketch has its final size."""
    kwargs = dict(drawn.kwargs)
    anchor = kwargs.pop("anchor")
    width, height = sketch.size_points
    (page, _), centre = _PAGE, _PAGE[0] / 2
    apart = _legend_drawn(kwargs, (page, page), (0.5, 0.5)).extent
    return apart.translated(anchor[0] * width - centre, anchor[1] * height - centre)


_PAGE = (1440.0, 1440.0)  # points: room enough for any legend around its anchor


def _legend_drawn(arguments: dict, size: tuple[float, float], anchor: tuple) -> _Legend:
    """The legend drawn by matplotlib in a figure of ``size`` (points) at ``anchor``, once
    per process for each place: the very markup the figure's own drawing writes.

    Legends are told apart by their arguments' text: the entries, the function that makes
    each entry's handle and the legend's options (values, or objects that live as long as
    the process, such as a module's handler map).
    """
    key = repr((sorted(arguments.items()), size, anchor))
    if key not in _LEGENDS:
        if len(_LEGENDS) >= 256:
            _LEGENDS.clear()
        _LEGENDS[key] = _draw_legend(arguments, size, anchor)
    return _LEGENDS[key]


_LEGENDS: dict[str, _Legend] = {}


def _draw_legend(arguments: dict, size: tuple[float, float], anchor: tuple) -> _Legend:
    width, height = size
    fig = Figure(figsize=(width / POINTS, height / POINTS))
    legend = _make_legend(
        fig, None, None, _Drawn(None, "legend", (), {**arguments, "anchor": anchor}, 5)
    )
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
    return _Legend(markup, tuple(used.names), extent, patterns)


__all__ = ["POINTS", "Sketch", "SketchAxes"]
