"""One drawing, sketched: a sketch's SVG is the SVG of the figure its replay draws.

A sketched lesson (``search_viz.film.sketch``) writes its film's SVG without
matplotlib's artists and replays the same calls on a matplotlib figure for exports.
Here the two are held equal element for element, as matplotlib's own SVG backend
saves the replayed figure (its comments and metadata aside): every path, style,
glyph and clip rectangle. The legend is the one part written otherwise (drawn once per
process on a page of its own, then its coordinates moved), so it is compared apart:
its markup against matplotlib's legend drawn in place, where it stands, and, in
``test_scene_pictures.py``, the picture Chromium paints of it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from matplotlib.collections import PolyCollection
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox

import search_viz as sv
from search_viz import GameTree
from search_viz.film.plain_axes import Axis, FrameStyle, draw_frame
from search_viz.film.sketch import Sketch
from search_viz.film.sketch_text import _draw_legend, _legend_apart, legend_of, legend_width
from search_viz.lessons.game_trees.drawing import draw_scene, record
from search_viz.lessons.shared.graph_drawing import (
    STATUS,
    graph_legend_handle,
    legend_entries,
)
from search_viz.lessons.tictactoe.drawing import _LEGEND, _PAIRS, _legend_handle
from search_viz.problems.game_tree import EXAMPLES
from tests.test_scene_svg import (
    SVG,
    first_difference,
    matplotlib_svg,
    numbered,
    shape,
    uses_placed,
)


def without_legend(root: ET.Element) -> ET.Element:
    """The SVG with the figure's legend taken out: its group, the glyphs defined for it,
    and the hatch patterns only it used."""
    figure = root.find(f"{SVG}g")
    for child in list(figure):
        if child.get("id", "").startswith("legend") or child.tag == f"{SVG}defs":
            figure.remove(child)
    used = {ref for e in root.iter() for ref in re.findall(r"url\(#(\w+)\)", str(e.attrib))}
    for defs in root.findall(f"{SVG}defs"):
        for pattern in defs.findall(f"{SVG}pattern"):
            if pattern.get("id") not in used:
                defs.remove(pattern)
        if not len(defs):
            root.remove(defs)
    return root


def differences(sketch: Sketch, written: str | None = None) -> str | None:
    """Where the sketch's SVG (or ``written``) first differs from matplotlib's SVG of the
    sketch's replay (None: nowhere)."""
    scene = sketch.scene()
    with scene.everything_shown() as figure:
        reference = numbered(ET.fromstring(matplotlib_svg(figure)), scene._first_numbers())
        reference = uses_placed(reference)
    written = ET.fromstring(sketch.svg() if written is None else written)
    return first_difference(shape(without_legend(reference)), shape(without_legend(written)))


TREES = {
    "the notes' tree": EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"],
    "the textbook's tree": GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
    "uneven, negative and fractional": GameTree.from_nested([[-3, [2.5, -7]], 4, [[1, 9], -2]]),
    "too wide for letters": GameTree.random(2, 6, -9, 9, seed=3),
}


@pytest.mark.parametrize("name", sorted(TREES))
@pytest.mark.parametrize("pruning", [True, False], ids=["alpha-beta", "minimax"])
@pytest.mark.parametrize("compact", [False, True], ids=["film", "compact"])
def test_a_game_tree_s_sketch_is_written_as_matplotlib_draws_its_replay(name, pruning, compact):
    tree = TREES[name]
    sketch = draw_scene(tree, record(tree, pruning=pruning), compact)
    assert differences(sketch) is None


@settings(max_examples=12, deadline=None)
@given(
    branching=st.integers(1, 3),
    depth=st.integers(1, 3),
    seed=st.integers(0, 10_000),
    pruning=st.booleans(),
)
def test_any_small_game_tree_s_sketch_is_its_replay(branching, depth, seed, pruning):
    tree = GameTree.random(branching, depth, -20, 20, seed=seed)
    assert differences(draw_scene(tree, record(tree, pruning=pruning))) is None


def informed_films():
    """The informed lesson's films in each size and level of detail."""
    from search_viz.lessons.informed.drawing import film_of
    from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL

    notes = sv.EightPuzzle(NOTES_START)
    hard = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)
    return {
        "A*, the page's size": lambda: film_of(sv.astar, notes, heuristic="misplaced"),
        "greedy, the projector's": lambda: film_of(sv.greedy, notes, size="projector"),
        "A*, half of compare mode": lambda: film_of(sv.astar, notes, size="half"),
        "a long search, as markers": lambda: film_of(sv.astar, hard, limit=400),
        "a longer one, grouped by depth": lambda: film_of(sv.astar, hard, limit=3000),
    }


@pytest.mark.parametrize("name", sorted(informed_films()))
def test_an_informed_search_s_sketch_is_written_as_matplotlib_draws_its_replay(name):
    assert differences(informed_films()[name]().drawing()) is None


@pytest.mark.parametrize("board", [".........", "X...O....", "XOXXO..O."])
@pytest.mark.parametrize("search", ["alphabeta", "minimax"])
@pytest.mark.parametrize("size", ["page", "projector"])
def test_a_tic_tac_toe_sketch_is_written_as_matplotlib_draws_its_replay(board, search, size):
    from search_viz.lessons.tictactoe.drawing import why_film
    from search_viz.lessons.tictactoe.search import Search, tree_view

    view = tree_view(sv.TicTacToe(board), Search(pruning=search == "alphabeta"))
    assert differences(why_film(view, size).drawing()) is None


def graph_films():
    """The graph lessons' films: trees, graphs (with costs) and mazes, plain and bidirectional."""
    from search_viz.lessons.bidirectional.page import cached_films
    from search_viz.lessons.shared.graph_cases import MAZE, RANDOM, build_case, notes_tree

    notes = sv.GraphProblem(notes_tree(), "A", "R")
    graph = build_case(RANDOM, (12, 2.5, 3, False, 0, None)).problem
    weighted = sv.GraphProblem(graph.graph.copy(), graph.initial, graph.goal)
    for a, b in weighted.graph.edges:
        weighted.graph.edges[a, b]["weight"] = 1 + (3 * a + 7 * b) % 5
    return {
        "IDDFS on the notes' tree": lambda: [sv.film(sv.iddfs, notes, max_depth=20)],
        "BFS on a random graph": lambda: [sv.film(sv.bfs, graph)],
        "UCS on a weighted graph": lambda: [sv.film(sv.ucs, weighted)],
        "BFS on a maze": lambda: [sv.film(sv.bfs, build_case(MAZE, (10, 0.25, 2)).problem)],
        "bidirectional on a maze, BFS beside it": lambda: list(
            cached_films(MAZE, (12, 0.25, 1), "layer")
        ),
        "bidirectional on a random graph": lambda: [sv.film(sv.bidirectional_bfs, graph)],
    }


@pytest.mark.parametrize("name", sorted(graph_films()))
def test_a_graph_lesson_s_sketch_is_written_as_matplotlib_draws_its_replay(name):
    for film in graph_films()[name]():
        drawing = film.drawing()
        assert isinstance(drawing, Sketch)
        assert differences(drawing) is None


def local_search_films():
    """The local-search lesson's scenes: each algorithm's, small and large boards, restarts."""
    from search_viz.lessons.local_search.drawing import run_film
    from search_viz.lessons.local_search.runs import Run

    def film(n, algorithm, options=None, **kw):
        return lambda: run_film(Run.record(sv.NQueens(n, seed=0), algorithm, options), **kw)

    return {
        "annealing's opening": film(8, "simulated_annealing", opening=True),
        "steepest ascent, numbered": film(8, "hill_climbing", numbers=True),
        "restarts on 20 queens": film(
            20, "hill_climbing", {"restarts": 3, "variant": "first-choice"}
        ),
        "a genetic run": film(6, "genetic", {"population": 12, "generations": 8}),
    }


@pytest.mark.parametrize("name", sorted(local_search_films()))
def test_a_local_search_sketch_is_written_as_matplotlib_draws_its_replay(name):
    drawing = local_search_films()[name]().drawing()
    assert isinstance(drawing, Sketch)
    assert differences(drawing) is None


def test_a_directed_graph_is_drawn_by_matplotlib_its_arrowheads_a_quiver():
    from search_viz.lessons.shared.graph_cases import RANDOM, build_case

    graph = build_case(RANDOM, (12, 2.5, 3, True, 0, None)).problem
    assert type(sv.film(sv.bfs, graph).drawing()).__name__ == "Scene"


def one_of_each(what: str) -> Sketch:
    """A small sketch of one kind of thing, tagged as lessons tag it."""
    sketch = Sketch(3, 2)
    ax = sketch.axes((0.1, 0.1, 0.8, 0.8), xlim=(0, 4), ylim=(0, 2))
    if what == "one marker, no edge":
        sketch.tag_each(
            ax.scatter([1], [1], s=80, c="#0072B2", edgecolors="none"), ["a"], shown=True
        )
    elif what == "one marker, edged":
        dot = ax.scatter([1], [1], s=80, marker="D", c="#0072B2", edgecolors="k", linewidths=2)
        sketch.tag_each(dot, ["a"], shown=False)
    elif what == "hatched, dotted, see-through markers":
        dots = ax.scatter([1, 2, 3], [1, 1, 1], s=200, marker="s", c="#eeeeee",
                          edgecolors="#bbbbbb", hatch="///", linestyles=":", alpha=0.5)  # fmt: skip
        sketch.tag_each(dots, ["a", "b", "c"], shown=[True, False, True])
    elif what == "dashed segments":
        lines = ax.lines([[(0, 0), (1, 1)], [(1, 1), (3, 0)]], colors="#555555", linewidths=2,
                         linestyles="--", capstyle="butt")  # fmt: skip
        sketch.tag_each(lines, ["a", "b"], shown=True)
    elif what == "texts, boxed and on two lines":
        sketch.tag(ax.text(1, 1, "≥ 5", ha="right", va="center", fontsize=11, fontweight="bold",
                           bbox={"boxstyle": "round,pad=0.25", "fc": "white", "ec": "#E69F00",
                                 "lw": 1.8, "ls": "--"}), "a")  # fmt: skip
        ax.text(2, 1, "g = 3\nh = 4", ha="center", va="top", linespacing=1.3,
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.4})  # fmt: skip
        ax.text(0.5, 1.0, "a title", transform=ax.transAxes, ha="center", va="bottom")
        ax.text(3, 0.5, r"$x^2$ and 10", color="#009E73")  # math, as matplotlib reads it
        ax.text(3, 1.5, "$$", parse_math=False)  # a node's odd name, as it is
        ax.text(1.5, 0.2, "tinted", color="#0072B2")  # plain texts in colour, and see-through
        ax.text(1.5, 1.8, "faded", color=(0.2, 0.2, 0.2, 0.5))
    elif what == "patches and lines":
        sketch.tag(ax.add_patch(Rectangle((0.5, 0.5), 1, 1, facecolor="#eeeeee", hatch="..",
                                          edgecolor="#555555", linewidth=1.2)), "a")  # fmt: skip
        (line,) = ax.plot([2, 3, 3], [0.5, 0.5, 1.5], color="#D55E00", lw=5, linestyle=":")
        (marker,) = ax.plot([3.5], [1], marker="D", markersize=9, markerfacecolor="none",
                            markeredgecolor="k", markeredgewidth=2.5, linestyle="none")  # fmt: skip
        sketch.tag(line, "b")
        sketch.tag(marker, "c", shown=True)
    elif what == "turned texts, annotated":
        ax.annotate("conflicts", (0, 1), xytext=(-12, 0), textcoords="offset points",
                    rotation=90, rotation_mode="anchor", ha="center", va="bottom",
                    annotation_clip=False)  # fmt: skip
        ax.annotate("chance\nof a move", (4, 1), xytext=(6, 0), textcoords="offset points",
                    rotation=90, rotation_mode="anchor", ha="center", va="top")  # fmt: skip
        ax.text(2, 1, "turned", rotation=30, ha="left", va="baseline")
        ax.annotate("7", (2, 0), xytext=(0, -4), textcoords="offset points", ha="center",
                    va="top", annotation_clip=False)  # fmt: skip
    elif what == "a plain frame":
        style = FrameStyle(tick_size=9, label_size=9.5, tick_length=2, tick_pad=2, grid="#DDDDDD")
        draw_frame(ax, style, x=Axis((0, 2, 4), title="step"),
                   y=Axis((0, 1, 2), title="chance e^(−Δ/T)\nof a worse move"),
                   title="population")  # fmt: skip
    elif what == "a tagged polygon collection":
        cells = PolyCollection([[(0, 0), (1, 0), (1, 1)], [(2, 0), (3, 0), (3, 1), (2, 1)]],
                               facecolors=["#F0E442", "#eeeeee"], edgecolors="#555555",
                               linewidths=0.5, zorder=4)  # fmt: skip
        sketch.tag_each(ax.add_collection(cells), ["a", "b"], shown=False)
    return sketch


@pytest.mark.parametrize(
    "what",
    [
        "one marker, no edge",
        "one marker, edged",
        "hatched, dotted, see-through markers",
        "dashed segments",
        "texts, boxed and on two lines",
        "patches and lines",
        "turned texts, annotated",
        "a plain frame",
        "a tagged polygon collection",
    ],
)
def test_each_thing_a_sketch_draws_is_written_as_matplotlib_draws_it(what):
    assert differences(one_of_each(what)) is None


def test_a_changed_leaf_is_seen():
    """The comparison can fail: the SVG of a tree with one leaf changed is told apart."""
    tree = TREES["the notes' tree"]
    changed = GameTree.from_leaves([2, 3, 5, 8, 0, 1, 7, 5], branching=2)
    sketch = draw_scene(tree, record(tree, pruning=True))
    other = draw_scene(changed, record(changed, pruning=True)).svg()
    assert differences(sketch) is None
    assert differences(sketch, other) is not None


def test_the_legend_stands_where_matplotlib_puts_it():
    """The legend written once per process lands, in any figure, where matplotlib lays it."""
    tree = TREES["the textbook's tree"]
    for compact in (False, True):
        sketch = draw_scene(tree, record(tree, pruning=True), compact)
        handle = next(i for i, d in enumerate(sketch._drawn) if d.kind == "legend")
        written = legend_of(sketch, sketch._drawn[handle]).extent  # points
        figure = sketch.scene().figure
        (legend,) = figure.legends
        expected = legend.get_window_extent(figure.canvas.get_renderer())  # pixels
        # in inches; the sketch measures text as the SVG draws it, Agg (hinted) a little apart
        ours = [v / 72 for v in (written.x0 + written.x1, written.y0, written.width)]
        agg = [v / figure.dpi for v in (expected.x0 + expected.x1, expected.y0, expected.width)]
        assert ours[:2] == pytest.approx(agg[:2], abs=0.05)  # its centre (doubled), its foot
        assert ours[2] == pytest.approx(agg[2], rel=0.03)


NUMBER = r"-?\d+(?:\.\d*)?(?:e-?\d+)?"


def _same_markup(moved: str, in_place: str) -> None:
    """The same elements and attributes, with every number within a millionth (each
    side rounds its coordinates to six decimals), the legend's own pattern ids aside."""
    moved = re.sub(r"(\w+)-legend\b", r"\1", moved)
    assert re.split(NUMBER, moved) == re.split(NUMBER, in_place)
    pairs = zip(re.findall(NUMBER, moved), re.findall(NUMBER, in_place), strict=True)
    assert [(a, b) for a, b in pairs if abs(float(a) - float(b)) > 2e-6] == []


@settings(max_examples=25, deadline=None)
@given(
    width=st.floats(7.0, 12.0),
    height=st.floats(5.0, 9.0),
    anchor=st.tuples(st.floats(0.4, 0.6), st.floats(0.4, 0.6)),
    loc=st.sampled_from(["center", "lower center", "upper center", "center left", "center right"]),
    hatched=st.booleans(),
)
def test_a_legend_moved_into_place_is_the_legend_matplotlib_draws_there(
    width, height, anchor, loc, hatched
):
    """Drawn once apart and moved, a legend's markup is what matplotlib writes when it
    draws the legend in place: with markers, lines, texts (black and grey), hatches and a
    frame. (A legend is always on its page: a sketch makes room for it. Off the page,
    matplotlib would clip its lines to the page.)"""
    sketch = Sketch(width, height)
    if hatched:  # tic-tac-toe's: pairs of handles, a hatched patch, no frame
        labels = list(_LEGEND)
        sketch.legend(labels, _legend_handle, anchor=anchor, loc=loc, labels=labels,
                      handler_map=_PAIRS, ncols=2, fontsize=9, frameon=False)  # fmt: skip
    else:
        styles = [STATUS["frontier"], STATUS["explored"]]
        sketch.legend(legend_entries(styles), graph_legend_handle, anchor=anchor, loc=loc,
                      ncols=2, fontsize=9, frameon=True, framealpha=0.9,
                      labelcolor="#444444")  # fmt: skip
    drawn = next(d for d in sketch._drawn if d.kind == "legend")
    options = dict(drawn.kwargs)
    in_place = _draw_legend(options, sketch.size_points, options.pop("anchor"))
    page = Bbox.from_bounds(0, 0, *sketch.size_points)
    assume(page.containsx(in_place.extent.x0) and page.containsx(in_place.extent.x1))
    assume(page.containsy(in_place.extent.y0) and page.containsy(in_place.extent.y1))
    moved = legend_of(sketch, drawn)
    _same_markup(moved.markup, in_place.patterns + in_place.markup)
    assert tuple(moved.extent.bounds) == pytest.approx(tuple(in_place.extent.bounds), abs=1e-6)


@settings(max_examples=30, deadline=None)
@given(
    statuses=st.lists(st.sampled_from(sorted(STATUS)), unique=True, max_size=len(STATUS)),
    links=st.booleans(),
    ncols=st.integers(1, 6),
    fontsize=st.sampled_from([7.0, 9.5, 12.0]),
    spacing=st.tuples(st.floats(0.2, 2.0), st.floats(0.2, 2.0), st.floats(0.5, 2.5)),
)
def test_a_legend_s_width_worked_out_is_the_width_matplotlib_draws(
    statuses, links, ncols, fontsize, spacing
):
    """What a bottom legend's columns are chosen by, without drawing it: its width."""
    entries = legend_entries([STATUS[s] for s in statuses], links=links)
    textpad, columnspacing, handlelength = spacing
    options = {"ncols": ncols, "fontsize": fontsize, "handletextpad": textpad,
               "columnspacing": columnspacing, "handlelength": handlelength}  # fmt: skip
    labels = [graph_legend_handle(entry).get_label() for entry in entries]
    drawn = _legend_apart({**options, "entries": tuple(entries), "handle": graph_legend_handle})
    assert legend_width(labels, **options) == pytest.approx(drawn.extent.width, abs=1e-6)


def test_a_sketch_refuses_names_that_do_not_fit():
    sketch = Sketch(2, 1)
    ax = sketch.axes((0, 0, 1, 1), xlim=(0, 1), ylim=(0, 1))
    dots = ax.scatter([0.2, 0.8], [0.5, 0.5])
    with pytest.raises(ValueError, match="3 names for 2 elements"):
        sketch.tag_each(dots, ["a", "b", "c"], shown=True)
    sketch.tag(ax.text(0.5, 0.5, "x"), "a")
    with pytest.raises(ValueError, match="two items are called 'a'"):
        sketch.tag(ax.text(0.5, 0.5, "y"), "a")
