"""A maze as text, as a student types it: ``#`` a wall, ``.`` a free cell, ``S`` the start, ``G``
the goal, one line per row, as many rows as columns.

:func:`parse_maze` reads such text into the graph the searches walk (built as
:func:`~search_viz.problems.graph_examples.grid_maze` builds a seeded maze, so the
same cells give the same searches), :func:`maze_text` writes a maze back, and
:func:`maze_graph` builds the graph of a square of cells with some walls.

>>> G, start, goal = parse_maze('''
... S.#.
... ..#.
... ....
... #..G
... ''')
>>> start, goal, G.number_of_nodes(), G.graph["size"]
((0, 0), (3, 3), 13, 4)
>>> print(maze_text(G, start, goal))
S.#.
..#.
....
#..G
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import networkx as nx

WALL, FREE, START, GOAL = "#", ".", "S", "G"
#: The smallest and largest maze a student may type (cells a side).
SIZES = (2, 30)

Cell = tuple[int, int]


def maze_graph(size: int, walls: Iterable[Cell]) -> nx.Graph:
    """The maze of ``size`` x ``size`` cells ``(row, col)`` with these cells walled.

    The free cells are the nodes, in reading order; neighbouring free cells are
    joined, so that a cell's neighbours come in reading order: up, left, right,
    down (as in :func:`~search_viz.problems.graph_examples.grid_maze`).

    >>> M = maze_graph(3, [(1, 1)])
    >>> list(M.adj[(0, 1)]), M.graph["size"]
    ([(0, 0), (0, 2)], 3)
    """
    walled = set(walls)
    M = nx.Graph()
    M.graph["size"] = size
    M.add_nodes_from((r, c) for r in range(size) for c in range(size) if (r, c) not in walled)
    for r, c in M.nodes:
        for neighbour in ((r, c + 1), (r + 1, c)):
            if neighbour in M:
                M.add_edge((r, c), neighbour)
    return M


def maze_size(G: nx.Graph) -> int:
    """How many cells a side the maze ``G`` has (its ``size``, else what its cells reach).

    >>> maze_size(maze_graph(5, [(4, 4)])), maze_size(nx.Graph([((0, 0), (1, 0))]))
    (5, 2)
    """
    if G.graph.get("size"):
        return int(G.graph["size"])
    return 1 + max((max(r, c) for r, c in G.nodes), default=0)


def walls_of(G: nx.Graph) -> list[Cell]:
    """The maze's walled cells (those of its square that are not nodes), in reading order.

    >>> walls_of(maze_graph(3, [(2, 0), (0, 1)]))
    [(0, 1), (2, 0)]
    """
    size = maze_size(G)
    return [(r, c) for r in range(size) for c in range(size) if (r, c) not in G]


def maze_text(G: nx.Graph, start: Hashable, goal: Hashable) -> str:
    """The maze as text (see the module's docstring); what :func:`parse_maze` reads back.

    >>> maze_text(maze_graph(2, [(0, 1)]), (0, 0), (1, 1))
    'S#\\n.G'
    """
    size = maze_size(G)
    rows = []
    for r in range(size):
        row = ""
        for c in range(size):
            cell = (r, c)
            if cell == start:
                row += START
            elif cell == goal:
                row += GOAL
            else:
                row += FREE if cell in G else WALL
        rows.append(row)
    return "\n".join(rows)


def parse_maze(text: str, sizes: tuple[int, int] = SIZES) -> tuple[nx.Graph, Cell, Cell]:
    """The maze typed in ``text``: its graph, the start and the goal; a ValueError saying what
    to change. Blank lines and spaces around a line are ignored; ``s`` and ``g`` may be
    lower case. ``sizes``: the fewest and most cells a side.

    >>> parse_maze("S.\\n.G")[1:]
    ((0, 0), (1, 1))
    >>> parse_maze("S..\\n..G")
    Traceback (most recent call last):
    ...
    ValueError: A maze is square: 2 lines of 3 cells. Type as many lines as each has cells.
    """
    rows = [line.strip().upper() for line in str(text).splitlines() if line.strip()]
    if not rows:
        raise ValueError(_HOW)
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise ValueError(
                f"Line {number} has {len(row)} cells, line 1 has {width}: every line needs as many."
            )
        for column, char in enumerate(row):
            if char not in (WALL, FREE, START, GOAL):
                raise ValueError(
                    f"Line {number}, cell {column + 1}: {char!r} is not a cell. {_HOW}"
                )
    if len(rows) != width:
        raise ValueError(
            f"A maze is square: {len(rows)} lines of {width} cells. Type as many lines as each "
            "has cells."
        )
    low, high = sizes
    if not low <= width <= high:
        raise ValueError(f"A maze has {low} to {high} cells a side, not {width}.")
    ends = {}
    for mark, name in ((START, "start"), (GOAL, "goal")):
        cells = [(r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == mark]
        if len(cells) != 1:
            raise ValueError(f"A maze has one {name}, {mark}; this one has {len(cells)}. {_HOW}")
        ends[name] = cells[0]
    walls = [(r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == WALL]
    return maze_graph(width, walls), ends["start"], ends["goal"]


_HOW = (
    "Type one line per row: # a wall, . a free cell, S the start, G the goal (one each), as "
    "many lines as each has cells."
)
