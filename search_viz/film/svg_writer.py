"""A scene's figure as SVG text, written fast: matplotlib's SVG renderer without its slow parts.

matplotlib still draws the figure: every artist runs its own ``draw``, so the
picture is the one matplotlib exports. What changes is how the renderer writes
what it is asked to draw, with the very elements matplotlib's SVG backend writes:

* a text's glyph layout, and each glyph's outline, are read from the font once
  per process, not once per text (the text is still drawn as outlines, so the
  browser needs no font);
* a text's size is measured once per process for each string and font;
* a collection's elements are read as plain numbers once, and each distinct
  style (fill, edge, width, dashes) is worked out once;
* the markup is joined into one string, without indentation, comments or
  metadata;
* the elements of a tagged collection (a group whose id is ``svc<first>``) get
  their item ids (``sv<first>``, ``sv<first + 1>``, ...) as they are written,
  so the text never has to be parsed back.

>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(2, 1)); ax = fig.add_axes((0, 0, 1, 1))
>>> dots = ax.scatter([0.2, 0.8], [0.5, 0.5]); dots.set_gid("svc0")
>>> label = ax.text(0.5, 0.5, "A"); label.set_gid("sv2")
>>> text = figure_svg(fig, {"svc0": 2})
>>> [name in text for name in ('id="sv0"', 'id="sv1"', 'id="sv2"', "svc0")]
[True, True, True, False]
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import threading
import unicodedata
from collections.abc import Iterator, Mapping
from functools import lru_cache

import matplotlib as mpl
import numpy as np
from matplotlib import cbook, patheffects
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.backends.backend_svg import RendererSVG, _generate_css, _short_float_fmt
from matplotlib.colors import rgb2hex, to_rgba
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties, fontManager, get_font
from matplotlib.ft2font import LoadFlags
from matplotlib.path import Path
from matplotlib.textpath import TextToPath
from matplotlib.transforms import Affine2D

from search_viz.film.pair_shaping import PLAIN, by_pairs, glyph_indices, kerning

#: SVG points per inch: matplotlib writes SVG in points.
POINTS = 72.0

#: What the scene's SVG is written under: a fixed salt for the ids of clip paths and
#: hatches (the same figure, the same text), and text drawn as outlines.
SVG_RC = {"svg.hashsalt": "search_viz", "svg.fonttype": "path"}
#: Held while :data:`SVG_RC` is set: ``rc_context`` sets matplotlib's global settings and
#: puts back, when it ends, those it found. Two threads writing at once (a page's film
#: and the rest of a long film made in the background) would otherwise put back each
#: other's, in the middle of a drawing.
_RC_LOCK = threading.RLock()


@contextlib.contextmanager
def svg_rc() -> Iterator[None]:
    """:data:`SVG_RC` set while the block runs, one thread at a time.

    >>> with svg_rc():
    ...     mpl.rcParams["svg.hashsalt"]
    'search_viz'
    """
    with _RC_LOCK, mpl.rc_context(SVG_RC):
        yield


_TEXT_TO_PATH = TextToPath()
_FONT_SCALE = TextToPath.FONT_SCALE  # glyphs are laid out at this size, then scaled
_DRAWN = frozenset(("path", "use"))  # the elements a collection draws its members as


def figure_svg(figure: Figure, collections: Mapping[str, int]) -> str:
    """``figure`` as SVG text, as matplotlib's SVG export draws it.

    ``collections`` maps the gid of each tagged collection (``svc<first>``) to
    the number of its elements; they are written with the ids ``sv<first>``
    onwards, and the group loses its own id. Raises ValueError if a collection
    draws another number of elements than it says.

    >>> from matplotlib.figure import Figure
    >>> text = figure_svg(Figure(figsize=(1, 0.5)), {})
    >>> text.startswith("<svg "), 'width="72pt" height="36pt"' in text
    (True, True)
    """
    dpi = figure.dpi  # images are drawn at the figure's own resolution, as savefig does
    with svg_rc(), cbook._setattr_cm(figure, dpi=POINTS):
        width, height = figure.get_size_inches()
        renderer = _Renderer(width * POINTS, height * POINTS, collections, dpi)
        figure.draw(renderer)
        renderer.finalize()
    return renderer.text()


class _Markup:
    """The part of matplotlib's XML writer that its SVG renderer uses, appending to a list.

    Attributes whose value is empty are left out, as matplotlib does. A ``path``
    or ``use`` written inside a tagged collection (outside definitions) takes the
    next item id.
    """

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._tags: list[str] = []
        self._open = False  # the last start tag still waits for its ">"
        self._defs = 0  # how many <defs> are open
        self.ids: list[int] = []  # [next id, ids left] of the tagged collection open, if any

    def start(self, tag: str, attrib: dict | None = None, **extra: str) -> int:
        parts = self.parts
        if self._open:
            parts.append(">")
        parts.append(f"<{tag}")
        if self.ids and not self._defs and tag in _DRAWN:
            parts.append(f' id="sv{self.ids[0]}"')
            self.ids[0] += 1
            self.ids[1] -= 1
        for source in (attrib, extra):
            if source:
                for key, value in source.items():
                    if value:
                        parts.append(f" {key}={_quoted(value)}")
        self._open = True
        self._tags.append(tag)
        if tag == "defs":
            self._defs += 1
        return len(self._tags) - 1

    def data(self, text: str) -> None:
        if self._open:
            self.parts.append(">")
            self._open = False
        self.parts.append(_escaped(text))

    def comment(self, comment: str) -> None:
        """Comments are left out (matplotlib writes each text's string as one)."""

    def end(self, tag: str | None = None, indent: bool = True) -> None:
        name = self._tags.pop()
        if tag and tag != name:
            raise ValueError(f"expected the end of <{name}>, not of <{tag}>")
        if name == "defs":
            self._defs -= 1
        if self._open:
            self.parts.append("/>")
            self._open = False
        else:
            self.parts.append(f"</{name}>")

    def element(self, tag: str, text: str | None = None, attrib: dict | None = None, **extra):
        self.start(tag, attrib, **extra)
        if text:
            self.data(text)
        self.end()

    def close(self, id: int) -> None:
        while len(self._tags) > id:
            self.end()

    def flush(self) -> None:
        """Nothing to flush: the text is kept until :meth:`_Renderer.text`."""

    def drawn(self, tag: str, attributes: str, group: str = "") -> None:
        """One drawn element, its attributes written ahead (``' x="1" y="2"'``), in ``group``
        (the start tag of a group of its own, or nothing); it takes the next item id, as in
        :meth:`start`."""
        if self._open:
            self.parts.append(">")
            self._open = False
        number = ""
        if self.ids and not self._defs:
            number = f' id="sv{self.ids[0]}"'
            self.ids[0] += 1
            self.ids[1] -= 1
        element = f"<{tag}{number}{attributes}/>"
        self.parts.append(f"{group}{element}</g>" if group else element)

    def raw(self, markup: str) -> None:
        """Markup written ahead of time (a text's glyphs), appended as it is."""
        if self._open:
            self.parts.append(">")
            self._open = False
        self.parts.append(markup)


def _escaped(text: str) -> str:
    if "&" in text or "<" in text or ">" in text:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text


#: How many numbers follow each command of matplotlib's path data.
_COMMAND_NUMBERS = {"M": 2, "L": 2, "Q": 4, "C": 6, "z": 0}


@lru_cache(maxsize=256)
def _outline_from_start(d: str) -> tuple[tuple[float, float], str] | None:
    """matplotlib's path data ``d`` (absolute points) as its first point and the rest of
    the outline relative to the point before (``l``, ``q``, ``c``; ``z`` as it is): the
    same outline wherever its start is placed; None for a path of no points (a marker that
    draws nothing, such as "none").

    >>> _outline_from_start("M -1 1 L 1 1 L 1 -1 z")
    ((-1.0, 1.0), 'l 2 0 l 0 -2 z')
    >>> _outline_from_start("M 0 2 C 1.1 2 2 1.1 2 0")
    ((0.0, 2.0), 'c 1.1 0 2 -0.9 2 -2')
    >>> _outline_from_start("") is None
    True
    """
    tokens = d.split()
    parts: list[str] = []
    start = here = begun = None
    i = 0
    while i < len(tokens):
        command, count = tokens[i], _COMMAND_NUMBERS[tokens[i]]
        numbers = [float(t) for t in tokens[i + 1 : i + 1 + count]]
        i += 1 + count
        if command == "z":
            parts.append("z")
            here = begun
            continue
        point = (numbers[-2], numbers[-1])
        if start is None:
            start = here = begun = point
            continue
        moves = [n - here[k % 2] for k, n in enumerate(numbers)]
        parts.append(
            " ".join([command.lower(), *(_short_float_fmt(round(m, 6) + 0.0) for m in moves)])
        )
        if command == "M":
            begun = point
        here = point
    return None if start is None else (start, " ".join(parts))


def _quoted(value: str) -> str:
    value = _escaped(value)
    if '"' in value:
        return '"' + value.replace('"', "&quot;") + '"'
    return f'"{value}"'


def text_width(text: str, size: float) -> float:
    """The width, in points, of ``text`` in matplotlib's default font at ``size`` points,
    as matplotlib's SVG export measures it (unhinted; read from the font once per process).

    >>> import io
    >>> svg = RendererSVG(100, 100, io.StringIO())
    >>> width = svg.get_text_width_height_descent("nodes 120", FontProperties(size=10), False)[0]
    >>> abs(text_width("nodes 120", 10) - width) < 1e-9
    True
    """
    return _extent(_font_files(_DEFAULT_FONT), text)[0] * size / _FONT_SCALE


_DEFAULT_FONT = FontProperties()


@lru_cache(maxsize=1)  # once per process: the app's script calls it at every run
def prepare_fonts() -> int:
    """Set up the four faces of the lessons' font (regular, bold, oblique, bold oblique) as
    a film would the first time it writes in them: find each face, load every glyph of
    the characters :mod:`~search_viz.film.pair_shaping` places
    (:data:`~search_viz.film.pair_shaping.PLAIN`) with its metrics, outline and the markup
    that defines it, and have HarfBuzz shape a ligature in each face (it sets a face up
    the first time it shapes with it: 0.3-1.7 ms). The number of glyphs known after the
    first call.

    A server does it once at its start (``streamlit_app.py``), before any student waits
    for a film (about 30 µs a glyph). It changes no picture: it fills the caches a film
    fills.

    >>> prepare_fonts() >= 4 * len(PLAIN)
    True
    """
    characters = "".join(sorted(PLAIN))
    for weight in ("normal", "bold"):
        for style in ("normal", "italic"):
            files = _font_files(FontProperties(weight=weight, style=style))
            font = _font(files)
            for index in glyph_indices(font, characters):
                _glyph_def(_known_glyph(font, index))
            _shaped(files, "ff")  # not placed by pairs: shaped by HarfBuzz
    return len(_GLYPH_METRICS)


class _CachedMetrics:
    """Text sizes for the SVG renderer, read from the font once per process (see the caches).

    The values are the very numbers matplotlib's SVG backend computes: unhinted, in
    points (the SVG is drawn at 72 dots per inch).
    """

    dpi = POINTS

    def get_text_width_height_descent(self, s, prop, ismath):
        if ismath:
            return _TEXT_TO_PATH.get_text_width_height_descent(s, prop, ismath)
        width, height, descent = _extent(_font_files(prop), s)
        scale = prop.get_size_in_points() / _FONT_SCALE  # as matplotlib scales them, exactly
        return width * scale, height * scale, descent * scale

    def _get_font_height_metrics(self, prop):
        """A text's least ascent and descent and its line gap, read from the font once.

        matplotlib's ``Text`` asks its renderer for these before reading the font's
        tables itself; the values are the ones it would read.
        """
        return _height_metrics(prop, self.dpi)


def _height_metrics(prop, dpi: float) -> tuple:
    tables = _height_tables(_font_files(prop))
    if tables is None:
        return None, None, None
    gap, ascent, descent, units = tables
    scale = 1 / units * prop.get_size_in_points() * dpi / 72  # matplotlib's own sum
    return ascent * scale, -descent * scale, gap * scale


def measuring_renderer(figure: Figure) -> RendererAgg:
    """A renderer that only measures: where texts and legends of ``figure`` fall in its PNG.

    For laying a scene out before it is drawn (``text.get_window_extent(renderer)``):
    matplotlib's Agg renderer, so the sizes are those of an exported PNG at the
    figure's resolution, but with no canvas to paint on, and each text's size measured
    once per process (a new canvas measures every text of every figure again).

    >>> from matplotlib.figure import Figure
    >>> from matplotlib.backends.backend_agg import FigureCanvasAgg
    >>> fig = Figure(figsize=(2, 1), dpi=100)
    >>> label = fig.text(0.5, 0.5, "Alpha-beta", fontsize=10)
    >>> canvas = FigureCanvasAgg(fig).get_renderer()
    >>> sizes = [label.get_window_extent(r).bounds for r in (measuring_renderer(fig), canvas)]
    >>> sizes[0] == sizes[1]
    True
    """
    return _Measuring(figure)


class _Measuring(RendererAgg):
    """Agg's measures, from a process-wide cache; a one-pixel canvas (nothing is painted)."""

    def __init__(self, figure: Figure) -> None:
        super().__init__(1, 1, figure.dpi)
        self.width, self.height = figure.bbox.size

    def get_text_width_height_descent(self, s, prop, ismath):
        if ismath:
            return super().get_text_width_height_descent(s, prop, ismath)
        rc = mpl.rcParams
        key = (_font_files(prop), prop.get_size_in_points(), self.dpi, rc["text.hinting"],
               rc["text.hinting_factor"], rc["text.kerning_factor"], s)  # fmt: skip
        sizes = _AGG_EXTENTS.get(key)
        if sizes is None:
            if len(_AGG_EXTENTS) >= _MAX_AGG_EXTENTS:
                _AGG_EXTENTS.clear()
            sizes = _AGG_EXTENTS[key] = super().get_text_width_height_descent(s, prop, ismath)
        return sizes

    def _get_font_height_metrics(self, prop):
        """As :meth:`_CachedMetrics._get_font_height_metrics`, at the figure's resolution."""
        return _height_metrics(prop, self.dpi)


_AGG_EXTENTS: dict[tuple, tuple[float, float, float]] = {}
_MAX_AGG_EXTENTS = 50_000


class _OutlinesOnce(TextToPath):
    """matplotlib's text outlines, each plain text's worked out once per process: an outlined
    label (a text with path effects) is drawn again in every film of its lesson. A new
    text's outline is put together as ``TextToPath`` puts it together, each glyph's outline
    moved to its place, from the glyphs and places :func:`_shaped` keeps (matplotlib would
    shape the text and load its glyphs again).

    >>> from matplotlib.font_manager import FontProperties
    >>> prop = FontProperties(size=10)
    >>> ours = _OutlinesOnce().get_text_path(prop, "A*")
    >>> theirs = TextToPath().get_text_path(prop, "A*")
    >>> bool(np.array_equal(ours[0], np.asarray(theirs[0]))), list(ours[1]) == list(theirs[1])
    (True, True)
    """

    def get_text_path(self, prop, s, ismath=False, **shaping):
        """The outline of ``s`` at the layout size (``TextToPath.get_text_path``)."""
        if ismath or any(value is not None for value in shaping.values()):
            return super().get_text_path(prop, s, ismath, **shaping)
        key = (_prop_key(prop), s)
        known = _OUTLINED.get(key)
        if known is None:
            vertices, codes = _text_outline(_font_files(prop), s)
            vertices.flags.writeable = False  # shared by every drawing of the text
            if len(_OUTLINED) >= 20_000:
                _OUTLINED.clear()
            known = _OUTLINED[key] = (vertices, tuple(codes))
        return known[0], list(known[1])


def _text_outline(files: tuple[str, ...], s: str) -> tuple[np.ndarray, list]:
    """The outline of ``s`` at the layout size: each glyph's outline moved to its place,
    as ``TextToPath.get_text_path`` joins them (vertices as an n x 2 array, and codes)."""
    glyphs = _shaped(files, s)
    if not glyphs:
        return np.empty((0, 2)), []
    vertices = np.concatenate([_OUTLINES[name][0] + (x, y) for name, x, y in glyphs])
    codes = [code for name, _, _ in glyphs for code in _OUTLINES[name][1]]
    return vertices, codes


#: Plain texts' outlines, by font and text (see :class:`_OutlinesOnce`).
_OUTLINED: dict[tuple, tuple[np.ndarray, tuple]] = {}
#: The one :class:`_OutlinesOnce` every renderer outlines its texts with.
_OUTLINES_ONCE = _OutlinesOnce()


class _Renderer(_CachedMetrics, RendererSVG):
    """matplotlib's SVG renderer writing into :class:`_Markup`, with texts from the caches."""

    def __init__(
        self, width: float, height: float, collections: Mapping[str, int], dpi: float
    ) -> None:
        self._collections = collections
        self._groups: list[str | None] = []  # the groups open: a tagged collection's gid, or None
        super().__init__(width, height, _Discard(), image_dpi=dpi)
        # what path effects draw a text with: RendererBase's __init__ gave this renderer a
        # TextToPath of its own, which would outline every text anew
        self._text2path = _OUTLINES_ONCE
        self.writer = markup = _Markup()
        # the root, as RendererSVG wrote it to the discarded stream (no prolog, no metadata)
        self._start_id = markup.start(
            "svg",
            {"xmlns:xlink": "http://www.w3.org/1999/xlink"},
            width=f"{_short_float_fmt(width)}pt",
            height=f"{_short_float_fmt(height)}pt",
            viewBox=f"0 0 {_short_float_fmt(width)} {_short_float_fmt(height)}",
            xmlns="http://www.w3.org/2000/svg",
            version="1.1",
            id=mpl.rcParams["svg.id"],
        )
        self._write_default_style()

    def _make_id(self, type: str, content) -> str:
        """matplotlib's id of a marker, clip path or hatch, with :data:`SVG_RC`'s salt whatever
        the global setting: a thread's ``rc_context`` ending while another draws would give
        the other random ids (matplotlib salts with a random one when none is set), and a
        legend drawn so would be cached with them, so that the process's films differed from
        another's (seen in the test suite: one film in a few hundred)."""
        digest = hashlib.sha256()
        digest.update(SVG_RC["svg.hashsalt"].encode("utf8"))
        digest.update(str(content).encode("utf8"))
        return f"{type}{digest.hexdigest()[:10]}"

    def _write_metadata(self, metadata) -> None:
        """No metadata: the same scene always gives the same text."""

    def text(self) -> str:
        """The SVG written (after :meth:`finalize`)."""
        return "".join(self.writer.parts)

    # ----------------------------------------------------- tagged collections
    def open_group(self, s: str, gid: str | None = None) -> None:
        self._groups.append(gid if gid in self._collections else None)
        if self._groups[-1] is None:
            super().open_group(s, gid)
            return
        if self.writer.ids:
            raise ValueError(f"collection {gid} is drawn inside another tagged collection")
        self.writer.ids = [int(gid[3:]), self._collections[gid]]
        self.writer.start("g")  # without the collection's id: its elements carry theirs

    def close_group(self, s: str) -> None:
        gid = self._groups.pop()
        if gid is not None:
            left = self.writer.ids[1]
            if left:
                raise ValueError(
                    f"collection {gid} drew {self._collections[gid] - left} elements, "
                    f"but {self._collections[gid]} were tagged"
                )
            self.writer.ids = []
        super().close_group(s)

    def draw_markers(self, gc, marker_path, marker_trans, path, trans, rgbFace=None):
        """``RendererSVG.draw_markers``, each marker's style worked out once for all of them
        (matplotlib works the same style out again for each marker it places)."""
        if not len(path.vertices) or gc.get_url() is not None:
            super().draw_markers(gc, marker_path, marker_trans, path, trans, rgbFace)
            return
        writer = self.writer
        path_data = self._convert_path(
            marker_path, marker_trans + Affine2D().scale(1.0, -1.0), simplify=False
        )
        style = self._get_style_dict(gc, rgbFace)
        dictkey = (path_data, _generate_css(style))
        oid = self._markers.get(dictkey)
        if oid is None:
            oid = self._make_id("m", dictkey)
            writer.start("defs")
            stroke = _generate_css({k: v for k, v in style.items() if k.startswith("stroke")})
            writer.element("path", id=oid, d=path_data, style=stroke)
            writer.end("defs")
            self._markers[dictkey] = oid
        writer.start("g", **self._get_clip_attrs(gc))
        placed = self._make_flip_transform(trans)
        href, style = f"#{oid}", self._get_style(gc, rgbFace)
        clip = (0, 0, self.width * 72, self.height * 72)
        for vertices, _ in path.iter_segments(placed, clip=clip, simplify=False):
            if len(vertices):
                x, y = _short_float_fmt(vertices[-2]), _short_float_fmt(vertices[-1])
                writer.element("use", attrib={"xlink:href": href, "x": x, "y": y, "style": style})
        writer.end("g")

    def draw_path_collection(
        self,
        gc,
        master_transform,
        paths,
        all_transforms,
        offsets,
        offset_trans,
        facecolors,
        edgecolors,
        linewidths,
        linestyles,
        antialiaseds,
        urls,
        offset_position,
        *,
        hatchcolors=None,
    ):
        """matplotlib's collection drawing, each distinct style worked out once.

        The elements, their order, their outlines and their styles are matplotlib's
        (``RendererSVG.draw_path_collection`` and ``RendererBase._iter_collection``); a
        style is made by matplotlib's own ``_get_style`` the first time an element needs
        it, then reused. One thing is written otherwise: where matplotlib defines a path
        once and places a ``<use>`` of it at each element (markers), each element is the
        path itself, its first point placed and the rest relative to it (see
        :func:`_outline_from_start`). The browser clones a ``<use>``'s definition into a
        tree of its own for each element: the two films of bidirectional search's maze
        mount in about 60% of the time (benchmarks/README.md, "Edit to new picture
        painted"), for about 10% more bytes of SVG once gzipped (2-4% of a whole film).
        """
        hatchcolors = [] if hatchcolors is None else hatchcolors
        if any(url is not None for url in urls) or len(paths) == 0:
            super().draw_path_collection(
                gc, master_transform, paths, all_transforms, offsets, offset_trans,
                facecolors, edgecolors, linewidths, linestyles, antialiaseds, urls,
                offset_position, hatchcolors=hatchcolors,
            )  # fmt: skip
            return
        len_path = len(paths[0].vertices)
        uses = self._iter_collection_uses_per_path(
            paths, all_transforms, offsets, facecolors, edgecolors
        )
        raw = list(self._iter_collection_raw_paths(master_transform, paths, all_transforms))
        writer = self.writer
        # matplotlib's rule for defining a path once and placing a <use> of it at each element
        repeated = len_path + 9 * uses + 3 < (len_path + 5) * uses
        if repeated:  # each path's outline from its first point, placed at each element
            outlines = [
                _outline_from_start(
                    self._convert_path(
                        path, Affine2D(transform.get_matrix()).scale(1.0, -1.0), simplify=False
                    )
                )
                for path, transform in raw
            ]
        elements = self._collection_elements(
            gc, len(raw), offsets, offset_trans, facecolors, edgecolors, linewidths,
            linestyles, hatchcolors,
        )  # fmt: skip
        clip_group = ""
        flips: dict[int, tuple] = {}  # id of a transform -> its matrix, flipped to the SVG's
        unmoved: dict[int, object] = {}  # id of a transform -> it flipped to the SVG's
        placed: list[str | None] = []  # each element's path data worked out ahead, or None
        if not repeated and len(raw) == 1 and gc.get_hatch_path() is None:
            elements = list(elements)
            placed = self._placed_outlines(*raw[0], elements, gc)
        elif not repeated and len(raw) > 1:
            elements = list(elements)
            placed = self._placed_paths(raw, elements, gc)
        for n, (xo, yo, index, style, clip, face) in enumerate(elements):
            if clip and not clip_group:  # the same for every element
                clip_group = f"<g{''.join(f' {k}={_quoted(v)}' for k, v in clip.items())}>"
            if repeated:  # the outline placed at the element, in a group that clips it
                outline = outlines[index]
                if outline is None:  # nothing to draw: an element still, as matplotlib's
                    place = ' d=""'
                else:
                    (x0, y0), rest = outline
                    x, y = _short_float_fmt(xo + x0), _short_float_fmt(self.height - yo + y0)
                    place = f' d="M {x} {y} {rest}"'
                if style:
                    place += f" style={_quoted(style)}"
                writer.drawn("path", place, clip_group)
            else:  # the path itself, clipped by its own attribute
                path, transform = raw[index]
                inline = face is None and gc.get_hatch_path() is None
                d = placed[n] if placed else None
                if d is not None:  # written ahead: the same text, at less cost
                    writer.drawn("path", f" d={_quoted(d)}{_attributes(clip)}{_style(style)}")
                    continue
                if inline and xo == 0 and yo == 0 and gc.get_sketch_params() is None:
                    d = self._segment(path, transform, flips)
                if d is None:
                    if xo != 0 or yo != 0:
                        transform = transform.frozen()
                        transform.translate(xo, yo)
                        flipped = self._make_flip_transform(transform)
                    else:  # the elements share their transform: flipped once
                        flipped = unmoved.get(id(transform))
                        if flipped is None:
                            flipped = unmoved[id(transform)] = self._make_flip_transform(transform)
                    d = self._convert_path(
                        path,
                        flipped,
                        clip=inline,
                        simplify=path.should_simplify and inline,
                        sketch=gc.get_sketch_params(),
                    )
                writer.element("path", d=d, **clip, style=style)

    def _placed_outlines(self, path: Path, transform, elements: list, gc) -> list[str | None]:
        """The path data of one path drawn at each element's offset, as the loop of
        :meth:`draw_path_collection` writes it for an element with no face (the matrix
        moved by the offset, flipped to the SVG's, the path clipped to the page), worked
        out for all the elements at once: the same numbers, from the same sums in the same
        order. An element whose outline would leave the page, or stands at the origin (not
        moved), is None: written the slow way. The list is empty (every element written the
        slow way) unless the path is a short one of lines and curves with one start (no
        simplification, no sketch) and the first element's data is matplotlib's own.
        """
        codes = path.codes
        if (
            not elements
            or not len(path.vertices)  # a marker that draws nothing ("none")
            or path.should_simplify
            or gc.get_sketch_params() is not None
            or any(face is not None for *_, face in elements)
            or not np.isfinite(path.vertices).all()
        ):
            return []
        commands = _commands(codes, len(path.vertices))
        if commands is None or not transform.is_affine:
            return []
        matrix = transform.frozen().get_matrix()
        (a, b, c), (d, e, f) = matrix[0], matrix[1]
        xo = np.array([element[0] for element in elements], dtype=float)
        yo = np.array([element[1] for element in elements], dtype=float)
        # Affine2D.translate adds the offset; the flip (scale 1, -1, then up by the height)
        # multiplies it as numpy does: x rows keep their numbers (a zero made positive),
        # y rows are negated and the height added
        ca, cb, cc = a + 0.0, b + 0.0, c + xo
        cd, ce, cf = 0.0 - d, 0.0 - e, self.height - (f + yo)
        x, y = path.vertices[:, 0][:, None], path.vertices[:, 1][:, None]
        px = x * ca + y * cb + cc  # agg's sums: x * sx + y * shx + tx, left to right
        py = x * cd + y * ce + cf
        inside = (
            (px >= 0).all(axis=0) & (px <= self.width).all(axis=0)
            & (py >= 0).all(axis=0) & (py <= self.height).all(axis=0)
            & ((xo != 0) | (yo != 0))
        )  # fmt: skip
        columns = zip(px.T.tolist(), py.T.tolist(), inside.tolist(), strict=True)
        written: dict[float, str] = {}  # a grid's points share their numbers: each written once
        out = [_outline(commands, xs, ys, written) if keep else None for xs, ys, keep in columns]
        first = next((i for i, d in enumerate(out) if d is not None), None)
        if first is not None:
            moved = transform.frozen()
            moved.translate(elements[first][0], elements[first][1])
            own = self._convert_path(path, self._make_flip_transform(moved), clip=True)
            if own != out[first]:
                return []
        return out

    def _placed_paths(self, raw: list, elements: list, gc) -> list[str | None]:
        """The path data of each element of a collection of many paths, each drawn where it
        stands (a polygon collection's), as the loop of :meth:`draw_path_collection` writes
        it: its path through the collection's transform flipped to the SVG's, clipped to the
        page if the element has no face and no hatch. matplotlib converts all the paths
        written one way (clipped, or not) at once, as one path of many starts, and the text
        is cut at each start. An element whose path would be clipped, or simplified, or is
        not a path of lines and curves with one start, is None: written the slow way. The
        list is empty (every element the slow way) unless the paths share one affine
        transform, no element is moved by an offset, nothing is sketched, and the first
        element written each way is matplotlib's own.
        """
        transform = raw[0][1]
        if (
            not elements
            or gc.get_sketch_params() is not None
            or not transform.is_affine
            or any(other is not transform for _, other in raw)
            or any(xo != 0 or yo != 0 for xo, yo, *_ in elements)
        ):
            return []
        flipped = self._make_flip_transform(transform)
        hatched = gc.get_hatch_path() is not None
        one_start: dict[tuple, bool] = {}  # (points, codes) -> the path has one start
        ways: dict[bool, list[int]] = {True: [], False: []}  # clipped or not -> elements
        for n, (_, _, index, _, _, face) in enumerate(elements):
            path = raw[index][0]
            codes = path.codes
            key = (len(path.vertices), None if codes is None else codes.tobytes())
            single = one_start.get(key)
            if single is None:
                single = one_start[key] = key[0] > 1 and _commands(codes, key[0]) is not None
            clipped = face is None and not hatched
            if single and not (clipped and path.should_simplify):
                ways[clipped].append(n)
        out: list[str | None] = [None] * len(elements)
        for clipped, chosen in ways.items():
            paths = [raw[elements[n][2]][0] for n in chosen]
            if clipped:  # only paths inside the page: the clipping leaves them whole
                inside = self._inside(paths, flipped)
                chosen = [n for n, keep in zip(chosen, inside, strict=True) if keep]
                paths = [path for path, keep in zip(paths, inside, strict=True) if keep]
            if not paths:
                continue
            joined = Path.make_compound_path(*paths)
            text = self._convert_path(joined, flipped, clip=clipped, simplify=False)
            pieces = text.split("M ")[1:]
            if len(pieces) != len(paths):
                return []
            if self._convert_path(paths[0], flipped, clip=clipped, simplify=False) != (
                "M " + pieces[0]
            ):
                return []
            for n, piece in zip(chosen, pieces, strict=True):
                out[n] = "M " + piece
        return out

    def _inside(self, paths: list[Path], flipped) -> list[bool]:
        """Whether each of ``paths`` through ``flipped`` lies on the page (then clipping
        leaves it whole)."""
        if not paths:
            return []
        points = flipped.transform(np.concatenate([path.vertices for path in paths]))
        on_page = (
            np.isfinite(points).all(axis=1)
            & (points[:, 0] >= 0) & (points[:, 0] <= self.width)
            & (points[:, 1] >= 0) & (points[:, 1] <= self.height)
        )  # fmt: skip
        starts = np.cumsum([0] + [len(path.vertices) for path in paths[:-1]])
        return np.logical_and.reduceat(on_page, starts).tolist()

    def _segment(self, path: Path, transform, flips: dict) -> str | None:
        """A two-point line's path data, as ``_convert_path`` writes it (clipped to the page),
        worked out without it; None if the line is not a plain one inside the page.

        The numbers are the renderer's own: the same matrix, applied in the same order, and
        written with six decimals, trailing zeros dropped.
        """
        vertices = path.vertices
        if len(vertices) != 2 or path.codes is not None:
            return None
        matrix = flips.get(id(transform))
        if matrix is None:
            matrix = flips[id(transform)] = tuple(
                self._make_flip_transform(transform).get_matrix()[:2].ravel().tolist()
            )
        a, b, c, d, e, f = matrix
        (x0, y0), (x1, y1) = vertices.tolist()
        px0, py0 = x0 * a + y0 * b + c, x0 * d + y0 * e + f
        px1, py1 = x1 * a + y1 * b + c, x1 * d + y1 * e + f
        width, height = self.width, self.height
        if not (0 <= px0 <= width and 0 <= px1 <= width and 0 <= py0 <= height >= py1 >= 0):
            return None  # clipped by the page: matplotlib's own clipping
        return f"M {_number(px0)} {_number(py0)} \nL {_number(px1)} {_number(py1)} \n"

    def _collection_elements(
        self, gc, n_paths, offsets, offset_trans, facecolors, edgecolors, linewidths,
        linestyles, hatchcolors,
    ):  # fmt: skip
        """Each element's (x, y, path index, style, clip, face), as ``_iter_collection`` yields."""
        n_offsets, n_faces, n_edges = len(offsets), len(facecolors), len(edgecolors)
        n_widths, n_styles, n_hatches = len(linewidths), len(linestyles), len(hatchcolors)
        if (n_faces == 0 and n_edges == 0 and n_hatches == 0) or n_paths == 0:
            return
        gc0 = self.new_gc()
        gc0.copy_properties(gc)
        if n_edges == 0:
            gc0.set_linewidth(0.0)
        clip = self._get_clip_attrs(gc0)
        # rows as Python numbers, converted once (the styles are still made from matplotlib's
        # own rows, whose number types the ids of hatch patterns are written from)
        points = offset_trans.transform(offsets).tolist() if n_offsets else None
        faces = np.asarray(facecolors, dtype=float).reshape(n_faces, -1).tolist() if n_faces else []
        edges = _rgba_rows(edgecolors)
        widths = np.asarray(linewidths, dtype=float).ravel().tolist()
        # the graphics context's state, carried from element to element as matplotlib does
        width, dashes, edge, hatch = gc0.get_linewidth(), gc0.get_dashes(), None, None
        styles: dict[tuple, str] = {}
        for i in range(max(n_paths, n_offsets)):
            xo, yo = points[i % n_offsets] if n_offsets else (0.0, 0.0)
            if not (math.isfinite(xo) and math.isfinite(yo)):
                continue
            if n_edges:
                if n_widths:
                    width = widths[i % n_widths]
                if n_styles:
                    dashes = linestyles[i % n_styles]
                colour = edges[i % n_edges]
                if colour[3] == 0.0:  # a fully transparent edge is no stroke
                    width = 0
                else:
                    edge = colour
            if n_hatches:
                hatch = tuple(hatchcolors[i % n_hatches])
            face = faces[i % n_faces] if n_faces else None
            if face is not None and len(face) == 4 and face[3] == 0:
                face = None
            key = (None if face is None else tuple(face), width, _dash_key(dashes), edge, hatch)
            style = styles.get(key)
            if style is None:
                gc0.set_linewidth(width)
                gc0.set_dashes(*dashes)
                if edge is not None:
                    gc0.set_foreground(edge, isRGBA=True)
                if hatch is not None:
                    gc0.set_hatch_color(hatch)
                row = None if face is None else tuple(facecolors[i % n_faces])
                style = styles[key] = self._get_style(gc0, row)
            yield xo, yo, i % n_paths, style, clip, face
        gc0.restore()

    # ----------------------------------------------------------------- texts
    def plain_text(self, x: float, y: float, s: str, prop, rgba: tuple, angle: float = 0.0):
        """What ``draw_text`` writes for ``s`` at (x, y), turned ``angle`` degrees, in
        ``rgba``: no math, no clip. Its group's style and its glyphs are worked out once per
        process for each text, font, colour and angle; only the place is written anew."""
        key = (_prop_key(prop), prop.get_size_in_points(), s, rgba, angle)
        known = _PLAIN_TEXTS.get(key)
        if known is None:
            glyphs, uses = _glyph_layout(_font_files(prop), s)
            style = []
            color = rgb2hex(rgba)
            if color != "#000000":
                style.append(f"fill: {color}")
            if rgba[3] != 1:
                style.append(f"opacity: {_short_float_fmt(rgba[3])}")
            styled = f" style={_quoted('; '.join(style))}" if style else ""
            turned = f" rotate({_short_float_fmt(-angle)})" if angle else ""
            scale = _short_float_fmt(prop.get_size_in_points() / _FONT_SCALE)
            if len(_PLAIN_TEXTS) >= 20_000:
                _PLAIN_TEXTS.clear()
            head = f'<g{styled} transform="translate('
            tail = f'){turned} scale({scale} -{scale})">'
            known = _PLAIN_TEXTS[key] = (glyphs, head, tail, uses + "</g>")
        glyphs, head, tail, uses = known
        place = f"{_short_float_fmt(x)} {_short_float_fmt(y)}"
        defined = self._glyph_map  # shared with matplotlib's own way, for math text
        new = [g for g in glyphs if g not in defined]
        if new:
            defined.update((g, _OUTLINES[g]) for g in new)
            uses = "<defs>" + "".join(_glyph_def(g) for g in new) + "</defs>" + uses
        self.writer.raw(head + place + tail + uses)

    def _draw_text_as_path(self, gc, x, y, s, prop, angle, ismath, mtext=None):
        shaped = mtext is not None and (
            mtext.get_fontfeatures() is not None or mtext.get_language() is not None
        )
        if ismath or shaped:
            super()._draw_text_as_path(gc, x, y, s, prop, angle, ismath, mtext)
            return
        rgb = gc.get_rgb()
        alpha = gc.get_alpha() if gc.get_forced_alpha() else rgb[3]
        self.plain_text(x, y, s, prop, (*rgb[:3], alpha), angle)

    def outlined_text(self, x: float, y: float, s: str, prop, rgba: tuple, angle: float,
                      effects: list) -> bool:  # fmt: skip
        """Write what ``PathEffectRenderer(effects, self).draw_text`` writes for the plain text
        ``s`` at (x, y) in ``rgba`` (no math, no clip), if each effect is a ``Stroke``, a
        ``withStroke`` or a ``Normal``: the text's outline once for each drawing an effect
        makes, each in the style its effect gives it. False (nothing written) for other effects.

        The styles are worked out once per colour and effects, by matplotlib's own
        graphics contexts; only the outline's place is worked out for each text, with the
        very transforms matplotlib composes.

        >>> renderer = _Renderer(100.0, 50.0, {}, POINTS)
        >>> halo = [patheffects.withStroke(linewidth=3, foreground="white")]
        >>> renderer.outlined_text(10, 20, "A", FontProperties(size=10), (0, 0, 0, 1), 0.0, halo)
        True
        >>> sum(part.startswith("<path") for part in renderer.writer.parts)  # halo, then letter
        2
        """
        drawings = self._effect_drawings(rgba, effects)
        if drawings is None:
            return False
        path = Path(*self._text2path.get_text_path(prop, s))
        scale = self.points_to_pixels(prop.get_size_in_points()) / self._text2path.FONT_SCALE
        placed = Affine2D().scale(scale).rotate_deg(angle).translate(x, self.height - y)
        placed = placed.get_matrix()
        flip = Affine2D().scale(1, -1).translate(0, self.height).get_matrix()
        for offset, style in drawings:
            # (placed + offset) + flip, as CompositeAffine2D multiplies them
            moved = placed if offset is None else np.dot(offset, placed)
            d = self._convert_path(path, np.dot(flip, moved), clip=False, simplify=False)
            self.writer.element("path", d=d, style=style)
        return True

    def _effect_drawings(self, rgba: tuple, effects: list) -> tuple | None:
        """Each drawing ``effects`` make of a text in ``rgba``, in order: (the matrix of its
        offset, or None for none at all, and its style); None if an effect is not a
        ``Stroke``, a ``withStroke`` or a ``Normal``."""
        key = (rgba, effects_key(effects))
        known = _EFFECT_DRAWINGS.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known
        gc = self.new_gc()  # as _draw_text_as_path leaves it: the text's colour, no line
        gc.set_foreground(rgba, isRGBA=True)
        gc.set_linewidth(0.0)
        face = gc.get_rgb()
        drawings: list | None = []
        for effect in effects:
            kind = type(effect)
            if kind not in (patheffects.Stroke, patheffects.withStroke, patheffects.Normal):
                drawings = None
                break
            if kind is not patheffects.Normal:  # Stroke.draw_path: a copy of gc, updated
                stroke = self.new_gc()
                stroke.copy_properties(gc)
                stroke = effect._update_gc(stroke, effect._gc)
                offset = effect._offset_transform(self).get_matrix().copy()
                drawings.append((offset, self._get_style(stroke, face)))
                stroke.restore()
            if kind is not patheffects.Stroke:  # the text itself, as it stands
                drawings.append((None, self._get_style(gc, face)))
        gc.restore()
        found = None if drawings is None else tuple(drawings)
        if len(_EFFECT_DRAWINGS) >= 1_000:
            _EFFECT_DRAWINGS.clear()
        _EFFECT_DRAWINGS[key] = found
        return found


def effects_key(effects) -> tuple:
    """Path effects told apart by their kind and settings (a list made anew for each text).

    >>> from matplotlib import patheffects
    >>> a = [patheffects.withStroke(linewidth=3, foreground="white")]
    >>> b = [patheffects.withStroke(linewidth=3, foreground="white")]
    >>> effects_key(a) == effects_key(b) != effects_key([patheffects.Normal()])
    True
    """
    return tuple((type(e).__name__, repr(sorted(vars(e).items()))) for e in effects)


#: The drawings each colour and list of path effects make of a text (see
#: :meth:`_Renderer.outlined_text`), by colour and effects.
_EFFECT_DRAWINGS: dict[tuple, tuple | None] = {}
_UNKNOWN = object()


#: How a path string starts each kind of command, and how many vertices it takes.
_COMMANDS = {Path.LINETO: ("L", 1), Path.CURVE3: ("Q", 2), Path.CURVE4: ("C", 3)}


def _commands(codes, n: int) -> tuple[tuple[str, ...], bool] | None:
    """How a clipped path string writes a path of ``n`` vertices with ``codes``: before
    each vertex the letter of the command it starts, or nothing (a curve's later points);
    and whether its last vertex closes it (written as a line back to its start, then
    ``z``, and not as a vertex of its own). None for a path of more than one start, or of
    other codes.

    >>> _commands(None, 3)
    (('M', 'L', 'L'), False)
    >>> _commands(np.array([1, 4, 4, 4, 79]), 5)
    (('M', 'C', '', ''), True)
    """
    if codes is None:
        return ("M",) + ("L",) * (n - 1), False
    codes = codes.tolist()
    if not codes or codes[0] != Path.MOVETO:
        return None
    letters, i = ["M"], 1
    while i < n:
        code = codes[i]
        if code == Path.CLOSEPOLY and i == n - 1:
            return tuple(letters), True
        letter, count = _COMMANDS.get(code, (None, 0))
        if letter is None or codes[i : i + count] != [code] * count:
            return None
        letters += [letter] + [""] * (count - 1)
        i += count
    return tuple(letters), False


def _outline(
    commands: tuple[tuple[str, ...], bool], xs: list[float], ys: list[float], written: dict
) -> str:
    r"""A path string of ``commands`` (see :func:`_commands`) at the points (xs, ys);
    ``written`` keeps each number's text (see :func:`_number`) for the next outline.

    >>> _outline((("M", "L", "L"), False), [0.5, 2.0, 1.25], [1.0, 3.0, 0.0], {})
    'M 0.5 1 \nL 2 3 \nL 1.25 0 \n'
    >>> _outline((("M", "L"), True), [0.5, 2.0, 0.5], [1.0, 3.0, 1.0], {})
    'M 0.5 1 \nL 2 3 \nL 0.5 1 \nz\n'
    """
    letters, closed = commands
    numbers = []
    for value in xs + ys:
        text = written.get(value)
        if text is None:
            text = written[value] = _number(value)
        numbers.append(text)
    n = len(xs)
    parts = []
    for i, letter in enumerate(letters):
        if letter:
            parts.append(f"\n{letter} " if i else f"{letter} ")
        parts.append(f"{numbers[i]} {numbers[n + i]} ")
    parts.append("\n")
    if closed:
        parts.append(f"L {numbers[0]} {numbers[n]} \nz\n")
    return "".join(parts)


def _attributes(attributes: dict) -> str:
    return "".join(f" {key}={_quoted(value)}" for key, value in attributes.items() if value)


def _style(style: str) -> str:
    return f" style={_quoted(style)}" if style else ""


def _number(value: float) -> str:
    """A coordinate as matplotlib's path strings write it: six decimals, no trailing zeros.

    >>> _number(28.8), _number(-0.0000001), _number(3.0)
    ('28.8', '-0', '3')
    """
    text = f"{value:.6f}".rstrip("0")
    return text[:-1] if text.endswith(".") else text


def _rgba_rows(colours) -> list[tuple[float, ...]]:
    """Each colour as an RGBA tuple of Python floats (``to_rgba`` of each)."""
    try:
        return [tuple(row) for row in np.asarray(colours, dtype=float).reshape(-1, 4).tolist()]
    except (TypeError, ValueError):  # names or other forms: matplotlib's own reading
        return [to_rgba(colour) for colour in colours]


def _dash_key(dashes) -> tuple:
    offset, sequence = dashes
    return offset, None if sequence is None else tuple(float(v) for v in sequence)


class _Discard:
    """Where RendererSVG writes its prolog and root: nowhere (they are written again)."""

    def write(self, text: str) -> None:
        """Drop ``text``."""


# ------------------------------------------------------------- the caches
def _prop_key(prop) -> tuple:
    return (
        tuple(prop.get_family()),
        prop.get_style(),
        prop.get_variant(),
        prop.get_weight(),
        prop.get_stretch(),
        prop.get_file(),
    )


_FILES: dict[tuple, tuple[str, ...]] = {}


def _font_files(prop) -> tuple[str, ...]:
    """The font files matplotlib draws ``prop`` with (the first, then its fallbacks)."""
    key = _prop_key(prop)
    files = _FILES.get(key)
    if files is None:
        files = _FILES[key] = tuple(fontManager._find_fonts_by_props(prop))
    return files


def _font(files: tuple[str, ...]):
    font = get_font(list(files))
    font.set_size(_FONT_SCALE, TextToPath.DPI)
    return font


@lru_cache(maxsize=20_000)
def _extent(files: tuple[str, ...], s: str) -> tuple[float, float, float]:
    """The width, height and descent of ``s`` at the layout size, as matplotlib measures them.

    ``FT2Font.set_text`` shapes ``s`` as ``FT2Font._layout`` does and measures the advance
    to the end of its last glyph (its width) and the glyphs' boxes put together (its
    height and descent). The glyphs :func:`_shaped` places give the same numbers without
    shaping ``s`` a second time. A text with combining marks or format characters (whose
    advances the shaping changes), or whose glyphs are moved up or down or placed right to
    left, is measured by ``set_text`` itself.

    >>> files = _font_files(_DEFAULT_FONT)
    >>> font = _font(files)
    >>> _ = font.set_text("Te: 2", 0.0, flags=LoadFlags.NO_HINTING)
    >>> measured = [value / 64 for value in (*font.get_width_height(), font.get_descent())]
    >>> _extent(files, "Te: 2") == tuple(measured)
    True
    """
    glyphs = _shaped(files, s)
    if not glyphs:
        return 0.0, 0.0, 0.0
    places = [x for _, x, _ in glyphs]
    if _marked(s) or any(y for _, _, y in glyphs) or places != sorted(places):
        font = _font(files)
        font.set_text(s, 0.0, flags=LoadFlags.NO_HINTING)
        width, height = font.get_width_height()
        return width / 64.0, height / 64.0, font.get_descent() / 64.0
    boxes = [_GLYPH_METRICS[name][1] for name, _, _ in glyphs]
    bottom, top = min(box[1] for box in boxes), max(box[3] for box in boxes)
    last, x, _ = glyphs[-1]
    width = round(x * 64) + _GLYPH_METRICS[last][0]  # FreeType's 26.6 units, as integers
    return width / 64.0, (top - bottom) / 64.0, -bottom / 64.0


def _marked(s: str) -> bool:
    """Whether ``s`` holds a combining mark or a format character (a zero-width joiner).

    >>> _marked("e\u0301"), _marked("α ≤ β")
    (True, False)
    """
    return any(unicodedata.category(c)[0] == "M" or unicodedata.category(c) == "Cf" for c in s)


@lru_cache(maxsize=20_000)
def _shaped(files: tuple[str, ...], s: str) -> tuple[tuple[str, float, float], ...]:
    """Each glyph ``s`` is drawn with, as the font shapes it (``FT2Font._layout``), once per
    process: (its name, x, y). Plain text in matplotlib's DejaVu fonts is placed the same
    without shaping it (:mod:`search_viz.film.pair_shaping`). A glyph never seen before is
    loaded at once (:func:`_known_glyph`).

    >>> [name for name, *_ in _shaped(_font_files(_DEFAULT_FONT), "fi!")]  # a ligature
    ['DejaVuSans-13af', 'DejaVuSans-4']
    """
    font = _font(files)
    if by_pairs(font, s):
        return _placed_by_pairs(font, s)
    return tuple(
        (_known_glyph(item.ft_object, item.glyph_index), item.x, item.y)
        for item in font._layout(s, LoadFlags.NO_HINTING, features=None, language=None)
    )


def _placed_by_pairs(font, s: str) -> tuple[tuple[str, float, float], ...]:
    """What :func:`_shaped` gives for a text :func:`by_pairs` places: each glyph after the
    one before by that one's advance and the pair's kerning (in 26.6 units, exact)."""
    glyphs, x, before = [], 0, None
    for index in glyph_indices(font, s):
        name = _known_glyph(font, index)
        if before is not None:
            x += _GLYPH_METRICS[before[1]][0] + kerning(font, before[0], index, _FONT_SCALE)
        glyphs.append((name, x / 64.0, 0.0))
        before = (index, name)
    return tuple(glyphs)


def _known_glyph(font, index: int) -> str:
    """The name of glyph ``index`` of ``font``, loaded (its outline and its metrics) the
    first time it is seen, while the font has the layout size."""
    name = _glyph_name(font, index)
    if name not in _GLYPH_METRICS:
        glyph = font.load_glyph(index, flags=LoadFlags.NO_HINTING)
        _OUTLINES[name] = font.get_path()
        # the shaping's advance: FreeType's linear one (16.16) rounded to 26.6, half up
        advance = (glyph.linearHoriAdvance + 512) >> 10
        _GLYPH_METRICS[name] = (advance, tuple(glyph.bbox))
    return name


#: Each glyph's advance (as the shaping advances past it) and box at the layout size, in
#: FreeType's 26.6 units, by its name.
_GLYPH_METRICS: dict[str, tuple[int, tuple[int, int, int, int]]] = {}


@lru_cache(maxsize=256)
def _height_tables(files: tuple[str, ...]) -> tuple[int, int, int, int] | None:
    """The font's line gap, ascender, descender and units per em, as ``Text`` reads them.

    From the OS/2 table, else hhea; None when the font has neither (then
    matplotlib measures the text instead).
    """
    font = get_font(list(files))
    possible = [
        ("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
        ("hhea", "lineGap", "ascent", "descent"),
    ]
    for table_name, gap_key, ascent_key, descent_key in possible:
        table = font.get_sfnt_table(table_name)
        if table is not None:
            units = font.get_sfnt_table("head")["unitsPerEm"]
            return table[gap_key], table[ascent_key], table[descent_key], units
    return None


@lru_cache(maxsize=20_000)
def _glyph_layout(files: tuple[str, ...], s: str) -> tuple[tuple[str, ...], str]:
    """The glyphs ``s`` is drawn with, and the ``<use>`` markup that places them.

    Laid out as ``TextToPath.get_glyphs_with_font`` lays them out: the same shaping
    (``FT2Font._layout``, see :func:`_shaped`) places each glyph, and a glyph is named as
    matplotlib names it.

    >>> glyphs, uses = _glyph_layout(_font_files(_DEFAULT_FONT), "ab")
    >>> glyphs
    ('DejaVuSans-44', 'DejaVuSans-45')
    >>> uses.split("/>")[1]
    '<use xlink:href="#DejaVuSans-45" transform="translate(61.28125 0)"'
    """
    names, uses = [], []
    for name, x, y in _shaped(files, s):
        names.append(name)
        place = f' transform="translate({_short_float_fmt(x)} {_short_float_fmt(y)})"'
        if x == 0 and y == 0:
            place = ""
        uses.append(f'<use xlink:href="#{_glyph_id(name)}"{place}/>')
    return tuple(dict.fromkeys(names)), "".join(uses)


def _glyph_name(font, index: int) -> str:
    """matplotlib's name for glyph ``index`` of ``font`` (``TextToPath._get_glyph_repr``),
    worked out once per process."""
    key = (font.postscript_name, index)
    name = _GLYPH_NAMES.get(key)
    if name is None:
        name = _GLYPH_NAMES[key] = _TEXT_TO_PATH._get_glyph_repr(font, index)
    return name


_GLYPH_NAMES: dict[tuple[str, int], str] = {}


#: Plain texts' markup, by font, size, text and colour (see :meth:`_Renderer.plain_text`).
_PLAIN_TEXTS: dict[tuple, tuple] = {}

#: Each glyph's outline, by its id (the font's PostScript name and the glyph's number).
_OUTLINES: dict[str, tuple] = {}


@lru_cache(maxsize=5_000)
def _glyph_def(name: str) -> str:
    """The ``<path>`` defining one glyph, as matplotlib writes it."""
    vertices, codes = _OUTLINES[name]
    # x64: FreeType's own integral units, scaled back by the path's transform
    d = _path_data(Path(vertices * 64, codes))
    d = f' d="{d}"' if d else ""  # a space has no outline
    return f'<path id="{_glyph_id(name)}"{d} transform="scale(0.015625)"/>'


def _glyph_id(name: str) -> str:
    return name.replace("%20", "_")


def _path_data(path: Path) -> str:
    from matplotlib import _path

    return _path.convert_to_string(
        path, None, None, False, None, 6, [b"M", b"L", b"Q", b"C", b"z"], False
    ).decode("ascii")


__all__ = [
    "POINTS",
    "SVG_RC",
    "figure_svg",
    "measuring_renderer",
    "prepare_fonts",
    "svg_rc",
    "text_width",
]
