"""One drawing: the SVG a film's scene is written as is the SVG matplotlib itself exports.

The scene's SVG is written by ``search_viz.film.svg_writer`` (matplotlib draws, a faster
writer writes). For each lesson's default film, its scene with every item shown is saved
by matplotlib's own SVG backend too; the two documents must hold the very same elements,
attributes and text, in the same order (matplotlib's comments, metadata and white space
aside), the tagged collections' elements numbered as the film numbers its items.
The pictures the browser paints of them are compared in ``test_scene_pictures.py``.
"""

from __future__ import annotations

import io
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import matplotlib as mpl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib import patheffects
from matplotlib.figure import Figure
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path
from matplotlib.textpath import TextToPath

from search_viz.film import Scene
from search_viz.film.svg_writer import SVG_RC, figure_svg
from tests.app.lesson_films import LESSON_FILMS

SVG = "{http://www.w3.org/2000/svg}"


def matplotlib_svg(figure) -> str:
    """The figure as matplotlib's own SVG backend writes it (comments and metadata dropped)."""
    buffer = io.StringIO()
    with mpl.rc_context(SVG_RC):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()


def numbered(root: ET.Element, counts: dict[str, int]) -> ET.Element:
    """matplotlib's tree with each tagged collection's drawn elements given their item ids."""
    for group in root.iter(f"{SVG}g"):
        gid = group.get("id", "")
        if gid in counts:
            drawn = list(_drawn(group))
            assert len(drawn) == counts[gid], gid
            for offset, element in enumerate(drawn):
                element.set("id", f"sv{int(gid[3:]) + offset}")
            del group.attrib["id"]
    return root


def _drawn(group: ET.Element):
    for child in group:
        if child.tag == f"{SVG}defs":
            continue
        if child.tag in (f"{SVG}path", f"{SVG}use"):
            yield child
        else:
            yield from _drawn(child)


def uses_placed(root: ET.Element) -> ET.Element:
    """matplotlib's tree as the film writes a collection's markers: each ``<use>`` of a path
    matplotlib defined for a collection (an id ``C…``) becomes that path moved to the use's
    x and y, and the definitions go (the film writes the outline from each element's place,
    see ``svg_writer._outline_from_start``; :func:`shape` compares the two within 1e-5 pt).
    """
    defined = {}
    for defs in list(root.iter(f"{SVG}defs")):
        for path in list(defs.findall(f"{SVG}path")):
            if path.get("id", "").startswith("C"):
                defined[path.get("id")] = path.get("d")
                defs.remove(path)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == f"{SVG}defs" and not len(child) and child.get("id") is None:
                parent.remove(child)
    for use in root.iter(f"{SVG}use"):
        d = defined.get((use.get(XLINK_HREF) or "").lstrip("#"))
        if d is None:
            continue
        x, y = float(use.attrib.pop("x")), float(use.attrib.pop("y"))
        del use.attrib[XLINK_HREF]
        use.tag = f"{SVG}path"
        commands, points = _absolute(d)
        moved = iter([n + (x if i % 2 == 0 else y) for i, n in enumerate(points)])
        use.set("d", " ".join(f"{c} " + " ".join(repr(next(moved)) for _ in range(_COUNTS[c]))
                              for c in commands))  # fmt: skip
    return root


XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
#: How many numbers follow each command of path data.
_COUNTS = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}


def _absolute(d: str) -> tuple[tuple[str, ...], list[float]]:
    """Path data as its commands (upper case) and every point's absolute coordinates."""
    tokens = re.findall(r"[MLQCZmlqcz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?", d)
    commands, points, i = [], [], 0
    here = start = (0.0, 0.0)
    while i < len(tokens):
        command = tokens[i]
        count = _COUNTS[command.upper()]
        numbers = [float(t) for t in tokens[i + 1 : i + 1 + count]]
        i += 1 + count
        if command.islower() and command != "z":
            numbers = [n + here[k % 2] for k, n in enumerate(numbers)]
        commands.append(command.upper())
        points += numbers
        if command in "zZ":
            here = start
        else:
            here = (numbers[-2], numbers[-1])
            if command in "Mm":
                start = here
    return tuple(commands), points


class PathData:
    """A ``d`` attribute as :func:`shape` compares it: the very text, or, where either side
    is written with relative moves, the same commands through points within 1e-5 pt."""

    def __init__(self, d: str) -> None:
        self.d = d

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PathData):
            return NotImplemented
        if self.d == other.d:
            return True
        if not re.search("[lqcm]", self.d + other.d):
            return False
        (mine, a), (theirs, b) = _absolute(self.d), _absolute(other.d)
        return (
            mine == theirs
            and len(a) == len(b)
            and all(abs(x - y) <= 1e-5 for x, y in zip(a, b, strict=True))
        )

    def __repr__(self) -> str:
        return repr(self.d)


def shape(element: ET.Element) -> tuple:
    """An element as comparable data: tag, attributes, text, children (metadata left out)."""
    children = [c for c in element if c.tag != f"{SVG}metadata"]
    attributes = dict(element.attrib)
    if "d" in attributes:
        attributes["d"] = PathData(attributes["d"])
    return (element.tag, attributes, (element.text or "").strip(), [shape(c) for c in children])


def first_difference(a: tuple, b: tuple, where: str = "svg") -> str | None:
    if a[:3] != b[:3]:
        return f"{where}: matplotlib {a[:3]!r} but written {b[:3]!r}"
    if len(a[3]) != len(b[3]):
        return f"{where}: matplotlib has {len(a[3])} children, written {len(b[3])}"
    for i, (x, y) in enumerate(zip(a[3], b[3], strict=True)):
        found = first_difference(x, y, f"{where}/{x[0].replace(SVG, '')}[{i}]")
        if found:
            return found
    return None


def scenes(lesson: str) -> list[Scene]:
    """Fresh copies of the scenes a lesson's default film (films, in compare mode) draws."""
    return [film.scene() for film in films(lesson)]


def films(lesson: str) -> list:
    """A lesson's default film (films, in compare mode)."""
    films = [LESSON_FILMS[lesson]()]
    if lesson == "bidirectional-search":  # compare mode: plain BFS beside it
        from search_viz.lessons.bidirectional.page import cached_films
        from search_viz.lessons.shared.graph_cases import MAZE

        films.append(cached_films(MAZE, (16, 0.25, 1), "layer")[1])
    return films


@pytest.mark.parametrize("lesson", sorted(LESSON_FILMS))
def test_each_lesson_s_scene_is_written_as_matplotlib_writes_it(lesson):
    for scene in scenes(lesson):
        counts = scene._first_numbers()
        with scene.everything_shown() as figure:
            reference = uses_placed(numbered(ET.fromstring(matplotlib_svg(figure)), counts))
            written = figure_svg(figure, counts)
        assert first_difference(shape(reference), shape(ET.fromstring(written))) is None
        assert written == scene.svg()  # the film's own text, written again: the same
        assert not re.search(r">\s+<", written)  # one line, as the film has always sent it


def test_a_collection_that_draws_another_number_of_elements_than_tagged_is_refused():
    fig = Figure(figsize=(2, 1))
    ax = fig.add_axes((0, 0, 1, 1))
    dots = ax.scatter([0.2, 0.5, 0.8], [0.5, 0.5, 0.5])
    dots.set_gid("svc0")
    with pytest.raises(ValueError, match="drew 3 elements, but 2 were tagged"):
        figure_svg(fig, {"svc0": 2})


def test_text_in_every_size_rotation_colour_and_alpha_is_written_as_matplotlib_writes_it():
    fig = Figure(figsize=(3, 2))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.text(0.1, 0.2, "α ≥ β: prune", fontsize=13, fontweight="bold", color="#D55E00")
    ax.text(0.5, 0.5, "two\nlines", rotation=30, alpha=0.5, ha="center", va="center")
    ax.text(0.9, 0.9, "$x^2$ and 10 ↑", fontsize=7, ha="right", bbox={"boxstyle": "round"})
    fig.legend(handles=ax.plot([0, 1], [0, 1], "o--", label="a line"), loc="lower right")
    reference = ET.fromstring(matplotlib_svg(fig))
    written = ET.fromstring(figure_svg(fig, {}))
    assert first_difference(shape(reference), shape(written)) is None


def test_an_outlined_text_written_again_is_outlined_once_and_written_as_matplotlib_writes_it(
    monkeypatch,
):
    from search_viz.film import svg_writer

    outlined, outline = [], svg_writer._text_outline

    def counted(files, s):
        outlined.append(s)
        return outline(files, s)

    monkeypatch.setattr(svg_writer, "_text_outline", counted)
    asked = []
    monkeypatch.setattr(TextToPath, "get_text_path", lambda *a, **k: asked.append(a))
    fig = Figure(figsize=(2, 1))
    halo = [patheffects.withStroke(linewidth=3, foreground="white")]
    fig.text(0.5, 0.5, "Qz twice", fontsize=11, path_effects=halo)
    written = [figure_svg(fig, {}) for _ in range(3)]
    assert outlined == ["Qz twice"]  # then the process's own copy, every time
    assert asked == []  # from the glyphs the process keeps, not shaped by matplotlib again
    monkeypatch.undo()
    reference = ET.fromstring(matplotlib_svg(fig))
    assert first_difference(shape(reference), shape(ET.fromstring(written[-1]))) is None


def _effect(kind: str, width: float, colour: str, offset: tuple):
    if kind == "withStroke":
        return patheffects.withStroke(linewidth=width, foreground=colour)
    if kind == "Stroke":
        return patheffects.Stroke(offset=offset, linewidth=width, foreground=colour)
    if kind == "Normal":
        return patheffects.Normal()
    return patheffects.SimplePatchShadow(offset=offset)  # not one the shortcut writes


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet="AbQz 09*=α", min_size=1, max_size=6),
    size=st.floats(5, 24),
    weight=st.sampled_from(["normal", "bold"]),
    place=st.tuples(st.floats(-50, 350), st.floats(-50, 250)),
    angle=st.sampled_from([0.0, 30.0, -90.0, 12.5]),
    rgba=st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1), st.floats(0.1, 1)),
    effects=st.lists(
        st.tuples(
            st.sampled_from(["withStroke", "Stroke", "Normal", "SimplePatchShadow"]),
            st.floats(0.5, 5),
            st.sampled_from(["white", "#D55E00", (0.2, 0.4, 0.6, 0.5)]),
            st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_an_outlined_text_is_written_as_matplotlib_s_path_effects_write_it(
    text, size, weight, place, angle, rgba, effects
):
    from matplotlib.font_manager import FontProperties
    from matplotlib.patheffects import PathEffectRenderer

    from search_viz.film.svg_writer import _Renderer

    prop = FontProperties(size=size, weight=weight)
    made = [_effect(*effect) for effect in effects]
    ours, theirs = _Renderer(300.0, 200.0, {}, 72.0), _Renderer(300.0, 200.0, {}, 72.0)
    page = len(ours.writer.parts)  # the root's start tag
    written = ours.outlined_text(*place, text, prop, rgba, angle, made)
    gc = theirs.new_gc()
    gc.set_foreground(rgba, isRGBA=True)
    PathEffectRenderer(made, theirs).draw_text(gc, *place, text, prop, angle, ismath=False)
    if any(kind == "SimplePatchShadow" for kind, *_ in effects):
        assert not written  # left to matplotlib
        assert len(ours.writer.parts) == page
    else:
        assert written
        assert "".join(ours.writer.parts) == "".join(theirs.writer.parts)


@settings(max_examples=300, deadline=None)
@given(
    ends=st.lists(st.floats(-20, 20, allow_nan=False), min_size=4, max_size=4),
    scale=st.tuples(st.floats(0.5, 80), st.floats(-80, 80)),
    shift=st.tuples(st.floats(-100, 400), st.floats(-100, 400)),
    rounded=st.booleans(),
)
def test_a_line_s_path_data_is_written_as_matplotlib_writes_it(ends, scale, shift, rounded):
    """The writer's shortcut for a two-point line gives matplotlib's own path text (or
    leaves a line the page clips to matplotlib)."""
    from matplotlib.path import Path
    from matplotlib.transforms import Affine2D

    from search_viz.film.svg_writer import _Renderer

    renderer = _Renderer(300.0, 200.0, {}, 72.0)
    points = [round(v) if rounded else v for v in ends]
    path = Path([points[:2], points[2:]])
    transform = Affine2D().scale(*scale).translate(*shift)
    ours = renderer._segment(path, transform, {})
    theirs = renderer._convert_path(path, renderer._make_flip_transform(transform), clip=True)
    assert ours is None or ours == theirs


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(st.characters(codec="latin-1", exclude_categories=("Cc", "Cs")), max_size=12),
    weight=st.sampled_from(["normal", "bold"]),
    style=st.sampled_from(["normal", "italic"]),
    size=st.floats(4, 30),
)
def test_an_outline_kept_is_the_outline_matplotlib_makes(text, weight, style, size):
    """An outlined label's path, worked out once and kept, is matplotlib's, asked twice."""
    import numpy as np
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    from search_viz.film.svg_writer import _OutlinesOnce

    prop = FontProperties(weight=weight, style=style, size=size)
    theirs = TextToPath().get_text_path(prop, text)
    for _ in range(2):
        vertices, codes = _OutlinesOnce().get_text_path(prop, text)
        assert np.array_equal(vertices, np.asarray(theirs[0], dtype=float).reshape(-1, 2))
        assert list(codes) == list(theirs[1])


@settings(max_examples=60, deadline=None)
@given(
    marker=st.sampled_from(["o", "s", "^", "x", "*", "D", "_"]),
    size=st.floats(1, 30),
    alpha=st.sampled_from([None, 0.5]),
    face=st.sampled_from(["#E69F00", "none", "white"]),
    points=st.lists(
        st.tuples(st.floats(-0.5, 1.5), st.floats(-0.5, 1.5)) | st.just((math.nan, 0.5)),
        min_size=1,
        max_size=15,
    ),
)
def test_a_line_s_markers_are_written_as_matplotlib_writes_them(marker, size, alpha, face, points):
    """Markers placed along a line (``ax.plot`` with a marker): each placed marker's style
    worked out once, the same text; points off the page or not a number left out."""
    fig = Figure(figsize=(2, 1.5))
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    xs, ys = zip(*points, strict=True)
    ax.plot(xs, ys, ls="none", marker=marker, markersize=size, alpha=alpha,
            markerfacecolor=face, markeredgecolor="black", clip_on=False)  # fmt: skip
    ax.plot(xs, ys, ls="none", marker=marker, markersize=size / 2)  # clipped to the axes
    reference = ET.fromstring(matplotlib_svg(fig))
    written = ET.fromstring(figure_svg(fig, {}))
    assert first_difference(shape(reference), shape(written)) is None


#: What the lessons write, and more: ligatures (fi, ffl), math signs, Greek, combining
#: marks (moved by the shaping), a zero-width joiner, spaces at either end.
TEXT_CHARACTERS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?'\"()[]{}-+=*/<>"
    "_|~^%$#@&αβγΔΣπ≤≥≠−–—→←↑·…∞√×÷°€éüñĳ\u0301\u0308\u200d"
)


@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")  # drawn as a box: measured too
@settings(max_examples=400, deadline=None)
@given(
    text=st.text(st.sampled_from(TEXT_CHARACTERS), max_size=16),
    family=st.sampled_from(["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "STIXGeneral"]),
    weight=st.sampled_from(["normal", "bold"]),
    style=st.sampled_from(["normal", "italic"]),
)
def test_a_text_s_width_height_and_descent_are_the_ones_matplotlib_measures(
    text, family, weight, style
):
    """A text's size is worked out from its shaped glyphs (one shaping for its size and
    its glyphs), and is what FreeType's ``set_text`` measures for matplotlib."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.ft2font import LoadFlags

    from search_viz.film.svg_writer import _extent, _font, _font_files

    files = _font_files(FontProperties(family=family, weight=weight, style=style))
    font = _font(files)
    font.set_text(text, 0.0, flags=LoadFlags.NO_HINTING)
    measured = tuple(value / 64 for value in (*font.get_width_height(), font.get_descent()))
    assert _extent(files, text) == measured


@settings(max_examples=200, deadline=None)
@given(
    marker=st.sampled_from(["s", "o", "^", "D", "x", "+", "h", "*", "|"]),
    size=st.floats(0.5, 60),
    turn=st.sampled_from([0.0, 30.0, 90.0, -45.0]),
    places=st.lists(
        st.tuples(st.floats(-50, 350), st.floats(-50, 250)) | st.just((0.0, 0.0)),
        min_size=1,
        max_size=12,
    ),
)
def test_a_marker_s_outline_at_each_place_is_written_as_matplotlib_writes_it(
    marker, size, turn, places
):
    """The writer's shortcut for one path at many places (a collection with no face, such
    as a maze's invisible squares) gives, element for element, matplotlib's own path text,
    or leaves the element to matplotlib (at the origin, or where the page clips it)."""
    from matplotlib.markers import MarkerStyle
    from matplotlib.transforms import Affine2D

    from search_viz.film.svg_writer import _Renderer

    renderer = _Renderer(300.0, 200.0, {}, 72.0)
    style = MarkerStyle(marker)
    path = style.get_path().transformed(style.get_transform())
    transform = Affine2D().rotate_deg(turn).scale(size)
    elements = [(x, y, 0, "", {}, None) for x, y in places]
    ours = renderer._placed_outlines(path, transform, elements, renderer.new_gc())
    for (x, y), mine in zip(places, ours or [None] * len(places), strict=True):
        moved = transform.frozen()
        if x != 0 or y != 0:
            moved.translate(x, y)
        theirs = renderer._convert_path(path, renderer._make_flip_transform(moved), clip=True)
        assert mine is None or mine == theirs
    if marker in ("s", "o") and size < 20 and any(10 < x < 280 and 10 < y < 180 for x, y in places):
        assert any(ours), "the shortcut wrote none of the markers well inside the page"


@settings(max_examples=60, deadline=None)
@given(
    marker=st.sampled_from(
        [
            "o",
            "s",
            "^",
            "v",
            "D",
            "d",
            "p",
            "h",
            "8",
            "*",
            "P",
            "X",
            "x",
            "+",
            "1",
            "|",
            ".",
            "none",
        ]
    ),
    size=st.floats(4, 400),
    places=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=2, max_size=30),
    face=st.sampled_from(["#E69F00", "none", "white"]),
)
def test_a_collection_s_markers_are_placed_where_matplotlib_places_its_uses(
    marker, size, places, face
):
    """A scatter's markers, which matplotlib writes as one definition and a ``<use>`` at each
    place, are written as outlines where they stand: the same elements, ids and styles, each
    point within 1e-5 pt of the use's, and no ``<use>`` left. (A collection of one marker,
    or of one look, matplotlib draws as a line's markers: written as it writes them.)"""
    figure = Figure(figsize=(3, 2))
    ax = figure.add_axes((0.1, 0.1, 0.8, 0.8))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_axis_off()  # no ticks: their labels' glyphs are <use>s of their own
    scene = Scene(figure)
    xs, ys = zip(*places, strict=True)
    filled = MarkerStyle(marker).is_filled()  # matplotlib warns of an edge for a line marker
    edge = {"edgecolors": "#000000"} if filled else {}
    drawn = ax.scatter(xs, ys, s=size, marker=marker, c=face, **edge)
    scene.tag_each(drawn, [("marker", i) for i in range(len(places))], shown=True)
    counts = scene._first_numbers()
    with scene.everything_shown() as shown:
        theirs = matplotlib_svg(shown)
        written = figure_svg(shown, counts)
    reference = uses_placed(numbered(ET.fromstring(theirs), counts))
    assert first_difference(shape(reference), shape(ET.fromstring(written))) is None
    assert "<use" not in written


FILMS_WRITTEN = """
import hashlib, sys
import matplotlib
matplotlib.use("agg")
from search_viz.film.svg_writer import prepare_fonts
if sys.argv[1] == "loaded":
    prepare_fonts()
from tests.app.lesson_films import LESSON_FILMS
for lesson in sorted(LESSON_FILMS):
    print(lesson, hashlib.sha256(LESSON_FILMS[lesson]().svg.encode()).hexdigest())
"""


def test_fonts_prepared_at_a_server_s_start_change_no_film():
    def written(how: str) -> str:
        run = [sys.executable, "-c", FILMS_WRITTEN, how]
        return subprocess.run(run, capture_output=True, text=True, check=True).stdout

    as_needed = written("as needed")
    assert as_needed.count("\n") == len(LESSON_FILMS)
    assert written("loaded") == as_needed


@settings(max_examples=200, deadline=None)
@given(
    polygons=st.lists(
        st.lists(st.tuples(st.floats(-40, 340), st.floats(-40, 240)), min_size=2, max_size=6)
        | st.lists(st.tuples(st.floats(10, 280), st.floats(10, 180)), min_size=2, max_size=6),
        min_size=2,
        max_size=10,
    ),
    closed=st.booleans(),
    faced=st.lists(st.booleans(), min_size=1, max_size=3),
    hatch=st.sampled_from([None, "//"]),
    turn=st.floats(-30, 30),
)
def test_many_paths_drawn_where_they_stand_are_written_as_matplotlib_writes_them(
    polygons, closed, faced, hatch, turn
):
    """The writer's shortcut for a collection of many paths (a tree's boxes, a maze's
    walls) converts them at once: each element's path text is matplotlib's own, or left
    to matplotlib (a path the page clips)."""
    from matplotlib.transforms import Affine2D

    from search_viz.film.svg_writer import _Renderer

    renderer = _Renderer(300.0, 200.0, {}, 72.0)
    paths = [Path(points, closed=closed and len(points) > 2) for points in polygons]
    transform = Affine2D().rotate_deg(turn).scale(0.9).translate(5, 3)
    faces = [(0.2, 0.4, 0.6, 1.0) if faced[i % len(faced)] else None for i in range(len(paths))]
    elements = [(0.0, 0.0, i, "", {}, faces[i]) for i in range(len(paths))]
    gc = renderer.new_gc()
    gc.set_hatch(hatch)
    raw = [(path, transform) for path in paths]
    ours = renderer._placed_paths(raw, elements, gc)
    flipped = renderer._make_flip_transform(transform)
    for path, face, mine in zip(paths, faces, ours or [None] * len(paths), strict=True):
        clipped = face is None and hatch is None
        theirs = renderer._convert_path(path, flipped, clip=clipped, simplify=False)
        assert mine is None or mine == theirs
    inside = all(0 < x < 300 and 0 < y < 190 for points in polygons for x, y in points)
    if inside and abs(turn) < 1:
        assert ours, "the shortcut skipped a collection it can write"
        assert None not in ours, "the shortcut skipped paths it can write"
