"""Lists in words, for the descriptions a screen reader hears: short, and bounded when long.

>>> listed(["A", "B", "C"])
'A, B, C'
>>> listed([str(i) for i in range(30)], most=4)
'0, 1, 2, 3 and 26 more'
>>> listed([])
'none'
>>> board_words((2, 8, 3, 1, 6, 4, 7, 0, 5))
'2 8 3, 1 6 4, 7 blank 5'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from search_viz.lessons.shared.eight_puzzle import moved_tile

#: A description names at most this many items of one list; the rest are counted.
MOST_NAMED = 12


def listed(
    names: Sequence[str], most: int = MOST_NAMED, empty: str = "none", total: int | None = None
) -> str:
    """``names`` joined by commas: the first ``most`` of them and how many more; ``empty`` if none.

    ``total``: how many there are in all, when ``names`` holds only the first few (so that a
    long list need not be named in full to be counted). Names that hold commas themselves
    (a cell "(0, 3)", a board read row by row) are joined by semicolons.

    >>> listed(["X"], empty="nothing"), listed([], empty="nothing"), listed(["A", "B"], total=40)
    ('X', 'nothing', 'A, B and 38 more')
    >>> listed(["(0, 0)", "(1, 0)"])
    '(0, 0); (1, 0)'
    """
    if not names:
        return empty
    shown = names[:most]
    rest = (len(names) if total is None else total) - len(shown)
    return f"{joined(shown)} and {rest} more" if rest > 0 else joined(shown)


def joined(names: Sequence[str]) -> str:
    """``names`` joined by commas, or by semicolons when a name holds a comma itself.

    >>> joined(["A", "B"]), joined(["E (MAX, α = 5, β = 3)", "K (a leaf)"])
    ('A, B', 'E (MAX, α = 5, β = 3); K (a leaf)')
    """
    separator = "; " if any(", " in name for name in names) else ", "
    return separator.join(names)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    >>> counted(1, "leaf", "leaves"), counted(3, "leaf", "leaves"), counted(0, "node")
    ('1 leaf', '3 leaves', '0 nodes')
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def board_words(board: Sequence[int]) -> str:
    """An 8-puzzle board read row by row, as a screen reader says it well ("283/1_4/765" would be
    read as numbers): "2 8 3, 1 blank 4, 7 6 5".

    >>> board_words((1, 2, 3, 8, 0, 4, 7, 6, 5))
    '1 2 3, 8 blank 4, 7 6 5'
    """
    return _BOARD.format(*[_TILES[tile] for tile in board])


_TILES = ("blank", "1", "2", "3", "4", "5", "6", "7", "8")
_BOARD = "{} {} {}, {} {} {}, {} {} {}"


def moves_words(path: Sequence[Sequence[int]], most: int = 40) -> str:
    """An 8-puzzle solution in words: how many moves, each tile and the way it slides.

    >>> moves_words([(1, 2, 3, 8, 0, 4, 7, 6, 5), (1, 0, 3, 8, 2, 4, 7, 6, 5)])
    '1 move: tile 2 down'
    """
    moves = [moved_tile(a, b) for a, b in pairwise(path)]
    said = listed([f"tile {tile} {way}" for tile, way in moves], most=most)
    return f"{counted(len(moves), 'move')}: {said}"
