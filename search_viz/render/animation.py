"""Animated GIFs of a replay, one frame per step, assembled with Pillow.

Each frame is drawn as its own figure (the same function that draws the
page's picture), saved as PNG and quantised to a palette; no ffmpeg needed.

>>> from search_viz.lessons.shared.figure import new_figure
>>> def frame(i):
...     fig, ax = new_figure(2, 1.5)
...     ax.text(0.5, 0.5, str(i))
...     return fig
>>> data = gif_bytes(frame, range(3), fps=2, dpi=50)
>>> data[:6]
b'GIF89a'
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from matplotlib.figure import Figure
from PIL import Image

from search_viz.lessons.shared.figure import to_png

#: The most frames one GIF may hold: a bound on memory and on waiting.
MAX_FRAMES = 300


def gif_bytes(
    figure_for: Callable[[int], Figure],
    steps: Sequence[int],
    *,
    fps: float = 2.0,
    dpi: int = 80,
    on_frame: Callable[[int, int], None] | None = None,
) -> bytes:
    """An animated GIF of ``figure_for(step)`` for each of ``steps``, looping forever.

    ``on_frame(done, total)`` is called after each frame (for a progress bar).
    Raises ValueError for no steps or more than :data:`MAX_FRAMES`.
    """
    total = len(steps)
    if total == 0:
        raise ValueError("a GIF needs at least one step")
    if total > MAX_FRAMES:
        raise ValueError(f"a GIF holds at most {MAX_FRAMES} frames, not {total}")
    if fps <= 0:
        raise ValueError(f"frames per second must be positive, not {fps}")
    frames = []
    for done, step in enumerate(steps, start=1):
        png = to_png(figure_for(step), dpi=dpi)
        frames.append(Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=255))
        if on_frame is not None:
            on_frame(done, total)
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=round(1000 / fps),
        loop=0,
        disposal=1,
    )
    return out.getvalue()
