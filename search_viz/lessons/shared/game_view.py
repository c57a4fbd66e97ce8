"""What a game-tree picture shows at one step, without drawing it: letters, layout, the fold.

:func:`search_view` folds a minimax or alpha-beta trace up to a step: which
nodes were entered and decided, the open path with each node's [α, β] window,
the values known, and the cuts with the subtrees they pruned.

>>> from search_viz import GameTree, Trace, alphabeta
>>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
>>> trace = Trace.record(alphabeta(tree))
>>> view = search_view(trace, len(trace) - 1, tree)
>>> [cut_caption(tree, cut, letters(tree)) for cut in view.cuts]
['α = 5 ≥ β = 3 at E:\\n9 cannot matter', 'α = 3 ≥ β = 1 at C:\\nG cannot matter']
>>> view = search_view(trace, 13, tree)
>>> view.open, window_text(view.windows[(0, 1)])
([(), (0,), (0, 1)], '[5, 3]')
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from search_viz.events import Event, format_value
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace


# --------------------------------------------------------------------- labels
def letter(i: int) -> str:
    """The ``i``-th textbook label: A ... Z, then AA, AB ...

    >>> letter(0), letter(25), letter(26), letter(27)
    ('A', 'Z', 'AA', 'AB')
    """
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = string.ascii_uppercase[r] + name
    return name


@lru_cache(maxsize=64)
def letters(tree: GameTree) -> dict[Node, str]:
    """Every node's textbook letter, breadth-first from the root A.

    >>> letters(GameTree.from_nested([[3, 12], [2, 4]]))[(1,)]
    'C'
    """
    return {node: letter(i) for i, node in enumerate(tree.nodes)}


def leaf_name(tree: GameTree, node: Node, labels: Mapping[Node, str]) -> str:
    """A leaf by its value, the way the notes speak ("9"); an inner node by its letter.

    >>> tree = GameTree.from_nested([[9, 1], 4])
    >>> leaf_name(tree, (0, 0), letters(tree)), leaf_name(tree, (0,), letters(tree))
    ('9', 'B')
    """
    if tree.is_leaf(node):
        return format_value(tree.value(node))
    return labels[node]


# --------------------------------------------------------------------- layout
@lru_cache(maxsize=64)
def layout(tree: GameTree) -> dict[Node, tuple[float, float]]:
    """Where each node goes: leaves one unit apart left to right, parents centred above.

    ``y`` is minus the depth.

    >>> pos = layout(GameTree.from_nested([[1, 2], 3]))
    >>> pos[(0, 0)], pos[(0, 1)], pos[(1,)], pos[(0,)], pos[()]
    ((0.0, -2.0), (1.0, -2.0), (2.0, -1.0), (0.5, -1.0), (1.25, 0.0))
    """
    pos: dict[Node, tuple[float, float]] = {}
    for x, leaf in enumerate(tree.leaves()):
        pos[leaf] = (float(x), float(-len(leaf)))
    for node in reversed(tree.nodes):  # breadth-first: children come later
        if node not in pos:
            kids = tree.children(node)
            pos[node] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, float(-len(node)))
    return pos


# ---------------------------------------------------------------- search view
@dataclass(frozen=True)
class Cut:
    """One cutoff: at ``node`` alpha >= beta, and ``children`` were skipped."""

    node: Node
    alpha: float
    beta: float
    player: str
    children: tuple[Node, ...]


@dataclass
class SearchView:
    """What the picture and the sentences need after one step of a game search."""

    step: int
    event: Event
    entered: set = field(default_factory=set)
    decided: dict = field(default_factory=dict)  # node -> value it returned
    leaf_values: dict = field(default_factory=dict)  # evaluated leaf -> value
    open: list = field(default_factory=list)  # entered, not decided: root first
    windows: dict = field(default_factory=dict)  # open node -> (alpha, beta)
    partial: dict = field(default_factory=dict)  # open node -> best child value so far
    cuts: list = field(default_factory=list)
    pruned: set = field(default_factory=set)  # every node of every pruned subtree
    before: tuple | None = None  # the parent's window before this step's backup
    best_seen: Any = None  # the best child value of the node this step backs up
    done: bool = False

    @property
    def cut_nodes(self) -> set:
        """The nodes where a cutoff happened."""
        return {cut.node for cut in self.cuts}


def search_view(trace: Trace, step: int, tree: GameTree | None = None) -> SearchView:
    """Fold the trace's events up to ``step`` into a :class:`SearchView`.

    ``tree`` (when given) lets ``pruned`` hold whole subtrees, not only the
    skipped children.
    """
    for view in search_views(trace, tree, stop=step):
        if view.step == step:
            return view
    raise IndexError(f"step {step} is outside 0 to {len(trace) - 1}")


def search_views(trace: Trace, tree: GameTree | None = None, *, stop: int | None = None):
    """The :class:`SearchView` after each step, folded once from the first event.

    Yields ONE view object, updated in place from step to step (copy what you
    keep). ``stop``: the last step to fold (default: the whole trace).

    >>> from search_viz import GameTree, Trace, alphabeta
    >>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    >>> [len(v.cuts) for v in search_views(Trace.record(alphabeta(tree)), tree)][-1]
    2
    """
    events = trace.events
    last = len(events) - 1 if stop is None else stop
    view = SearchView(step=0, event=events[0]) if events else None
    for k, e in enumerate(events[: last + 1]):
        view.step, view.event = k, e
        view.best_seen = view.before = None
        kind, node = e.kind, e.node
        if kind == "expand":
            view.entered.add(node)
            view.open.append(node)
            if e.alpha is not None:
                view.windows[node] = (e.alpha, e.beta)
        elif kind == "evaluate":
            view.leaf_values[node] = e.value
        elif kind == "backup":
            view.decided[node] = e.value
            if view.open and view.open[-1] == node:
                view.open.pop()
            view.windows.pop(node, None)
            view.best_seen = view.partial.pop(node, None)
            parent = e.parent
            if parent is not None:
                view.before = view.windows.get(parent)
                if e.alpha is not None:
                    view.windows[parent] = (e.alpha, e.beta)
                old = view.partial.get(parent)
                pick = max if e.data == MAX else min
                view.partial[parent] = e.value if old is None else pick(old, e.value)
        elif kind == "prune":
            last_cut = view.cuts[-1] if view.cuts else None
            if last_cut is not None and last_cut.node == e.parent and last_cut.alpha == e.alpha:
                view.cuts[-1] = Cut(
                    last_cut.node,
                    last_cut.alpha,
                    last_cut.beta,
                    last_cut.player,
                    (*last_cut.children, node),
                )
            else:
                view.cuts.append(Cut(e.parent, e.alpha, e.beta, e.data, (node,)))
            view.pruned.update(tree.subtree(node) if tree is not None else (node,))
        elif kind == "done":
            view.done = True
        yield view


def cut_caption(tree: GameTree, cut: Cut, labels: Mapping[Node, str]) -> str:
    """The reason for a cut, as the notes write it: "α = 5 ≥ β = 3 at E: 9 cannot matter"."""
    names = ", ".join(leaf_name(tree, child, labels) for child in cut.children)
    return (
        f"α = {format_value(cut.alpha)} ≥ β = {format_value(cut.beta)} at {labels[cut.node]}:\n"
        f"{names} cannot matter"
    )


def window_text(window: tuple) -> str:
    """``[α, β]`` as written beside a node, infinities with their sign.

    >>> window_text((float("-inf"), 3)), window_text((2, float("inf")))
    ('[−∞, 3]', '[2, +∞]')
    """
    alpha, beta = window
    return f"[{format_value(alpha)}, {format_value(beta)}]".replace("[∞", "[+∞").replace(
        " ∞]", " +∞]"
    )
