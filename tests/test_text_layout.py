"""A text's layout worked out without matplotlib's own objects is the one they give.

``text_layout`` lays plain text out, one line or several, by the sums ``Text._get_layout``
does for it (``_plain_layout``), and any other text by matplotlib itself
(``_matplotlib_layout``, the oracle here). The two are held equal bit for bit: every
number (a ``-0.0`` would be written ``-0``), the font, and the box as it is drawn.
Likewise a text's glyphs, placed by the SVG writer from the font's own shaping, are the
ones matplotlib's ``TextToPath`` places, with the same outlines.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.backends.backend_svg import _short_float_fmt
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath
from matplotlib.transforms import Affine2D

from search_viz.film.sketch_text import _matplotlib_layout, _plain_layout, text_layout
from search_viz.film.svg_writer import (
    _OUTLINES,
    POINTS,
    _font,
    _font_files,
    _glyph_id,
    _glyph_layout,
    _prop_key,
    _Renderer,
)

#: What sketched texts are made of: letters, digits, punctuation, spaces and the symbols
#: the lessons write (a unicode minus, Greek letters, arrows, infinity...).
CHARACTERS = st.sampled_from(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    " .,;:!?'\"()[]{}<>=+-*/%&#@_|~^`\\"
    "−αβγδΔΣπ→←↑↓⇒≤≥≠×·…–—∞é✓"
)

#: The boxes the lessons put around texts, and matplotlib's default one.
BOXES = [
    None,
    {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "#888888", "lw": 0.6},
    {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"},
    {"boxstyle": "round,pad=0.25", "fc": "white", "ec": "#1f77b4", "lw": 1.8, "ls": "--"},
    {"facecolor": "white", "edgecolor": "none", "pad": 0.4},
    {"facecolor": "#ffeeaa"},
]

OPTIONS = st.fixed_dictionaries(
    {
        "size": st.one_of(st.sampled_from([6.0, 7.5, 8.0, 9.0, 10.0, 12.0]), st.floats(4.0, 30.0)),
        "weight": st.sampled_from(["normal", "bold"]),
        "style": st.sampled_from(["normal", "italic", "oblique"]),
        "ha": st.sampled_from(["left", "center", "right"]),
        "va": st.sampled_from(["bottom", "top", "center", "baseline", "center_baseline"]),
        "linespacing": st.one_of(st.none(), st.sampled_from([1.1, 1.15, 1.4]), st.floats(0.5, 3.0)),
        "parse_math": st.booleans(),
        "box": st.sampled_from(BOXES).map(lambda box: tuple(sorted(box.items())) if box else None),
    }
)


def exact(values) -> tuple:
    """Numbers as their reprs: equal only if bit for bit equal (0.0 is not -0.0)."""
    return tuple(repr(float(v)) for v in values)


def drawn_box(layout) -> str:
    """The markup the layout's box is written with (as ``sketch_svg`` writes it), or ''."""
    if layout.box is None:
        return ""
    renderer = _Renderer(400.0, 400.0, {}, POINTS)
    x_box, y_box, _, _ = layout.textbox
    face = layout.box._facecolor if layout.box._facecolor[3] else None
    place = Affine2D().translate(200 + x_box, 200 + y_box)
    layout.box._draw_paths_with_artist_properties(renderer, [(layout.box_path, place, face)])
    renderer.finalize()
    return renderer.text()


def assert_same_layout(ours, theirs) -> None:
    assert (_prop_key(ours.font), ours.font.get_size()) == (
        _prop_key(theirs.font),
        theirs.font.get_size(),
    )
    assert ours.lines == theirs.lines
    assert [exact(xy) for xy in ours.offsets] == [exact(xy) for xy in theirs.offsets]
    assert exact(ours.extent) == exact(theirs.extent)
    assert exact(ours.textbox) == exact(theirs.textbox)
    assert (ours.box is None) == (theirs.box is None)
    if ours.box is not None:
        assert exact(ours.box_path.vertices.ravel()) == exact(theirs.box_path.vertices.ravel())
        assert list(ours.box_path.codes) == list(theirs.box_path.codes)
    assert drawn_box(ours) == drawn_box(theirs)


@given(s=st.text(CHARACTERS, max_size=24), options=OPTIONS)
def test_a_plain_line_is_laid_out_as_matplotlib_lays_it_out(s, options):
    ours = _plain_layout(s, **options)
    assert ours is not None  # the fast way was taken
    assert_same_layout(ours, _matplotlib_layout(s, **options))


@given(
    lines=st.lists(st.text(CHARACTERS, max_size=14), min_size=2, max_size=5),
    options=OPTIONS,
)
def test_plain_lines_are_laid_out_as_matplotlib_lays_them_out(lines, options):
    """Several lines: each one's start by its alignment, the font's line gap between them
    ('normal' spacing) or the spacing asked for, an empty line too."""
    s = "\n".join(lines)
    ours = _plain_layout(s, **options)
    assert ours is not None
    assert_same_layout(ours, _matplotlib_layout(s, **options))


@pytest.mark.parametrize(
    ("s", "ha", "va", "linespacing"),
    [
        ("two\nlines", "left", "baseline", None),
        ("three\nlines\nspaced", "center", "top", 1.4),
        ("$x^2$ math", "center", "center", None),
        (r"an escaped \$", "left", "top", None),
        ("spaced as 'normal'", "right", "center_baseline", "normal"),
        ("a line", "left", "center_baseline", None),
        ("", "right", "bottom", None),
    ],
)
def test_any_text_is_laid_out_as_matplotlib_lays_it_out(s, ha, va, linespacing):
    box = tuple(sorted(BOXES[1].items()))
    options = {"size": 9.0, "weight": "bold", "style": "normal", "ha": ha, "va": va,
               "linespacing": linespacing, "parse_math": True, "box": box}  # fmt: skip
    assert_same_layout(text_layout.__wrapped__(s, **options), _matplotlib_layout(s, **options))


def matplotlib_glyph_layout(files, s) -> tuple[tuple[str, ...], str, dict]:
    """The glyphs of ``s`` as matplotlib's ``TextToPath`` lays them out: their names, the
    ``<use>`` markup that places them, and their outlines."""
    glyph_info, outlines, _ = TextToPath().get_glyphs_with_font(_font(files), s)
    uses = []
    for name, x, y, _ in glyph_info:
        place = f' transform="translate({_short_float_fmt(x)} {_short_float_fmt(y)})"'
        uses.append(f'<use xlink:href="#{_glyph_id(name)}"{place if x or y else ""}/>')
    return tuple(dict.fromkeys(name for name, *_ in glyph_info)), "".join(uses), outlines


#: Fonts as sketches ask for them.
FONTS = [
    FontProperties(weight=w, style=s) for w in ("normal", "bold") for s in ("normal", "italic")
]


@pytest.mark.filterwarnings("ignore:Glyph")
@given(
    s=st.lists(
        st.one_of(CHARACTERS, st.sampled_from(["fi", "fl", "ffi", "\u0301", "中"])), max_size=20
    ).map("".join),  # ligatures, a combining accent, a missing glyph
    font=st.sampled_from(FONTS),
)
def test_a_text_s_glyphs_are_placed_as_matplotlib_places_them(s, font):
    files = _font_files(font)
    names, uses, outlines = matplotlib_glyph_layout(files, s)
    assert _glyph_layout.__wrapped__(files, s) == (names, uses)
    for name in names:
        ours, theirs = _OUTLINES[name], outlines[name]
        assert np.array_equal(ours[0], theirs[0])
        assert np.array_equal(ours[1], theirs[1])
