"""The informed-search picture in words, step by step, for a screen reader.

The picture shows the search tree, the board the step is about with each
tile's share of h, and the goal; the table beside it the frontier. A
description says what the step did to which board (with its g, h and f), what
h is made of on that board, the frontier's next board, and at the end the
solution's moves. Boards are read row by row ("2 8 3, 1 blank 4, 7 6 5").

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> film = sv.film(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")
>>> print(film.state(5).description)  # doctest: +NORMALIZE_WHITESPACE
Taken off the frontier to expand: 2 8 3, 1 blank 4, 7 6 5 (g 1, h 3, f 4). Its h: tiles 1, 2
and 8 add 1 each. The frontier's next board: 2 8 3, 1 6 4, blank 7 5 (f 6).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

from search_viz.algorithms.informed_compare import Row
from search_viz.events import Event, format_value
from search_viz.lessons.informed.board import BoardPanel
from search_viz.lessons.informed.frontier import Frontier
from search_viz.lessons.shared.word_lists import board_words, counted, moves_words
from search_viz.problems.eight_puzzle import Board


def informed_description(
    e: Event,
    frontier: Frontier,
    numbers: Sequence[float] | None,
    panel: BoardPanel,
    path: Sequence[Hashable] | None,
) -> str:
    """What the picture shows after the step of ``e``: the board and its (g, h, f) ``numbers``,
    the heuristic's share of each tile on it (``panel``), the ``frontier``'s next board, and
    at the end the solution ``path``.

    Kept short: the sentence, read just before, says why; a 31-move puzzle's film has
    50,000 steps, each with its own description (a film writes them with one
    :class:`Describer`).

    >>> from search_viz.lessons.informed.frontier import FrontierRow
    >>> from search_viz.problems.eight_puzzle import NOTES_GOAL
    >>> board = (1, 2, 3, 8, 4, 0, 7, 6, 5)
    >>> panel = BoardPanel([board], NOTES_GOAL, "manhattan", [(1, 1, 2)], "A*")
    >>> frontier = Frontier("fifo")
    >>> frontier.put(FrontierRow(board, 1, 1, 2, NOTES_GOAL, 0))
    >>> e = Event("generate", board, parent=NOTES_GOAL, g=1, h=1, value=2)
    >>> print(informed_description(e, frontier, (1, 1, 2), panel, None))
    Put on the frontier: 1 2 3, 8 4 blank, 7 6 5 (g 1, h 1, f 2), 1st in line of 1. Its h: \
tile 4 adds 1. The frontier's next board: 1 2 3, 8 4 blank, 7 6 5 (f 2).
    """
    return Describer(panel).describe(e, frontier, numbers, path)


class Describer:
    """The descriptions of one film's steps, what they say of each board worked out once.

    A long replay names the same boards over and over: each board's words and
    its shares of h are written once, and the frontier's next board again only
    when it changes.

    >>> from search_viz.lessons.informed.frontier import FrontierRow
    >>> from search_viz.problems.eight_puzzle import NOTES_GOAL, NOTES_START
    >>> panel = BoardPanel([NOTES_START], NOTES_GOAL, "misplaced", [(0, 4, 4)], "A*")
    >>> describer, frontier = Describer(panel), Frontier("fifo")
    >>> frontier.put(FrontierRow(NOTES_START, 0, 4, 4, None, 0))
    >>> e = Event("expand", NOTES_START, g=0, h=4, value=4)
    >>> print(describer.describe(e, frontier, (0, 4, 4), None))  # doctest: +NORMALIZE_WHITESPACE
    Taken off the frontier to expand: 2 8 3, 1 6 4, 7 blank 5 (g 0, h 4, f 4). Its h: tiles 1,
    2, 6 and 8 add 1 each. The frontier's next board: 2 8 3, 1 6 4, 7 blank 5 (f 4).
    """

    def __init__(self, panel: BoardPanel) -> None:
        self.panel = panel
        self._words: dict[Board, str] = {}  # board -> the board read row by row
        self._shares: dict[Board, str] = {}  # board -> what each tile adds to h, in words
        self._said: dict[tuple, str] = {}  # each tile's share of h (tile_shares) -> in words
        self._next: tuple = (None, "")  # (the frontier's first row, what it says of it)

    def describe(
        self,
        e: Event,
        frontier: Frontier,
        numbers: Sequence[float] | None,
        path: Sequence[Hashable] | None,
    ) -> str:
        """The description after the step of ``e`` (see :func:`informed_description`)."""
        board = e.node if isinstance(e.node, tuple) and len(e.node) == 9 else None
        numbers_text = "" if numbers is None else " (" + _numbers(tuple(numbers)) + ")"
        parts = []
        if e.kind == "done":
            parts.append(_solution(path))
        elif board is not None:
            name = self.words(board)
            if e.kind == "generate":
                rank = frontier.rank(board)
                line = "" if rank is None else f", {_ordinal(rank + 1)} in line of {len(frontier)}"
                parts.append(f"Put on the frontier: {name}{numbers_text}{line}")
            elif e.kind == "expand":
                parts.append(f"Taken off the frontier to expand: {name}{numbers_text}")
            elif e.kind == "goal":
                parts.append(f"Goal reached: {name}{numbers_text}")
            parts.append("Its h: " + self.shares(board))
        parts.append(self.next_board(frontier))
        return ". ".join(parts) + "."

    def words(self, board: Board) -> str:
        """``board`` read row by row: "2 8 3, 1 blank 4, 7 6 5"."""
        words = self._words.get(board)
        if words is None:
            words = self._words[board] = board_words(board)
        return words

    def shares(self, board: Board) -> str:
        """What each tile adds to h on ``board`` (see :func:`_shares`).

        Said once per board, and once for all the boards whose tiles add the same (with
        misplaced tiles, a few hundred sets of tiles out of place among thousands of boards).
        """
        said = self._shares.get(board)
        if said is None:
            by_tile = tile_shares(self.panel.share_of(board), board)
            said = self._said.get(by_tile)
            if said is None:
                said = self._said[by_tile] = _shares(self.panel, board)
            self._shares[board] = said
        return said

    def next_board(self, frontier: Frontier) -> str:
        """The frontier's next board and its f, or that the frontier is empty."""
        if not len(frontier):
            return "The frontier is empty"
        row = frontier.row(0)
        if row is not self._next[0]:
            said = f"The frontier's next board: {self.words(row.node)} (f {format_value(row.f)})"
            self._next = (row, said)
        return self._next[1]


@lru_cache(maxsize=4096)
def _numbers(numbers: tuple) -> str:
    return ", ".join(f"{name} {format_value(x)}" for name, x in zip("ghf", numbers, strict=True))


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{_SUFFIXES.get(n % 10, 'th')}"


_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def _shares(panel: BoardPanel, board) -> str:
    """What each tile adds to h on ``board``, as the picture writes it on the tiles:
    "tiles 1, 2 and 8 add 1 each; tile 6 adds 2"."""
    shares = panel.share_of(board)  # {square: share}, worked out once per board by the panel
    if not shares:
        return "0, every tile is where the goal has it"
    tiles_by_share: dict[int, list[int]] = {}
    for square, share in shares.items():
        tiles_by_share.setdefault(share, []).append(board[square])
    said = []
    for share, tiles in sorted(tiles_by_share.items()):
        if len(tiles) == 1:
            said.append(f"tile {tiles[0]} adds {share}")
        else:
            tiles.sort()
            names = ", ".join(map(str, tiles[:-1]))
            said.append(f"tiles {names} and {tiles[-1]} add {share} each")
    return "; ".join(said)


def tile_shares(shares: dict[int, int], board: Board) -> tuple[int | None, ...]:
    """What each tile adds to h, by tile number (None: it adds nothing), from ``shares``,
    what the tile on each square of ``board`` adds: all that :func:`_shares` says.

    >>> tile_shares({0: 1, 3: 2}, (2, 8, 3, 1, 6, 4, 7, 0, 5))  # 2 adds 1, 1 adds 2
    (None, 2, 1, None, None, None, None, None, None)
    """
    by_tile: list[int | None] = [None] * 9
    for square, share in shares.items():
        by_tile[board[square]] = share
    return tuple(by_tile)


def _solution(path: Sequence[Hashable] | None) -> str:
    if not path:
        return "No solution: the frontier ran out"
    return f"Solution drawn in the tree, {moves_words(path)}"


def strip_alt(path: Sequence[Board]) -> str:
    """The ``alt`` of the solution's strip of boards.

    >>> strip_alt([(1, 2, 3, 8, 0, 4, 7, 6, 5), (1, 0, 3, 8, 2, 4, 7, 6, 5)])
    'The solution board by board, from 1 2 3, 8 blank 4, 7 6 5 to 1 blank 3, 8 2 4, 7 6 5: \
1 move: tile 2 down.'
    """
    return (
        f"The solution board by board, from {board_words(path[0])} to {board_words(path[-1])}: "
        f"{moves_words(path)}."
    )


def compare_alt(rows: Sequence[Row]) -> str:
    """The ``alt`` of the chart of every search on the instance: nodes expanded, and moves.

    >>> from search_viz.algorithms.informed_compare import Row
    >>> print(compare_alt([Row("BFS", "uninformed", 5, 40, 70, 30, 2.1, 0.01)]))
    Bar chart of the nodes each search expanded (log scale), with the length of its path: \
BFS 40 nodes, 5 moves. The Table tab gives every number.
    """
    said = [
        f"{row.name} {row.expanded:,} nodes, "
        + ("no solution" if row.moves is None else counted(row.moves, "move"))
        for row in rows
    ]
    return (
        "Bar chart of the nodes each search expanded (log scale), with the length of its "
        f"path: {'; '.join(said)}. The Table tab gives every number."
    )
