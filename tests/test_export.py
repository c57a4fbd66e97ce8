"""Export: a GIF frame shows what the PNG of the same step shows, and nothing left from before."""

from __future__ import annotations

import io

import numpy as np
from matplotlib.figure import Figure
from PIL import Image

import search_viz as sv
from search_viz.film import FilmBuilder, Mark, MarkStyle, Scene
from search_viz.film.export import GIF_DPI, gif, png
from search_viz.problems.graph_examples import notes_tree


def gif_frame(data: bytes, k: int) -> np.ndarray:
    """Frame ``k`` of a GIF as RGB numbers."""
    image = Image.open(io.BytesIO(data))
    image.seek(k)
    return np.asarray(image.convert("RGB")).astype(int)


def png_pixels(film, k: int) -> np.ndarray:
    """Step ``k`` exported as PNG at the GIF's resolution, as RGB numbers."""
    return np.asarray(Image.open(io.BytesIO(png(film, k, dpi=GIF_DPI))).convert("RGB")).astype(int)


def differing(frame: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Pixels of the frame's picture (above its caption band) unlike the PNG's.

    A GIF has one palette of 255 colours, so a few pixels of a rare colour come out
    a little off; a text drawn where the PNG has none is far off.
    """
    picture = frame[: plain.shape[0]]
    return np.abs(picture - plain).max(axis=2) > 60


def test_an_iddfs_gif_frame_after_the_first_iteration_is_the_png_of_its_step():
    film = sv.film(sv.iddfs, sv.GraphProblem(notes_tree(), "A", "R"), max_depth=10)
    second = next(k for k in range(1, len(film)) if film.shows(k, ("caption", "depth limit 1")))
    last = second + 2
    data = gif(film, 0, last)
    for k in (0, second, last):
        plain = png_pixels(film, k)
        off = differing(gif_frame(data, k), plain)
        caption = off[: plain.shape[0] // 12, : plain.shape[1] // 3]  # "depth limit n"
        assert not caption.any(), f"step {k}: the caption differs from the PNG's"
        assert off.mean() < 0.001, f"step {k}: {off.sum()} pixels differ from the PNG's"


def captions_and_marks() -> Scene:
    """A figure caption per step (tagged figure texts, one shown at a time) and a mark style."""
    fig = Figure(figsize=(3, 1.5))
    scene = Scene(fig)
    for n in range(3):
        text = fig.text(0.05, 0.9, f"caption {n}", va="top", fontsize=14)
        scene.tag(text, ("caption", n), shown=n == 0)
    fig.text(0.05, 0.1, "the same in every frame", fontsize=10)
    scene.mark_style("note", MarkStyle(color="black", size=12))
    return scene


def test_tagged_figure_texts_and_marks_change_from_frame_to_frame():
    writer = FilmBuilder(captions_and_marks)
    for n in range(3):
        if n:
            writer.hide(("caption", n - 1))
            writer.show(("caption", n))
        writer.marks([Mark.label((20 + 60 * n, 60), f"m{n}", "note")])
        writer.step(f"step {n}")
    film = writer.film()
    data = gif(film, 0, 2)
    for k in range(3):
        assert not differing(gif_frame(data, k), png_pixels(film, k)).any(), k
