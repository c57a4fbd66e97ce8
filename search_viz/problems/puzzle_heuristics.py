"""Heuristics for the 8-puzzle: estimates of how many moves a board still needs.

Three estimates, each never more than the true number of moves (admissible)
and changing by at most 1 per move (consistent), so A* with any of them finds
a shortest solution:

* ``"misplaced"``: the tiles not on their goal square (the blank not counted);
* ``"manhattan"``: for each tile, the rows plus the columns between its square
  and its goal square;
* ``"linear conflict"``: Manhattan, plus 2 moves for each tile that must step
  out of its goal row (or column) to let another tile of that line past it.

:func:`contributions` says what each tile adds (the pictures write it on the
tiles); :func:`heuristic` gives a fast function of a board for one goal, which
is what the searches call.

>>> from search_viz.problems.eight_puzzle import NOTES_START, NOTES_GOAL
>>> [heuristic(name, NOTES_GOAL)(NOTES_START) for name in HEURISTICS]
[4, 5, 5]
>>> contributions("misplaced", NOTES_START, NOTES_GOAL)
{2: 1, 8: 1, 1: 1, 6: 1}
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Sequence

Board = Sequence[int]

#: The heuristics, each with what it counts.
HEURISTICS: dict[str, str] = {
    "misplaced": "tiles not on their goal square (the blank not counted)",
    "manhattan": "the sum over tiles of the rows and columns between a tile and its goal square",
    "linear conflict": (
        "Manhattan, plus 2 for each tile that must leave its goal row or column "
        "to let a tile of that line pass it"
    ),
}

_LINES = tuple((3 * r, 3 * r + 1, 3 * r + 2) for r in range(3)) + tuple(
    (c, c + 3, c + 6) for c in range(3)
)


def _goal_squares(goal: Board) -> list[int]:
    where = [0] * 9
    for square, tile in enumerate(goal):
        where[tile] = square
    return where


def _distance(a: int, b: int) -> int:
    return abs(a // 3 - b // 3) + abs(a % 3 - b % 3)


def _in_goal_order(places: Sequence[int]) -> bool:
    return all(a < b for a, b in itertools.pairwise(places))


def _stepping_out(tiles: Sequence[int], line: int, where: Sequence[int]) -> list[int]:
    """The tiles of a line that must step out of it to let the others pass.

    ``line``: 0-2 the rows, 3-5 the columns; ``tiles`` what the line holds, in
    order. Only tiles whose goal square is in this line count. Tiles cannot
    pass each other inside a line, so their goal places along it must end in
    increasing order: every tile off a longest increasing run must step out
    and back in, 2 moves that Manhattan does not count. When several runs are
    longest, the tiles off the first one found are named.
    """
    members, places = [], []
    for tile in tiles:
        if tile == 0:
            continue
        row, col = divmod(where[tile], 3)
        if line < 3 and row == line:
            members.append(tile)
            places.append(col)
        elif line >= 3 and col == line - 3:
            members.append(tile)
            places.append(row)
    for drop in range(len(members) + 1):
        for out in itertools.combinations(range(len(members)), drop):
            if _in_goal_order([p for i, p in enumerate(places) if i not in out]):
                return [members[i] for i in out]
    return members  # unreachable: dropping every tile leaves an empty run, which is in order


def contributions(name: str, state: Board, goal: Board) -> dict[int, int]:
    """What each tile adds to heuristic ``name`` on ``state`` (tiles adding 0 left out).

    For linear conflict, a tile's count is its Manhattan distance plus 2 for
    each line it must step out of (the tiles chosen to step out are those off
    the longest run in goal order, the first such tiles when there is a choice).

    >>> from search_viz.problems.eight_puzzle import ORDERED_GOAL
    >>> contributions("manhattan", (2, 1, 3, 4, 5, 6, 7, 8, 0), ORDERED_GOAL)
    {2: 1, 1: 1}
    >>> contributions("linear conflict", (2, 1, 3, 4, 5, 6, 7, 8, 0), ORDERED_GOAL)
    {2: 3, 1: 1}
    """
    _check_name(name)
    where = _goal_squares(goal)
    counts: dict[int, int] = {}
    for square, tile in enumerate(state):
        if tile == 0:
            continue
        if name == "misplaced":
            value = int(where[tile] != square)
        else:
            value = _distance(square, where[tile])
        if value:
            counts[tile] = value
    if name == "linear conflict":
        for line, squares in enumerate(_LINES):
            for tile in _stepping_out(tuple(state[s] for s in squares), line, where):
                counts[tile] = counts.get(tile, 0) + 2
    return counts


def heuristic(name: str, goal: Board) -> Callable[[Board], int]:
    """A fast function giving heuristic ``name`` of a board, for boards aimed at ``goal``.

    The searches call it once per board they generate, so it reads
    precomputed tables instead of looping over tiles. The tables are made once per
    process for each heuristic and goal.

    >>> h = heuristic("manhattan", (1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> h((1, 2, 3, 4, 5, 6, 7, 8, 0)), h((8, 6, 7, 2, 5, 4, 3, 0, 1))
    (0, 21)
    >>> heuristic("manhattan", [1, 2, 3, 4, 5, 6, 7, 8, 0]) is h
    True
    """
    _check_name(name)
    return _heuristic_for(name, tuple(goal))


@functools.lru_cache(maxsize=64)
def _heuristic_for(name: str, goal: tuple[int, ...]) -> Callable[[Board], int]:
    # Once per goal and name: the linear-conflict tables cost tens of milliseconds, and
    # every problem built for the same goal (an edit, a comparison) asks for them again.
    if name == "misplaced":
        return _misplaced_for(goal)
    manhattan = _manhattan_for(goal)
    if name == "manhattan":
        return manhattan
    return _linear_conflict_for(goal, manhattan)


def _check_name(name: str) -> None:
    if name not in HEURISTICS:
        raise ValueError(
            f"unknown heuristic {name!r}: choose one of {', '.join(map(repr, HEURISTICS))}"
        )


def _misplaced_for(goal: tuple[int, ...]) -> Callable[[Board], int]:
    goal_blank = goal.index(0)
    ne = operator.ne

    def misplaced(state: Board) -> int:
        # Squares that differ from the goal, less one if the blank is among them.
        return sum(map(ne, state, goal)) - (state[goal_blank] != 0)

    misplaced.__doc__ = f"Tiles out of place for the goal {goal} (the blank not counted)."
    return misplaced


def _manhattan_for(goal: tuple[int, ...]) -> Callable[[Board], int]:
    where = _goal_squares(goal)
    # table[square][tile]: how far ``tile`` on ``square`` is from its goal square.
    t0, t1, t2, t3, t4, t5, t6, t7, t8 = (
        tuple(0 if tile == 0 else _distance(square, where[tile]) for tile in range(9))
        for square in range(9)
    )

    def manhattan(s: Board) -> int:
        return (
            t0[s[0]] + t1[s[1]] + t2[s[2]] + t3[s[3]] + t4[s[4]]
            + t5[s[5]] + t6[s[6]] + t7[s[7]] + t8[s[8]]
        )  # fmt: skip

    manhattan.__doc__ = f"The sum of the tiles' Manhattan distances to the goal {goal}."
    return manhattan


def _linear_conflict_for(
    goal: tuple[int, ...], manhattan: Callable[[Board], int]
) -> Callable[[Board], int]:
    where = _goal_squares(goal)

    def table(line: int) -> list:
        """extra[a][b][c]: 2 x the tiles that must leave the line holding a, b, c."""
        return [
            [[2 * len(_stepping_out((a, b, c), line, where)) for c in range(9)] for b in range(9)]
            for a in range(9)
        ]

    r0, r1, r2, c0, c1, c2 = (table(line) for line in range(6))

    def linear_conflict(s: Board) -> int:
        return (
            manhattan(s)
            + r0[s[0]][s[1]][s[2]] + r1[s[3]][s[4]][s[5]] + r2[s[6]][s[7]][s[8]]
            + c0[s[0]][s[3]][s[6]] + c1[s[1]][s[4]][s[7]] + c2[s[2]][s[5]][s[8]]
        )  # fmt: skip

    linear_conflict.__doc__ = f"Manhattan plus 2 per line conflict, for the goal {goal}."
    return linear_conflict
