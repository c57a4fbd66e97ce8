"""Measures of a finished search that several lessons quote: one definition each.

The **effective branching factor** b* (AIMA, 3rd ed., section 3.6.1): if a
search generated N nodes (the root not counted) and found a solution at depth
d, b* is the branching factor a uniform tree of depth d would need to hold
those N nodes: N = b* + b*² + … + b*^d. A good heuristic brings b* close to 1.

>>> round(effective_branching(52, 5), 2)  # AIMA's example: 52 nodes at depth 5
1.92
>>> tree_size(2, 3)
14.0
"""

from __future__ import annotations


def tree_size(b: float, depth: float) -> float:
    """b + b² + … + b^depth: the nodes below the root of a uniform tree, ``depth`` levels deep.

    For a depth that need not be whole (d/2 in bidirectional search), b(b^depth − 1)/(b − 1).

    >>> tree_size(2, 3), tree_size(1, 4), round(tree_size(3, 1.5), 3)
    (14.0, 4.0, 6.294)
    """
    if depth <= 0:
        return 0.0
    if abs(b - 1) < 1e-12:
        return float(depth)
    return b * (b**depth - 1) / (b - 1)


def effective_branching(generated: int, depth: int) -> float:
    """b*: the branching factor of a uniform tree of depth ``depth`` holding ``generated`` nodes.

    ``generated`` counts the nodes the search generated, the root not counted;
    ``depth`` is the solution's depth. Solves ``tree_size(b*, depth) = generated``
    by bisection; 1 when the search generated no more than the path itself.

    >>> round(effective_branching(14, 3), 6)  # 2 + 4 + 8 = 14
    2.0
    >>> round(effective_branching(503, 151), 3)  # a greedy detour: deep and narrow
    1.014
    """
    if depth < 1:
        raise ValueError(f"the depth must be 1 or more, not {depth}")
    if generated <= depth:
        return 1.0
    # b^depth <= b + ... + b^depth = generated, so b* <= generated^(1/depth): no overflow.
    low, high = 1.0, float(generated) ** (1 / depth)
    for _ in range(100):
        middle = (low + high) / 2
        if tree_size(middle, depth) < generated:
            low = middle
        else:
            high = middle
    return (low + high) / 2
