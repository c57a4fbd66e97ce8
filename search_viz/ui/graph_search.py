"""The sidebar and panels of the graph-search lessons (uninformed and bidirectional search).

:func:`choose_case` draws the problem widgets (every one bound to the URL)
and returns a :class:`Case`: what to search, how to draw it, and a key that
names it for the caches. Building a case is pure (:func:`build_case`), so the
pages cache it and tests call it directly.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
import streamlit as st

import search_viz as sv
from search_viz.events import format_value
from search_viz.film.style import OKABE_ITO
from search_viz.lessons.shared.graph_layout import TRAP_POSITIONS
from search_viz.problems.edge_list import EXAMPLE, MAX_EDGES, MAX_NODES, parse_edge_list
from search_viz.problems.eight_puzzle import (
    HARDEST_STARTS,
    NOTES_GOAL,
    NOTES_START,
    ORDERED_GOAL,
    compact,
    scramble,
)
from search_viz.problems.graph_examples import (
    NOTES_TREE_GOAL,
    NOTES_TREE_ROOT,
    first_touch_trap,
    grid_maze,
    notes_tree,
    random_graph,
)
from search_viz.render.graph_search import GraphView

NOTES_TREE = "The notes' tree"
MAZE = "Grid maze"
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
        """A node's name for sentences and strips (boards in one line for the 8-puzzle)."""
        if self.kind == PUZZLE and isinstance(node, tuple):
            return compact(node)
        if isinstance(node, tuple):
            return "(" + ", ".join(str(x) for x in node) + ")"
        return str(node)


def _farthest(G: nx.Graph, start: Hashable) -> Hashable:
    """The node farthest from ``start`` (in its reach), a goal worth searching for."""
    distances = nx.single_source_shortest_path_length(G, start)
    return max(distances, key=lambda node: (distances[node], -list(G).index(node)))


def build_case(kind: str, params: tuple) -> Case:
    """Build the case ``kind`` from its parameters (the widgets' values, in a tuple).

    >>> build_case(NOTES_TREE, ("A", "R", True)).problem
    GraphProblem(<directed graph, 18 nodes>, 'A', 'R')
    >>> build_case(EDGE_LIST, ("A", False, None, None)).error
    "line 1: 'A' is one name; write two node names, and a cost if you like: 'A B' or 'A B 3'"
    """
    key = (kind, params)
    try:
        return _build(kind, params, key)
    except ValueError as error:
        return Case(key, kind, "", error=str(error))


def _build(kind: str, params: tuple, key: tuple) -> Case:
    if kind == NOTES_TREE:
        start, goal, directed = params
        G = notes_tree(directed=directed)
        arrows = "parent to child" if directed else "either way"
        # Drawn as the notes draw it, root on top, whichever node the search starts from.
        view = GraphView.of(G, start, goal, kind="tree", pos=_tree_positions())
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
        return Case(
            key,
            kind,
            f"A {size} x {size} maze, {walls:.0%} of it walls (seed {seed}): from the top left "
            "S to the bottom right G; a step goes up, left, right or down (tried in that order).",
            sv.GraphProblem(G, start, goal),
            GraphView.of(G, start, goal, kind="grid"),
        )
    if kind == RANDOM:
        nodes, degree, seed, directed, start, goal = params
        G = random_graph(nodes, degree, seed, directed=directed)
        goal = _farthest(G, start) if goal is None else goal
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


def _tree_positions() -> dict:
    return GraphView.of(notes_tree(), NOTES_TREE_ROOT, NOTES_TREE_GOAL, kind="tree").pos


@st.cache_resource(show_spinner=False, max_entries=64)
def cached_case(kind: str, params: tuple) -> Case:
    """:func:`build_case`, once per server for each problem.

    >>> cached_case(MAZE, (4, 0.0, 1)).problem.goal
    (3, 3)
    """
    return build_case(kind, params)


# ----------------------------------------------------------------------- the sidebar
def _keep_valid(key: str, options: Sequence, default: Any) -> None:
    """Before a selectbox is drawn: put ``default`` in its state if its value is not an option."""
    if key in st.session_state and st.session_state[key] not in options:
        st.session_state[key] = default


def _node_pair(
    nodes: Sequence, start_default: Any, goal_default: Any, fmt: Callable = str
) -> tuple[Any, Any]:
    """Start and goal selectboxes over ``nodes`` (bound to the URL as start and goal)."""
    nodes = list(nodes)
    _keep_valid("start", nodes, start_default)
    start = st.selectbox(
        "Start",
        nodes,
        index=nodes.index(start_default),
        key="start",
        bind="query-params",
        format_func=fmt,
    )
    _keep_valid("goal", nodes, goal_default)
    goal = st.selectbox(
        "Goal",
        nodes,
        index=nodes.index(goal_default),
        key="goal",
        bind="query-params",
        format_func=fmt,
    )
    return start, goal


def choose_case(
    kinds: Sequence[str],
    defaults: dict[str, Any] | None = None,
    puzzles: Sequence[str] = tuple(PUZZLE_INSTANCES),
) -> Case:
    """The problem widgets of a graph-search page, in the sidebar; the chosen case.

    ``defaults`` overrides the widgets' defaults for this page (e.g. the
    bidirectional page's tree runs between two leaves).
    """
    d = {
        "tree_start": NOTES_TREE_ROOT,
        "tree_goal": NOTES_TREE_GOAL,
        "tree_directed": True,
        "maze_size": 12,
        "nodes": 24,
        "puzzle": "the notes' (5 moves)",
        **(defaults or {}),
    }
    kind = st.selectbox(
        "Problem",
        kinds,
        key="problem",
        bind="query-params",
        help="What to search: the lecture notes' examples, a random one, or your own.",
    )
    if kind == NOTES_TREE:
        T = notes_tree()
        start, goal = _node_pair(list(T.nodes), d["tree_start"], d["tree_goal"])
        return cached_case(kind, (start, goal, d["tree_directed"]))
    if kind == MAZE:
        size = st.slider("Maze size", *MAZE_SIZES, d["maze_size"], key="size", bind="query-params")
        walls = st.slider(
            "Wall density", 0.0, 0.45, 0.25, step=0.05, key="walls", bind="query-params"
        )
        seed = st.number_input("Seed", 0, 9999, 1, key="seed", bind="query-params")
        return cached_case(kind, (size, round(walls, 2), int(seed)))
    if kind == RANDOM:
        nodes = st.slider("Nodes", *GRAPH_NODES, d["nodes"], key="nodes", bind="query-params")
        degree = st.slider(
            "Mean degree", 1.0, 6.0, 2.5, step=0.5, key="degree", bind="query-params"
        )
        seed = st.number_input("Seed", 0, 9999, 3, key="seed", bind="query-params")
        directed = st.toggle("Directed edges", False, key="directed", bind="query-params")
        G = random_graph(nodes, degree, int(seed), directed=directed)
        start, goal = _node_pair(range(nodes), 0, _farthest(G, 0))
        return cached_case(kind, (nodes, degree, int(seed), directed, start, goal))
    if kind == EDGE_LIST:
        text = st.text_area(
            "Edges",
            EXAMPLE,
            height=220,
            key="edges",
            bind="query-params",
            help=(
                f"One edge per line: two node names, and a cost if you like ('A B' or 'A B 3'). "
                f"At most {MAX_EDGES} edges and {MAX_NODES} nodes; # starts a comment."
            ),
        )
        directed = st.toggle("Directed edges", False, key="directed", bind="query-params")
        try:
            nodes = list(parse_edge_list(text, directed=directed).nodes)
        except ValueError:
            return cached_case(kind, (text, directed, None, None))
        start, goal = _node_pair(nodes, nodes[0], nodes[-1])
        return cached_case(kind, (text, directed, start, goal))
    if kind == PUZZLE:
        instance = puzzles[0]
        if len(puzzles) > 1:
            instance = st.selectbox(
                "Instance",
                list(puzzles),
                index=list(puzzles).index(d["puzzle"]),
                key="instance",
                bind="query-params",
            )
        moves, seed = 0, 0
        if PUZZLE_INSTANCES[instance] is None:
            moves = st.slider("Scramble moves", 1, 60, 20, key="moves", bind="query-params")
            seed = int(st.number_input("Seed", 0, 9999, 1, key="seed", bind="query-params"))
        return cached_case(kind, (instance, moves, seed))
    return cached_case(kind, ())


# ----------------------------------------------------------------------- panels
def _chip(text: str, color: str, emphasis: bool = False, scale: float = 1.0) -> str:
    weight = "700" if emphasis else "400"
    border = f"3px solid {OKABE_ITO['orange']}" if emphasis else "1px solid #888"
    return (
        f'<span style="display:inline-block;border:{border};border-radius:5px;'
        f"padding:0.05em 0.45em;margin:0.12em;background:{color};color:#111;"
        f"font-family:ui-monospace,Menlo,Consolas,monospace;font-size:{0.85 * scale:.2f}rem;"
        f'font-weight:{weight}">{html.escape(text)}</span>'
    )


def frontier_html(
    nodes: Sequence,
    discipline: str,
    label: Callable = str,
    values: dict | None = None,
    limit: int = 24,
    scale: float = 1.0,
) -> str:
    """The frontier as a queue (FIFO), a stack (LIFO) or a priority queue, next node marked.

    ``nodes`` are in the order they were put on. ``values``: each node's f
    (priority queue only).

    >>> out = frontier_html(["B", "C"], "queue")
    >>> "front" in out, out.index(">B<") < out.index(">C<")
    (True, True)
    """
    items = list(nodes)
    if discipline == "stack":
        items = items[::-1]  # the top first
        title = "Stack (last in, first out)"
        ends = ("top", "bottom")
    elif discipline == "priority":
        items = sorted(items, key=lambda n: (values or {}).get(n, 0))
        title = "Priority queue (lowest g first)"
        ends = ("next", "last")
    else:
        title = "Queue (first in, first out)"
        ends = ("front", "back")
    if not items:
        body = "<i>empty</i>"
    else:
        chips = []
        for i, node in enumerate(items[:limit]):
            text = label(node)
            if discipline == "priority" and values and node in values:
                text += f" g={format_value(values[node])}"
            chips.append(_chip(text, "#D2E8F7", emphasis=i == 0, scale=scale))
        more = f" … and {len(items) - limit} more" if len(items) > limit else ""
        body = (
            f"<span style='color:#555'>{ends[0]} →</span> {''.join(chips)}{more} "
            f"<span style='color:#555'>← {ends[1]}</span>"
        )
    return (
        f'<div class="sv-frontier" style="font-size:{0.9 * scale:.2f}rem;line-height:1.9">'
        f"<b>{title}</b>, {len(items)} node{'s' if len(items) != 1 else ''}: {body}</div>"
    )


def iddfs_table_html(
    rows: Sequence[tuple[int, Sequence]],
    current: Any = None,
    label: Callable = str,
    scale: float = 1.0,
) -> str:
    """The table of the notes: one row per depth limit, the nodes visited in order.

    The last row grows as the replay goes on; ``current`` is marked in it.

    >>> "A B C D" in iddfs_table_html([(0, ["A"]), (1, ["A", "B", "C", "D"])])
    True
    """
    body = []
    for i, (limit, visited) in enumerate(rows):
        last = i == len(rows) - 1
        names = []
        for j, node in enumerate(visited):
            name = html.escape(label(node))
            if last and j == len(visited) - 1 and node == current:
                name = f"<b style='background:#FFE2A8;padding:0 0.2em'>{name}</b>"
            names.append(name)
        body.append(
            f"<tr><td style='text-align:center;padding:0.15em 0.6em'>{limit}</td>"
            f"<td style='padding:0.15em 0.6em;font-family:ui-monospace,Menlo,Consolas,monospace'>"
            f"{' '.join(names)}</td></tr>"
        )
    return (
        f'<table class="sv-iddfs" style="border-collapse:collapse;font-size:{0.95 * scale:.2f}rem">'
        "<thead><tr><th style='padding:0.15em 0.6em'>limit</th>"
        "<th style='text-align:left;padding:0.15em 0.6em'>DLS visits, in order</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def iddfs_rows(trace: sv.Trace, step: int) -> list[tuple[int, list]]:
    """(limit, nodes expanded in order) for each iteration begun by ``step``.

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> tr = sv.Trace.record(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), 10))
    >>> [" ".join(visited) for _, visited in iddfs_rows(tr, len(tr) - 1)][2]
    'A B E F C G D H'
    """
    rows: list[tuple[int, list]] = []
    for e in trace.events[: step + 1]:
        if e.kind == "iterate":
            rows.append((e.value, []))
        elif e.kind == "expand" and rows:
            rows[-1][1].append(e.node)
    return rows


# ----------------------------------------------------------------------- bounded runs
def capped(search: sv.trace.SearchGenerator, max_events: int):
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
