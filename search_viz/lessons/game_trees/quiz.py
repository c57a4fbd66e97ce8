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

from search_viz.events import format_value
from search_viz.film import Film
from search_viz.film.looks import HIDDEN, SHOWN
from search_viz.lessons.shared.game_view import letters, search_view
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace

#: The quiz's tree shapes: (branching, depth).
SHAPES: dict[str, tuple[int, int]] = {
    "binary, depth 3 (8 leaves)": (2, 3),
    "3 children, depth 2 (9 leaves)": (3, 2),
    "binary, depth 4 (16 leaves)": (2, 4),
    "3 children, depth 3 (27 leaves)": (3, 3),
}
LEVELS = ("The root and the pruned leaves", "Harder: every node's value too")


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
        skipped = ", ".join(node_name(tree, child) for child in cut.children)
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


def node_name(tree: GameTree, node: Node) -> str:
    """A leaf as "K (9)" (its letter and value), an inner node by its letter.

    >>> tree = GameTree.from_nested([[9, 1], 4])
    >>> node_name(tree, (0, 0)), node_name(tree, (0,))
    ('D (9)', 'B')
    """
    labels = letters(tree)
    if tree.is_leaf(node):
        return f"{labels[node]} ({format_value(tree.value(node))})"
    return labels[node]


def asked(tree: GameTree, harder: bool) -> list[Node]:
    """The nodes whose value the quiz asks: the root, or every inner node at the harder level.

    >>> asked(GameTree.from_nested([[1, 2], 3]), harder=True)
    [(), (0,)]
    """
    if not harder:
        return [()]
    return [node for node in tree.nodes if not tree.is_leaf(node)]


def sheet_looks(film: Film, tree: GameTree, picked: list[Node], graded: Grade | None) -> dict:
    """The looks laid over the answer sheet: what the student picked, and once checked the marks.

    Each picked node and everything under it is drawn "you say: pruned", the edge
    into a picked node gets the cut bars; after Check, each leaf its mark.

    >>> from search_viz.lessons.game_trees.drawing import quiz_film
    >>> tree = GameTree.from_nested([[1, 2], [3, 4]])
    >>> film = quiz_film(tree)
    >>> looks = sheet_looks(film, tree, [(1,)], None)
    >>> looks[film.item(("node", "claimed", (1, 0)))], looks[film.item(("strike", (1,), 0))]
    (1, 1)
    """
    claimed = {n for node in picked for n in tree.subtree(node)}
    shown: dict[int, int] = {}
    for node in claimed:
        shown[film.item(("node", "plain", node))] = HIDDEN
        shown[film.item(("node", "claimed", node))] = SHOWN
    for node in picked:
        for bar in (0, 1):
            shown[film.item(("strike", node, bar))] = SHOWN
    for leaf, kind in (graded.marks() if graded else {}).items():
        shown[film.item(("mark", kind, leaf))] = SHOWN
    return shown
