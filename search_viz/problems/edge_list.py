"""A graph typed as an edge list: one edge per line, ``A B`` or ``A B 3`` (with a cost).

Parsed by splitting and ``float``, never ``eval``; every problem is reported
with its line number and what is allowed.

>>> G = parse_edge_list("A B\\nB C 2.5\\n# a comment\\nA C")
>>> list(G.edges(data="weight"))
[('A', 'B', 1), ('A', 'C', 1), ('B', 'C', 2.5)]
>>> parse_edge_list("A")
Traceback (most recent call last):
...
ValueError: line 1: 'A' is one name; write two node names, and a cost if you like: 'A B' or 'A B 3'
"""

from __future__ import annotations

import math

import networkx as nx

#: Bounds on what a user may type, so a page never hangs on a huge paste.
MAX_EDGES = 400
MAX_NODES = 200
MAX_NAME = 24
#: At most this many problems are listed at once.
MAX_REPORTED = 6

EXAMPLE = """\
# one edge per line: two node names, and a cost if you like
S A 2
S B 5
A C 2
B C 1
A D 6
C D 3
D G 1
C G 7"""


def _cost(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    if not math.isfinite(value) or value < 0:
        return None
    return int(value) if value.is_integer() else value


def _line_problem(number: int, line: str) -> tuple[str | None, tuple | None]:
    """(a problem with this line, or the edge it holds)."""
    parts = line.split()
    where = f"line {number}: {line!r}"
    if len(parts) == 1:
        return f"{where} is one name; write two node names, and a cost if you like: " + (
            "'A B' or 'A B 3'"
        ), None
    if len(parts) > 3:
        return f"{where} has {len(parts)} words; write 'A B' or 'A B 3'", None
    if any(len(name) > MAX_NAME for name in parts[:2]):
        return f"{where} has a node name longer than {MAX_NAME} characters", None
    if len(parts) == 2:
        return None, (parts[0], parts[1], 1)
    cost = _cost(parts[2])
    if cost is None:
        return f"{where}: the cost {parts[2]!r} is not a number of 0 or more", None
    return None, (parts[0], parts[1], cost)


def parse_edge_list(text: str, directed: bool = False) -> nx.Graph:
    """The graph the lines of ``text`` describe, or a ValueError listing what is wrong.

    Blank lines and lines starting with ``#`` are skipped. Nodes keep the
    order in which they first appear; so do each node's neighbours. A repeated
    edge keeps its last cost. At most ``MAX_EDGES`` edges and ``MAX_NODES``
    nodes.

    >>> list(parse_edge_list("a b\\nb a", directed=True).edges)
    [('a', 'b'), ('b', 'a')]
    >>> parse_edge_list("a b x")
    Traceback (most recent call last):
    ...
    ValueError: line 1: 'a b x': the cost 'x' is not a number of 0 or more
    """
    problems: list[str] = []
    edges: list[tuple[str, str, float]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        problem, edge = _line_problem(number, line)
        if problem:
            problems.append(problem)
        else:
            edges.append(edge)
    if len(edges) > MAX_EDGES:
        problems.append(f"{len(edges)} edges is too many: at most {MAX_EDGES}")
    if problems:
        shown = problems[:MAX_REPORTED]
        if len(problems) > MAX_REPORTED:
            shown.append(f"... and {len(problems) - MAX_REPORTED} more")
        raise ValueError("\n".join(shown))
    if not edges:
        raise ValueError("no edges: write one edge per line, 'A B' or 'A B 3'")
    G = nx.DiGraph() if directed else nx.Graph()
    for a, b, cost in edges:
        G.add_edge(a, b, weight=cost)
    if G.number_of_nodes() > MAX_NODES:
        raise ValueError(f"{G.number_of_nodes()} nodes is too many: at most {MAX_NODES}")
    return G
