"""The sidebar the two graph lessons share (uninformed and bidirectional search): which problem.

:func:`choose_case` draws the problem's widgets, every one bound to the URL,
and returns the :class:`~search_viz.lessons.shared.graph_cases.Case` they
choose. A link must reproduce the screen, so no widget's default depends on
another input: where the natural default does (the goal of a random graph is
the node farthest from the start; an edge list's start and goal are the first
and last nodes typed), the widget starts empty, its placeholder names the
node in use, and an empty value means "the default" both on screen and in
the link. Every problem's seed starts at 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from search_viz.lessons.shared.graph_cases import (
    EDGE_LIST,
    GRAPH_NODES,
    MAZE,
    MAZE_SIZES,
    NOTES_TREE,
    OWN_MAZE,
    PUZZLE,
    PUZZLE_INSTANCES,
    RANDOM,
    Case,
    build_case,
    node_label,
)
from search_viz.problems.edge_list import EXAMPLE, MAX_EDGES, MAX_NODES, parse_edge_list
from search_viz.problems.graph_examples import (
    NOTES_TREE_GOAL,
    NOTES_TREE_ROOT,
    grid_maze,
    notes_tree,
)
from search_viz.problems.maze_text import maze_text
from search_viz.ui.choices import choose_number

#: The problems whose start and goal the sidebar chooses (edit mode changes them).
START_GOAL = (NOTES_TREE, RANDOM, EDGE_LIST)
#: The widgets' defaults; a page may change them (the same for every visitor and link).
DEFAULTS: dict[str, Any] = {
    "tree_start": NOTES_TREE_ROOT,
    "tree_goal": NOTES_TREE_GOAL,
    "tree_directed": True,
    "maze_size": 12,
    "nodes": 24,
    "puzzle": "the notes' (5 moves)",
}


@st.cache_resource(show_spinner=False, max_entries=64, ttl=3600)
def cached_case(kind: str, params: tuple) -> Case:
    """:func:`~search_viz.lessons.shared.graph_cases.build_case`, once per server per problem."""
    return build_case(kind, params)


#: A typed maze's rows line up: every cell as wide as the others.
_MAZE_CSS = (
    "<style>.st-key-maze textarea { font-family: ui-monospace, Menlo, Consolas, monospace; "
    "line-height: 1.25; }</style>"
)


def _keep_valid(key: str, options: Sequence, default: Any) -> None:
    """Before a selectbox is drawn: put ``default`` in its state if its value is not an option."""
    if (
        key in st.session_state
        and st.session_state[key] not in options
        and (st.session_state[key] is not None)
    ):
        st.session_state[key] = default


def _node(label: str, key: str, nodes: Sequence, default: Any, placeholder: str = "") -> Any:
    """A selectbox over ``nodes``, bound to the URL as ``key``.

    ``default``: the node chosen at first, or None for an empty box whose
    ``placeholder`` says which node an empty box means.
    """
    nodes = list(nodes)
    _keep_valid(key, nodes, default)
    return st.selectbox(
        label,
        nodes,
        index=None if default is None else nodes.index(default),
        key=key,
        bind="query-params",
        format_func=node_label,
        placeholder=placeholder,
    )


def choose_case(
    kinds: Sequence[str],
    defaults: dict[str, Any] | None = None,
    puzzles: Sequence[str] = tuple(PUZZLE_INSTANCES),
) -> Case:
    """The problem widgets of a graph-search page, in the sidebar; the chosen case.

    ``defaults`` overrides :data:`DEFAULTS` for this page (e.g. the
    bidirectional page's tree runs between two leaves).
    """
    d = {**DEFAULTS, **(defaults or {})}
    kind = st.selectbox(
        "Problem",
        kinds,
        key="problem",
        bind="query-params",
        help="What to search: the lecture notes' examples, a random one, or your own.",
    )
    if kind == NOTES_TREE:
        nodes = list(notes_tree().nodes)
        start = _node("Start", "start", nodes, d["tree_start"])
        goal = _node("Goal", "goal", nodes, d["tree_goal"])
        return cached_case(kind, (start, goal, d["tree_directed"]))
    if kind == MAZE:
        size = st.slider("Maze size", *MAZE_SIZES, d["maze_size"], key="size", bind="query-params")
        walls = st.slider(
            "Wall density", 0.0, 0.45, 0.25, step=0.05, key="walls", bind="query-params"
        )
        seed = choose_number("Seed", 0, 9999, 1, key="seed")
        return cached_case(kind, (size, round(walls, 2), int(seed)))
    if kind == OWN_MAZE:
        size = d["maze_size"]  # the page's first maze, as text, to change
        first = maze_text(grid_maze(size, 0.25, 1), (0, 0), (size - 1, size - 1))
        text = st.text_area(
            "Maze",
            first,
            height=220,
            key="maze",
            bind="query-params",
            help=(
                "One line per row: # a wall, . a free cell, S the start, G the goal; as many "
                f"lines as cells in each ({MAZE_SIZES[0]} to {MAZE_SIZES[1]}). Or click the "
                "picture in the player's Edit mode."
            ),
        )
        st.html(_MAZE_CSS)
        return cached_case(kind, (text,))
    if kind == RANDOM:
        nodes = st.slider("Nodes", *GRAPH_NODES, d["nodes"], key="nodes", bind="query-params")
        degree = st.slider(
            "Mean degree", 1.0, 6.0, 2.5, step=0.5, key="degree", bind="query-params"
        )
        seed = int(choose_number("Seed", 0, 9999, 1, key="seed"))
        directed = st.toggle("Directed edges", False, key="directed", bind="query-params")
        start = _node("Start", "start", range(nodes), 0)
        farthest = cached_case(kind, (nodes, degree, seed, directed, start, None)).problem.goal
        goal = _node("Goal", "goal", range(nodes), None, f"the farthest from the start: {farthest}")
        return cached_case(kind, (nodes, degree, seed, directed, start, goal))
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
        start = _node("Start", "start", nodes, None, f"the first node typed: {nodes[0]}")
        goal = _node("Goal", "goal", nodes, None, f"the last node typed: {nodes[-1]}")
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
            seed = int(choose_number("Seed", 0, 9999, 1, key="seed"))
        return cached_case(kind, (instance, moves, seed))
    return cached_case(kind, ())


def start_goal_widgets(problem) -> dict[str, object]:
    """The sidebar's values that choose ``problem``'s start and goal (edit mode puts an edited
    start or goal there, so that the link holds it).

    >>> import search_viz as sv
    >>> from search_viz.problems.graph_examples import notes_tree
    >>> start_goal_widgets(sv.GraphProblem(notes_tree(), "A", "K"))
    {'start': 'A', 'goal': 'K'}
    """
    return {"start": problem.initial, "goal": problem.goal}


def maze_widgets(problem) -> dict[str, object]:
    """The sidebar's values that choose the maze of ``problem`` as typed text (edit mode puts
    an edited maze there, so that the link holds it).

    >>> import search_viz as sv
    >>> from search_viz.problems.maze_text import maze_graph
    >>> maze_widgets(sv.GraphProblem(maze_graph(2, [(1, 0)]), (0, 0), (1, 1)))
    {'problem': 'Your maze', 'maze': 'S.\\n#G'}
    """
    return {"problem": OWN_MAZE, "maze": maze_text(problem.graph, problem.initial, problem.goal)}


def edited_key(key: tuple, problem) -> tuple:
    """The case (``(kind, params)``, as :func:`cached_case` takes it) that the sidebar chooses
    once edit mode has written ``problem`` into its widgets: :func:`start_goal_widgets` for a
    problem of ``START_GOAL``, :func:`maze_widgets` for a maze.

    >>> import search_viz as sv
    >>> edited_key((NOTES_TREE, ("A", "R", True)), sv.GraphProblem(notes_tree(), "B", "K"))[1]
    ('B', 'K', True)
    >>> edited_key((MAZE, (3, 0.0, 1)), sv.GraphProblem(grid_maze(2, 0, 1), (0, 0), (1, 1)))
    ('Your maze', ('S.\\n.G',))
    """
    kind, params = key
    if kind in (MAZE, OWN_MAZE):
        return OWN_MAZE, (maze_widgets(problem)["maze"],)
    if kind == NOTES_TREE:
        return kind, (problem.initial, problem.goal, *params[2:])
    if kind in START_GOAL:  # the start and the goal end the parameters
        return kind, (*params[:-2], problem.initial, problem.goal)
    raise ValueError(f"edit mode does not change a problem of {kind!r}")
