"""The game-trees page: minimax and alpha-beta step by step, every cutoff explained, and a quiz.

Top to bottom: the sidebar's choices; the replay (or the quiz: the replay of a quiz tree in
practice mode); the tabs comparing searches on the same tree. Everything here is Streamlit;
what it says is computed in ``comparisons.py``, ``questions.py`` and ``quiz.py``, what it
draws in ``drawing.py`` and ``charts.py``.
"""

from __future__ import annotations

import streamlit as st

from search_viz.events import format_value
from search_viz.film import Film
from search_viz.lessons.game_trees import comparisons as compare
from search_viz.lessons.game_trees import edits
from search_viz.lessons.game_trees.charts import growth_figure
from search_viz.lessons.game_trees.descriptions import end_alt, growth_alt
from search_viz.lessons.game_trees.drawing import end_picture
from search_viz.lessons.game_trees.inputs import (
    MAX_DEPTH,
    MAX_NODES,
    Search,
    cached_film,
    cached_trace,
    choose_search,
    choose_tree,
    new_random_tree,
    typed_tree_widgets,
)
from search_viz.lessons.game_trees.quiz import (
    LAST_TREE,
    LEVEL_QUESTIONS,
    LEVELS,
    SHAPES,
    next_tree,
    quiz_tree,
)
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.game_view import letters
from search_viz.problems.game_tree import GameTree
from search_viz.ui import link_check
from search_viz.ui.choices import choose_number, choose_one
from search_viz.ui.film_player import Editing, film_player
from search_viz.ui.presenter import is_on as presenting

STEP, QUIZ = "Step through", "Quiz"

INTRO = (
    "MAX (▲) takes the largest value below it, MIN (▼) the smallest; values are backed up "
    "from the leaves. **α** is the best MAX can already guarantee on the path (from −∞), "
    "**β** the best MIN can (from +∞): MAX raises α, MIN lowers β, and they travel down with "
    "the search. When **α ≥ β** at a node, its other children cannot change the result: they "
    "are pruned."
)


def body() -> None:
    """The page, top to bottom: the sidebar's choices, then the replay or the quiz."""
    st.title("Game trees: minimax and alpha-beta")
    with link_check(), st.sidebar:
        mode = choose_one("Mode", [STEP, QUIZ], default=STEP, key="mode")
        if mode == QUIZ:
            tree, harder = choose_quiz_tree()
        else:
            tree, problem = choose_tree()
            search = choose_search(tree) if tree is not None else None
            both = st.toggle(
                "Minimax and alpha-beta side by side",
                key="both",
                bind="query-params",
                help="Compare mode: both searches on this tree, driven by one player.",
            )
    if mode == QUIZ:
        quiz(tree, harder)
        return
    if search is None:
        st.error(problem, icon=":material/error:")
        return
    if not presenting():  # on a projector the picture needs the room
        st.caption(INTRO)
    if both:
        searches = [search.but(algorithm="Minimax"), search.but(algorithm="Alpha-beta")]
        film_player(
            [cached_film(s) for s in searches],
            key="game",
            titles=["Minimax", "Alpha-beta"],
            edit=_editing(tree, searches),
        )
    else:
        film_player(
            cached_film(search),
            key="game",
            new_problem=_new_random_tree,
            edit=_editing(tree, [search]),
        )
    comparison_panel(search)


def _new_random_tree() -> None:
    new_random_tree(st.session_state)


def _editing(tree: GameTree, searches: list[Search]) -> Editing:
    """Edit mode: a change made in the picture becomes "Your tree" (the link holds it); the
    player shows the edited tree's films, ``searches`` (one, or two side by side) on it."""

    def films(edited: GameTree) -> list[Film]:
        return [cached_film(s.but(text=edited.text(), root=edited.root)) for s in searches]

    return Editing(tree, _edited, typed_tree_widgets, edits.HINT, films=films)


def _edited(tree: GameTree, change) -> GameTree:
    """``tree`` with ``change`` made, within what this page draws."""
    return edits.edited(tree, change, max_nodes=MAX_NODES, max_depth=MAX_DEPTH)


# ----------------------------------------------------------- the comparisons
@st.cache_data(max_entries=500, show_spinner=False)
def compact_png(search: Search) -> bytes:
    """The end of the search as a small picture (see ``end_picture``)."""
    options = {"fail_soft": search.fail_soft, "ordering": search.ordering}
    return to_png(end_picture(search.tree, pruning=search.pruning, **options))


@st.cache_data(max_entries=8, show_spinner="Searching random trees of every depth...")
def growth_png(branching: int) -> bytes:
    """The growth chart for ``branching`` (random trees of every depth that stays small)."""
    return to_png(growth_figure(compare.growth_rows(branching), branching))


def _summary(search: Search) -> str:
    r = cached_trace(search).result
    leaves = len(search.tree.leaves())
    return (
        f"**{r.stats['evaluated']}** of {leaves} leaves evaluated · "
        f"{r.stats['nodes']} nodes entered · root = **{format_value(r.value)}**"
    )


def _pictures(pairs: list[tuple[str, Search]]) -> None:
    """Searches side by side: each one's summary and the end of its search."""
    for column, (title, search) in zip(st.columns(len(pairs)), pairs, strict=True):
        with column:
            st.markdown(f"**{title}**: {_summary(search)}")
            st.image(
                compact_png(search),
                width="stretch",
                alt=end_alt(title, search.tree, cached_trace(search)),
            )


def comparison_panel(search: Search) -> None:
    """Tabs comparing searches on the current tree: minimax vs alpha-beta, move orders,
    fail-soft vs fail-hard, and the bug of a ``return`` inside the loop.

    Lazy: they are searched and drawn only while their expander is open (the link holds
    it, ``comparisons=true``). Their pictures cost a new tree more than its film does
    (0.5 s of app CPU per opening with them, 0.2 s without: benchmarks/README.md, "A lab
    on their own seeds"), and they sit below the player. ``comparison_panel(search)`` under
    the player; with ``?comparisons=true&compare=Move+order`` it draws the move orders.
    """
    panel = st.expander(
        "Compare on this tree: minimax vs alpha-beta, move order, fail-soft, a bug to spot",
        key="comparisons",
        on_change="rerun",
        bind="query-params",
    )
    if panel.open:
        with panel:
            _comparison_tabs(search)


def _comparison_tabs(search: Search) -> None:
    views = {
        "Minimax vs alpha-beta": lambda: _minimax_vs_alphabeta(search),
        "Move order": lambda: _move_orders(search),
        "Fail-soft vs fail-hard": lambda: _fail_soft_vs_hard(search),
        "A bug to spot": lambda: _the_bug(search.tree),
    }
    # Only the open tab is drawn.
    tabs = st.tabs(list(views), key="compare", on_change="rerun", bind="query-params")
    for tab, draw in zip(tabs, views.values(), strict=True):
        if tab.open:
            with tab:
                draw()


def _minimax_vs_alphabeta(search: Search) -> None:
    mini = search.but(algorithm="Minimax", ordering="given", fail_soft=True)
    alpha = search.but(algorithm="Alpha-beta")
    if not search.pruning:
        alpha = alpha.but(ordering="given", fail_soft=True)
    _pictures([("Minimax", mini), ("Alpha-beta", alpha)])
    saved = len(search.tree.leaves()) - cached_trace(alpha).result.stats["evaluated"]
    st.caption(
        f"The same root value: alpha-beta never changes the answer, only the work. Here it "
        f"skips {saved} leaves that cannot change the root's value."
    )


def _move_orders(search: Search) -> None:
    tree = search.tree
    fail_soft = search.fail_soft if search.pruning else True
    orders = {"as given": "given", "best first": "best", "worst first": "worst"}
    _pictures([
        (label, search.but(algorithm="Alpha-beta", ordering=order, fail_soft=fail_soft))
        for label, order in orders.items()
    ])  # fmt: skip
    st.markdown(compare.move_order_text(tree))
    st.markdown(compare.DEEP_BLUE)
    b = tree.branching if tree.is_uniform and tree.branching > 1 else 3
    with st.expander(f"How the counts grow with depth (random trees, b = {b})"):
        st.image(growth_png(b), width="content", alt=growth_alt(b))
        st.caption(
            "Each point is one random tree (values 0-99, seed 1) searched three ways. Best "
            "first follows the best-case line b^⌈d/2⌉ + b^⌊d/2⌋ − 1 exactly; worst first "
            "stays near b^d, every leaf."
        )


def _fail_soft_vs_hard(search: Search) -> None:
    ordering = search.ordering if search.pruning else "given"
    soft = search.but(algorithm="Alpha-beta", ordering=ordering, fail_soft=True)
    hard = soft.but(fail_soft=False)
    _pictures([("Fail-soft (AIMA)", soft), ("Fail-hard", hard)])
    rows = compare.fail_soft_differences(soft.tree, cached_trace(soft), cached_trace(hard))
    if rows:
        st.dataframe(rows, hide_index=True)
    st.markdown(
        "Both visit the same nodes and agree on the root (**"
        f"{format_value(cached_trace(soft).result.value)}**). They differ at nodes whose value "
        "falls outside their window [α, β]: there fail-soft returns the best value it saw (a "
        "bound that may lie outside the window), fail-hard returns the window's edge α or β."
        + ("" if rows else " On this tree no node's value differs.")
    )


def _the_bug(tree: GameTree) -> None:
    st.markdown(
        "One lecture note writes `return v` **inside** the loop of MAX-VALUE (and of "
        "MIN-VALUE). Spot the difference from the pseudocode beside the picture:"
    )
    st.code(compare.BUGGY_MAX_VALUE, language=None)
    leaf, wrong, right = compare.buggy_answer(tree)
    verdict = (
        "here it happens to be right, by luck"
        if wrong == right
        else f"the true value is **{format_value(right)}**"
    )
    st.markdown(
        f"Each call returns after its **first** child, so the search only ever follows the "
        f"leftmost branch down to {letters(tree)[leaf]} and answers **{format_value(wrong)}**; "
        f"{verdict}. A node's value is known only after the loop has seen every child (or "
        "alpha-beta has shown the rest cannot matter)."
    )


# ------------------------------------------------------------------- the quiz
def choose_quiz_tree() -> tuple[GameTree, bool]:
    """The quiz's widgets in the sidebar; returns the tree and whether the level is harder.

    In a page::

        with st.sidebar:
            tree, harder = choose_quiz_tree()
        quiz(tree, harder)
    """
    shape = st.selectbox("Quiz tree", list(SHAPES), key="qshape", bind="query-params")
    number = choose_number(
        "Tree number",
        1,
        LAST_TREE,
        1,
        key="qtree",
        help="Everyone with the same number gets the same tree.",
    )
    level = choose_one("Level", LEVELS, default=LEVELS[0], key="qlevel")
    return quiz_tree(shape, number), level == LEVELS[1]


def _next_tree() -> None:
    next_tree(st.session_state)


def quiz(tree: GameTree, harder: bool = False) -> None:
    """The quiz on ``tree``: alpha-beta's film in practice mode, its questions by level.

    See :func:`choose_quiz_tree` for an example.
    """
    asked = (
        "every value a node returns, α and β as the search enters or updates a node, "
        if harder
        else ""
    )
    st.markdown(
        "**Predict, then watch.** Alpha-beta (fail-soft, children left to right) searches this "
        "tree, and before each step you say what it does: "
        + asked
        + "whether it cuts when a value comes back (**click the branch it skips**, or choose "
        "“no cut”), and the root's value. A right answer plays the step; a wrong one says why. "
        "**New problem** gives the next tree."
    )
    level = LEVELS[1] if harder else LEVELS[0]
    search = Search(tree.text(), tree.root, questions=LEVEL_QUESTIONS[level])
    film_player(cached_film(search), key="quiz", practice=True, new_problem=_next_tree)
