"""The game-tree picture in words, step by step, for a screen reader.

A description says what the picture shows after a step, from the same fold
that draws it (:class:`~search_viz.lessons.shared.game_view.SearchView`): the
current node (the one with the halo) or what was just pruned, the open nodes
from the root with their [α, β] windows, the values known, the cuts, and at
the end the principal variation.

>>> from search_viz import GameTree, Trace, alphabeta
>>> from search_viz.lessons.shared.game_view import search_view
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> trace = Trace.record(alphabeta(tree))
>>> print(game_description(tree, trace, search_view(trace, 14, tree)))
Just pruned: the leaf K (9) under E, since α = 5 ≥ β = 3 there. Open from the root: A (MAX, \
α = −∞, β = +∞); B (MIN, α = −∞, β = 3); E (MAX, α = 5, β = 3). Values decided: D = 3. \
Leaves evaluated: H = 2, I = 3, J = 5. Pruned: K (9). Not reached yet: 4 of 8 leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from search_viz.events import format_value
from search_viz.lessons.shared.game_view import SearchView, letters, search_view
from search_viz.lessons.shared.word_lists import MOST_NAMED, joined, listed
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace


def game_description(tree: GameTree, trace: Trace, view: SearchView) -> str:
    """What the picture of ``trace``'s search on ``tree`` shows after the step of ``view``.

    A list of values names at most ``MOST_NAMED`` nodes (on a large tree, the latest),
    so that a step costs as little late in a long replay as early.

    >>> from search_viz import minimax
    >>> from search_viz.lessons.shared.game_view import search_views
    >>> tree = GameTree.from_nested([[3, 5], [2, 9]])
    >>> trace = Trace.record(minimax(tree))
    >>> said = [game_description(tree, trace, view) for view in search_views(trace, tree)]
    >>> print(said[0])
    Current node: A, the root (MAX), open. Open from the root: A (MAX). Not reached yet: 4 of 4 \
leaves.
    >>> said[-1].split(". ")[0]
    'The search is over: the root A is worth 3; the best line is A → B → D'
    """
    facts = _facts(tree)
    parts = [_now(tree, trace, view, facts)]
    if view.open:
        parts.append(
            "Open from the root: " + joined([_open(tree, view, n, facts) for n in view.open])
        )
    inner = list(
        islice((n for n in reversed(view.decided) if n not in facts.leaves), MOST_NAMED + 1)
    )
    if inner:
        decided = [_decided(tree, view, n, facts) for n in _in_letter_order(inner, facts)]
        parts.append(f"Values decided{_latest(inner)}: {', '.join(decided)}")
    evaluated = list(islice(reversed(view.leaf_values), MOST_NAMED + 1))
    if evaluated:
        values = [
            f"{facts.name[n]} = {_v(view.leaf_values[n])}"
            for n in _in_letter_order(evaluated, facts)
        ]
        count = f"{len(view.leaf_values)}; " if len(evaluated) > MOST_NAMED else ""
        parts.append(f"Leaves evaluated{_latest(evaluated)}: {count}{', '.join(values)}")
    pruned = [child for cut in view.cuts for child in cut.children]
    if pruned:
        parts.append(
            f"Pruned{_latest(pruned)}: "
            + joined([_short(tree, c, facts) for c in pruned[-MOST_NAMED:]])
        )
    if not view.done:
        waiting = (
            len(facts.leaves)
            - _leaves_reached(view, facts)
            - sum(facts.leaf_count[c] for c in pruned)
        )
        if waiting:
            parts.append(f"Not reached yet: {waiting} of {len(facts.leaves)} leaves")
    return ". ".join(parts) + "."


@dataclass(frozen=True)
class _Facts:
    """What descriptions ask of one tree again and again, worked out once."""

    name: dict  # node -> textbook letter
    order: dict  # node -> its place breadth-first (the letters' order)
    leaves: frozenset
    leaf_count: dict  # node -> the number of leaves under it


def _facts(tree: GameTree) -> _Facts:
    """The tree's facts, worked out on the first step of a replay (a tree's own hash is slow:
    it writes the whole tree out, so the cache knows trees by identity)."""
    return _facts_of(_Same(tree))


class _Same:
    """A key that is equal only to a key of the very same object."""

    __slots__ = ("thing",)

    def __init__(self, thing: object) -> None:
        self.thing = thing

    def __hash__(self) -> int:
        return id(self.thing)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.thing is self.thing


@lru_cache(maxsize=16)
def _facts_of(key: _Same) -> _Facts:
    tree = key.thing
    nodes = tree.nodes
    leaves = frozenset(n for n in nodes if tree.is_leaf(n))
    count: dict = {}
    for node in reversed(nodes):  # breadth-first: children come later
        count[node] = 1 if node in leaves else sum(count[c] for c in tree.children(node))
    return _Facts(letters(tree), {n: i for i, n in enumerate(nodes)}, leaves, count)


def _v(x) -> str:
    """A value as the picture writes it: +∞ with its sign."""
    text = format_value(x)
    return "+∞" if text == "∞" else text


def _kind(tree: GameTree, node: Node) -> str:
    return "MAX" if tree.player(node) == MAX else "MIN"


def _latest(nodes: list) -> str:
    """ " (the 12 latest)" when a list was cut to its latest ``MOST_NAMED``."""
    return f" (the {MOST_NAMED} latest)" if len(nodes) > MOST_NAMED else ""


def _in_letter_order(nodes: list, facts: _Facts) -> list:
    return sorted(nodes[:MOST_NAMED], key=facts.order.__getitem__)


def _leaves_reached(view: SearchView, facts: _Facts) -> int:
    """The leaves entered: each is evaluated as soon as it is entered (the current one may not
    be yet)."""
    e = view.event
    entering = e.kind == "expand" and e.node in facts.leaves
    return len(view.leaf_values) + entering


def _short(tree: GameTree, node: Node, facts: _Facts) -> str:
    """A leaf with its value, "K (9)"; an inner node with its leaves, "G (leaves 7, 5)"."""
    if node in facts.leaves:
        return f"{facts.name[node]} ({_v(tree.value(node))})"
    values = [_v(tree.value(leaf)) for leaf in tree.leaves_under(node)]
    return f"{facts.name[node]} (leaves {listed(values, most=6)})"


def _window(view: SearchView, node: Node) -> str:
    alpha, beta = view.windows[node]
    return f"α = {_v(alpha)}, β = {_v(beta)}"


def _open(tree: GameTree, view: SearchView, node: Node, facts: _Facts) -> str:
    """An open node: its letter, its player, and its window (alpha-beta) or best so far."""
    name = facts.name[node]
    if node in facts.leaves:
        return f"{name} (a leaf)"
    if node in view.windows:
        return f"{name} ({_kind(tree, node)}, {_window(view, node)})"
    if node in view.partial:
        return f"{name} ({_kind(tree, node)}, best so far {_v(view.partial[node])})"
    return f"{name} ({_kind(tree, node)})"


def _decided(tree: GameTree, view: SearchView, node: Node, facts: _Facts) -> str:
    """A decided node and its value; where a cut happened the value is a bound: "E ≥ 5 (cut)"."""
    value = _v(view.decided[node])
    if any(cut.node == node for cut in view.cuts):
        return f"{facts.name[node]} {'≥' if tree.player(node) == MAX else '≤'} {value} (cut)"
    return f"{facts.name[node]} = {value}"


def _now(tree: GameTree, trace: Trace, view: SearchView, facts: _Facts) -> str:
    """What the step itself shows: the current node, or what was just pruned, or the result."""
    name = facts.name
    e = view.event
    node = e.node
    if view.done or e.kind == "done":
        line = " → ".join(name[n] for n in trace.result.path or [])
        return (
            f"The search is over: the root {name[()]} is worth {_v(trace.result.value)}; "
            f"the best line is {line}"
        )
    if e.kind == "prune":
        cut = view.cuts[-1]
        leaf = "the leaf " if node in facts.leaves else ""
        return (
            f"Just pruned: {leaf}{_short(tree, node, facts)} under {name[cut.node]}, "
            f"since α = {_v(cut.alpha)} ≥ β = {_v(cut.beta)} there"
        )
    where = ", the root" if not node else ""
    if e.kind == "evaluate":
        return f"Current node: the leaf {name[node]}{where}, evaluated: {_v(e.value)}"
    if e.kind == "backup":
        up = "" if e.parent is None else f", passed up to {name[e.parent]}"
        return f"Current node: {name[node]}{where}, decided: {_v(e.value)}{up}"
    if node in facts.leaves:
        return f"Current node: the leaf {name[node]}{where}, reached"
    window = f", {_window(view, node)}" if node in view.windows else ""
    return f"Current node: {name[node]}{where} ({_kind(tree, node)}), open{window}"


def end_alt(title: str, tree: GameTree, trace: Trace) -> str:
    """The ``alt`` of a small picture of the end of a search (the comparisons' pictures).

    >>> from search_viz import alphabeta
    >>> tree = GameTree.from_nested([[3, 5], [2, 9]])
    >>> print(end_alt("Alpha-beta", tree, Trace.record(alphabeta(tree))))
    ... # doctest: +NORMALIZE_WHITESPACE
    Alpha-beta, the end of its search. The search is over: the root A is worth 3; the best line
    is A → B → D. Values decided: A = 3, B = 3, C ≤ 2 (cut). Leaves evaluated: D = 3, E = 5,
    F = 2. Pruned: G (9).
    """
    return f"{title}, the end of its search. " + game_description(
        tree, trace, search_view(trace, len(trace) - 1, tree)
    )


def growth_alt(branching: int) -> str:
    """The ``alt`` of the chart of leaves evaluated as random trees grow deeper.

    >>> growth_alt(3)[:62]
    'Line chart, log scale: the leaves alpha-beta evaluates on rand'
    """
    return (
        "Line chart, log scale: the leaves alpha-beta evaluates on random trees of branching "
        f"b = {branching} as the depth d grows, with the moves as given, best first and worst "
        "first, between two bands: b^d, every leaf, and b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the best case."
    )
