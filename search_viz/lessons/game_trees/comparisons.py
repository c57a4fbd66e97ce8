"""The game-tree lesson's comparisons on one tree: minimax vs alpha-beta, move orders, fail-soft vs
fail-hard, and a classic bug in one note's pseudocode."""

from __future__ import annotations

import streamlit as st

from search_viz.algorithms.adversarial import alphabeta
from search_viz.events import format_value
from search_viz.lessons.game_trees.charts import growth_figure, knuth_moore
from search_viz.lessons.game_trees.inputs import Search, cached_film, cached_trace
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.game_view import letters, search_view
from search_viz.problems.game_tree import GameTree
from search_viz.trace import run

#: The largest tree the growth chart searches (leaves), so it stays quick.
GROWTH_LEAVES = 20_000

#: The notes' remark on move ordering in practice.
DEEP_BLUE = (
    "**In practice** programs order moves with cheap guesses (captures first, the move that "
    "was best at the last, shallower search, moves that caused cuts elsewhere), and get close "
    "to the best case: in Deep Blue, good ordering brought chess's effective branching factor "
    "down from about 35-40 (every legal move) to about 6, which is what let it search so deep."
)

BUGGY_MAX_VALUE = """\
function MAX-VALUE(s):
  if TERMINAL(s): return UTILITY(s)
  v ← −∞
  for each a in ACTIONS(s):
    t ← RESULT(s, a)
    v ← MAX(v, MIN-VALUE(t))
    return v        ▷ the bug: inside the loop"""


@st.cache_data(max_entries=500, show_spinner=False)
def compact_png(search: Search) -> bytes:
    """The end of the search as a small picture: the last step of its compact film."""
    film = cached_film(search, compact=True)
    return to_png(film.figure(len(film) - 1))


def _summary(search: Search) -> str:
    r = cached_trace(search).result
    leaves = len(search.tree.leaves())
    return (
        f"**{r.stats['evaluated']}** of {leaves} leaves evaluated · "
        f"{r.stats['nodes']} nodes entered · root = **{format_value(r.value)}**"
    )


def comparisons(search: Search) -> None:
    """Tabs comparing searches on the current tree: minimax vs alpha-beta, move orders,
    fail-soft vs fail-hard, and the bug of a ``return`` inside the loop.

    In a page, under the player: ``comparisons(search)``.
    """
    st.subheader("Compare on this tree")
    views = {
        "Minimax vs alpha-beta": lambda: _minimax_vs_alphabeta(search),
        "Move order": lambda: _move_orders(search),
        "Fail-soft vs fail-hard": lambda: _fail_soft_vs_hard(search),
        "A bug to spot": lambda: _the_bug(search.tree),
    }
    # Only the open tab is drawn: a closed one would still cost the browser at every step.
    tabs = st.tabs(list(views), key="compare", on_change="rerun", bind="query-params")
    for tab, draw in zip(tabs, views.values(), strict=True):
        if tab.open:
            with tab:
                draw()


def _minimax_vs_alphabeta(search: Search) -> None:
    mini = search.but(algorithm="Minimax", ordering="given", fail_soft=True)
    alpha = search.but(algorithm="Alpha-beta") if search.pruning else search.but(
        algorithm="Alpha-beta", ordering="given", fail_soft=True
    )  # fmt: skip
    left, right = st.columns(2)
    for column, s, title in [(left, mini, "Minimax"), (right, alpha, "Alpha-beta")]:
        with column:
            st.markdown(f"**{title}**: {_summary(s)}")
            st.image(compact_png(s), width="stretch")
    saved = len(search.tree.leaves()) - cached_trace(alpha).result.stats["evaluated"]
    st.caption(
        f"The same root value: alpha-beta never changes the answer, only the work. Here it "
        f"skips {saved} leaves that cannot change the root's value."
    )


def _move_orders(search: Search) -> None:
    tree = search.tree
    fail_soft = search.fail_soft if search.pruning else True
    orders = {"as given": "given", "best first": "best", "worst first": "worst"}
    columns = st.columns(3)
    for column, (label, order) in zip(columns, orders.items(), strict=True):
        s = search.but(algorithm="Alpha-beta", ordering=order, fail_soft=fail_soft)
        with column:
            st.markdown(f"**{label}**: {_summary(s)}")
            st.image(compact_png(s), width="stretch")
    if tree.is_uniform and tree.depth > 0:
        b, d = tree.branching, tree.depth
        st.markdown(
            f"This tree is uniform: branching b = {b}, depth d = {d}. Minimax evaluates every "
            f"leaf, b^d = **{b**d}**. With the best order, alpha-beta evaluates "
            f"b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = **{knuth_moore(b, d)}** (about b^(d/2) = "
            f"{format_value(b ** (d / 2))}): in the same time it can search twice as deep. "
            "With the worst order it prunes next to nothing."
        )
    else:
        st.markdown(
            "This tree is not uniform, so b^d and b^(d/2) do not apply exactly; the counts "
            'above are what each order costs here. On ragged trees "best first" is not '
            "always cheapest: a cut needs *some* child past the bound, not the best one."
        )
    st.markdown(DEEP_BLUE)
    b = tree.branching if tree.is_uniform and tree.branching > 1 else 3
    with st.expander(f"How the counts grow with depth (random trees, b = {b})"):
        st.image(growth_png(b), width="content")
        st.caption(
            "Each point is one random tree (values 0-99, seed 1) searched three ways. Best "
            "first follows the best-case line b^⌈d/2⌉ + b^⌊d/2⌋ − 1 exactly; worst first "
            "stays near b^d, every leaf."
        )


@st.cache_data(max_entries=8, show_spinner="Searching random trees of every depth...")
def growth_png(branching: int) -> bytes:
    """The growth chart for ``branching``: depths 1.. while b^d stays under GROWTH_LEAVES.

    Example: ``st.image(growth_png(2))``.
    """
    rows = []
    depth = 1
    while branching**depth <= GROWTH_LEAVES and depth <= 10:
        tree = GameTree.random(branching, depth, 0, 99, seed=1)
        counts = {
            order: run(alphabeta(tree, ordering=order)).stats["evaluated"]
            for order in ("given", "best", "worst")
        }
        rows.append((depth, counts))
        depth += 1
    return to_png(growth_figure(rows, branching))


def _fail_soft_vs_hard(search: Search) -> None:
    ordering = search.ordering if search.pruning else "given"
    soft = search.but(algorithm="Alpha-beta", ordering=ordering, fail_soft=True)
    hard = soft.but(fail_soft=False)
    left, right = st.columns(2)
    for column, s, title in [(left, soft, "Fail-soft (AIMA)"), (right, hard, "Fail-hard")]:
        with column:
            st.markdown(f"**{title}**: {_summary(s)}")
            st.image(compact_png(s), width="stretch")
    tree = soft.tree
    labels = letters(tree)
    soft_view = search_view(cached_trace(soft), len(cached_trace(soft)) - 1, tree)
    hard_view = search_view(cached_trace(hard), len(cached_trace(hard)) - 1, tree)
    differ = [
        node
        for node in tree.nodes
        if node in soft_view.decided
        and not tree.is_leaf(node)
        and soft_view.decided[node] != hard_view.decided.get(node)
    ]
    if differ:
        rows = [
            {
                "node": labels[node],
                "fail-soft returns": format_value(soft_view.decided[node]),
                "fail-hard returns": format_value(hard_view.decided[node]),
                "why": "cut off" if node in soft_view.cut_nodes else "every child outside [α, β]",
            }
            for node in differ
        ]
        st.dataframe(rows, hide_index=True)
    st.markdown(
        "Both visit the same nodes and agree on the root (**"
        f"{format_value(cached_trace(soft).result.value)}**). They differ at nodes whose value "
        "falls outside their window [α, β]: there fail-soft returns the best value it saw (a "
        "bound that may lie outside the window), fail-hard returns the window's edge α or β."
        + ("" if differ else " On this tree no node's value differs.")
    )


def _the_bug(tree: GameTree) -> None:
    st.markdown(
        "One lecture note writes `return v` **inside** the loop of MAX-VALUE (and of "
        "MIN-VALUE). Spot the difference from the pseudocode beside the picture:"
    )
    st.code(BUGGY_MAX_VALUE, language=None)
    node = ()
    while not tree.is_leaf(node):
        node = tree.children(node)[0]
    labels = letters(tree)
    wrong, right = tree.value(node), tree.minimax_value()
    verdict = (
        "here it happens to be right, by luck"
        if wrong == right
        else f"the true value is **{format_value(right)}**"
    )
    st.markdown(
        f"Each call returns after its **first** child, so the search only ever follows the "
        f"leftmost branch down to {labels[node]} and answers **{format_value(wrong)}**; "
        f"{verdict}. A node's value is known only after the loop has seen every child (or "
        "alpha-beta has shown the rest cannot matter)."
    )
