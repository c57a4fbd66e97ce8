"""A sketch's SVG: each recorded call written as its matplotlib artist's ``draw`` writes it.

The renderer is :mod:`search_viz.film.svg_writer`'s: each writer below asks it for what
the artist's own ``draw`` would (the same paths, styles, glyphs, clip rectangles and
groups), without making the artist. ``tests/test_sketch.py`` holds the result to be the
SVG matplotlib saves of the sketch's replayed figure.

>>> from search_viz.film.sketch import Sketch
>>> sketch = Sketch(1, 1)
>>> _ = sketch.axes((0, 0, 1, 1), xlim=(0, 1), ylim=(0, 1)).text(0.5, 0.5, "A")
>>> write_svg(sketch).startswith("<svg ")
True
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import TYPE_CHECKING

import matplotlib as mpl
import numpy as np
from matplotlib.colors import to_rgba, to_rgba_array
from matplotlib.lines import _get_dash_pattern, _scale_dashes
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path
from matplotlib.patheffects import PathEffectRenderer
from matplotlib.transforms import Affine2D, IdentityTransform

from search_viz.film.scene import _CollectionLooks
from search_viz.film.sketch_text import anchor_of, layout_key, legend_of, text_layout
from search_viz.film.svg_writer import (
    _OUTLINES,
    POINTS,
    _glyph_def,
    _prop_key,
    _Renderer,
    effects_key,
    svg_rc,
)

if TYPE_CHECKING:
    from search_viz.film.sketch import Sketch, SketchAxes, _Drawn

#: A figure's default line widths and colours, as matplotlib reads them.
_RC = mpl.rcParams


def write_svg(sketch: Sketch) -> str:
    """The sketch as SVG text, every item drawn with the id ``sv<n>`` (see ``Sketch.svg``)."""
    width, height = sketch.size_points
    counts = {d.gid: d.count for d in sketch._drawn if d.gid and d.gid.startswith("svc")}
    with svg_rc():
        renderer = _Renderer(width, height, counts, _RC["figure.dpi"])
        renderer.open_group("figure")
        _draw_figure_patch(renderer, width, height)
        for axes in sketch._axes:
            renderer.open_group("axes")
            for drawn in _in_drawing_order(d for d in sketch._drawn if d.owner is axes):
                _WRITERS[drawn.kind](renderer, sketch, drawn)
            renderer.close_group("axes")
        for drawn in _in_drawing_order(d for d in sketch._drawn if d.owner is None):
            _WRITERS[drawn.kind](renderer, sketch, drawn)
        renderer.close_group("figure")
        renderer.finalize()
    return renderer.text()


def _in_drawing_order(drawn) -> list:
    """matplotlib draws an axes' (or a figure's) artists by zorder, ties in insertion order."""
    return sorted(drawn, key=lambda d: d.zorder)


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


def _clipped_gc(renderer, axes: SketchAxes, clip_on: bool = True):
    """A graphics context clipped to ``axes``, as an artist's with ``clip_on`` (the default)."""
    gc = renderer.new_gc()
    if clip_on:
        gc.set_clip_rectangle(axes.bbox())
    return gc


def _dashes(styles, widths: np.ndarray) -> list[tuple]:
    """Each element's (offset, dashes), scaled by its width, as a collection keeps them."""
    patterns = [_get_dash_pattern(s) for s in (styles if isinstance(styles, list) else [styles])]
    n = max(len(patterns), len(widths))
    scaled, each = {}, []  # most elements share a style and a width: each pair is scaled once
    for i in range(n):
        key = (i % len(patterns), float(widths[i % len(widths)]))
        if key not in scaled:
            scaled[key] = _scale_dashes(*patterns[key[0]], key[1])
        each.append(scaled[key])
    return each


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
    gc = _clipped_gc(renderer, drawn.owner, kw.get("clip_on", True))
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
    gc = _clipped_gc(renderer, drawn.owner, kw.get("clip_on", True))
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
    layout = text_layout(s, **layout_key(kw))
    px, py = anchor_of(sketch, drawn)
    renderer.open_group("text", drawn.gid)
    if layout.box is not None:  # matplotlib's FancyBboxPatch around the text, drawn first
        x_box, y_box, _, _ = layout.textbox
        face = layout.box._facecolor if layout.box._facecolor[3] else None
        place = Affine2D().translate(px + x_box, py + y_box)
        layout.box._draw_paths_with_artist_properties(renderer, [(layout.box_path, place, face)])
    rgba = to_rgba(kw.get("color", _RC["text.color"]))
    height = sketch.size_points[1]
    effects = kw.get("path_effects")
    angle = layout.angle
    if not effects and not any(ismath for _, ismath in layout.lines):  # the common case, fast
        for (line, _), (dx, dy) in zip(layout.lines, layout.offsets, strict=True):
            renderer.plain_text(px + dx, height - (py + dy), line, layout.font, rgba, angle)
        renderer.close_group("text")
        return
    gc = renderer.new_gc()
    gc.set_foreground(rgba, isRGBA=True)
    writer = PathEffectRenderer(effects, renderer) if effects else renderer
    for (line, ismath), (dx, dy) in zip(layout.lines, layout.offsets, strict=True):
        x, y = px + dx, height - (py + dy)
        if not effects or ismath:
            writer.draw_text(gc, x, y, line, layout.font, angle, ismath=ismath)
            continue
        page = (renderer.width, renderer.height)  # what clips and flips the outline
        key = (line, _prop_key(layout.font), layout.font.get_size_in_points(), x, y, angle,
               rgba, effects_key(effects), page)  # fmt: skip
        markup = _OUTLINED_TEXTS.get(key)
        if markup is None:
            renderer.writer.raw("")  # the group's start tag closed: what follows is the text's
            start = len(renderer.writer.parts)
            if not renderer.outlined_text(x, y, line, layout.font, rgba, angle, effects):
                writer.draw_text(gc, x, y, line, layout.font, angle)
            markup = "".join(renderer.writer.parts[start:])
            if len(_OUTLINED_TEXTS) >= 20_000:
                _OUTLINED_TEXTS.clear()
            _OUTLINED_TEXTS[key] = markup
        else:
            renderer.writer.raw(markup)
    gc.restore()
    renderer.close_group("text")


#: The markup of each outlined text (a text with path effects, such as a graph's node
#: names) written where it stands on a page of its size: a graph drawn again (another
#: search, another goal) writes its labels where they stood, as they were written.
_OUTLINED_TEXTS: dict[tuple, str] = {}


def _write_legend(renderer, sketch: Sketch, drawn: _Drawn) -> None:
    legend = legend_of(sketch, drawn)
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


__all__ = ["write_svg"]
