"""GIF export: a real multi-frame GIF of the expected size."""

import io

import pytest
from PIL import Image

from search_viz.lessons.shared.figure import new_figure
from search_viz.render.animation import MAX_FRAMES, gif_bytes


def numbered_frame(step: int):
    fig, ax = new_figure(3, 2)
    ax.text(0.5, 0.5, f"step {step}", ha="center")
    return fig


def test_one_frame_per_step_at_the_figure_size():
    data = gif_bytes(numbered_frame, range(5, 12), fps=4, dpi=50)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    assert gif.n_frames == 7
    assert gif.size == (150, 100)  # 3 x 2 inches at 50 dpi
    assert gif.info["duration"] == 250
    assert gif.info["loop"] == 0


def test_frames_differ_when_the_steps_do():
    gif = Image.open(io.BytesIO(gif_bytes(numbered_frame, [0, 1], dpi=40)))
    first = gif.convert("RGB").tobytes()
    gif.seek(1)
    assert gif.convert("RGB").tobytes() != first


@pytest.mark.parametrize(
    ("steps", "fps", "says"),
    [([], 2, "at least one"), (range(MAX_FRAMES + 1), 2, "at most"), ([0], 0, "positive")],
)
def test_bad_requests_say_what_is_wrong(steps, fps, says):
    with pytest.raises(ValueError, match=says):
        gif_bytes(numbered_frame, steps, fps=fps)
