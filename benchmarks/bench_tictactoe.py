"""Tic-tac-toe from the empty board: our searches (events drained) against aima3 and easyAI.

Run: ``python -m benchmarks.bench_tictactoe`` (rewrites its table in benchmarks/README.md).

Both alpha-beta searches walk the same 18,297-node tree: aima3's TicTacToe tries its
moves column by column, which is our cell order 0-8 on a board turned a quarter, its
utility is ±1 with no decay (ours here: ±10, the decay off), and its cut ``v >= beta``
before raising alpha is ours after. The node counts are checked, not assumed: aima3's
are counted by wrapping its ``result``.
"""

from __future__ import annotations

import math
import time

from benchmarks.tables import table, write_section
from search_viz import TicTacToe, Trace, alphabeta, minimax, run

ROUNDS = 7


def interleaved_best(variants: dict, rounds: int) -> dict[str, float]:
    """Each variant's least CPU time (s) per call over ``rounds`` rounds that run every variant.

    ``variants`` maps a name to ``(fn, repeat)``: a round calls ``fn`` ``repeat`` times in a
    row, so that a short search is timed over a long enough stretch. CPU time
    (``process_time``), not wall time: on a shared, loaded machine the wall clock also
    counts the time other processes held the CPU.
    """
    best = dict.fromkeys(variants, math.inf)
    for _ in range(rounds):
        for name, (fn, repeat) in variants.items():
            start = time.process_time()
            for _ in range(repeat):
                fn()
            best[name] = min(best[name], (time.process_time() - start) / repeat)
    return best


def aima_nodes(search) -> int:
    """Nodes aima3's ``search`` enters from the empty board: the root and one per ``result``."""
    from aima3 import games

    game = games.TicTacToe()
    calls = 0
    result = game.result

    def counted(state, move):
        nonlocal calls
        calls += 1
        return result(state, move)

    game.result = counted
    search(game.initial, game)
    return calls + 1


def main() -> None:
    from aima3 import games
    from easyAI import AI_Player, Negamax
    from easyAI.games import TicTacToe as EasyTicTacToe

    aima_game = games.TicTacToe()
    no_decay, decay = TicTacToe(decay=False), TicTacToe()

    def easy_negamax():
        ai = Negamax(9)
        return ai(EasyTicTacToe([AI_Player(ai), AI_Player(ai)]))

    ours_ab, ours_mm = run(alphabeta(no_decay)), run(minimax(decay))
    ab_nodes, mm_nodes = aima_nodes(games.alphabeta_search), aima_nodes(games.minimax_decision)
    assert ab_nodes == ours_ab.stats["nodes"] == 18297, ab_nodes
    assert mm_nodes == ours_mm.stats["nodes"] == 549946, mm_nodes
    ab_events = len(Trace.record(alphabeta(no_decay), limit=10_000_000))
    mm_events = 2 * mm_nodes + ours_mm.stats["evaluated"] + 1  # expand, backup, evaluate, done

    timed = interleaved_best(
        {
            "aima_ab": (lambda: games.alphabeta_search(aima_game.initial, aima_game), 5),
            "ours_ab": (lambda: run(alphabeta(no_decay)), 10),
            "easy": (easy_negamax, 3),
            "recorded_ab": (lambda: Trace.record(alphabeta(no_decay), limit=10_000_000), 10),
            "aima_mm": (lambda: games.minimax_decision(aima_game.initial, aima_game), 1),
            "ours_mm": (lambda: run(minimax(decay)), 1),
        },
        rounds=ROUNDS,
    )

    def ms(name: str) -> str:
        return f"{timed[name] * 1e3:.0f}"

    def verdict(ratio: float, limit: float) -> str:
        return "yes" if ratio < limit else "**no**"

    ab_ratio = timed["ours_ab"] / timed["aima_ab"]
    easy_ratio = timed["ours_ab"] / timed["easy"]
    mm_ratio = timed["ours_mm"] / timed["aima_mm"]
    rows = [
        (
            "aima3 1.0.11 `games.alphabeta_search`, its TicTacToe",
            f"{ab_nodes:,}",
            ms("aima_ab"),
            "1.00x",
            "",
            "",
        ),
        (
            "`run(sv.alphabeta(sv.TicTacToe(decay=False)))`: events drained",
            f"{ab_nodes:,}",
            ms("ours_ab"),
            f"{ab_ratio:.2f}x",
            "under 0.5x aima3",
            verdict(ab_ratio, 0.5),
        ),
        (
            "easyAI `Negamax(9)` on its TicTacToe",
            "",
            ms("easy"),
            f"{timed['easy'] / timed['aima_ab']:.2f}x",
            "ours faster than easyAI",
            f"{verdict(easy_ratio, 1.0)} ({easy_ratio:.2f}x easyAI)",
        ),
        (
            "`sv.Trace.record(sv.alphabeta(...))`: events kept",
            f"{ab_nodes:,}",
            ms("recorded_ab"),
            f"{timed['recorded_ab'] / timed['aima_ab']:.2f}x",
            "",
            "",
        ),
        (
            "aima3 1.0.11 `games.minimax_decision`, its TicTacToe",
            f"{mm_nodes:,}",
            ms("aima_mm"),
            "1.00x",
            "",
            "",
        ),
        (
            "`run(sv.minimax(sv.TicTacToe()))`: events drained",
            f"{mm_nodes:,}",
            ms("ours_mm"),
            f"{mm_ratio:.2f}x",
            "under 0.5x aima3",
            verdict(mm_ratio, 0.5),
        ),
    ]
    body = table(
        ["search, from the empty board", "nodes", "ms (CPU)", "vs aima3", "target", "met"], rows
    )
    body += (
        f"\n\nOur alpha-beta yields {ab_events:,} events, our minimax {mm_events:,} "
        f"({mm_events / mm_nodes:.1f} per node; {timed['ours_mm'] / mm_events * 1e6:.2f} µs per "
        f"event, search included). Node counts checked on both sides (aima3's by counting its "
        f"`result` calls). easyAI's Negamax adds a depth bonus to its scores, so its tree is not "
        f"the same one; it is timed as the issue asks. Least CPU time of {ROUNDS} interleaved "
        "rounds (the short searches called 3-10 times in a row per round)."
    )
    write_section("tictactoe", body)


if __name__ == "__main__":
    main()
