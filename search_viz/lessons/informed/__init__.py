"""Informed search: greedy best-first search and A* on the 8-puzzle, and what a heuristic buys.

The replay is a film (:mod:`.drawing`): the search tree grows, each board with
g + h = f under it (or a marker, when the tree is large), the board being
expanded shows what each tile adds to h, and the frontier table beside it is
sorted by f and the tie rule. Below the replay: the solution move by move, and
every search of the comparison on the same instance (:mod:`.charts`).
"""
