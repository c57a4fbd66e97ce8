"""Graphs the graph-search lessons search: the notes' tree, grid mazes, random graphs.

>>> T = notes_tree()
>>> list(T.successors("A")), T.number_of_nodes()
(['B', 'C', 'D'], 18)
>>> M = grid_maze(5, walls=0.2, seed=1)
>>> (0, 0) in M and (4, 4) in M
True
"""

from __future__ import annotations

import random

import networkx as nx

#: The IDDFS tree of the lecture notes (section 1), children in this order.
NOTES_TREE: dict[str, str] = {
    "A": "BCD",
    "B": "EF",
    "C": "G",
    "D": "H",
    "E": "I",
    "F": "JK",
    "G": "L",
    "H": "MN",
    "K": "OP",
    "L": "R",
    "N": "S",
}
NOTES_TREE_ROOT = "A"
NOTES_TREE_GOAL = "R"


def notes_tree(directed: bool = True) -> nx.Graph:
    """The notes' IDDFS tree: A → B C D; B → E F; ... ; N → S (goal R).

    Directed from parent to child by default; undirected for a search that
    may go up as well (bidirectional search between any two nodes).

    >>> list(notes_tree(directed=False).adj["B"])
    ['A', 'E', 'F']
    """
    T = nx.DiGraph() if directed else nx.Graph()
    T.add_node(NOTES_TREE_ROOT)
    for parent, children in NOTES_TREE.items():
        T.add_edges_from((parent, child) for child in children)
    return T


def grid_maze(size: int, walls: float, seed: int) -> nx.Graph:
    """A ``size`` x ``size`` grid of cells ``(row, col)`` with a share ``walls`` of them walled.

    The open cells are the nodes; neighbouring open cells are joined. The
    corners (0, 0) and (size-1, size-1), the usual start and goal, are never
    walls. A cell's neighbours come in reading order: up, left, right, down.

    >>> M = grid_maze(3, walls=0.0, seed=0)
    >>> list(M.adj[(1, 1)])
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    """
    if size < 2:
        raise ValueError(f"a maze needs at least 2 x 2 cells, not {size} x {size}")
    if not 0 <= walls < 1:
        raise ValueError(f"the wall density must be at least 0 and below 1, not {walls}")
    rng = random.Random(seed)
    corners = {(0, 0), (size - 1, size - 1)}
    cells = [(r, c) for r in range(size) for c in range(size)]
    inner = [cell for cell in cells if cell not in corners]
    walled = set(rng.sample(inner, round(walls * len(inner))))
    M = nx.Graph()
    M.graph["size"] = size
    M.add_nodes_from(cell for cell in cells if cell not in walled)
    for r, c in M.nodes:
        for neighbour in ((r, c + 1), (r + 1, c)):
            if neighbour in M:
                M.add_edge((r, c), neighbour)
    return M


def random_graph(nodes: int, mean_degree: float, seed: int, directed: bool = False) -> nx.Graph:
    """A random graph on nodes 0 .. nodes-1 with about ``mean_degree`` edges per node.

    The number of edges is fixed (``nodes * mean_degree / 2``, or twice that
    many arcs when directed), placed at random (networkx's ``gnm_random_graph``).

    >>> G = random_graph(10, 2, seed=3)
    >>> G.number_of_nodes(), G.number_of_edges()
    (10, 10)
    """
    if nodes < 2:
        raise ValueError(f"a random graph needs at least 2 nodes, not {nodes}")
    if mean_degree < 0:
        raise ValueError(f"the mean degree must be 0 or more, not {mean_degree}")
    pairs = nodes * (nodes - 1) // (1 if directed else 2)
    edges = min(pairs, round(nodes * mean_degree / (1 if directed else 2)))
    return nx.gnm_random_graph(nodes, edges, seed=seed, directed=directed)


def first_touch_trap() -> nx.Graph:
    """A small graph on which stopping at the first touch of two searches is wrong.

    Two routes join s and t: s a x c t (4 edges) and s b d t (3 edges).
    Expanding one node at a time, alternately from each side, the searches
    first touch at x (on the longer route) while b is still waiting in the
    forward queue.

    >>> nx.shortest_path_length(first_touch_trap(), "s", "t")
    3
    """
    return nx.Graph(
        [("s", "a"), ("s", "b"), ("t", "c"), ("t", "d"), ("a", "x"), ("x", "c"), ("b", "d")]
    )
