"""The game-tree quiz: predict alpha-beta's root value and its pruned leaves, then check and watch.

Scoring: one point for the root's value, and one per leaf judged correctly
(marked and pruned, or unmarked and evaluated). A tree counts once per
session, at its first "Check".
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from search_viz.events import format_value
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.game_view import letters, search_view
from search_viz.problems.game_tree import GameTree, Node
from search_viz.render.game_tree import figure_for
from search_viz.trace import Trace
from search_viz.ui.game_tree import Search, cached_trace, stage, step_figure
from search_viz.ui.player import replay
from search_viz.ui.presenter import scale

#: The quiz's tree shapes: (branching, depth).
SHAPES: dict[str, tuple[int, int]] = {
    "binary, depth 3 (8 leaves)": (2, 3),
    "3 children, depth 2 (9 leaves)": (3, 2),
    "binary, depth 4 (16 leaves)": (2, 4),
    "3 children, depth 3 (27 leaves)": (3, 3),
}
RESULTS = "quiz.results"  # session state: tree key -> Grade


def quiz_tree(shape: str, number: int) -> GameTree:
    """Quiz tree ``number`` of ``shape``: leaves 0-9, the same for everyone with that number.

    >>> quiz_tree("binary, depth 3 (8 leaves)", 1) == quiz_tree("binary, depth 3 (8 leaves)", 1)
    True
    """
    branching, depth = SHAPES[shape]
    return GameTree.random(branching, depth, low=0, high=9, seed=number)


def pruned_leaves(tree: GameTree, trace: Trace) -> set[Node]:
    """The leaves the search never evaluated because a cut skipped them.

    >>> from search_viz import alphabeta
    >>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    >>> sorted(tree.value(leaf) for leaf in pruned_leaves(tree, Trace.record(alphabeta(tree))))
    [5, 7, 9]
    """
    view = search_view(trace, len(trace) - 1, tree)
    return {leaf for leaf in tree.leaves() if leaf in view.pruned}


@dataclass(frozen=True)
class Grade:
    """How one answer fared: the root value, and each leaf right / wrong / missed."""

    guess: float | None
    value: float
    right: tuple[Node, ...]  # marked, and pruned
    wrong: tuple[Node, ...]  # marked, but evaluated
    missed: tuple[Node, ...]  # pruned, not marked
    leaves: int

    @property
    def value_right(self) -> bool:
        return self.guess is not None and self.guess == self.value

    @property
    def points(self) -> int:
        """One for the value, one per leaf judged correctly."""
        return int(self.value_right) + self.leaves - len(self.wrong) - len(self.missed)

    @property
    def possible(self) -> int:
        return 1 + self.leaves

    def marks(self) -> dict[Node, str]:
        """Each leaf that gets a mark in the picture, and which."""
        marks = dict.fromkeys(self.right, "right")
        marks.update(dict.fromkeys(self.wrong, "wrong"))
        marks.update(dict.fromkeys(self.missed, "missed"))
        return marks


def grade(tree: GameTree, trace: Trace, guess: float | None, marked: set[Node]) -> Grade:
    """Grade an answer against the search.

    >>> from search_viz import alphabeta
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> g = grade(tree, Trace.record(alphabeta(tree)), 3, {(1, 1), (2, 2)})
    >>> g.value_right, g.right, g.wrong, g.missed, g.points, g.possible
    (True, ((1, 1),), ((2, 2),), ((1, 2),), 8, 10)
    """
    pruned = pruned_leaves(tree, trace)
    leaves = tree.leaves()
    return Grade(
        guess=guess,
        value=trace.result.value,
        right=tuple(leaf for leaf in leaves if leaf in marked and leaf in pruned),
        wrong=tuple(leaf for leaf in leaves if leaf in marked and leaf not in pruned),
        missed=tuple(leaf for leaf in leaves if leaf in pruned and leaf not in marked),
        leaves=len(leaves),
    )


@st.cache_data(max_entries=500, show_spinner=False)
def quiz_png(text: str, root: str, marked: frozenset, marks: tuple, scale: float) -> bytes:
    """The bare quiz tree with the student's marks (and, once checked, right / wrong / missed)."""
    tree = GameTree.parse(text, root=root)
    return to_png(figure_for(tree, quiz_marked=marked, quiz_marks=dict(marks), scale=scale))


def choose_quiz_tree() -> tuple[GameTree, str]:
    """The quiz's widgets in the sidebar; returns the tree and its key.

    In a page::

        with st.sidebar:
            tree, key = choose_quiz_tree()
        quiz(tree, key)
    """
    shape = st.selectbox("Quiz tree", list(SHAPES), key="qshape", bind="query-params")
    number = st.number_input(
        "Tree number", 1, 99_999, 1, key="qtree", bind="query-params",
        help="Everyone with the same number gets the same tree.",
    )  # fmt: skip
    return quiz_tree(shape, number), f"{shape}#{number}"


def _next_tree() -> None:
    st.session_state["qtree"] = min(99_999, int(st.session_state.get("qtree", 1)) + 1)


def _check(tree: GameTree, key: str) -> None:
    results = st.session_state.setdefault(RESULTS, {})
    if key in results:
        return
    guess = st.session_state.get(f"quiz.value.{key}")
    marked = set(st.session_state.get(f"quiz.leaves.{key}") or [])
    search = Search(tree.text(), tree.root)
    results[key] = grade(tree, cached_trace(search), guess, marked)


def _names(tree: GameTree, nodes) -> str:
    labels = letters(tree)
    return ", ".join(f"{labels[n]} ({format_value(tree.value(n))})" for n in nodes) or "none"


def _feedback(tree: GameTree, g: Grade) -> None:
    if g.value_right:
        st.success(f"Root value: right, {format_value(g.value)}.", icon=":material/check:")
    else:
        said = "no answer" if g.guess is None else f"you said {format_value(g.guess)}"
        st.warning(
            f"Root value: {said}; the root is worth {format_value(g.value)}.",
            icon=":material/close:",
        )
    st.markdown(
        f"**✓ Right** (pruned, as you said): {_names(tree, g.right)}  \n"
        f"**✗ Wrong** (you marked them, but they are evaluated): {_names(tree, g.wrong)}  \n"
        f"**Missed** (pruned, not marked): {_names(tree, g.missed)}"
    )


def score_line() -> str:
    """The running score of this session, e.g. "Score this session: **7 of 9** over 1 tree."."""
    results = st.session_state.get(RESULTS, {})
    points = sum(g.points for g in results.values())
    possible = sum(g.possible for g in results.values())
    trees = len(results)
    if not trees:
        return "Score: no tree checked yet."
    return f"Score this session: **{points} of {possible}** over {trees} tree{'s' * (trees > 1)}."


def quiz(tree: GameTree, key: str) -> None:
    """The quiz on ``tree``: the answer form, then the grade and the replay that shows why.

    ``key`` names the tree (answers and grades are kept under it); see
    :func:`choose_quiz_tree` for an example.
    """
    st.markdown(
        "**Predict, then watch.** Alpha-beta (fail-soft, children left to right) will search "
        "this tree. What is the root worth, and which leaves will it **never evaluate**? Mark "
        "them, then press Check."
    )
    graded = st.session_state.get(RESULTS, {}).get(key)
    labels = letters(tree)
    leaves = tree.leaves()
    leaf_names = {leaf: f"{labels[leaf]} · {format_value(tree.value(leaf))}" for leaf in leaves}
    marked = frozenset(st.session_state.get(f"quiz.leaves.{key}") or [])
    marks = tuple(sorted(graded.marks().items())) if graded else ()
    picture, form = st.columns([3, 2], gap="medium")
    with picture:
        st.image(quiz_png(tree.text(), tree.root, marked, marks, scale()), width="stretch")
        st.pills(
            "Leaves alpha-beta will prune (never evaluate)",
            leaves,
            selection_mode="multi",
            format_func=leaf_names.__getitem__,
            key=f"quiz.leaves.{key}",
            disabled=graded is not None,
        )
    with form:
        st.number_input(
            f"Value of the root {labels[()]} ({tree.root})",
            value=None,
            step=1,
            key=f"quiz.value.{key}",
            disabled=graded is not None,
            placeholder="your answer",
        )
        row = st.container(horizontal=True)
        row.button(
            "Check", type="primary", on_click=_check, args=(tree, key), key="quiz.check",
            disabled=graded is not None, icon=":material/fact_check:",
        )  # fmt: skip
        row.button("New tree", on_click=_next_tree, icon=":material/refresh:", key="quiz.new")
        if graded is not None:
            _feedback(tree, graded)
            st.markdown(f"This tree: **{graded.points} of {graded.possible}**.")
        st.markdown(score_line())
    if graded is not None:
        st.subheader("Now watch why")
        search = Search(tree.text(), tree.root)
        trace = cached_trace(search)
        replay(
            len(trace),
            lambda step: stage(search, step, scale()),
            key="quiz",
            reset_on=key,
            figure=step_figure(search),
        )
