"""Reading a path back from the parent links a search keeps.

>>> walk_back({"A": None, "B": "A", "C": "B"}, "C")
['A', 'B', 'C']
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping


def walk_back(parents: Mapping[Hashable, Hashable], node: Hashable) -> list[Hashable]:
    """The nodes from the root (whose parent is None) to ``node``, following ``parents``.

    >>> walk_back({"s": None}, "s")
    ['s']
    """
    path = [node]
    while (node := parents[node]) is not None:
        path.append(node)
    path.reverse()
    return path
