"""The uninformed-search lesson's sidebar: the problem, the algorithm, and its depth limit.

Every widget is bound to the URL, and no default depends on another input,
so a link reopens exactly what is on the screen.
"""

from __future__ import annotations

import random
from collections.abc import MutableMapping
from dataclasses import dataclass

import streamlit as st

from search_viz.lessons.shared.graph_cases import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    OWN_MAZE,
    PUZZLE,
    RANDOM,
    Case,
)
from search_viz.lessons.shared.graph_inputs import choose_case
from search_viz.lessons.uninformed.looks import ALGORITHMS
from search_viz.ui.choices import choose_number, choose_one
from search_viz.ui.links import link_check

PROBLEMS = [NOTES_TREE, MAZE, OWN_MAZE, RANDOM, EDGE_LIST, PUZZLE]
#: The problems' defaults on this page: a maze small enough for iterative deepening to finish.
DEFAULTS = {"maze_size": 7}
#: Depth limits: DLS's limit, IDDFS's largest limit, the 8-puzzle's bound (as the notes set it).
LIMIT, MAX_DEPTH, BOUND = 4, 20, 6
#: The largest seed the sidebar takes.
MAX_SEED = 9999
#: The mazes, whose walls, start and goal edit mode changes (into the typed maze).
MAZES = (MAZE, OWN_MAZE)


@dataclass(frozen=True)
class Choice:
    """What the sidebar chose: the case, the algorithm, and its depth (limit, largest limit
    or bound; None when the algorithm has none)."""

    case: Case
    algorithm: str
    depth: int | None

    @property
    def bounded_dfs(self) -> bool:
        """Whether DFS runs with a bound (on the 8-puzzle, as the notes do)."""
        return self.case.kind == PUZZLE


def sidebar() -> Choice:
    """The sidebar's widgets; what they chose."""
    with link_check(), st.sidebar:
        case = choose_case(PROBLEMS, DEFAULTS, puzzles=["the notes' (5 moves)"])
        algorithm = choose_one(
            "Algorithm",
            list(ALGORITHMS),
            default="IDDFS",
            key="algorithm",
            help="; ".join(f"{name}: {entry[3]}" for name, entry in ALGORITHMS.items()),
        )
        depth = _depth(case, algorithm)
    return Choice(case, algorithm, depth)


def _depth(case: Case, algorithm: str) -> int | None:
    if case.kind == PUZZLE and algorithm in ("DFS", "DLS", "IDDFS"):
        return st.slider(
            "Depth bound",
            1,
            10,
            BOUND,
            key="bound",
            bind="query-params",
            help="The notes bound DFS on the 8-puzzle at level 6; IDDFS goes up to it.",
        )
    if algorithm == "DLS":
        return int(choose_number("Depth limit", 0, 40, LIMIT, key="limit"))
    if algorithm == "IDDFS":
        return int(
            choose_number(
                "Max depth",
                0,
                40,
                MAX_DEPTH,
                key="max_depth",
                help="Iterative deepening stops at the goal, or after this limit.",
            )
        )
    return None


def new_problem(state: MutableMapping | None = None, rng: random.Random | None = None) -> None:
    """Make the page's problem a fresh random one: the player's "New problem" (practice).

    Called before the page runs again. A maze (typed too) becomes a seeded maze, anything
    else a random graph; either gets another seed in ``state`` (the
    session's, by default). The algorithm and its depth stay.

    >>> state = {"problem": NOTES_TREE, "seed": 1}
    >>> new_problem(state, random.Random(0))
    >>> state["problem"], state["seed"] != 1
    ('Random graph', True)
    """
    state = st.session_state if state is None else state
    rng = rng or random.Random()
    kind = state.get("problem")
    old = state.get("seed")
    seed = old
    while seed == old:
        seed = rng.randrange(MAX_SEED + 1)
    state["problem"] = MAZE if kind in MAZES else RANDOM
    state["seed"] = seed
