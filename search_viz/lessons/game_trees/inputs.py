"""The game-tree lesson's sidebar: choosing a tree and a search; the cached films.

The page (``page.py``) puts these together; the comparisons and the quiz live
in ``comparisons.py`` and ``quiz.py``.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass

import streamlit as st

from search_viz.film import Film
from search_viz.lessons.game_trees.drawing import game_film, record
from search_viz.problems.game import MAX, MIN
from search_viz.problems.game_tree import EXAMPLES, GameTree
from search_viz.trace import Trace
from search_viz.ui.choices import choose_number, choose_one
from search_viz.ui.spinners import cached_resource

#: What a page lets users type in or generate: the film draws every node.
MAX_NODES = 600
MAX_DEPTH = 12

RANDOM = "Random tree"
DEFAULT_SEED, MAX_SEED = 1, 99_999
OWN = "Type your own"
ALGORITHMS = ("Alpha-beta", "Minimax")
ORDERINGS = {"as given": "given", "best first": "best", "worst first": "worst"}


@dataclass(frozen=True)
class Search:
    """Everything a replay depends on: the tree (as text and root), the search's options and
    what it asks in practice mode (``questions``: a level of ``questions.LEVELS``).

    Hashable and small, so it keys the caches.

    >>> Search("[[1, 2], [3]]", "MAX").but(ordering="best").ordering
    'best'
    """

    text: str
    root: str
    algorithm: str = "Alpha-beta"
    ordering: str = "given"
    fail_soft: bool = True
    questions: str = "all"

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


@st.cache_resource(max_entries=256, ttl=3600, show_spinner=False)
def cached_trace(search: Search) -> Trace:
    """The recorded search, shared by every session (traces are never changed)."""
    return record(search.tree, search.pruning, search.fail_soft, search.ordering)


@cached_resource(max_entries=64, ttl=3600, spinner="Drawing the replay…")
def cached_film(search: Search) -> Film:
    """The replay as a film, built once per server for every session that asks for it."""
    return game_film(
        search.tree,
        pruning=search.pruning,
        fail_soft=search.fail_soft,
        ordering=search.ordering,
        questions=search.questions,
    )


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


def new_random_tree(state: MutableMapping) -> None:
    """Practice's "New problem": a random tree, with the next seed if one was already shown.

    ``state``: the session's (the widgets' values). The other random-tree widgets
    keep their values (or their defaults).

    >>> state = {"tree": RANDOM, "seed": 7}
    >>> new_random_tree(state); state
    {'tree': 'Random tree', 'seed': 8}
    >>> state = {"tree": "Notes §6: leaves 2 3 5 9 0 1 7 5"}
    >>> new_random_tree(state); state["tree"], state["seed"]
    ('Random tree', 1)
    """
    seed = state.get("seed")
    if state.get("tree") != RANDOM or seed is None:
        state["seed"] = DEFAULT_SEED if seed is None else seed
    else:
        state["seed"] = int(seed) + 1 if int(seed) < MAX_SEED else 0
    state["tree"] = RANDOM


def _random_tree() -> tuple[GameTree | None, str | None]:
    left, right = st.columns(2)
    with left:
        branching = choose_number("Branching", 2, 5, 2, key="b")
        low = choose_number("Lowest value", -99, 99, 0, key="low")
    with right:
        depth = choose_number("Depth", 1, 10, 3, key="d")
        high = choose_number("Highest value", -99, 99, 9, key="high")
    seed = choose_number("Seed", 0, MAX_SEED, DEFAULT_SEED, key="seed")
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


def typed_tree_widgets(tree: GameTree) -> dict[str, object]:
    """The sidebar's values that choose ``tree`` as typed text (edit mode puts an edited tree
    there, so that the link holds it).

    >>> typed_tree_widgets(GameTree.from_nested([[1, 2], [3]], root="min"))
    {'tree': 'Type your own', 'text': '[[1, 2], [3]]', 'root': 'MIN'}
    """
    return {"tree": OWN, "text": tree.text(), "root": tree.root}


def _root_choice() -> str:
    return choose_one("Root", [MAX, MIN], default=MAX, key="root")


def choose_search(tree: GameTree) -> Search:
    """The algorithm widgets (in the sidebar): algorithm, move order, fail-soft.

    In a page: ``search = choose_search(tree)``, then ``cached_trace(search)``.
    """
    algorithm = choose_one("Algorithm", ALGORITHMS, default=ALGORITHMS[0], key="algo")
    search = Search(tree.text(), tree.root, algorithm)
    if algorithm != "Alpha-beta":
        return search
    ordering = choose_one(
        "Move order", list(ORDERINGS), default="as given", key="order",
        help="Best first: each node's children by their true minimax value, best for the "
        "player to move first (for the demonstration); worst first: the other way round.",
    )  # fmt: skip
    fail_soft = st.toggle(
        "Fail-soft (AIMA)", value=True, key="soft", bind="query-params",
        help="On: a cut node returns the best value it saw. Off (fail-hard): it returns the "
        "bound that cut it. The root's value is the same either way.",
    )  # fmt: skip
    return search.but(ordering=ORDERINGS[ordering], fail_soft=fail_soft)
