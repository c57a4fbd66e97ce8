"""Alpha-beta with events against a plain recursive alpha-beta without any, in one run.

Run: ``python -m benchmarks.bench_game_search`` (rewrites its table in benchmarks/README.md).
"""

from __future__ import annotations

import math
import sys
import time

from benchmarks.tables import table, write_section
from search_viz import MAX, MIN, Event, GameTree, Trace, alphabeta, minimax, run

BRANCHING, DEPTH = 4, 8  # 65,536 leaves, 87,381 nodes
ROUNDS = 7


def interleaved_best(variants: dict, rounds: int) -> dict[str, float]:
    """Each variant's fastest time (s) over ``rounds`` rounds that run every variant once."""
    best = dict.fromkeys(variants, math.inf)
    for _ in range(rounds):
        for name, fn in variants.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def plain_alphabeta(game, fail_soft: bool = True):
    """Alpha-beta as a student writes it: recursion over the same Game protocol, no events.

    Returns (value, leaves evaluated), so both sides can be checked to do the same search.
    """
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    leaves = 0

    def value(state, alpha, beta):
        nonlocal leaves
        if is_terminal(state):
            leaves += 1
            return utility(state)
        if to_move(state) == MAX:
            best = -math.inf
            for a in actions(state):
                v = value(result(state, a), alpha, beta)
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    return best if fail_soft else beta
            return best if fail_soft else alpha
        best = math.inf
        for a in actions(state):
            v = value(result(state, a), alpha, beta)
            if v < best:
                best = v
            if best < beta:
                beta = best
            if alpha >= beta:
                return best if fail_soft else alpha
        return best if fail_soft else beta

    v = value(game.initial, -math.inf, math.inf)
    return v, leaves


def plain_alphabeta_lists(nested, is_max: bool, alpha=-math.inf, beta=math.inf):
    """The same search over nested Python lists: the least work a Python alpha-beta can do."""
    if not isinstance(nested, list):
        return nested
    if is_max:
        best = -math.inf
        for child in nested:
            v = plain_alphabeta_lists(child, False, alpha, beta)
            if v > best:
                best = v
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best
    best = math.inf
    for child in nested:
        v = plain_alphabeta_lists(child, True, alpha, beta)
        if v < best:
            best = v
        if best < beta:
            beta = best
        if alpha >= beta:
            break
    return best


def recursive_minimax(game):
    """Minimax with the same events, written as recursive generators (``yield from``).

    The shape the library's core had first; kept here only to measure the choice.
    """
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    new, _ = tuple.__new__, None

    def value(state, node, depth):
        is_max = to_move(state) == MAX
        yield new(
            Event, ("expand", node, _, _, _, _, depth, _, _, _, _, _, 4, MAX if is_max else MIN)
        )
        if is_terminal(state):
            v = utility(state)
            yield new(Event, ("evaluate", node, _, v, _, _, _, _, _, _, _, _, 5, "terminal"))
            return v
        best = -math.inf if is_max else math.inf
        for a in actions(state):
            child = node + (a,)  # noqa: RUF005
            v = yield from value(result(state, a), child, depth + 1)
            best = max(best, v) if is_max else min(best, v)
            yield new(
                Event, ("backup", child, node, v, _, _, _, _, _, _, _, _, 8, MAX if is_max else MIN)
            )
        return best

    v = yield from value(game.initial, (), 0)
    yield Event("done", value=v)
    return v


def flat_events(n: int):
    """Only the events: ``n`` of them from one loop, no search (the protocol's floor)."""
    node, new, _ = (0, 1, 2, 3), tuple.__new__, None
    for _i in range(n):
        yield new(Event, ("expand", node, _, _, 1, 2, 4, _, _, _, _, _, 4, MAX))


def main() -> None:
    sys.setrecursionlimit(10_000)
    tree = GameTree.random(branching=BRANCHING, depth=DEPTH, low=-100, high=100, seed=1)
    nested = tree.to_nested()
    ours = run(alphabeta(tree))
    plain_value, plain_leaves = plain_alphabeta(tree)
    assert (ours.value, ours.stats["evaluated"]) == (plain_value, plain_leaves)
    assert plain_alphabeta_lists(nested, True) == ours.value
    events = len(Trace.record(alphabeta(tree), limit=10_000_000))

    # Interleaved: every round runs every variant once, and each keeps its fastest round,
    # so that a busy moment on this shared machine does not favour one side.
    timed = interleaved_best(
        {
            "plain": lambda: plain_alphabeta(tree),
            "lists": lambda: plain_alphabeta_lists(nested, True),
            "drained": lambda: run(alphabeta(tree)),
            "hard": lambda: run(alphabeta(tree, fail_soft=False)),
            "recorded": lambda: Trace.record(alphabeta(tree), limit=10_000_000),
            "floor": lambda: run(flat_events(events)),
            "full": lambda: run(minimax(tree)),
            "recursive": lambda: run(recursive_minimax(tree)),
        },
        rounds=ROUNDS,
    )
    plain, lists, drained, hard = (timed[k] for k in ("plain", "lists", "drained", "hard"))
    recorded, floor, full, recursive = (
        timed[k] for k in ("recorded", "floor", "full", "recursive")
    )
    assert run(recursive_minimax(tree)) == run(minimax(tree)).value
    full_events = len(tree) * 2 + len(tree.leaves()) + 2

    def row(name, seconds, n_events, target=""):
        ratio = seconds / plain
        per_event = f"{seconds / n_events * 1e6:.2f}" if n_events else ""
        return (name, f"{seconds * 1e3:.0f}", f"{ratio:.2f}x", per_event, target)

    met = "yes" if drained / plain < 2 else "**no**"
    rows = [
        row("plain recursive alpha-beta, same Game protocol, no events", plain, 0),
        row("plain recursive alpha-beta over nested lists, no events", lists, 0),
        row("`run(sv.alphabeta(tree))`: events drained", drained, events, f"under 2x: {met}"),
        row("`run(sv.alphabeta(tree, fail_soft=False))`", hard, events),
        row("`sv.Trace.record(sv.alphabeta(tree))`: events kept", recorded, events),
        row(f"only yielding {events:,} events from one loop, no search", floor, events),
        row(f"`run(sv.minimax(tree))`: all {len(tree):,} nodes", full, full_events),
        row("the same minimax as recursive generators (`yield from`)", recursive, full_events),
    ]
    body = table(["search", "ms", "vs plain (protocol)", "µs per event", "target"], rows)
    body += (
        f"\n\nThe tree: `GameTree.random(branching={BRANCHING}, depth={DEPTH}, low=-100, "
        f"high=100, seed=1)`, {len(tree):,} nodes and {len(tree.leaves()):,} leaves; "
        f"alpha-beta enters {ours.stats['nodes']:,} nodes, evaluates "
        f"{ours.stats['evaluated']:,} leaves and yields {events:,} events (both sides are "
        f"checked to evaluate the same leaves). Fastest of {ROUNDS} interleaved rounds."
    )
    write_section("game-search", body)


if __name__ == "__main__":
    main()
