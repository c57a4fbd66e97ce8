"""The game on the board, without Streamlit: who plays what, the moves, and what to explain.

The game is the list of cells played. :class:`Setup` says who plays which
mark, who starts and which computer player answers; :func:`positions` lists
the positions worth explaining (the computer's last move, your move now, and
the move where the computer went wrong), each a :class:`Position`.

>>> setup = Setup()
>>> list(positions(setup, [4, 0]))
['last', 'now']
>>> positions(setup, [4, 0])["now"].title
'Your move now'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from search_viz.algorithms.tictactoe import Opponent, choose_move, move_values, outcome
from search_viz.lessons.tictactoe.search import check_focus
from search_viz.lessons.tictactoe.sentences import CELL_NAMES
from search_viz.problems.tictactoe import EMPTY_BOARD, TicTacToe

YOU, COMPUTER = "You", "Computer"
#: What the page can explain, as the link names it, and as the page says it.
EXPLAIN = {
    "last": "The computer's last move",
    "now": "Your move now",
    "wrong": "Where the computer went wrong",
}
_RANK = {"loss": 0, "draw": 1, "win": 2}
#: The cells as a link writes them.
CELLS = "012345678"


@dataclass(frozen=True)
class Setup:
    """Who plays what: the student's mark, who starts, the computer's player and its scoring.

    >>> s = Setup(you="O", starts="You", opponent=Opponent())
    >>> s.first, s.computer
    ('O', 'X')
    """

    you: str = "X"
    starts: str = YOU
    opponent: Opponent = field(default_factory=Opponent)

    @property
    def computer(self) -> str:
        """The computer's mark."""
        return "O" if self.you == "X" else "X"

    @property
    def first(self) -> str:
        """The mark that moves first."""
        return self.you if self.starts == YOU else self.computer

    def game(self, moves: Sequence[int] = ()) -> TicTacToe:
        """The game after ``moves`` (cells, in turn), scored with the computer's decay."""
        game = TicTacToe(EMPTY_BOARD, decay=self.opponent.decay, first=self.first)
        for cell in moves:
            game = game.play(cell)
        return game

    def computer_moved(self, k: int) -> bool:
        """Whether move number ``k`` (from 0) of a game was the computer's."""
        return (k % 2 == 0) == (self.starts == COMPUTER)


@dataclass(frozen=True)
class Position:
    """A position to explain: the board, who started, and the move made (or advised) there.

    >>> Position("X........", "X", 4, "Your move now").game(Opponent()).player_to_move
    'O'
    """

    board: str
    first: str
    chosen: int | None
    title: str
    advice: bool = False  # ``chosen`` is what the computer would play, not what it played

    def game(self, opponent: Opponent) -> TicTacToe:
        """The position as a game, scored the way ``opponent`` scores wins."""
        return TicTacToe(self.board, decay=opponent.decay, first=self.first)


def parse_moves(text: str, setup: Setup) -> tuple[list[int], str | None]:
    """The moves written in a link (``?moves=40``), or none and a message if they cannot be played.

    >>> parse_moves("40", Setup()), parse_moves("", Setup())
    (([4, 0], None), ([], None))
    >>> parse_moves("44", Setup())[1]
    "The link's moves='44' cannot be replayed (cell 4 is taken: ...); a new game starts."
    """
    if not text:
        return [], None
    if len(text) > 9 or not set(text) <= set(CELLS):
        return [], (
            f"The link's moves={text!r} is not a game: it should be up to 9 cell numbers 0-8, "
            "e.g. moves=40; a new game starts."
        )
    moves: list[int] = []
    try:
        for char in text:
            setup.game(moves).play(int(char))
            moves.append(int(char))
    except ValueError as error:
        reason = str(error).split(": the free cells")[0]
        return (
            [],
            f"The link's moves={text!r} cannot be replayed ({reason}: ...); a new game starts.",
        )
    return moves, None


def parse_focus(text: str, game: TicTacToe, limit: int | None = None) -> tuple[tuple, str | None]:
    """The node a link opens (``?open=12``: the cells played from the explained position),
    or the root and what is wrong with the text.

    >>> parse_focus("12", TicTacToe("O...X...."))
    ((1, 2), None)
    >>> parse_focus("4", TicTacToe("O...X...."))[1]
    '(4,) is not a node of this game: cell 4 cannot be played'
    >>> parse_focus("1²", TicTacToe())[1]
    'it should be the cells played from the explained position, e.g. open=40'
    """
    if not text:
        return (), None
    if len(text) > 9 or not set(text) <= set(CELLS):
        return (), "it should be the cells played from the explained position, e.g. open=40"
    focus = tuple(int(c) for c in text)
    try:
        check_focus(game, focus, limit)
    except ValueError as error:
        return (), str(error)
    return focus, None


def refusal(setup: Setup, game: TicTacToe, cell: int) -> str | None:
    """Why the student cannot play ``cell`` in ``game`` now; None if the move is legal.

    >>> refusal(Setup(), TicTacToe("O...X...."), 4)
    'Cell 4 (centre) is taken: pick a free one.'
    >>> refusal(Setup(), TicTacToe("XXXOO...."), 5)
    'The game is over: start a new game to play again.'
    >>> refusal(Setup(you="O"), TicTacToe(), 4), refusal(Setup(), TicTacToe(), 4)
    ("Wait for the computer's move.", None)
    """
    if game.is_over:
        return "The game is over: start a new game to play again."
    if game.player_to_move != setup.you:
        return "Wait for the computer's move."
    if cell not in game.moves:
        return f"Cell {cell} ({CELL_NAMES[cell]}) is taken: pick a free one."
    return None


def outcome_text(setup: Setup, game: TicTacToe) -> str | None:
    """The announcement at the end of a game, None while it goes on.

    >>> outcome_text(Setup(), TicTacToe("XXXOO...."))
    'You win!'
    >>> outcome_text(Setup(), TicTacToe("XOXXOOOXX"))
    'A draw: the best anyone can do against a perfect player.'
    """
    if not game.is_over:
        return None
    winner = game.winner()
    if winner is None:
        if setup.opponent.is_perfect:
            return "A draw: the best anyone can do against a perfect player."
        return "A draw."
    if winner == setup.you:
        return "You win!"
    return "The computer wins."


def went_wrong(setup: Setup, moves: Sequence[int]) -> int | None:
    """The index in ``moves`` of the computer's first move that threw away a better outcome.

    A move goes wrong when, with best play from there on, it leads to a worse
    outcome for the computer (a loss or a draw) than another move would have.

    >>> limited = Setup(opponent=Opponent("Depth-limited alpha-beta", depth=3))
    >>> went_wrong(limited, [1, 4, 3, 8, 0, 2, 6])  # O's bottom right lost the game
    3
    >>> went_wrong(Setup(), [4, 0, 8, 2, 1]) is None
    True
    """
    for k, cell in enumerate(moves):
        if not setup.computer_moved(k):
            continue
        game = setup.game(moves[:k])
        truth = move_values(game)
        best = max(_RANK[outcome(v, game)] for v in truth.values())
        if _RANK[outcome(truth[cell], game)] < best:
            return k
    return None


def positions(
    setup: Setup, moves: Sequence[int], advise: Callable[[TicTacToe], int] | None = None
) -> dict[str, Position]:
    """The positions worth explaining now, by their link names (see :data:`EXPLAIN`).

    ``last``: before the computer's last move; ``now``: the student's move, with
    the computer's advice (``advise(game)``, by default its choice);
    ``wrong``: before the computer's first move that went wrong, if one did.

    >>> limited = Setup(opponent=Opponent("Depth-limited alpha-beta", depth=3))
    >>> found = positions(limited, [1, 4, 3, 8, 0, 2, 6])
    >>> list(found), found["wrong"].board, found["wrong"].chosen
    (['last', 'wrong'], '.X.XO....', 8)
    """
    if advise is None:

        def advise(game: TicTacToe) -> int:
            return choose_move(game, setup.opponent)

    found = {}
    theirs = [k for k in range(len(moves)) if setup.computer_moved(k)]
    if theirs:
        k = theirs[-1]
        found["last"] = Position(
            setup.game(moves[:k]).board,
            setup.first,
            moves[k],
            f"Before the computer played {CELL_NAMES[moves[k]]}",
        )
    game = setup.game(moves)
    if not game.is_over and game.player_to_move == setup.you:
        found["now"] = Position(game.board, setup.first, advise(game), EXPLAIN["now"], True)
    if setup.opponent.is_perfect:
        return found
    k = went_wrong(setup, moves)
    if k is not None:
        found["wrong"] = Position(
            setup.game(moves[:k]).board,
            setup.first,
            moves[k],
            f"Where the computer went wrong: before it played {CELL_NAMES[moves[k]]}",
        )
    return found


def default_choice(setup: Setup, moves: Sequence[int], found: dict[str, Position]) -> str:
    """Which position to explain when the student has not chosen: the mistake that lost the
    game, else the computer's last move, else the student's move.

    >>> limited = Setup(opponent=Opponent("Depth-limited alpha-beta", depth=3))
    >>> moves = [1, 4, 3, 8, 0, 2, 6]
    >>> default_choice(limited, moves, positions(limited, moves))
    'wrong'
    """
    game = setup.game(moves)
    if "wrong" in found and game.is_over and game.winner() == setup.you:
        return "wrong"
    return next(iter(found))


__all__ = [
    "COMPUTER",
    "EXPLAIN",
    "YOU",
    "Position",
    "Setup",
    "default_choice",
    "outcome_text",
    "parse_focus",
    "parse_moves",
    "positions",
    "refusal",
    "went_wrong",
]
