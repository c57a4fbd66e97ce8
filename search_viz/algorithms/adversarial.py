"""Adversarial search: minimax and alpha-beta over any two-player zero-sum game, as one core.

A game is anything with the five methods of ``problems.game.Game`` (AIMA's protocol):
``to_move``, ``actions``, ``result``, ``is_terminal`` and ``utility``, plus an
``initial`` state. :func:`minimax` and :func:`alphabeta` are thin wrappers
around :func:`game_search`, the one generator that searches and tells what it
does:

* ``expand``: a node is entered (``alpha``/``beta``: its window on entry,
  ``depth``, ``data``: ``"MAX"`` or ``"MIN"``);
* ``evaluate``: once per leaf evaluation (``value``; ``data``: ``"terminal"``
  for a utility, ``"limit"`` for a static evaluation at the depth limit);
* ``backup``: a node's value is decided (``node``: that node, ``parent``,
  ``value``: what it returns to its parent, ``alpha``/``beta``: the parent's
  window after the update, ``data``: the parent's player); the root's own
  backup has no parent and no window;
* ``prune``: one per skipped child (``node``: that child, ``parent``: where the
  cut happened, ``alpha``/``beta``: the window that caused it, ``data``: the
  cutting node's player);
* ``done``: the search is over (``value``: the root's value).

A node is the tuple of actions from the root (``()`` is the root). The Result
has ``value`` (the root's minimax value), ``move`` (the first best action),
``path`` (the principal variation as nodes, root first) and ``stats``:
``nodes`` (every node entered, root included), ``evaluated`` (leaf
evaluations) and ``pruned`` (children skipped).

:func:`game_search` can also sum up the calls on chosen nodes instead of
stepping through them (``summed_up``), for a picture of a few nodes of a big
search: the events about the other nodes stay the same.

>>> from search_viz.problems.game_tree import GameTree
>>> from search_viz.events import run
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = run(alphabeta(tree))
>>> r.value, r.move, r.stats
(3, 0, {'nodes': 11, 'evaluated': 7, 'pruned': 2})
>>> run(minimax(tree)).stats["nodes"]
13
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from operator import length_hint
from typing import Any, NamedTuple

from search_viz.checks import WrongTypeError, describe, flag, whole_number
from search_viz.events import Event, Result
from search_viz.problems.game import MAX, MIN, Game, check_game

#: Built-in move orders; a callable ``key(state, action)`` is the custom one.
ORDERINGS = ("given", "best", "worst")

Ordering = str | Callable[[Any, Any], Any]

INF = math.inf
_END = object()  # no child left


# ---------------------------------------------------------------- pseudocode
def _program(pruning: bool, fail_soft: bool, limited: bool, ordering: Ordering) -> list:
    """The pseudocode as (role, text) lines; the generator's events point at the roles."""
    window = ", α, β" if pruning else ""
    loop = {
        "given": "for each a in ACTIONS(s):",
        "best": "for a in ACTIONS(s), best first:",
        "worst": "for a in ACTIONS(s), worst first:",
    }.get(ordering, "for a in ACTIONS(s), by the key:")
    start = ", −∞, +∞" if pruning else ""
    lines = [
        ("search", f"function {'ALPHA-BETA' if pruning else 'MINIMAX'}-SEARCH(s):"),
        ("search_test", "  if TO-MOVE(s) = MAX:"),
        ("search_max", f"    return MAX-VALUE(s{start})"),
        ("search_min", f"  return MIN-VALUE(s{start})"),
    ]
    for me, other, worst, better, bound in [
        ("max", "MIN", "−∞", "MAX", "α"),
        ("min", "MAX", "+∞", "MIN", "β"),
    ]:
        lines += [
            (me, f"function {me.upper()}-VALUE(s{window}):"),
            (f"{me}_terminal", "  if TERMINAL(s): return UTILITY(s)"),
        ]
        if limited:
            lines.append((f"{me}_limit", "  if DEPTH(s) = limit: return EVAL(s)"))
        lines += [
            (f"{me}_init", f"  v ← {worst}"),
            (f"{me}_loop", f"  {loop}"),
            (f"{me}_result", "    t ← RESULT(s, a)"),
            (f"{me}_child", f"    v ← {better}(v, {other}-VALUE(t{window}))"),
        ]
        if pruning:
            cut_return = "v" if fail_soft else ("β" if me == "max" else "α")
            lines += [
                (f"{me}_update", f"    {bound} ← {better}({bound}, v)"),
                (f"{me}_cut", f"    if α ≥ β: return {cut_return}   ▷ cutoff"),
            ]
        end_return = "v" if fail_soft or not pruning else bound
        lines.append((f"{me}_return", f"  return {end_return}"))
    return lines


class Pseudocode(NamedTuple):
    """The pseudocode a page shows, and the line number (from 1) of each role in it."""

    text: str
    lines: dict[str, int]


def game_pseudocode(
    pruning: bool = True,
    fail_soft: bool = True,
    limit: int | None = None,
    ordering: Ordering = "given",
) -> Pseudocode:
    """The pseudocode of the search that :func:`game_search` runs with these options.

    The events' ``line`` fields point into ``text``.

    >>> code = game_pseudocode(pruning=True)
    >>> code.text.splitlines()[code.lines["max_cut"] - 1].strip()
    'if α ≥ β: return v   ▷ cutoff'
    >>> game_pseudocode(pruning=False).lines["min_return"]
    18
    """
    program = _program(pruning, fail_soft, limit is not None, ordering)
    return Pseudocode(
        "\n".join(text for _, text in program),
        {role: number for number, (role, _) in enumerate(program, start=1)},
    )


# ---------------------------------------------------------------- move order
def exact_values(game: Game, limit: int | None = None, evaluate=None) -> Callable[[Any, int], Any]:
    """A function ``value(state, depth)``: the minimax value of ``state`` at ``depth``, memoised.

    Used to order moves best-first or worst-first "by each child's true
    value", for the demonstration of how much ordering matters. Its memo, a
    transposition table, is ``value.table``: one entry per distinct state
    searched (per state and depth with a ``limit``).

    >>> from search_viz.problems.game_tree import GameTree
    >>> tree = GameTree.from_nested([[3, 12], [2, 4]])
    >>> value = exact_values(tree)
    >>> value(tree.initial, 0), value(tree.result(tree.initial, 1), 1)
    (3, 2)
    >>> len(value.table)
    7
    """
    memo: dict = {}

    def value(state: Any, depth: int) -> Any:
        key = state if limit is None else (state, depth)
        if key in memo:
            return memo[key]
        if game.is_terminal(state):
            v = game.utility(state)
        elif depth == limit:
            v = evaluate(state)
        else:
            values = [value(game.result(state, a), depth + 1) for a in game.actions(state)]
            v = max(values) if game.to_move(state) == MAX else min(values)
        memo[key] = v
        return v

    value.table = memo
    return value


def move_order(
    game: Game, ordering: Ordering, limit: int | None = None, evaluate=None
) -> Callable[[Any, int, bool], Sequence] | None:
    """How to order a node's actions: None for "as given", else ``order(state, depth, is_max)``.

    "best" puts the child with the best true value for the player to move
    first (largest for MAX, smallest for MIN), "worst" the other way round;
    ties keep the given order. A callable ``key(state, action)`` sorts each
    node's actions by that key, smallest first.

    >>> from search_viz.problems.game_tree import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> move_order(tree, "best")(tree.initial, 0, True)
    [0, 1, 2]
    >>> move_order(tree, "worst")(tree.result(tree.initial, 0), 1, False)
    [1, 2, 0]
    """
    if ordering == "given":
        return None
    if callable(ordering):
        return _ordered_by(game, ordering)
    if ordering not in ORDERINGS:
        raise ValueError(
            f"ordering must be one of {', '.join(ORDERINGS)} or a key(state, action) function, "
            f"not {ordering!r}"
        )
    value = exact_values(game, limit, evaluate)
    best_first = ordering == "best"

    def order(state: Any, depth: int, is_max: bool) -> list:
        child_value = {a: value(game.result(state, a), depth + 1) for a in game.actions(state)}
        return sorted(child_value, key=child_value.__getitem__, reverse=is_max == best_first)

    return order


def _ordered_by(game: Game, key: Callable[[Any, Any], Any]) -> Callable[[Any, int, bool], list]:
    """Each node's actions sorted by ``key(state, action)``, smallest first; a key that cannot
    be called so, or gives values that do not compare, is a TypeError that says so.

    >>> from search_viz.problems.game_tree import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6]])
    >>> _ordered_by(tree, lambda state, action: -action)(tree.initial, 0, True)
    [1, 0]
    >>> _ordered_by(tree, lambda state, action: None)(tree.initial, 0, True)
    Traceback (most recent call last):
    TypeError: ordering's key(state, action) must give values that compare, such as numbers: ...
    """

    def order(state: Any, depth: int, is_max: bool) -> list:
        try:
            return sorted(game.actions(state), key=lambda action: key(state, action))
        except TypeError as error:
            raise TypeError(
                "ordering's key(state, action) must give values that compare, such as numbers: "
                f"{error}"
            ) from error

    return order


# ---------------------------------------------------------------------- core
def game_search(
    game: Game,
    *,
    pruning: bool,
    fail_soft: bool = True,
    ordering: Ordering = "given",
    limit: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    summed_up: Callable[[tuple], bool] | None = None,
    table: dict | None = None,
    tally: list | None = None,
):
    """The one generator behind :func:`minimax` (``pruning=False``) and :func:`alphabeta`.

    Parameters: ``game`` follows :class:`Game`; ``fail_soft`` (alpha-beta
    only): a cut node returns its best value so far rather than the bound that
    cut it; ``ordering``: "given", "best", "worst" or ``key(state, action)``;
    ``limit``: a depth below which nodes are not searched but evaluated by
    ``evaluate(state)`` (default: the game's ``evaluate`` method).

    Yields the events listed in this module's docstring and returns a Result.

    >>> from search_viz.problems.game_tree import GameTree
    >>> from search_viz.trace import Trace
    >>> tr = Trace.record(game_search(GameTree.from_nested([[2, 4], [6, 8]], root="min"),
    ...                               pruning=True))
    >>> [(e.kind, e.node) for e in tr.events if e.kind in ("evaluate", "prune")]
    [('evaluate', (0, 0)), ('evaluate', (0, 1)), ('evaluate', (1, 0)), ('prune', (1, 1))]

    Summing up, to show a few nodes of a big search: ``summed_up(node)`` is asked
    of each child that a stepped-through node calls (the root is always stepped
    through). Where it is true, the call is summed up: it makes no events, nor
    does anything below it; only what it returns and what it costs count. (The
    parent's backup of it, and the prunes of its siblings, belong to the
    parent's loop and still come.) A call is searched once per (state, depth if
    there is a ``limit``, alpha, beta) and kept in ``table``, a dict to pass
    again to searches of the same game and options (a new one if None): the same
    position met with the same window elsewhere reuses it. ``tally``, if given,
    is a list ``[nodes, evaluated, pruned]`` to which each summed-up call adds
    its counts: with the events' own counts, how far the whole search has got
    at each event. All the other events, and the Result, are the whole search's.

    >>> tally = [0, 0, 0]
    >>> events = list(game_search(GameTree.from_nested([[2, 4], [6, 8]]), pruning=True,
    ...                           summed_up=lambda node: len(node) == 2, tally=tally))
    >>> [(e.kind, e.node, e.value) for e in events]  # doctest: +NORMALIZE_WHITESPACE
    [('expand', (), None), ('expand', (0,), None), ('backup', (0, 0), 2),
     ('backup', (0, 1), 4), ('backup', (0,), 2), ('expand', (1,), None),
     ('backup', (1, 0), 6), ('backup', (1, 1), 8), ('backup', (1,), 6),
     ('backup', (), 6), ('done', None, 6)]
    >>> tally  # the four leaves: entered and evaluated
    [4, 4, 0]
    """
    who = "alpha-beta" if pruning is True else "minimax"
    check_game(game, who)
    pruning, fail_soft = flag("pruning", pruning), flag("fail_soft", fail_soft)
    if not (isinstance(ordering, str) or callable(ordering)):
        raise WrongTypeError(
            f"ordering must be one of {', '.join(ORDERINGS)} or a key(state, action) function, "
            f"not {describe(ordering)}"
        )
    if evaluate is not None and not callable(evaluate):
        raise WrongTypeError(
            f"evaluate must be a function of a state, or None, not {describe(evaluate)}"
        )
    if limit is not None:
        limit = whole_number("the depth limit", limit)
        if limit < 0:
            raise ValueError(f"the depth limit must be 0 or more, not {limit}")
        evaluate = evaluate if evaluate is not None else getattr(game, "evaluate", None)
        if evaluate is None:
            raise ValueError(
                "a depth limit needs an evaluation: pass evaluate=, or give the game an "
                "evaluate(state) method"
            )
    if summed_up is None:
        if table is not None or tally is not None:
            raise ValueError("table= and tally= go with summed_up=, the nodes to sum up")
    elif not callable(summed_up):
        raise WrongTypeError(f"summed_up must be a function of a node, not {describe(summed_up)}")
    elif table is None:
        table = {}
    order = move_order(game, ordering, limit, evaluate)
    return _game_search(
        game, pruning, fail_soft, ordering, limit, evaluate, order, summed_up, table, tally
    )


def _game_search(
    game, pruning, fail_soft, ordering, limit, evaluate, order, summed_up, table, tally
):
    """The generator of :func:`game_search`, its options checked (``table`` a dict if
    ``summed_up`` is given)."""
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    at = game_pseudocode(pruning, fail_soft, limit, ordering).lines
    # The pseudocode lines the events point at, as (MIN's, MAX's): index them by is_max.
    enter_at, leaf_at = (at["min"], at["max"]), (at["min_terminal"], at["max_terminal"])
    limit_at = (at.get("min_limit"), at.get("max_limit"))
    update_at = (at.get("min_update"), at.get("max_update")) if pruning else None
    backup_at = update_at or (at["min_child"], at["max_child"])
    cut_at = (at.get("min_cut"), at.get("max_cut"))
    player = (MIN, MAX)

    # The frequent events are built as new(Event, (kind, node, parent, value, alpha, beta,
    # depth, g, h, f, temperature, delta, probability, line, data)), i.e. tuple.__new__: three
    # times cheaper than Event(kind, node, alpha=...) (benchmarks/README.md), and a full
    # tic-tac-toe solve makes 1.4 million of them.
    new, _ = tuple.__new__, None
    nodes = evaluated = pruned = 0

    # The recursion of MAX-VALUE / MIN-VALUE runs on an explicit stack: `path` holds, for
    # each inner node from the root down to the current node's parent, the local variables
    # of its call, saved while one of its children is searched. (Written recursively, a
    # generator hands every event up through every level with `yield from`, which made
    # minimax 1.5 times as slow on a tree of depth 8: benchmarks/README.md.)
    path: list[tuple] = []
    state, node, depth = game.initial, (), 0
    alpha, beta = (-INF, INF) if pruning else (None, None)
    # the summed-up calls are searched apart, making no events (see _summing)
    summed = summed_up and _summing(game, pruning, fail_soft, limit, evaluate, order, table)

    # fmt: off
    while True:
        # MAX-VALUE(state, alpha, beta) or MIN-VALUE(...) is called on `node`.
        if summed and path and summed_up(node):
            # A summed-up call: what it returns (v, the principal variation below) and costs
            try:
                v, line, entered, leaves, cuts = summed(state, depth, alpha, beta)
            except _Stuck as stuck:
                stuck_at = node + stuck.below
                message = f"the state at {stuck_at} is not terminal but has no actions"
                raise ValueError(message) from None
            nodes += entered
            evaluated += leaves
            pruned += cuts
            if tally is not None:
                tally[0] += entered
                tally[1] += leaves
                tally[2] += cuts
        else:
            nodes += 1
            is_max = to_move(state) == MAX
            yield new(Event, ("expand", node, _, _, alpha, beta, depth,
                              _, _, _, _, _, _, enter_at[is_max], player[is_max]))
            if is_terminal(state):
                v = utility(state)
                yield new(Event, ("evaluate", node, _, v, _, _, _,
                                  _, _, _, _, _, _, leaf_at[is_max], "terminal"))
            elif depth == limit:
                v = evaluate(state)
                yield new(Event, ("evaluate", node, _, v, _, _, _,
                                  _, _, _, _, _, _, limit_at[is_max], "limit"))
            else:  # an inner node: save this call's variables and call on the first child
                best, best_line = (-INF if is_max else INF), ()
                rest = iter(actions(state) if order is None else order(state, depth, is_max))
                a = next(rest, _END)
                if a is _END:
                    raise ValueError(f"the state at {node} is not terminal but has no actions")
                path.append((state, node, depth, alpha, beta, is_max, best, best_line, rest, a))
                state, node, depth = result(state, a), node + (a,), depth + 1  # noqa: RUF005
                continue
            evaluated += 1
            line = ()  # the principal variation below the node that returns

        # The node returns v: back in the parent's loop, just after the call.
        while path:
            child = node
            state, node, depth, alpha, beta, is_max, best, best_line, rest, a = path.pop()
            if is_max:
                if v > best:
                    best, best_line = v, (a,) + line  # noqa: RUF005
                if pruning and best > alpha:
                    alpha = best
            else:
                if v < best:
                    best, best_line = v, (a,) + line  # noqa: RUF005
                if pruning and best < beta:
                    beta = best
            yield new(Event, ("backup", child, node, v, alpha, beta, _,
                              _, _, _, _, _, _, backup_at[is_max], player[is_max]))
            if pruning and alpha >= beta:  # the children left cannot matter
                for a in rest:
                    pruned += 1
                    yield new(Event, ("prune", node + (a,), node, _, alpha, beta, _,  # noqa: RUF005
                                      _, _, _, _, _, _, cut_at[is_max], player[is_max]))
                v = best if fail_soft else (beta if is_max else alpha)
            else:
                a = next(rest, _END)
                if a is not _END:  # call on the next child
                    path.append((state, node, depth, alpha, beta, is_max, best, best_line, rest, a))
                    state, node, depth = result(state, a), node + (a,), depth + 1  # noqa: RUF005
                    break
                v = best if fail_soft or not pruning else (alpha if is_max else beta)
            line = best_line
        else:
            break  # the root has returned v
    # fmt: on

    search_line = at["search_max" if is_max else "search_min"]
    yield Event("backup", (), value=v, line=search_line)
    yield Event("done", value=v, line=search_line)
    principal = [line[:i] for i in range(len(line) + 1)]
    return Result(
        value=v,
        move=line[0] if line else None,
        path=principal,
        stats={"nodes": nodes, "evaluated": evaluated, "pruned": pruned},
    )


#: The iterators that know exactly how many items they have left (a tuple's, a list's).
_COUNTED = (type(iter(())), type(iter([])))


def remaining(items: Iterator) -> int:
    """How many items the iterator ``items`` has left (a tuple's or a list's are counted
    without stepping through them, others are used up).

    >>> rest = iter((1, 2, 3)); _ = next(rest)
    >>> remaining(rest), remaining(x for x in "abc")
    (2, 3)
    """
    if type(items) in _COUNTED:
        return length_hint(items)
    return sum(1 for _ in items)


class _Stuck(Exception):
    """A summed-up call met a state that is not terminal but has no actions: ``below`` is
    where, the actions from the call's state down to it."""

    def __init__(self) -> None:
        super().__init__()
        self.below: tuple = ()


def _summing(game, pruning, fail_soft, limit, evaluate, order, table):
    """The summed-up calls of :func:`_game_search`: ``summed(state, depth, alpha, beta)``
    is what MAX-VALUE / MIN-VALUE returns there and what it costs, as ``(value, principal
    variation below, nodes entered, leaves evaluated, children pruned)``. Each call, and
    every call it makes, is searched once per (state, depth if there is a ``limit``, alpha,
    beta) and kept in ``table``; it makes no events, so it is a plain recursion, not a step
    of the generator. A state that is not terminal but has no actions raises
    :class:`_Stuck`, which says where below the call it is.
    """
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility

    def summed(state, depth, alpha, beta) -> tuple:
        key = (state, None if limit is None else depth, alpha, beta)
        known = table.get(key)
        if known is not None:
            return known
        is_max = to_move(state) == MAX
        if is_terminal(state):
            known = (utility(state), (), 1, 1, 0)
        elif depth == limit:
            known = (evaluate(state), (), 1, 1, 0)
        else:
            entered, leaves, cuts = 1, 0, 0
            best, best_line = (-INF if is_max else INF), ()
            rest = iter(actions(state) if order is None else order(state, depth, is_max))
            a = _END
            for a in rest:
                try:  # free in the loop: only a stuck state below pays, to say where it is
                    v, line, e, le, c = summed(result(state, a), depth + 1, alpha, beta)
                except _Stuck as stuck:
                    stuck.below = (a, *stuck.below)
                    raise
                entered, leaves, cuts = entered + e, leaves + le, cuts + c
                # the update of _game_search's loop, inline in both: a call per node would
                # cost the generator its margin over the other libraries (bench_game_search)
                if is_max:
                    if v > best:
                        best, best_line = v, (a,) + line  # noqa: RUF005
                    if pruning and best > alpha:
                        alpha = best
                else:
                    if v < best:
                        best, best_line = v, (a,) + line  # noqa: RUF005
                    if pruning and best < beta:
                        beta = best
                if pruning and alpha >= beta:  # the children left cannot matter
                    cuts += remaining(rest)
                    v = best if fail_soft else (beta if is_max else alpha)
                    break
            else:
                if a is _END:
                    raise _Stuck()
                v = best if fail_soft or not pruning else (alpha if is_max else beta)
            known = (v, best_line, entered, leaves, cuts)
        table[key] = known
        return known

    return summed


def minimax(
    game: Game,
    *,
    ordering: Ordering = "given",
    limit: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
):
    """Minimax search of ``game`` from its initial state, as a generator of events.

    Every node is entered; MAX takes the largest child value, MIN the smallest.
    ``limit``/``evaluate``: see :func:`game_search`.

    >>> from search_viz.problems.game_tree import GameTree
    >>> from search_viz.events import run
    >>> r = run(minimax(GameTree.from_leaves([-1, 4, 2, 6, -3, -5, 0, 7], branching=2)))
    >>> r.value, r.move, r.path
    (4, 0, [(), (0,), (0, 0), (0, 0, 1)])
    """
    return game_search(game, pruning=False, ordering=ordering, limit=limit, evaluate=evaluate)


def alphabeta(
    game: Game,
    fail_soft: bool = True,
    ordering: Ordering = "given",
    *,
    limit: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
):
    """Alpha-beta search of ``game``: minimax's value, skipping children that cannot matter.

    ``fail_soft``: a cut node returns its best value so far (AIMA), else the
    bound that cut it (fail-hard); the root's value is the same.
    ``ordering``: "given", "best" (by each child's true value), "worst", or a
    ``key(state, action)`` function. ``limit``/``evaluate``: see
    :func:`game_search`.

    >>> from search_viz.problems.game_tree import GameTree
    >>> from search_viz.trace import Trace
    >>> tr = Trace.record(alphabeta(GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)))
    >>> tr.result.value, [e.node for e in tr.events if e.kind == "prune"]
    (3, [(0, 1, 1), (1, 1)])
    """
    return game_search(
        game, pruning=True, fail_soft=fail_soft, ordering=ordering, limit=limit, evaluate=evaluate
    )


__all__ = [
    "MAX",
    "MIN",
    "ORDERINGS",
    "Game",
    "Pseudocode",
    "alphabeta",
    "exact_values",
    "game_pseudocode",
    "game_search",
    "minimax",
    "move_order",
]
