"""The game-tree picture: nothing cut off at its edges, one size for a whole replay.

The picture is laid out by arithmetic (no layout engine), widened where the widest
text any step may draw would stick out; these tests measure every text of every
frame to hold it to that.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure
from PIL import Image

from search_viz import GameTree, Trace, alphabeta, minimax
from search_viz.lessons.shared.figure import StampedLegend, legend_handle, to_png
from search_viz.problems.game_tree import EXAMPLES
from search_viz.render.game_tree import figure_for, legend_entries

numbers = st.one_of(
    st.integers(-99, 99),
    st.floats(-99, 99, allow_nan=False).map(lambda x: round(x, 2)),
)
trees = st.recursive(
    numbers, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=14
).filter(lambda nested: isinstance(nested, list))


def outside(fig: Figure) -> list[str]:
    """The texts and legends of ``fig`` that reach past its edges, by more than a pixel."""
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    found = []
    artists = [t for ax in fig.axes for t in ax.texts if t.get_text()] + list(fig.legends)
    for artist in artists:
        box = artist.get_window_extent(renderer)
        if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1:
            found.append(getattr(artist, "get_text", lambda: "the legend")())
    return found


def overlapping_captions(fig: Figure) -> list[tuple[str, str]]:
    """Pairs of cut captions whose boxes overlap."""
    renderer = fig.canvas.get_renderer()
    captions = [t for t in fig.axes[0].texts if "cannot matter" in t.get_text()]
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in captions]
    return [(a, b) for i, (a, box) in enumerate(boxes) for b, other in boxes[i + 1 :]
            if box.overlaps(other)]  # fmt: skip


def check_replay(tree: GameTree, algorithm, steps=None, **options) -> None:
    trace = Trace.record(algorithm(tree))
    sizes = set()
    for step in steps if steps is not None else range(len(trace)):
        fig = figure_for(tree, trace, step, **options)
        assert not outside(fig), f"step {step}: cut off at the edge: {outside(fig)}"
        assert not overlapping_captions(fig), f"step {step}: {overlapping_captions(fig)}"
        if trace.events[step].kind == "prune" and not options.get("compact"):
            latest = [t for t in fig.axes[0].texts if t.get_fontweight() == "bold"
                      and "cannot matter" in t.get_text()]  # fmt: skip
            assert latest, f"step {step}: the cut just made has no caption"
        sizes.add(tuple(fig.get_size_inches().round(3)))
    assert len(sizes) == 1, f"the picture changes size during the replay: {sizes}"


@pytest.mark.parametrize("name", list(EXAMPLES))
@pytest.mark.parametrize("algorithm", [alphabeta, minimax])
@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
def test_the_lecture_trees_fit_their_picture_at_every_step(name, algorithm, compact):
    check_replay(EXAMPLES[name], algorithm, compact=compact)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_tree_whose_last_child_is_a_long_chain_fits_its_windows(scale):
    # the rightmost inner nodes sit at the right edge: their [α, β] windows need room
    tree = GameTree.from_nested([[-12.25, 3], [[[-99.5]]], [[[[7, 100]]]]])
    check_replay(tree, alphabeta, scale=scale)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    nested=trees,
    root=st.sampled_from(["max", "min"]),
    algorithm=st.sampled_from([alphabeta, minimax]),
    compact=st.booleans(),
    seed=st.integers(0, 99),
)
def test_random_trees_fit_their_picture_at_every_sampled_step(
    nested, root, algorithm, compact, seed
):
    tree = GameTree.from_nested(nested, root=root)
    n = len(Trace.record(algorithm(tree)))
    steps = sorted({0, n - 1, *np.random.default_rng(seed).integers(0, n, 4).tolist()})
    check_replay(tree, algorithm, steps=steps, compact=compact)


def test_neighbouring_cuts_do_not_write_over_each_other():
    # three cuts side by side at the end (L and M are neighbours): once overlapped
    check_replay(GameTree.random(3, 3, 0, 9, seed=7), alphabeta)


def test_compact_and_quiz_pictures_fit():
    tree = EXAMPLES[next(iter(EXAMPLES))]
    trace = Trace.record(alphabeta(tree))
    leaves = frozenset(tree.leaves()[:2])
    for fig in (
        figure_for(tree, trace, compact=True),
        figure_for(tree, quiz_marked=leaves, quiz_marks=dict.fromkeys(leaves, "missed")),
        figure_for(
            GameTree.from_nested([1, 2]), Trace.record(alphabeta(GameTree.from_nested([1, 2])))
        ),
    ):
        assert not outside(fig)


def ink(png: bytes) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) of the pixels that are not white."""
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("L"))
    rows, cols = np.nonzero(pixels < 250)
    return cols.min(), rows.min(), cols.max(), rows.max()


def test_a_stamped_legend_looks_and_sits_like_the_legend_it_copies():
    handles = [legend_handle(style) for style in legend_entries("search")]
    options = {"ncols": 4, "fontsize": 10, "frameon": False}
    drawn, stamped = Figure(figsize=(8, 1.2)), Figure(figsize=(8, 1.2))
    drawn.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 0.0), **options)
    StampedLegend.add(stamped, handles, look="test", **options)
    a, b = ink(to_png(drawn)), ink(to_png(stamped))
    assert max(abs(p - q) for p, q in zip(a, b, strict=True)) <= 2, (a, b)
    assert b"<image" not in _svg(stamped)  # an SVG gets the legend itself, not pixels


def _svg(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg")
    return buffer.getvalue()
