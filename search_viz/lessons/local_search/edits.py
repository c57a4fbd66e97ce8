"""Changing the n-queens start board in its picture: click a square to move its column's queen.

In the player's edit mode the board shows the start (the replay's first step),
and a click on a square moves the queen of that square's column there: the new
start board. :func:`mark_editable` writes this into the film (on the boards
whose squares can be clicked: hill climbing and annealing, at most
``MAX_CLICKABLE`` queens; the genetic algorithm's board shows the fittest of a
population, not the start); :func:`edited` makes the changed problem, or raises
a ``ValueError`` saying what is allowed. Both are pure: the page (``page.py``)
puts the new board in its "Your own board" field, so that the link holds it.

>>> edited(NQueens(4, state=(1, 3, 0, 2)), {"do": "move", "column": 2, "row": 3}).state
(1, 3, 3, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from search_viz.film.builder import FilmBuilder
from search_viz.film.edits import Edit
from search_viz.lessons.local_search.board import square_name
from search_viz.problems.nqueens import NQueens

#: What the player says a click does, for the page's edit mode.
HINT = "Click a square: the queen of its column moves there, a new start board."


def mark_editable(writer: FilmBuilder, start: Sequence[int]) -> None:
    """Tell the film that a click on the square (column, row) moves that column's queen of
    ``start`` to the row (where the board's squares are items: small boards).

    >>> import search_viz as sv
    >>> from search_viz.lessons.local_search.drawing import film_of
    >>> film = film_of(sv.hill_climbing, NQueens(4, state=(1, 3, 0, 2)))
    >>> film.edits_of("square 2 3")[0].label
    "Move column 2's queen to row 3"
    """
    for column, queen in enumerate(start):
        for row in range(len(start)):
            name = square_name(column, row)
            if not writer.scene.has(name):
                return
            where = "its queen's square" if row == queen else f"its queen is on row {queen}"
            edit = Edit(f"Move column {column}'s queen to row {row}", _move(column, row))
            writer.editable([name], f"column {column}, row {row} ({where})", [edit])


def _move(column: int, row: int) -> dict:
    return {"do": "move", "column": column, "row": row}


def edited(problem: NQueens, change: Any) -> NQueens:
    """``problem`` with the queen of a column moved to another row
    (``{"do": "move", "column": c, "row": r}``); a ValueError saying what is allowed.

    >>> edited(NQueens(4, state=(1, 3, 0, 2)), {"do": "move", "column": 0, "row": 1})
    Traceback (most recent call last):
    ...
    ValueError: Column 0's queen already stands on row 1: click another square of column 0 to \
move it there.
    """
    if not isinstance(change, Mapping) or change.get("do") != "move":
        raise ValueError(
            "An edit of the board moves a queen, e.g. {'do': 'move', 'column': 2, 'row': 5}, "
            f"not {change!r:.60}."
        )
    n = problem.n
    column, row = change.get("column"), change.get("row")
    for name, value in (("column", column), ("row", row)):
        if type(value) is not int or not 0 <= value < n:
            raise ValueError(f"A {name} is a whole number from 0 to {n - 1}, not {value!r:.20}.")
    if problem.state[column] == row:
        raise ValueError(
            f"Column {column}'s queen already stands on row {row}: click another square of "
            f"column {column} to move it there."
        )
    state = list(problem.state)
    state[column] = row
    return NQueens(n, state=state)
