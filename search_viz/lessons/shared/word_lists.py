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

#: A description names at most this many items of one list; the rest are counted.
MOST_NAMED = 12


def listed(
    names: Sequence[str],
    most: int = MOST_NAMED,
    empty: str = "none",
    total: int | None = None,
    separator: str = ", ",
) -> str:
    """``names`` joined by commas: the first ``most`` of them and how many more; ``empty`` if none.

    ``total``: how many there are in all, when ``names`` holds only the first few (so that a
    long list need not be named in full to be counted). ``separator``: "; " for names that
    hold commas themselves (boards read row by row).

    >>> listed(["X"], empty="nothing"), listed([], empty="nothing"), listed(["A", "B"], total=40)
    ('X', 'nothing', 'A, B and 38 more')
    """
    if not names:
        return empty
    shown = separator.join(names[:most])
    rest = (len(names) if total is None else total) - min(most, len(names))
    return f"{shown} and {rest} more" if rest > 0 else shown


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
