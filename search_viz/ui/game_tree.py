"""The game-tree lesson's Streamlit pieces: choosing a tree, the cached traces and frames.

The page (``app_pages/game_trees.py``) puts these together; the comparisons and the
quiz live in ``ui/game_compare.py`` and ``ui/game_quiz.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from search_viz.algorithms.adversarial import alphabeta, game_pseudocode, minimax
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.game_view import search_view
from search_viz.problems.game import MAX, MIN
from search_viz.problems.game_tree import EXAMPLES, GameTree
from search_viz.render.game_notes import game_note
from search_viz.render.game_tree import figure_for
from search_viz.trace import Trace
from search_viz.ui.compare import Side, side_by_side
from search_viz.ui.panels import counters, note, pseudocode

#: What a page lets users type in or generate.
MAX_NODES = 2000
MAX_DEPTH = 12

RANDOM = "Random tree"
OWN = "Type your own"
ALGORITHMS = ("Alpha-beta", "Minimax")
ORDERINGS = {"as given": "given", "best first": "best", "worst first": "worst"}


@dataclass(frozen=True)
class Search:
    """Everything a trace depends on: the tree (as text and root) and the search's options.

    Hashable and small, so it keys the caches.

    >>> Search("[[1, 2], [3]]", "MAX").but(ordering="best").ordering
    'best'
    """

    text: str
    root: str
    algorithm: str = "Alpha-beta"
    ordering: str = "given"
    fail_soft: bool = True

    @property
    def pruning(self) -> bool:
        return self.algorithm == "Alpha-beta"

    @property
    def tree(self) -> GameTree:
        return cached_tree(self.text, self.root)

    def but(self, **changes) -> Search:
        """The same search with some options changed."""
        return Search(**{**self.__dict__, **changes})


@st.cache_resource(max_entries=256, show_spinner=False)
def cached_tree(text: str, root: str) -> GameTree:
    """The tree written as ``text`` (already validated), built once per server."""
    return GameTree.parse(text, root=root)


@st.cache_resource(max_entries=256, show_spinner=False)
def cached_trace(search: Search) -> Trace:
    """The recorded search, shared by every session (traces are never changed)."""
    tree = search.tree
    if search.pruning:
        gen = alphabeta(tree, fail_soft=search.fail_soft, ordering=search.ordering)
    else:
        gen = minimax(tree)
    return Trace.record(gen)


def step_figure(search: Search):
    """The function the player exports from: the tree at one step, at normal size."""
    return lambda step: figure_for(search.tree, cached_trace(search), step)


@st.cache_data(max_entries=5000, show_spinner=False)
def frame_png(search: Search, step: int, scale: float) -> bytes:
    """One frame of the replay as PNG: one render per frame for a whole lecture hall."""
    return to_png(figure_for(search.tree, cached_trace(search), step, scale=scale))


@st.cache_data(max_entries=500, show_spinner=False)
def compact_png(search: Search) -> bytes:
    """The end of the search as a small picture, for the side-by-side comparisons."""
    return to_png(figure_for(search.tree, cached_trace(search), compact=True))


# --------------------------------------------------------------- the sidebar
def choose_tree() -> tuple[GameTree | None, str | None]:
    """The tree widgets (in the sidebar): an example, a random tree or typed text.

    Returns the tree, or None and a message saying what is wrong. In a page::

        with link_check(), st.sidebar:
            tree, problem = choose_tree()
    """
    names = [*EXAMPLES, RANDOM, OWN]
    source = st.selectbox("Tree", names, key="tree", bind="query-params")
    if source in EXAMPLES:
        return EXAMPLES[source], None
    if source == RANDOM:
        return _random_tree()
    return _typed_tree()


def _random_tree() -> tuple[GameTree | None, str | None]:
    left, right = st.columns(2)
    branching = left.number_input("Branching", 2, 5, 2, key="b", bind="query-params")
    depth = right.number_input("Depth", 1, 10, 3, key="d", bind="query-params")
    low = left.number_input("Lowest value", -99, 99, 0, key="low", bind="query-params")
    high = right.number_input("Highest value", -99, 99, 9, key="high", bind="query-params")
    seed = st.number_input("Seed", 0, 99_999, 1, key="seed", bind="query-params")
    root = _root_choice()
    nodes = (branching ** (depth + 1) - 1) // (branching - 1)
    if nodes > MAX_NODES:
        return None, (
            f"A random tree with branching {branching} and depth {depth} has {nodes:,} nodes; "
            f"this page draws at most {MAX_NODES:,}. Lower the depth or the branching."
        )
    if low > high:
        return None, f"The lowest value ({low}) is above the highest ({high}): swap them."
    return GameTree.random(branching, depth, low, high, seed=seed, root=root), None


def _typed_tree() -> tuple[GameTree | None, str | None]:
    text = st.text_area(
        "Your tree",
        value="[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
        key="text",
        bind="query-params",
        height=110,
        max_chars=20_000,
        help=(
            "Nested square brackets: a list is a node, a number a leaf. Negative and "
            f"decimal numbers and ragged trees are fine; at most {MAX_NODES:,} nodes "
            f"and {MAX_DEPTH} levels."
        ),
    )
    root = _root_choice()
    try:
        return GameTree.parse(text or "", root=root, max_nodes=MAX_NODES, max_depth=MAX_DEPTH), None
    except ValueError as error:
        return None, str(error)


def _root_choice() -> str:
    return st.segmented_control(
        "Root", [MAX, MIN], default=MAX, required=True, key="root", bind="query-params"
    )


def choose_search(tree: GameTree) -> Search:
    """The algorithm widgets (in the sidebar): algorithm, move order, fail-soft.

    In a page: ``search = choose_search(tree)``, then ``cached_trace(search)``.
    """
    algorithm = st.segmented_control(
        "Algorithm", ALGORITHMS, default=ALGORITHMS[0], required=True, key="algo",
        bind="query-params",
    )  # fmt: skip
    search = Search(tree.text(), tree.root, algorithm)
    if algorithm != "Alpha-beta":
        return search
    ordering = st.segmented_control(
        "Move order", list(ORDERINGS), default="as given", required=True, key="order",
        bind="query-params",
        help="Best first: each node's children by their true minimax value, best for the "
        "player to move first (for the demonstration); worst first: the other way round.",
    )  # fmt: skip
    fail_soft = st.toggle(
        "Fail-soft (AIMA)", value=True, key="soft", bind="query-params",
        help="On: a cut node returns the best value it saw. Off (fail-hard): it returns the "
        "bound that cut it. The root's value is the same either way.",
    )  # fmt: skip
    return search.but(ordering=ORDERINGS[ordering], fail_soft=fail_soft)


# ----------------------------------------------------------------- the stage
def counts(search: Search, trace: Trace, step: int) -> dict[str, object]:
    """The counters beside the picture at ``step``.

    >>> s = Search("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", "MAX")
    >>> counts(s, cached_trace(s), 17)  # C's leaf 2 is back: 4 and 6 are pruned
    {'nodes entered': 7, 'leaves evaluated': '4 of 9', 'cutoffs': 1, 'leaves pruned': 2}
    """
    tree = search.tree
    view = search_view(trace, step, tree)
    leaves = len(tree.leaves())
    shown = {
        "nodes entered": len(view.entered),
        "leaves evaluated": f"{len(view.leaf_values)} of {leaves}",
    }
    if search.pruning:
        pruned = sum(1 for leaf in tree.leaves() if leaf in view.pruned)
        shown["cutoffs"] = len(view.cuts)
        shown["leaves pruned"] = pruned
    return shown


#: Trees with more leaves than this get the whole width, the panels below them.
WIDE_LEAVES = 12


def stage(search: Search, step: int, scale: float) -> None:
    """The picture, and beside it (below it, for a wide tree) the sentence, code and counters.

    The player calls it for each step::

        replay(
            len(trace),
            lambda step: stage(search, step, scale()),
            key="game",
            figure=step_figure(search),
        )
    """
    trace = cached_trace(search)
    tree = search.tree
    png = frame_png(search, step, scale)
    if len(tree.leaves()) > WIDE_LEAVES:
        st.image(png, width="content")
        left, right = st.columns(2, gap="medium")
        with left:
            _sentence_and_counters(search, trace, step)
        with right:
            _code(search, trace, step)
        return
    picture, side = st.columns([3, 2], gap="medium")
    # natural size, shrunk to the column if wider: a small tree is not blown up
    picture.image(png, width="content")
    with side:
        _sentence_and_counters(search, trace, step, code=True)


def _sentence_and_counters(search, trace, step, code: bool = False) -> None:
    note(game_note(trace, step, search.tree, fail_soft=search.fail_soft), step)
    if code:
        _code(search, trace, step)
    counters(counts(search, trace, step))


def _code(search: Search, trace: Trace, step: int) -> None:
    code = game_pseudocode(search.pruning, search.fail_soft, None, search.ordering)
    # the page's root font already grows in presenter mode: keep the code within its column
    pseudocode(code.text, trace.events[step].line, scale=0.85)


# ------------------------------------------------------------- compare mode
def side_by_side_stage(search: Search, scale: float) -> tuple[int, Callable[[int], None]]:
    """Minimax and alpha-beta on the same tree, driven by one player (compare mode).

    Returns the number of steps and the function that shows a step, for ``replay``.
    Alpha-beta keeps the search's move order and fail-soft choice.
    """
    sides = []
    for each in (search.but(algorithm="Minimax"), search.but(algorithm="Alpha-beta")):
        sides.append(Side(each.algorithm, len(cached_trace(each)), _compact_stage(each, scale)))
    return side_by_side(*sides)


def _compact_stage(search: Search, scale: float) -> Callable[[int], None]:
    """One side of the comparison: the picture, the sentence and the counters, stacked."""
    trace = cached_trace(search)

    def show(step: int) -> None:
        st.image(frame_png(search, step, scale), width="stretch")
        note(game_note(trace, step, search.tree, fail_soft=search.fail_soft), step)
        counters(counts(search, trace, step))

    return show
