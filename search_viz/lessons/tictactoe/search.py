"""The search behind a move, as the why-tree shows it: a window on a big search, and its fold.

A search from an early position enters up to 549,946 nodes: too many to draw
or to step through. :func:`tree_view` opens one node of it (the ``focus``;
the root at first) and keeps the path from the root down to the focus, the
focus's children and their children (two plies), together with the search's
events about those nodes only, in order: stepping through them replays the
search as seen from the focus (the values of deeper nodes arrive as they are
backed up). Every kept event remembers how far the whole search had got
(nodes entered, leaves evaluated, children pruned).

:func:`folds` then walks the kept events once and says, after each one, what
is known: which nodes were entered and decided, the open path with its
[α, β] windows, the values, the cuts. It is :func:`search_view
<search_viz.lessons.shared.game_view.search_view>` computed step by step in
one pass instead of once per step.

>>> from search_viz.problems.tictactoe import TicTacToe
>>> view = tree_view(TicTacToe("XO..X...."), Search())
>>> len(view.nodes), view.trace.result.value, view.trace.result.move
(37, 6, 8)
>>> view.totals(len(view.trace) - 1)
{'nodes entered': 410, 'leaves evaluated': 169, 'children pruned': 105}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from search_viz.algorithms.adversarial import game_search
from search_viz.algorithms.tictactoe import LIMITED, LIMITED_WIN, MINIMAX, Opponent
from search_viz.events import Event, Result
from search_viz.problems.game import MAX
from search_viz.problems.tictactoe import WIN, TicTacToe
from search_viz.trace import Trace

Node = tuple[int, ...]

#: Plies drawn below the opened node.
PLIES = 2
#: One letter per kind of event, for a replay's shape.
_KIND_LETTER = {"expand": "x", "evaluate": "v", "backup": "b", "prune": "p", "done": "d"}


# ------------------------------------------------------------------ the search
@dataclass(frozen=True)
class Search:
    """Which search runs: minimax or alpha-beta, fail-soft or fail-hard, the move order, a limit.

    ``limit``: a depth limit (plies) at which the static evaluation replaces the
    rest of the game; a win found within it then scores 1000 − d instead of
    10 − d, so that it outweighs every evaluation (see :meth:`scored`).

    >>> Search.of(Opponent("Depth-limited alpha-beta", depth=3))
    Search(pruning=True, fail_soft=True, ordering='given', limit=3)
    >>> Search(pruning=False).name, Search(limit=1).name
    ('minimax', 'depth-limited alpha-beta (1 ply)')
    """

    pruning: bool = True
    fail_soft: bool = True
    ordering: str | Callable[[int, int], Hashable] = "given"
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.limit is not None and (
            isinstance(self.limit, bool) or not isinstance(self.limit, int) or self.limit < 1
        ):
            raise ValueError(f"the depth limit is a number of plies, 1 or more, not {self.limit!r}")

    @classmethod
    def of(cls, opponent: Opponent) -> Search:
        """The search a computer player runs (the random player's: alpha-beta's, for the page)."""
        return cls(
            pruning=opponent.kind != MINIMAX,
            limit=opponent.depth if opponent.kind == LIMITED else None,
        )

    @property
    def name(self) -> str:
        """The search's name as sentences say it."""
        if not self.pruning:
            return "minimax"
        if self.limit is None:
            return "alpha-beta"
        return f"depth-limited alpha-beta ({plies(self.limit)})"

    def scored(self, game: TicTacToe) -> TicTacToe:
        """``game`` scored for this search: a depth-limited one counts a win as 1000 − d."""
        if self.limit is not None and game.win == WIN:
            return game.but(win=LIMITED_WIN)
        return game

    def run(self, game: TicTacToe, **summing: Any):
        """The search's generator of events on ``game`` (already :meth:`scored`): minimax's or
        alpha-beta's. ``summing``: :func:`~search_viz.algorithms.adversarial.game_search`'s
        ``summed_up``, ``table`` and ``tally``, to sum up the calls on some nodes.

        >>> from search_viz.events import run
        >>> run(Search(pruning=False).run(TicTacToe("XOXOXO..."))).stats
        {'nodes': 8, 'evaluated': 4, 'pruned': 0}
        """
        return game_search(
            game,
            pruning=self.pruning,
            fail_soft=self.fail_soft,  # minimax has no cuts: it makes no difference there
            ordering=self.ordering,
            limit=self.limit,
            **summing,
        )


def plies(n: int) -> str:
    """``"1 ply"``, ``"3 plies"``.

    >>> plies(1), plies(2)
    ('1 ply', '2 plies')
    """
    return f"{n} ply" if n == 1 else f"{n} plies"


# -------------------------------------------------------------------- the view
@dataclass(frozen=True)
class TreeView:
    """The drawn part of one search and its events.

    ``game``: the searched position, scored as the search scored it; ``focus``:
    the opened node; ``nodes``: the drawn nodes, root first: the path down to
    the focus, then the focus, its children and grandchildren depth-first in
    move order; ``trace``: the search's events about drawn nodes (its
    ``result`` is the whole search's); ``progress``: for each kept event,
    (nodes entered, leaves evaluated, children pruned) by the whole search up
    to it; ``cut``: the drawn nodes where alpha-beta cut off the rest of their
    children (such a node's value is a bound, not exact).
    """

    game: TicTacToe
    search: Search
    focus: Node
    nodes: tuple[Node, ...]
    trace: Trace
    progress: tuple[tuple[int, int, int], ...]
    cut: frozenset = frozenset()

    @property
    def limit(self) -> int | None:
        """The search's depth limit, if it has one."""
        return self.search.limit

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
        return self.game.to_move(self.states[node]) == MAX

    def is_terminal(self, node: Node) -> bool:
        """Whether the game is over at ``node``."""
        return self.game.is_terminal(self.states[node])

    def is_leaf(self, node: Node) -> bool:
        """Whether the search evaluates ``node``: the game is over, or it is at the depth limit."""
        return self.is_terminal(node) or (self.limit is not None and len(node) == self.limit)

    @property
    def path(self) -> list[Node]:
        """The nodes from the root down to the focus."""
        return [self.focus[:i] for i in range(len(self.focus) + 1)]

    def totals(self, step: int) -> dict[str, int]:
        """How far the whole search had got at ``step`` of this view."""
        nodes, evaluated, pruned = self.progress[step]
        counts = {"nodes entered": nodes, "leaves evaluated": evaluated}
        if self.search.pruning:
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
            if len(node) > len(self.focus) and node in entered and not self.is_leaf(node)
        ]

    @cached_property
    def shape(self) -> str:
        """What the replay's steps are, whatever the values: films of one shape keep the step.

        Two searches that enter, evaluate, back up and prune the same nodes in
        the same order (minimax with and without the decay, say) have one shape.
        """
        skeleton = ",".join(
            f"{_KIND_LETTER[e.kind]}{''.join(map(str, e.node or ()))}" for e in self.trace.events
        )
        return f"{self.game.board}|{self.game.first}|{skeleton}"


def drawn_nodes(game: TicTacToe, focus: Node, limit: int | None) -> list[Node]:
    """The nodes a view of ``focus`` draws: the path to it, and two plies below it.

    ``limit``: the search's depth limit (nodes below it are never searched).

    >>> nodes = drawn_nodes(TicTacToe("XOXOXO..."), (), None)
    >>> len(nodes), nodes[:4]
    (6, [(), (6,), (7,), (7, 6)])
    """
    room = PLIES if limit is None else min(PLIES, limit - len(focus))
    found: list[Node] = []
    stack = [(game.state_after(focus), focus)]
    while stack:
        state, node = stack.pop()
        found.append(node)
        if game.is_terminal(state) or len(node) - len(focus) >= room:
            continue
        stack.extend((game.result(state, a), (*node, a)) for a in reversed(game.actions(state)))
    return [focus[:i] for i in range(len(focus))] + found


class DrawnSearch(NamedTuple):
    """A search's events about drawn nodes, and what they need to know about the rest.

    ``events``: the events about drawn nodes, in order, then the root's backup and
    ``done``; ``progress``: for each of them, (nodes entered, leaves evaluated,
    children pruned) by the whole search up to it; ``cut``: the drawn nodes where
    alpha-beta cut off children; ``result``: the whole search's Result.
    """

    events: list[Event]
    progress: list[tuple[int, int, int]]
    cut: set[Node]
    result: Result


def drawn_search(game: TicTacToe, search: Search, drawn: frozenset) -> DrawnSearch:
    """The events ``search`` makes about the ``drawn`` nodes of ``game`` (the root among them,
    and every drawn node's parent), as if its generator had been run and filtered.

    The calls on the other nodes are summed up, not stepped through (``summed_up`` of
    :func:`~search_viz.algorithms.adversarial.game_search`), in a table kept for the next
    why-tree (:func:`_table`): minimax from the empty board enters 549,946 nodes, but they
    are 5,478 different calls (tic-tac-toe has 5,478 positions).

    >>> found = drawn_search(TicTacToe("XO..X...."), Search(), frozenset({(), (2,), (3,)}))
    >>> [(e.kind, e.node, e.value) for e in found.events]  # doctest: +NORMALIZE_WHITESPACE
    [('expand', (), None), ('expand', (2,), None), ('backup', (2,), 8), ('expand', (3,), None),
     ('backup', (3,), 8), ('backup', (), 6), ('done', None, 6)]
    >>> found.progress[2], found.result.stats  # (2,)'s subtree: 41 nodes, 16 leaves, 22 cuts
    ((43, 16, 22), {'nodes': 410, 'evaluated': 169, 'pruned': 105})
    """
    tally = [0, 0, 0]  # what the summed-up calls have cost so far
    gen = search.run(
        game, summed_up=lambda node: node not in drawn, table=_table(game, search), tally=tally
    )
    found = DrawnSearch([], [], set(), None)
    entered = evaluated = pruned = 0  # by the calls stepped through
    while True:
        try:
            e = next(gen)
        except StopIteration as stop:
            return found._replace(result=stop.value)
        kind = e.kind
        if kind == "expand":
            entered += 1
        elif kind == "evaluate":
            evaluated += 1
        elif kind == "prune":  # at a node stepped through: a drawn one
            pruned += 1
            found.cut.add(e.parent)
        if e.node in drawn or kind == "done":
            found.events.append(e)
            found.progress.append((entered + tally[0], evaluated + tally[1], pruned + tally[2]))


def _table(game: TicTacToe, search: Search) -> dict:
    """The summed-up calls of searches like ``search``, shared in this process: below the
    drawn nodes, a position's call with a window is the same in every why-tree of the same
    kind of search, in games of the same rules (who starts, what a win is worth, and, with
    decay, how many marks the root has: a win scores by the plies played since the root).
    Searches with a depth limit (whose scores depend on how deep the position is met),
    with an ordering function or in a game of another class get a table of their own.

    >>> _table(TicTacToe("X........"), Search()) is _table(TicTacToe("....X...."), Search())
    True
    >>> _table(TicTacToe(), Search()) is _table(TicTacToe("X........"), Search())
    False
    >>> _table(TicTacToe(), Search()) is _table(TicTacToe(decay=False), Search())
    False
    >>> _table(TicTacToe(), Search(limit=2)) is _table(TicTacToe(), Search(limit=2))
    False
    """
    shared = type(game) is TicTacToe and search.limit is None and isinstance(search.ordering, str)
    if not shared:
        return {}
    # with decay, a win scores by the plies played since the root: the root's marks count
    marks = len(game.board) - game.board.count(".")
    rules = (game.first, game.win, game.decay, marks if game.decay else None)
    kind = (rules, search.pruning, search.fail_soft or not search.pruning, search.ordering)
    table = _TABLES.setdefault(kind, {})
    if len(table) > _MOST_CALLS:  # a bound on memory: start this kind's table again
        table.clear()
    return table


#: The shared tables, by the kind of search (see :func:`_table`).
_TABLES: dict[tuple, dict] = {}
#: At most this many summed-up calls are kept for one kind of search.
_MOST_CALLS = 100_000


def tree_view(game: TicTacToe, search: Search, focus: Node = ()) -> TreeView:
    """Run ``search`` on ``game`` and keep what a view of ``focus`` shows.

    The search is not stepped through below the drawn nodes, only summed up there
    (:func:`drawn_search`): the kept events are the same.

    ``focus`` must be a node of the game tree (a tuple of free cells, played in
    turn, that does not go past the end of the game or the search's depth limit).

    >>> view = tree_view(TicTacToe(), Search(), focus=(4,))
    >>> view.path, len(view.children[(4,)]), len(view.nodes)
    ([(), (4,)], 8, 66)
    """
    scored = search.scored(game)
    check_focus(scored, focus, search.limit)
    nodes = drawn_nodes(scored, focus, search.limit)
    found = drawn_search(scored, search, frozenset(nodes))
    return TreeView(
        game=scored,
        search=search,
        focus=focus,
        nodes=tuple(nodes),
        trace=Trace(found.events, found.result),
        progress=tuple(found.progress),
        cut=frozenset(found.cut),
    )


def check_focus(game: TicTacToe, focus: Node, limit: int | None) -> None:
    """Refuse a focus that is not a node of the search (a ``ValueError`` says why).

    >>> check_focus(TicTacToe(), (4, 4), None)
    Traceback (most recent call last):
    ...
    ValueError: (4, 4) is not a node of this game: cell 4 cannot be played
    """
    state = game.initial
    for depth, cell in enumerate(focus):
        if game.is_terminal(state) or cell not in game.actions(state):
            raise ValueError(f"{focus} is not a node of this game: cell {cell!r} cannot be played")
        if limit is not None and depth >= limit:
            raise ValueError(f"{focus} lies below the search's depth limit {limit}")
        state = game.result(state, cell)


# -------------------------------------------------------------------- the fold
@dataclass
class Fold:
    """What is known after one step of a replay (the fields of ``game_view.SearchView``).

    ``entered``: nodes entered; ``decided``: node -> the value it returned;
    ``leaf_values``: evaluated leaf -> value; ``open``: entered and not decided,
    root first; ``windows``: open node -> (α, β); ``partial``: open node -> the
    best child value so far; ``pruned``: the skipped children; ``before``: the
    parent's window before this step's backup; ``done``: the search is over.
    """

    step: int = -1
    event: Any = None
    entered: set = field(default_factory=set)
    decided: dict = field(default_factory=dict)
    leaf_values: dict = field(default_factory=dict)
    open: list = field(default_factory=list)
    windows: dict = field(default_factory=dict)
    partial: dict = field(default_factory=dict)
    pruned: set = field(default_factory=set)
    before: tuple | None = None
    done: bool = False

    def add(self, e: Event) -> None:
        """Take in the next event."""
        self.step += 1
        self.event = e
        self.before = None
        kind, node = e.kind, e.node
        if kind == "expand":
            self.entered.add(node)
            self.open.append(node)
            if e.alpha is not None:
                self.windows[node] = (e.alpha, e.beta)
        elif kind == "evaluate":
            self.leaf_values[node] = e.value
        elif kind == "backup":
            self.decided[node] = e.value
            if self.open and self.open[-1] == node:
                self.open.pop()
            self.windows.pop(node, None)
            self.partial.pop(node, None)
            parent = e.parent
            if parent is not None:
                self.before = self.windows.get(parent)
                if e.alpha is not None:
                    self.windows[parent] = (e.alpha, e.beta)
                old = self.partial.get(parent)
                pick = max if e.data == MAX else min
                self.partial[parent] = e.value if old is None else pick(old, e.value)
        elif kind == "prune":
            self.pruned.add(node)
        elif kind == "done":
            self.done = True


def folds(trace: Trace) -> Iterator[Fold]:
    """The fold after each event of ``trace``, in one pass (the same object, updated).

    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> [(f.event.kind, len(f.decided)) for f in folds(view.trace)][:4]
    [('expand', 0), ('expand', 0), ('evaluate', 0), ('backup', 1)]
    """
    fold = Fold()
    for e in trace.events:
        fold.add(e)
        yield fold


__all__ = [
    "PLIES",
    "DrawnSearch",
    "Fold",
    "Node",
    "Search",
    "TreeView",
    "check_focus",
    "drawn_nodes",
    "drawn_search",
    "folds",
    "plies",
    "tree_view",
]
