"""The n-queens problem for local search: one queen per column, count the attacking pairs.

A state is a tuple of rows: ``state[c]`` is the row of the queen in column
``c`` (0 is the bottom row). Two queens attack each other when they share a
row or a diagonal; the objective is the number of attacking pairs, 0 when the
board is solved. A neighbour moves one queen to another row of its column, so
a board has ``n * (n - 1)`` neighbours.

>>> q = NQueens(8, state=(0, 4, 7, 5, 2, 6, 1, 3))
>>> q.conflicts(q.state)
0
>>> q.conflicts((0, 0, 0, 0, 0, 0, 0, 0))  # all on one row: 8 * 7 / 2 pairs
28
"""

from __future__ import annotations

import ast
import operator
import random
from collections.abc import Iterator, Sequence

from search_viz.checks import WrongTypeError, describe, whole_number

#: The board sizes the library accepts.
MIN_N, MAX_N = 4, 50

State = tuple[int, ...]

#: Boards worth a name: AIMA's figure 4.3(a) (17 attacking pairs; its best moves give 12),
#: and a local minimum (1 attacking pair, yet every move makes it worse).
EXAMPLES: dict[str, State] = {
    "aima-4.3a": (3, 2, 1, 4, 3, 2, 1, 2),
    "local-minimum": (0, 7, 4, 2, 5, 6, 1, 3),
}

#: Longest text ``parse_rows`` reads (50 two-digit rows and separators fit easily).
MAX_TEXT = 400


def _whole_number(x: object) -> int | None:
    """``x`` as an int if it is a whole number (not a bool), else None."""
    if isinstance(x, bool):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def check_n(n: object) -> int:
    """``n`` as an int, or a ValueError saying which sizes are allowed.

    >>> check_n(8)
    8
    >>> check_n(3)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number from 4 to 50, not 3.
    """
    size = _whole_number(n)
    if size is None or not MIN_N <= size <= MAX_N:
        error = ValueError if size is not None else WrongTypeError
        raise error(f"n must be a whole number from {MIN_N} to {MAX_N}, not {describe(n)}.")
    return size


def check_state(n: int, state: Sequence[object]) -> State:
    """``state`` as a tuple of rows for an ``n``-queens board, or a ValueError saying why not.

    >>> check_state(4, [1, 3, 0, 2])
    (1, 3, 0, 2)
    >>> check_state(4, [1, 3, 0])
    Traceback (most recent call last):
    ...
    ValueError: The state must give one row per column: 4 numbers, not 3.
    """
    if isinstance(state, (str, bytes)) or not isinstance(state, Sequence):
        raise WrongTypeError(
            f"The state must be a list of {n} rows, one per column, not {type(state).__name__}."
        )
    if len(state) != n:
        raise ValueError(f"The state must give one row per column: {n} numbers, not {len(state)}.")
    rows = []
    for column, raw in enumerate(state):
        row = _whole_number(raw)
        if row is None or not 0 <= row < n:
            raise ValueError(
                f"The row {describe(raw)} in column {column} is off the board: "
                f"rows are whole numbers from 0 to {n - 1}."
            )
        rows.append(row)
    return tuple(rows)


def count_conflicts(state: Sequence[int]) -> int:
    """The number of attacking pairs on a board, in one pass over the columns.

    Each queen attacks every queen already counted on its row and diagonals.

    >>> count_conflicts((0, 1, 2, 3))  # one diagonal: 4 * 3 / 2 pairs
    6
    """
    n = len(state)
    rows = [0] * n
    diagonals = [0] * (2 * n)
    antidiagonals = [0] * (2 * n)
    total = 0
    for column, row in enumerate(state):
        d = row - column + n
        a = row + column
        total += rows[row] + diagonals[d] + antidiagonals[a]
        rows[row] += 1
        diagonals[d] += 1
        antidiagonals[a] += 1
    return total


def parse_rows(text: str) -> list[int]:
    """Read a board typed by a user: rows separated by spaces or commas, brackets optional.

    Never evaluates the text: a bracketed list goes through ``ast.literal_eval``,
    anything else is split and read number by number. The rows are checked
    against a board size by :class:`NQueens`.

    >>> parse_rows("3 2 1 4"), parse_rows("[3, 2, 1, 4]"), parse_rows("3,2,1,4")
    ([3, 2, 1, 4], [3, 2, 1, 4], [3, 2, 1, 4])
    >>> parse_rows("3 two 1")
    Traceback (most recent call last):
    ...
    ValueError: 'two' is not a whole number: type the rows as numbers, e.g. 3 2 1 4 3 2 1 2.
    """
    text = text.strip()
    example = "e.g. 3 2 1 4 3 2 1 2"
    if not text:
        raise ValueError(f"Type one row per column, bottom row 0, {example}.")
    if len(text) > MAX_TEXT:
        raise ValueError(
            f"That is {len(text)} characters; a board has at most {MAX_N} rows "
            f"(at most {MAX_TEXT} characters)."
        )
    if text[0] in "[(":
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"{text!r} is not a list of whole numbers, {example}.") from None
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{text!r} is not a list of whole numbers, {example}.")
        items = list(value)
    else:
        items = text.replace(",", " ").split()
    rows = []
    for item in items:
        if isinstance(item, str):
            try:
                item = int(item)
            except ValueError:
                raise ValueError(
                    f"{item!r} is not a whole number: type the rows as numbers, {example}."
                ) from None
        if isinstance(item, bool) or not isinstance(item, int):
            raise ValueError(
                f"{item!r} is not a whole number: type the rows as numbers, {example}."
            )
        rows.append(item)
    return rows


class Board:
    """A mutable board that knows its conflicts, for the algorithms' inner loops.

    It keeps the number of queens on each row and diagonal, so the change in
    conflicts of moving one queen is a handful of lookups, not a recount.

    >>> b = Board((0, 0, 0, 0))
    >>> b.conflicts, b.delta(1, 2)   # moving column 1's queen to row 2 removes 3 pairs, adds 1
    (6, -2)
    >>> b.move(1, 2); b.conflicts, b.state()
    (4, (0, 2, 0, 0))
    """

    __slots__ = ("antidiagonals", "conflicts", "diagonals", "n", "row_counts", "rows")

    def __init__(self, state: Sequence[int]) -> None:
        n = self.n = len(state)
        self.rows = list(state)
        self.row_counts = [0] * n
        self.diagonals = [0] * (2 * n - 1)
        self.antidiagonals = [0] * (2 * n - 1)
        for column, row in enumerate(state):
            self.row_counts[row] += 1
            self.diagonals[row - column + n - 1] += 1
            self.antidiagonals[row + column] += 1
        self.conflicts = count_conflicts(state)

    def delta(self, column: int, row: int) -> int:
        """How many more attacking pairs moving ``column``'s queen to ``row`` makes (< 0: fewer).

        ``row`` must differ from the queen's row.
        """
        old = self.rows[column]
        shift = self.n - 1 - column
        removed = (
            self.row_counts[old]
            + self.diagonals[old + shift]
            + self.antidiagonals[old + column]
            - 3
        )
        added = (
            self.row_counts[row] + self.diagonals[row + shift] + self.antidiagonals[row + column]
        )
        return added - removed

    def move(self, column: int, row: int) -> None:
        """Move ``column``'s queen to ``row`` (another row of its column)."""
        self.conflicts += self.delta(column, row)
        old = self.rows[column]
        shift = self.n - 1 - column
        self.row_counts[old] -= 1
        self.diagonals[old + shift] -= 1
        self.antidiagonals[old + column] -= 1
        self.row_counts[row] += 1
        self.diagonals[row + shift] += 1
        self.antidiagonals[row + column] += 1
        self.rows[column] = row

    def state(self) -> State:
        """The board as a state tuple."""
        return tuple(self.rows)

    def moved(self, column: int, row: int) -> State:
        """The state after moving ``column``'s queen to ``row``, the board unchanged."""
        rows = self.rows.copy()
        rows[column] = row
        return tuple(rows)


class NQueens:
    """An n-queens board to solve by local search: ``n`` from 4 to 50.

    Give a ``state`` (``state[c]`` = row of the queen in column ``c``), or a
    ``seed`` for a random one (one queen per column, rows drawn with
    ``random.Random(seed)``); with neither, the seed is 0. Bad input raises a
    ValueError whose message says what is wrong and what is allowed.

    >>> NQueens(8, seed=7).state == NQueens(8, seed=7).state
    True
    >>> NQueens(4, state=(1, 3, 0, 2)).is_goal((1, 3, 0, 2))
    True
    >>> NQueens(51)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number from 4 to 50, not 51.
    """

    def __init__(self, n: int, state: Sequence[int] | None = None, seed: int | None = None) -> None:
        self.n = check_n(n)
        if state is not None and seed is not None:
            raise ValueError("Give a state or a seed for a random state, not both.")
        if state is not None:
            self.state = check_state(self.n, state)
        else:
            seed = 0 if seed is None else whole_number("seed", seed)
            self.state = self.random_state(random.Random(seed))

    def __repr__(self) -> str:
        return f"NQueens({self.n}, state={self.state})"

    @property
    def max_pairs(self) -> int:
        """The number of pairs of queens, ``n (n - 1) / 2``: the most conflicts a board can have.

        >>> NQueens(8).max_pairs
        28
        """
        return self.n * (self.n - 1) // 2

    def random_state(self, rng: random.Random) -> State:
        """A random board: each column's row drawn from ``rng``.

        >>> NQueens(4).random_state(random.Random(1))
        (1, 0, 2, 0)
        """
        n = self.n
        return tuple(rng.randrange(n) for _ in range(n))

    def conflicts(self, state: Sequence[int]) -> int:
        """The number of pairs of queens attacking each other (0: solved).

        >>> NQueens(4).conflicts((1, 3, 0, 2)), NQueens(4).conflicts((0, 2, 0, 2))
        (0, 2)
        """
        return count_conflicts(state)

    def is_goal(self, state: Sequence[int]) -> bool:
        """Whether no two queens attack each other.

        >>> NQueens(4).is_goal((1, 3, 0, 2)), NQueens(4).is_goal((0, 0, 0, 0))
        (True, False)
        """
        return count_conflicts(state) == 0

    def attacking_pairs(self, state: Sequence[int]) -> list[tuple[int, int]]:
        """The pairs of columns whose queens attack each other, left column first.

        >>> NQueens(4).attacking_pairs((0, 2, 0, 2))  # two rows, two queens each
        [(0, 2), (1, 3)]
        """
        pairs = []
        for a in range(len(state)):
            for b in range(a + 1, len(state)):
                if state[a] == state[b] or abs(state[a] - state[b]) == b - a:
                    pairs.append((a, b))
        return pairs

    def neighbours(self, state: Sequence[int]) -> Iterator[tuple[int, int, State]]:
        """Every neighbour as ``(column, row, state)``: one queen moved within its column.

        >>> len(list(NQueens(8).neighbours((0,) * 8)))
        56
        """
        for column, current in enumerate(state):
            for row in range(self.n):
                if row != current:
                    rows = list(state)
                    rows[column] = row
                    yield column, row, tuple(rows)

    def neighbour_conflicts(self, state: Sequence[int]) -> list[list[int]]:
        """For each square, the conflicts if its column's queen moved there (``[column][row]``).

        The squares holding queens show the state's own conflicts: the picture
        steepest ascent reads to choose its move.

        >>> grid = NQueens(4).neighbour_conflicts((0, 2, 0, 2))
        >>> grid[0]   # column 0: rows 0 (its queen: the board's own 2), 1, 2, 3
        [2, 2, 4, 2]
        """
        board = Board(state)
        here = board.conflicts
        return [
            [
                here if row == state[column] else here + board.delta(column, row)
                for row in range(self.n)
            ]
            for column in range(self.n)
        ]
