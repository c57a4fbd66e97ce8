"""The game-tree quiz: predict what alpha-beta will do, check, then watch why.

The student clicks the nodes alpha-beta will never reach (a leaf, or a whole
branch at once) and types the root's value; at the harder level, the value
every inner node returns as well. The score counts what the student claimed:

* one point per value asked and answered right (a blank scores nothing);
* one point per pruned leaf marked, minus one per evaluated leaf marked
  (that part never below zero: marking everything earns nothing).

Feedback names, for each cut, the α and β that caused it; "Now watch why"
opens the replay at the first cut. A tree counts once per session, at its
first "Check".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from search_viz.events import format_value
from search_viz.film.looks import HIDDEN, SHOWN
from search_viz.lessons.game_trees.drawing import quiz_film
from search_viz.lessons.game_trees.inputs import Search, cached_film, cached_trace
from search_viz.lessons.shared.game_view import letters, search_view
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace
from search_viz.ui.film_player import film_picture, film_player

#: The quiz's tree shapes: (branching, depth).
SHAPES: dict[str, tuple[int, int]] = {
    "binary, depth 3 (8 leaves)": (2, 3),
    "3 children, depth 2 (9 leaves)": (3, 2),
    "binary, depth 4 (16 leaves)": (2, 4),
    "3 children, depth 3 (27 leaves)": (3, 3),
}
LEVELS = ("The root and the pruned leaves", "Harder: every node's value too")
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


def claimed_leaves(tree: GameTree, picked: Sequence[Node]) -> set[Node]:
    """The leaves a student says are pruned: each picked leaf, and every leaf under a picked node.

    >>> tree = GameTree.from_nested([[1, 2], [3, 4]])
    >>> sorted(claimed_leaves(tree, [(1,), (0, 0)]))
    [(0, 0), (1, 0), (1, 1)]
    """
    return {leaf for node in picked for leaf in tree.leaves_under(node)}


@dataclass(frozen=True)
class Grade:
    """How one answer fared: each value asked, and each leaf right / wrong / missed."""

    values: tuple[tuple[Node, float | None, float], ...]  # (node, answer, the search's value)
    unreached: tuple[Node, ...]  # inner nodes given a value the search never computes
    right: tuple[Node, ...]  # marked, and pruned
    wrong: tuple[Node, ...]  # marked, but evaluated
    missed: tuple[Node, ...]  # pruned, not marked

    @property
    def values_right(self) -> int:
        return sum(1 for _, guess, truth in self.values if guess is not None and guess == truth)

    @property
    def points(self) -> int:
        """One per value right; one per pruned leaf marked, less one per evaluated leaf marked."""
        return self.values_right + max(0, len(self.right) - len(self.wrong))

    @property
    def possible(self) -> int:
        return len(self.values) + len(self.right) + len(self.missed)

    def marks(self) -> dict[Node, str]:
        """Each leaf that gets a mark in the picture, and which."""
        marks = dict.fromkeys(self.right, "right")
        marks.update(dict.fromkeys(self.wrong, "wrong"))
        marks.update(dict.fromkeys(self.missed, "missed"))
        return marks


def grade(
    tree: GameTree, trace: Trace, answers: dict[Node, float | None], marked: set[Node]
) -> Grade:
    """Grade the values typed for nodes (``answers``) and the leaves ``marked`` as pruned.

    The values asked are those in ``answers`` that the search computes (the root
    always; at the harder level every inner node it reaches).

    >>> from search_viz import alphabeta
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> trace = Trace.record(alphabeta(tree))
    >>> g = grade(tree, trace, {(): 3}, {(1, 1), (2, 2)})
    >>> g.values_right, g.right, g.wrong, g.missed, g.points, g.possible
    (1, ((1, 1),), ((2, 2),), ((1, 2),), 1, 3)
    >>> grade(tree, trace, {(): None}, set()).points  # nothing claimed, nothing scored
    0
    """
    pruned = pruned_leaves(tree, trace)
    decided = search_view(trace, len(trace) - 1, tree).decided
    leaves = tree.leaves()
    return Grade(
        values=tuple(
            (node, guess, decided[node]) for node, guess in answers.items() if node in decided
        ),
        unreached=tuple(
            node for node, guess in answers.items() if node not in decided and guess is not None
        ),
        right=tuple(leaf for leaf in leaves if leaf in marked and leaf in pruned),
        wrong=tuple(leaf for leaf in leaves if leaf in marked and leaf not in pruned),
        missed=tuple(leaf for leaf in leaves if leaf in pruned and leaf not in marked),
    )


def cut_reasons(tree: GameTree, trace: Trace) -> list[str]:
    """For each cut, the α and β that caused it and what it skipped, as the notes say it.

    >>> from search_viz import alphabeta
    >>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    >>> cut_reasons(tree, Trace.record(alphabeta(tree)))[0]
    'At E: α = 5 ≥ β = 3, so K (9) is never evaluated.'
    """
    labels = letters(tree)
    reasons = []
    for cut in search_view(trace, len(trace) - 1, tree).cuts:
        skipped = ", ".join(_name(tree, labels, child) for child in cut.children)
        verb = "is" if len(cut.children) == 1 else "are"
        never = (
            "never evaluated" if all(tree.is_leaf(c) for c in cut.children) else "never searched"
        )
        reasons.append(
            f"At {labels[cut.node]}: α = {format_value(cut.alpha)} ≥ β = "
            f"{format_value(cut.beta)}, so {skipped} {verb} {never}."
        )
    return reasons


def first_cut_step(trace: Trace) -> int:
    """The step of the first prune (0 if nothing is pruned): where "Now watch why" opens.

    >>> from search_viz import alphabeta
    >>> first_cut_step(Trace.record(alphabeta(GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], 2))))
    14
    """
    steps = trace.positions("prune")
    return int(steps[0]) if len(steps) else 0


def _name(tree: GameTree, labels, node: Node) -> str:
    if tree.is_leaf(node):
        return f"{labels[node]} ({format_value(tree.value(node))})"
    return labels[node]


# ------------------------------------------------------------------ the page
def choose_quiz_tree() -> tuple[GameTree, str, bool]:
    """The quiz's widgets in the sidebar; returns the tree, its key and whether it is harder.

    In a page::

        with st.sidebar:
            tree, key, harder = choose_quiz_tree()
        quiz(tree, key, harder)
    """
    shape = st.selectbox("Quiz tree", list(SHAPES), key="qshape", bind="query-params")
    number = st.number_input(
        "Tree number",
        1,
        99_999,
        1,
        key="qtree",
        bind="query-params",
        help="Everyone with the same number gets the same tree.",
    )
    level = st.segmented_control(
        "Level", LEVELS, default=LEVELS[0], required=True, key="qlevel", bind="query-params"
    )
    harder = level == LEVELS[1]
    return quiz_tree(shape, number), f"{shape}#{number}#{'harder' if harder else 'root'}", harder


def _next_tree() -> None:
    st.session_state["qtree"] = min(99_999, int(st.session_state.get("qtree", 1)) + 1)


def _asked(tree: GameTree, harder: bool) -> list[Node]:
    """The nodes whose value the quiz asks: the root, or every inner node at the harder level."""
    if not harder:
        return [()]
    return [node for node in tree.nodes if not tree.is_leaf(node)]


def _check(tree: GameTree, key: str, harder: bool, picked: list) -> None:
    results = st.session_state.setdefault(RESULTS, {})
    if key in results:
        return
    answers = {
        node: st.session_state.get(f"quiz.value.{key}.{node}") for node in _asked(tree, harder)
    }
    trace = cached_trace(Search(tree.text(), tree.root))
    results[key] = grade(tree, trace, answers, claimed_leaves(tree, picked))


def _overlay(film, tree: GameTree, names: dict[str, Node], graded: Grade | None):
    """The looks laid over the bare tree for what the student picked (and, once checked, marks)."""

    def looks(picked: list[str]) -> dict[int, int]:
        chosen = [names[p] for p in picked]
        claimed = {n for node in chosen for n in tree.subtree(node)}
        shown: dict[int, int] = {}
        for node in claimed:
            shown[film.item(("node", "plain", node))] = HIDDEN
            shown[film.item(("node", "claimed", node))] = SHOWN
        for node in chosen:
            for bar in (0, 1):
                shown[film.item(("strike", node, bar))] = SHOWN
        for leaf, kind in (graded.marks() if graded else {}).items():
            shown[film.item(("mark", kind, leaf))] = SHOWN
        return shown

    return looks


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
    labels = letters(tree)
    return ", ".join(_name(tree, labels, n) for n in nodes) or "none"


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
            overlay=_overlay(film, tree, names, graded),
            disabled=graded is not None,
        )
        st.caption("You say never reached: " + (", ".join(sorted(picked)) or "nothing yet") + ".")
    with form:
        asked = _asked(tree, harder)
        columns = st.columns(min(3, len(asked)))
        for i, node in enumerate(asked):
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
