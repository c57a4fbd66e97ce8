"""One drawing, seen: the picture Chromium paints of a film's scene is matplotlib's picture.

A film's scene is written as SVG by ``search_viz.film.svg_writer`` (matplotlib draws,
a faster writer writes), or, for a sketched lesson, straight from the sketch
(``search_viz.film.sketch``: no matplotlib artists), and drawn for exports by
matplotlib. For each lesson's default film, with every item of its scene shown,
Chromium rasterises

* the film's SVG, as the browser gets it,
* the SVG matplotlib's own backend saves of the figure exports draw,

and matplotlib's Agg saves the same figure as PNG, all at 100 dots per inch. The film's
picture must be the very picture of matplotlib's SVG (pixel for pixel, each within 2 of
255, but for a few pixels on a marker's edge: the film writes a marker's outline where it
stands, matplotlib a ``<use>`` of it placed there, and Chromium's smoothing of the two
differs in the last bit), and close to
matplotlib's PNG: Agg and Chromium smooth edges and place text a pixel apart, and a
legend laid out with Agg's hinted text metrics sits a few pixels from the SVG's, so
each pixel is compared (in grey) with its neighbours within 2 pixels, and at most 1%
of the pixels may still differ by more than 96 of 255. The last test shows that the
comparisons see a missing label.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image

from tests.app.lesson_films import LESSON_FILMS
from tests.test_scene_svg import films, matplotlib_svg, scenes

DPI = 100
#: The film's picture and matplotlib's SVG's may differ by more than 2 (of 255) in at most
#: this many pixels (a marker's edge smoothed from other arithmetic) ...
EDGE_PIXELS = 10
#: ... and nowhere by more than this (a part missing or moved differs by far more).
EDGE_DIFFERENCE = 16
#: Within this many pixels a pixel may find its match (smoothing, text placement).
NEAR = 2
#: A pixel differs when no neighbour comes within this much (0-255, grey) ...
DIFFERENT = 96
#: ... and at most this share of the picture's pixels may differ from Agg's PNG.
AGG_SHARE = 0.01


@pytest.fixture(scope="module")
def canvas(browser):
    context = browser.new_context(viewport={"width": 1600, "height": 1200})
    page = context.new_page()
    yield page
    context.close()


def painted(page, svg: str) -> np.ndarray:
    """``svg`` as Chromium paints it at :data:`DPI` (RGB array)."""
    points = re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups()
    width, height = (round(float(v) / 72 * DPI) for v in points)
    svg = re.sub(r'width="[\d.]+pt" height="[\d.]+pt"', f'width="{width}px" height="{height}px"',
                 svg, count=1)  # fmt: skip
    page.set_content(f'<html><body style="margin:0;background:#fff">{svg}</body></html>')
    return _rgb(page.locator("svg").first.screenshot())


def agg_png(figure) -> np.ndarray:
    """``figure`` as matplotlib's Agg draws it at :data:`DPI` (RGB array)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return _rgb(buffer.getvalue())


def _rgb(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(np.int16)


def different_share(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels of either picture with no match within :data:`NEAR` pixels.

    Compared in grey (luma), which is what smoothing changes.
    """
    height, width = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = _grey(a[:height, :width]), _grey(b[:height, :width])
    return float((np.maximum(_nearest(a, b), _nearest(b, a)) > DIFFERENT).mean())


def _grey(rgb: np.ndarray) -> np.ndarray:
    return ((rgb * np.array([299, 587, 114])).sum(axis=2) // 1000).astype(np.int16)


def _nearest(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel of ``a``, the least difference to a pixel of ``b`` within :data:`NEAR`."""
    height, width = a.shape
    padded = np.pad(b, NEAR, mode="edge")
    best = np.full((height, width), 255, dtype=np.int16)
    for dy in range(2 * NEAR + 1):
        for dx in range(2 * NEAR + 1):
            np.minimum(best, np.abs(a - padded[dy : dy + height, dx : dx + width]), out=best)
    return best


def pictures(page, film) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The film's SVG, and matplotlib's SVG and PNG of its scene, rasterised."""
    written = painted(page, film.header()["svg"])
    scene = film.scene()
    with scene.everything_shown() as figure:
        reference = painted(page, matplotlib_svg(figure))
        png = agg_png(figure)
    return written, reference, png


@pytest.mark.parametrize("lesson", sorted(LESSON_FILMS))
def test_each_lesson_s_scene_paints_as_matplotlib_draws_it(canvas, lesson):
    for film in films(lesson):
        written, reference, png = pictures(canvas, film)
        assert written.shape == reference.shape
        apart = np.abs(written - reference).max(axis=2)  # the same picture
        assert (apart > 2).sum() <= EDGE_PIXELS
        assert apart.max() <= EDGE_DIFFERENCE
        assert abs(written.shape[0] - png.shape[0]) <= 1 >= abs(written.shape[1] - png.shape[1])
        assert different_share(written, png) < AGG_SHARE


def test_a_missing_label_is_seen(canvas):
    """The comparisons can fail: a game tree's scene without one leaf's value is told apart."""
    (scene,) = scenes("game-trees")
    svg = scene.svg()
    leaf = next(name for name in scene.names() if name[:2] == ("leaf value", "plain"))
    cut = re.sub(rf'<g id="sv{scene.item(leaf)}">.*?</g></g>', "", svg, count=1, flags=re.S)
    assert cut != svg
    written, missing = painted(canvas, svg), painted(canvas, cut)
    with scene.everything_shown() as figure:
        png = agg_png(figure)
    assert (np.abs(missing - written).max(axis=2) > 2).sum() > 50
    assert different_share(missing, png) > different_share(written, png)


def test_a_missing_marker_is_seen(canvas):
    """A marker of a maze's film left out (the ring around one cell) differs from the film's
    picture in more pixels than a marker's smoothed edge may."""
    film = films("bidirectional-search")[0]
    svg = film.header()["svg"]
    scene = film.scene()
    rings = [name for name in scene.names() if name[0] == "ring"]
    ring = scene.item(rings[len(rings) // 2])
    cut = re.sub(rf'<path id="sv{ring}"[^>]*/>', "", svg, count=1)
    assert cut != svg
    apart = np.abs(painted(canvas, cut) - painted(canvas, svg)).max(axis=2)
    assert (apart > 2).sum() > EDGE_PIXELS
