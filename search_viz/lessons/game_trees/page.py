"""The game-trees page: minimax and alpha-beta step by step, every cutoff explained, and a quiz.

Top to bottom: the sidebar's choices; the replay (or the quiz); the tabs comparing
searches on the same tree. Everything here is Streamlit; what it says is computed in
``comparisons.py`` and ``quiz.py``, what it draws in ``drawing.py`` and ``charts.py``.
"""

from __future__ import annotations

import streamlit as st

from search_viz.events import format_value
from search_viz.lessons.game_trees import comparisons as compare
from search_viz.lessons.game_trees.charts import growth_figure
from search_viz.lessons.game_trees.drawing import end_picture, quiz_film
from search_viz.lessons.game_trees.inputs import (
    Search,
    cached_film,
    cached_trace,
    choose_search,
    choose_tree,
)
from search_viz.lessons.game_trees.quiz import (
    LEVELS,
    SHAPES,
    Grade,
    asked,
    claimed_leaves,
    cut_reasons,
    first_cut_step,
    grade,
    node_name,
    quiz_tree,
    sheet_looks,
)
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.game_view import letters
from search_viz.problems.game_tree import GameTree
from search_viz.trace import Trace
from search_viz.ui import link_check
from search_viz.ui.choices import choose_number, choose_one
from search_viz.ui.film_player import film_picture, film_player
from search_viz.ui.presenter import is_on as presenting

STEP, QUIZ = "Step through", "Quiz"
RESULTS = "quiz.results"  # session state: tree key -> Grade

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
            tree, key, harder = choose_quiz_tree()
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
        quiz(tree, key, harder)
        return
    if search is None:
        st.error(problem, icon=":material/error:")
        return
    if not presenting():  # on a projector the picture needs the room
        st.caption(INTRO)
    if both:
        searches = [search.but(algorithm="Minimax"), search.but(algorithm="Alpha-beta")]
        film_player(
            [cached_film(s) for s in searches], key="game", titles=["Minimax", "Alpha-beta"]
        )
    else:
        film_player(cached_film(search), key="game")
    comparison_tabs(search)


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
            st.image(compact_png(search), width="stretch")


def comparison_tabs(search: Search) -> None:
    """Tabs comparing searches on the current tree: minimax vs alpha-beta, move orders,
    fail-soft vs fail-hard, and the bug of a ``return`` inside the loop."""
    st.subheader("Compare on this tree")
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
        st.image(growth_png(b), width="content")
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
def choose_quiz_tree() -> tuple[GameTree, str, bool]:
    """The quiz's widgets in the sidebar; returns the tree, its key and whether it is harder.

    In a page::

        with st.sidebar:
            tree, key, harder = choose_quiz_tree()
        quiz(tree, key, harder)
    """
    shape = st.selectbox("Quiz tree", list(SHAPES), key="qshape", bind="query-params")
    number = choose_number(
        "Tree number",
        1,
        99_999,
        1,
        key="qtree",
        help="Everyone with the same number gets the same tree.",
    )
    level = choose_one("Level", LEVELS, default=LEVELS[0], key="qlevel")
    harder = level == LEVELS[1]
    return quiz_tree(shape, number), f"{shape}#{number}#{'harder' if harder else 'root'}", harder


def _next_tree() -> None:
    st.session_state["qtree"] = min(99_999, int(st.session_state.get("qtree", 1)) + 1)


def _check(tree: GameTree, key: str, harder: bool, picked: list) -> None:
    results = st.session_state.setdefault(RESULTS, {})
    if key in results:
        return
    answers = {
        node: st.session_state.get(f"quiz.value.{key}.{node}") for node in asked(tree, harder)
    }
    trace = cached_trace(Search(tree.text(), tree.root))
    results[key] = grade(tree, trace, answers, claimed_leaves(tree, picked))


def _feedback(tree: GameTree, trace: Trace, g: Grade) -> None:
    labels = letters(tree)
    for node, guess, truth in g.values:
        who = "The root" if node == () else f"{labels[node]}"
        if guess is not None and guess == truth:
            st.success(f"{who}: right, {format_value(truth)}.", icon=":material/check:")
        else:
            said = "no answer" if guess is None else f"you said {format_value(guess)}"
            st.warning(f"{who}: {said}; it returns {format_value(truth)}.", icon=":material/close:")
    if g.unreached:
        st.info(
            "Never reached, so they return nothing: "
            + ", ".join(labels[n] for n in g.unreached)
            + ".",
            icon=":material/block:",
        )
    st.markdown(
        f"**✓ Right** (pruned, as you said): {_names(tree, g.right)}  \n"
        f"**✗ Wrong** (you marked them, but they are evaluated): {_names(tree, g.wrong)}  \n"
        f"**Missed** (pruned, not marked): {_names(tree, g.missed)}"
    )
    reasons = cut_reasons(tree, trace)
    if reasons:
        st.markdown("**Why each cut happens:**\n" + "\n".join(f"- {r}" for r in reasons))
    else:
        st.markdown("**No cut on this tree**: every leaf is evaluated.")


def _names(tree: GameTree, nodes) -> str:
    return ", ".join(node_name(tree, n) for n in nodes) or "none"


def score_line() -> str:
    """The running score of this session, e.g. "Score this session: **7 of 9** over 1 tree."."""
    results = st.session_state.get(RESULTS, {})
    points = sum(g.points for g in results.values())
    possible = sum(g.possible for g in results.values())
    trees = len(results)
    if not trees:
        return "Score: no tree checked yet."
    return f"Score this session: **{points} of {possible}** over {trees} tree{'s' * (trees > 1)}."


@st.cache_resource(max_entries=64, show_spinner=False)
def _sheet(text: str, root: str):
    """The answer sheet's film for the tree written ``text``."""
    return quiz_film(GameTree.parse(text, root=root))


def quiz(tree: GameTree, key: str, harder: bool = False) -> None:
    """The quiz on ``tree``: the sheet to click, the values to type, then the grade and the replay.

    ``key`` names the tree and level (answers and grades are kept under it);
    see :func:`choose_quiz_tree` for an example.
    """
    st.markdown(
        "**Predict, then watch.** Alpha-beta (fail-soft, children left to right) will search "
        "this tree. **Click the nodes it will never reach**: a leaf, or a whole branch at "
        "once. Then give the root's value"
        + (
            " and the value every inner node returns (leave a node blank if you think it is "
            "never reached)"
            if harder
            else ""
        )
        + ", and press Check."
    )
    graded = st.session_state.get(RESULTS, {}).get(key)
    labels = letters(tree)
    film = _sheet(tree.text(), tree.root)
    names = {labels[node]: node for node in tree.nodes[1:]}
    pick = {}
    for node in tree.nodes[1:]:
        for look in ("plain", "claimed"):
            pick[film.item(("node", look, node))] = labels[node]
    picture, form = st.columns([3, 2], gap="medium")
    with picture:
        picked = film_picture(
            film,
            key=f"quiz.sheet.{key}",
            pick=pick,
            overlay=lambda picked: sheet_looks(film, tree, [names[p] for p in picked], graded),
            disabled=graded is not None,
        )
        st.caption("You say never reached: " + (", ".join(sorted(picked)) or "nothing yet") + ".")
    with form:
        questions = asked(tree, harder)
        columns = st.columns(min(3, len(questions)))
        for i, node in enumerate(questions):
            label = f"Root {labels[node]} ({tree.root})" if node == () else f"{labels[node]}"
            columns[i % len(columns)].number_input(
                label,
                value=None,
                step=1,
                key=f"quiz.value.{key}.{node}",
                disabled=graded is not None,
                placeholder="value",
            )
        row = st.container(horizontal=True)
        row.button(
            "Check",
            type="primary",
            on_click=_check,
            args=(tree, key, harder, [names[p] for p in picked]),
            key="quiz.check",
            disabled=graded is not None,
            icon=":material/fact_check:",
        )
        row.button("New tree", on_click=_next_tree, icon=":material/refresh:", key="quiz.new")
        search = Search(tree.text(), tree.root)
        trace = cached_trace(search)
        if graded is not None:
            st.markdown(f"This tree: **{graded.points} of {graded.possible}**.")
            _feedback(tree, trace, graded)
        st.markdown(score_line())
    if graded is not None:
        st.subheader("Now watch why")
        st.caption("The replay opens at the first cut; step back to see how α and β got there.")
        film_player(cached_film(search), key=f"quiz.replay.{key}", start=first_cut_step(trace))
