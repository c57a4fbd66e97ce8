"""The bidirectional-search page: the problem in the sidebar, the replay (with plain BFS beside
it in compare mode), then what meeting in the middle saves, in this problem's numbers.
"""

from __future__ import annotations

import streamlit as st

import search_viz as sv
from search_viz.film import Film
from search_viz.lessons.bidirectional import edits, inputs
from search_viz.lessons.bidirectional.charts import (
    COLUMN_SIZE,
    PROJECTOR_SIZE,
    expansions_chart,
)
from search_viz.lessons.bidirectional.descriptions import expansions_alt, solution_alt
from search_viz.lessons.bidirectional.drawing import TITLES, bidirectional_film, plain_film
from search_viz.lessons.bidirectional.puzzle_layers import layers_film
from search_viz.lessons.bidirectional.sentences import branching_argument
from search_viz.lessons.shared.eight_puzzle import path_strip_figure
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.graph_cases import MAX_EVENTS, PUZZLE, TRAP, record, stopped
from search_viz.lessons.shared.graph_inputs import (
    START_GOAL,
    cached_case,
    edited_key,
    maze_widgets,
    start_goal_widgets,
)
from search_viz.ui.film_player import Editing, film_player
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.presenter import scale
from search_viz.ui.spinners import cached_resource

#: The 8-puzzle's searches are recorded up to this many events (the hardest takes 32,702).
PUZZLE_EVENTS = 60_000


@cached_resource(spinner="Searching…", max_entries=64, ttl=3600)
def cached_trace(kind: str, params: tuple, turns: str) -> sv.Trace:
    """Bidirectional search on the case, recorded (stopped at the cap)."""
    problem = cached_case(kind, params).problem
    cap = PUZZLE_EVENTS if kind == PUZZLE else MAX_EVENTS
    return record(sv.bidirectional_bfs(problem, step=turns), cap)


@cached_resource(spinner="Running plain BFS for comparison…", max_entries=64, ttl=3600)
def cached_plain(kind: str, params: tuple) -> tuple[sv.Trace | None, tuple[int, ...], sv.Result]:
    """Plain BFS on the same problem: its trace (graphs), its layer sizes, its Result.

    On the 8-puzzle only the counts are kept: 181,440 states make 360,000 events.
    """
    case = cached_case(kind, params)
    if case.view is not None:
        trace = record(sv.bfs(case.problem))
        return trace, (), trace.result
    layers: list[int] = []
    search = sv.bfs(case.problem)
    try:
        while True:
            e = next(search)
            if e.kind == "generate":
                layers.extend([0] * (e.depth + 1 - len(layers)))
                layers[e.depth] += 1
    except StopIteration as stop:
        return None, tuple(layers), stop.value


@cached_resource(spinner="Drawing the replay…", max_entries=32, ttl=3600)
def cached_film(kind: str, params: tuple, turns: str) -> Film:
    """The bidirectional film, shared by every session."""
    case = cached_case(kind, params)
    trace = cached_trace(kind, params, turns)
    if case.view is None:
        return layers_film(trace, cached_plain(kind, params)[1])
    return bidirectional_film(trace, case.view, turns)


@cached_resource(spinner="Drawing plain BFS's replay…", max_entries=32, ttl=3600)
def cached_plain_film(kind: str, params: tuple) -> Film | None:
    """Plain BFS's film beside it in compare mode (graphs only: None on the 8-puzzle), shared
    by every session; built only when a page compares."""
    case = cached_case(kind, params)
    if case.view is None:
        return None
    return plain_film(cached_plain(kind, params)[0], case.view)


def cached_films(kind: str, params: tuple, turns: str) -> tuple[Film, Film | None]:
    """The bidirectional film and plain BFS's (None on the 8-puzzle): both films of compare mode.

    ``cached_films(MAZE, (16, 0.25, 1), "layer")``: the default maze's two films.
    """
    return cached_film(kind, params, turns), cached_plain_film(kind, params)


@st.cache_data(show_spinner=False, max_entries=64, ttl=3600)
def expansions_svg(kind: str, params: tuple, turns: str, zoom: float) -> str:
    trace = cached_trace(kind, params, turns)
    plain_total = cached_plain(kind, params)[2].stats.get("expanded")
    size = PROJECTOR_SIZE if zoom > 1 else COLUMN_SIZE
    return expansions_chart(trace, plain_total, scale=zoom, size=size)


@st.cache_data(show_spinner=False, max_entries=64, ttl=3600)
def boards_png(path: tuple, zoom: float) -> bytes:
    return to_png(path_strip_figure(path, scale=zoom, per_row=11))


def side_counts(trace: sv.Trace, side: str) -> tuple[int, int]:
    """(nodes expanded, nodes generated, the root not counted) by one side of the search.

    >>> import networkx as nx
    >>> tr = sv.Trace.record(sv.bidirectional_bfs(sv.GraphProblem(nx.path_graph(5), 0, 4)))
    >>> side_counts(tr, "forward")
    (2, 2)
    """
    expanded = generated = 0
    for e in trace.events:
        if e.data == side:
            expanded += e.kind == "expand"
            generated += e.kind == "generate" and e.parent is not None
    return expanded, generated


def body() -> None:
    """The page, top to bottom."""
    st.title("Bidirectional search")
    choice = inputs.sidebar()
    case = choice.case
    if case.error:
        st.error(f"This graph cannot be searched:\n\n{case.error}", icon=":material/error:")
        return
    kind, params = case.key
    st.caption(case.description)
    trace = cached_trace(kind, params, choice.turns)
    _outcome(case, trace)
    compare = choice.compare and case.view is not None  # plain BFS is filmed on graphs only
    both = cached_film(kind, params, choice.turns)
    plain = cached_plain_film(kind, params) if compare else None

    def films(problem) -> list[Film]:  # a change made in either picture changes both films
        key = edited_key(case.key, problem)
        if compare:
            return list(cached_films(*key, choice.turns))
        return [cached_film(*key, choice.turns)]

    editing = None
    if kind in START_GOAL:  # a node made the start or the goal goes into those fields
        editing = Editing(case.problem, edits.edited, start_goal_widgets, edits.HINT, films=films)
    elif kind in inputs.MAZES:  # an edited maze goes into the typed one
        editing = Editing(
            case.problem, edits.edited_maze, maze_widgets, edits.MAZE_HINT, films=films
        )
    film_player(
        [both, plain] if compare else both,
        key="bidirectional",
        titles=list(TITLES) if compare else None,
        new_problem=_new_problem,
        edit=editing,
    )
    _saving(case, choice.turns, trace)
    st.caption(
        "Bidirectional search needs one goal state to search back from (a solved Rubik's cube: "
        "yes; 'any checkmate': no) and equal step costs, so it is used on unweighted graphs."
    )


def _new_problem() -> None:
    """The player's "New problem" (called before the page runs again)."""
    inputs.new_problem(st.session_state)


def _outcome(case, trace: sv.Trace) -> None:
    """A line above the player when the search is not an ordinary find."""
    result, problem = trace.result, case.problem
    if stopped(trace):
        st.warning(
            f"The search was stopped after {result.stats['stopped']:,} steps, before it ended: "
            "choose a smaller maze or graph.",
            icon=":material/timer_off:",
        )
    elif problem.initial == problem.goal:
        st.info(
            "The start is the goal: the searches touch before either expands a node.",
            icon=":material/flag:",
        )
    elif result.path is None:
        reverse = case.view is not None and case.view.graph.is_directed()
        why = (
            " (on a directed graph the backward search follows edges in reverse)" if reverse else ""
        )
        st.info(
            "No path: one search ran out of nodes before the two could touch, so the goal "
            f"cannot be reached from the start{why}.",
            icon=":material/block:",
        )
    if case.kind == TRAP:
        st.info(
            "Expanding **one node at a time**, the searches first touch at x, on the 4-edge "
            "route, while b (forward) and d (backward) still wait in their queues. A careless "
            "search stops there, one edge too long; this one goes on until no shorter path can "
            "remain. With **a whole layer** at a time, the first touch is already on a shortest "
            "path.",
            icon=":material/lightbulb:",
        )


def _saving(case, turns: str, trace: sv.Trace) -> None:
    """What meeting in the middle saves: the argument in numbers, the chart, the solution."""
    kind, params = case.key
    result = trace.result
    plain_result = cached_plain(kind, params)[2]
    if not result.path or len(result.path) < 2 or stopped(trace) or "stopped" in plain_result.stats:
        return
    zoom = scale()
    st.header("What meeting in the middle saves")
    chart, words = st.columns([1, 1])
    with chart:
        st.image(
            expansions_svg(kind, params, turns, zoom),
            alt=expansions_alt(
                side_counts(trace, "forward")[0],
                side_counts(trace, "backward")[0],
                plain_result.stats.get("expanded"),
            ),
        )
    with words:
        plain = (plain_result.stats["expanded"], plain_result.stats["generated"] - 1)
        st.markdown(
            branching_argument(
                len(result.path) - 1,
                plain,
                side_counts(trace, "forward"),
                side_counts(trace, "backward"),
            )
        )
    if case.view is None and not presenting():
        st.markdown("**The solution, move by move**")
        st.image(boards_png(tuple(result.path), zoom), alt=solution_alt(result.path))
