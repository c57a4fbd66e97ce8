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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import Collection, LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.transforms import Affine2D, Bbox, BboxTransformFrom, BboxTransformTo, offset_copy

from search_viz.film.items import Items
from search_viz.film.looks import MarkStyle
from search_viz.film.scene import Scene
from search_viz.film.sketch_svg import write_svg
from search_viz.film.sketch_text import (
    AXES_FRACTION,
    legend_extent,
    make_legend,
    text_extent,
)
from search_viz.film.svg_writer import POINTS


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


class _Page:
    """A figure as a collection reads it while it draws (``Collection.draw``: its box, for
    the one-path shortcut; its resolution, for marker sizes), without making a ``Figure``
    (about 0.5 ms a film).

    >>> page = _Page(2.0, 1.0)
    >>> page.get_figure(root=True) is page, page.bbox.bounds == (0, 0, 144, 72), page.dpi
    (True, True, 72.0)
    """

    def __init__(self, width: float, height: float) -> None:
        self.dpi = POINTS
        self.bbox = Bbox.from_bounds(0.0, 0.0, width * POINTS, height * POINTS)

    def get_figure(self, root: bool = False) -> _Page:
        """The page itself: it is its own root figure."""
        return self


class SketchAxes:
    """The axes of a sketch: a box of the figure with its data limits (axis off).

    Its methods record what ``matplotlib.axes.Axes`` would draw with the same
    arguments, and return a handle to tag.
    """

    #: ``transform=ax.transAxes`` for a text: (x, y) are fractions of the axes' box.
    transAxes = AXES_FRACTION

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
        linewidths, linestyles, hatch, alpha, zorder and clip_on."""
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

    def _page(self) -> _Page:
        """What a collection reads of its figure while it draws: the page, of the sketch's
        size at 72 dots per inch (as its SVG is drawn)."""
        size = (self.width, self.height)
        if getattr(self, "_page_figure", None) is None or self._page_size != size:
            self._page_figure, self._page_size = _Page(*size), size
        return self._page_figure

    @property
    def figure(self) -> Sketch:
        """The sketch itself: it stands for its figure (``scene.figure.text(...)``)."""
        return self

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
                boxes.append(text_extent(self, drawn))
            elif drawn.kind == "legend":
                boxes.append(legend_extent(self, drawn))
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
        """The scene as SVG text: every item drawn with the id ``sv<n>`` (``Scene.svg``),
        written without matplotlib's artists (see :mod:`search_viz.film.sketch_svg`)."""
        return write_svg(self)

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


# --------------------------------------------------------- matplotlib's artists
def _make_scatter(fig, ax, sketch, drawn):
    return ax.scatter(*drawn.args, zorder=drawn.zorder, **drawn.kwargs)


def _make_lines(fig, ax, sketch, drawn):
    (segments,) = drawn.args
    return ax.add_collection(LineCollection(segments, zorder=drawn.zorder, **drawn.kwargs))


def _make_text(fig, ax, sketch, drawn):
    target = fig if ax is None else ax
    kwargs = dict(drawn.kwargs)
    if kwargs.get("transform") == AXES_FRACTION:
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
    anchor = kwargs.pop("anchor")
    return make_legend(fig, kwargs, anchor)


_MAKERS = {
    "scatter": _make_scatter,
    "lines": _make_lines,
    "text": _make_text,
    "plot": _make_plot,
    "legend": _make_legend,
    "artist": _make_artist,
    "collection": _make_collection,
}


__all__ = ["POINTS", "Sketch", "SketchAxes"]
