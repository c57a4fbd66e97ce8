"""The game-tree film: the lecture notes' answers at their steps, every step a new picture,
what the film shows equal to what the search says at every step, nothing cut off."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

import search_viz as sv
from search_viz import GameTree, Trace, alphabeta, minimax
from search_viz.events import format_value
from search_viz.lessons.game_trees.drawing import (
    _CaptionPlan,
    _written,
    end_picture,
    game_film,
    node_items,
    step_items,
    thumbnail,
)
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.game_view import letters, search_view
from search_viz.problems.game_tree import EXAMPLES

NOTES_AB = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]
MIN_ROOT = EXAMPLES["Notes §6: MIN root, leaves 2 4 | 6 8"]
TEXTBOOK = EXAMPLES["Textbook: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]"]
NOTES_MM = EXAMPLES["Notes §5: leaves −1 4 2 6 −3 −5 0 7"]

numbers = st.integers(-9, 9)
trees = st.recursive(
    numbers, lambda children: st.lists(children, min_size=1, max_size=3), max_leaves=12
).filter(lambda nested: isinstance(nested, list))


def node(tree: GameTree, letter: str):
    return next(n for n, name in letters(tree).items() if name == letter)


def values_at(film, tree: GameTree, k: int) -> dict[str, float]:
    """The backed-up value each inner node shows at step ``k``, by letter."""
    shown = {}
    for n in tree.nodes:
        if film.has(("value", n)) and film.shows(k, ("value", n)):
            shown[letters(tree)[n]] = n
    trace = Trace.record(alphabeta(tree))
    decided = search_view(trace, len(trace) - 1, tree).decided
    return {name: decided[n] for name, n in shown.items()}


def pruned_leaf_values(film, tree: GameTree, k: int) -> list:
    return sorted(
        tree.value(leaf) for leaf in tree.leaves() if film.shows(k, ("node", "pruned", leaf))
    )


def test_notes_alphabeta_tree_prunes_9_at_e_then_g_at_c():
    film = game_film(NOTES_AB, pruning=True)
    k = next(k for k in range(len(film)) if film.state(k).sentence.startswith("Prune the leaf 9"))
    state = film.state(k)
    assert "at E, α = 5 ≥ β = 3" in state.sentence
    assert pruned_leaf_values(film, NOTES_AB, k) == [9]
    assert film.shows(k, ("window", node(NOTES_AB, "E"), (5, 3)))
    assert film.shows(k, ("strike", node(NOTES_AB, "K"), 0))
    assert any(film.shows(k, name) for name in film.names() if name[0] == "caption")
    assert state.counters["cutoffs"] == 1
    assert values_at(film, NOTES_AB, k) == {"D": 3}
    last = len(film) - 1
    end = film.state(last)
    assert end.sentence.startswith("Done: A = 3.")
    assert pruned_leaf_values(film, NOTES_AB, last) == [5, 7, 9]
    assert values_at(film, NOTES_AB, last) == {"A": 3, "B": 3, "C": 1, "D": 3, "E": 5, "F": 1}
    assert end.counters == {
        "nodes entered": 11,  # A B D H I E J C F L M
        "leaves evaluated": "5 of 8",
        "cutoffs": 2,
        "leaves pruned": 3,
    }
    # the principal variation A -> B -> D -> I (value 3) is drawn at the end only
    path = Trace.record(alphabeta(NOTES_AB)).result.path
    assert all(film.shows(last, ("pv", n)) for n in path if n)
    assert not any(film.shows(last - 1, ("pv", n)) for n in path if n)


def test_notes_min_root_prunes_8_and_is_worth_4():
    film = game_film(MIN_ROOT, pruning=True)
    prunes = [k for k in range(len(film)) if film.state(k).sentence.startswith("Prune")]
    assert len(prunes) == 1
    assert "Prune the leaf 8 (G): at C, α = 6 ≥ β = 4." in film.state(prunes[0]).sentence
    assert film.state(-1).sentence.startswith("Done: A = 4.")


def test_textbook_tree_prunes_4_and_6_after_2():
    film = game_film(TEXTBOOK, pruning=True)
    sentences = [film.state(k).sentence for k in range(len(film))]
    prunes = [s for s in sentences if s.startswith("Prune")]
    assert prunes[0].startswith("Prune the leaf 4 (I): at C, α = 3 ≥ β = 2.")
    assert prunes[1].startswith("Prune the leaf 6 (J): at C")
    assert pruned_leaf_values(film, TEXTBOOK, len(film) - 1) == [4, 6]
    assert film.state(-1).sentence.startswith("Done: A = 3.")


def test_notes_minimax_backs_up_every_value():
    film = game_film(NOTES_MM, pruning=False)
    trace = Trace.record(minimax(NOTES_MM))
    decided = search_view(trace, len(trace) - 1, NOTES_MM).decided
    named = {letters(NOTES_MM)[n]: v for n, v in decided.items() if not NOTES_MM.is_leaf(n)}
    assert named == {"D": 4, "E": 6, "F": -3, "G": 7, "B": 4, "C": -3, "A": 4}
    b_returns = next(k for k in range(len(film)) if "B returns 4 to A." in film.state(k).sentence)
    assert film.shows(b_returns, ("value", node(NOTES_MM, "B")))
    assert film.shows(b_returns, ("going up", node(NOTES_MM, "B")))
    assert film.state(-1).counters["leaves evaluated"] == "8 of 8"
    # minimax's best-so-far: A shows "≥ 4" once B is back, before C is
    assert film.shows(b_returns, ("partial", (), 4))


def test_fail_soft_and_fail_hard_are_one_shape_and_differ_at_the_cut():
    soft = game_film(NOTES_AB, pruning=True, fail_soft=True)
    hard = game_film(NOTES_AB, pruning=True, fail_soft=False)
    assert soft.meta["shape"] == hard.meta["shape"]
    assert len(soft) == len(hard)
    k = next(k for k in range(len(hard)) if hard.state(k).sentence.startswith("E returns"))
    assert "E was cut off and returns β = 3" in hard.state(k).sentence
    assert "fail-soft returns the best value it saw" in soft.state(k).sentence
    assert game_film(NOTES_AB, pruning=False).meta["shape"] != soft.meta["shape"]


def test_sv_film_makes_the_same_film():
    assert sv.film(sv.alphabeta, NOTES_AB, fail_soft=False).digest == (
        game_film(NOTES_AB, pruning=True, fail_soft=False).digest
    )
    assert sv.film(sv.minimax, NOTES_MM).digest == game_film(NOTES_MM, pruning=False).digest
    with pytest.raises(TypeError, match="fail_soft, ordering and questions"):
        sv.film(sv.alphabeta, NOTES_AB, depth=3)


def picture(film, k):
    state = film.state(k)
    return state.looks, state.moves, state.marks


@pytest.mark.parametrize("tree", [NOTES_AB, MIN_ROOT, TEXTBOOK, NOTES_MM])
@pytest.mark.parametrize("pruning", [True, False])
def test_every_step_changes_the_picture(tree, pruning):
    film = game_film(tree, pruning=pruning)
    for k in range(1, len(film)):
        assert picture(film, k) != picture(film, k - 1), (k, film.state(k).sentence)


def direct_looks(tree: GameTree, trace: Trace, k: int, film) -> dict[int, int]:
    """Which items step ``k`` shows, from a fold of the trace up to k (not from the film)."""
    view = search_view(trace, k, tree)
    wanted: dict = {}
    for n in tree.nodes:
        wanted.update(node_items(tree, view, n, compact=False))
    wanted.update(step_items(tree, trace, view, compact=False))
    wanted.update(_CaptionPlan(tree, compact=False).captions(view))
    shown = {name for name in wanted.values() if name is not None and film.has(name)}
    return {film.item(name) for name in shown}


@settings(max_examples=30)
@given(trees, st.booleans(), st.booleans(), st.data())
def test_what_a_step_shows_is_what_the_search_has_done_by_then(nested, pruning, soft, data):
    tree = GameTree.from_nested(nested)
    film = game_film(tree, pruning=pruning, fail_soft=soft)
    trace = Trace.record(alphabeta(tree, fail_soft=soft) if pruning else minimax(tree))
    k = data.draw(st.integers(0, len(film) - 1))
    state = film.state(k)
    base = set(film.header()["base"])
    shown = {n for n in range(len(film.base)) if state.looks.get(n, 1 if n in base else 0)}
    grouped = {film.item(name) for name in film.names() if name[0] in _GROUPED}
    assert shown & grouped == direct_looks(tree, trace, k, film)


_GROUPED = {
    "node", "edge", "letter", "leaf value", "leaf strike", "strike", "value", "partial",
    "window", "halo", "lit edge", "going up", "pv", "caption",
}  # fmt: skip


def outside(fig: Figure) -> list[str]:
    """The texts and legends of ``fig`` that reach past its edges, by more than a pixel."""
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    artists = [t for ax in fig.axes for t in ax.texts if t.get_text()]
    artists += list(fig.legends) + [t for t in fig.texts if t.get_text()]
    found = []
    for artist in artists:
        box = artist.get_window_extent(renderer)
        if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1:
            found.append(getattr(artist, "get_text", lambda: "the legend")())
    return found


@settings(max_examples=10)
@given(trees, st.booleans())
def test_every_text_any_step_shows_fits_the_picture(nested, pruning):
    tree = GameTree.from_nested(nested)
    film = game_film(tree, pruning=pruning)
    scene = film.scene()
    scene.svg()  # draws everything once, as the browser gets it
    assert outside(scene.figure) == []


@pytest.mark.parametrize("tree", list(EXAMPLES.values()))
def test_lecture_films_are_small_and_every_text_fits(tree):
    film = game_film(tree, pruning=True)
    header, later = film.payload()
    assert len(header) < 300_000
    assert later == []
    scene = film.scene()
    scene.svg()
    assert outside(scene.figure) == []


def test_captions_of_neighbouring_cuts_never_overlap():
    tree = GameTree.random(3, 3, 0, 9, seed=4)
    film = game_film(tree, pruning=True)
    for k, figure in film.frames(range(len(film))):
        renderer = figure.canvas.get_renderer()
        texts = figure.axes[0].texts
        shown = [t for t in texts if t.get_visible() and "cannot matter" in t.get_text()]
        boxes = [t.get_window_extent(renderer) for t in shown]
        assert not any(a.overlaps(b) for a, b in itertools.combinations(boxes, 2)), k


def test_the_thumbnail_is_small():
    assert float(thumbnail().get_figwidth()) < 6


@settings(max_examples=15, deadline=None)
@given(trees, st.booleans(), st.sampled_from(["given", "best", "worst"]))
def test_the_end_picture_is_the_last_step_of_the_compact_film(nested, pruning, ordering):
    tree = GameTree.from_nested(nested)
    film = _written(tree, pruning, True, ordering, compact=True).film()
    wanted = to_png(film.figure(-1))
    assert to_png(end_picture(tree, pruning=pruning, ordering=ordering)) == wanted


@pytest.mark.parametrize("big", [10**9, -(10**15)])
def test_a_long_leaf_value_stays_clear_of_its_neighbours(big):
    """A leaf of 1000000000 beside a leaf of 3 (the largest values the page takes are 16
    digits): each leaf's value is drawn within its own room, the two texts apart."""
    tree = GameTree.from_nested([[big, 3], [5, 9]])
    figure = sv.film(sv.minimax, tree).figure(0)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    ax = figure.axes[0]
    values = {
        t.get_text(): t.get_window_extent(renderer)
        for t in ax.texts
        if t.get_visible() and t.get_text() in (format_value(big), "3", "5", "9")
    }
    assert len(values) == 4
    boxes = sorted(values.values(), key=lambda box: box.x0)
    for left, right in itertools.pairwise(boxes):
        assert left.x1 < right.x0, values
