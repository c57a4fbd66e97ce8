"""Lists in words, for the descriptions a screen reader hears: short, and bounded when long.

>>> listed(["A", "B", "C"])
'A, B, C'
>>> listed([str(i) for i in range(30)], most=4)
'0, 1, 2, 3 and 26 more'
>>> listed([])
'none'
"""

from __future__ import annotations

from collections.abc import Sequence

#: A description names at most this many items of one list; the rest are counted.
MOST_NAMED = 12


def listed(names: Sequence[str], most: int = MOST_NAMED, empty: str = "none") -> str:
    """``names`` joined by commas: the first ``most`` of them and how many more; ``empty`` if none.

    >>> listed(["X"], empty="nothing"), listed([], empty="nothing")
    ('X', 'nothing')
    """
    if not names:
        return empty
    shown = ", ".join(names[:most])
    rest = len(names) - most
    return f"{shown} and {rest} more" if rest > 0 else shown


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    >>> counted(1, "leaf", "leaves"), counted(3, "leaf", "leaves"), counted(0, "node")
    ('1 leaf', '3 leaves', '0 nodes')
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
