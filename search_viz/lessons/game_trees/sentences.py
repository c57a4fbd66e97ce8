"""One sentence per step of a game-tree search, with textbook letters and the reason for each cut.

>>> from search_viz import GameTree, Trace, alphabeta
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> trace = Trace.record(alphabeta(tree))
>>> print(game_note(trace, 14, tree))  # doctest: +NORMALIZE_WHITESPACE
Prune the leaf 9 (K): at E, α = 5 ≥ β = 3. E is MAX and can already get 5 or more, but MIN can
hold MAX to 3 higher up, so MIN never lets play reach E: 9 cannot matter.
"""

from __future__ import annotations

from search_viz.events import Event, format_value
from search_viz.lessons.shared.game_view import SearchView, letters, search_view, window_text
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace


def _v(x) -> str:
    """A number as the page writes it; +∞ with its sign, as in a window."""
    text = format_value(x)
    return "+∞" if text == "∞" else text


class _Namer:
    """Names nodes the way the page shows them."""

    def __init__(self, tree: GameTree) -> None:
        self.tree = tree
        self.labels = letters(tree)

    def __call__(self, node: Node) -> str:
        return self.labels[node]

    def leaf(self, node: Node) -> str:
        """A leaf as "the leaf 9 (K)", an inner node as "G"."""
        if self.tree.is_leaf(node):
            return f"the leaf {_v(self.tree.value(node))} ({self.labels[node]})"
        return self.labels[node]

    def short(self, node: Node) -> str:
        """A leaf by its value ("9"), an inner node by its letter ("G")."""
        return _v(self.tree.value(node)) if self.tree.is_leaf(node) else self.labels[node]

    def kind(self, node: Node) -> str:
        return "MAX" if self.tree.player(node) == MAX else "MIN"


def _expand(e: Event, name: _Namer, pruning: bool) -> str:
    node = e.node
    tree = name.tree
    if tree.is_leaf(node):
        return f"Go down to {name.leaf(node)}."
    player = name.kind(node)
    takes = "the largest" if player == "MAX" else "the smallest"
    if not node:
        s = (
            f"Start at the root {name(node)}, a {player} node: {player} will take {takes} "
            "value below it."
        )
        if pruning:
            s += " Its window [α, β] is [−∞, +∞]: nothing is known yet."
        return s
    s = f"Enter {name(node)}, a {player} node ({player} takes {takes} value)"
    if pruning:
        s += f", with the window [α, β] = {window_text((e.alpha, e.beta))} from {name(node[:-1])}"
    return s + "."


def _evaluate(e: Event, name: _Namer) -> str:
    if e.data == "limit":
        return f"{name(e.node)} is at the depth limit: its static evaluation is {_v(e.value)}."
    return f"{name(e.node)} is a leaf: its value is {_v(e.value)}."


def _cut_return(name: _Namer, child: Node, v, fail_soft: bool) -> str:
    """Why a cut node's value is what it is, fail-soft or fail-hard."""
    child_max = name.kind(child) == "MAX"
    if fail_soft:
        bound, worth = ("a lower bound", "at least") if child_max else ("an upper bound", "at most")
        return (
            f"({name(child)} was cut off: {_v(v)} is {bound}, {name(child)} is worth {worth} "
            f"{_v(v)}; fail-soft returns the best value it saw.)"
        )
    bound = "β" if child_max else "α"
    return (
        f"({name(child)} was cut off and returns {bound} = {_v(v)}, the bound that cut it: "
        "fail-hard.)"
    )


def _fail_hard_clamp(name: _Namer, child: Node, v, best) -> str:
    """A fail-hard node whose children all fell outside its window returns the window's edge."""
    if name.kind(child) == "MAX":
        return (
            f"(Every child of {name(child)} was at most {_v(best)} ≤ α = {_v(v)}: fail-hard "
            f"returns α = {_v(v)}, where fail-soft would return {_v(best)}.)"
        )
    return (
        f"(Every child of {name(child)} was at least {_v(best)} ≥ β = {_v(v)}: fail-hard "
        f"returns β = {_v(v)}, where fail-soft would return {_v(best)}.)"
    )


def _backup(e: Event, view: SearchView, name: _Namer, pruning: bool, fail_soft: bool) -> str:
    child, parent, v = e.node, e.parent, e.value
    if parent is None:
        return f"Back at the root: {name(child)} = {_v(v)}."
    s = f"{name(child)} returns {_v(v)} to {name(parent)}."
    if child in view.cut_nodes:
        s += " " + _cut_return(name, child, v, fail_soft)
    elif not fail_soft and view.best_seen is not None and view.best_seen != v:
        s += " " + _fail_hard_clamp(name, child, v, view.best_seen)
    is_max = e.data == MAX
    if not pruning:
        best = view.partial.get(parent)
        keeps = "largest" if is_max else "smallest"
        return s + f" {name(parent)} is {e.data} and keeps the {keeps} value so far: {_v(best)}."
    before = view.before or (e.alpha, e.beta)
    if is_max:
        if e.alpha != before[0]:
            s += (
                f" {name(parent)} is MAX: α = max({_v(before[0])}, {_v(v)}) = {_v(e.alpha)}, "
                f"so MAX can get at least {_v(e.alpha)} at {name(parent)}."
            )
        else:
            s += f" {name(parent)} is MAX and already has α = {_v(e.alpha)}: no change."
    elif e.beta != before[1]:
        s += (
            f" {name(parent)} is MIN: β = min({_v(before[1])}, {_v(v)}) = {_v(e.beta)}, "
            f"so MIN can hold MAX to at most {_v(e.beta)} at {name(parent)}."
        )
    else:
        s += f" {name(parent)} is MIN and already has β = {_v(e.beta)}: no change."
    # Whether α ≥ β now cuts is the next step's to say (in practice, its question).
    return s


def _prune(e: Event, name: _Namer) -> str:
    at = name(e.parent)
    a, b = _v(e.alpha), _v(e.beta)
    s = f"Prune {name.leaf(e.node)}: at {at}, α = {a} ≥ β = {b}. "
    if e.data == MAX:
        s += (
            f"{at} is MAX and can already get {a} or more, but MIN can hold MAX to {b} higher "
            f"up, so MIN never lets play reach {at}"
        )
    else:
        s += (
            f"{at} is MIN and can already hold MAX to {b} or less, but MAX can get {a} higher "
            f"up, so MAX never chooses {at}"
        )
    return s + f": {name.short(e.node)} cannot matter."


def _done(trace: Trace, name: _Namer, pruning: bool) -> str:
    r = trace.result
    tree = name.tree
    root = name(())
    s = f"Done: {root} = {_v(r.value)}."
    if r.move is not None:
        player = name.kind(())
        path = " → ".join(name(n) for n in r.path)
        s += (
            f" {player}'s best move is to {name((r.move,))}; with best play on both sides the "
            f"game goes {path} (the principal variation, in green)."
        )
    leaves = len(tree.leaves())
    evaluated = r.stats["evaluated"]
    if pruning:
        s += f" Alpha-beta evaluated {evaluated} of the {leaves} leaves."
    else:
        s += f" Minimax evaluated all {leaves} leaves."
    return s


def game_note(
    trace: Trace,
    step: int,
    tree: GameTree,
    *,
    fail_soft: bool = True,
    view: SearchView | None = None,
) -> str:
    """The sentence for ``step`` of a minimax or alpha-beta ``trace`` on ``tree``.

    ``view``: the step's :class:`SearchView`, if already folded.
    """
    view = view if view is not None else search_view(trace, step, tree)
    e = view.event
    name = _Namer(tree)
    pruning = any(x.alpha is not None for x in trace.events[:1])
    if e.kind == "expand":
        return _expand(e, name, pruning)
    if e.kind == "evaluate":
        return _evaluate(e, name)
    if e.kind == "backup":
        return _backup(e, view, name, pruning, fail_soft)
    if e.kind == "prune":
        return _prune(e, name)
    if e.kind == "done":
        return _done(trace, name, pruning)
    return f"{e.kind} {name(e.node) if e.node is not None else ''}".strip() + "."
