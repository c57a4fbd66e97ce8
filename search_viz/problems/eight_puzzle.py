"""The 8-puzzle: slide tiles into the blank until the board matches the goal.

A state is a 9-tuple read row by row, 0 for the blank. An action names where
the blank moves: ``"up"``, ``"down"``, ``"left"``, ``"right"`` (tried in that
order). Every move costs 1 and can be undone, so the puzzle can be searched
backwards from the goal as well.

>>> p = EightPuzzle((2, 8, 3, 1, 6, 4, 7, 0, 5))   # the notes' start; goal 1 2 3 / 8 _ 4 / 7 6 5
>>> p.actions(p.initial)
['up', 'left', 'right']
>>> print(board(p.result(p.initial, "up")))
2 8 3
1 _ 4
7 6 5
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence, Set

from search_viz.checks import WrongTypeError, describe
from search_viz.problems.puzzle_heuristics import heuristic
from search_viz.problems.search_problem import Problem

Board = tuple[int, ...]

#: The goal of the lecture notes: 1 2 3 / 8 _ 4 / 7 6 5.
NOTES_GOAL: Board = (1, 2, 3, 8, 0, 4, 7, 6, 5)
#: The notes' start: 2 8 3 / 1 6 4 / 7 _ 5 (5 moves from NOTES_GOAL).
NOTES_START: Board = (2, 8, 3, 1, 6, 4, 7, 0, 5)
#: The other common goal: 1 2 3 / 4 5 6 / 7 8 _.
ORDERED_GOAL: Board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
#: The two hardest starts for ORDERED_GOAL: 31 moves each.
HARDEST_STARTS: tuple[Board, Board] = ((8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1))

_OFFSETS = (("up", -3), ("down", 3), ("left", -1), ("right", 1))


def _moves_from(square: int) -> tuple[tuple[str, int], ...]:
    row, col = divmod(square, 3)
    allowed = {"up": row > 0, "down": row < 2, "left": col > 0, "right": col < 2}
    return tuple((name, square + offset) for name, offset in _OFFSETS if allowed[name])


#: For each square of the blank, the moves it allows and the square it moves to.
MOVES: tuple[tuple[tuple[str, int], ...], ...] = tuple(_moves_from(i) for i in range(9))


def _slide(blank: int, target: int) -> Callable[[Board], Board]:
    """The board after the tile on ``target`` slides into the blank on ``blank``, read in one
    call: each square's tile taken from where it comes from.

    >>> _slide(0, 1)((0, 1, 2, 3, 4, 5, 6, 7, 8))
    (1, 0, 2, 3, 4, 5, 6, 7, 8)
    """
    squares = list(range(9))
    squares[blank], squares[target] = target, blank
    return operator.itemgetter(*squares)


#: For each square of the blank, the slides out of it, in the order of :data:`MOVES`.
_SLIDES: tuple[tuple[Callable[[Board], Board], ...], ...] = tuple(
    tuple(_slide(blank, target) for _, target in MOVES[blank]) for blank in range(9)
)


def as_board(tiles: Iterable[int], role: str = "state") -> Board:
    """``tiles`` as a board, or a ValueError saying what a board must be.

    Any iterable of the 9 whole numbers will do (a list, a tuple, a numpy row);
    an endless one is read no further than a tenth tile.

    >>> as_board([1, 2, 3, 4, 5, 6, 7, 8, 0])
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> as_board((1, 2, 3))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the state must be the 9 numbers 0-8, each once, ... got (1, 2, 3)
    """
    allowed = (
        f"the {role} must be the 9 numbers 0-8, each once, row by row (0 is the blank); "
        f"got {describe(tiles)}"
    )
    if isinstance(tiles, (str, bytes, Set, Mapping)) or not isinstance(tiles, Iterable):
        raise WrongTypeError(allowed)
    board_ = tuple(itertools.islice(tiles, 10))  # an endless iterator stops at 10
    try:  # numpy's integers are tiles too
        board_ = tuple(operator.index(t) for t in board_ if not isinstance(t, bool))
    except TypeError:
        raise ValueError(allowed) from None
    if len(board_) != 9 or sorted(board_) != list(range(9)):
        raise ValueError(allowed)
    return board_


def inversions(state: Sequence[int]) -> int:
    """Pairs of tiles in the wrong order, reading row by row and leaving the blank out.

    >>> inversions((1, 2, 3, 4, 5, 6, 7, 8, 0)), inversions((2, 1, 3, 4, 5, 6, 7, 8, 0))
    (0, 1)
    """
    tiles = [t for t in state if t]
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1 :] if a > b)


def solvable(start: Sequence[int], goal: Sequence[int]) -> bool:
    """Whether moves can turn ``start`` into ``goal``: their inversions have the same parity.

    On a board 3 wide a sideways move keeps the tile order, and an up or down
    move jumps one tile over two others, changing the inversions by -2, 0 or
    +2; the parity never changes, and every board of the right parity is
    reachable.

    >>> solvable(NOTES_START, NOTES_GOAL), solvable((2, 1, 3, 4, 5, 6, 7, 8, 0), ORDERED_GOAL)
    (True, False)
    """
    return inversions(start) % 2 == inversions(goal) % 2


def board(state: Sequence[int]) -> str:
    """The board as three lines of text, ``_`` for the blank.

    >>> print(board(NOTES_GOAL))
    1 2 3
    8 _ 4
    7 6 5
    """
    cells = [str(t) if t else "_" for t in state]
    return "\n".join(" ".join(cells[r : r + 3]) for r in (0, 3, 6))


def compact(state: Sequence[int]) -> str:
    """The board on one line, rows split by ``/``: a short name for a state.

    >>> compact(NOTES_START)
    '283/164/7_5'
    """
    cells = "".join(str(t) if t else "_" for t in state)
    return f"{cells[:3]}/{cells[3:6]}/{cells[6:]}"


def scramble(goal: Sequence[int], moves: int, seed: int) -> Board:
    """A start ``moves`` random moves from ``goal`` (never undoing the last move).

    It may lie fewer moves from the goal than that: a random walk can come back.

    >>> start = scramble(ORDERED_GOAL, 10, seed=1)
    >>> solvable(start, ORDERED_GOAL), start == scramble(ORDERED_GOAL, 10, seed=1)
    (True, True)
    """
    rng = random.Random(seed)
    state = list(as_board(goal, "goal"))
    blank, previous = state.index(0), None
    for _ in range(moves):
        targets = [square for _, square in MOVES[blank] if square != previous]
        target = rng.choice(targets)
        state[blank], state[target] = state[target], 0
        previous, blank = blank, target
    return tuple(state)


class EightPuzzle(Problem):
    """Slide the tiles from ``start`` to ``goal`` (9-tuples row by row, 0 = blank).

    Raises ValueError for anything that is not a permutation of 0-8, and for a
    start that cannot reach the goal ("unsolvable", with the parity reason).

    >>> EightPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0), goal=ORDERED_GOAL)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unsolvable: the start has 1 inversion (odd) and the goal 0 (even). An inversion...
    """

    def __init__(self, start: Iterable[int], goal: Iterable[int] = NOTES_GOAL) -> None:
        start_board, goal_board = as_board(start, "start"), as_board(goal, "goal")
        if not solvable(start_board, goal_board):
            raise ValueError(_unsolvable_message(start_board, goal_board))
        super().__init__(start_board, goal_board)
        self._heuristics: dict[str, Callable[[Board], int]] = {}

    def heuristic(self, name: str) -> Callable[[Board], int]:
        """The heuristic ``name`` for this goal: "misplaced", "manhattan" or "linear conflict".

        See :mod:`search_viz.problems.puzzle_heuristics`; unknown names raise ValueError.

        >>> EightPuzzle(NOTES_START).heuristic("misplaced")(NOTES_START)
        4
        """
        if name not in self._heuristics:
            self._heuristics[name] = heuristic(name, self.goal)
        return self._heuristics[name]

    def h(self, state: Board) -> int:
        """The Manhattan distance of ``state`` from the goal (admissible and consistent)."""
        return self.heuristic("manhattan")(state)

    def actions(self, state: Board) -> list[str]:
        """Where the blank can move: some of up, down, left, right, in that order."""
        return [name for name, _ in MOVES[state.index(0)]]

    def result(self, state: Board, action: str) -> Board:
        """The board after the blank moves in the direction ``action``."""
        blank = state.index(0)
        moves = zip(MOVES[blank], _SLIDES[blank], strict=True)
        slide = next(slide for (name, _), slide in moves if name == action)
        return slide(state)

    def successors(self, state: Board) -> list[Board]:
        """The boards one move away, in the order up, down, left, right."""
        return [slide(state) for slide in _SLIDES[state.index(0)]]

    def steps(self, state: Board) -> list[tuple[Board, int]]:
        """The boards one move away, each move costing 1."""
        return [(slide(state), 1) for slide in _SLIDES[state.index(0)]]

    def predecessors(self, state: Board) -> list[Board]:
        """The boards one move before ``state``: the same as its successors (moves undo)."""
        return self.successors(state)

    def __repr__(self) -> str:
        return f"EightPuzzle({self.initial!r}, goal={self.goal!r})"


def _unsolvable_message(start: Board, goal: Board) -> str:
    def described(n: int) -> str:
        return f"{n} ({'odd' if n % 2 else 'even'})"

    s, g = inversions(start), inversions(goal)
    plural = "" if s == 1 else "s"
    return (
        f"unsolvable: the start has {s} inversion{plural} ({'odd' if s % 2 else 'even'}) "
        f"and the goal {described(g)}. An inversion is a pair of tiles in the wrong order, "
        "reading row by row without the blank; no move changes whether their number is odd "
        "or even, so no sequence of moves joins these two boards."
    )
