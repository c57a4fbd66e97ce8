"""Searching a networkx graph: from one node to another along its edges.

>>> import networkx as nx
>>> G = nx.Graph([("A", "B"), ("A", "C"), ("B", "D")])
>>> p = GraphProblem(G, "A", "D")
>>> list(p.successors("A")), list(p.predecessors("D")), p.is_goal("D")
(['B', 'C'], ['B'], True)
"""

from __future__ import annotations

from collections.abc import Hashable, KeysView

import networkx as nx

from search_viz.checks import WrongTypeError, describe
from search_viz.problems.search_problem import Problem

#: The edge attribute that holds an action's cost (uniform-cost search reads it).
WEIGHT = "weight"


class GraphProblem(Problem):
    """Go from ``start`` to ``goal`` in the networkx graph ``G``.

    An action is the neighbour to go to; children come in ``G``'s adjacency
    order. Directed graphs are followed along their edges, and a backward
    search follows them in reverse. An edge's cost is its ``weight``
    attribute (1 where it has none; the cheapest of parallel edges in a
    multigraph).

    >>> G = nx.DiGraph([("s", "a", {"weight": 4}), ("a", "t", {"weight": 2})])
    >>> p = GraphProblem(G, "s", "t")
    >>> p.actions("s"), p.action_cost("s", "a", "a"), list(p.predecessors("t"))
    (['a'], 4, ['a'])
    >>> GraphProblem(G, "s", "x")
    Traceback (most recent call last):
    ...
    ValueError: the goal 'x' is not a node of the graph
    >>> GraphProblem("ABC", "A", "C")
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: G must be a networkx graph (nx.Graph, nx.DiGraph, ...), \
not 'ABC' (a str)
    """

    def __init__(self, G: nx.Graph, start: Hashable, goal: Hashable) -> None:
        if not isinstance(G, nx.Graph):  # DiGraph, MultiGraph and MultiDiGraph are Graphs too
            raise WrongTypeError(
                f"G must be a networkx graph (nx.Graph, nx.DiGraph, ...), not {describe(G)} "
                f"(a {type(G).__name__})"
            )
        for role, node in (("start", start), ("goal", goal)):
            try:
                present = node in G
            except TypeError:  # an unhashable node
                present = False
            if not present:
                raise ValueError(f"the {role} {describe(node)} is not a node of the graph")
        super().__init__(start, goal)
        self.graph = G
        # The raw dicts of neighbours: a search asks for them once per node, and
        # G.adj[node] would build a view object each time.
        self._forward = G._adj
        self._backward = G._pred if G.is_directed() else G._adj

    def actions(self, state: Hashable) -> list[Hashable]:
        """The neighbours of ``state`` (its successors in a directed graph)."""
        return list(self._forward[state])

    def result(self, state: Hashable, action: Hashable) -> Hashable:
        """Going to the neighbour ``action`` puts us there."""
        return action

    def is_goal(self, state: Hashable) -> bool:
        """Whether ``state`` is the goal node."""
        return state == self.goal

    def action_cost(self, state: Hashable, action: Hashable, result: Hashable) -> float:
        """The ``weight`` of the edge from ``state`` to ``result`` (1 if it has none)."""
        data = self._forward[state][result]
        if self.graph.is_multigraph():
            return min(d.get(WEIGHT, 1) for d in data.values())
        return data.get(WEIGHT, 1)

    def successors(self, state: Hashable) -> KeysView:
        """The neighbours of ``state`` in adjacency order (same as :meth:`actions`)."""
        return self._forward[state].keys()

    def steps(self, state: Hashable) -> list[tuple[Hashable, float]]:
        """The neighbours of ``state`` with the costs of the edges to them."""
        if self.graph.is_multigraph():
            return [
                (child, min(d.get(WEIGHT, 1) for d in keyed.values()))
                for child, keyed in self._forward[state].items()
            ]
        return [(child, data.get(WEIGHT, 1)) for child, data in self._forward[state].items()]

    def predecessors(self, state: Hashable) -> KeysView:
        """The nodes with an edge to ``state``: in-neighbours if directed, else neighbours."""
        return self._backward[state].keys()

    def __repr__(self) -> str:
        kind = "directed" if self.graph.is_directed() else "undirected"
        return (
            f"GraphProblem(<{kind} graph, {self.graph.number_of_nodes()} nodes>, "
            f"{self.initial!r}, {self.goal!r})"
        )
