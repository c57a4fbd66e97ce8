"""Texts placed by advances and kerning pairs are placed as HarfBuzz shapes them.

``search_viz.film.pair_shaping`` skips matplotlib's shaping for printable ASCII and the
lessons' symbols in its DejaVu fonts: every pair of characters, in every face, and random
texts must come out glyph for glyph and position for position as ``FT2Font._layout``
places them.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.font_manager import FontProperties
from matplotlib.ft2font import LoadFlags

from search_viz.film import svg_writer
from search_viz.film.pair_shaping import FONTS, LIGATURES, PLAIN, SYMBOLS, by_pairs

FACES = [
    FontProperties(weight=weight, style=style)
    for weight, style in itertools.product(("normal", "bold"), ("normal", "italic"))
]


def harfbuzz(files: tuple, s: str) -> list[tuple[str, float, float]]:
    """``s`` as matplotlib's shaping places it: (glyph name, x, y) for each glyph."""
    font = svg_writer._font(files)
    return [
        (svg_writer._glyph_name(item.ft_object, item.glyph_index), item.x, item.y)
        for item in font._layout(s, LoadFlags.NO_HINTING, features=None, language=None)
    ]


def by_pairs_placed(files: tuple, s: str) -> list[tuple[str, float, float]]:
    font = svg_writer._font(files)
    assert by_pairs(font, s), s
    return list(svg_writer._placed_by_pairs(font, s))


@pytest.mark.parametrize("face", FACES, ids=lambda face: f"{face.get_weight()}-{face.get_style()}")
def test_every_pair_of_characters_is_placed_as_harfbuzz_places_it(face):
    files = svg_writer._font_files(face)
    assert str(files[0]) in FONTS  # the fonts the app draws with are the ones placed by pairs
    pairs = ["".join(pair) for pair in itertools.product(sorted(PLAIN), repeat=2)]
    checked = 0
    for pair in pairs:
        if pair in LIGATURES:
            assert len(harfbuzz(files, pair)) == 1  # drawn as one glyph: left to HarfBuzz
            continue
        assert by_pairs_placed(files, pair) == harfbuzz(files, pair), pair
        checked += 1
    assert checked == len(PLAIN) ** 2 - 3 == (95 + len(SYMBOLS)) ** 2 - 3


@pytest.mark.parametrize("face", FACES, ids=lambda face: f"{face.get_weight()}-{face.get_style()}")
def test_every_pair_then_a_letter_is_placed_as_harfbuzz_places_it(face):
    """A pair's own adjustments of its second glyph's advance, or a run that ends after it,
    show only in where a third glyph stands."""
    files = svg_writer._font_files(face)
    checked = 0
    for left, right in itertools.product(sorted(PLAIN), repeat=2):
        third = "A"  # a Latin letter: a kerning pair, or a run of another script, shows
        text = left + right + third
        if not any(ligature in text for ligature in LIGATURES):
            assert by_pairs_placed(files, text) == harfbuzz(files, text), text
            checked += 1
    assert checked > len(PLAIN) ** 2 * 0.99


@pytest.mark.parametrize("face", FACES, ids=lambda face: f"{face.get_weight()}-{face.get_style()}")
def test_every_symbol_placed_by_pairs_is_drawn_by_the_face_itself(face):
    """A character the face lacks is drawn from a fallback font: HarfBuzz's to place."""
    font = svg_writer._font(svg_writer._font_files(face))
    assert [c for c in SYMBOLS if font.get_char_index(ord(c)) == 0] == []
    assert len(set(SYMBOLS)) == len(SYMBOLS)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=sorted(PLAIN), max_size=40), face=st.sampled_from(FACES))
def test_a_plain_text_is_placed_as_harfbuzz_places_it(text, face):
    files = svg_writer._font_files(face)
    font = svg_writer._font(files)
    if not by_pairs(font, text):
        assert any(ligature in text for ligature in LIGATURES)
        return
    assert by_pairs_placed(files, text) == harfbuzz(files, text)


def test_what_is_not_plain_text_in_dejavu_is_left_to_harfbuzz():
    font = svg_writer._font(svg_writer._font_files(FACES[0]))
    assert by_pairs(font, "f(n) = g + h")
    assert by_pairs(font, "[−∞, +∞] → 3")  # the lessons' symbols
    assert not by_pairs(font, "α“A")  # Greek: shaped in a run of its own
    assert not by_pairs(font, "”“≠²²A”")  # quote marks: a run may end at one
    assert not by_pairs(font, "ж ≤ 中")  # not the lessons' symbols
    assert not by_pairs(font, "a\tb")  # not printable
    assert not by_pairs(font, "office")  # a ligature
    other = svg_writer._font(svg_writer._font_files(FontProperties(family="DejaVu Sans Mono")))
    assert not by_pairs(other, "abc")  # another font
