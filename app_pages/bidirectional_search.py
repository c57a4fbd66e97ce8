"""Lesson: bidirectional search, two breadth-first searches meeting in the middle."""

import streamlit as st

import search_viz as sv
from search_viz.lessons.shared.eight_puzzle import board_figure, path_strip_figure
from search_viz.lessons.shared.figure import to_png
from search_viz.render.graph_lessons import bidirectional_figure_for
from search_viz.render.graph_sentences import bidirectional_sentence, branching_argument
from search_viz.render.search_charts import expansions_chart
from search_viz.ui import counters, link_check, note, pseudocode, replay, scale
from search_viz.ui.graph_search import (
    EDGE_LIST,
    MAZE,
    NOTES_TREE,
    PUZZLE,
    RANDOM,
    TRAP,
    cached_case,
    capped,
    choose_case,
)
from search_viz.ui.presenter import is_on as presenting

TURNS = {"a whole layer": "layer", "one node": "node"}
#: A page never records more events than this (a search that goes on is stopped, and says so).
MAX_EVENTS = 60_000


@st.cache_resource(show_spinner="Searching…", max_entries=64)
def cached_trace(kind: str, params: tuple, turns: str) -> sv.Trace:
    problem = cached_case(kind, params).problem
    return sv.Trace.record(capped(sv.bidirectional_bfs(problem, step=turns), MAX_EVENTS))


@st.cache_resource(show_spinner="Running plain BFS for comparison…", max_entries=64)
def cached_plain(kind: str, params: tuple) -> tuple[sv.Trace | None, list[int], sv.Result]:
    """Plain BFS on the same problem: its trace (graphs), its layer sizes, its Result.

    On the 8-puzzle only the counts are kept: 181,440 states make 360,000 events.
    """
    case = cached_case(kind, params)
    if case.view is not None:
        trace = sv.Trace.record(capped(sv.bfs(case.problem), MAX_EVENTS * 4))
        layers: list[int] = []
        for e in trace.events:
            if e.kind == "generate":
                layers.extend([0] * (e.depth + 1 - len(layers)))
                layers[e.depth] += 1
        return trace, layers, trace.result
    return None, *_count_layers(sv.bfs(case.problem))


def _count_layers(search) -> tuple[list[int], sv.Result]:
    layers: list[int] = []
    try:
        while True:
            e = next(search)
            if e.kind == "generate":
                if e.depth == len(layers):
                    layers.append(0)
                layers[e.depth] += 1
    except StopIteration as stop:
        return layers, stop.value


@st.cache_data(show_spinner=False, max_entries=4000)
def frame_png(kind: str, params: tuple, turns: str, step: int, zoom: float) -> bytes:
    return to_png(frame_figure(kind, params, turns, step, zoom))


def frame_figure(kind: str, params: tuple, turns: str, step: int, zoom: float):
    """The picture of one step (the player also exports it as PNG, SVG or GIF)."""
    case = cached_case(kind, params)
    plain, layers, _ = cached_plain(kind, params)
    return bidirectional_figure_for(
        cached_trace(kind, params, turns),
        step,
        view=case.view,
        plain=plain,
        plain_layers=layers,
        scale=zoom,
    )


@st.cache_data(show_spinner=False, max_entries=64)
def expansions_png(kind: str, params: tuple, turns: str, zoom: float) -> bytes:
    trace = cached_trace(kind, params, turns)
    plain_total = cached_plain(kind, params)[2].stats.get("expanded")
    return to_png(expansions_chart(trace, len(trace) - 1, plain_total, scale=zoom))


@st.cache_data(show_spinner=False, max_entries=64)
def boards_png(path: tuple, zoom: float) -> bytes:
    return to_png(path_strip_figure(path, scale=zoom, per_row=11))


@st.cache_data(show_spinner=False, max_entries=64)
def board_png(state: tuple, title: str, zoom: float) -> bytes:
    return to_png(board_figure(state, title, scale=zoom))


st.title("Bidirectional search")
if not presenting():  # on a projector the picture needs the room
    st.markdown(
        "One breadth-first search goes **forward** from the start, another goes **backward** from "
        "the goal, each with its own queue and its own parents. When a node is reached by both, "
        "the searches touch: the path runs from the start to that node by the forward parents and "
        "on to the goal by the backward ones. Each search only goes about half as deep."
    )

with link_check(), st.sidebar:
    case = choose_case(
        [MAZE, RANDOM, NOTES_TREE, EDGE_LIST, PUZZLE, TRAP],
        defaults={
            "tree_start": "O",
            "tree_goal": "S",
            "tree_directed": False,
            "maze_size": 16,
            "nodes": 40,
            "puzzle": "31 moves: 867 254 3_1",
        },
    )
    turn_label = st.radio(
        "Expand at each turn",
        list(TURNS),
        key="turns",
        bind="query-params",
        help=(
            "A whole layer (as the notes do it) on the side with the smaller queue, or one node "
            "at a time, the two sides in turn: try the first-touch trap with one node."
        ),
    )
    turns = TURNS[turn_label]

if case.error:
    st.error(f"This graph cannot be searched:\n\n{case.error}", icon=":material/error:")
    st.stop()

st.caption(case.description)
trace = cached_trace(case.kind, case.key[1], turns)
plain_trace, plain_layers, plain_result = cached_plain(case.kind, case.key[1])
result = trace.result
problem = case.problem
if "stopped" in result.stats:
    st.warning(
        f"The search was stopped after {MAX_EVENTS:,} steps: choose a smaller problem.",
        icon=":material/timer_off:",
    )
elif problem.initial == problem.goal:
    st.info(
        "The start is the goal: the searches touch before either expands a node.",
        icon=":material/flag:",
    )
elif result.path is None:
    st.info(
        "No path: one search ran out of nodes before the two could touch, so the goal cannot "
        "be reached from the start"
        + (
            " (on a directed graph the backward search follows edges in reverse)."
            if case.view is not None and case.view.graph.is_directed()
            else "."
        ),
        icon=":material/block:",
    )
if case.kind == TRAP:
    st.info(
        "Expanding **one node at a time**, the searches first touch at x, on the 4-edge route, "
        "while b (forward) and d (backward) still wait in their queues. A careless search "
        "stops there, one edge too long; this one goes on until no shorter path can remain. "
        "With **a whole layer** at a time, the first touch is already on a shortest path.",
        icon=":material/lightbulb:",
    )

zoom = scale()


def show(step: int) -> None:
    state = trace.state(step)
    event = state.event
    note(bidirectional_sentence(trace, step, label=case.label), step)
    st.image(frame_png(case.kind, case.key[1], turns, step, zoom))
    words, code = st.columns([1, 1])
    with words:
        expand = trace.positions("expand")
        sides = [trace.events[k].data for k in expand[expand <= step]]
        numbers = {
            "forward expanded": f"{sides.count('forward'):,}",
            "backward expanded": f"{sides.count('backward'):,}",
            "both": f"{len(sides):,}",
            "plain BFS in all": f"{plain_result.stats.get('expanded', 0):,}",
        }
        if event.kind == "done" and result.path:
            numbers["path length"] = len(result.path) - 1
        counters(numbers)
        if case.view is None and event.kind == "done" and result.path:
            st.image(board_png(result.stats["meet"], "meeting state", zoom), width=180)
    with code:
        # Unscaled: presenter mode's larger root font already enlarges it, and it must fit.
        pseudocode(sv.algorithms.BIDIRECTIONAL_PSEUDOCODE, event.line)


replay(
    len(trace),
    show,
    key="bidirectional",
    reset_on=(case.key, turns),
    figure=lambda step: frame_figure(case.kind, case.key[1], turns, step, 1.0),
    prefetch=lambda step: frame_png(case.kind, case.key[1], turns, step, zoom),
)

if result.path and len(result.path) > 1 and "stopped" not in plain_result.stats:
    st.subheader("What meeting in the middle saves")
    chart, words = st.columns([1, 1])
    with chart:
        st.image(expansions_png(case.kind, case.key[1], turns, zoom))
    with words:
        st.markdown(
            branching_argument(
                len(result.path) - 1,
                plain_result.stats["expanded"],
                result.stats["expanded_forward"],
                result.stats["expanded_backward"],
            )
        )
    if case.view is None:
        st.markdown("**The solution, move by move**")
        st.image(boards_png(tuple(result.path), zoom))
st.caption(
    "Bidirectional search needs one goal state to search back from (a solved Rubik's cube: "
    "yes; 'any checkmate': no) and equal step costs, so it is used on unweighted graphs."
)
