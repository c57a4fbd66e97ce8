"""What the tic-tac-toe search picture shows, without drawing it: a window on a big search.

A search from an early position enters up to 549,946 nodes: too many to draw
or to step through. :func:`tree_view` opens one node of it (the ``focus``;
the root at first) and keeps

* the whole subtree under the focus when it is small (at most
  :data:`SMALL_TREE` nodes: any position with 5 or fewer empty cells),
* otherwise the path from the root to the focus and two plies below it,

together with the search's events about those nodes only, in order: stepping
through them replays the search as seen from the focus (the values of deeper
nodes arrive as they are backed up). Every kept event remembers how far the
whole search had got (nodes entered, leaves evaluated, children pruned).

>>> from search_viz.algorithms.tictactoe import Opponent
>>> from search_viz.problems.tictactoe import TicTacToe
>>> view = tree_view(TicTacToe("XO..X...."), Opponent("Alpha-beta"))
>>> view.whole, len(view.nodes), view.trace.result.value, view.trace.result.move
(False, 37, 6, 8)
>>> view.totals(len(view.trace) - 1)
{'nodes entered': 410, 'leaves evaluated': 169, 'children pruned': 105}
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from search_viz.algorithms.tictactoe import Opponent, search_for
from search_viz.events import Event
from search_viz.problems.tictactoe import TicTacToe
from search_viz.trace import Trace

Node = tuple[int, ...]

#: The most nodes a subtree may have to be drawn whole (5 empty cells: 5+20+60+120+120+1).
SMALL_TREE = 326
#: Plies drawn below the focus when its subtree is not small.
PLIES = 2


@dataclass(frozen=True)
class TreeView:
    """The drawn part of one search and its events.

    ``game``: the searched position, scored as the search scored it; ``focus``:
    the opened node; ``whole``: whether the focus's subtree is drawn whole;
    ``nodes``: the drawn nodes, root first, depth-first in move order (the path
    to the focus, then the focus's drawn subtree); ``trace``: the search's
    events about drawn nodes (its ``result`` is the whole search's); ``progress``:
    for each kept event, (nodes entered, leaves evaluated, children pruned) by
    the whole search up to it; ``limit``: the search's depth limit, if any;
    ``cut``: the drawn nodes where alpha-beta cut off the rest of their children
    (with fail-soft, the value such a node returns is a bound, not exact).
    """

    game: TicTacToe
    opponent: Opponent
    focus: Node
    whole: bool
    nodes: tuple[Node, ...]
    trace: Trace
    progress: tuple[tuple[int, int, int], ...]
    limit: int | None
    cut: frozenset = frozenset()

    @cached_property
    def drawn(self) -> frozenset:
        """The drawn nodes as a set."""
        return frozenset(self.nodes)

    @cached_property
    def children(self) -> dict[Node, list[Node]]:
        """Each drawn node's drawn children, in move order."""
        kids: dict[Node, list[Node]] = {node: [] for node in self.nodes}
        for node in self.nodes:
            if node:
                kids[node[:-1]].append(node)
        return kids

    @cached_property
    def states(self) -> dict[Node, int]:
        """Each drawn node's position int."""
        game = self.game
        states = {(): game.initial}
        for node in self.nodes[1:]:
            states[node] = game.result(states[node[:-1]], node[-1])
        return states

    def board(self, node: Node) -> str:
        """The board at ``node``, as 9 characters."""
        return self.game.text(self.states[node])

    def is_max(self, node: Node) -> bool:
        """Whether X (MAX) is to move at ``node``."""
        return self.game.to_move(self.states[node]) == "MAX"

    def is_terminal(self, node: Node) -> bool:
        """Whether the game is over at ``node``."""
        return self.game.is_terminal(self.states[node])

    @property
    def path(self) -> list[Node]:
        """The nodes from the root down to the focus."""
        return [self.focus[:i] for i in range(len(self.focus) + 1)]

    def totals(self, step: int) -> dict[str, int]:
        """How far the whole search had got at ``step`` of this view."""
        nodes, evaluated, pruned = self.progress[step]
        counts = {"nodes entered": nodes, "leaves evaluated": evaluated}
        if self.opponent.kind != "Minimax":
            counts["children pruned"] = pruned
        return counts

    @cached_property
    def openable(self) -> list[Node]:
        """The drawn nodes below the focus that can be opened: inner nodes the search entered.

        (A pruned node was never searched, and a node at the depth limit or at
        the end of the game has no children in the search.)
        """
        entered = {e.node for e in self.trace.events if e.kind == "expand"}
        return [
            node
            for node in self.nodes
            if len(node) > len(self.focus)
            and node in entered
            and not self.is_terminal(node)
            and (self.limit is None or len(node) < self.limit)
        ]


def _subtree(game: TicTacToe, state: int, node: Node, depth_left: int | None, cap: int) -> list:
    """The game-tree nodes under ``node`` (itself first), depth-first, at most ``cap`` of them."""
    found: list[Node] = []
    stack = [(state, node)]
    while stack and len(found) <= cap:
        s, n = stack.pop()
        found.append(n)
        if game.is_terminal(s) or (depth_left is not None and len(n) - len(node) >= depth_left):
            continue
        stack.extend((game.result(s, a), (*n, a)) for a in reversed(game.actions(s)))
    return found


def drawn_nodes(game: TicTacToe, focus: Node, limit: int | None) -> tuple[list[Node], bool]:
    """The nodes a view of ``focus`` draws, and whether its subtree is drawn whole.

    ``limit``: the search's depth limit (nodes below it are never searched).

    >>> nodes, whole = drawn_nodes(TicTacToe("XOXOXO..."), (), None)
    >>> whole, len(nodes), nodes[:4]
    (True, 8, [(), (6,), (7,), (7, 6)])
    """
    state = game.state_after(focus)
    room = None if limit is None else limit - len(focus)
    below = _subtree(game, state, focus, room, SMALL_TREE)
    whole = len(below) <= SMALL_TREE
    if not whole:
        plies = PLIES if room is None else min(PLIES, room)
        below = _subtree(game, state, focus, plies, 10**6)
    return [focus[:i] for i in range(len(focus))] + below, whole


def tree_view(game: TicTacToe, opponent: Opponent, focus: Node = ()) -> TreeView:
    """Run ``opponent``'s search on ``game`` and keep what a view of ``focus`` shows.

    ``focus`` must be a node of the game tree (a tuple of free cells, played in
    turn, that does not go past the end of the game or the search's depth limit).

    >>> from search_viz.algorithms.tictactoe import Opponent
    >>> view = tree_view(TicTacToe(), Opponent("Alpha-beta"), focus=(4,))
    >>> view.path, view.whole, len(view.children[(4,)])
    ([(), (4,)], False, 8)
    """
    scored = opponent.game(game)
    limit = opponent.depth if opponent.kind == "Depth-limited alpha-beta" else None
    _check_focus(scored, focus, limit)
    nodes, whole = drawn_nodes(scored, focus, limit)
    drawn = frozenset(nodes)
    kept: list[Event] = []
    progress: list[tuple[int, int, int]] = []
    entered = evaluated = pruned = 0
    cut = set()
    gen = search_for(game, opponent)
    step = gen.__next__
    try:
        while True:
            e = step()
            kind = e.kind
            if kind == "expand":
                entered += 1
            elif kind == "evaluate":
                evaluated += 1
            elif kind == "prune":
                pruned += 1
                if e.parent in drawn:
                    cut.add(e.parent)
            if e.node in drawn or kind == "done":
                kept.append(e)
                progress.append((entered, evaluated, pruned))
    except StopIteration as stop:
        result = stop.value
    return TreeView(
        game=scored,
        opponent=opponent,
        focus=focus,
        whole=whole,
        nodes=tuple(nodes),
        trace=Trace(kept, result),
        progress=tuple(progress),
        limit=limit,
        cut=frozenset(cut),
    )


def _check_focus(game: TicTacToe, focus: Node, limit: int | None) -> None:
    state = game.initial
    for depth, cell in enumerate(focus):
        if game.is_terminal(state) or cell not in game.actions(state):
            raise ValueError(f"{focus} is not a node of this game: cell {cell!r} cannot be played")
        if limit is not None and depth >= limit:
            raise ValueError(f"{focus} lies below the search's depth limit {limit}")
        state = game.result(state, cell)


__all__ = ["PLIES", "SMALL_TREE", "TreeView", "drawn_nodes", "tree_view"]
