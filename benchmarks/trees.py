"""Random trees for the foundation benchmarks, and the DFS written three ways."""

from __future__ import annotations

import random

import networkx as nx

from search_viz import Event, Result


def random_tree(n: int, seed: int = 1, max_children: int = 5) -> list[list[int]]:
    """A tree of ``n`` nodes, node 0 the root, each node with 1 to ``max_children`` children."""
    rng = random.Random(seed)
    children: list[list[int]] = [[] for _ in range(n)]
    queue, head, next_node = [0], 0, 1
    while next_node < n:
        node = queue[head]
        head += 1
        for _ in range(rng.randint(1, max_children)):
            if next_node >= n:
                break
            children[node].append(next_node)
            queue.append(next_node)
            next_node += 1
    return children


def as_digraph(children: list[list[int]]) -> nx.DiGraph:
    """The same tree as a networkx DiGraph, children in the same order."""
    g = nx.DiGraph()
    g.add_nodes_from(range(len(children)))
    g.add_edges_from((parent, child) for parent, kids in enumerate(children) for child in kids)
    return g


def dfs_plain(children, node, goal, seen, depth=0):
    """Plain recursive DFS: no events. Returns the path to goal or None."""
    seen.add(node)
    if node == goal:
        return [node]
    for child in children[node]:
        if child not in seen:
            path = dfs_plain(children, child, goal, seen, depth + 1)
            if path is not None:
                return [node, *path]
    return None


def dfs_events(children, node, goal, seen, depth=0, parent=None):
    """The same DFS as an event generator: one ``expand`` per node entered."""
    seen.add(node)
    yield Event("expand", node, parent=parent, depth=depth, line=2)
    if node == goal:
        return [node]
    for child in children[node]:
        if child not in seen:
            path = yield from dfs_events(children, child, goal, seen, depth + 1, node)
            if path is not None:
                return [node, *path]
    return None


def dfs_events_stack(children, root, goal):
    """The same traversal with an explicit stack: no ``yield from`` chain."""
    seen = {root}
    stack = [(root, None, 0)]
    while stack:
        node, parent, depth = stack.pop()
        yield Event("expand", node, parent=parent, depth=depth, line=2)
        if node == goal:
            return Result(value=depth)
        for child in reversed(list(children[node])):
            if child not in seen:
                seen.add(child)
                stack.append((child, node, depth + 1))
    return Result()


def frontier_search(children, root=0):
    """A DFS with a frontier: ``generate`` for each child, ``expand`` for each node (2 per node)."""
    yield Event("generate", root, depth=0, line=1)
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        yield Event("expand", node, depth=depth, line=3)
        for child in children[node]:
            yield Event("generate", child, parent=node, depth=depth + 1, line=5)
            stack.append((child, depth + 1))
    return Result(stats={"nodes": len(children)})
