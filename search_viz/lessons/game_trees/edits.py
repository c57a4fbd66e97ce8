"""Changing a game tree in its picture: what each node offers, and the changed tree.

In the player's edit mode a click on a node (its marker, its letter, a leaf's
value) offers: for a leaf, a new value; for any node, a new leaf child; for any
node but the root, removing it with everything under it. :func:`mark_editable`
writes these into the film; :func:`edited` makes the changed tree, or raises a
``ValueError`` that says what is wrong and what is allowed. Both are pure: the
page (``page.py``) puts the changed tree in its "Your tree" field, so that the
link holds it.

A change names its node as the path of child positions from the root (the
search's own node names), as a JSON list:

>>> tree = GameTree.from_nested([[3, 12], [2, 4]])
>>> edited(tree, {"do": "value", "node": [1, 0], "value": 10}).text()
'[[3, 12], [10, 4]]'
>>> edited(tree, {"do": "add", "node": [0], "value": 5}).text()
'[[3, 12, 5], [2, 4]]'
>>> edited(tree, {"do": "add", "node": [0, 1], "value": 7}).text()
'[[3, [12, 7]], [2, 4]]'
>>> edited(tree, {"do": "remove", "node": [1, 1]}).text()
'[[3, 12], [2]]'
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from search_viz.events import format_value
from search_viz.film.builder import FilmBuilder
from search_viz.film.edits import Edit
from search_viz.lessons.shared.game_view import letters
from search_viz.problems.game_tree import MAX_DEPTH, MAX_NODES, MAX_VALUE, VALUE_RANGE, GameTree

Node = tuple[int, ...]

#: What a new leaf's value field shows first.
NEW_LEAF = 0
#: What the player says a click does, for the page's edit mode.
HINT = (
    "Click a node: a leaf takes a new value; any node a new leaf child; any node but the root "
    "can be removed with everything under it."
)

#: The items of a node a click on which edits it (each drawn in several looks).
_PARTS = ("node", "letter", "leaf value")


# ------------------------------------------------------------- in the film
def mark_editable(writer: FilmBuilder, tree: GameTree) -> None:
    """Tell the film what each node offers in edit mode: a click on its marker, its letter
    or a leaf's value, in any of the looks the scene draws them in (the root is "entered" at
    the first step, the others not reached yet).

    >>> from search_viz.lessons.game_trees.drawing import game_film
    >>> film = game_film(GameTree.from_nested([[3, 12], [2, 4]]), pruning=True)
    >>> [edit.label for edit in film.edits_of(("node", "unreached", (1, 0)))]
    ['Set the value', 'Add a child leaf (2 moves down beside it)', 'Remove F']
    >>> [edit.label for edit in film.edits_of(("node", "entered", ()))]
    ['Add a child leaf']
    """
    labels = letters(tree)
    parts: dict[Node, list] = {node: [] for node in tree.nodes}
    for name in writer.scene.names():  # ("node" | "letter" | "leaf value", look, node)
        if isinstance(name, tuple) and len(name) == 3 and name[0] in _PARTS:
            parts[name[2]].append(name)
    for node, names in parts.items():
        if names:
            names.sort(key=lambda name: (name[1] != "unreached", _PARTS.index(name[0])))
            writer.editable(names, _what(tree, node, labels), _edits(tree, node, labels))


def _what(tree: GameTree, node: Node, labels: Mapping[Node, str]) -> str:
    """A node in words: "leaf D, value 2", "MIN node B", "the root A (MAX)"."""
    if tree.is_leaf(node):
        return f"leaf {labels[node]}, value {format_value(tree.value(node))}"
    if not node:
        return f"the root {labels[node]} ({tree.player(node)})"
    return f"{tree.player(node)} node {labels[node]}"


def _edits(tree: GameTree, node: Node, labels: Mapping[Node, str]) -> list[Edit]:
    path = list(node)
    bound = {"low": -MAX_VALUE, "high": MAX_VALUE}
    edits = []
    if tree.is_leaf(node):
        value = tree.value(node)
        edits.append(Edit("Set the value", {"do": "value", "node": path}, number=value, **bound))
        add = f"Add a child leaf ({format_value(value)} moves down beside it)"
    else:
        add = "Add a child leaf"
    edits.append(Edit(add, {"do": "add", "node": path}, number=NEW_LEAF, **bound))
    if node:
        whole = "" if tree.is_leaf(node) else " and its subtree"
        edits.append(Edit(f"Remove {labels[node]}{whole}", {"do": "remove", "node": path}))
    return edits


# ---------------------------------------------------------- the new tree
def edited(
    tree: GameTree,
    change: Any,
    *,
    max_nodes: int = MAX_NODES,
    max_depth: int = MAX_DEPTH,
) -> GameTree:
    """``tree`` with ``change`` made (see the module's docstring), at most ``max_nodes`` nodes
    and ``max_depth`` levels; a ValueError naming what is wrong and what is allowed.

    >>> tree = GameTree.from_nested([[3, 12], [2]])
    >>> edited(tree, {"do": "remove", "node": [1, 0]})
    Traceback (most recent call last):
    ...
    ValueError: C would be left with no child, and an inner node needs at least one: remove C \
itself, or give it another child first.
    >>> edited(GameTree.from_nested([[3, 12]]), {"do": "remove", "node": [0]})
    Traceback (most recent call last):
    ...
    ValueError: A would be left with no child, and an inner node needs at least one: give it \
another child first.
    >>> edited(tree, {"do": "add", "node": [0]}, max_nodes=6)
    Traceback (most recent call last):
    ...
    ValueError: The tree would have 7 nodes; this page draws at most 6: remove a node first.
    """
    if not isinstance(change, Mapping):
        raise ValueError(
            "An edit is a record such as {'do': 'value', 'node': [0, 1], 'value': 10}, "
            f"not {change!r:.60}."
        )
    do = change.get("do")
    node = _node(tree, change.get("node"))
    labels = letters(tree)
    nested = tree.to_nested()
    if do == "value":
        if not tree.is_leaf(node):
            raise ValueError(
                f"{labels[node]} is not a leaf: its value comes from its children. Only a "
                "leaf's value can be set."
            )
        nested = _replace(nested, node, _value(change.get("value")))
    elif do == "add":
        grown = _value(change.get("value", NEW_LEAF))
        nodes = len(tree) + (2 if tree.is_leaf(node) else 1)
        if nodes > max_nodes:
            raise ValueError(
                f"The tree would have {nodes:,} nodes; this page draws at most {max_nodes:,}: "
                "remove a node first."
            )
        if len(node) + 1 > max_depth:
            raise ValueError(
                f"A child of {labels[node]} would lie {len(node) + 1} levels below the root; "
                f"this page draws at most {max_depth} levels."
            )
        now = _at(nested, node)
        nested = _replace(nested, node, [*now, grown] if isinstance(now, list) else [now, grown])
    elif do == "remove":
        if not node:
            raise ValueError("The root cannot be removed: remove or change its children instead.")
        parent = node[:-1]
        siblings = _at(nested, parent)
        if len(siblings) == 1:
            # the root cannot be removed: only the second way is open there
            way = f"remove {labels[parent]} itself, or give" if parent else "give"
            raise ValueError(
                f"{labels[parent]} would be left with no child, and an inner node needs at least "
                f"one: {way} it another child first."
            )
        nested = _replace(nested, parent, siblings[: node[-1]] + siblings[node[-1] + 1 :])
    else:
        raise ValueError(f"An edit of a game tree is 'value', 'add' or 'remove', not {do!r:.40}.")
    return GameTree.from_nested(nested, root=tree.root)


def _node(tree: GameTree, path: Any) -> Node:
    """The node a change names (a list of child positions), or a ValueError."""
    if not isinstance(path, (list, tuple)) or not all(
        type(a) is int
        for a in path  # not bool, not a float
    ):
        raise ValueError(f"A node is a list of child positions such as [0, 1], not {path!r:.60}.")
    node = tuple(path)
    if node not in tree:
        raise ValueError(f"This tree has no node at {list(node)}.")
    return node


def _value(value: Any) -> int | float:
    """A leaf's new value: a finite number within the tree's range, or a ValueError."""
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not math.isfinite(value)
        or not -MAX_VALUE <= value <= MAX_VALUE
    ):
        raise ValueError(f"A leaf's value must be a number {VALUE_RANGE}, not {value!r:.40}.")
    return int(value) if isinstance(value, numbers.Integral) else float(value)


def _at(nested: Any, node: Node) -> Any:
    for a in node:
        nested = nested[a]
    return nested


def _replace(nested: Any, node: Node, new: Any) -> Any:
    """``nested`` with the subtree at ``node`` replaced by ``new`` (a copy along the path)."""
    if not node:
        return new
    copy = list(nested)
    copy[node[0]] = _replace(nested[node[0]], node[1:], new)
    return copy
