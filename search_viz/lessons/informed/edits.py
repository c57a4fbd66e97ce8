"""Changing the 8-puzzle in its picture: slide a tile of the start into the blank.

In the player's edit mode the board beside the tree shows the start (the
replay's first step), and a click on a tile next to the blank slides it there:
the new start. :func:`mark_editable` writes this into the film; :func:`edited`
makes the changed puzzle, or raises a ``ValueError`` saying what is allowed
(a tile away from the blank cannot slide). A slide never changes whether the
start can reach the goal (it keeps the parity). Both are pure: the page
(``page.py``) puts the new start in its "typed" fields, so that the link holds it.

>>> from search_viz.problems.eight_puzzle import NOTES_START, compact
>>> puzzle = EightPuzzle(NOTES_START)  # 283/164/7_5
>>> compact(edited(puzzle, {"do": "slide", "tile": 6}).initial)
'283/1_4/765'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from search_viz.film.builder import FilmBuilder
from search_viz.film.edits import Edit
from search_viz.problems.eight_puzzle import MOVES, Board, EightPuzzle

#: What the player says a click does, for the page's edit mode.
HINT = "Click a tile next to the blank on the large board: it slides there, a new start."


def mark_editable(writer: FilmBuilder, start: Board) -> None:
    """Tell the film that each tile of ``start``, as the board shows it at the first step,
    slides into the blank when clicked (a tile away from the blank is refused with a message).

    >>> import search_viz as sv
    >>> from search_viz.lessons.informed.drawing import film_of
    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> film = film_of(sv.astar, EightPuzzle(NOTES_START), heuristic="misplaced")
    >>> film.edits_of(("digit", 4, 6))[0].change  # the 6's ink, and its whole square
    {'do': 'slide', 'tile': 6}
    >>> film.edits_of(("square", 4)) == film.edits_of(("digit", 4, 6))
    True
    """
    beside = _beside_blank(start)
    for square, tile in enumerate(start):
        name = ("digit", square, tile)
        if tile and writer.scene.has(name):
            where = "next to the blank" if tile in beside else "not next to the blank"
            writer.editable(
                [name, ("square", square)],
                f"tile {tile}, {where}",
                [Edit(f"Slide {tile} into the blank", _slide(tile))],
            )


def _slide(tile: int) -> dict:
    return {"do": "slide", "tile": tile}


def _beside_blank(board: Board) -> list[int]:
    """The tiles that can slide into the blank, in the order the search tries their moves."""
    return [board[square] for _, square in MOVES[board.index(0)]]


def edited(puzzle: EightPuzzle, change: Any) -> EightPuzzle:
    """``puzzle`` with a tile of its start slid into the blank (``{"do": "slide", "tile": t}``);
    a ValueError naming the tiles that can slide when ``t`` cannot.

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> edited(EightPuzzle(NOTES_START), {"do": "slide", "tile": 2})
    Traceback (most recent call last):
    ...
    ValueError: Tile 2 is not next to the blank: only 5, 6 and 7 can slide into it.
    """
    if not isinstance(change, Mapping) or change.get("do") != "slide":
        raise ValueError(
            "An edit of the 8-puzzle slides a tile, e.g. {'do': 'slide', 'tile': 5}, "
            f"not {change!r:.60}."
        )
    tile = change.get("tile")
    if type(tile) is not int or not 1 <= tile <= 8:
        raise ValueError(f"A tile is a whole number from 1 to 8, not {tile!r:.20}.")
    start = puzzle.initial
    beside = sorted(_beside_blank(start))
    if tile not in beside:
        names = ", ".join(map(str, beside[:-1])) + f" and {beside[-1]}"
        raise ValueError(f"Tile {tile} is not next to the blank: only {names} can slide into it.")
    board = list(start)
    blank, square = start.index(0), start.index(tile)
    board[blank], board[square] = tile, 0
    return EightPuzzle(tuple(board), goal=puzzle.goal)
