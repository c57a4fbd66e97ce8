"""The game-trees quiz: practice on alpha-beta's film of a numbered quiz tree.

Before each step plays, the student answers what it does (graded in the
player, see ``questions.py``). Two levels, two sets of questions on the same
film: the standard level asks the root's value and, after every backup that
leaves children to search, whether the search cuts there (click the branch
it skips, or "no cut"); the harder level asks every node's value, α and β
as well. "New problem" moves to the next tree number.
"""

from __future__ import annotations

from collections.abc import MutableMapping

from search_viz.problems.game_tree import GameTree

#: The quiz's tree shapes: (branching, depth).
SHAPES: dict[str, tuple[int, int]] = {
    "binary, depth 3 (8 leaves)": (2, 3),
    "3 children, depth 2 (9 leaves)": (3, 2),
    "binary, depth 4 (16 leaves)": (2, 4),
    "3 children, depth 3 (27 leaves)": (3, 3),
}
#: The levels as the page names them, and the film's question set for each.
LEVELS = ("The root and the pruned leaves", "Harder: every node's value too")
LEVEL_QUESTIONS = {LEVELS[0]: "cuts", LEVELS[1]: "all"}
#: The largest tree number.
LAST_TREE = 99_999


def quiz_tree(shape: str, number: int) -> GameTree:
    """Quiz tree ``number`` of ``shape``: leaves 0-9, the same for everyone with that number.

    >>> quiz_tree("binary, depth 3 (8 leaves)", 1) == quiz_tree("binary, depth 3 (8 leaves)", 1)
    True
    """
    branching, depth = SHAPES[shape]
    return GameTree.random(branching, depth, low=0, high=9, seed=number)


def next_tree(state: MutableMapping) -> None:
    """Practice's "New problem" in the quiz: the next tree number (``state``: the session's).

    >>> state = {"qtree": 4}
    >>> next_tree(state); state["qtree"]
    5
    >>> state = {"qtree": LAST_TREE}
    >>> next_tree(state); state["qtree"]
    1
    """
    number = int(state.get("qtree") or 1)
    state["qtree"] = number + 1 if number < LAST_TREE else 1
