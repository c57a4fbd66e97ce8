"""The scene: a picture drawn once with matplotlib, whose changing parts are tagged items.

A lesson draws everything its replay will ever show on one figure, tags each
part that changes with :meth:`Scene.tag` (one artist) or :meth:`Scene.tag_each`
(one item per point, segment or polygon of a collection), and says which items
are shown at the start. A step of the film then only says which items change
look (:mod:`search_viz.film.looks`), move or appear.

The same scene serves the browser and matplotlib:

* :meth:`Scene.svg` writes the figure as SVG with every item carrying the id
  ``sv<n>`` (the browser player shows, hides and restyles those elements);
* :meth:`Scene.apply` puts a step's state onto the figure itself, so a step is
  exported as PNG, SVG or a GIF frame by the very drawing the browser shows.

>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(2, 1)); ax = fig.add_axes((0, 0, 1, 1))
>>> scene = Scene(fig)
>>> dot = scene.tag(ax.scatter([0.5], [0.5]), "dot")
>>> dots = scene.tag_each(ax.scatter([0.2, 0.8], [0.2, 0.8]), ["left", "right"], shown=True)
>>> len(scene), scene.item("right"), scene.base
(3, 2, [1, 2])
>>> 'id="sv2"' in scene.svg()
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from matplotlib.artist import Artist
from matplotlib.collections import Collection
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.transforms import ScaledTranslation

from search_viz.film.items import Items
from search_viz.film.looks import HIDDEN, SHOWN, Look, Mark, MarkStyle, mark_artist
from search_viz.film.svg_writer import POINTS, figure_svg


@dataclass
class _Item:
    """One tagged thing: a whole artist, or element ``index`` of a collection."""

    artist: Artist
    index: int | None = None


class Scene(Items):
    """A figure whose changing parts are numbered items (see the module's docstring).

    ``base`` lists the items shown before the first step; every other item is
    hidden until a step shows it.
    """

    def __init__(self, figure: Figure) -> None:
        super().__init__()
        self.figure = figure
        self._items: list[_Item] = []
        self._collections: dict[int, _CollectionLooks] = {}  # id(collection) -> its colours
        self._whole: list[int] = []  # the items that are whole artists
        self._transforms: dict[int, object] = {}  # item -> its transform before any move
        self._marks: list[Artist] = []
        self._applied: dict[int, int] = {}  # item -> look now on the figure (when not base)
        self._moved: dict[int, tuple[float, float]] = {}
        self._at_base = False  # whether the figure shows the base look (apply() needs it to)
        #: The named styles of the marks steps draw from data.
        self.mark_styles: dict[str, MarkStyle] = {}

    # ----------------------------------------------------------------- tagging
    def tag(self, artist: Artist, name: Hashable, *, shown: bool = False) -> int:
        """Make ``artist`` one item called ``name``; returns its number.

        A whole artist changes only by being shown, hidden or moved.
        """
        (number,) = self.new_items([name], [shown])
        self._items.append(_Item(artist))
        self._whole.append(number)
        artist.set_gid(f"sv{number}")
        return number

    def tag_each(
        self, collection: Collection, names: Sequence[Hashable], *, shown: bool | Sequence[bool]
    ) -> list[int]:
        """Make each element of ``collection`` (points, segments, polygons) an item.

        ``names`` name the elements in order; ``shown`` says which are shown at
        the start (one flag for all, or one per element). Elements can also be
        restyled by a step (a :class:`~search_viz.film.looks.Look`).
        """
        flags = [shown] * len(names) if isinstance(shown, bool) else list(shown)
        if len(flags) != len(names):
            raise ValueError(f"{len(names)} names but {len(flags)} shown flags")
        if not names:
            return []  # nothing to tag: the collection keeps its own id
        numbers = self.new_items(names, flags)
        self._collections[id(collection)] = _CollectionLooks(collection, numbers[0], len(names))
        for index in range(len(names)):
            self._items.append(_Item(collection, index))
        collection.set_gid(f"svc{numbers[0]}")
        return numbers

    def mark_style(self, name: str, style: MarkStyle) -> None:
        """Name a style for the marks the steps draw (lines, texts made from data)."""
        self.mark_styles[name] = style

    @property
    def size(self) -> tuple[float, float]:
        """The picture's width and height in points (SVG user units)."""
        width, height = self.figure.get_size_inches()
        return round(float(width) * POINTS, 2), round(float(height) * POINTS, 2)

    def point(self, ax, x: float, y: float) -> tuple[float, float]:
        """Where the data point (x, y) of ``ax`` lands in the SVG, in points from the top left.

        Marks (:class:`~search_viz.film.looks.Mark`) are placed with it.

        >>> from matplotlib.figure import Figure
        >>> fig = Figure(figsize=(2, 1)); ax = fig.add_axes((0, 0, 1, 1))
        >>> _ = ax.set_xlim(0, 1), ax.set_ylim(0, 1)
        >>> Scene(fig).point(ax, 0.5, 1.0)
        (72.0, 0.0)
        """
        px, py = ax.transData.transform((x, y))
        dpi = self.figure.dpi
        height = self.figure.get_figheight() * POINTS
        return round(float(px) * POINTS / dpi, 2), round(float(height - py * POINTS / dpi), 2)

    # -------------------------------------------------------------------- SVG
    def svg(self) -> str:
        """The scene as SVG text: every item drawn, each with the id ``sv<n>``.

        Written with the figure in its base look (whatever :meth:`apply` did
        before is undone first) and without metadata, so the same scene always
        gives the same text: the picture matplotlib's own SVG export draws of
        :meth:`everything_shown` (see :mod:`search_viz.film.svg_writer`).
        """
        with self.everything_shown() as figure:
            return figure_svg(figure, self._first_numbers())

    @contextmanager
    def everything_shown(self) -> Iterator[Figure]:
        """The figure with every item drawn, hidden ones too: what :meth:`svg` writes.

        The browser hides what a step does not show; the SVG must hold it all.
        Afterwards the figure is back in its base look.

        >>> from matplotlib.figure import Figure
        >>> fig = Figure(figsize=(2, 1)); ax = fig.add_axes((0, 0, 1, 1))
        >>> scene = Scene(fig); _ = scene.tag(ax.text(0.5, 0.5, "later"), "later")
        >>> with scene.everything_shown():
        ...     ax.texts[0].get_visible()
        True
        >>> ax.texts[0].get_visible()
        False
        """
        self.reset()
        self._put(shown=None)
        try:
            yield self.figure
        finally:
            self.reset()

    def _first_numbers(self) -> dict[str, int]:
        """For each tagged collection's gid, how many elements it holds."""
        return {looks.collection.get_gid(): looks.n for looks in self._collections.values()}

    # ------------------------------------------------------------ applying
    def reset(self) -> None:
        """Back to the base look: base items shown, the others hidden, nothing moved."""
        self._applied.clear()  # every item's look is put back below
        for number in list(self._moved):
            self._move(number, 0.0, 0.0)
        self._moved.clear()
        for artist in self._marks:
            artist.remove()
        self._marks.clear()
        self._put(shown=self._shown_at_start)
        self._at_base = True

    def _put(self, shown: Sequence[bool] | None) -> None:
        """Every item shown as drawn where ``shown`` says (None: everywhere), hidden elsewhere."""
        for number in self._whole:
            self._items[number].artist.set_visible(shown is None or shown[number])
        flags = None if shown is None else np.asarray(shown, dtype=bool)
        for looks in self._collections.values():
            looks.put(None if flags is None else flags[looks.first : looks.first + looks.n])
        self._flush()

    def apply(self, looks: dict[int, int | Look], moves: dict[int, tuple], marks: Iterable) -> None:
        """Put one step's state on the figure.

        ``looks`` maps items to their look where it differs from the base,
        ``moves`` items to their (dx, dy) in points, ``marks`` are the step's
        :class:`~search_viz.film.looks.Mark`\\ s.
        """
        if not self._at_base:
            self.reset()
        for number in set(self._applied) | set(looks):
            base = self._base_look(number)
            target = looks.get(number, base)
            if self._applied.get(number, base) != target:
                self._set_look(number, target)
        self._applied = dict(looks)
        for number in set(self._moved) | set(moves):
            dx, dy = moves.get(number, (0.0, 0.0))
            self._move(number, dx, dy)
        self._moved = dict(moves)
        for artist in self._marks:
            artist.remove()
        self._marks = [
            mark_artist(self.figure, Mark.from_data(m), self.size, self.mark_styles) for m in marks
        ]
        self._flush()

    def _base_look(self, number: int) -> int:
        return SHOWN if self._shown_at_start[number] else HIDDEN

    def _flush(self) -> None:
        """Push the collections' changed colours into matplotlib (once per apply)."""
        for looks in self._collections.values():
            looks.flush()

    def _set_look(self, number: int, look: int | Look) -> None:
        item = self._items[number]
        if item.index is None:
            if isinstance(look, Look):
                raise ValueError(f"item {number} is a whole artist: it can be shown or hidden only")
            item.artist.set_visible(look != HIDDEN)
            return
        self._collections[id(item.artist)].set(item.index, look)

    def _move(self, number: int, dx: float, dy: float) -> None:
        item = self._items[number]
        if item.index is not None:
            raise ValueError(f"item {number} is part of a collection: only whole artists move")
        artist = item.artist
        # a patch's get_transform() includes its own patch transform, which matplotlib
        # applies again on top of whatever set_transform is given: start from the data one
        here = artist.get_data_transform() if isinstance(artist, Patch) else artist.get_transform()
        base = self._transforms.setdefault(number, here)
        if dx == 0 and dy == 0:
            artist.set_transform(base)
            return
        shift = ScaledTranslation(dx / POINTS, -dy / POINTS, self.figure.dpi_scale_trans)
        artist.set_transform(base + shift)


class _CollectionLooks:
    """The per-element colours of one collection, and how to change one element's look."""

    def __init__(self, collection: Collection, first: int, n: int) -> None:
        self.collection = collection
        self.first, self.n = first, n  # its items are numbered first, first + 1, ...
        alpha = collection.get_alpha()
        if alpha is not None:  # one alpha for all would override each element's own
            collection.set_facecolor(_rows(collection.get_facecolor(), n) * [1, 1, 1, alpha])
            collection.set_edgecolor(_rows(collection.get_edgecolor(), n) * [1, 1, 1, alpha])
            collection.set_alpha(None)
        self.faces = _rows(collection.get_facecolor(), n)
        self.edges = _rows(collection.get_edgecolor(), n)
        self.widths = np.resize(np.asarray(collection.get_linewidth(), dtype=float), n)
        self.now_faces = self.faces.copy()
        self.now_edges = self.edges.copy()
        self.now_widths = self.widths.copy()
        self.dirty = False

    def set(self, index: int, look: int | Look) -> None:
        face = self.faces[index].copy() if len(self.faces) else np.zeros(4)
        edge = self.edges[index].copy() if len(self.edges) else np.zeros(4)
        width = self.widths[index]
        if look == HIDDEN:
            face[3] = edge[3] = 0.0
        elif isinstance(look, Look):
            face, edge, width = look.on(face, edge, width)
        if len(self.faces):
            self.now_faces[index] = face
        if len(self.edges):
            self.now_edges[index] = edge
        self.now_widths[index] = width
        self.dirty = True

    def put(self, shown: np.ndarray | None) -> None:
        """Every element as drawn where ``shown`` (one flag each; None: all), hidden elsewhere.

        The same as :meth:`set` with SHOWN or HIDDEN for each element, all at once.
        """
        self.now_faces[:] = self.faces
        self.now_edges[:] = self.edges
        self.now_widths[:] = self.widths
        if shown is not None:
            hidden = ~shown
            if len(self.faces):
                self.now_faces[hidden, 3] = 0.0
            if len(self.edges):
                self.now_edges[hidden, 3] = 0.0
        self.dirty = True

    def flush(self) -> None:
        """Give matplotlib the colours and widths set since the last flush."""
        if not self.dirty:
            return
        if len(self.faces):
            self.collection.set_facecolor(self.now_faces)
        if len(self.edges):
            self.collection.set_edgecolor(self.now_edges)
        self.collection.set_linewidth(self.now_widths)
        self.dirty = False


def _rows(colours, n: int) -> np.ndarray:
    """Colours as one RGBA row per element (a single colour is repeated)."""
    array = np.asarray(colours, dtype=float).reshape(-1, 4)
    if len(array) == 0:
        return array
    return np.resize(array, (n, 4)).copy()


__all__ = ["POINTS", "Scene"]
