"""The uninformed-search page: the problem and algorithm in the sidebar, the replay, the charts.

Top to bottom: the title and one line on the problem, what the search found
(or why it stopped, and what to change), the film player (picture, sentence,
pseudocode, counters, the frontier and the IDDFS table), then the charts:
the iterations of iterative deepening, and the frontier of BFS against DFS
(searched and drawn only while its expander is open).
"""

from __future__ import annotations

import streamlit as st

import search_viz as sv
from search_viz.film import Film
from search_viz.lessons.shared.graph_cases import (
    MAX_EVENTS,
    NOTES_TREE,
    PUZZLE,
    RANDOM,
    record,
    stopped,
)
from search_viz.lessons.shared.graph_inputs import (
    START_GOAL,
    cached_case,
    edited_key,
    maze_widgets,
    start_goal_widgets,
)
from search_viz.lessons.uninformed import edits, inputs
from search_viz.lessons.uninformed.charts import (
    frontier_after_expansions,
    frontier_chart,
    iteration_chart,
    memory_caption,
)
from search_viz.lessons.uninformed.descriptions import iterations_alt, memory_alt
from search_viz.lessons.uninformed.drawing import uninformed_film
from search_viz.lessons.uninformed.looks import ALGORITHMS, search_for
from search_viz.ui.film_player import Editing, film_player
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.presenter import scale
from search_viz.ui.spinners import cached_resource

#: The key of the memory expander (BFS against DFS), open or closed in session state.
MEMORY = "uninformed-memory"

NOTES_TABLE = [
    "A",
    "A B C D",
    "A B E F C G D H",
    "A B E I F J K C G L D H M N",
    "A B E I F J K O P C G L R D H M N S",
]


@cached_resource(spinner="Searching…", max_entries=64, ttl=3600)
def cached_trace(kind: str, params: tuple, algorithm: str, depth: int | None) -> sv.Trace:
    """The recorded search (stopped after ``MAX_EVENTS`` events)."""
    case = cached_case(kind, params)
    return record(search_for(case.problem, algorithm, depth, bounded_dfs=kind == PUZZLE))


@cached_resource(spinner="Drawing the replay…", max_entries=32, ttl=3600)
def cached_film(kind: str, params: tuple, algorithm: str, depth: int | None) -> Film:
    """The film of the search, shared by every session that asks for it."""
    case = cached_case(kind, params)
    trace = cached_trace(kind, params, algorithm, depth)
    goal = case.problem.goal if case.view is None else None
    return uninformed_film(trace, algorithm, case.view, limit=depth, goal_board=goal)


@st.cache_data(show_spinner=False, max_entries=64, ttl=3600)
def memory_chart(kind: str, params: tuple, bound: int | None, zoom: float) -> tuple[str, str]:
    """The BFS-against-DFS frontier chart as SVG text, and its caption."""
    series = {
        name: frontier_after_expansions(cached_trace(kind, params, name, bound))
        for name in ("BFS", "DFS")
    }
    peaks = {name: int(sizes.max()) if len(sizes) else 0 for name, sizes in series.items()}
    return frontier_chart(series, scale=zoom), memory_caption(peaks, kind)


@st.cache_data(show_spinner=False, max_entries=64, ttl=3600)
def iterations_svg(per_iteration: tuple[int, ...], zoom: float) -> str:
    return iteration_chart(per_iteration, scale=zoom)


def what_to_change(kind: str, algorithm: str) -> str:
    """What to change when the cap stopped a search, for this problem and algorithm.

    >>> what_to_change("Grid maze", "IDDFS")[:45]
    'Choose a smaller maze (7 x 7 works), or BFS: '
    """
    why = {
        "IDDFS": "iterative deepening tries every route again at each limit, and a graph "
        "with cycles has very many routes",
        "DLS": "depth-limited search tries every route up to its limit, and a graph with "
        "cycles has very many routes",
    }.get(algorithm, "the search space is too large to replay")
    if kind in inputs.MAZES:
        return f"Choose a smaller maze (7 x 7 works), or BFS: {why}."
    if kind == RANDOM:
        return f"Choose fewer nodes or a lower mean degree, or a smaller depth: {why}."
    if kind == PUZZLE:
        return f"Choose a smaller depth bound: {why}."
    return f"Choose a smaller depth limit, or BFS: {why}."


def body() -> None:
    """The page, top to bottom."""
    st.title("Uninformed search")
    choice = inputs.sidebar()
    case, algorithm, depth = choice.case, choice.algorithm, choice.depth
    if case.error:
        st.error(f"This graph cannot be searched:\n\n{case.error}", icon=":material/error:")
        return
    kind, params = case.key
    st.caption(f"{ALGORITHMS[algorithm][3].capitalize()}. {case.description}")
    trace = cached_trace(kind, params, algorithm, depth)
    _outcome(case, algorithm, trace)
    film = cached_film(kind, params, algorithm, depth)

    def films(problem) -> Film:
        return cached_film(*edited_key(case.key, problem), algorithm, depth)

    editing = None
    if kind in START_GOAL:
        editing = Editing(case.problem, edits.edited, start_goal_widgets, edits.HINT, films=films)
    elif kind in inputs.MAZES:  # an edited maze goes into the typed one
        editing = Editing(
            case.problem, edits.edited_maze, maze_widgets, edits.MAZE_HINT, films=films
        )
    film_player(film, key="uninformed", new_problem=inputs.new_problem, edit=editing)
    _charts(case, algorithm, depth, trace)


def _outcome(case, algorithm: str, trace: sv.Trace) -> None:
    """One line above the player when the search is not an ordinary find."""
    result = trace.result
    if stopped(trace):
        st.warning(
            f"The search was stopped after {MAX_EVENTS:,} steps, before it ended: the replay "
            f"shows only its beginning. {what_to_change(case.kind, algorithm)}",
            icon=":material/timer_off:",
        )
    elif case.problem.initial == case.problem.goal:
        st.info("The start is the goal: the path is just the start.", icon=":material/flag:")
    elif result.path is None:
        within = " within the depth limit" if result.value == "cutoff" else ""
        st.info(
            f"No path: the goal cannot be reached from the start{within}.",
            icon=":material/block:",
        )


def _charts(case, algorithm: str, depth: int | None, trace: sv.Trace) -> None:
    kind, params = case.key
    zoom = scale()
    per_iteration = tuple(trace.result.stats.get("per_iteration", ()))
    if algorithm == "IDDFS" and per_iteration:
        table, chart = st.columns([3, 2])
        with table:
            st.markdown("**Iterative deepening: each iteration starts over**")
            if kind == NOTES_TREE and case.problem.goal == "R" and case.problem.initial == "A":
                st.markdown(
                    "The lecture notes' table, limit by limit: "
                    + "; ".join(f"**{i}**: {row}" for i, row in enumerate(NOTES_TABLE))
                    + ". With limit 4 the search stops when it reaches R, having visited "
                    "A B E I F J K O P C G L R: the replay's table shows the same rows."
                )
            st.markdown(
                "Nodes near the root are visited again in every iteration, but the last "
                "level holds most of the nodes, so the repeats cost little: time stays "
                "O(b^d) while memory is that of depth-first search."
            )
        with chart:
            st.image(iterations_svg(per_iteration, zoom), alt=iterations_alt(per_iteration))
    # Lazy: BFS and DFS are run and drawn only while the expander is open. Its default is
    # part of its identity, so a student's click stands until the default changes (the
    # algorithm moves between BFS/DFS and the others, or presenter mode is switched).
    memory = st.expander(
        "Memory: how big does the frontier get? BFS against DFS",
        expanded=algorithm in ("BFS", "DFS") and not presenting(),
        key=MEMORY,
        on_change="rerun",
    )
    if memory.open:
        with memory:
            bound = (depth or inputs.BOUND) if kind == PUZZLE else None
            picture, caption = memory_chart(kind, params, bound, zoom)
            st.image(picture, alt=memory_alt(caption))
            st.caption("The frontier after each expansion, on this problem. " + caption)
    if not presenting():
        with st.expander("About this lesson"):
            st.markdown(
                "Search without knowing where the goal is: **BFS** takes the oldest node on the "
                "frontier (a queue), **DFS** the newest (a stack), **DLS** is DFS that stops at "
                "a depth limit, **IDDFS** runs DLS with limit 0, 1, 2, … and **UCS** takes the "
                "cheapest path so far. Step through the replay with the buttons or the arrow "
                "keys; Share gives a link to this very step."
            )
