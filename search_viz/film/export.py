"""Export from a film: one step as PNG or SVG, a range of steps as a narrated GIF.

Every picture comes from :meth:`Film.figure` or :meth:`Film.frames`: the
scene the browser shows, with the step's looks applied by matplotlib. A GIF
frame carries a band under the picture with the step number and the step's
sentence, so a GIF on a slide tells its own story.

>>> from search_viz.film.export import caption_lines
>>> caption_lines("Step 3 of 9", "Expand B: its children C and D go on the frontier.", 30)
['Step 3 of 9', 'Expand B: its children C and D', 'go on the frontier.']
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable, Iterator

import numpy as np
from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image, ImageDraw, ImageFont

from search_viz.film.film import Film

#: The most steps one GIF holds.
MAX_GIF_FRAMES = 300
#: Resolution of exported PNGs and of GIF frames.
PNG_DPI = 150
GIF_DPI = 80


def png(film: Film, k: int, dpi: int = PNG_DPI) -> bytes:
    """Step ``k`` as PNG bytes.

    >>> from search_viz.film.demo import demo_film
    >>> png(demo_film(), 1)[:4]
    b'\\x89PNG'
    """
    buffer = io.BytesIO()
    film.figure(k).savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def svg(film: Film, k: int) -> bytes:
    """Step ``k`` as SVG bytes (vector text and shapes, for slides and print).

    >>> from search_viz.film.demo import demo_film
    >>> b"<svg" in svg(demo_film(), 0)
    True
    """
    buffer = io.BytesIO()
    film.figure(k).savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def caption_lines(heading: str, sentence: str, width: int) -> list[str]:
    """A GIF frame's caption: the heading, then the sentence wrapped at ``width`` characters."""
    return [heading, *textwrap.wrap(sentence, width=width)]


def gif(
    film: Film,
    first: int,
    last: int,
    *,
    fps: float = 2.0,
    on_frame: Callable[[int, int], None] | None = None,
) -> bytes:
    """Steps ``first`` to ``last`` (both included) as an animated GIF, each frame captioned.

    ``on_frame(done, total)`` is called after each frame (for a progress bar).

    >>> from search_viz.film.demo import demo_film
    >>> gif(demo_film(), 0, 1)[:6]
    b'GIF89a'
    """
    count = last - first + 1
    if not 0 <= first <= last < len(film):
        raise ValueError(f"steps {first} to {last} are not within 0 to {len(film) - 1}")
    if count > MAX_GIF_FRAMES:
        raise ValueError(f"a GIF holds at most {MAX_GIF_FRAMES} steps; {count} were asked for")
    images = []
    band = None
    for done, (k, picture) in enumerate(_pictures(film, range(first, last + 1)), start=1):
        if band is None:
            band = _Band(picture.width, film, range(first, last + 1))
        images.append(band.under(picture, k, film.state(k).sentence, len(film)))
        if on_frame is not None:
            on_frame(done, count)
    buffer = io.BytesIO()
    # one palette for every frame: quicker than one each, and no flicker between frames
    palette = images[0].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    frames = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    frames[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=int(1000 / fps),
        loop=0,
        disposal=2,
    )
    return buffer.getvalue()


def _pictures(film: Film, steps) -> Iterator[tuple[int, Image.Image]]:
    """Each step of ``steps`` as an RGB picture, drawn on one scene.

    The figure's own legends and texts that no step changes are the same in every
    frame and matplotlib draws them last, over everything else: they are drawn once
    and laid over each frame, which is a third of a frame's drawing saved (a legend
    is slow to draw). A tagged text (a caption such as "depth limit 0") or a step's
    mark changes between frames, so it is drawn with each frame instead.
    """
    overlay = None
    scene = film.scene()
    # chosen before any step is applied: then the figure holds none of a step's marks
    fixed = [a for a in [*scene.figure.legends, *scene.figure.texts] if _fixed(a)]
    for k in steps:
        film.apply(scene, k)
        figure = scene.figure
        if overlay is None:
            overlay = _overlay(figure, fixed)
        for artist in fixed:
            artist.set_visible(False)
        picture = _rgba(figure, GIF_DPI)
        for artist in fixed:
            artist.set_visible(True)
        yield k, Image.alpha_composite(picture, overlay).convert("RGB")


def _fixed(artist) -> bool:
    """Whether ``artist`` looks the same in every frame: shown, and not a scene item.

    A scene item carries the id ``sv<n>`` (or ``svc<n>``, a collection): a step may
    hide, show or move it.
    """
    return artist.get_visible() and not (artist.get_gid() or "").startswith("sv")


def _overlay(figure, fixed: list) -> Image.Image:
    """The figure's fixed artists alone, on a transparent background."""
    hidden = [a for a in figure.get_children() if a not in fixed and a.get_visible()]
    face = figure.get_facecolor()
    for artist in hidden:
        artist.set_visible(False)
    figure.set_facecolor((1, 1, 1, 0))
    try:
        return _rgba(figure, GIF_DPI)
    finally:
        figure.set_facecolor(face)
        for artist in hidden:
            artist.set_visible(True)


def _rgba(figure, dpi: int) -> Image.Image:
    # one canvas per figure: a new one per frame would lose matplotlib's text cache
    canvas = (
        figure.canvas if isinstance(figure.canvas, FigureCanvasAgg) else FigureCanvasAgg(figure)
    )
    figure.set_dpi(dpi)
    canvas.draw()
    return Image.fromarray(np.asarray(canvas.buffer_rgba()).copy())


class _Band:
    """The caption band under every frame of one GIF: one height for all frames."""

    def __init__(self, width: int, film: Film, steps: range) -> None:
        self.size = 15
        self.font = ImageFont.truetype(font_manager.findfont("DejaVu Sans"), self.size)
        self.bold = ImageFont.truetype(font_manager.findfont("DejaVu Sans:bold"), self.size)
        self.columns = max(20, int(width / (self.size * 0.56)))
        most = max(len(caption_lines("", film.state(k).sentence, self.columns)) for k in steps)
        self.height = 12 + most * (self.size + 5)
        self.width = width

    def under(self, picture: Image.Image, k: int, sentence: str, n: int) -> Image.Image:
        frame = Image.new("RGB", (self.width, picture.height + self.height), "white")
        frame.paste(picture, (0, 0))
        draw = ImageDraw.Draw(frame)
        y = picture.height + 6
        draw.line(
            [(0, picture.height + 1), (self.width, picture.height + 1)], fill="#E69F00", width=3
        )
        for index, line in enumerate(caption_lines(f"Step {k} of {n - 1}", sentence, self.columns)):
            draw.text((10, y), line, fill="#111111", font=self.bold if index == 0 else self.font)
            y += self.size + 5
        return frame
