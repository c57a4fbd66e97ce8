"""The bidirectional-search lesson's sidebar: the problem, how much each turn expands, and
whether plain BFS plays beside it.

Every widget is bound to the URL, and no default depends on another input,
so a link reopens exactly what is on the screen.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass

import streamlit as st

from search_viz.lessons.shared.graph_cases import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    OWN_MAZE,
    PUZZLE,
    PUZZLE_INSTANCES,
    RANDOM,
    TRAP,
    Case,
)
from search_viz.lessons.shared.graph_inputs import choose_case
from search_viz.ui.links import link_check

PROBLEMS = [MAZE, OWN_MAZE, RANDOM, NOTES_TREE, EDGE_LIST, PUZZLE, TRAP]
#: This page's problems: the notes' tree between two leaves, a larger maze and graph.
DEFAULTS = {
    "tree_start": "O",
    "tree_goal": "S",
    "tree_directed": False,
    "maze_size": 16,
    "nodes": 40,
    "puzzle": "31 moves: 867 254 3_1",
}
TURNS = {"a whole layer": "layer", "one node": "node"}
#: The problems drawn from a seed, and the largest seed (the seed field's range).
SEEDED = (MAZE, RANDOM)
#: The mazes, whose walls, start and goal edit mode changes (into the typed maze).
MAZES = (MAZE, OWN_MAZE)
MAX_SEED = 9999
#: The 8-puzzle instance that is a random scramble.
SCRAMBLED = next(name for name, instance in PUZZLE_INSTANCES.items() if instance is None)


@dataclass(frozen=True)
class Choice:
    """What the sidebar chose: the case, how much a turn expands, and compare mode."""

    case: Case
    turns: str
    compare: bool


def sidebar() -> Choice:
    """The sidebar's widgets; what they chose."""
    with link_check(), st.sidebar:
        case = choose_case(PROBLEMS, DEFAULTS)
        if case.kind == PUZZLE:
            st.caption("On the 8-puzzle each turn expands a whole layer, as the notes do it.")
            return Choice(case, "layer", False)
        turn = st.radio(
            "Expand at each turn",
            list(TURNS),
            key="turns",
            bind="query-params",
            help=(
                "A whole layer (as the notes do it) on the side with the smaller queue, or one "
                "node at a time, the two sides in turn: try the first-touch trap with one node."
            ),
        )
        compare = st.toggle(
            "Compare with plain BFS",
            True,
            key="compare",
            bind="query-params",
            help="Plain BFS beside it, on the same graph; one player steps both.",
        )
    return Choice(case, TURNS[turn], compare)


def new_problem(state: MutableMapping) -> None:
    """Practice's "New problem": a fresh random problem, in ``state`` (the widgets' values).

    A maze or a random graph takes the next seed (a typed maze becomes a seeded
    one); the 8-puzzle becomes a scramble, with the next seed if it was one
    already; any other problem (the notes' tree, an edge list, the trap) becomes
    a random graph. The other widgets keep their values.

    >>> state = {"problem": MAZE, "seed": 7}
    >>> new_problem(state); state
    {'problem': 'Grid maze', 'seed': 8}
    >>> state = {"problem": PUZZLE, "instance": "the notes' (5 moves)"}
    >>> new_problem(state); state["instance"], state["seed"]
    ('scrambled from 123 456 78_', 1)
    >>> state = {"problem": OWN_MAZE, "seed": 7}
    >>> new_problem(state); state
    {'problem': 'Grid maze', 'seed': 8}
    >>> state = {"problem": TRAP}
    >>> new_problem(state); state["problem"], state["seed"]
    ('Random graph', 1)
    """
    kind = state.get("problem", PROBLEMS[0])
    seed = state.get("seed")
    again = kind in SEEDED + MAZES or (kind == PUZZLE and state.get("instance") == SCRAMBLED)
    if seed is None:
        state["seed"] = 1
    elif again:
        state["seed"] = int(seed) + 1 if int(seed) < MAX_SEED else 0
    if kind == PUZZLE:
        state["instance"] = SCRAMBLED
    elif kind == OWN_MAZE:
        state["problem"] = MAZE
    elif kind not in SEEDED:
        state["problem"] = RANDOM
