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

>>> from search_viz.problems.game_tree import GameTree
>>> from search_viz.trace import run
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = run(alphabeta(tree))
>>> r.value, r.move, r.stats
(3, 0, {'nodes': 11, 'evaluated': 7, 'pruned': 2})
>>> run(minimax(tree)).stats["nodes"]
13
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from search_viz.events import Event, Result
from search_viz.problems.game import MAX, MIN, Game

#: Built-in move orders; a callable ``key(state, action)`` is the custom one.
ORDERINGS = ("given", "best", "worst")

Ordering = str | Callable[[Any, Any], Any]

INF = math.inf


# ---------------------------------------------------------------- pseudocode
def _program(pruning: bool, fail_soft: bool, limited: bool, ordering: Ordering) -> list:
    """The pseudocode as (role, text) lines; the generator's events point at the roles."""
    window = ", α, β" if pruning else ""
    loop = {
        "given": "for each a in ACTIONS(state):",
        "best": "for each a in ACTIONS(state), best first:",
        "worst": "for each a in ACTIONS(state), worst first:",
    }.get(ordering, "for each a in ACTIONS(state), in the key's order:")
    name = "ALPHA-BETA-SEARCH" if pruning else "MINIMAX-SEARCH"
    start = ", −∞, +∞" if pruning else ""
    lines = [
        ("search", f"function {name}(state):"),
        ("search_max", f"    if TO-MOVE(state) = MAX: return MAX-VALUE(state{start})"),
        ("search_min", f"    else: return MIN-VALUE(state{start})"),
    ]
    for me, other, worst, better, bound in [
        ("max", "MIN", "−∞", "MAX", "α"),
        ("min", "MAX", "+∞", "MIN", "β"),
    ]:
        lines += [
            (me, f"function {me.upper()}-VALUE(state{window}):"),
            (f"{me}_terminal", "    if IS-TERMINAL(state): return UTILITY(state)"),
        ]
        if limited:
            lines.append((f"{me}_limit", "    if DEPTH(state) = limit: return EVAL(state)"))
        lines += [
            (f"{me}_init", f"    v ← {worst}"),
            (f"{me}_loop", f"    {loop}"),
            (f"{me}_child", f"        v ← {better}(v, {other}-VALUE(RESULT(state, a){window}))"),
        ]
        if pruning:
            cut_return = "v" if fail_soft else ("β" if me == "max" else "α")
            lines += [
                (f"{me}_update", f"        {bound} ← {better}({bound}, v)"),
                (f"{me}_cut", f"        if α ≥ β: return {cut_return}    ▷ prune the rest"),
            ]
        end_return = "v" if fail_soft or not pruning else bound
        lines.append((f"{me}_return", f"    return {end_return}"))
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
    'if α ≥ β: return v    ▷ prune the rest'
    >>> game_pseudocode(pruning=False).lines["min_return"]
    15
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
    value", for the demonstration of how much ordering matters.

    >>> from search_viz.problems.game_tree import GameTree
    >>> tree = GameTree.from_nested([[3, 12], [2, 4]])
    >>> value = exact_values(tree)
    >>> value(tree.initial, 0), value(tree.result(tree.initial, 1), 1)
    (3, 2)
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
        key = ordering
        return lambda state, depth, is_max: sorted(game.actions(state), key=lambda a: key(state, a))
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


# ---------------------------------------------------------------------- core
def game_search(
    game: Game,
    *,
    pruning: bool,
    fail_soft: bool = True,
    ordering: Ordering = "given",
    limit: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
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
    """
    if limit is not None:
        if limit < 0:
            raise ValueError(f"the depth limit must be 0 or more, not {limit}")
        evaluate = evaluate if evaluate is not None else getattr(game, "evaluate", None)
        if evaluate is None:
            raise ValueError(
                "a depth limit needs an evaluation: pass evaluate=, or give the game an "
                "evaluate(state) method"
            )
    order = move_order(game, ordering, limit, evaluate)
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    at = game_pseudocode(pruning, fail_soft, limit, ordering).lines
    # The pseudocode lines the events point at, looked up once.
    max_enter, max_leaf, max_limit = at["max"], at["max_terminal"], at.get("max_limit")
    max_child, max_update, max_cut = at["max_child"], at.get("max_update"), at.get("max_cut")
    min_enter, min_leaf, min_limit = at["min"], at["min_terminal"], at.get("min_limit")
    min_child, min_update, min_cut = at["min_child"], at.get("min_update"), at.get("min_cut")

    # The frequent events are built as tuple.__new__(Event, (kind, node, parent, value,
    # alpha, beta, depth, g, h, temperature, delta, probability, line, data)): three
    # times cheaper than Event(kind, node, alpha=...) (benchmarks/README.md), and a
    # full tic-tac-toe solve makes 1.4 million of them.
    new, _ = tuple.__new__, None
    nodes = evaluated = pruned = 0
    line: tuple = ()  # the principal variation below the node that just returned

    def leaf(state, node, score, at_line, why):
        """A node not searched further: ``score`` is the utility or the evaluation."""
        nonlocal evaluated, line
        evaluated += 1
        line = ()
        v = score(state)
        yield new(Event, ("evaluate", node, _, v, _, _, _, _, _, _, _, _, at_line, why))
        return v

    def max_value(state, node, alpha, beta, depth):
        nonlocal nodes, line
        nodes += 1
        yield new(Event, ("expand", node, _, _, alpha, beta, depth, _, _, _, _, _, max_enter, MAX))
        if is_terminal(state):
            return (yield from leaf(state, node, utility, max_leaf, "terminal"))
        if depth == limit:
            return (yield from leaf(state, node, evaluate, max_limit, "limit"))
        best, best_line = -INF, ()
        rest = iter(actions(state) if order is None else order(state, depth, True))
        for a in rest:
            child, s = node + (a,), result(state, a)  # noqa: RUF005 (faster than unpacking)
            value = max_value if to_move(s) == MAX else min_value  # MIN-VALUE when turns alternate
            v = yield from value(s, child, alpha, beta, depth + 1)
            if v > best:
                best, best_line = v, (a,) + line  # noqa: RUF005
            if not pruning:
                yield new(Event, ("backup", child, node, v, _, _, _, _, _, _, _, _, max_child, MAX))
                continue
            if best > alpha:
                alpha = best
            yield new(
                Event, ("backup", child, node, v, alpha, beta, _, _, _, _, _, _, max_update, MAX)
            )
            if alpha >= beta:
                yield from prune_rest(rest, node, alpha, beta, max_cut, MAX)
                line = best_line
                return best if fail_soft else beta
        line = best_line
        return best if fail_soft or not pruning else alpha

    def min_value(state, node, alpha, beta, depth):
        nonlocal nodes, line
        nodes += 1
        yield new(Event, ("expand", node, _, _, alpha, beta, depth, _, _, _, _, _, min_enter, MIN))
        if is_terminal(state):
            return (yield from leaf(state, node, utility, min_leaf, "terminal"))
        if depth == limit:
            return (yield from leaf(state, node, evaluate, min_limit, "limit"))
        best, best_line = INF, ()
        rest = iter(actions(state) if order is None else order(state, depth, False))
        for a in rest:
            child, s = node + (a,), result(state, a)  # noqa: RUF005 (faster than unpacking)
            value = max_value if to_move(s) == MAX else min_value  # MAX-VALUE when turns alternate
            v = yield from value(s, child, alpha, beta, depth + 1)
            if v < best:
                best, best_line = v, (a,) + line  # noqa: RUF005
            if not pruning:
                yield new(Event, ("backup", child, node, v, _, _, _, _, _, _, _, _, min_child, MIN))
                continue
            if best < beta:
                beta = best
            yield new(
                Event, ("backup", child, node, v, alpha, beta, _, _, _, _, _, _, min_update, MIN)
            )
            if alpha >= beta:
                yield from prune_rest(rest, node, alpha, beta, min_cut, MIN)
                line = best_line
                return best if fail_soft else alpha
        line = best_line
        return best if fail_soft or not pruning else beta

    def prune_rest(rest, node, alpha, beta, at_line, player):
        """One prune event per child not yet searched: alpha >= beta at node."""
        nonlocal pruned
        for a in rest:
            pruned += 1
            child = node + (a,)  # noqa: RUF005
            yield Event("prune", child, node, alpha=alpha, beta=beta, line=at_line, data=player)

    state = game.initial
    root_max = to_move(state) == MAX
    window = (-INF, INF) if pruning else (None, None)
    v = yield from (max_value if root_max else min_value)(state, (), *window, 0)
    search_line = at["search_max" if root_max else "search_min"]
    yield Event("backup", (), value=v, line=search_line)
    yield Event("done", value=v, line=search_line)
    principal = [line[:i] for i in range(len(line) + 1)]
    return Result(
        value=v,
        move=line[0] if line else None,
        path=principal,
        stats={"nodes": nodes, "evaluated": evaluated, "pruned": pruned},
    )


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
    >>> from search_viz.trace import run
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
