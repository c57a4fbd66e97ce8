"""Tic-tac-toe players and figures, all from the one game-search core (``adversarial.py``).

The computer opponents are :func:`~search_viz.algorithms.adversarial.minimax`,
:func:`~search_viz.algorithms.adversarial.alphabeta`, a depth-limited
alpha-beta with the static evaluation, and a random player; :func:`search_for`
gives the search an :class:`Opponent` runs, so the page can replay it, and
:func:`choose_move` the move it makes. The whole-game figures of the lecture
notes are computed, not typed in: :func:`whole_game`.

>>> from search_viz.events import run
>>> r = run(search_for(TicTacToe("XX.OO...."), Opponent("Alpha-beta")))
>>> r.value, r.move  # X wins at once in cell 2: 10 - 1
(9, 2)
>>> choose_move(TicTacToe("XX.OO...."), Opponent("Random", seed=3)) in (2, 5, 6, 7, 8)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from search_viz.algorithms.adversarial import alphabeta, exact_values, minimax
from search_viz.events import run
from search_viz.problems.tictactoe import EMPTY_BOARD, TicTacToe

MINIMAX, ALPHABETA, LIMITED, RANDOM = "Minimax", "Alpha-beta", "Depth-limited alpha-beta", "Random"
#: The computer opponents, the perfect ones first.
OPPONENTS = (MINIMAX, ALPHABETA, LIMITED, RANDOM)
#: What a win is worth in a depth-limited search: the evaluation's score for a line of three,
#: so that a win found within the horizon outweighs every estimate at it.
LIMITED_WIN = 1000

#: Where each cell comes in "centre, corners, edges" (ties: by cell number).
_CENTRE_CORNERS_EDGES = (1, 2, 1, 2, 0, 2, 1, 2, 1)


def centre_corners_edges(state: int, cell: int) -> int:
    """Move-order key: the centre first, then the corners, then the edges.

    >>> sorted(range(9), key=lambda c: centre_corners_edges(0, c))
    [4, 0, 2, 6, 8, 1, 3, 5, 7]
    """
    return _CENTRE_CORNERS_EDGES[cell]


def edges_corners_centre(state: int, cell: int) -> int:
    """Move-order key, the reverse: the edges first, then the corners, the centre last.

    >>> sorted(range(9), key=lambda c: edges_corners_centre(0, c))
    [1, 3, 5, 7, 0, 2, 6, 8, 4]
    """
    return -_CENTRE_CORNERS_EDGES[cell]


#: The three move orders compared on the page: a name and an ``ordering=`` for the core.
MOVE_ORDERS: dict[str, str | Callable[[int, int], int]] = {
    "cells 0-8": "given",
    "centre, corners, edges": centre_corners_edges,
    "edges, corners, centre": edges_corners_centre,
}


@dataclass(frozen=True)
class Opponent:
    """A computer player: ``kind`` (one of :data:`OPPONENTS`), and what that kind needs.

    ``depth``: the depth limit of the depth-limited alpha-beta (1-9, plies);
    ``decay``: whether wins count 10 - d (hurry to win, hold out when losing);
    ``seed``: the random player's seed (its move depends on the seed and the board only).

    >>> Opponent("Depth-limited alpha-beta", depth=2).searches
    True
    >>> Opponent("Chess engine")
    Traceback (most recent call last):
    ...
    ValueError: the opponent is one of Minimax, Alpha-beta, ... Random, not 'Chess engine'
    """

    kind: str = ALPHABETA
    depth: int = 2
    decay: bool = True
    seed: int = 0

    def __post_init__(self) -> None:
        if self.kind not in OPPONENTS:
            raise ValueError(f"the opponent is one of {', '.join(OPPONENTS)}, not {self.kind!r}")
        if self.kind == LIMITED and self.depth not in range(1, 10):
            raise ValueError(f"the depth limit is 1 to 9 plies, not {self.depth!r}")

    @property
    def searches(self) -> bool:
        """Whether this player searches (the random one does not)."""
        return self.kind != RANDOM

    @property
    def is_perfect(self) -> bool:
        """Whether it searches to the end of the game, so never loses."""
        return self.kind in (MINIMAX, ALPHABETA) or (self.kind == LIMITED and self.depth == 9)

    def game(self, game: TicTacToe) -> TicTacToe:
        """``game`` scored the way this player scores it (its decay; 1000 for a win if limited)."""
        win = LIMITED_WIN if self.kind == LIMITED else game.win
        return game.but(decay=self.decay, win=win)


def search_for(game: TicTacToe, opponent: Opponent):
    """The search ``opponent`` runs on ``game`` (a generator of events); the random player's is
    alpha-beta's, for the page to show what a search would have seen.

    >>> run(search_for(TicTacToe(), Opponent("Minimax"))).stats["nodes"]
    549946
    """
    scored = opponent.game(game)
    if opponent.kind == MINIMAX:
        return minimax(scored)
    if opponent.kind == LIMITED:
        return alphabeta(scored, limit=opponent.depth)
    return alphabeta(scored)


def choose_move(game: TicTacToe, opponent: Opponent) -> int:
    """The cell ``opponent`` plays in ``game`` (which must not be over).

    The random player's choice depends only on its seed and the board.

    >>> choose_move(TicTacToe("XO..X...."), Opponent("Minimax"))  # O blocks the diagonal
    8
    """
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if opponent.kind == RANDOM:
        return random.Random(f"{opponent.seed}:{game.board}").choice(game.moves)
    return run(search_for(game, opponent)).move


def move_values(game: TicTacToe, opponent: Opponent | None = None) -> dict[int, int]:
    """Each legal move's value (for X) as ``opponent`` sees it; by default the true value.

    The true value is minimax's with ``game``'s own scoring, searched to the end
    (with a transposition table). A depth-limited opponent's values are its own
    estimates: minimax to its depth limit, then the static evaluation.

    >>> move_values(TicTacToe("XO..X...."))  # O to move: every move loses
    {2: 8, 3: 8, 5: 8, 6: 8, 7: 8, 8: 6}
    >>> move_values(TicTacToe("XO..X....", decay=False))
    {2: 10, 3: 10, 5: 10, 6: 10, 7: 10, 8: 10}
    """
    if opponent is not None and opponent.kind == LIMITED:
        scored = opponent.game(game)
        value = exact_values(scored, opponent.depth, scored.evaluate)
    else:
        scored = opponent.game(game) if opponent is not None and opponent.searches else game
        value = exact_values(scored)
    return {cell: value(scored.result(scored.initial, cell), 1) for cell in game.moves}


def outcome(value: float, game: TicTacToe) -> str:
    """What a true value means for the side to move in ``game``: "win", "draw" or "loss".

    >>> g = TicTacToe("XO..X....")  # O to move
    >>> outcome(8, g), outcome(0, g), outcome(-3, g)
    ('loss', 'draw', 'win')
    """
    if value == 0:
        return "draw"
    good_for_x = value > 0
    return "win" if good_for_x == (game.player_to_move == "X") else "loss"


def plies_to_end(value: float, game: TicTacToe) -> int | None:
    """With the decay on, how many plies from ``game``'s position a won game ends.

    >>> plies_to_end(8, TicTacToe("XO..X....")), plies_to_end(0, TicTacToe())
    (2, None)
    """
    if value == 0 or not game.decay:
        return None
    return game.win - abs(int(value))


# ------------------------------------------------------------- the whole game
@dataclass(frozen=True)
class WholeGame:
    """The lecture notes' figures for the whole game, each computed by a search.

    ``minimax_nodes``: nodes of the full game tree (minimax enters every one);
    ``games``: complete games (its leaves); ``positions``: distinct positions, the
    size of a transposition table; ``alphabeta_nodes``: nodes alpha-beta enters
    from the empty board, cells in order 0-8, with the decay off and on;
    ``value``: the game's value (0: a draw with perfect play).
    """

    minimax_nodes: int
    games: int
    positions: int
    alphabeta_nodes: int
    alphabeta_nodes_decay: int
    value: int


def whole_game() -> WholeGame:
    """Search the whole game from the empty board (about a second: cache it).

    >>> figures = whole_game()
    >>> figures.minimax_nodes, figures.games, figures.positions, figures.alphabeta_nodes
    (549946, 255168, 5478, 18297)
    """
    game = TicTacToe(EMPTY_BOARD, decay=False)
    full = run(minimax(game))
    value = exact_values(game)
    value(game.initial, 0)
    return WholeGame(
        minimax_nodes=full.stats["nodes"],
        games=full.stats["evaluated"],
        positions=len(value.table),
        alphabeta_nodes=run(alphabeta(game)).stats["nodes"],
        alphabeta_nodes_decay=run(alphabeta(game.but(decay=True))).stats["nodes"],
        value=full.value,
    )


def node_counts(game: TicTacToe) -> dict[str, int]:
    """Nodes entered from ``game``'s position: minimax, and alpha-beta under each move order.

    >>> node_counts(TicTacToe("XO..X...."))  # doctest: +NORMALIZE_WHITESPACE
    {'minimax': 1061, 'cells 0-8': 410, 'centre, corners, edges': 158,
     'edges, corners, centre': 403}
    """
    counts = {"minimax": run(minimax(game)).stats["nodes"]}
    for name, ordering in MOVE_ORDERS.items():
        counts[name] = run(alphabeta(game, ordering=ordering)).stats["nodes"]
    return counts


#: "An ideal player doesn't give up": O to move, and every O move loses (X has the corner 0
#: and the centre; O's edge reply was a mistake).
GIVE_UP_BOARD = "XO..X...."


__all__ = [
    "ALPHABETA",
    "GIVE_UP_BOARD",
    "LIMITED",
    "LIMITED_WIN",
    "MINIMAX",
    "MOVE_ORDERS",
    "OPPONENTS",
    "RANDOM",
    "Opponent",
    "WholeGame",
    "centre_corners_edges",
    "choose_move",
    "edges_corners_centre",
    "move_values",
    "node_counts",
    "outcome",
    "plies_to_end",
    "search_for",
    "whole_game",
]
