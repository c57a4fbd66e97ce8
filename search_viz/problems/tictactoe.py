"""Tic-tac-toe as a game for minimax and alpha-beta: X is MAX, O is MIN.

A board is 9 characters read row by row, ``X``, ``O`` or ``.``; the cells are
numbered the same way::

    0 1 2
    3 4 5
    6 7 8

Inside a search a position is one int, X's cells in bits 0-8 and O's in bits
9-17, so that a move is one ``|``, the side to move the parity of the number of
marks, and "is it over?" one lookup in a table made once for all 2^18 masks.
A search's nodes are the tuples of cells played from the searched position.

A win for X reached ``d`` plies below the searched position scores ``10 - d``,
a win for O ``d - 10``, a draw 0 (the lecture notes' "an ideal player doesn't
give up"); with ``decay=False`` every win is worth 10 and every loss -10.

>>> g = TicTacToe("XX.OO....")
>>> g.to_move(g.initial), g.actions(g.initial)
('MAX', (2, 5, 6, 7, 8))
>>> won = g.result(g.initial, 2)
>>> g.text(won), g.is_terminal(won), g.winner(won), g.utility(won)
('XXXOO....', True, 'X', 9)
"""

from __future__ import annotations

from functools import cached_property

from search_viz.checks import WrongTypeError, describe, flag, whole_number
from search_viz.problems.game import MAX, MIN

X_MARK, O_MARK, EMPTY = "X", "O", "."
#: The empty board.
EMPTY_BOARD = "." * 9
#: What a win is worth before the depth decay (lecture notes, section 5).
WIN = 10
#: The most a win may be worth (the depth-limited search uses 1,000).
MAX_WIN = 10**9

#: The 8 lines as bitmasks of cells: 3 rows, 3 columns, 2 diagonals.
LINE_CELLS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
LINES: tuple[int, ...] = tuple(sum(1 << c for c in cells) for cells in LINE_CELLS)

FULL = 0b111111111
_BIT = tuple(1 << c for c in range(9))

# Outcome codes in OUTCOME (one byte per position int).
ONGOING, X_WON, O_WON, DRAWN = 0, 1, 2, 3


def _has_line(mask: int) -> bool:
    return any(mask & line == line for line in LINES)


_WINS: tuple[bool, ...] = tuple(_has_line(m) for m in range(512))
#: The free cells, ascending, for each 9-bit mask of occupied cells.
FREE: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(9) if not m & _BIT[c]) for m in range(512)
)


def _outcome_table() -> bytes:
    """OUTCOME[x | o << 9] for every pair of disjoint masks (others stay 0)."""
    table = bytearray(1 << 18)
    for x in range(512):
        rest = FULL & ~x
        o = rest
        while True:  # every subset o of the cells X does not hold
            if _WINS[x]:
                table[x | o << 9] = X_WON
            elif _WINS[o]:
                table[x | o << 9] = O_WON
            elif x | o == FULL:
                table[x | o << 9] = DRAWN
            if o == 0:
                break
            o = (o - 1) & rest
    return bytes(table)


#: The outcome of every position int: ONGOING, X_WON, O_WON or DRAWN (X's line counts first).
OUTCOME: bytes = _outcome_table()


def encode(board: str) -> int:
    """A 9-character board as a position int (no checks: see :class:`TicTacToe`).

    >>> encode("X.......O") == 1 | (1 << 8) << 9
    True
    """
    x = o = 0
    for c, mark in enumerate(board):
        if mark == X_MARK:
            x |= _BIT[c]
        elif mark == O_MARK:
            o |= _BIT[c]
    return x | o << 9


def decode(state: int) -> str:
    """A position int as its 9-character board.

    >>> decode(encode("XO.X....O"))
    'XO.X....O'
    """
    x, o = state & FULL, state >> 9
    return "".join(X_MARK if x & b else O_MARK if o & b else EMPTY for b in _BIT)


def line_score(mine: int, theirs: int) -> int:
    """One line's part of the static evaluation for the side holding ``mine`` marks in it.

    10^i for i of my marks and none of theirs; 0 for a mixed or empty line.

    >>> line_score(2, 0), line_score(1, 1), line_score(0, 0)
    (100, 0, 0)
    """
    return 10**mine if mine and not theirs else 0


def _problem(board: object, first: str) -> str | None:
    """What makes ``board`` impossible (None if it is a position of a real game)."""
    if not isinstance(board, str):
        return f"a board is a string of 9 characters, not {type(board).__name__}"
    if len(board) != 9:
        return (
            f"a board has 9 cells, row by row, not {len(board)}: e.g. 'X...O....' "
            "(X, O, and . for an empty cell)"
        )
    bad = sorted(set(board) - {X_MARK, O_MARK, EMPTY})
    if bad:
        return (
            f"{', '.join(repr(c) for c in bad)} cannot be on a board: a cell is X, O or . (empty)"
        )
    second = O_MARK if first == X_MARK else X_MARK
    n_first, n_second = board.count(first), board.count(second)
    if n_first - n_second not in (0, 1):
        return (
            f"{first} has {n_first} marks and {second} {n_second}: players take turns and "
            f"{first} starts, so {first} has as many marks as {second} or one more"
        )
    state = encode(board)
    x_won, o_won = _WINS[state & FULL], _WINS[state >> 9]
    if x_won and o_won:
        return "both X and O have three in a row: the game stops at the first line"
    last = first if n_first > n_second else second  # who moved last
    for won, mark in ((x_won, X_MARK), (o_won, O_MARK)):
        if won and last != mark:
            return f"{last} played after {mark} had three in a row: the game was already over"
    return None


class TicTacToe:
    """A tic-tac-toe position to search from, as a game: X is MAX, O is MIN.

    ``board``: 9 characters ``X``, ``O`` or ``.``, row by row. ``decay``: a win
    ``d`` plies below this position scores ``win - d`` (a loss ``d - win``), so
    that the winner hurries and the loser holds out; off, every win scores
    ``win``. ``first``: who started the game ("X" or "O"): the side to move
    follows from the counts. ``win``: what a win is worth (10 in the notes; a
    depth-limited search with :meth:`evaluate` uses 1000, the evaluation's own
    score for a line of three, so that a real win outweighs every estimate); a
    whole number up to :data:`MAX_WIN`, and with ``decay`` at least 10, so
    that a win 9 plies ahead still scores above 0.

    A ``ValueError`` names what makes a board impossible.

    >>> TicTacToe("XXO").initial
    Traceback (most recent call last):
    ...
    ValueError: a board has 9 cells, row by row, not 3: e.g. 'X...O....' (X, O, and . ...
    >>> TicTacToe("XXX......")
    Traceback (most recent call last):
    ...
    ValueError: X has 3 marks and O 0: players take turns and X starts, so X has as many ...
    >>> TicTacToe("OO.X.X...", first="O").player_to_move
    'O'
    """

    def __init__(
        self, board: str = EMPTY_BOARD, decay: bool = True, first: str = X_MARK, win: int = WIN
    ) -> None:
        if not isinstance(board, str):
            raise WrongTypeError(
                f"a board is a string of 9 characters, not {type(board).__name__}: "
                f"got {describe(board)}"
            )
        if not isinstance(first, str) or first not in (X_MARK, O_MARK):
            raise ValueError(f"first must be 'X' or 'O', not {describe(first)}")
        decay = flag("decay", decay)
        # With decay a win d plies ahead scores win - d: above 0 only if a win is worth 10 or more.
        win = whole_number("win (what a win is worth)", win, low=10 if decay else 1, high=MAX_WIN)
        problem = _problem(board, first)
        if problem is not None:
            raise ValueError(problem)
        self.board = board
        self.decay = decay
        self.first = first
        self.win = win
        self.initial = encode(board)
        self._marks = self.initial.bit_count()
        # Indexed by the parity of the number of marks: who moves, and that side's move bits.
        x_moves, o_moves = _BIT, tuple(b << 9 for b in _BIT)
        if first == X_MARK:
            self._movers, self._move_bits = (MAX, MIN), (x_moves, o_moves)
        else:
            self._movers, self._move_bits = (MIN, MAX), (o_moves, x_moves)

    def __repr__(self) -> str:
        return f"TicTacToe({self.board!r}, decay={self.decay}, first={self.first!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TicTacToe) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @property
    def _key(self) -> tuple:
        return (self.board, self.decay, self.first, self.win)

    # ------------------------------------------------------------ the game protocol
    def to_move(self, state: int) -> str:
        """``MAX`` if X is to move in ``state``, else ``MIN``."""
        return self._movers[state.bit_count() & 1]

    def actions(self, state: int) -> tuple[int, ...]:
        """The free cells, ascending (a finished game still has its free cells)."""
        return FREE[(state | state >> 9) & FULL]

    def result(self, state: int, action: int) -> int:
        """The position after the side to move marks the cell ``action``."""
        return state | self._move_bits[state.bit_count() & 1][action]

    def is_terminal(self, state: int) -> bool:
        """Whether someone has three in a row or the board is full."""
        return OUTCOME[state] != ONGOING

    def utility(self, state: int) -> int:
        """X's score of a finished game: ``win - d``, ``d - win`` or 0 (``d``: plies played here).

        >>> g = TicTacToe("XX.OO....", decay=False)
        >>> g.utility(g.result(g.initial, 2))
        10
        """
        outcome = OUTCOME[state]
        if outcome in (DRAWN, ONGOING):
            return 0
        d = state.bit_count() - self._marks if self.decay else 0
        return self.win - d if outcome == X_WON else d - self.win

    def evaluate(self, state: int) -> int:
        """The static evaluation (lecture notes, section 6): the sum over the 8 lines.

        A line holding i of X's marks and none of O's scores +10^i, one holding
        i of O's and none of X's -10^i; a mixed or empty line 0.

        >>> g = TicTacToe("X...O...X")
        >>> g.evaluate(g.initial)  # rows 10 - 10 + 10, columns 10 - 10 + 10, diagonals 0 - 10
        10
        >>> g.evaluate(encode("X.X.O...."))  # the top row 100, two columns 10 + 10, O's -10 - 10
        100
        """
        x, o = state & FULL, state >> 9
        total = 0
        for line in LINES:
            total += line_score((x & line).bit_count(), (o & line).bit_count())
            total -= line_score((o & line).bit_count(), (x & line).bit_count())
        return total

    # ---------------------------------------------------------------- positions
    def text(self, state: int) -> str:
        """``state`` as its 9-character board."""
        return decode(state)

    def state_after(self, node: tuple[int, ...]) -> int:
        """The position after the cells of ``node`` are played from the initial one.

        >>> g = TicTacToe()
        >>> g.text(g.state_after((4, 0)))
        'O...X....'
        """
        state = self.initial
        for cell in node:
            state = self.result(state, cell)
        return state

    def winner(self, state: int | None = None) -> str | None:
        """``"X"`` or ``"O"`` if that side has three in a row, else None."""
        outcome = OUTCOME[self.initial if state is None else state]
        return X_MARK if outcome == X_WON else O_MARK if outcome == O_WON else None

    def winning_line(self, state: int | None = None) -> tuple[int, int, int] | None:
        """The cells of the winner's line (the first, if there are two), or None.

        >>> TicTacToe("XXXOO....").winning_line(), TicTacToe().winning_line()
        ((0, 1, 2), None)
        """
        state = self.initial if state is None else state
        for mask in (state & FULL, state >> 9):
            for cells, line in zip(LINE_CELLS, LINES, strict=True):
                if mask & line == line:
                    return cells
        return None

    def mark_of(self, state: int) -> str:
        """``"X"`` or ``"O"``: the side to move in ``state``."""
        return X_MARK if self.to_move(state) == MAX else O_MARK

    @property
    def player_to_move(self) -> str:
        """``"X"`` or ``"O"``: the side to move in the initial position."""
        return self.mark_of(self.initial)

    @property
    def is_over(self) -> bool:
        """Whether the initial position is a finished game."""
        return self.is_terminal(self.initial)

    @cached_property
    def moves(self) -> tuple[int, ...]:
        """The legal moves from the initial position: none once the game is over.

        >>> TicTacToe("XXXOO....").moves, TicTacToe("XO.......").moves
        ((), (2, 3, 4, 5, 6, 7, 8))
        >>> TicTacToe("XXXOO.O..")
        Traceback (most recent call last):
        ...
        ValueError: O played after X had three in a row: the game was already over
        """
        return () if self.is_over else self.actions(self.initial)

    def play(self, cell: int) -> TicTacToe:
        """The game after the side to move marks ``cell``, same options.

        >>> TicTacToe().play(4).play(0).board
        'O...X....'
        >>> TicTacToe("X........").play(0)
        Traceback (most recent call last):
        ...
        ValueError: cell 0 is taken: the free cells are 1, 2, 3, 4, 5, 6, 7, 8
        """
        if self.is_over:
            raise ValueError("the game is over: no more moves")
        if cell not in range(9):
            raise ValueError(f"a cell is a number from 0 to 8, not {cell!r}")
        if cell not in self.moves:
            free = ", ".join(str(c) for c in self.moves)
            raise ValueError(f"cell {cell} is taken: the free cells are {free}")
        return self.but(board=decode(self.result(self.initial, cell)))

    def but(self, **changes) -> TicTacToe:
        """The same game with some of ``board``, ``decay``, ``first``, ``win`` changed."""
        options = {"board": self.board, "decay": self.decay, "first": self.first, "win": self.win}
        return TicTacToe(**{**options, **changes})


def is_legal(board: str, first: str = X_MARK) -> bool:
    """Whether ``board`` can arise in a game that ``first`` started.

    >>> is_legal("XO.......", first="X"), is_legal("XO.......", first="O"), is_legal("OO.......")
    (True, True, False)
    """
    return _problem(board, first) is None


__all__ = [
    "EMPTY_BOARD",
    "FREE",
    "LINES",
    "LINE_CELLS",
    "OUTCOME",
    "WIN",
    "TicTacToe",
    "decode",
    "encode",
    "is_legal",
    "line_score",
]
