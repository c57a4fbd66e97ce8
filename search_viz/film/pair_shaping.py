"""Texts in matplotlib's own DejaVu fonts, placed by their glyphs' advances and kerning.

matplotlib shapes each text with HarfBuzz (``FT2Font._layout``): about 15 µs a character,
most of what a text new to the process costs a film. For printable ASCII and the symbols
the lessons write (:data:`SYMBOLS`: arrows, a minus, infinity...) in the
DejaVu fonts matplotlib ships, that shaping is each glyph's advance plus the kerning of
each pair of glyphs, but for three ligatures (ff, fi, fl). ``tests/test_pair_shaping.py``
holds it so for every pair of these characters in each of these fonts, and for random
texts; anything else (another font, another character, a ligature) is shaped by HarfBuzz.

>>> from matplotlib.font_manager import FontProperties, get_font, findfont
>>> font = get_font(findfont(FontProperties(family="DejaVu Sans")))
>>> font.set_size(100.0, 72)
>>> by_pairs(font, "AV = 2"), by_pairs(font, "[−∞, 3]"), by_pairs(font, "fine"), by_pairs(font, "α")
(True, True, False, False)
>>> kerning(font, *glyph_indices(font, "AV"), 100.0) < 0  # V tucked under A's slope
True
"""

from __future__ import annotations

import math
from pathlib import Path

from matplotlib import get_data_path
from matplotlib.ft2font import FT2Font, Kerning

#: The symbols the lessons write besides ASCII, each drawn by every DejaVu Sans face. No
#: Greek letter and no curly quote: the shaping splits a text into runs by script, a Greek
#: run apart from a Latin one, and a quote mark takes the script of the one it pairs with,
#: with no kerning across the runs ("α“A", "”“≠²²A”"). These belong to any script's run.
SYMBOLS = "§²³µ·×é–—•…←↑→↓⇒−√∞≤≥≠⋮⌈⌉⌊⌋■▲▷▸▼★♛✓±°"

#: The characters placed by pairs: printable ASCII (the space included) and the symbols.
PLAIN = frozenset(map(chr, range(32, 127))) | frozenset(SYMBOLS)

#: What the DejaVu fonts draw as one glyph (their "liga" feature): shaped by HarfBuzz.
LIGATURES = ("ff", "fi", "fl")

#: The fonts placed by pairs: the DejaVu Sans faces in matplotlib's own folder.
FONTS = frozenset(
    str(Path(get_data_path(), "fonts", "ttf", name))
    for name in (
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "DejaVuSans-Oblique.ttf",
        "DejaVuSans-BoldOblique.ttf",
    )
)


def by_pairs(font: FT2Font, s: str) -> bool:
    """Whether ``s`` in ``font`` is placed by its advances and kerning pairs (see the module).

    ``by_pairs(font, "g + h = 7")`` is True in matplotlib's DejaVu Sans.
    """
    return (
        font.fname in FONTS
        and PLAIN.issuperset(s)
        and not any(ligature in s for ligature in LIGATURES)
    )


def glyph_indices(font: FT2Font, s: str) -> list[int]:
    """The glyph each character of ``s`` is drawn with in ``font`` (cmap, no substitution).

    ``glyph_indices(font, "AB")`` is ``[36, 37]`` in DejaVu Sans.
    """
    known = _INDICES.setdefault(font.fname, {})
    indices = []
    for character in s:
        index = known.get(character)
        if index is None:
            index = known[character] = font.get_char_index(ord(character))
        indices.append(index)
    return indices


_INDICES: dict[str, dict[str, int]] = {}


def kerning(font: FT2Font, left: int, right: int, size: float) -> int:
    """How much closer (negative) or further apart glyph ``right`` stands after ``left``
    than ``left``'s advance puts it, in FreeType's 26.6 units, the font ``size`` pixels to
    the em: the font's kerning in its own units, scaled and rounded half up as HarfBuzz
    rounds it.

    ``kerning(font, 36, 57, 100.0)`` (A then V) is -113 in DejaVu Sans.
    """
    key = (font.fname, size, left, right)
    value = _KERNING.get(key)
    if value is None:
        units = font.get_kerning(left, right, Kerning.UNSCALED)
        value = _KERNING[key] = math.floor(units * size * 64 / font.units_per_EM + 0.5)
    return value


_KERNING: dict[tuple[str, float, int, int], int] = {}
