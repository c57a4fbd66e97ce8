"""Where to put the nodes of a graph-search picture: trees, grids and other graphs.

Layouts are computed once per problem (pages cache them); each step only
recolours. Positions are ``{node: (x, y)}`` with y growing upwards.

>>> pos = tree_layout({"A": ["B", "C"], "B": [], "C": []}, "A")
>>> pos["A"], pos["B"], pos["C"]
((0.5, 0.0), (0.0, -1.0), (1.0, -1.0))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import networkx as nx
import numpy as np

Positions = dict[Hashable, tuple[float, float]]

#: Above this many nodes, a general graph gets a quick layout instead of a spring layout.
SPRING_LIMIT = 250


def tree_layout(children: Mapping[Hashable, Sequence[Hashable]], root: Hashable) -> Positions:
    """A tidy tree: leaves one unit apart in order, each parent centred over its children.

    Depth d is at y = -d. Nodes unreachable from ``root`` are left out; a
    node met twice keeps its first place.

    >>> tree_layout({"r": ["a"], "a": ["b", "c"]}, "r")["r"]
    (0.5, 0.0)
    """
    pos: Positions = {}
    next_leaf = 0.0
    # An explicit stack (no recursion): ("enter", node, depth) then ("leave", node, depth).
    stack: list[tuple[bool, Hashable, int]] = [(True, root, 0)]
    # A node entered: its children not met before. It is placed (in pos) when it is left,
    # so a node met before is one of these.
    placed_children: dict[Hashable, list[Hashable]] = {}
    while stack:
        entering, node, depth = stack.pop()
        if entering:
            if node in placed_children:
                continue
            kids = [c for c in children.get(node, ()) if c not in placed_children]
            placed_children[node] = kids
            stack.append((False, node, depth))
            stack.extend([(True, child, depth + 1) for child in reversed(kids)])
            continue
        kids = [c for c in placed_children[node] if c in pos and pos[c][1] == -(depth + 1)]
        if kids:
            x = (pos[kids[0]][0] + pos[kids[-1]][0]) / 2
        else:
            x, next_leaf = next_leaf, next_leaf + 1
        pos[node] = (x, float(-depth))
    return pos


def true_tree_layout(children: Mapping[Hashable, Sequence[Hashable]], root: Hashable) -> Positions:
    """:func:`tree_layout` of a true tree: every node the child of one parent at most, and
    met once. Without a check for a node met before, it asks its dicts about a third as
    often (a search tree of 35,000 nodes is laid out in about half the time).

    >>> children = {"r": ["a", "d"], "a": ["b", "c"]}
    >>> true_tree_layout(children, "r") == tree_layout(children, "r")
    True
    """
    pos: Positions = {}
    next_leaf = 0.0
    # A node is placed when it is left (its children placed), in the order tree_layout places.
    stack: list[tuple[Hashable, int, Sequence[Hashable] | None]] = [(root, 0, None)]
    while stack:
        node, depth, kids = stack.pop()
        if kids is not None:  # leaving: centred over its children
            pos[node] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, float(-depth))
            continue
        kids = children.get(node)
        if kids:
            stack.append((node, depth, kids))
            stack.extend([(child, depth + 1, None) for child in reversed(kids)])
        else:
            pos[node] = (next_leaf, float(-depth))
            next_leaf += 1
    return pos


def bfs_children(G: nx.Graph, root: Hashable) -> dict[Hashable, list[Hashable]]:
    """The breadth-first tree of ``G`` from ``root``: each node reached, by its parent, in
    the order ``nx.bfs_edges`` reaches them (successors only, in a directed graph).

    Written out: networkx works out how to call one of its algorithms the first time a
    process calls it (about 0.4 ms), which a film would pay for a three-line loop.

    >>> bfs_children(nx.Graph([("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")]), "a")
    {'a': ['b', 'c'], 'b': ['d']}
    """
    children: dict[Hashable, list[Hashable]] = {}
    seen, layer = {root}, [root]
    while layer:
        below = []
        for parent in layer:
            for child in G[parent]:
                if child not in seen:
                    seen.add(child)
                    children.setdefault(parent, []).append(child)
                    below.append(child)
        layer = below
    return children


def is_tree(G: nx.Graph) -> bool:
    """Whether ``G``, its links taken both ways, is a tree: connected, with no cycle (as
    ``nx.is_tree`` of its undirected view; written out for the reason of :func:`bfs_children`).

    >>> is_tree(nx.DiGraph([("a", "b"), ("a", "c")])), is_tree(nx.cycle_graph(3))
    (True, False)
    """
    if not G:
        return False
    if G.is_multigraph():  # links between the same two nodes count apart
        return nx.is_tree(G.to_undirected(as_view=True) if G.is_directed() else G)
    neighbours = {node: set(G.adj[node]) for node in G}
    if G.is_directed():
        for node, successors in G.adj.items():
            for successor in successors:
                neighbours[successor].add(node)
    links = sum(len(others) for others in neighbours.values())  # each link twice, a loop once
    if links != 2 * (len(neighbours) - 1):
        return False
    root = next(iter(neighbours))
    seen, todo = {root}, [root]
    while todo:
        for other in neighbours[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(neighbours)


def graph_tree_layout(G: nx.Graph, root: Hashable) -> Positions:
    """A tidy layout of the tree (or the BFS tree of the graph) ``G`` hanging from ``root``.

    Nodes that ``root`` cannot reach are set in a row below the rest.

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> graph_tree_layout(notes_tree(), "A")["R"]
    (4.0, -4.0)
    """
    pos = tree_layout(bfs_children(G, root), root)
    missing = [n for n in G.nodes if n not in pos]
    low = min((y for _, y in pos.values()), default=0.0) - 1.0
    for i, node in enumerate(missing):
        pos[node] = (float(i), low)
    return pos


def grid_positions(G: nx.Graph) -> Positions:
    """Cells ``(row, col)`` at x = col, y = -row, so row 0 is at the top.

    >>> grid_positions(nx.Graph([((0, 0), (1, 0))]))
    {(0, 0): (0.0, 0.0), (1, 0): (0.0, -1.0)}
    """
    return {node: (float(node[1]), float(-node[0])) for node in G.nodes}


def graph_positions(G: nx.Graph, seed: int = 1) -> Positions:
    """A seeded spring layout of the largest connected piece, the other pieces in a row below.

    A spring layout of a disconnected graph pushes the small pieces far away
    and squeezes the rest; laying the pieces out apart keeps every node
    readable. Above ``SPRING_LIMIT`` nodes a circle is drawn instead (a spring
    layout would take seconds).

    >>> pos = graph_positions(nx.Graph([(0, 1), (1, 2), (3, 4)]))
    >>> sorted(pos) == [0, 1, 2, 3, 4], pos[3][1] < min(pos[n][1] for n in (0, 1, 2))
    (True, True)
    """
    if G.number_of_nodes() > SPRING_LIMIT:
        return {n: (float(x), float(y)) for n, (x, y) in nx.circular_layout(G).items()}
    undirected = G.to_undirected(as_view=True) if G.is_directed() else G
    pieces = sorted(nx.connected_components(undirected), key=len, reverse=True)
    main, rest = pieces[0], pieces[1:]
    pos = _spread(_fitted(_spring(undirected.subgraph(main), seed), 0.0, 0.0, 1.0, 1.0))
    if not rest:
        return pos
    slot = 1.0 / max(len(rest), 8)
    for i, piece in enumerate(rest):
        left = (i % 8) * slot * (8 / max(1, min(len(rest), 8)))
        row = i // 8
        box = _fitted(
            _spring(undirected.subgraph(piece), seed), left, -0.22 - 0.18 * row, slot, 0.1
        )
        pos.update(box)
    return pos


def _spring(G: nx.Graph, seed: int) -> dict:
    if G.number_of_nodes() == 1:
        return {next(iter(G.nodes)): (0.0, 0.0)}
    k = 2.0 / max(1, G.number_of_nodes()) ** 0.5
    return nx.spring_layout(G, seed=seed, k=k, iterations=150)


def _spread(pos: Positions, rounds: int = 60) -> Positions:
    """Push apart nodes that a spring layout left on top of each other, then refit to [0, 1]².

    Nodes closer than about 0.3/√n (a node's drawn size) repel until they are not.
    """
    nodes = list(pos)
    if len(nodes) < 2:
        return pos
    xy = np.array([pos[n] for n in nodes], dtype=float)
    gap = 0.32 / len(nodes) ** 0.5
    for _ in range(rounds):
        delta = xy[:, None, :] - xy[None, :, :]
        dist = np.hypot(delta[..., 0], delta[..., 1])
        np.fill_diagonal(dist, 1e9)
        close = dist < gap
        if not close.any():
            break
        push = np.where(close, (gap - dist) / np.maximum(dist, 1e-9) / 2, 0.0)
        xy += (delta * push[..., None]).sum(axis=1)
    return _fitted(dict(zip(nodes, map(tuple, xy), strict=True)), 0.0, 0.0, 1.0, 1.0)


def _fitted(layout: dict, left: float, bottom: float, width: float, height: float) -> Positions:
    """``layout`` scaled into the box (a single node goes to the box's centre)."""
    xs = [float(x) for x, _ in layout.values()]
    ys = [float(y) for _, y in layout.values()]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    fitted = {}
    for node, (x, y) in layout.items():
        fx = (float(x) - min(xs)) / span_x if span_x else 0.5
        fy = (float(y) - min(ys)) / span_y if span_y else 0.5
        fitted[node] = (left + fx * width, bottom + fy * height)
    return fitted


#: Where to draw the nodes of ``first_touch_trap()``: the long route above, the short one below.
TRAP_POSITIONS: Positions = {
    "s": (0.0, 0.0),
    "a": (1.0, 1.0),
    "x": (2.0, 1.0),
    "c": (3.0, 1.0),
    "t": (4.0, 0.0),
    "b": (4 / 3, -1.0),
    "d": (8 / 3, -1.0),
}
