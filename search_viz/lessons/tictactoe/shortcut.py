"""The drawn part of a search, without stepping through the rest of it.

A why-tree keeps only the search's events about its few drawn nodes (see
:func:`~search_viz.lessons.tictactoe.search.tree_view`), but the search
from the empty board enters 549,946 nodes to make them (minimax; alpha-beta
about 20,000), and running its generator costs a second or more.

:func:`drawn_search` gets the same kept events another way. It runs the same
search as :func:`~search_viz.algorithms.adversarial.game_search` (MAX-VALUE and
MIN-VALUE calling each other) and makes events only at drawn nodes. Below them,
a subtree's call is summed up as what it returns (its value and best line) and
what it costs (nodes entered, leaves evaluated, children pruned); the same
position reached by other moves, with the same window, gives the same call,
so each is summed up once (a transposition table), and kept for the next why-tree of
the same rules (a student's game asks for one per move). Tic-tac-toe has 5,478
positions: minimax's 549,946 calls are 5,478 different ones.

Its answer equals filtering the generator's events (``tests/test_tictactoe_shortcut.py``
checks it on random positions and searches).

>>> from search_viz.problems.tictactoe import TicTacToe
>>> from search_viz.lessons.tictactoe.search import Search, drawn_nodes
>>> game = TicTacToe()
>>> drawn = frozenset(drawn_nodes(game, (), None))
>>> found = drawn_search(game, Search(pruning=False), drawn)
>>> found.result.stats, len(found.events)
({'nodes': 549946, 'evaluated': 255168, 'pruned': 0}, 165)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from search_viz.algorithms.adversarial import INF, game_pseudocode, move_order
from search_viz.events import Event, Result
from search_viz.problems.game import MAX, MIN
from search_viz.problems.tictactoe import TicTacToe

Node = tuple[int, ...]


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


class Call(NamedTuple):
    """What one call of MAX-VALUE / MIN-VALUE returns, and its best line below the node."""

    value: Any
    line: Node


def drawn_search(game: TicTacToe, search: Any, drawn: frozenset) -> DrawnSearch:
    """The events ``search`` (a :class:`~search_viz.lessons.tictactoe.search.Search`) makes
    about the ``drawn`` nodes of ``game`` (the root among them, and every drawn node's
    parent), as if its generator had been run and filtered.

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search
    >>> found = drawn_search(TicTacToe("XO..X...."), Search(), frozenset({(), (2,), (3,)}))
    >>> [(e.kind, e.node, e.value) for e in found.events]  # doctest: +NORMALIZE_WHITESPACE
    [('expand', (), None), ('expand', (2,), None), ('backup', (2,), 8), ('expand', (3,), None),
     ('backup', (3,), 8), ('backup', (), 6), ('done', None, 6)]
    >>> found.progress[2], found.result.stats  # (2,)'s subtree: 41 nodes, 16 leaves, 22 cuts
    ((43, 16, 22), {'nodes': 410, 'evaluated': 169, 'pruned': 105})
    """
    return _Replay(game, search, drawn).run()


class _Replay:
    """One run of the search: its counters, the kept events, and the summed-up calls."""

    def __init__(self, game: TicTacToe, search: Any, drawn: frozenset) -> None:
        self.game, self.drawn = game, drawn
        self.pruning = search.pruning
        # minimax is called without fail_soft: the generator's default, True
        self.fail_soft = search.fail_soft if search.pruning else True
        self.limit = search.limit
        evaluate = game.evaluate if search.limit is not None else None
        self.order = move_order(game, search.ordering, search.limit, evaluate)
        at = game_pseudocode(self.pruning, self.fail_soft, self.limit, search.ordering).lines
        self.at = at
        # The events' pseudocode lines as (MIN's, MAX's), indexed by is_max, as the generator has.
        self.enter_at = (at["min"], at["max"])
        self.leaf_at = (at["min_terminal"], at["max_terminal"])
        self.limit_at = (at.get("min_limit"), at.get("max_limit"))
        update_at = (at.get("min_update"), at.get("max_update")) if self.pruning else None
        self.backup_at = update_at or (at["min_child"], at["max_child"])
        self.cut_at = (at.get("min_cut"), at.get("max_cut"))
        self.entered = self.evaluated = self.pruned = 0
        self.events: list[Event] = []
        self.progress: list[tuple[int, int, int]] = []
        self.cut: set[Node] = set()
        # (state, depth, alpha, beta) -> (the call, the nodes, leaves and prunes it costs)
        self.table = _table(game, search)

    def run(self) -> DrawnSearch:
        """Search from the root, then keep the root's backup and ``done``."""
        game = self.game
        window = (-INF, INF) if self.pruning else (None, None)
        v, line = self.call(game.initial, (), 0, *window)
        at = self.at["search_max" if game.to_move(game.initial) == MAX else "search_min"]
        self.keep(Event("backup", (), value=v, line=at))
        self.keep(Event("done", value=v, line=at))
        result = Result(
            value=v,
            move=line[0] if line else None,
            path=[line[:i] for i in range(len(line) + 1)],
            stats={"nodes": self.entered, "evaluated": self.evaluated, "pruned": self.pruned},
        )
        return DrawnSearch(self.events, self.progress, self.cut, result)

    def keep(self, event: Event) -> None:
        """Keep an event about a drawn node, with how far the search has got."""
        self.events.append(event)
        self.progress.append((self.entered, self.evaluated, self.pruned))

    def call(self, state: int, node: Node | None, depth: int, alpha: Any, beta: Any) -> Call:
        """MAX-VALUE or MIN-VALUE called on ``node``: event by event if it is drawn, else
        summed up once per (position, depth, window) and its cost added to the counters.
        (``node`` is None below the undrawn children of drawn nodes: no names are needed.)"""
        if node in self.drawn:
            return self.search(state, node, depth, alpha, beta)
        # Without a depth limit, a position's call does not depend on how deep it is.
        key = (state, depth if self.limit is not None else None, alpha, beta)
        known = self.table.get(key)
        if known is None:
            before = (self.entered, self.evaluated, self.pruned)
            call = self.search(state, node, depth, alpha, beta)
            known = (
                call,
                self.entered - before[0],
                self.evaluated - before[1],
                self.pruned - before[2],
            )
            self.table[key] = known
        else:
            self.entered += known[1]
            self.evaluated += known[2]
            self.pruned += known[3]
        return known[0]

    def search(self, state: int, node: Node | None, depth: int, alpha: Any, beta: Any) -> Call:
        """The body of MAX-VALUE / MIN-VALUE, as ``game_search`` runs it (events if drawn)."""
        game, drawn = self.game, node in self.drawn
        self.entered += 1
        is_max = game.to_move(state) == MAX
        player = MAX if is_max else MIN
        if drawn:
            self.keep(Event("expand", node, alpha=alpha, beta=beta, depth=depth,
                            line=self.enter_at[is_max], data=player))  # fmt: skip
        if game.is_terminal(state) or depth == self.limit:
            return self.leaf(state, node, drawn, is_max)
        best, best_line = (-INF if is_max else INF), ()
        moves = game.actions(state) if self.order is None else self.order(state, depth, is_max)
        for i, a in enumerate(moves):
            child = (*node, a) if drawn else None
            v, line = self.call(game.result(state, a), child, depth + 1, alpha, beta)
            if is_max:
                if v > best:
                    best, best_line = v, (a, *line)
                if self.pruning and best > alpha:
                    alpha = best
            else:
                if v < best:
                    best, best_line = v, (a, *line)
                if self.pruning and best < beta:
                    beta = best
            if child in self.drawn:
                self.keep(Event("backup", child, node, v, alpha, beta,
                                line=self.backup_at[is_max], data=player))  # fmt: skip
            if self.pruning and alpha >= beta:  # the children left cannot matter
                self.skip(node, moves[i + 1 :], alpha, beta, is_max)
                return Call(best if self.fail_soft else (beta if is_max else alpha), best_line)
        if self.fail_soft or not self.pruning:
            return Call(best, best_line)
        return Call(alpha if is_max else beta, best_line)

    def leaf(self, state: int, node: Node | None, drawn: bool, is_max: bool) -> Call:
        """A terminal position's utility, or the static evaluation at the depth limit."""
        self.evaluated += 1
        if self.game.is_terminal(state):
            v, line, data = self.game.utility(state), self.leaf_at[is_max], "terminal"
        else:
            v, line, data = self.game.evaluate(state), self.limit_at[is_max], "limit"
        if drawn:
            self.keep(Event("evaluate", node, value=v, line=line, data=data))
        return Call(v, ())

    def skip(self, node: Node | None, rest: Any, alpha: Any, beta: Any, is_max: bool) -> None:
        """Prune the children ``rest`` of ``node``: counted, and kept where drawn."""
        if node not in self.drawn:
            self.pruned += len(rest)
            return
        for a in rest:
            self.pruned += 1
            self.cut.add(node)
            child = (*node, a)
            if child in self.drawn:
                self.keep(Event("prune", child, node, alpha=alpha, beta=beta,
                                line=self.cut_at[is_max], data=MAX if is_max else MIN))  # fmt: skip


def _table(game: TicTacToe, search: Any) -> dict[tuple, tuple[Call, int, int, int]]:
    """The summed-up calls of searches like ``search``, shared in this process: below the
    drawn nodes, a position's call with a window is the same in every why-tree of the same
    kind of search, in games of the same rules (who starts, what a win is worth, and, with
    decay, how many marks the root has: a win scores by the plies played since the root).
    Searches with a depth limit (whose scores depend on how deep the position is met),
    with an ordering function or in a game of another class get a table of their own.

    >>> from search_viz.lessons.tictactoe.search import Search
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


__all__ = ["Call", "DrawnSearch", "drawn_search"]
