"""The search tree behind a trace, for problems whose states are too many to draw as a graph.

In a tree search (depth-limited, iterative deepening) one state can stand at
several places of the tree, so a tree node is named by its place: ``(parent's
id, state)``. :class:`SearchTree` reads a trace once, gives every event the
tree node it is about, and lays out every node the search ever made; a step
then only says which of them exist and what they are.

>>> import networkx as nx, search_viz as sv
>>> G = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")])
>>> G.add_node("Z")
>>> tree = SearchTree(sv.Trace.record(sv.dls(sv.GraphProblem(G, "A", "Z"), limit=2)), True)
>>> len(tree.pos)  # D stands twice: under B and under C
5
>>> sorted(tree.statuses(tree.trace.state(-1)).values())
['cutoff', 'cutoff', 'explored', 'explored', 'explored']
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cached_property

from search_viz.lessons.shared.graph_layout import Positions, true_tree_layout
from search_viz.trace import State, Trace


class TreeId(tuple):
    """A tree node's name: ``(parent's id, state)``, a tuple that hashes in constant time.

    A plain tuple hashes its whole chain of parents at every dict lookup (a node at
    depth 25 of an 8-puzzle tree: 26 boards); this one works its hash out once, from
    its parent's. It equals, and hashes like, the plain tuple of the same nodes.

    >>> root = TreeId(None, "A")
    >>> child = TreeId(root, "B")
    >>> child == ((None, "A"), "B"), hash(child) == hash(((None, "A"), "B")), child[0] is root
    (True, True, True)
    """

    def __new__(cls, parent: TreeId | None, state: Hashable) -> TreeId:
        node = super().__new__(cls, (parent, state))
        node._hash = tuple.__hash__(node)
        return node

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        # rebuilt, not copied: hash(None) differs from one process to the next
        return TreeId, tuple(self)


_TOP = "the roots' common parent"  # a string: never a tree node, which are tuples

_KIND_STATUS = {"generate": "frontier", "expand": "explored", "cutoff": "cutoff", "goal": "goal"}


class SearchTree:
    """Every search-tree node of ``trace``, and which node each event is about.

    ``tree_search``: True for algorithms that may hold one state at several
    places (DLS, IDDFS); False for graph search, where a state put on the
    frontier again (by DFS or UCS) leaves its old place.
    """

    def __init__(self, trace: Trace, tree_search: bool) -> None:
        self.trace = trace
        self.tree_search = tree_search
        self.ids: list[TreeId | None] = []
        self.children: dict[TreeId | None, list[TreeId]] = {}
        self._read()

    def _read(self) -> None:
        expanding: dict[Hashable, TreeId] = {}  # state -> its latest expanded tree node
        pending: dict[Hashable, list[TreeId]] = {}  # state -> its tree nodes on the frontier
        known: set[TreeId] = set()
        ids, children, tree_search = self.ids, self.children, self.tree_search
        for e in self.trace.events:
            kind = e.kind
            tree_id = None
            if kind == "generate":
                parent = expanding.get(e.parent) if e.parent is not None else None
                tree_id = TreeId(parent, e.node)
                waiting = pending.setdefault(e.node, [])
                if not tree_search:
                    waiting.clear()
                waiting.append(tree_id)
                if tree_id not in known:
                    known.add(tree_id)
                    children.setdefault(parent, []).append(tree_id)
            elif kind == "expand":
                waiting = pending.get(e.node)
                tree_id = waiting.pop() if waiting else TreeId(None, e.node)
                expanding[e.node] = tree_id
            elif kind == "iterate":
                expanding, pending = {}, {}
            elif kind in ("cutoff", "goal", "done") and e.node is not None:
                tree_id = expanding.get(e.node)
            ids.append(tree_id)

    @cached_property
    def pos(self) -> Positions:
        """A tidy layout of every tree node the search made (roots side by side)."""
        roots = self.children.get(None, [])
        if not roots:
            return {}
        pos = true_tree_layout({**self.children, _TOP: roots}, _TOP)  # each node made once
        del pos[_TOP]
        return {node: (x, y + 1) for node, (x, y) in pos.items()}

    def statuses(self, state: State) -> dict[TreeId, str]:
        """The tree nodes that exist at ``state`` (in its iteration) and their statuses.

        A node put back on the frontier elsewhere (graph search) disappears
        from its old place.
        """
        statuses: dict[TreeId, str] = {}
        where: dict[Hashable, TreeId] = {}
        events, ids = self.trace.events, self.ids
        for k in range(state.since, state.step + 1):
            tree_id = ids[k]
            kind = events[k].kind
            if tree_id is None or kind == "done":
                continue
            if kind == "generate" and not self.tree_search:
                old = where.get(tree_id[1])
                if old is not None and old != tree_id and statuses.get(old) == "frontier":
                    del statuses[old]
                where[tree_id[1]] = tree_id
            statuses[tree_id] = _KIND_STATUS.get(kind, "explored")
        return statuses

    def current(self, state: State) -> TreeId | None:
        """The tree node the event at ``state`` is about, if any."""
        return self.ids[state.step]

    def path_ids(self, goal_id: TreeId) -> list[TreeId]:
        """The tree nodes from the root down to ``goal_id``."""
        path = []
        node: TreeId | None = goal_id
        while node is not None:
            path.append(node)
            node = node[0]
        return path[::-1]
