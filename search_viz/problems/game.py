"""What a two-player, zero-sum, turn-taking game offers a search (AIMA's protocol).

MAX moves to make the utility large, MIN to make it small. Game trees and
tic-tac-toe implement :class:`Game`; minimax and alpha-beta search any of them.

>>> MAX, MIN
('MAX', 'MIN')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from search_viz.checks import has_methods

MAX = "MAX"
MIN = "MIN"


class Game(Protocol):
    """What minimax and alpha-beta need of a game.

    ``initial`` is the state searched from; ``to_move(state)`` is ``MAX`` or
    ``MIN``; ``actions(state)`` the moves there, in their given order;
    ``result(state, action)`` the state a move leads to; ``utility(state)`` the
    value of a terminal state for MAX (it may depend on how far the state lies
    below ``initial``, e.g. 10 - d for a win d plies ahead). A game may also have
    ``evaluate(state)``, a static evaluation for MAX used at a depth limit.
    Actions are what the search's nodes are made of (a node is the tuple of
    actions from ``initial``), so they should be small and hashable.
    """

    initial: Any

    def to_move(self, state: Any) -> str: ...

    def actions(self, state: Any) -> Iterable: ...

    def result(self, state: Any, action: Any) -> Any: ...

    def is_terminal(self, state: Any) -> bool: ...

    def utility(self, state: Any) -> float: ...


#: What minimax and alpha-beta ask of a game.
GAME_METHODS = ("initial", "to_move", "actions", "result", "is_terminal", "utility")


def check_game(game: Any, who: str) -> Game:
    """``game`` if it has what the :class:`Game` protocol asks; else a TypeError saying so.

    >>> check_game([[3, 12], [2, 4]], "minimax")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: the game of minimax must be a game (sv.GameTree, \
sv.TicTacToe, or ...), not [[3, 12], [2, 4]] (a list): it has no initial, ...
    """
    return has_methods(
        f"the game of {who}",
        game,
        GAME_METHODS,
        "a game (sv.GameTree, sv.TicTacToe, or any object with the methods of the Game protocol; "
        "for nested lists, sv.GameTree.from_nested)",
    )
