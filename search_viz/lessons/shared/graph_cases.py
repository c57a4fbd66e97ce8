"""The problems the graph lessons search (uninformed and bidirectional search), built from inputs.

A :class:`Case` is what the sidebar chose: the problem, how to draw it (a
:class:`~search_viz.lessons.shared.graph_drawing.GraphView`, or none for the
8-puzzle, whose states are drawn as a search tree), and a key that names it
for the caches. :func:`build_case` is pure, so pages cache it and tests call
it directly. :func:`capped` bounds a search, so no page ever hangs.

>>> case = build_case(NOTES_TREE, ("A", "R", True))
>>> case.problem, case.label("R")
(GraphProblem(<directed graph, 18 nodes>, 'A', 'R'), 'R')
>>> path_text(list("ACGLR"))
'A → C → G → L → R'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import networkx as nx

import search_viz as sv
from search_viz.lessons.shared.graph_drawing import GraphView
from search_viz.lessons.shared.graph_layout import TRAP_POSITIONS
from search_viz.problems.edge_list import parse_edge_list
from search_viz.problems.eight_puzzle import (
    HARDEST_STARTS,
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    compact,
    scramble,
)
from search_viz.problems.graph_examples import (
    NOTES_TREE_ROOT,
    first_touch_trap,
    grid_maze,
    notes_tree,
    random_graph,
)
from search_viz.problems.maze_text import maze_size, parse_maze, walls_of

NOTES_TREE = "The notes' tree"
MAZE = "Grid maze"
OWN_MAZE = "Your maze"
RANDOM = "Random graph"
EDGE_LIST = "Edge list"
PUZZLE = "8-puzzle"
TRAP = "First-touch trap"

PUZZLE_INSTANCES = {
    "the notes' (5 moves)": (NOTES_START, NOTES_GOAL),
    "31 moves: 867 254 3_1": (HARDEST_STARTS[0], ORDERED_GOAL),
    "31 moves: 647 85_ 321": (HARDEST_STARTS[1], ORDERED_GOAL),
    "scrambled from 123 456 78_": None,
}

MAZE_SIZES = (4, 30)
GRAPH_NODES = (5, 80)

#: A page never records more events than this: a search that would go on is stopped, and says so.
MAX_EVENTS = 20_000

Label = Callable[[Any], str]


@dataclass(frozen=True)
class Case:
    """A problem to search, chosen in the sidebar.

    ``key`` names it for caches (equal keys: the same problem); ``view`` is
    None for the 8-puzzle, whose states are drawn as a search tree instead.
    ``error`` explains why there is no problem (bad input), the input kept.
    """

    key: tuple
    kind: str
    description: str
    problem: sv.Problem | None = None
    view: GraphView | None = None
    error: str | None = None

    def label(self, node: Any) -> str:
        """A node's name for sentences and tables (a board in one line for the 8-puzzle)."""
        return node_label(node, puzzle=self.kind == PUZZLE)


@lru_cache(maxsize=1 << 16, typed=True)  # a film names its nodes at every step
def node_label(node: Any, *, puzzle: bool = False) -> str:
    """A node's name as a student reads it: boards as ``283/164/7_5``, cells as ``(r, c)``.

    >>> node_label((0, 3)), node_label((2, 8, 3, 1, 6, 4, 7, 0, 5), puzzle=True), node_label("$x$")
    ('(0, 3)', '283/164/7_5', '$x$')
    """
    if puzzle and isinstance(node, tuple) and len(node) == 9:
        return compact(node)
    if isinstance(node, tuple):
        return "(" + ", ".join(str(x) for x in node) + ")"
    return str(node)


def path_text(path: Sequence[Hashable], label: Label = str, limit: int = 12) -> str:
    """A path as "A → B → C", shortened in the middle when long.

    >>> path_text(list("ABCDEFGHIJKLMNOP"), limit=6)
    'A → B → C → … → N → O → P'
    """
    names = [label(n) for n in path]
    if len(names) > limit:
        half = limit // 2
        names = [*names[:half], "…", *names[-half:]]
    return " → ".join(names)


def steps_text(n: int) -> str:
    """``n`` steps, in words.

    >>> steps_text(1), steps_text(3)
    ('1 step', '3 steps')
    """
    return f"{n} step" + ("" if n == 1 else "s")


def farthest(G: nx.Graph, start: Hashable) -> Hashable:
    """The node farthest from ``start`` (in its reach; the first such in G's order): a goal
    worth searching for.

    >>> farthest(nx.path_graph(4), 1)
    3
    """
    distances = nx.single_source_shortest_path_length(G, start)
    order = {node: i for i, node in enumerate(G)}
    return max(distances, key=lambda node: (distances[node], -order[node]))


def build_case(kind: str, params: tuple) -> Case:
    """Build the case ``kind`` from its parameters (the widgets' values, in a tuple).

    For a random graph and an edge list, ``params`` end with the start and the
    goal; None there means the default (the first node; the farthest node from
    the start, or the last node typed).

    >>> build_case(RANDOM, (24, 2.5, 3, False, 0, None)).problem.goal
    2
    >>> build_case(EDGE_LIST, ("A", False, None, None)).error
    "line 1: 'A' is one name; write two node names, and a cost if you like: 'A B' or 'A B 3'"
    """
    key = (kind, params)
    try:
        return _build(kind, params, key)
    except ValueError as error:
        return Case(key, kind, "", error=str(error))


def _maze_case(key: tuple, kind: str, what: str, G, start, goal) -> Case:
    """A maze's case: ``what`` it is, then how a step moves (the same in every maze)."""
    return Case(
        key,
        kind,
        f"{what}; a step goes up, left, right or down (tried in that order).",
        sv.GraphProblem(G, start, goal),
        GraphView.of(G, start, goal, kind="grid"),
    )


def _build(kind: str, params: tuple, key: tuple) -> Case:
    if kind == NOTES_TREE:
        start, goal, directed = params
        G = notes_tree(directed=directed)
        arrows = "parent to child" if directed else "either way"
        # Drawn as the notes draw it, root on top, whichever node the search starts from.
        view = GraphView.of(G, start, goal, kind="tree", root=NOTES_TREE_ROOT)
        return Case(
            key,
            kind,
            f"The tree of the lecture notes (edges followed {arrows}), from {start} to {goal}.",
            sv.GraphProblem(G, start, goal),
            view,
        )
    if kind == MAZE:
        size, walls, seed = params
        G = grid_maze(size, walls, seed)
        start, goal = (0, 0), (size - 1, size - 1)
        what = f"A {size} x {size} maze, {walls:.0%} of it walls (seed {seed}): from the top left "
        return _maze_case(key, kind, what + "S to the bottom right G", G, start, goal)
    if kind == OWN_MAZE:
        (text,) = params
        G, start, goal = parse_maze(text, MAZE_SIZES)
        size = maze_size(G)
        what = (
            f"Your {size} x {size} maze, {len(walls_of(G))} walls: from S {node_label(start)} "
            f"to G {node_label(goal)}"
        )
        return _maze_case(key, kind, what, G, start, goal)
    if kind == RANDOM:
        nodes, degree, seed, directed, start, goal = params
        G = random_graph(nodes, degree, seed, directed=directed)
        start = 0 if start is None else start
        goal = farthest(G, start) if goal is None else goal
        what = "directed " if directed else ""
        return Case(
            key,
            kind,
            f"A random {what}graph: {nodes} nodes, {G.number_of_edges()} edges "
            f"(seed {seed}), from {start} to {goal}.",
            sv.GraphProblem(G, start, goal),
            GraphView.of(G, start, goal, kind="graph"),
        )
    if kind == EDGE_LIST:
        text, directed, start, goal = params
        G = parse_edge_list(text, directed=directed)
        nodes = list(G.nodes)
        start = nodes[0] if start is None else start
        goal = nodes[-1] if goal is None else goal
        return Case(
            key,
            kind,
            f"Your graph: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges, "
            f"from {start} to {goal}.",
            sv.GraphProblem(G, start, goal),
            GraphView.of(G, start, goal, kind="graph"),
        )
    if kind == PUZZLE:
        instance, moves, seed = params
        chosen = PUZZLE_INSTANCES[instance]
        if chosen is None:
            start, goal = scramble(ORDERED_GOAL, moves, seed), ORDERED_GOAL
            what = f"{moves} random moves from the goal (seed {seed})"
        else:
            (start, goal), what = chosen, instance
        return Case(
            key,
            kind,
            f"The 8-puzzle, {what}: from {compact(start)} to {compact(goal)}.",
            sv.EightPuzzle(start, goal=goal),
        )
    if kind == TRAP:
        G = first_touch_trap()
        return Case(
            key,
            kind,
            "Two routes from s to t: s a x c t (4 edges) above, s b d t (3 edges) below.",
            sv.GraphProblem(G, "s", "t"),
            GraphView.of(G, "s", "t", kind="graph", pos=TRAP_POSITIONS),
        )
    raise ValueError(f"unknown problem {kind!r}")


def capped(search: sv.trace.SearchGenerator, max_events: int = MAX_EVENTS):
    """Pass ``search``'s events on, but stop it after ``max_events`` (a page must never hang).

    Returns the search's own Result when it ends in time; else a Result whose
    ``stats["stopped"]`` is the number of events let through.

    >>> G = nx.complete_graph(9)
    >>> G.add_node("far")  # unreachable: DLS would try every path of 8 steps
    >>> sv.run(capped(sv.dls(sv.GraphProblem(G, 0, "far"), 8), 10)).stats
    {'stopped': 10}
    """
    count = 0
    try:
        while True:
            event = next(search)
            if count == max_events:
                search.close()
                return sv.Result(stats={"stopped": max_events})
            count += 1
            yield event
    except StopIteration as stop:
        return stop.value


def record(search: sv.trace.SearchGenerator, max_events: int = MAX_EVENTS) -> sv.Trace:
    """The trace of ``search``, stopped after ``max_events`` (see :func:`capped`).

    >>> record(sv.bfs(sv.GraphProblem(nx.path_graph(3), 0, 2))).result.path
    [0, 1, 2]
    """
    return sv.Trace.record(capped(search, max_events), limit=max_events + 1)


def stopped(trace: sv.Trace) -> bool:
    """Whether the search of ``trace`` was stopped by the cap before it ended.

    >>> stopped(record(sv.bfs(sv.GraphProblem(nx.path_graph(30), 0, 29)), 5))
    True
    """
    result = trace.result
    return isinstance(result, sv.Result) and "stopped" in (result.stats or {})
